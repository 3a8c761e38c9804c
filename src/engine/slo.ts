/**
 * The operating point of a sweep under SLOs (product spec §3; seed §1.3, §2.2: "P99 TTFT < 1 s
 * and P95 ITL < 100 ms"). Pure functions over a sweep's points.
 *
 * An SLO passes when `value <= maxMs`: the seed writes "< 1 s", but a measured value exactly on
 * the limit is treated as meeting it (limits are written as round numbers; a strict `<` would
 * make interpolation to the threshold itself infeasible).
 */
import { finite, fmtNum, loadKind, loadLabel, loadOrder, loadValue, type LoadKind } from "./load";
import { METRIC_FIELD, type MetricKey, type Slo, type SloMode, type Sweep, type SweepPoint } from "./types";

/** Result of one SLO at one point. `pass` is null when the statistic is missing. */
export interface SloCheck {
  slo: Slo;
  valueMs: number | null;
  pass: boolean | null;
  usedMetric: MetricKey;
  missing?: { stat: string; available: string[] };
}

/** How far an SLO misses its limit at a load (spec §3: "which SLO fails … and by how much"). */
export interface SloFailure {
  slo: Slo;
  load: number;
  valueMs: number;
  maxMs: number;
  overMs: number;
  /** Overrun in percent of the limit: 1500 ms against 1000 ms → 50. */
  overPct: number;
}

/** The operating point of one sweep under a list of SLOs (spec §3). */
export interface OperatingPoint {
  /** null = unknown (a needed statistic is missing). */
  feasible: boolean | null;
  basis: "measured" | "interpolated";
  concurrency: number | null;
  requestRate: number | "inf" | null;
  rps: number | null;
  outputTokensPerSec: number | null;
  totalTokensPerSec: number | null;
  /** Index into `sweep.points` (input order). Measured: the operating point; interpolated: the last passing point. */
  pointIndex: number | null;
  /** The SLO that stops more load (fails at the next point / at the interpolated limit); null when none binds. */
  bindingSlo: Slo | null;
  /** False when every point passes (capacity may be higher than measured). */
  sloBinding: boolean;
  /** When infeasible: the SLO that fails at the lowest load by the largest margin. */
  failure: SloFailure | null;
  /** When infeasible: every SLO that fails at the lowest load (added field; `failure` is the worst of them). */
  failures?: SloFailure[];
  missing: { metric: MetricKey; stat: string; available: string[] }[];
  /** Per point of `sweep.points` (input order), per SLO (in the order given). */
  checks: SloCheck[][];
  warnings: string[];
}

const STAT_ORDER = ["mean", "min", "p25", "p50", "p75", "p90", "p95", "p99", "p99.9", "max", "std"];
const METRIC_LABEL: Record<MetricKey, string> = { ttft: "TTFT", itl: "ITL", tpot: "TPOT", ntpot: "NTPOT", e2e: "E2E" };

/** Canonical keys already seen (a pure function of a string; bounded so it cannot grow without end). */
const NORM_CACHE = new Map<string, string>();

/** Canonical stat key: "median", "P50" → "p50"; "P95" → "p95"; "Mean" → "mean" (spec §1). */
export function normStat(stat: string): string {
  const hit = NORM_CACHE.get(stat);
  if (hit !== undefined) return hit;
  const s = stat.trim().toLowerCase();
  const m = /^p(\d+(?:\.\d+)?)$/.exec(s);
  const out = s === "median" ? "p50" : s === "avg" || s === "average" ? "mean" : m ? `p${Number(m[1])}` : s;
  if (NORM_CACHE.size < 1024) NORM_CACHE.set(stat, out);
  return out;
}

/** Display name of a stat: "p95" → "P95", "mean" → "mean". */
export function statLabel(stat: string): string {
  const s = normStat(stat);
  return /^p\d/.test(s) ? s.toUpperCase() : s;
}

/** Display name of a metric: "itl" → "ITL". */
export function metricLabel(metric: MetricKey): string {
  return METRIC_LABEL[metric] ?? String(metric).toUpperCase();
}

/** Display name of an SLO: "P95 ITL" (without the limit). */
export function sloLabel(slo: Pick<Slo, "metric" | "stat">): string {
  return `${statLabel(slo.stat)} ${metricLabel(slo.metric)}`;
}

function sortStats(keys: Iterable<string>): string[] {
  const rank = (k: string): number => {
    const i = STAT_ORDER.indexOf(k);
    if (i >= 0) return i;
    const m = /^p(\d+(?:\.\d+)?)$/.exec(k);
    return m ? 3 + Number(m[1]) / 100 : 100;
  };
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Stat keys (canonical) with a finite value for `metric` at a point. */
function statKeys(p: SweepPoint, metric: MetricKey): string[] {
  const stats = p[METRIC_FIELD[metric]];
  if (!stats || typeof stats !== "object") return [];
  return Object.keys(stats).filter(k => finite(stats[k])).map(normStat);
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

/** The other of ITL/TPOT, which may stand in for it (spec §1 substitution); null for other metrics. */
function substituteOf(metric: MetricKey): MetricKey | null {
  return metric === "itl" ? "tpot" : metric === "tpot" ? "itl" : null;
}

/**
 * A statistic of a point (spec §1/§3). An `itl` stat is read from `tpot` when the point has no ITL
 * at all, and vice versa (`substituted` true); nothing else is substituted and nothing invented:
 * a missing stat gives `valueMs: null`, with the stats that the used metric does have.
 */
export function statValue(point: SweepPoint, metric: MetricKey, stat: string): { valueMs: number | null; usedMetric: MetricKey; substituted: boolean; available: string[] } {
  let used = metric;
  const other = substituteOf(metric);
  if (other && statKeys(point, metric).length === 0 && statKeys(point, other).length > 0) used = other;
  return { valueMs: rawStat(point, used, stat), usedMetric: used, substituted: used !== metric, available: sortStats(statKeys(point, used)) };
}

function lerp(a: number | null | undefined, b: number | null | undefined, t: number): number | null {
  if (!finite(a)) return null;
  if (t === 0) return a;
  if (!finite(b)) return null;
  return a + t * (b - a);
}

function failureOf(c: SloCheck, load: number): SloFailure {
  const v = c.valueMs!;
  const over = v - c.slo.maxMs;
  return { slo: c.slo, load, valueMs: v, maxMs: c.slo.maxMs, overMs: over, overPct: c.slo.maxMs > 0 ? (over / c.slo.maxMs) * 100 : Infinity };
}

function pointStatus(row: SloCheck[]): boolean | null {
  if (row.some(c => c.pass === false)) return false;
  if (row.some(c => c.pass === null)) return null;
  return true;
}

/** A point's finite stats of one metric: canonical keys and their values, in key order. */
interface StatRow {
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

function statRows(prep: SweepPrep, pts: readonly SweepPoint[], m: MetricKey): StatRow[] {
  let t = prep.stats.get(m);
  if (!t) {
    t = pts.map(p => {
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

/**
 * Operating point of a sweep under SLOs (spec §3). Points are walked in load order
 * (concurrency, else request rate, else rps; sorted defensively).
 * - `measured`: the highest-load point such that it and every lower point meet all SLOs; a point
 *   that passes again after a failure is ignored with a non-monotone-data warning.
 * - `interpolated`: between the last passing point a and the first failing point b, each failing
 *   SLO's value is interpolated linearly in load to where it equals its limit,
 *   t = (maxMs − v_a) / (v_b − v_a); the lowest load wins (that SLO binds), and concurrency /
 *   request rate / rps / output and total tokens/s are interpolated to it with the same t. Never
 *   extrapolated: with no passing point, or when every point passes, the result is as `measured`.
 * - No point passes → infeasible, with the SLO failing at the lowest load by the largest margin.
 * - Every point passes → the last point, `sloBinding: false`.
 * - A statistic missing at a point the walk must judge → `feasible: null`, with what is missing.
 */
export function operatingPoint(sweep: Pick<Sweep, "points">, slos: Slo[], mode: SloMode, prep: SweepPrep = prepareSweep(sweep.points)): OperatingPoint {
  const pts = sweep.points;
  const n = pts.length;
  const warnings: string[] = [];
  const res: OperatingPoint = {
    feasible: null, basis: "measured", concurrency: null, requestRate: null, rps: null, outputTokensPerSec: null, totalTokensPerSec: null,
    pointIndex: null, bindingSlo: null, sloBinding: false, failure: null, missing: [], checks: pts.map(() => []), warnings,
  };
  if (n === 0) {
    warnings.push("the sweep has no points: the operating point is unknown");
    return res;
  }
  const { kind, order } = prep;
  if (order.some((v, i) => v !== i)) warnings.push(`the sweep's points were not in load order; they were sorted by ${kind ?? "position"}`);
  const load = (i: number): number | null => (kind ? loadValue(pts[i]!, kind) : null);
  const where = (i: number): string => loadLabel(kind, load(i));

  const statsOf = (m: MetricKey): StatRow[] => statRows(prep, pts, m);

  // Resolve each SLO at sweep level: substitution ITL ↔ TPOT only when the sweep has none at all.
  const resolved = slos.map(slo => {
    let used = slo.metric;
    const other = substituteOf(slo.metric);
    const has = (m: MetricKey): boolean => statsOf(m).some(r => r.keys.length > 0);
    if (other && !has(slo.metric) && has(other)) {
      used = other;
      warnings.push(`SLO ${sloLabel(slo)} evaluated on ${metricLabel(other)}: the sweep has no ${metricLabel(slo.metric)}`);
    }
    const keys = new Set<string>();
    for (const r of statsOf(used)) for (const k of r.keys) keys.add(k);
    const available = sortStats(keys);
    const valid = finite(slo.maxMs);
    if (!valid) warnings.push(`SLO ${sloLabel(slo)} has no valid limit (${String(slo.maxMs)}): it cannot be checked`);
    return { slo, used, available, valid };
  });

  resolved.forEach(r => {
    const stat = normStat(r.slo.stat);
    const rows = statsOf(r.used);
    let missingAt = 0;
    for (let i = 0; i < n; i++) {
      // The first key that reads as `stat` (median ≡ p50), as rawStat does.
      const row = rows[i]!;
      const at = row.keys.indexOf(stat);
      const v = at >= 0 ? row.values[at]! : null;
      const check: SloCheck = { slo: r.slo, valueMs: v, pass: v === null || !r.valid ? null : v <= r.slo.maxMs, usedMetric: r.used };
      if (v === null) {
        check.missing = { stat, available: r.available };
        missingAt += 1;
      }
      res.checks[i]!.push(check);
    }
    if (missingAt > 0) {
      res.missing.push({ metric: r.used, stat, available: r.available });
      const has = r.available.length ? `this sweep has ${metricLabel(r.used)} ${r.available.join(", ")}` : `this sweep has no ${metricLabel(r.used)} statistics`;
      const part = missingAt < n ? ` at ${missingAt} of ${n} points` : "";
      warnings.push(`${statLabel(stat)} ${metricLabel(r.used)} is missing${part}; ${has}`);
    }
  });

  // Walk in load order.
  let lastPass = -1;
  let stopPos = -1;
  let stopStatus: boolean | null = true;
  for (let pos = 0; pos < n; pos++) {
    const st = pointStatus(res.checks[order[pos]!]!);
    if (st === true) lastPass = pos;
    else {
      stopPos = pos;
      stopStatus = st;
      break;
    }
  }
  if (stopPos >= 0 && stopStatus === false) {
    for (let pos = stopPos + 1; pos < n; pos++) {
      if (pointStatus(res.checks[order[pos]!]!) === true) {
        warnings.push(`non-monotone data: ${where(order[pos]!)} meets all SLOs again after ${where(order[stopPos]!)} did not; ignored`);
      }
    }
  }

  const setFrom = (i: number): void => {
    const p = pts[i]!;
    res.concurrency = finite(p.concurrency) ? p.concurrency : null;
    res.requestRate = p.requestRate === "inf" || finite(p.requestRate) ? p.requestRate : null;
    res.rps = finite(p.rps) ? p.rps : null;
    res.outputTokensPerSec = finite(p.outputTokensPerSec) ? p.outputTokensPerSec : null;
    res.totalTokensPerSec = finite(p.totalTokensPerSec) ? p.totalTokensPerSec : null;
    res.pointIndex = i;
  };

  if (stopPos === -1) {
    // Every point passes: the last one; the SLOs do not bind within the measured range.
    res.feasible = true;
    setFrom(order[n - 1]!);
    if (slos.length) warnings.push(`every point meets the SLOs: the operating point is the highest load measured (${where(order[n - 1]!)}); capacity may be higher`);
    else warnings.push("no SLOs given: the operating point is the highest load measured");
    return res;
  }
  if (stopStatus === null) {
    // A needed statistic is missing at the point the walk must judge: unknown, never invented.
    res.feasible = null;
    res.pointIndex = lastPass >= 0 ? order[lastPass]! : null;
    warnings.push(`the SLOs cannot be checked at ${where(order[stopPos]!)}: a statistic is missing, so feasibility is unknown`);
    return res;
  }
  const b = order[stopPos]!;
  const failing = res.checks[b]!.filter(c => c.pass === false);
  if (lastPass === -1) {
    // Infeasible: no point passes. Report every SLO failing at the lowest load; the worst first.
    const fl = failing.map(c => failureOf(c, load(b) ?? NaN)).sort((x, y) => y.overPct - x.overPct);
    res.feasible = false;
    res.failure = fl[0]!;
    res.failures = fl;
    res.bindingSlo = fl[0]!.slo;
    res.sloBinding = true;
    for (const f of fl) {
      warnings.push(`infeasible: ${sloLabel(f.slo)} is ${fmtNum(f.valueMs)} ms at the lowest load (${where(b)}), ${fmtNum(f.overMs)} ms (${fmtNum(f.overPct)} %) over the ${fmtNum(f.maxMs)} ms limit`);
    }
    return res;
  }

  // Between the last passing point a and the first failing point b: which SLO binds first?
  const a = order[lastPass]!;
  const crossings = failing.map(c => {
    const va = res.checks[a]!.find(x => x.slo === c.slo)!.valueMs!;
    const vb = c.valueMs!;
    const t = vb > va ? Math.max(0, (c.slo.maxMs - va) / (vb - va)) : 0;
    return { c, t, over: failureOf(c, load(b) ?? NaN).overPct };
  }).sort((x, y) => x.t - y.t || y.over - x.over);
  const bind = crossings[0]!;
  res.feasible = true;
  res.bindingSlo = bind.c.slo;
  res.sloBinding = true;
  setFrom(a);
  if (mode !== "interpolated" || bind.t === 0) return res;

  const la = load(a);
  const lb = load(b);
  if (la === null || lb === null || !Number.isFinite(lb)) {
    warnings.push(`cannot interpolate toward ${where(b)}: used the last passing point (${where(a)})`);
    return res;
  }
  const t = bind.t;
  const pa = pts[a]!;
  const pb = pts[b]!;
  res.basis = "interpolated";
  res.concurrency = lerp(pa.concurrency, pb.concurrency, t);
  const ra = pa.requestRate === "inf" ? null : pa.requestRate;
  const rb = pb.requestRate === "inf" ? null : pb.requestRate;
  res.requestRate = lerp(ra, rb, t);
  res.rps = lerp(pa.rps, pb.rps, t);
  res.outputTokensPerSec = lerp(pa.outputTokensPerSec, pb.outputTokensPerSec, t);
  res.totalTokensPerSec = lerp(pa.totalTokensPerSec, pb.totalTokensPerSec, t);
  const at = la + t * (lb - la);
  warnings.push(`operating point interpolated to ${loadLabel(kind, at)} between ${where(a)} and ${where(b)}, where ${sloLabel(bind.c.slo)} reaches its ${fmtNum(bind.c.slo.maxMs)} ms limit`);
  return res;
}
