/**
 * Input files with memoised, lenient JSON views, shared by all format detectors.
 */
import { lineColumn } from "../engine/plan/json-error";
import { issueOf } from "./messages/issue";
import { importMessages as M } from "./messages/pipeline";
import type { ImportIssue, InputFile } from "./types";

const NONSTANDARD = /\b(?:NaN|Infinity)\b/;
const INF = "__capplan_Infinity__";
const NINF = "__capplan_-Infinity__";
const NAN = "__capplan_NaN__";

/** Replace bare NaN / Infinity / -Infinity outside strings with sentinel strings. */
function quoteNonStandard(text: string): string {
  let out = "";
  let last = 0;
  let inStr = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inStr) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inStr = false;
      continue;
    }
    if (c === 34) {
      inStr = true;
      continue;
    }
    if (c === 78 /* N */ && text.startsWith("NaN", i)) {
      out += text.slice(last, i) + `"${NAN}"`;
      i += 2;
      last = i + 1;
    } else if (c === 73 /* I */ && text.startsWith("Infinity", i)) {
      const neg = i > 0 && text[i - 1] === "-";
      out += text.slice(last, neg ? i - 1 : i) + `"${neg ? NINF : INF}"`;
      i += 7;
      last = i + 1;
    }
  }
  return out + text.slice(last);
}

function revive(_k: string, v: unknown): unknown {
  if (v === INF) return Infinity;
  if (v === NINF) return -Infinity;
  if (v === NAN) return NaN;
  return v;
}

/**
 * Where the first number literal too large for a double (`1e999`, `-1e400`) is in a JSON text,
 * skipping strings: its offset and text, or null. One pass.
 */
export function findOutOfRangeNumber(text: string): { offset: number; literal: string } | null {
  let inStr = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inStr) {
      if (c === 92) i++;
      else if (c === 34) inStr = false;
      continue;
    }
    if (c === 34) {
      inStr = true;
      continue;
    }
    if ((c >= 48 && c <= 57) || c === 45) {
      let j = i + 1;
      while (j < text.length) {
        const d = text.charCodeAt(j);
        if ((d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45) j++;
        else break;
      }
      const literal = text.slice(i, j);
      const v = Number(literal);
      if (v === Infinity || v === -Infinity)
        return { offset: i, literal: literal.length > 40 ? literal.slice(0, 40) + "…" : literal };
      i = j - 1;
    }
  }
  return null;
}

/** A cheap pre-check for {@link findOutOfRangeNumber}: an exponent of three digits, or a run of 309 digits. */
function maybeHuge(src: string): boolean {
  if (/[eE]\+?\d{3}/.test(src)) return true;
  let run = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++run >= 309) return true;
    } else run = 0;
  }
  return false;
}

/** An issue for a number literal JSON cannot hold, or null (bare `Infinity` is the Python writers' own and allowed). */
export function outOfRangeIssue(src: string, file: string, lineOffset: number): ImportIssue | null {
  if (!maybeHuge(src)) return null;
  const at = findOutOfRangeNumber(src);
  if (!at) return null;
  const lc = lineColumn(src, at.offset);
  return issueOf(file, "out-of-range", M.problem("outOfRange", { literal: at.literal }), {
    line: lc.line + lineOffset,
    column: lc.column,
  });
}

/**
 * Parse JSON, accepting the bare `NaN`, `Infinity` and `-Infinity` that Python's json module
 * writes (SGLang, old llm-load-test). Returns an issue with line/column on a syntax error.
 */
export function parseJsonLenient(
  text: string,
  file: string,
  lineOffset = 0,
): { ok: true; value: unknown } | { ok: false; issue: ImportIssue } {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    // Standard JSON first (no scan of the text): when it parses, any NaN / Infinity in it are
    // inside strings, so quoting would change nothing, and reviving would change nothing unless
    // the text holds one of the sentinel strings.
    let plain: unknown;
    let parsed = false;
    try {
      plain = JSON.parse(src);
      parsed = true;
    } catch {
      parsed = false;
    }
    let value: unknown;
    if (parsed && !src.includes("__capplan_")) value = plain;
    else if (NONSTANDARD.test(src)) value = JSON.parse(quoteNonStandard(src), revive);
    else value = JSON.parse(src);
    const huge = outOfRangeIssue(src, file, lineOffset);
    if (huge) return { ok: false, issue: huge };
    return { ok: true, value };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    let line: number | undefined;
    let column: number | undefined;
    if (m) {
      // Positions refer to the (possibly rewritten) text; close enough for files without NaN.
      const lc = lineColumn(src, Number(m[1]));
      line = lc.line + lineOffset;
      column = lc.column;
    } else if (/end of JSON input/i.test(msg)) {
      const lc = lineColumn(src, src.length);
      line = lc.line + lineOffset;
      column = lc.column;
    }
    const reason = msg.replace(/^JSON\.parse: /, "").replace(/ (in JSON )?at position \d+.*$/, "");
    // The problem keeps line and column as keys (`line: undefined` when unknown), as the issue always had them.
    return {
      ok: false,
      issue: {
        ...issueOf(file, "json-syntax", M.problem("invalidJson", { detail: reason })),
        line,
        column,
      },
    };
  }
}

/** Make an {@link InputFile} from a name and its text. */
export function makeInputFile(name: string, text: string): InputFile {
  let json: ReturnType<InputFile["json"]> | undefined;
  let lines: ReturnType<InputFile["jsonLines"]> | undefined;
  let first: string | undefined;
  return {
    name,
    text,
    json() {
      return (json ??= parseJsonLenient(text, name));
    },
    jsonLines() {
      if (lines) return lines;
      const values: unknown[] = [];
      const lineNos: number[] = [];
      let start = 0;
      let lineNo = 0;
      while (start <= text.length) {
        let end = text.indexOf("\n", start);
        if (end < 0) end = text.length;
        lineNo++;
        const raw = text.slice(start, end).trim();
        if (raw) {
          const r = parseJsonLenient(raw, name, lineNo - 1);
          if (!r.ok) return (lines = { ok: false, issue: r.issue });
          values.push(r.value);
          lineNos.push(lineNo);
        }
        start = end + 1;
      }
      return (lines = { ok: true, values, lines: lineNos });
    },
    firstLine() {
      if (first !== undefined) return first;
      const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      const m = /^\s*([^\r\n]*)/.exec(src);
      return (first = m?.[1] ?? "");
    },
  };
}
