/**
 * Types of the import library: untrusted bytes → normalised sweeps (docs/metrics.md).
 * Importers never throw for bad input; they return {@link ImportIssue} values.
 */
import type { Problem } from "../engine/base/problems";
import type { Sweep, SweepMeta, SweepPoint } from "../engine/base/types";

/** A problem found while importing, located as precisely as the format allows. */
export interface ImportIssue {
  /** File name or relative path as the user gave it. */
  file: string;
  /** 1-based line number in the file (text formats, JSONL), when known. */
  line?: number | undefined;
  /** 1-based column number, or a column name (CSV header), when known. */
  column?: number | string | undefined;
  /** 0-based record index (JSONL line record, array element) when more useful than a line. */
  record?: number | undefined;
  /** JSON key path such as `benchmarks[2].metrics.ttft`, when known. */
  key?: string | undefined;
  /** Stable machine code, e.g. `empty`, `binary`, `json-syntax`, `unknown-format`, `missing-column`. */
  code: string;
  /** One readable sentence (English). */
  message: string;
  /** The message as a problem, to render it in another language (src/import/messages/issue.ts `issueOf`). */
  problem?: Problem<object> | undefined;
}

/** Render an issue as the one-line message the CLI prints (file:line:column: message). */
export function formatIssue(i: ImportIssue): string {
  let where = i.file;
  if (i.line != null) where += `:${i.line}`;
  if (i.column != null)
    where += typeof i.column === "number" ? `:${i.column}` : ` column "${i.column}"`;
  if (i.record != null && i.line == null) where += ` record ${i.record}`;
  if (i.key) where += ` key ${i.key}`;
  return `${where}: ${i.message}`;
}

/**
 * One input file, with lazily parsed views so that format detectors do not parse twice.
 * `name` is the path relative to what the user dropped/passed (used for concurrency-from-path).
 */
export interface InputFile {
  readonly name: string;
  readonly text: string;
  /** Whole text as JSON (lenient: bare NaN/Infinity/-Infinity accepted). */
  json(): { ok: true; value: unknown } | { ok: false; issue: ImportIssue };
  /** Every non-empty line as JSON (lenient), or the first failing line. */
  jsonLines(): { ok: true; values: unknown[]; lines: number[] } | { ok: false; issue: ImportIssue };
  /** First non-empty line (BOM stripped), for cheap CSV header sniffing. */
  firstLine(): string;
}

/** What one format importer produces from one file. */
export interface FileImport {
  /**
   * Partial sweeps found in the file (usually one). Points whose load is not in the content
   * keep `concurrency: null, requestRate: null`; the merge step fills concurrency from the path.
   */
  sweeps: PartialSweep[];
  /** Non-fatal notes: anything the importer had to guess. */
  warnings: ImportIssue[];
}

export interface PartialSweep {
  /** Optional label; the merge step builds `"<format> · <model>"` when absent. */
  label?: string | undefined;
  meta: SweepMeta;
  points: SweepPoint[];
  warnings: string[];
  /** The problems `warnings` were rendered from (src/import/messages/issue.ts `addNote`). */
  problems?: Problem[] | undefined;
}

export type FileImportResult =
  | { ok: true; value: FileImport }
  | { ok: false; errors: ImportIssue[] };

/** A format importer, recognised by content (not by file name). */
export interface FormatImporter {
  /** Stable id: `vllm`, `sglang`, `genai-perf-csv`, … (also `--format` value). */
  id: string;
  /** Human title for `capplan formats`. */
  title: string;
  /** Tool versions the importer was checked against, e.g. `vLLM 0.5.4 – 0.11`. */
  versions: string;
  /**
   * Confidence 0…1 that the file is in this format; 0 = certainly not. Must be cheap and never throw:
   * look at `file.firstLine()` or `file.json()` (memoised) only.
   */
  detect(file: InputFile): number;
  /** Parse a file that `detect` accepted. Never throws. */
  parse(file: InputFile, opts: ImportOptions): FileImportResult;
}

export interface ImportOptions {
  /** Concurrency given by the user for a single file (`--concurrency N`). */
  concurrency?: number | undefined;
  /** Force a format id instead of detection (`--format F`). */
  format?: string | undefined;
  /** Keep files apart instead of merging sweeps of one deployment (`--separate`). */
  separate?: boolean | undefined;
}

/**
 * Result of an import. `fileErrors`: files of a folder that look like results but could not be
 * imported (broken JSON, an empty results file): the sweeps lack their load levels, and each such
 * sweep carries a warning saying so. They are errors for the user to see, not notes to fold away.
 */
export type ImportResult =
  | { ok: true; sweeps: Sweep[]; warnings: ImportIssue[]; fileErrors: ImportIssue[] }
  | {
      ok: false;
      errors: ImportIssue[];
      sweeps?: Sweep[];
      fileErrors?: ImportIssue[];
      warnings?: ImportIssue[];
    };
