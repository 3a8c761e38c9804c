/**
 * CSV/TSV helpers shared by every CSV-based importer: delimiter detection (comma, semicolon,
 * tab), BOM and CRLF handling, blank-line-separated sections, and number cells as tools write
 * them (`"1,234.56"`, `N/A`, `NaN`, `Infinity`, empty).
 */
import Papa from "papaparse";
import { readNumberText } from "../engine/base/number-text";

export type Delimiter = "," | ";" | "\t";

export interface CsvTable {
  /** Rows of cells (strings, untrimmed), header included. */
  rows: string[][];
  /** 1-based file line of each row. */
  lines: number[];
  delimiter: Delimiter;
}

/** Strip a UTF-8 BOM. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The first CSV record of `text` (BOM stripped, blank lines before it skipped): the first
 * non-empty line, extended over the line breaks that sit inside a quoted cell (Excel writes
 * Alt+Enter in a cell as a quoted line break: `"TTFT p99⏎(ms)"`). `line` is its first file
 * line, `endLine` its last; `end` the offset of the line break after it (or the text's length).
 */
export function firstRecord(text: string): {
  record: string;
  line: number;
  endLine: number;
  start: number;
  end: number;
} {
  const src = stripBom(text);
  let start = 0;
  let line = 1;
  for (;;) {
    let end = src.indexOf("\n", start);
    if (end < 0) end = src.length;
    if (src.slice(start, end).trim() || end >= src.length) break;
    start = end + 1;
    line++;
  }
  let end = start;
  let endLine = line;
  let quotes = 0;
  // A header is short: stop extending after 64 KB so that a stray quote cannot swallow the file.
  const limit = Math.min(src.length, start + 65_536);
  for (;;) {
    let nl = src.indexOf("\n", end);
    if (nl < 0) nl = src.length;
    for (let i = end; i < nl; i++) if (src.charCodeAt(i) === 34) quotes++;
    end = nl;
    if (quotes % 2 === 0 || nl >= limit) break;
    end = nl + 1;
    endLine++;
  }
  if (quotes % 2 !== 0) {
    // Unbalanced quotes up to the limit: fall back to the first physical line.
    end = src.indexOf("\n", start);
    if (end < 0) end = src.length;
    endLine = line;
  }
  return { record: src.slice(start, end).replace(/\r$/, ""), line, endLine, start, end };
}

/**
 * Guess the delimiter from the first non-empty line: the one of tab, semicolon, comma that
 * occurs most often outside double quotes (tab wins ties, then semicolon).
 */
export function detectDelimiter(firstLine: string): Delimiter {
  const counts: Record<Delimiter, number> = { ",": 0, ";": 0, "\t": 0 };
  let inQ = false;
  for (const ch of firstLine) {
    if (ch === '"') inQ = !inQ;
    else if (!inQ && (ch === "," || ch === ";" || ch === "\t")) counts[ch]++;
  }
  if (counts["\t"] > 0 && counts["\t"] >= counts[","] && counts["\t"] >= counts[";"]) return "\t";
  if (counts[";"] > counts[","]) return ";";
  return ",";
}

/**
 * Parse CSV text into rows with their line numbers. Empty lines are dropped (use
 * {@link splitSections} first for multi-table files). Quoted fields may hold delimiters and
 * newlines.
 */
export function parseCsv(text: string, delimiter?: Delimiter): CsvTable {
  const src = stripBom(text);
  const firstLine = /^\s*([^\r\n]*)/.exec(src)?.[1] ?? "";
  const delim = delimiter ?? detectDelimiter(firstLine);
  const res = Papa.parse<string[]>(src, { delimiter: delim, skipEmptyLines: false, header: false });
  const rows: string[][] = [];
  const lines: number[] = [];
  // Recover line numbers: count newlines consumed by each row (quoted newlines included).
  let line = 1;
  for (const r of res.data) {
    const isEmpty = r.length === 1 && r[0]!.trim() === "";
    const span = r.reduce((n, c) => n + countNewlines(c), 0);
    if (!isEmpty) {
      rows.push(r);
      lines.push(line);
    }
    line += 1 + span;
  }
  return { rows, lines, delimiter: delim };
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * Split text into blank-line-separated sections (GenAI-Perf writes two tables in one CSV).
 * Each section keeps the 1-based line number where it starts.
 */
export function splitSections(text: string): { text: string; startLine: number }[] {
  const lines = stripBom(text).split(/\r?\n/);
  const out: { text: string; startLine: number }[] = [];
  let cur: string[] = [];
  let start = 1;
  lines.forEach((l, i) => {
    if (l.trim() === "" || /^[,;\t]+$/.test(l.trim())) {
      if (cur.length) out.push({ text: cur.join("\n"), startLine: start });
      cur = [];
    } else {
      if (!cur.length) start = i + 1;
      cur.push(l);
    }
  });
  if (cur.length) out.push({ text: cur.join("\n"), startLine: start });
  return out;
}

/** Result of reading one number cell. */
export type NumberCell =
  | { kind: "number"; value: number }
  | { kind: "absent" }
  | { kind: "invalid"; text: string };

/** Longest cell read as a number (digits, separators, exponent and spaces of any real value fit). */
export const MAX_NUMBER_CHARS = 100;

/**
 * Read a number as tools write it, with the same reader as typed cells (src/engine/base/number-text.ts,
 * docs/grid.md): `1234.5`, `"1,234.56"` (thousands separators), `1.2e3`, `$2.99`, `1.5k`,
 * `12%` (→ 12: a percent column keeps its unit), `inf`/`Infinity`. `N/A`, `NaN`, `None`, empty →
 * absent (never 0). With `decimalComma`, `1.234,5` / `0,25` are read European style
 * (semicolon-delimited files); files are never read in the user's locale.
 */
export function readNumber(
  raw: string | number | null | undefined,
  decimalComma = false,
): NumberCell {
  // No number is this long; refusing it first keeps the work per cell bounded (docs/import.md "Limits").
  if (typeof raw === "string" && raw.length > MAX_NUMBER_CHARS)
    return { kind: "invalid", text: raw };
  const r = readNumberText(raw, decimalComma ? { decimalComma } : {});
  return r.kind === "number" ? { kind: "number", value: r.value } : r;
}

/** Normalise a header for alias matching: lower case, units and punctuation collapsed. */
export function normHeader(h: string): string {
  return stripBom(h)
    .trim()
    .toLowerCase()
    .replace(/[\s_\-./]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** 10^0 … 10^22: every one an exact double. */
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
];

/**
 * `Number(text.slice(start, end))` without making the slice, for a plain decimal
 * `[+-]digits[.digits][(e|E)[+-]digits]` of fewer than 24 characters whose digits, read as one
 * integer, stay below 2^53 and whose value is that integer × 10^k with |k| ≤ 22; NaN for any other
 * text (the caller then reads the cell as before). Exact: the integer and 10^|k| are exact doubles, so the one
 * multiplication or division rounds the exact decimal value to nearest, ties to even, which is
 * what `Number` returns (Clinger's fast path; docs/import-speed.md).
 */
export function readPlainDecimal(text: string, start: number, end: number): number {
  if (end <= start || end - start >= 24) return NaN;
  let i = start;
  let c = text.charCodeAt(i);
  const neg = c === 45;
  if (neg || c === 43) i++;
  // Digits before and after the point, as one integer mantissa m. While m stays below 2^53 every
  // step of m·10 + d is exact; once the true value reaches 2^53 the computed one does too
  // (rounding is monotonic), so the single check at the end is enough.
  let m = 0;
  const intStart = i;
  for (; i < end; i++) {
    c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    m = m * 10 + c;
  }
  let digits = i - intStart;
  let frac = 0;
  if (i < end && text.charCodeAt(i) === 46) {
    const fracStart = ++i;
    for (; i < end; i++) {
      c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      m = m * 10 + c;
    }
    frac = i - fracStart;
    digits += frac;
  }
  if (digits === 0 || m >= 9007199254740992) return NaN;
  let exp = 0;
  if (i < end) {
    if ((text.charCodeAt(i) | 32) !== 101) return NaN;
    i++;
    c = text.charCodeAt(i);
    const expNeg = c === 45;
    if (i < end && (expNeg || c === 43)) i++;
    const expStart = i;
    for (; i < end; i++) {
      c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      exp = exp * 10 + c;
    }
    if (i !== end || i === expStart) return NaN;
    if (expNeg) exp = -exp;
  }
  if (m === 0) return neg ? -0 : 0;
  exp -= frac;
  let v: number;
  if (exp === 0) v = m;
  else if (exp > 0 && exp <= 22) v = m * POW10[exp]!;
  else if (exp < 0 && exp >= -22) v = m / POW10[-exp]!;
  else return NaN;
  return neg ? -v : v;
}

/**
 * One row of a quote-free CSV body as cell bounds over the text: cells are sliced only when asked
 * for, and number cells are read in place by {@link readPlainDecimal}. Reused from row to row by
 * {@link scanPlainCsv}.
 */
export class CsvRowView {
  text = "";
  /** Cells in this row (as `line.split(delimiter).length`). */
  count = 0;
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  /** The cell's text, as `line.split(delimiter)[i]` (undefined past the row's end). */
  cell(i: number): string | undefined {
    return i < this.count ? this.text.slice(this.starts[i], this.ends[i]) : undefined;
  }
  /** The cell read by {@link readPlainDecimal}: NaN when it is not a plain decimal (or absent). */
  plain(i: number): number {
    return i < this.count ? readPlainDecimal(this.text, this.starts[i]!, this.ends[i]!) : NaN;
  }
}

/**
 * Walk the rows of a CSV body that holds no double quote (the text from offset `from` on), as
 * `body.split("\n")` then `line.split(delimiter)` would see them (a trailing `\r` dropped, blank
 * lines skipped), without making line or cell strings. `line` is the 1-based file line
 * (`lineBefore` + the row's index + 1). Scanning the file's own text rather than a slice of it
 * keeps the character reads on a flat string.
 */
export function scanPlainCsv(
  body: string,
  from: number,
  delimiter: string,
  lineBefore: number,
  fn: (row: CsvRowView, line: number) => boolean | void,
): void {
  const row = new CsvRowView();
  row.text = body;
  const len = body.length;
  let line = lineBefore;
  let start = from;
  while (start < len) {
    let end = body.indexOf("\n", start);
    if (end < 0) end = len;
    line++;
    const at = start;
    start = end + 1;
    if (end > at && body.charCodeAt(end - 1) === 13) end--;
    if (end === at) continue;
    const c0 = body.charCodeAt(at);
    // A line that starts with a non-space character is not blank; others are checked as before.
    if ((c0 <= 32 || c0 >= 128) && !body.slice(at, end).trim()) continue;
    let k = 0;
    let p = at;
    for (;;) {
      let q = body.indexOf(delimiter, p);
      if (q < 0 || q > end) q = end;
      if (k === row.starts.length) {
        const s = new Int32Array(k * 2);
        s.set(row.starts);
        row.starts = s;
        const e = new Int32Array(k * 2);
        e.set(row.ends);
        row.ends = e;
      }
      row.starts[k] = p;
      row.ends[k] = q;
      k++;
      if (q === end) break;
      p = q + 1;
    }
    row.count = k;
    if (fn(row, line) === false) break;
  }
}
