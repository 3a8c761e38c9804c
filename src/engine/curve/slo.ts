/**
 * The operating point of a sweep under SLOs (docs/operating-point.md; docs/metrics.md: "P99 TTFT < 1 s
 * and P95 ITL < 100 ms"). Pure functions over a sweep's points.
 *
 * An SLO passes when `value <= maxMs`: the seed writes "< 1 s", but a measured value exactly on
 * the limit is treated as meeting it (limits are written as round numbers; a strict `<` would
 * make interpolation to the threshold itself infeasible).
 */
import { finite } from "../base/number-format";
import { loadKind, loadOrder, loadValue, type LoadKind } from "./load";
import { loadParam, sloMessages as M } from "./messages";
import { metricLabel, normStat, sloText } from "./slo-label";
import type { Problem } from "../base/problems";
import {
  METRIC_FIELD,
  type MetricKey,
  type Slo,
  type SloMode,
  type Sweep,
  type SweepPoint,
} from "../base/types";

/** Result of one SLO at one point. `pass` is null when the statistic is missing. */
export interface SloCheck {
  slo: Slo;
  valueMs: number | null;
  pass: boolean | null;
  usedMetric: MetricKey;
  missing?: { stat: string; available: string[] };
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
  overPct: number;
}

/** How far the failed share misses its limit at a load. */
export interface ErrorRateFailure {
  /** The load level (`"inf"`: an unbounded request rate). */
  load: number | "inf";
  sharePct: number;
  maxPct: number;
  /** Overrun in percent of the limit (Infinity when the limit is 0). */
  overPct: number;
}

/** Default of the plan key `maxErrorRatePct`: a level may drop at most 1 % of its requests. */
export const DEFAULT_MAX_ERROR_RATE_PCT = 1;

/** Options of {@link operatingPoint}. */
export interface OperatingPointOptions {
  /** A point passes only when failed ÷ (completed + failed) is at most this percentage (default 1). */
  maxErrorRatePct?: number;
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

/** The operating point of one sweep under a list of SLOs (docs/operating-point.md). */
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
  /** The failed-share limit applied (percent of requests, plan key `maxErrorRatePct`). */
  maxErrorRatePct: number;
  /** True when the failed-share limit is the constraint that stops more load (then `bindingSlo` is null). */
  bindingErrorRate: boolean;
  /** When infeasible because the lowest load already drops too many requests: by how much. */
  errorRateFailure: ErrorRateFailure | null;
  /** Per point of `sweep.points` (input order): failed ÷ (completed + failed) in percent; 0 when no failures are recorded, null when unknown. */
  failedSharePct: (number | null)[];
  /** Interpolated: index into `sweep.points` of the first failing point the operating point was interpolated toward. */
  towardIndex: number | null;
  missing: { metric: MetricKey; stat: string; available: string[] }[];
  /** Per point of `sweep.points` (input order), per SLO (in the order given). */
  checks: SloCheck[][];
  /** The warnings as values (code `slo.*`, docs/problems.md); their text is rendered where shown. */
  problems: Problem[];
}

/** Groups of stat keys in a list: mean, min, the percentiles (2), max, std, then any other key (5). */
const STAT_GROUP = new Map([
  ["mean", 0],
  ["min", 1],
  ["max", 3],
  ["std", 4],
]);

/** Canonical stat keys, once each: mean, min, the percentiles by their number, max, std, then the others alphabetically. */
function sortStats(keys: Iterable<string>): string[] {
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
function substituteOf(metric: MetricKey): MetricKey | null {
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

/** a + t × (b − a); null when either end is unknown. */
function lerp(a: unknown, b: unknown, t: number): number | null {
  if (!finite(a) || !finite(b)) return null;
  return a + t * (b - a);
}

/** A load level as a result holds it: a number, or `"inf"` for an unbounded request rate (never Infinity). */
function finiteLoad(load: number): number | "inf" {
  return load === Infinity ? "inf" : load;
}

function failureOf(c: SloCheck, load: number): SloFailure {
  const v = c.valueMs!;
  const over = v - c.slo.maxMs;
  return {
    slo: c.slo,
    load: finiteLoad(load),
    valueMs: v,
    maxMs: c.slo.maxMs,
    overMs: over,
    overPct: c.slo.maxMs > 0 ? (over / c.slo.maxMs) * 100 : Infinity,
  };
}

function pointStatus(row: SloCheck[]): boolean | null {
  if (row.some((c) => c.pass === false)) return false;
  if (row.some((c) => c.pass === null)) return null;
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

/**
 * Operating point of a sweep under SLOs and a failed-share limit (docs/operating-point.md). Points
 * are walked in load order (concurrency, else request rate, else rps; sorted defensively).
 * A point passes when every SLO holds (`value <= maxMs`) and its failed share
 * failed ÷ (completed + failed) is at most `maxErrorRatePct` (default 1 %).
 * - Candidates are the passing points before the first failing one; a point that passes again
 *   after a failure is ignored with a non-monotone-data warning.
 * - `measured`: the operating point is the candidate with the most output tokens/s (rps when
 *   some candidate lacks tokens/s; ties: the lower load). Past saturation throughput falls while
 *   latency may still pass, so the highest passing load is not necessarily the best one.
 * - `interpolated`: between the last candidate a and the first failing point b, each failing
 *   constraint is interpolated linearly in load to where it meets its threshold,
 *   t = (limit − v_a) / (v_b − v_a); the lowest t gives one more candidate, with concurrency /
 *   request rate / rps / output and total tokens/s interpolated with the same t. The operating
 *   point is again the candidate with the most throughput. Never extrapolated.
 * - No point passes → infeasible, with every constraint failing at the lowest load.
 * - Every point passes → the best candidate, `sloBinding: false`.
 * - Binding constraint: the one failing at b; measured: the largest relative excess there;
 *   interpolated: the one reaching its limit first.
 * - A statistic missing at a point the walk must judge → `feasible: null`, with what is missing.
 */
export function operatingPoint(
  sweep: Pick<Sweep, "points">,
  slos: Slo[],
  mode: SloMode,
  prep: SweepPrep = prepareSweep(sweep.points),
  opts: OperatingPointOptions = {},
): OperatingPoint {
  const pts = sweep.points;
  const n = pts.length;
  const problems: Problem[] = [];
  const warn = (p: Problem): void => void problems.push(p);
  const maxErr = opts.maxErrorRatePct ?? DEFAULT_MAX_ERROR_RATE_PCT;
  const res: OperatingPoint = {
    feasible: null,
    basis: "measured",
    concurrency: null,
    requestRate: null,
    rps: null,
    outputTokensPerSec: null,
    totalTokensPerSec: null,
    pointIndex: null,
    bindingSlo: null,
    sloBinding: false,
    failure: null,
    missing: [],
    checks: pts.map(() => []),
    problems,
    maxErrorRatePct: maxErr,
    bindingErrorRate: false,
    errorRateFailure: null,
    failedSharePct: pts.map(failedSharePct),
    towardIndex: null,
  };
  if (n === 0) {
    warn(M.problem("noPoints", {}));
    return res;
  }
  const { kind, order } = prep;
  if (order.some((v, i) => v !== i)) warn(M.problem("sorted", { by: kind ?? "position" }));
  const load = (i: number): number | null => (kind ? loadValue(pts[i]!, kind) : null);
  const lv = (i: number) => loadParam(load(i));

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
      res.checks[i]!.push(check);
    }
    if (missingAt > 0) {
      res.missing.push({ metric: r.used, stat, available: r.available });
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

  // The failed-share constraint, per point: pass, fail or unknown.
  const errPass = (i: number): boolean | null => {
    const sh = res.failedSharePct[i] as number | null;
    return sh === null ? null : sh <= maxErr;
  };
  const unknownErr = res.failedSharePct.filter((v) => v === null).length;
  if (unknownErr > 0) warn(M.problem("failedUnknown", { unknown: unknownErr, n }));
  const status = (i: number): boolean | null => {
    const st = pointStatus(res.checks[i]!);
    const e = errPass(i);
    if (st === false || e === false) return false;
    if (st === null || e === null) return null;
    return true;
  };

  // Walk in load order.
  let lastPass = -1;
  let stopPos = -1;
  let stopStatus: boolean | null = true;
  for (let pos = 0; pos < n; pos++) {
    const st = status(order[pos]!);
    if (st === true) lastPass = pos;
    else {
      stopPos = pos;
      stopStatus = st;
      break;
    }
  }
  if (stopStatus === false) {
    for (let pos = stopPos + 1; pos < n; pos++) {
      if (status(order[pos]!) === true) {
        warn(
          M.problem("nonMonotone", {
            kind,
            at: lv(order[pos]!),
            after: lv(order[stopPos]!),
            slos: slos.length > 0,
          }),
        );
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

  if (stopStatus === null) {
    // A needed value is missing at the point the walk must judge: unknown, never invented.
    res.feasible = null;
    res.pointIndex = lastPass >= 0 ? order[lastPass]! : null;
    warn(M.problem("cannotCheck", { kind, at: lv(order[stopPos]!) }));
    return res;
  }

  // When no point fails (stopPos −1) b, failing, errShareB and errFails are never read: every branch below that reads them has a failing point.
  const b = stopPos >= 0 ? order[stopPos]! : -1;
  const lb = b >= 0 ? (load(b) ?? NaN) : NaN;
  const failing = b >= 0 ? res.checks[b]!.filter((c) => c.pass === false) : [];
  const errShareB = b >= 0 ? res.failedSharePct[b]! : 0;
  const errFails = b >= 0 && errPass(b) === false;
  const errOverPct = (sh: number): number =>
    maxErr > 0 ? ((sh - maxErr) / maxErr) * 100 : Infinity;

  if (stopPos === 0) {
    // Infeasible: no point passes. Report every constraint failing at the lowest load; the worst first.
    const fl = failing.map((c) => failureOf(c, lb)).sort((x, y) => y.overPct - x.overPct);
    res.feasible = false;
    res.failure = fl[0] ?? null;
    res.failures = fl;
    res.sloBinding = true;
    if (errFails)
      res.errorRateFailure = {
        load: finiteLoad(lb),
        sharePct: errShareB,
        maxPct: maxErr,
        overPct: errOverPct(errShareB),
      };
    if (
      res.errorRateFailure &&
      (!res.failure || res.errorRateFailure.overPct > res.failure.overPct)
    )
      res.bindingErrorRate = true;
    else res.bindingSlo = fl[0]!.slo;
    for (const f of fl) {
      warn(
        M.problem("infeasibleSlo", {
          slo: sloText(f.slo),
          valueMs: f.valueMs,
          kind,
          at: lv(b),
          overMs: f.overMs,
          overPct: f.overPct,
          maxMs: f.maxMs,
        }),
      );
    }
    if (res.errorRateFailure)
      warn(M.problem("infeasibleFailed", { sharePct: errShareB, kind, at: lv(b), maxPct: maxErr }));
    return res;
  }

  // Candidates: the passing points before the first failing one (all points when none fails).
  const cands = order.slice(0, stopPos === -1 ? n : stopPos);
  const thrKind: "outputTokensPerSec" | "rps" | null = cands.every((i) =>
    finite(pts[i]!.outputTokensPerSec),
  )
    ? "outputTokensPerSec"
    : cands.every((i) => finite(pts[i]!.rps))
      ? "rps"
      : null;
  const thr = (i: number): number => (thrKind ? (pts[i]![thrKind] as number) : NaN);
  const last = cands[cands.length - 1]!;
  let best = last;
  if (thrKind) {
    best = cands[0]!;
    // Strictly more: a tie keeps the lower load.
    for (const i of cands) if (thr(i) > thr(best)) best = i;
  } else if (cands.length > 1) {
    warn(M.problem("noThroughput", {}));
  }
  res.feasible = true;
  setFrom(best);
  const pastPeak = (): void => {
    if (best !== last)
      warn(
        M.problem("pastPeak", {
          kind,
          at: lv(best),
          higher: lv(last),
          higherThr: thr(last),
          thr: thr(best),
          unit: thrKind === "rps" ? "req/s" : "tok/s",
        }),
      );
  };

  if (stopPos === -1) {
    // Every point passes: the constraints do not bind within the measured range.
    if (best === last) {
      if (slos.length) warn(M.problem("allPassHighest", { kind, at: lv(last) }));
      else warn(M.problem("noSlos", {}));
    } else {
      warn(M.problem("allPassPeak", { kind, at: lv(best) }));
      pastPeak();
    }
    return res;
  }

  // Between the last candidate a and the first failing point b: which constraint stops more load?
  const a = last;
  type Crossing = { slo: Slo | null; t: number; over: number };
  // a passes every constraint and b fails this one: v_a ≤ limit < v_b, so t = (limit − v_a) / (v_b − v_a) is in [0, 1).
  const crossings: Crossing[] = failing.map((c) => {
    const va = res.checks[a]!.find((x) => x.slo === c.slo)!.valueMs!;
    const vb = c.valueMs!;
    return { slo: c.slo, t: (c.slo.maxMs - va) / (vb - va), over: failureOf(c, lb).overPct };
  });
  if (errFails) {
    const ea = res.failedSharePct[a]!;
    crossings.push({ slo: null, t: (maxErr - ea) / (errShareB - ea), over: errOverPct(errShareB) });
  }
  const byExcess = [...crossings].sort((x, y) => y.over - x.over)[0]!;
  const byLoad = [...crossings].sort((x, y) => x.t - y.t || y.over - x.over)[0]!;
  const bind = mode === "interpolated" ? byLoad : byExcess;
  res.bindingSlo = bind.slo;
  res.bindingErrorRate = bind.slo === null;
  res.sloBinding = true;
  const bindP = (c: Crossing) => ({
    slo: c.slo ? sloText(c.slo) : null,
    maxMs: c.slo ? c.slo.maxMs : 0,
    maxPct: maxErr,
  });
  if (mode !== "interpolated" || byLoad.t === 0) {
    pastPeak();
    return res;
  }

  const la = load(a);
  if (la === null || !Number.isFinite(lb)) {
    warn(M.problem("noInterpolation", { kind, toward: lv(b), at: lv(a) }));
    pastPeak();
    return res;
  }
  const t = byLoad.t;
  const at = la + t * (lb - la);
  // A crossing so close to a that its load rounds to a's own (t ≈ 1e-17) is no new candidate: a stays the operating point.
  if (!(at > la)) {
    pastPeak();
    return res;
  }
  const pa = pts[a]!;
  const pb = pts[b]!;
  const it = {
    concurrency: lerp(pa.concurrency, pb.concurrency, t),
    requestRate: lerp(pa.requestRate, pb.requestRate, t),
    rps: lerp(pa.rps, pb.rps, t),
    outputTokensPerSec: lerp(pa.outputTokensPerSec, pb.outputTokensPerSec, t),
    totalTokensPerSec: lerp(pa.totalTokensPerSec, pb.totalTokensPerSec, t),
  };
  const itThr = thrKind ? it[thrKind] : null;
  // The interpolated candidate wins only with strictly more throughput (a tie keeps the lower load).
  if (thrKind && !(finite(itThr) && itThr > thr(best))) {
    warn(
      M.problem("staysMeasured", {
        ...bindP(byLoad),
        kind,
        at: loadParam(at),
        thr: finite(itThr) ? itThr : null,
        best: lv(best),
      }),
    );
    pastPeak();
    return res;
  }
  res.basis = "interpolated";
  res.concurrency = it.concurrency;
  res.requestRate = it.requestRate;
  res.rps = it.rps;
  res.outputTokensPerSec = it.outputTokensPerSec;
  res.totalTokensPerSec = it.totalTokensPerSec;
  res.pointIndex = a;
  res.towardIndex = b;
  warn(
    M.problem("interpolated", {
      ...bindP(byLoad),
      kind,
      at: loadParam(at),
      from: lv(a),
      toward: lv(b),
    }),
  );
  return res;
}
