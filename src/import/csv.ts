/**
 * CSV/TSV helpers shared by every CSV-based importer: delimiter detection (comma, semicolon,
 * tab), BOM and CRLF handling, blank-line-separated sections, and number cells as tools write
 * them (`"1,234.56"`, `N/A`, `NaN`, `Infinity`, empty).
 */
import Papa from "papaparse";
import { readNumberText } from "../engine/number-text";

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
export type NumberCell = { kind: "number"; value: number } | { kind: "absent" } | { kind: "invalid"; text: string };

/** Longest cell read as a number (digits, separators, exponent and spaces of any real value fit). */
export const MAX_NUMBER_CHARS = 100;

/**
 * Read a number as tools write it, with the same reader as typed cells (src/engine/number-text.ts,
 * docs/grid.md): `1234.5`, `"1,234.56"` (thousands separators), `1.2e3`, `$2.99`, `1.5k`,
 * `12%` (→ 12: a percent column keeps its unit), `inf`/`Infinity`. `N/A`, `NaN`, `None`, empty →
 * absent (never 0). With `decimalComma`, `1.234,5` / `0,25` are read European style
 * (semicolon-delimited files); files are never read in the user's locale.
 */
export function readNumber(raw: string | number | null | undefined, decimalComma = false): NumberCell {
  // No number is this long; refusing it first keeps the work per cell bounded (docs/import.md "Limits").
  if (typeof raw === "string" && raw.length > MAX_NUMBER_CHARS) return { kind: "invalid", text: raw };
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
