/**
 * The run archive over time (docs/sweep.md "Archive and history"): runs grouped by deployment
 * (same model, engine, GPU and GPU count), in date order, with one metric at one load level and
 * its change from the run before. The latest run of a deployment regresses when the metric moved
 * the bad way (a latency up, a throughput down) by more than the threshold, as `compare` decides.
 */
import type { MetricKey, Sweep, SweepMeta, SweepPoint } from "../engine/base/types";
import { METRIC_KEYS, METRIC_FIELD } from "../engine/base/types";

/** `ttft.p99`-style latency keys, or a throughput. */
export interface HistoryMetric {
  key: string;
  better: "up" | "down";
  value(p: SweepPoint): number | null;
}

/** Read `--metric KEY`: `metric.stat` (ttft.p99) or `rps` / `outputTokensPerSec` / `totalTokensPerSec`; null when unknown. */
export function historyMetric(key: string): HistoryMetric | null {
  if (key === "rps" || key === "outputTokensPerSec" || key === "totalTokensPerSec")
    return { key, better: "up", value: (p) => finite(p[key]) };
  const [m, stat] = key.split(".");
  if (
    !METRIC_KEYS.includes(m as MetricKey) ||
    !stat ||
    !/^(mean|min|max|std|p\d+(\.\d+)?)$/.test(stat)
  )
    return null;
  const field = METRIC_FIELD[m as MetricKey];
  return { key, better: "down", value: (p) => finite(p[field]?.[stat]) };
}

const finite = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

/** A load level: `concurrency=N` or `rate=R`. */
export interface HistoryLoad {
  concurrency: number | null;
  requestRate: number | null;
}

/** Read `--at concurrency=N` / `--at rate=R`; null when malformed. */
export function historyLoad(s: string): HistoryLoad | null {
  const m = /^(concurrency|rate)=(\d+(?:\.\d+)?)$/.exec(s.trim());
  if (!m) return null;
  const v = Number(m[2]);
  return m[1] === "concurrency"
    ? { concurrency: v, requestRate: null }
    : { concurrency: null, requestRate: v };
}

export interface HistoryRun {
  file: string;
  date: string | null;
  value: number | null;
  /** Change from the run before with a value, in percent; null for the first or without a value. */
  changePct: number | null;
  regression: boolean;
}

export interface HistoryDeployment {
  model: string | null;
  engine: string | null;
  gpu: string | null;
  gpuCount: number | null;
  at: HistoryLoad | null;
  runs: HistoryRun[];
  /** The latest run regressed from the one before. */
  regression: boolean;
}

export interface History {
  metric: string;
  threshold: number;
  deployments: HistoryDeployment[];
}

/** The regression threshold of `capplan history` and of an archived run's report, in percent. */
export const HISTORY_THRESHOLD = 5;

/** The deployment a run belongs to: same model, engine, GPU and GPU count. */
export const deploymentKey = (m: SweepMeta): string =>
  JSON.stringify([m.model, m.engine, m.gpu, m.gpuCount]);

/** Runs in date order, then by file name (archive names start with the date). */
export const byRunDate = (
  a: { file: string; sweep: Sweep },
  b: { file: string; sweep: Sweep },
): number =>
  (a.sweep.meta.date ?? "").localeCompare(b.sweep.meta.date ?? "") || a.file.localeCompare(b.file);

/** The change from `before` to `after` in percent, and whether it moved the bad way beyond `threshold`. */
export function changeOf(
  before: number | null,
  after: number | null,
  better: "up" | "down",
  threshold: number,
): { changePct: number | null; regression: boolean } {
  if (before === null || after === null || before === 0)
    return { changePct: null, regression: false };
  const changePct = ((after - before) / before) * 100;
  return {
    changePct,
    regression: better === "down" ? changePct > threshold : changePct < -threshold,
  };
}

/** The point of a sweep at a load level. */
export const pointAt = (s: Sweep, at: HistoryLoad): SweepPoint | undefined =>
  s.points.find((p) =>
    at.concurrency !== null ? p.concurrency === at.concurrency : p.requestRate === at.requestRate,
  );

/** The load levels of a sweep, in its order. */
export const loadsOf = (s: Sweep): HistoryLoad[] =>
  s.points.map((p) =>
    p.concurrency !== null
      ? { concurrency: p.concurrency, requestRate: null }
      : {
          concurrency: null,
          requestRate: typeof p.requestRate === "number" ? p.requestRate : null,
        },
  );

/** The highest load level every run has (closed loop first), else null. */
function sharedLoad(runs: Sweep[]): HistoryLoad | null {
  const key = (l: HistoryLoad) => `${l.concurrency}|${l.requestRate}`;
  let shared = loadsOf(runs[0]!);
  for (const r of runs.slice(1)) {
    const keys = new Set(loadsOf(r).map(key));
    shared = shared.filter((l) => keys.has(key(l)));
  }
  const closed = shared
    .filter((l) => l.concurrency !== null)
    .sort((a, b) => b.concurrency! - a.concurrency!);
  if (closed.length) return closed[0]!;
  const open = shared
    .filter((l) => l.requestRate !== null)
    .sort((a, b) => b.requestRate! - a.requestRate!);
  return open[0] ?? null;
}

/** The history of the runs (each a sweep with the file it came from). */
export function runHistory(
  runs: readonly { file: string; sweep: Sweep }[],
  metric: HistoryMetric,
  threshold: number,
  at: HistoryLoad | null,
): History {
  const groups = new Map<string, { file: string; sweep: Sweep }[]>();
  for (const r of runs) {
    const k = deploymentKey(r.sweep.meta);
    const g = groups.get(k) ?? [];
    g.push(r);
    groups.set(k, g);
  }
  const deployments: HistoryDeployment[] = [];
  for (const g of groups.values()) {
    g.sort(byRunDate);
    const load = at ?? sharedLoad(g.map((r) => r.sweep));
    let prev: number | null = null;
    const out: HistoryRun[] = g.map((r) => {
      const p = load ? pointAt(r.sweep, load) : undefined;
      const value = p ? metric.value(p) : null;
      const { changePct, regression } =
        value === null
          ? { changePct: null, regression: false }
          : changeOf(prev, value, metric.better, threshold);
      if (value !== null) prev = value;
      return { file: r.file, date: r.sweep.meta.date, value, changePct, regression };
    });
    const m = g[0]!.sweep.meta;
    deployments.push({
      model: m.model,
      engine: m.engine,
      gpu: m.gpu,
      gpuCount: m.gpuCount,
      at: load,
      runs: out,
      regression: out.at(-1)?.regression ?? false,
    });
  }
  return { metric: metric.key, threshold, deployments };
}

const fmt = (v: number | null, d: number) => (v === null ? "—" : v.toFixed(d));

/** The history as Markdown tables, one per deployment. */
export function historyMarkdown(h: History): string {
  const lines: string[] = [];
  for (const d of h.deployments) {
    const at = d.at
      ? d.at.concurrency !== null
        ? `concurrency ${d.at.concurrency}`
        : `rate ${d.at.requestRate} req/s`
      : "no shared load level";
    const gpu = d.gpu ? ` · ${d.gpu}${d.gpuCount ? ` × ${d.gpuCount}` : ""}` : "";
    lines.push(`## ${d.model ?? "?"} · ${d.engine ?? "?"}${gpu}`, "", `${h.metric} at ${at}`, "");
    lines.push("| date | run | value | change |", "| --- | --- | ---: | ---: |");
    for (const r of d.runs)
      lines.push(
        `| ${r.date ?? "—"} | ${r.file} | ${fmt(r.value, 2)} | ${r.changePct === null ? "—" : `${r.changePct >= 0 ? "+" : ""}${r.changePct.toFixed(1)} %`}${r.regression ? " ⚠ regression" : ""} |`,
      );
    lines.push("");
  }
  const bad = h.deployments.filter((d) => d.regression).length;
  lines.push(
    bad
      ? `${bad} deployment(s) regressed in the latest run (threshold ${h.threshold} %).`
      : `No regression in the latest runs (threshold ${h.threshold} %).`,
    "",
  );
  return lines.join("\n");
}
