/**
 * The checks a file passes before any importer reads it (docs/import.md): size, emptiness, binary
 * content, the line and column limits of text tables, and JSON numbers no double can hold.
 */
import type { Problem } from "../engine/base/problems";
import { issueOf } from "./messages/issue";
import { importMessages as M } from "./messages/pipeline";
import type { ImportIssue, InputFile } from "./types";

/**
 * Files larger than this are refused with a clear message (docs/import.md "huge files"): 512 MiB, just
 * below the longest string V8 can hold (about 2^29 characters). Per-request logs of a few million
 * rows are well under it.
 */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

/** The problem of a file over {@link MAX_FILE_BYTES} (code `import.tooLarge`). */
export function tooLargeProblem(bytes: number): Problem<{ bytes: number; limitBytes: number }> {
  return M.problem("tooLarge", { bytes, limitBytes: MAX_FILE_BYTES });
}

/** Message for a file over {@link MAX_FILE_BYTES} (the English of {@link tooLargeProblem}). */
export function tooLargeMessage(bytes: number): string {
  return M.en(tooLargeProblem(bytes));
}

/**
 * Longest line of a text table (CSV/TSV, Markdown, script output): 1 MiB. Real tables have lines of
 * a few KB; a longer one is a file without line breaks, and splitting it into millions of cells
 * would exhaust memory (a 150 MB single-line CSV aborted V8). JSON documents are exempt: a tool may
 * write a whole result on one line.
 */
export const MAX_LINE_CHARS = 1 << 20;
/** Most columns of a text table's header (a few hundred in the widest real exports). */
export const MAX_COLUMNS = 10_000;

/** A text table's line or header beyond {@link MAX_LINE_CHARS} / {@link MAX_COLUMNS}, or null. One pass, nothing materialised. */
export function limitProblem(file: InputFile): ImportIssue | null {
  const t = file.text;
  let i = 0;
  while (i < t.length && (t.charCodeAt(i) <= 32 || t.charCodeAt(i) === 0xfeff)) i++;
  const c = t.charCodeAt(i);
  if (c === 123 /* { */ || c === 91 /* [ */) return null;
  let line = 1;
  let start = 0;
  let first = true;
  while (start <= t.length) {
    let end = t.indexOf("\n", start);
    if (end < 0) end = t.length;
    const len = end - start;
    if (len > MAX_LINE_CHARS) {
      return issueOf(
        file.name,
        "line-too-long",
        M.problem("lineTooLong", { line, chars: len, limitChars: MAX_LINE_CHARS }),
        { line },
      );
    }
    if (first && len > 0 && t.slice(start, end).trim()) {
      first = false;
      let n = 1;
      let inQ = false;
      const d = file.firstLine().includes("\t") ? 9 : -1;
      for (let k = start; k < end; k++) {
        const ch = t.charCodeAt(k);
        if (ch === 34) inQ = !inQ;
        else if (!inQ && (ch === 44 || ch === 59 || ch === d)) n++;
      }
      if (n > MAX_COLUMNS) {
        return issueOf(
          file.name,
          "too-many-columns",
          M.problem("tooManyColumns", { columns: n, limit: MAX_COLUMNS }),
          { line },
        );
      }
    }
    line++;
    start = end + 1;
  }
  return null;
}

/** Why a text cannot be a benchmark file, or null. Checks emptiness and binary content. */
export function sniffProblem(file: InputFile): ImportIssue | null {
  const t = file.text;
  if (t.length > MAX_FILE_BYTES) {
    return issueOf(file.name, "too-large", tooLargeProblem(t.length));
  }
  // Only whitespace (a BOM is whitespace to \s, as to trim()): empty. Stops at the first other character.
  if (!/\S/.test(t)) return issueOf(file.name, "empty", M.problem("empty", {}), { line: 1 });
  const head = t.slice(0, 8192);
  if (/[\x00\uFFFD]/.test(head)) {
    return issueOf(file.name, "binary", M.problem("binary", { cause: "nul" }));
  }
  // Control characters other than tab, line feed, form feed and carriage return.
  let ctrl = 0;
  if (/[\x01-\x08\x0B\x0E-\x1F]/.test(head)) {
    for (let i = 0; i < head.length; i++) {
      const c = head.charCodeAt(i);
      if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) ctrl++;
    }
  }
  if (ctrl > head.length * 0.05)
    return issueOf(file.name, "binary", M.problem("binary", { cause: "control" }));
  return null;
}

/** The out-of-range number issue of a JSON or JSONL text, or null. */
export function outOfRangeOf(file: InputFile): ImportIssue | null {
  const head = file.text.replace(/^\uFEFF/, "").trimStart();
  if (!head.startsWith("{") && !head.startsWith("[")) return null;
  const j = file.json();
  if (j.ok) return null;
  if (j.issue.code === "out-of-range") return j.issue;
  const first = file.firstLine().trim();
  if (first.length > 1 && first.startsWith("{") && file.text.includes("\n")) {
    const jl = file.jsonLines();
    if (!jl.ok && jl.issue.code === "out-of-range") return jl.issue;
  }
  return null;
}
