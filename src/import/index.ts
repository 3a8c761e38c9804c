/**
 * The import library: files (name + text) → normalised sweeps (docs/metrics.md), recognised by content.
 * Used by the CLI (`capplan import`, `compare`, plan `file` sweeps) and by the app (dropped files).
 * Never throws for bad input: problems come back as {@link ImportIssue}s. The checks before a file
 * is read are in file-checks.ts; how the files' parts become sweeps is in merge.ts.
 */
import { textProblem } from "../engine/base/problems";
import { FORMATS } from "./formats/index";
import { makeInputFile } from "./input";
import { concurrencyFromPath } from "./path-load";
import { addNote, issueOf } from "./messages/issue";
import { importMessages as M } from "./messages/pipeline";
import { describeUnrecognised } from "./describe";
import { joinLocustRun, locustRunsOf } from "./locust-run";
import { limitProblem, outOfRangeOf, sniffProblem } from "./file-checks";
import { finishSweep, mergeKey, noteLostLevel, type Tagged } from "./merge";
import type {
  FileImportResult,
  FormatImporter,
  ImportIssue,
  ImportOptions,
  ImportResult,
  InputFile,
  PartialSweep,
} from "./types";

export type { ImportIssue, ImportOptions, ImportResult, FormatImporter } from "./types";
export { formatIssue } from "./types";
export { importNotes } from "./notes";
export { FORMATS } from "./formats/index";
export { makeInputFile } from "./input";
export { decodeBytes, type Decoded } from "./decode";
import { encodingProblem, type Decoded } from "./decode";
export { concurrencyFromPath } from "./path-load";
export {
  limitProblem,
  MAX_COLUMNS,
  MAX_FILE_BYTES,
  MAX_LINE_CHARS,
  sniffProblem,
  tooLargeMessage,
  tooLargeProblem,
} from "./file-checks";
export { loadOf, mergePoints, sortPoints } from "./merge";

/**
 * One input: its name (path relative to what the user gave, used for concurrency-from-path) and
 * text. `optional` files come from a folder expansion: an unrecognised one is skipped with a
 * warning instead of failing the import.
 */
export interface ImportInput {
  name: string;
  text: string;
  optional?: boolean;
  /** Encoding the bytes were decoded from ({@link decodeBytes}); a note is added when it was not UTF-8. */
  encoding?: Decoded["encoding"];
}

/** A detection score at or above this is taken without asking the remaining detectors. */
export const CERTAIN = 0.9;

/** The best-matching importer for a file, or null when no format recognises it. */
export function detectFormat(file: InputFile): FormatImporter | null {
  let best: FormatImporter | null = null;
  let bestScore = 0;
  for (const f of FORMATS) {
    let s = 0;
    try {
      s = f.detect(file);
    } catch {
      s = 0; // a detector must never break the import of a file meant for another format
    }
    if (s > bestScore) {
      best = f;
      bestScore = s;
      // A detector this sure of its format ends the search: later (generic) detectors would parse
      // the file again only to score lower.
      if (s >= CERTAIN) break;
    }
  }
  return best;
}

/** What the files of one import yielded so far: issues, and the sweeps each file gave. */
interface Collected {
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Corrupt files of a folder: each is a lost load level of the sweep it belonged to. */
  fileErrors: ImportIssue[];
  tagged: Tagged[];
}

/**
 * Import files (one sweep per deployment; files of one sweep merge when format, model and engine
 * agree, docs/metrics.md). A file that fails makes the whole result fail (nothing is half-imported), with
 * one issue per problem; successful sweeps of the other files are still returned in `sweeps`.
 */
export function importFiles(
  inputs: readonly ImportInput[],
  opts: ImportOptions = {},
): ImportResult {
  if (inputs.length === 0)
    return { ok: false, errors: [issueOf("(none)", "no-input", M.problem("noInput", {}))] };
  const out: Collected = { errors: [], warnings: [], fileErrors: [], tagged: [] };
  // Locust's CSVs beside a locustfile's records are read with them (src/import/locust-run.ts).
  const locustRuns = opts.format ? new Map() : locustRunsOf(inputs);
  const withRecords = new Set([...locustRuns.values()].flat());
  for (const input of inputs) if (!withRecords.has(input)) importOne(input, opts, out);
  const { errors, warnings, fileErrors } = out;
  const groups = new Map<string, Tagged[]>();
  out.tagged.forEach((t, i) => {
    const k = opts.separate ? `${i}` : mergeKey(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  });
  const sweeps = [...groups.values()].map((g) => finishSweep(g[0]!.format, g, warnings));
  for (const s of sweeps)
    for (const f of s.source.files) {
      const csvs = locustRuns.get(f);
      if (csvs) joinLocustRun(s, inputs.find((i) => i.name === f)!, csvs, warnings);
    }
  for (const s of sweeps) {
    if (s.points.length === 0) {
      errors.push(issueOf(s.source.files.join(", "), "no-points", M.problem("noPoints", {})));
    }
  }
  for (const fe of fileErrors) noteLostLevel(fe, sweeps);
  if (errors.length) return { ok: false, errors, sweeps, fileErrors, warnings };
  return { ok: true, sweeps, warnings, fileErrors };
}

/** One input through the checks, its importer and the stamping of its points, into `out`. */
function importOne(input: ImportInput, opts: ImportOptions, out: Collected): void {
  const file = checkedFile(input, out);
  if (!file) return;
  const importer = importerFor(file, input, opts, out);
  if (!importer) return;
  const res = parseSafely(importer, file, opts);
  if (!res.ok) {
    for (const e of res.errors) out.errors.push(e);
    return;
  }
  if (res.value.sweeps.length === 0 && !input.optional) {
    // A file the user named that holds no load levels (e.g. a Locust failures file) is an error.
    const notes = res.value.warnings.filter((w) => w.code === "skipped");
    for (const x of notes.length
      ? notes.map((w) => ({ ...w, code: "not-a-result" }))
      : [issueOf(file.name, "no-points", M.problem("noPoints", {}))])
      out.errors.push(x);
    return;
  }
  for (const x of res.value.warnings) out.warnings.push(x);
  // Read from the path only when a point records no load (most files do).
  const pathLoad = { read: false, concurrency: null as number | null };
  for (const s of res.value.sweeps) {
    stampPoints(s, file.name, opts, pathLoad);
    out.tagged.push({ format: importer.id, file: file.name, sweep: s });
  }
}

/**
 * The input as a file to import, or null when it fails the checks before any importer reads it
 * (the issue then is in `out`: an error, a skipped note of a folder, or a folder's lost level).
 */
function checkedFile(input: ImportInput, out: Collected): InputFile | null {
  let text = input.text;
  // Classic Mac line ends (CR only): read as lines, not as one long line with "no data rows".
  if (text.indexOf("\r") >= 0 && text.indexOf("\n") < 0) text = text.replace(/\r/g, "\n");
  const file = makeInputFile(input.name, text);
  const encNote = encodingProblem(input.encoding);
  if (encNote) out.warnings.push(issueOf(file.name, "encoding", encNote));
  const problem = sniffProblem(file) ?? limitProblem(file);
  if (problem) {
    // In a folder, an empty results file is a run that wrote nothing: a lost load level, not a note.
    if (input.optional && problem.code === "empty" && DATA_EXT.test(file.name))
      out.fileErrors.push(problem);
    else if (input.optional)
      out.warnings.push({
        ...issueOf(
          file.name,
          "skipped",
          M.problem("skipped", { cause: problem.problem ?? textProblem(problem.message) }),
        ),
        ...whereOf(problem),
      });
    else out.errors.push(problem);
    return null;
  }
  // A JSON number no double can hold (`1e999`): say so with its line and column, whatever the format.
  const huge = outOfRangeOf(file);
  if (huge) {
    (input.optional ? out.fileErrors : out.errors).push(huge);
    return null;
  }
  return file;
}

/** The importer of `--format`, else the detected one; null (the issue in `out`) when none. */
function importerFor(
  file: InputFile,
  input: ImportInput,
  opts: ImportOptions,
  out: Collected,
): FormatImporter | null {
  if (opts.format) {
    const named = FORMATS.find((f) => f.id === opts.format) ?? null;
    if (!named)
      out.errors.push(
        issueOf(
          file.name,
          "unknown-format",
          M.problem("unknownFormatOption", { format: opts.format }),
        ),
      );
    return named;
  }
  const importer = detectFormat(file);
  if (importer) return importer;
  // A JSON document that does not parse is not recognised by any format: say where it breaks.
  // In a folder too: a broken JSON file is a corrupt result (a lost load level), never skipped quietly.
  const head = file.text.replace(/^\uFEFF/, "").trimStart();
  if (head.startsWith("{") || head.startsWith("[")) {
    const j = file.json();
    if (!j.ok) {
      // JSON lines (a first line that is more than a bare "{" or "["): name the line that breaks.
      const firstLine = file.firstLine().trim();
      const jl =
        firstLine.length > 1 && firstLine.startsWith("{") && file.text.includes("\n")
          ? file.jsonLines()
          : null;
      (input.optional ? out.fileErrors : out.errors).push(jl && !jl.ok ? jl.issue : j.issue);
      return null;
    }
  }
  if (input.optional) {
    out.warnings.push(issueOf(file.name, "skipped", M.problem("notRecognised", {})));
    return null;
  }
  // Never quote the content: say what the file looked like (docs/import.md).
  out.errors.push(
    issueOf(
      file.name,
      "unknown-format",
      M.problem("unknownFormat", { cause: describeUnrecognised(file) }),
      { line: 1 },
    ),
  );
  return null;
}

/** The importer's result; an importer that throws gives an import error rather than a crash. */
function parseSafely(
  importer: FormatImporter,
  file: InputFile,
  opts: ImportOptions,
): FileImportResult {
  try {
    return importer.parse(file, opts);
  } catch (e) {
    return {
      ok: false,
      errors: [
        issueOf(
          file.name,
          "internal",
          M.problem("importerFailed", {
            importer: importer.id,
            error: e instanceof Error ? e.message : String(e),
          }),
        ),
      ],
    };
  }
}

/**
 * Where each point of `s` was read (docs/lineage.md: the importer's row or record line, else the
 * whole file), and the load of a point that records none: `--concurrency`, else the file's path
 * (read once per file, in `pathLoad`).
 */
function stampPoints(
  s: PartialSweep,
  fileName: string,
  opts: ImportOptions,
  pathLoad: { read: boolean; concurrency: number | null },
): void {
  for (const p of s.points) {
    if (p.sources?.length) {
      for (const src of p.sources) src.file = fileName;
    } else p.sources = [{ file: fileName }];
    if (p.concurrency != null || p.requestRate != null) continue;
    if (opts.concurrency != null) {
      p.concurrency = opts.concurrency;
      continue;
    }
    if (!pathLoad.read) {
      pathLoad.concurrency = concurrencyFromPath(fileName);
      pathLoad.read = true;
    }
    if (pathLoad.concurrency != null) {
      p.concurrency = pathLoad.concurrency;
      addNote(s, M.problem("pathLoad", {}));
    }
  }
}

/** The location of an issue (line, column, record, key), to keep it on an issue made from it. */
function whereOf(i: ImportIssue): Partial<Pick<ImportIssue, "line" | "column" | "record" | "key">> {
  const at: Partial<Pick<ImportIssue, "line" | "column" | "record" | "key">> = {};
  if (i.line != null) at.line = i.line;
  if (i.column != null) at.column = i.column;
  if (i.record != null) at.record = i.record;
  if (i.key != null) at.key = i.key;
  return at;
}

/** Names of results files (an empty one in a folder is a lost run). */
const DATA_EXT = /\.(json|jsonl|ndjson|csv|tsv)$/i;
