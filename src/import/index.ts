/**
 * The import library: files (name + text) → normalised sweeps (docs/metrics.md), recognised by content.
 * Used by the CLI (`capplan import`, `compare`, plan `file` sweeps) and by the app (dropped files).
 * Never throws for bad input: problems come back as {@link ImportIssue}s.
 */
import { englishOf, textProblem, type Problem } from "../engine/base/problems";
import { METRIC_FIELD, type DroppedFile, type Sweep, type SweepPoint } from "../engine/base/types";

const METRIC_FIELDS = Object.values(METRIC_FIELD);
import { FORMATS } from "./formats/index";
import { makeInputFile } from "./input";
import { concurrencyFromPath } from "./path-load";
import { combineRepeats, joinSources, pointLoad, unstableProblem } from "./repeats";
import { addNote, issueOf } from "./messages/issue";
import { importMessages as M } from "./messages/pipeline";
import { describeUnrecognised } from "./describe";
import { joinLocustRun, locustRunsOf } from "./locust-run";
import type {
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

/** Sort key of a point: concurrency, else request rate, else rps. */
export function loadOf(p: SweepPoint): number {
  if (p.concurrency != null) return p.concurrency;
  if (p.requestRate != null) return p.requestRate === "inf" ? Infinity : p.requestRate;
  return p.rps ?? 0;
}

/** Sort points by load (docs/metrics.md): concurrency, else request rate, else rps. */
export function sortPoints(points: SweepPoint[]): SweepPoint[] {
  // The same comparisons on precomputed keys (the sort makes the same decisions), in place.
  const n = points.length;
  const load = new Float64Array(n);
  const rps = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    load[i] = loadOf(p);
    rps[i] = p.rps ?? 0;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => load[a]! - load[b]! || rps[a]! - rps[b]!,
  );
  const copy = points.slice();
  for (let i = 0; i < n; i++) points[i] = copy[order[i]!]!;
  return points;
}

interface Tagged {
  format: string;
  file: string;
  sweep: PartialSweep;
}

/**
 * Files merge into one sweep when format, model, engine, GPU and label agree. A file that does not
 * record its model only merges with files whose paths have the same shape once digits are masked
 * (`…-concurrency8/profile_export.csv` ~ `…-concurrency64/profile_export.csv`), so unrelated runs
 * of an unknown model in one folder are not mixed into one curve.
 */
function mergeKey(t: Tagged): string {
  const m = t.sweep.meta;
  const shape = m.model == null ? t.file.replace(/\d+/g, "#") : "";
  return [
    t.format,
    m.model ?? "",
    m.engine ?? "",
    m.gpu ?? "",
    m.gpuCount ?? "",
    t.sweep.label ?? "",
    shape,
  ].join("\u0000");
}

function dirOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

const statCount = (p: SweepPoint) =>
  METRIC_FIELDS.reduce((n, f) => n + Object.keys(p[f] ?? {}).length, 0);

/**
 * Merge two exports of the same load level: statistics are united; where both have a value, the
 * point with more statistics (usually the full-precision JSON) wins.
 */
export function mergePoints(a: SweepPoint, b: SweepPoint): SweepPoint {
  const [lo, hi] = statCount(a) > statCount(b) ? [b, a] : [a, b];
  const out: SweepPoint = { ...lo };
  for (const [k, v] of Object.entries(hi) as [keyof SweepPoint, unknown][])
    if (v != null) (out as unknown as Record<string, unknown>)[k] = v;
  for (const f of METRIC_FIELDS) if (lo[f] || hi[f]) out[f] = { ...lo[f], ...hi[f] };
  const sources = joinSources([a, b]);
  if (sources) out.sources = sources;
  return out;
}

/** A file's run: its folder and name without extensions (`…/profile_export_genai_perf.csv` ~ `.json`). */
function runOf(path: string): string {
  const dir = dirOf(path);
  const base = path.slice(dir.length);
  const dot = base.indexOf(".", 1);
  return dir + (dot < 0 ? base : base.slice(0, dot));
}

function finishSweep(format: string, parts: Tagged[], warnings: ImportIssue[]): Sweep {
  const first = parts[0]!.sweep;
  const fileSet = new Set<string>();
  const warningSet = new Set<string>();
  const problemSet = new Set<string>();
  const problems: Problem[] = [];
  for (const p of parts) {
    fileSet.add(p.file);
    for (const w of p.sweep.warnings) warningSet.add(w);
    // Each note once, as its English is (files of one sweep repeat their importer's notes).
    for (const q of p.sweep.problems ?? []) {
      const en = englishOf(q);
      if (problemSet.has(en)) continue;
      problemSet.add(en);
      problems.push(q);
    }
  }
  const files = [...fileSet];
  const sweepWarnings = [...warningSet];
  const noted = { warnings: sweepWarnings, problems };
  // Points per load level; each entry is one run (two exports of one run are merged first).
  const byLoad = new Map<string, { p: SweepPoint; file: string; run: string }[]>();
  const loose: SweepPoint[] = [];
  for (const part of parts) {
    const run = runOf(part.file);
    for (const p of part.sweep.points) {
      if (p.concurrency == null && p.requestRate == null) {
        loose.push(p);
        continue;
      }
      const k = `${p.concurrency}|${p.requestRate}`;
      let list = byLoad.get(k);
      if (!list) byLoad.set(k, (list = []));
      // Two exports of one run (GenAI-Perf/AIPerf write profile_export….csv and ….json side by side): one point.
      const same = list.find((e) => e.run === run && e.file !== part.file);
      if (same) {
        same.p = mergePoints(same.p, p);
        same.file = part.file;
        continue;
      }
      list.push({ p, file: part.file, run });
    }
  }
  // Repeated runs (docs/import.md): the median per field and statistic, and a warning when unstable.
  const points: SweepPoint[] = [];
  for (const list of byLoad.values()) {
    if (list.length === 1) {
      points.push(list[0]!.p);
      continue;
    }
    const { point, unstable } = combineRepeats(list.map((e) => e.p));
    points.push(point);
    const where = [...new Set(list.map((e) => e.file))];
    const inFiles = `${where.slice(0, 3).join(", ")}${where.length > 3 ? ", …" : ""}`;
    const note = M.problem("repeats", { ...pointLoad(point), n: list.length, files: inFiles });
    addNote(noted, note);
    warnings.push(issueOf(where[where.length - 1]!, "repeats", note));
    if (unstable.length) {
      const p = unstableProblem(point, list.length, unstable);
      addNote(noted, p);
      warnings.push(issueOf(where[where.length - 1]!, "unstable-repeats", p));
    }
  }
  for (let i = 0; i < loose.length; i++) points.push(loose[i]!);
  sortPoints(points);
  const model = first.meta.model;
  return {
    label: first.label ?? [format, model ?? files[0]].filter(Boolean).join(" · "),
    source: { files, format },
    meta: { ...first.meta },
    points,
    warnings: sweepWarnings,
    ...(problems.length ? { problems } : {}),
  };
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
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const fileErrors: ImportIssue[] = [];
  const tagged: Tagged[] = [];
  if (inputs.length === 0)
    return { ok: false, errors: [issueOf("(none)", "no-input", M.problem("noInput", {}))] };
  // Locust's CSVs beside a locustfile's records are read with them (src/import/locust-run.ts).
  const locustRuns = opts.format ? new Map() : locustRunsOf(inputs);
  const withRecords = new Set([...locustRuns.values()].flat());
  for (const input of inputs) {
    if (withRecords.has(input)) continue;
    let text = input.text;
    // Classic Mac line ends (CR only): read as lines, not as one long line with "no data rows".
    if (text.indexOf("\r") >= 0 && text.indexOf("\n") < 0) text = text.replace(/\r/g, "\n");
    const file = makeInputFile(input.name, text);
    const encNote = encodingProblem(input.encoding);
    if (encNote) warnings.push(issueOf(file.name, "encoding", encNote));
    const problem = sniffProblem(file) ?? limitProblem(file);
    if (problem) {
      // In a folder, an empty results file is a run that wrote nothing: a lost load level, not a note.
      if (input.optional && problem.code === "empty" && DATA_EXT.test(file.name))
        fileErrors.push(problem);
      else if (input.optional)
        warnings.push({
          ...issueOf(
            file.name,
            "skipped",
            M.problem("skipped", { cause: problem.problem ?? textProblem(problem.message) }),
          ),
          ...whereOf(problem),
        });
      else errors.push(problem);
      continue;
    }
    // A JSON number no double can hold (`1e999`): say so with its line and column, whatever the format.
    const huge = outOfRangeOf(file);
    if (huge) {
      (input.optional ? fileErrors : errors).push(huge);
      continue;
    }
    let importer: FormatImporter | null;
    if (opts.format) {
      importer = FORMATS.find((f) => f.id === opts.format) ?? null;
      if (!importer) {
        errors.push(
          issueOf(
            file.name,
            "unknown-format",
            M.problem("unknownFormatOption", { format: opts.format }),
          ),
        );
        continue;
      }
    } else {
      importer = detectFormat(file);
    }
    if (!importer) {
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
          (input.optional ? fileErrors : errors).push(jl && !jl.ok ? jl.issue : j.issue);
          continue;
        }
      }
      if (input.optional) {
        warnings.push(issueOf(file.name, "skipped", M.problem("notRecognised", {})));
        continue;
      }
      // Never quote the content: say what the file looked like (docs/import.md).
      errors.push(
        issueOf(
          file.name,
          "unknown-format",
          M.problem("unknownFormat", { cause: describeUnrecognised(file) }),
          { line: 1 },
        ),
      );
      continue;
    }
    let res;
    try {
      res = importer.parse(file, opts);
    } catch (e) {
      // Importers must not throw; if one does, report it as an import error rather than crash.
      res = {
        ok: false as const,
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
    if (!res.ok) {
      for (const e of res.errors) errors.push(e);
      continue;
    }
    if (res.value.sweeps.length === 0 && !input.optional) {
      // A file the user named that holds no load levels (e.g. a Locust failures file) is an error.
      const notes = res.value.warnings.filter((w) => w.code === "skipped");
      for (const x of notes.length
        ? notes.map((w) => ({ ...w, code: "not-a-result" }))
        : [issueOf(file.name, "no-points", M.problem("noPoints", {}))])
        errors.push(x);
      continue;
    }
    for (const x of res.value.warnings) warnings.push(x);
    // Read from the path only when a point records no load (most files do).
    let pathConc: number | null | undefined;
    for (const s of res.value.sweeps) {
      for (const p of s.points) {
        // Where the point was read (docs/lineage.md): the importer's row or record line, else the whole file.
        if (p.sources?.length) {
          for (const src of p.sources) src.file = file.name;
        } else p.sources = [{ file: file.name }];
        if (p.concurrency == null && p.requestRate == null) {
          if (opts.concurrency != null) p.concurrency = opts.concurrency;
          else if (
            (pathConc === undefined ? (pathConc = concurrencyFromPath(file.name)) : pathConc) !=
            null
          ) {
            p.concurrency = pathConc;
            addNote(s, M.problem("pathLoad", {}));
          }
        }
      }
      tagged.push({ format: importer.id, file: file.name, sweep: s });
    }
  }
  const groups = new Map<string, Tagged[]>();
  tagged.forEach((t, i) => {
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

/** The location of an issue (line, column, record, key), to keep it on an issue made from it. */
function whereOf(i: ImportIssue): Partial<Pick<ImportIssue, "line" | "column" | "record" | "key">> {
  const at: Partial<Pick<ImportIssue, "line" | "column" | "record" | "key">> = {};
  if (i.line != null) at.line = i.line;
  if (i.column != null) at.column = i.column;
  if (i.record != null) at.record = i.record;
  if (i.key != null) at.key = i.key;
  return at;
}

/** The out-of-range number issue of a JSON or JSONL text, or null. */
function outOfRangeOf(file: InputFile): ImportIssue | null {
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

/** Names of results files (an empty one in a folder is a lost run). */
const DATA_EXT = /\.(json|jsonl|ndjson|csv|tsv)$/i;

/**
 * A corrupt file of a folder: tell the sweep it belonged to (same path shape once digits are
 * masked, else same folder) that it lacks the file's load level.
 */
function noteLostLevel(fe: ImportIssue, sweeps: Sweep[]): void {
  const shape = fe.file.replace(/\d+/g, "#");
  const dir = dirOf(fe.file);
  let hit = sweeps.filter((s) => s.source.files.some((f) => f.replace(/\d+/g, "#") === shape));
  if (!hit.length) hit = sweeps.filter((s) => s.source.files.some((f) => dirOf(f) === dir));
  const conc = concurrencyFromPath(fe.file);
  const where = `${fe.file}${fe.line != null ? `:${fe.line}` : ""}${typeof fe.column === "number" ? `:${fe.column}` : ""}`;
  const cause = fe.problem ?? textProblem(fe.message, "error");
  const lost = M.problem("lostLevel", { where, cause, concurrency: conc });
  for (const s of hit) addNote(s, lost, true);
  // Recorded on the sweep as data too, so a plan holding it keeps saying what was dropped (the
  // app's trust state); a file no sweep can be told apart for is on every sweep of the import.
  const dropped: DroppedFile = { file: fe.file, reason: fe.message, problem: cause as Problem };
  if (fe.line != null) dropped.line = fe.line;
  if (typeof fe.column === "number") dropped.column = fe.column;
  for (const s of hit.length ? hit : sweeps) (s.dropped ??= []).push({ ...dropped });
}
