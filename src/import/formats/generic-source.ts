/**
 * Row sources for the generic importers: a header row plus data rows read one at a time from
 * CSV/TSV text (streamed: no array of a million rows is ever built) or from JSONL / a JSON
 * array of flat objects. Line numbers are 1-based file lines.
 */
import Papa from "papaparse";
import {
  type CsvRowView,
  detectDelimiter,
  firstRecord,
  scanPlainCsv,
  stripBom,
  type Delimiter,
} from "../csv";
import { outOfRangeIssue, parseJsonLenient } from "../input";
import { textProblem, type Problem } from "../../engine/base/problems";
import { tableMessages as M } from "../messages/table";
import type { ImportIssue } from "../types";

/** One cell as a source yields it. */
export type Cell = string | number | boolean | null | undefined | unknown[] | object;

/** A header row and a way to walk the data rows. */
export interface RowSource {
  file: string;
  headers: string[];
  /** File line of the header (CSV) or of the first record (JSONL). */
  headerLine: number;
  /** Semicolon-delimited files may write `0,25` for 0.25 (docs/import.md). */
  decimalComma: boolean;
  /** Rows are elements of a JSON array: `each`'s line is the element's index + 1, not a file line. */
  arrayElements?: boolean;
  /**
   * Call `fn` for every data row (cells in header order) with its file line; stop early when
   * `fn` returns false. Returns the problem when the input breaks mid-way (bad JSON line).
   */
  each(fn: (cells: ArrayLike<Cell>, line: number) => boolean | void): SourceBreak | null;
  /**
   * CSV/TSV text without double quotes only: the same rows as {@link each}, as cell bounds over
   * the text ({@link CsvRowView}: no line or cell strings; number cells read in place).
   */
  rows?(fn: (row: CsvRowView, line: number) => boolean | void): void;
}

/** Where and why a row source stopped mid-way (a bad JSON line, an element that is not an object). */
export interface SourceBreak {
  line: number;
  column?: number;
  problem: Problem<object>;
}

/** The problem of an issue of the JSON reader (src/import/input.ts), its English kept. */
function problemOf(issue: ImportIssue): Problem<object> {
  return issue.problem ?? textProblem(issue.message, "error");
}

/** Split one CSV line (no quotes handled) into cells. */
function splitPlain(line: string, d: string): string[] {
  return line.split(d);
}

/**
 * The header cells of the first CSV record (not the first physical line: a quoted header cell
 * may hold a line break, which reads as a space), parsed with quotes honoured. `line` is the
 * header's first file line, `endLine` its last.
 */
export function csvHeader(text: string): {
  headers: string[];
  delimiter: Delimiter;
  line: number;
  endLine: number;
  bodyStart: number;
} {
  const r = firstRecord(text);
  const delimiter = detectDelimiter(r.record);
  const parsed = Papa.parse<string[]>(r.record, { delimiter });
  return {
    headers: (parsed.data[0] ?? []).map((h) => h.replace(/\s+/g, " ").trim()),
    delimiter,
    line: r.line,
    endLine: r.endLine,
    bodyStart: r.end + 1,
  };
}

/** A streaming row source over CSV/TSV text (fast splitter when the body has no quotes). */
export function csvSource(file: string, text: string): RowSource {
  const src = stripBom(text);
  const h = csvHeader(src);
  const body = src.slice(Math.min(h.bodyStart, src.length));
  const d = h.delimiter;
  const plain = !body.includes('"');
  const source: RowSource = {
    file,
    headers: h.headers,
    headerLine: h.line,
    // Decimal comma only when the semicolon file actually writes `0,25` somewhere (a dot-decimal
    // semicolon file must not read `0.055` as 55).
    decimalComma: d === ";" && /(?:^|;)\s*"?-?\d+,\d+"?\s*(?=;|\r?$)/m.test(body.slice(0, 200_000)),
    each(fn) {
      let line = h.endLine;
      if (plain) {
        let start = 0;
        while (start < body.length) {
          let end = body.indexOf("\n", start);
          if (end < 0) end = body.length;
          line++;
          let raw = body.slice(start, end);
          start = end + 1;
          if (raw.charCodeAt(raw.length - 1) === 13) raw = raw.slice(0, -1);
          if (!raw || !raw.trim()) continue;
          if (fn(splitPlain(raw, d), line) === false) break;
        }
        return null;
      }
      // Quoted cells (thousands separators, embedded delimiters/newlines): Papa's step mode.
      let lastCursor = 0;
      let curLine = h.endLine + 1;
      Papa.parse<string[]>(body, {
        delimiter: d,
        step: (res, parser) => {
          const row = res.data;
          const rowLine = curLine;
          const cursor = res.meta.cursor;
          for (let i = lastCursor; i < cursor; i++) if (body.charCodeAt(i) === 10) curLine++;
          lastCursor = cursor;
          // Papa's cursor stops before the row's newline; the loop above counts it on the next row.
          if (row.length === 1 && row[0]!.trim() === "") return;
          if (fn(row, rowLine) === false) parser.abort();
        },
      });
      return null;
    },
  };
  if (plain)
    source.rows = (fn) => scanPlainCsv(src, Math.min(h.bodyStart, src.length), d, h.endLine, fn);
  return source;
}

/** Union of keys of the first records, in first-seen order. */
function keysOf(records: Iterable<unknown>, limit: number): string[] {
  const keys = new Set<string>();
  let n = 0;
  for (const r of records) {
    if (r && typeof r === "object" && !Array.isArray(r))
      for (const k of Object.keys(r)) keys.add(k);
    if (++n >= limit) break;
  }
  return [...keys];
}

function* jsonlRecords(
  text: string,
): Generator<
  { value: unknown; line: number } | { error: Problem<object>; line: number; column?: number }
> {
  let start = 0;
  let line = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    line++;
    const raw = text.slice(start, end).trim();
    start = end + 1;
    if (!raw) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
      const huge = outOfRangeIssue(raw, "", line - 1);
      if (huge) {
        yield {
          error: problemOf(huge),
          line,
          ...(typeof huge.column === "number" ? { column: huge.column } : {}),
        };
        return;
      }
    } catch {
      const r = parseJsonLenient(raw, "", line - 1);
      if (!r.ok) {
        yield {
          error: problemOf(r.issue),
          line,
          ...(typeof r.issue.column === "number" ? { column: r.issue.column } : {}),
        };
        return;
      }
      value = r.value;
    }
    yield { value, line };
  }
}

/** A row source over JSONL (one flat object per line), streamed line by line. */
export function jsonlSource(file: string, text: string): RowSource {
  const src = stripBom(text);
  const head: unknown[] = [];
  let headerLine = 1;
  for (const r of jsonlRecords(src)) {
    if ("error" in r) break;
    if (!head.length) headerLine = r.line;
    head.push(r.value);
    if (head.length >= 200) break;
  }
  const headers = keysOf(head, 200);
  return {
    file,
    headers,
    headerLine,
    decimalComma: false,
    each(fn) {
      for (const r of jsonlRecords(src)) {
        if ("error" in r)
          return {
            line: r.line,
            ...(r.column != null ? { column: r.column } : {}),
            problem: r.error,
          };
        const o = r.value;
        if (!o || typeof o !== "object" || Array.isArray(o))
          return { line: r.line, problem: M.problem("objectPerLine", {}) };
        const rec = o as Record<string, Cell>;
        if (
          fn(
            headers.map((k) => rec[k]),
            r.line,
          ) === false
        )
          break;
      }
      return null;
    },
  };
}

/** A row source over a JSON array of flat objects (rows are array elements; line = index + 1). */
export function jsonArraySource(file: string, rows: unknown[]): RowSource {
  const headers = keysOf(rows, 200);
  return {
    file,
    headers,
    headerLine: 1,
    decimalComma: false,
    arrayElements: true,
    each(fn) {
      for (let i = 0; i < rows.length; i++) {
        const o = rows[i];
        if (!o || typeof o !== "object" || Array.isArray(o))
          return { line: i + 1, problem: M.problem("elementNotObject", { index: i }) };
        const rec = o as Record<string, Cell>;
        if (
          fn(
            headers.map((k) => rec[k]),
            i + 1,
          ) === false
        )
          break;
      }
      return null;
    },
  };
}
