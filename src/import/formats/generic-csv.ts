/**
 * Generic importers, the last resort of detection (docs/metrics.md "any CSV/TSV with a header row …
 * mapped by header names and aliases"; docs/import.md bad input): a CSV/TSV pasted from a spreadsheet
 * (one row per load level, or one row per request), and JSONL / JSON arrays of flat records
 * with a concurrency or rate field. Low detection scores so every tool-specific format wins.
 */
import Papa from "papaparse";
import { mapHeaders } from "../aliases";
import { detectDelimiter, firstRecord } from "../csv";
import type { FileImportResult, FormatImporter, ImportOptions, InputFile } from "../types";
import { csvSource, jsonArraySource, jsonlSource, type RowSource } from "./generic-source";
import { decideMode, importAggregate, mappingUsable } from "./generic-table";
import { importPerRequest } from "./generic-requests";
import { addNote, issueOf } from "../messages/issue";
import { tableMessages as M } from "../messages/table";

/** Detection score of the generic importers (below every tool-specific format). */
export const GENERIC_SCORE = 0.2;

/** Label of a generic sweep: the file name without folders and extension. */
export function fileLabel(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base.replace(/\.(csv|tsv|txt|jsonl|ndjson|json|md)$/i, "") || base;
}

function headerCells(line: string): string[] {
  const d = detectDelimiter(line);
  return (Papa.parse<string[]>(line, { delimiter: d }).data[0] ?? []).map((h) =>
    h.replace(/\s+/g, " ").trim(),
  );
}

/** Import any header-mapped row source: sample the rows, then aggregate or per-request. */
export function importRows(src: RowSource, _opts: ImportOptions): FileImportResult {
  const hm = mapHeaders(src.headers);
  const mode = decideMode(src, hm);
  const tOpts = { label: fileLabel(src.file) };
  return mode === "per-request"
    ? importPerRequest(src, hm, tOpts)
    : importAggregate(src, hm, tOpts);
}

const csvImporter: FormatImporter = {
  id: "csv",
  title: "Any CSV/TSV with a header row (spreadsheet paste; one row per load level or per request)",
  versions: "comma, semicolon (decimal comma) or tab; English and Chinese headers",
  detect(file: InputFile): number {
    const first = file.firstLine();
    if (!first || /^[{[|#<]/.test(first.trim())) return 0;
    // The header is the first CSV record: a quoted header cell may hold a line break.
    const headers = headerCells(first.includes('"') ? firstRecord(file.text).record : first);
    if (headers.length < 2) return 0;
    const hm = mapHeaders(headers);
    if (mappingUsable(hm)) return GENERIC_SCORE;
    // Half a sweep table (a metric but no load column, or the reverse): claim it with a tiny
    // score so the user gets "no load column" naming the file instead of "unknown format".
    const mapped = hm.mapping.filter(
      (f) => f && (f.kind === "load" || f.kind === "metric" || f.kind === "value"),
    ).length;
    return mapped >= 2 ? GENERIC_SCORE / 4 : 0;
  },
  parse(file: InputFile, opts: ImportOptions): FileImportResult {
    const src = csvSource(file.name, file.text);
    const res = importRows(src, opts);
    const cut = res.ok ? cutOffLastLine(file.text, src.headers.length) : null;
    if (res.ok && cut) {
      const note = M.problem("cutOff", cut);
      for (const s of res.value.sweeps) addNote(s, note);
      res.value.warnings.push(issueOf(file.name, "cut-off", note, { line: cut.line }));
    }
    return res;
  },
};

/** A cut-off last line: `cells` of the header's `columns` cells, or its last cell `tail` ends inside a number. */
export interface CutOff {
  line: number;
  cells: number;
  columns: number;
  tail: string | null;
}

/**
 * A last line that looks cut off mid-write (`32,8.71,1114.`): the text does not end with a line
 * break and the line has fewer cells than the header, or ends inside a number (`.`, `e`, `-`).
 */
export function cutOffLastLine(text: string, columns: number): CutOff | null {
  const end = text.length;
  const lastChar = text.charCodeAt(end - 1);
  if (end === 0 || lastChar === 10 || lastChar === 13) return null;
  const start = text.lastIndexOf("\n") + 1;
  const last = text.slice(start);
  if (!last.trim() || last.includes('"')) return null;
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < start; i = text.indexOf("\n", i + 1)) line++;
  if (line === 1) return null;
  const d = detectDelimiter(last);
  const cells = last.split(d);
  if (cells.length < columns) return { line, cells: cells.length, columns, tail: null };
  const tail = cells[cells.length - 1]!.trim();
  if (tail.length <= 40 && /^[-+]?\d*\.?\d*[.eE+-]$/.test(tail) && /\d/.test(tail))
    return { line, cells: cells.length, columns, tail: tail.slice(-20) };
  return null;
}

function firstObjectKeys(file: InputFile): string[] | null {
  const first = file.firstLine().trim();
  if (!first.startsWith("{") || first.startsWith("{'")) return null;
  try {
    const v: unknown = JSON.parse(first);
    return v && typeof v === "object" && !Array.isArray(v) ? Object.keys(v) : null;
  } catch {
    return null;
  }
}

const jsonlImporter: FormatImporter = {
  id: "jsonl-records",
  title:
    "JSONL or JSON array of flat records with a concurrency or rate field (per request or per load level)",
  versions: "any keys the header aliases know (ttft_ms, latency_s, concurrency, …)",
  detect(file: InputFile): number {
    const keys = firstObjectKeys(file);
    // A whole object on the first line is JSONL (a pretty-printed document starts with a bare "{").
    if (keys) return mappingUsable(mapHeaders(keys)) ? GENERIC_SCORE : 0;
    if (!/^\s*\[/.test(file.text.slice(0, 64).replace(/^\uFEFF/, ""))) return 0;
    const j = file.json();
    if (!j.ok || !Array.isArray(j.value) || !j.value.length) return 0;
    const o = j.value[0] as unknown;
    if (!o || typeof o !== "object" || Array.isArray(o)) return 0;
    return mappingUsable(mapHeaders(Object.keys(o))) ? GENERIC_SCORE * 0.75 : 0;
  },
  parse(file: InputFile, opts: ImportOptions): FileImportResult {
    if (/^\s*\[/.test(file.text.slice(0, 64).replace(/^\uFEFF/, ""))) {
      const j = file.json();
      if (!j.ok) return { ok: false, errors: [j.issue] };
      if (!Array.isArray(j.value))
        return {
          ok: false,
          errors: [
            issueOf(file.name, "bad-shape", M.problem("jsonArrayExpected", {}), { line: 1 }),
          ],
        };
      return importRows(jsonArraySource(file.name, j.value), opts);
    }
    return importRows(jsonlSource(file.name, file.text), opts);
  },
};

/** The generic CSV/TSV and JSONL-record importers (lowest detection priority). */
export const genericCsvImporters: FormatImporter[] = [csvImporter, jsonlImporter];
