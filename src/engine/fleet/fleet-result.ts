/**
 * From a run of the simulator to the numbers `capplan simulate --json` prints (docs/simulate.md):
 * latency statistics (numpy-linear percentiles, as everywhere in capplan), the queued share,
 * utilization, SLO attainment, and `replicasForSlo`, the fewest replicas at which every plan SLO
 * the simulation can judge holds.
 */
import type { Slo } from "../base/types";
import { percentileOfKey, percentileSorted, sortedCopy } from "../curve/stats";
import { curveTables, type CurveLevel } from "./service-curve";
import { runFleet, type Arrivals, type FleetRun } from "./simulate";

/** The statistics of one simulated metric (ms). */
export interface LatencyStats {
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/** What one simulated fleet gives. */
export interface FleetStats {
  replicas: number;
  slots: number;
  requests: number;
  /** First arrival to last completion (seconds). */
  durationSec: number;
  ttftMs: LatencyStats | null;
  e2eMs: LatencyStats | null;
  waitMs: LatencyStats | null;
  tpotMs: LatencyStats | null;
  queuedShare: number | null;
  /** Busy slot-time ÷ (replicas × slots × duration); null when the duration is 0. */
  utilization: number | null;
  /** Share of requests meeting every per-request limit of the judged SLOs; null when none is judged. */
  sloAttainment: number | null;
  /** Per judged SLO: its value at its statistic over the simulated requests, and whether it holds. */
  slo: { slo: Slo; simulatedMs: number; holds: boolean }[];
}

/** The SLO metrics the simulation produces per request; an `itl` SLO is judged on `tpot` (docs/metrics.md). */
export type JudgedMetric = "ttft" | "tpot" | "e2e";

/** The simulated metric an SLO is judged on, or null when the simulation does not produce it. */
export function judgedMetric(slo: Slo): JudgedMetric | null {
  if (slo.metric === "ttft" || slo.metric === "tpot" || slo.metric === "e2e") return slo.metric;
  if (slo.metric === "itl") return "tpot";
  return null;
}

/** A statistic of ascending values: mean, min, max, std (n − 1) or a percentile (`p99`, `median`); null otherwise. */
export function statOfSorted(sorted: Float64Array, stat: string): number | null {
  const n = sorted.length;
  if (!n) return null;
  if (stat === "min") return sorted[0]!;
  if (stat === "max") return sorted[n - 1]!;
  if (stat === "mean" || stat === "std") {
    let s = 0;
    for (let i = 0; i < n; i++) s += sorted[i]!;
    const mean = s / n;
    if (stat === "mean") return mean;
    if (n < 2) return null;
    let ss = 0;
    for (let i = 0; i < n; i++) ss += (sorted[i]! - mean) ** 2;
    return Math.sqrt(ss / (n - 1));
  }
  const q = percentileOfKey(stat);
  return q === null || q < 0 || q > 100 ? null : percentileSorted(sorted, q);
}

function stats(sorted: Float64Array): LatencyStats | null {
  if (!sorted.length) return null;
  return {
    mean: statOfSorted(sorted, "mean")!,
    p50: percentileSorted(sorted, 50),
    p90: percentileSorted(sorted, 90),
    p95: percentileSorted(sorted, 95),
    p99: percentileSorted(sorted, 99),
    max: sorted[sorted.length - 1]!,
  };
}

function metricOf(run: FleetRun, m: JudgedMetric): Float64Array {
  return m === "ttft" ? run.ttftMs : m === "tpot" ? run.tpotMs : run.e2eMs;
}

/** The SLOs the simulation can judge (those on ttft, tpot, itl or e2e with a statistic it computes). */
export function judgedSlos(slos: readonly Slo[]): Slo[] {
  return slos.filter(
    (s) =>
      judgedMetric(s) !== null &&
      Number.isFinite(s.maxMs) &&
      statOfSorted(new Float64Array([1, 2]), s.stat) !== null,
  );
}

/** The statistics of a run, judged against `slos` (already filtered by {@link judgedSlos}). */
export function fleetStats(
  run: FleetRun,
  replicas: number,
  slots: number,
  slos: readonly Slo[],
): FleetStats {
  const n = run.waitMs.length;
  const sorted = new Map<JudgedMetric, Float64Array>();
  const sortedOf = (m: JudgedMetric): Float64Array => {
    let s = sorted.get(m);
    if (!s) sorted.set(m, (s = sortedCopy(metricOf(run, m))));
    return s;
  };
  const durMs = run.endMs - run.startMs;
  const judged = slos.map((slo) => {
    const v = statOfSorted(sortedOf(judgedMetric(slo)!), slo.stat) ?? NaN;
    return { slo, simulatedMs: v, holds: v <= slo.maxMs };
  });
  let attained: number | null = null;
  if (slos.length && n) {
    const limits = slos.map((s) => [metricOf(run, judgedMetric(s)!), s.maxMs] as const);
    let ok = 0;
    for (let i = 0; i < n; i++) {
      let meets = true;
      for (const [a, max] of limits)
        if (!(a[i]! <= max)) {
          meets = false;
          break;
        }
      if (meets) ok++;
    }
    attained = ok / n;
  }
  return {
    replicas,
    slots,
    requests: n,
    durationSec: durMs / 1000,
    ttftMs: stats(sortedOf("ttft")),
    e2eMs: stats(sortedOf("e2e")),
    waitMs: stats(sortedCopy(run.waitMs)),
    tpotMs: stats(sortedOf("tpot")),
    queuedShare: n ? run.queued / n : null,
    utilization: durMs > 0 ? run.busyMs / (replicas * slots * durMs) : null,
    sloAttainment: attained,
    slo: judged,
  };
}

/** Simulate `replicas` × `slots` on the curve and summarise. */
export function simulateStats(
  arrivals: Arrivals,
  levels: readonly CurveLevel[],
  replicas: number,
  slots: number,
  slos: readonly Slo[],
  onProgress?: (done: number, total: number) => void,
): FleetStats {
  const t = curveTables(levels, slots);
  const run = runFleet(arrivals, { replicas, slots, ttftMs: t.ttft, tpotMs: t.tpot }, onProgress);
  return fleetStats(run, replicas, slots, slos);
}

/** Whether every judged SLO holds for `replicas` (no SLOs: null). */
function holdsAt(
  arrivals: Arrivals,
  levels: readonly CurveLevel[],
  replicas: number,
  slots: number,
  slos: readonly Slo[],
): boolean {
  const t = curveTables(levels, slots);
  const run = runFleet(arrivals, { replicas, slots, ttftMs: t.ttft, tpotMs: t.tpot });
  const sorted = new Map<JudgedMetric, Float64Array>();
  for (const slo of slos) {
    const m = judgedMetric(slo)!;
    let s = sorted.get(m);
    if (!s) sorted.set(m, (s = sortedCopy(metricOf(run, m))));
    const v = statOfSorted(s, slo.stat);
    if (!(v !== null && v <= slo.maxMs)) return false;
  }
  return true;
}

/**
 * The fewest replicas in 1 … `maxReplicas` at which every judged SLO holds, or null when it does
 * not hold even at `maxReplicas` (or no SLO is judged). Bisection over the replica count, on the
 * same arrivals for every count: more replicas never take a slot away from a request, so the
 * condition is taken to be monotone (test/engine/fleet/fleet-result.test.ts checks bisection
 * against a scan of every count). `known` holds results already simulated (count → holds).
 */
export function replicasForSlo(
  arrivals: Arrivals,
  levels: readonly CurveLevel[],
  slots: number,
  slos: readonly Slo[],
  maxReplicas: number,
  known: ReadonlyMap<number, boolean> = new Map(),
  onStep?: (replicas: number) => void,
): number | null {
  if (!slos.length || maxReplicas < 1) return null;
  const memo = new Map(known);
  const holds = (r: number): boolean => {
    let h = memo.get(r);
    if (h === undefined) {
      onStep?.(r);
      memo.set(r, (h = holdsAt(arrivals, levels, r, slots, slos)));
    }
    return h;
  };
  if (!holds(maxReplicas)) return null;
  let lo = 1;
  let hi = maxReplicas;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
