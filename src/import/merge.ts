/**
 * How the parts that files yield become sweeps (docs/metrics.md, docs/import.md): which files
 * merge into one sweep, two exports of one run merged into one point, repeated runs combined, the
 * points sorted by load, and a corrupt file's lost load level told to its sweep.
 */
import { englishOf, textProblem, type Problem } from "../engine/base/problems";
import { METRIC_FIELD, type DroppedFile, type Sweep, type SweepPoint } from "../engine/base/types";
import { addNote, issueOf } from "./messages/issue";
import { importMessages as M } from "./messages/pipeline";
import { concurrencyFromPath } from "./path-load";
import { combineRepeats, joinSources, pointLoad, unstableProblem } from "./repeats";
import type { ImportIssue, PartialSweep } from "./types";

const METRIC_FIELDS = Object.values(METRIC_FIELD);

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

/** What one file yielded for one sweep, before files merge. */
export interface Tagged {
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
export function mergeKey(t: Tagged): string {
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

/** The sweep of `parts` (one merge group): points merged per load level, repeats combined, notes once. */
export function finishSweep(format: string, parts: Tagged[], warnings: ImportIssue[]): Sweep {
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
 * A corrupt file of a folder: tell the sweep it belonged to (same path shape once digits are
 * masked, else same folder) that it lacks the file's load level.
 */
export function noteLostLevel(fe: ImportIssue, sweeps: Sweep[]): void {
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
