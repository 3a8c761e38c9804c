// Equivalent mutants, recorded outside the source (docs/mutation-testing.md, "Equivalent mutants"):
// test/mutation/equivalent.json lists, per file, the statement a mutant changes without changing any
// result, the mutators concerned and why. `npm run test:mutation` runs Stryker on a scratch copy of
// the repository into which this module writes the matching `// Stryker disable` comments, so that
// src/ carries no tool noise and Stryker still reports those mutants as ignored, with the reason.
//
// An entry names its statement by its code, not by a line number, so that edits above it and the
// formatter's line breaks do not move it: the code is compared with all whitespace and trailing
// commas removed, and may span several lines of the formatted file (then a disable/restore pair
// brackets those lines). An entry whose code is no longer in its file is stale: it is reported,
// never applied somewhere else.

/**
 * Code without what the formatter may change: whitespace, trailing commas and parentheses (it
 * adds them around a lone arrow parameter, `x => …` → `(x) => …`, and around mixed `??`/`?:`).
 */
export function normalizeCode(code) {
  return code
    .replace(/\s+/g, "")
    .replace(/,(?=[)\]}>]|$)/g, "")
    .replace(/[()]/g, "");
}

function mutatorList(m) {
  return m === "all" ? "all" : m.join(",");
}

/**
 * A file's text without whitespace, trailing commas and parentheses, with the line of each
 * character kept. Trailing commas are dropped here, not per line: one may close on a later line.
 */
function flatten(lines) {
  const chars = [];
  const lines0 = [];
  for (let i = 0; i < lines.length; i++) {
    for (const ch of lines[i]) {
      if (ch === " " || ch === "\t" || ch === "\r") continue;
      chars.push(ch);
      lines0.push(i);
    }
  }
  let flat = "";
  const lineOf = [];
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k];
    if (ch === "," && /[)\]}>]/.test(chars[k + 1] ?? "")) continue;
    if (ch === "(" || ch === ")") continue;
    flat += ch;
    lineOf.push(lines0[k]);
  }
  return { flat, lineOf };
}

function spansIn({ flat, lineOf }, code) {
  const key = normalizeCode(code);
  if (!key) return [];
  const spans = [];
  let at = flat.indexOf(key);
  while (at >= 0) {
    spans.push([lineOf[at], lineOf[at + key.length - 1]]);
    at = flat.indexOf(key, at + key.length);
  }
  return spans;
}

/** Where each occurrence of `code` sits in `lines`: `[firstLine, lastLine]` pairs (0-based), in file order. */
export function findSpans(lines, code) {
  return spansIn(flatten(lines), code);
}

/**
 * The text of one file with the disable comments of its entries written in. Entries with the same
 * code are matched to its occurrences in order; an entry without an occurrence is stale.
 */
export function applyEquivalents(text, entries) {
  const lines = text.split("\n");
  // Per line: comments to insert before it and after it.
  const before = new Map();
  const after = new Map();
  const stale = [];
  const used = new Map();
  const flat = flatten(lines);
  for (const e of entries) {
    const spans = spansIn(flat, e.code);
    const k = normalizeCode(e.code);
    const n = used.get(k) ?? 0;
    used.set(k, n + 1);
    const span = spans[n] ?? null;
    if (!span) {
      stale.push(e);
      continue;
    }
    const [first, last] = span;
    const indent = /^\s*/.exec(lines[first])[0];
    const muts = mutatorList(e.mutators);
    const reason = e.reason.replace(/\s+/g, " ");
    const add = (map, i, line) => map.set(i, [...(map.get(i) ?? []), line]);
    if (first === last)
      add(before, first, `${indent}// Stryker disable next-line ${muts}: ${reason}`);
    else {
      add(before, first, `${indent}// Stryker disable ${muts}: ${reason}`);
      add(after, last, `${indent}// Stryker restore ${muts}`);
    }
  }
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(...(before.get(i) ?? []), lines[i], ...(after.get(i) ?? []));
  }
  return { text: out.join("\n"), stale };
}

/** Entries grouped by file, in list order. */
export function byFile(entries) {
  const m = new Map();
  for (const e of entries) m.set(e.file, [...(m.get(e.file) ?? []), e]);
  return m;
}
