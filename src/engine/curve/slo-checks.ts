/**
 * The SLO checks of a sweep's points (docs/operating-point.md, docs/metrics.md): each point's
 * statistics per metric, read once ({@link prepareSweep}), each SLO resolved at sweep level (ITL ↔
 * TPOT substitution only when the sweep has none at all) and checked at every point, and each
 * point's failed share. What operatingPoint (slo.ts) walks in load order.
 */
import { finite } from "../base/number-format";
import { loadKind, loadOrder, type LoadKind } from "./load";
import { sloMessages as M } from "./messages";
import { metricLabel, normStat, sloText } from "./slo-label";
import type { Problem } from "../base/problems";
import { METRIC_FIELD, type MetricKey, type Slo, type SweepPoint } from "../base/types";

/** Result of one SLO at one point. `pass` is null when the statistic is missing. */
export interface SloCheck {
  slo: Slo;
  valueMs: number | null;
  pass: boolean | null;
  usedMetric: MetricKey;
  missing?: { stat: string; available: string[] };
}

/**
 * The failed share of a point in percent: failed ÷ (completed + failed) × 100. No failures
 * recorded (absent, null or 0) → 0; failures recorded without a completed count → null (unknown).
 * Without counts, the share the file states (`failedPct`, from a `Failed %` column) is used.
 */
export function failedSharePct(p: SweepPoint): number | null {
  const f = p.failed;
  // A stated share (`Failed %` column) stands in for the counts when they are absent.
  if (!finite(f) && finite(p.failedPct)) return p.failedPct;
  if (!finite(f) || f <= 0) return 0;
  const c = p.completed;
  if (!finite(c) || c < 0) return finite(p.failedPct) ? p.failedPct : null;
  return (f / (c + f)) * 100;
}

/** Groups of stat keys in a list: mean, min, the percentiles (2), max, std, then any other key (5). */
const STAT_GROUP = new Map([
  ["mean", 0],
  ["min", 1],
  ["max", 3],
  ["std", 4],
]);

/** Canonical stat keys, once each: mean, min, the percentiles by their number, max, std, then the others alphabetically. */
export function sortStats(keys: Iterable<string>): string[] {
  const rank = (k: string): [number, number] => {
    const m = /^p(\d+(?:\.\d+)?)$/.exec(k);
    return m ? [2, Number(m[1])] : [STAT_GROUP.get(k) ?? 5, 0];
  };
  return [...new Set(keys)].sort((a, b) => {
    const [ga, na] = rank(a);
    const [gb, nb] = rank(b);
    return ga - gb || na - nb || a.localeCompare(b);
  });
}

/** Stat keys (canonical) with a finite value for `metric` at a point. */
function statKeys(p: SweepPoint, metric: MetricKey): string[] {
  const stats = p[METRIC_FIELD[metric]];
  if (!stats || typeof stats !== "object") return [];
  return Object.keys(stats)
    .filter((k) => finite(stats[k]))
    .map(normStat);
}

/** Value of a metric's stat at a point, with "median" ≡ "p50"; null when absent. No substitution. */
function rawStat(p: SweepPoint, metric: MetricKey, stat: string): number | null {
  const stats = p[METRIC_FIELD[metric]];
  if (!stats || typeof stats !== "object") return null;
  const want = normStat(stat);
  for (const k of Object.keys(stats)) {
    const v = stats[k];
    if (normStat(k) === want && finite(v)) return v;
  }
  return null;
}

/** The other of ITL/TPOT, which may stand in for it (docs/metrics.md substitution); null for other metrics. */
export function substituteOf(metric: MetricKey): MetricKey | null {
  return metric === "itl" ? "tpot" : metric === "tpot" ? "itl" : null;
}

/**
 * A statistic of a point (docs/metrics.md, docs/operating-point.md). An `itl` stat is read from `tpot` when the point has no ITL
 * at all, and vice versa (`substituted` true); nothing else is substituted and nothing invented:
 * a missing stat gives `valueMs: null`, with the stats that the used metric does have.
 */
export function statValue(
  point: SweepPoint,
  metric: MetricKey,
  stat: string,
): { valueMs: number | null; usedMetric: MetricKey; substituted: boolean; available: string[] } {
  let used = metric;
  const other = substituteOf(metric);
  if (other && statKeys(point, metric).length === 0 && statKeys(point, other).length > 0)
    used = other;
  return {
    valueMs: rawStat(point, used, stat),
    usedMetric: used,
    substituted: used !== metric,
    available: sortStats(statKeys(point, used)),
  };
}

export function pointStatus(row: SloCheck[]): boolean | null {
  if (row.some((c) => c.pass === false)) return false;
  if (row.some((c) => c.pass === null)) return null;
  return true;
}

/** A point's finite stats of one metric: canonical keys and their values, in key order. */
export interface StatRow {
  keys: string[];
  values: number[];
}

/**
 * What {@link operatingPoint} reads from a sweep's points whatever the SLOs: the load axis, the
 * load order and (filled on first use) each point's stats per metric. A caller that evaluates
 * the same points under several SLO sets (the incremental engine after an SLO edit) prepares
 * them once.
 */
export interface SweepPrep {
  kind: LoadKind | null;
  order: number[];
  stats: Map<MetricKey, StatRow[]>;
}

/** Prepare a sweep's points for {@link operatingPoint}. */
export function prepareSweep(points: readonly SweepPoint[]): SweepPrep {
  const kind = loadKind(points);
  return { kind, order: loadOrder(points, kind), stats: new Map() };
}

export function statRows(prep: SweepPrep, pts: readonly SweepPoint[], m: MetricKey): StatRow[] {
  let t = prep.stats.get(m);
  if (!t) {
    t = pts.map((p) => {
      const stats = p[METRIC_FIELD[m]];
      const row: StatRow = { keys: [], values: [] };
      if (!stats || typeof stats !== "object") return row;
      for (const k of Object.keys(stats)) {
        const v = stats[k];
        if (finite(v)) {
          row.keys.push(normStat(k));
          row.values.push(v);
        }
      }
      return row;
    });
    prep.stats.set(m, t);
  }
  return t;
}

/** An SLO with a statistic the sweep lacks at some point: the metric used, the stat, what the sweep has. */
export interface MissingStat {
  metric: MetricKey;
  stat: string;
  available: string[];
}

/**
 * Check every SLO at every point into `checks` (per point, per SLO in the order given), with
 * the statistics missing into `missing`. Warns when ITL stands in for TPOT (or back), when a
 * limit is not a number and when a statistic is missing (saying when only NTPOT exists).
 */
export function checkSlos(
  prep: SweepPrep,
  pts: readonly SweepPoint[],
  slos: readonly Slo[],
  checks: SloCheck[][],
  missing: MissingStat[],
  warn: (p: Problem) => void,
): void {
  const n = pts.length;
  const statsOf = (m: MetricKey): StatRow[] => statRows(prep, pts, m);
  const hasMetric = (m: MetricKey): boolean => statsOf(m).some((r) => r.keys.length > 0);

  // Resolve each SLO at sweep level: substitution ITL ↔ TPOT only when the sweep has none at all.
  const resolved = slos.map((slo) => {
    let used = slo.metric;
    const other = substituteOf(slo.metric);
    if (other && !hasMetric(slo.metric) && hasMetric(other)) {
      used = other;
      warn(
        M.problem("substituted", {
          slo: sloText(slo),
          used: metricLabel(other),
          metric: metricLabel(slo.metric),
        }),
      );
    }
    const keys = new Set<string>();
    for (const r of statsOf(used)) for (const k of r.keys) keys.add(k);
    const available = sortStats(keys);
    const valid = finite(slo.maxMs);
    if (!valid) warn(M.problem("noLimit", { slo: sloText(slo), got: String(slo.maxMs) }));
    return { slo, used, available, valid };
  });

  resolved.forEach((r) => {
    const stat = normStat(r.slo.stat);
    const rows = statsOf(r.used);
    let missingAt = 0;
    for (let i = 0; i < n; i++) {
      // The first key that reads as `stat` (median ≡ p50), as rawStat does.
      const row = rows[i]!;
      const at = row.keys.indexOf(stat);
      const v = at >= 0 ? row.values[at]! : null;
      const check: SloCheck = {
        slo: r.slo,
        valueMs: v,
        pass: v === null || !r.valid ? null : v <= r.slo.maxMs,
        usedMetric: r.used,
      };
      if (v === null) {
        check.missing = { stat, available: r.available };
        missingAt += 1;
      }
      checks[i]!.push(check);
    }
    if (missingAt > 0) {
      missing.push({ metric: r.used, stat, available: r.available });
      // ITL/TPOT judged on a sweep that only has NTPOT (LLMPerf): say that NTPOT exists and why it is not used.
      const ntpot =
        (r.used === "itl" || r.used === "tpot") && r.available.length === 0 && hasMetric("ntpot");
      warn(
        M.problem("missing", {
          slo: sloText({ stat, metric: r.used }),
          missingAt,
          n,
          metric: metricLabel(r.used),
          available: r.available,
          ntpot,
        }),
      );
    }
  });
}

/** How far an SLO misses its limit at a load (docs/operating-point.md: "which SLO fails … and by how much"). */
export interface SloFailure {
  slo: Slo;
  /** The load level (`"inf"`: an unbounded request rate, which JSON cannot hold as a number). */
  load: number | "inf";
  valueMs: number;
  maxMs: number;
  overMs: number;
  /** Overrun in percent of the limit: 1500 ms against 1000 ms → 50. */
  /** Overrun in percent of the limit (null when the limit is 0: no percentage of nothing). */
  overPct: number | null;
}

/** How far the failed share misses its limit at a load. */
export interface ErrorRateFailure {
  /** The load level (`"inf"`: an unbounded request rate). */
  load: number | "inf";
  sharePct: number;
  maxPct: number;
  /** Overrun in percent of the limit (Infinity when the limit is 0). */
  /** Overrun in percent of the limit (null when the limit is 0: no percentage of nothing). */
  overPct: number | null;
}

/** A load level as a result holds it: a number, or `"inf"` for an unbounded request rate (never Infinity). */
export function finiteLoad(load: number): number | "inf" {
  return load === Infinity ? "inf" : load;
}

/** How far a failing check misses its limit at a load. */
export function failureOf(c: SloCheck, load: number): SloFailure {
  const v = c.valueMs!;
  const over = v - c.slo.maxMs;
  return {
    slo: c.slo,
    load: finiteLoad(load),
    valueMs: v,
    maxMs: c.slo.maxMs,
    overMs: over,
    overPct: c.slo.maxMs > 0 ? (over / c.slo.maxMs) * 100 : null,
  };
}

/** An overrun in percent for ranking: a 0 limit (null) is missed by more than any percentage. */
export function excessPct(overPct: number | null): number {
  return overPct ?? Infinity;
}
