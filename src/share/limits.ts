/**
 * Limits on plan JSON that comes from outside the app (a share link, an opened file, browser
 * storage), checked on the TEXT before it is parsed, so a hostile document answers with a plain
 * message instead of overflowing the stack later (`structuredClone`, recursive walks).
 * See docs/persistence.md ("Limits").
 */

/**
 * Deepest nesting of arrays/objects accepted. A real plan nests about 7 levels
 * (`skus[0].sweeps.chat.points[3].ttftMs.p99`); 64 leaves room for extra keys.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest `[`/`{` nesting in JSON text, stopping as soon as `limit` is exceeded (then it
 * returns `limit + 1`). Brackets inside strings (with escapes) are not counted. Linear, no
 * recursion; works on any text (invalid JSON is left to `JSON.parse`).
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** A plain message when `text` nests deeper than {@link MAX_JSON_DEPTH}; null when it is within the limit. */
export function depthProblem(text: string, what: string): string | null {
  return jsonDepth(text) > MAX_JSON_DEPTH
    ? `${what} nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; refused`
    : null;
}
