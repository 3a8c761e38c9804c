/**
 * AIPerf sweep aggregate `sweep_aggregate/profile_export_aiperf_sweep.{csv,json}` (AIPerf
 * `exporters/aggregate/aggregate_sweep_{csv,json}_exporter.py`, `orchestrator/aggregation/sweep.py`):
 * several load levels in one file. Each combination has `parameters` (`concurrency`, `request_rate`)
 * and per-metric `{mean, std, min, max, cv}` over trials. Metric keys are `<tag>_<stat>` in current
 * versions (`time_to_first_token_p99`, `request_throughput_avg`) or the bare tag in 0.11 files,
 * where `mean` is the level's average (only the average is taken from bare tags: their min/max are
 * not documented as per-request values).
 */
import type { Stats, SweepPoint } from "../../engine/base/types";
import { parseCsv, readNumber, splitSections } from "../csv";
import type { FileImportResult, ImportIssue, InputFile } from "../types";
import {
  applyNvMetric,
  asObject,
  msFactor,
  NV_METRICS,
  nvName,
  positiveNumber,
  statKeyOf,
} from "./nv-metrics";
import { englishOf } from "../../engine/base/problems";
import { issueOf } from "../messages/issue";
import { nvMessages as M } from "./nv-messages";

type Combo = {
  params: Record<string, unknown>;
  metrics: Record<string, Record<string, unknown>>;
  where: Partial<ImportIssue>;
};

/** Whether a JSON root is a sweep aggregate. */
export function isAiperfSweepJson(root: Record<string, unknown>): boolean {
  return (
    root.aggregation_type === "sweep" ||
    (Array.isArray(root.per_combination_metrics) && "pareto_optimal" in root)
  );
}

/** Whether the first line is a sweep aggregate CSV header (`concurrency,<tag>_mean,…_cv`). */
export function isAiperfSweepCsv(file: InputFile): boolean {
  const h = file
    .firstLine()
    .toLowerCase()
    .split(",")
    .map((s) => s.trim());
  return (
    h.length > 5 &&
    !/_(mean|std|min|max|cv)$/.test(h[0]!) &&
    h.some((c) => c.endsWith("_cv")) &&
    h.some((c) => /^(time_to_first_token|request_latency|request_throughput)(_\w+)?_mean$/.test(c))
  );
}

const SUFFIXED = /^(.*)_(avg|min|max|std|p\d+(?:\.\d+)?)$/;

function pointOf(
  c: Combo,
  file: string,
  notes: { trials: boolean },
): { ok: true; point: SweepPoint } | { ok: false; errors: ImportIssue[] } {
  const point: SweepPoint = {
    concurrency: positiveNumber(c.params.concurrency),
    requestRate: positiveNumber(c.params.request_rate),
  };
  const errors: ImportIssue[] = [];
  const keys = Object.keys(c.metrics);
  const suffixedOf = (k: string): RegExpExecArray | null => {
    const m = SUFFIXED.exec(k);
    return !NV_METRICS[nvName(k)] && m && NV_METRICS[nvName(m[1]!)] ? m : null;
  };
  const suffixedTags = new Set(keys.map((k) => suffixedOf(k)?.[1]).filter((t): t is string => !!t));
  for (const key of keys) {
    const entry = c.metrics[key]!;
    const m = suffixedOf(key);
    if (!m && suffixedTags.has(key)) continue; // `<tag>_avg` etc. carry this metric already
    const tag = m ? m[1]! : key;
    const stat = m ? statKeyOf(m[2]!) : "mean";
    const target = NV_METRICS[nvName(tag)];
    if (!target || !stat) continue;
    const cell = readNumber(
      typeof entry.mean === "number" || typeof entry.mean === "string" ? entry.mean : null,
    );
    if (cell.kind === "invalid") {
      const where =
        c.where.line != null
          ? { line: c.where.line, column: `${key}_mean` }
          : { record: c.where.record, key: `${c.where.key}.metrics.${key}.mean` };
      errors.push(
        issueOf(
          file,
          "bad-number",
          M.problem("meanNotNumber", { key, text: JSON.stringify(entry.mean) }),
          where,
        ),
      );
      continue;
    }
    if (cell.kind !== "number" || !Number.isFinite(cell.value)) continue;
    const std = readNumber(
      typeof entry.std === "number" || typeof entry.std === "string" ? entry.std : null,
    );
    if (std.kind === "number" && std.value > 0) notes.trials = true;
    const factor =
      target.kind === "stats"
        ? (msFactor(typeof entry.unit === "string" ? entry.unit : "ms") ?? 1)
        : 1;
    const stats: Stats = { [stat]: cell.value * factor };
    applyNvMetric(point, target, stats);
  }
  return errors.length ? { ok: false, errors } : { ok: true, point };
}

function finish(file: InputFile, combos: Combo[]): FileImportResult {
  const notes = { trials: false };
  const points: SweepPoint[] = [];
  const errors: ImportIssue[] = [];
  for (const c of combos) {
    const r = pointOf(c, file.name, notes);
    if (r.ok) points.push(r.point);
    else for (const x of r.errors) errors.push(x);
  }
  if (errors.length) return { ok: false, errors };
  if (!points.length)
    return {
      ok: false,
      errors: [issueOf(file.name, "no-points", M.problem("noCombinations", {}), { line: 1 })],
    };
  const problems = notes.trials ? [M.problem("meansOverTrials", { file: file.name })] : [];
  return {
    ok: true,
    value: {
      sweeps: [
        {
          meta: {
            model: null,
            engine: null,
            gpu: null,
            gpuCount: null,
            date: null,
            tool: "aiperf",
            toolVersion: null,
            aggregate: "sweep",
          },
          points,
          warnings: problems.map(englishOf),
          problems,
        },
      ],
      warnings: [],
    },
  };
}

/** Parse `profile_export_aiperf_sweep.json` (`per_combination_metrics[]`). */
export function parseAiperfSweepJson(
  file: InputFile,
  root: Record<string, unknown>,
): FileImportResult {
  const list = Array.isArray(root.per_combination_metrics) ? root.per_combination_metrics : [];
  const combos: Combo[] = [];
  list.forEach((e, i) => {
    const o = asObject(e);
    const metrics: Record<string, Record<string, unknown>> = {};
    for (const [k, v] of Object.entries(asObject(o?.metrics) ?? {})) {
      const mo = asObject(v);
      if (mo) metrics[k] = mo;
    }
    combos.push({
      params: asObject(o?.parameters) ?? {},
      metrics,
      where: { record: i, key: `per_combination_metrics[${i}]` },
    });
  });
  return finish(file, combos);
}

/** Parse `profile_export_aiperf_sweep.csv` (first table only; best/pareto/metadata tables skipped). */
export function parseAiperfSweepCsv(file: InputFile): FileImportResult {
  const first = splitSections(file.text)[0];
  if (!first)
    return {
      ok: false,
      errors: [issueOf(file.name, "empty", M.problem("empty", {}), { line: 1 })],
    };
  const t = parseCsv(first.text, ",");
  const header = t.rows[0]!.map((h) => h.trim());
  const combos: Combo[] = [];
  for (let r = 1; r < t.rows.length; r++) {
    const row = t.rows[r]!;
    const params: Record<string, unknown> = {};
    const metrics: Record<string, Record<string, unknown>> = {};
    header.forEach((h, c) => {
      const m = /^(.*)_(mean|std|min|max|cv)$/.exec(h);
      if (!m) params[h] = row[c] ?? "";
      else (metrics[m[1]!] ??= {})[m[2]!] = row[c] ?? "";
    });
    combos.push({ params, metrics, where: { line: first.startLine + t.lines[r]! - 1 } });
  }
  return finish(file, combos);
}
