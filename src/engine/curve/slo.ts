/**
 * The operating point of a sweep under SLOs (docs/operating-point.md; docs/metrics.md: "P99 TTFT < 1 s
 * and P95 ITL < 100 ms"). Pure functions over a sweep's points.
 *
 * An SLO passes when `value <= maxMs`: the seed writes "< 1 s", but a measured value exactly on
 * the limit is treated as meeting it (limits are written as round numbers; a strict `<` would
 * make interpolation to the threshold itself infeasible).
 */
import { finite } from "../base/number-format";
import { loadValue, type LoadKind } from "./load";
import { loadParam, sloMessages as M, type LoadParam } from "./messages";
import { sloText } from "./slo-label";
import type { Problem } from "../base/problems";
import type { MetricKey, Slo, SloMode, Sweep, SweepPoint } from "../base/types";
import {
  checkSlos,
  excessPct,
  failedSharePct,
  failureOf,
  finiteLoad,
  type ErrorRateFailure,
  type SloFailure,
  pointStatus,
  prepareSweep,
  type SloCheck,
  type SweepPrep,
} from "./slo-checks";

export {
  failedSharePct,
  type ErrorRateFailure,
  type SloFailure,
  prepareSweep,
  statValue,
  type SloCheck,
  type SweepPrep,
} from "./slo-checks";

/** Default of the plan key `maxErrorRatePct`: a level may drop at most 1 % of its requests. */
export const DEFAULT_MAX_ERROR_RATE_PCT = 1;

/** Options of {@link operatingPoint}. */
export interface OperatingPointOptions {
  /** A point passes only when failed ÷ (completed + failed) is at most this percentage (default 1). */
  maxErrorRatePct?: number;
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

/** a + t × (b − a); null when either end is unknown. */
function lerp(a: unknown, b: unknown, t: number): number | null {
  if (!finite(a) || !finite(b)) return null;
  return a + t * (b - a);
}

/** One walk of a sweep's points in load order (what the steps of {@link operatingPoint} share). */
interface Walk {
  pts: readonly SweepPoint[];
  n: number;
  res: OperatingPoint;
  warn: (p: Problem) => void;
  kind: LoadKind | null;
  order: number[];
  slos: Slo[];
  mode: SloMode;
  maxErr: number;
}

const loadAt = (w: Walk, i: number): number | null =>
  w.kind ? loadValue(w.pts[i]!, w.kind) : null;
const lvAt = (w: Walk, i: number): LoadParam => loadParam(loadAt(w, i));

/** The failed-share constraint at a point: pass, fail or unknown. */
function errPass(w: Walk, i: number): boolean | null {
  const sh = w.res.failedSharePct[i] as number | null;
  return sh === null ? null : sh <= w.maxErr;
}

/** A point's status: fails when an SLO or the failed share fails, unknown when one is unknown. */
function status(w: Walk, i: number): boolean | null {
  const st = pointStatus(w.res.checks[i]!);
  const e = errPass(w, i);
  if (st === false || e === false) return false;
  if (st === null || e === null) return null;
  return true;
}

/**
 * Walk in load order to the first point that does not pass: the last passing position, the
 * stopping position (−1 when every point passes) and its status. A point passing again after a
 * failure is a non-monotone warning.
 */
function walkOrder(w: Walk): { lastPass: number; stopPos: number; stopStatus: boolean | null } {
  const unknownErr = w.res.failedSharePct.filter((v) => v === null).length;
  if (unknownErr > 0) w.warn(M.problem("failedUnknown", { unknown: unknownErr, n: w.n }));
  let lastPass = -1;
  let stopPos = -1;
  let stopStatus: boolean | null = true;
  for (let pos = 0; pos < w.n; pos++) {
    const st = status(w, w.order[pos]!);
    if (st === true) lastPass = pos;
    else {
      stopPos = pos;
      stopStatus = st;
      break;
    }
  }
  if (stopStatus === false) {
    for (let pos = stopPos + 1; pos < w.n; pos++) {
      if (status(w, w.order[pos]!) === true) {
        w.warn(
          M.problem("nonMonotone", {
            kind: w.kind,
            at: lvAt(w, w.order[pos]!),
            after: lvAt(w, w.order[stopPos]!),
            slos: w.slos.length > 0,
          }),
        );
      }
    }
  }
  return { lastPass, stopPos, stopStatus };
}

/** The first failing point b: its load, the SLO checks failing there, its failed share and whether that fails. */
interface Stop {
  b: number;
  lb: number;
  failing: SloCheck[];
  errShareB: number;
  errFails: boolean;
}

/** The failed share's overrun in percent of its limit; null when the limit is 0. */
const errOverPct = (w: Walk, sh: number): number | null =>
  w.maxErr > 0 ? ((sh - w.maxErr) / w.maxErr) * 100 : null;

/** No point passes: infeasible, with every constraint failing at the lowest load; the worst first. */
function infeasibleAtLowest(w: Walk, s: Stop): OperatingPoint {
  const { res } = w;
  const fl = s.failing
    .map((c) => failureOf(c, s.lb))
    .sort((x, y) => excessPct(y.overPct) - excessPct(x.overPct));
  res.feasible = false;
  res.failure = fl[0] ?? null;
  res.failures = fl;
  res.sloBinding = true;
  if (s.errFails)
    res.errorRateFailure = {
      load: finiteLoad(s.lb),
      sharePct: s.errShareB,
      maxPct: w.maxErr,
      overPct: errOverPct(w, s.errShareB),
    };
  if (
    res.errorRateFailure &&
    (!res.failure || excessPct(res.errorRateFailure.overPct) > excessPct(res.failure.overPct))
  )
    res.bindingErrorRate = true;
  else res.bindingSlo = fl[0]!.slo;
  for (const f of fl) {
    w.warn(
      M.problem("infeasibleSlo", {
        slo: sloText(f.slo),
        valueMs: f.valueMs,
        kind: w.kind,
        at: lvAt(w, s.b),
        overMs: f.overMs,
        overPct: f.overPct,
        maxMs: f.maxMs,
      }),
    );
  }
  if (res.errorRateFailure)
    w.warn(
      M.problem("infeasibleFailed", {
        sharePct: s.errShareB,
        kind: w.kind,
        at: lvAt(w, s.b),
        maxPct: w.maxErr,
      }),
    );
  return res;
}

/** The candidates' best point: the most throughput (output tokens/s, else rps), ties to the lower load. */
interface Best {
  thrKind: "outputTokensPerSec" | "rps" | null;
  best: number;
  last: number;
  thr: (i: number) => number;
}

function bestCandidate(w: Walk, cands: number[]): Best {
  const { pts } = w;
  const thrKind: Best["thrKind"] = cands.every((i) => finite(pts[i]!.outputTokensPerSec))
    ? "outputTokensPerSec"
    : cands.every((i) => finite(pts[i]!.rps))
      ? "rps"
      : null;
  const thr = (i: number): number => (thrKind ? (pts[i]![thrKind] as number) : Number.NaN);
  const last = cands[cands.length - 1]!;
  let best = last;
  if (thrKind) {
    best = cands[0]!;
    // Strictly more: a tie keeps the lower load.
    for (const i of cands) if (thr(i) > thr(best)) best = i;
  } else if (cands.length > 1) {
    w.warn(M.problem("noThroughput", {}));
  }
  return { thrKind, best, last, thr };
}

/** The operating point at a measured point. */
function setFrom(res: OperatingPoint, p: SweepPoint, i: number): void {
  res.concurrency = finite(p.concurrency) ? p.concurrency : null;
  res.requestRate = p.requestRate === "inf" || finite(p.requestRate) ? p.requestRate : null;
  res.rps = finite(p.rps) ? p.rps : null;
  res.outputTokensPerSec = finite(p.outputTokensPerSec) ? p.outputTokensPerSec : null;
  res.totalTokensPerSec = finite(p.totalTokensPerSec) ? p.totalTokensPerSec : null;
  res.pointIndex = i;
}

/** The info that the best point is below the highest passing load (throughput peaked before it). */
function pastPeak(w: Walk, c: Best): void {
  if (c.best !== c.last)
    w.warn(
      M.problem("pastPeak", {
        kind: w.kind,
        at: lvAt(w, c.best),
        higher: lvAt(w, c.last),
        higherThr: c.thr(c.last),
        thr: c.thr(c.best),
        unit: c.thrKind === "rps" ? "req/s" : "tok/s",
      }),
    );
}

/** Where a constraint failing at b meets its limit between a and b (t in [0, 1)), and by how much it fails at b. */
type Crossing = { slo: Slo | null; t: number; over: number };

/** The crossings between the last candidate a and the first failing point b. */
function crossingsOf(w: Walk, a: number, s: Stop): Crossing[] {
  // a passes every constraint and b fails this one: v_a ≤ limit < v_b, so t = (limit − v_a) / (v_b − v_a) is in [0, 1).
  const crossings: Crossing[] = s.failing.map((c) => {
    const va = w.res.checks[a]!.find((x) => x.slo === c.slo)!.valueMs!;
    const vb = c.valueMs!;
    return {
      slo: c.slo,
      t: (c.slo.maxMs - va) / (vb - va),
      over: excessPct(failureOf(c, s.lb).overPct),
    };
  });
  if (s.errFails) {
    const ea = w.res.failedSharePct[a]!;
    crossings.push({
      slo: null,
      t: (w.maxErr - ea) / (s.errShareB - ea),
      over: excessPct(errOverPct(w, s.errShareB)),
    });
  }
  return crossings;
}

/**
 * Interpolated mode: one more candidate where the first constraint meets its limit between a and
 * b, the operating point when it has strictly more throughput than the best measured one.
 */
function interpolate(w: Walk, c: Best, s: Stop, byLoad: Crossing): OperatingPoint {
  const { res } = w;
  const a = c.last;
  const bindP = {
    slo: byLoad.slo ? sloText(byLoad.slo) : null,
    maxMs: byLoad.slo ? byLoad.slo.maxMs : 0,
    maxPct: w.maxErr,
  };
  const la = loadAt(w, a);
  if (la === null || !Number.isFinite(s.lb)) {
    w.warn(M.problem("noInterpolation", { kind: w.kind, toward: lvAt(w, s.b), at: lvAt(w, a) }));
    pastPeak(w, c);
    return res;
  }
  const t = byLoad.t;
  const at = la + t * (s.lb - la);
  // A crossing so close to a that its load rounds to a's own (t ≈ 1e-17) is no new candidate: a stays the operating point.
  if (!(at > la)) {
    pastPeak(w, c);
    return res;
  }
  const pa = w.pts[a]!;
  const pb = w.pts[s.b]!;
  const it = {
    concurrency: lerp(pa.concurrency, pb.concurrency, t),
    requestRate: lerp(pa.requestRate, pb.requestRate, t),
    rps: lerp(pa.rps, pb.rps, t),
    outputTokensPerSec: lerp(pa.outputTokensPerSec, pb.outputTokensPerSec, t),
    totalTokensPerSec: lerp(pa.totalTokensPerSec, pb.totalTokensPerSec, t),
  };
  const itThr = c.thrKind ? it[c.thrKind] : null;
  // The interpolated candidate wins only with strictly more throughput (a tie keeps the lower load).
  if (c.thrKind && !(finite(itThr) && itThr > c.thr(c.best))) {
    w.warn(
      M.problem("staysMeasured", {
        ...bindP,
        kind: w.kind,
        at: loadParam(at),
        thr: finite(itThr) ? itThr : null,
        best: lvAt(w, c.best),
      }),
    );
    pastPeak(w, c);
    return res;
  }
  res.basis = "interpolated";
  res.concurrency = it.concurrency;
  res.requestRate = it.requestRate;
  res.rps = it.rps;
  res.outputTokensPerSec = it.outputTokensPerSec;
  res.totalTokensPerSec = it.totalTokensPerSec;
  res.pointIndex = a;
  res.towardIndex = s.b;
  w.warn(
    M.problem("interpolated", {
      ...bindP,
      kind: w.kind,
      at: loadParam(at),
      from: lvAt(w, a),
      toward: lvAt(w, s.b),
    }),
  );
  return res;
}

/** Some point passes: the best candidate, the binding constraint at b, and in interpolated mode one more candidate. */
function feasibleFrom(w: Walk, stopPos: number, s: Stop): OperatingPoint {
  const { res } = w;
  // Candidates: the passing points before the first failing one (all points when none fails).
  const cands = w.order.slice(0, stopPos === -1 ? w.n : stopPos);
  const c = bestCandidate(w, cands);
  res.feasible = true;
  setFrom(res, w.pts[c.best]!, c.best);
  if (stopPos === -1) {
    // Every point passes: the constraints do not bind within the measured range.
    if (c.best === c.last) {
      if (w.slos.length) w.warn(M.problem("allPassHighest", { kind: w.kind, at: lvAt(w, c.last) }));
      else w.warn(M.problem("noSlos", {}));
    } else {
      w.warn(M.problem("allPassPeak", { kind: w.kind, at: lvAt(w, c.best) }));
      pastPeak(w, c);
    }
    return res;
  }
  // Between the last candidate a and the first failing point b: which constraint stops more load?
  const crossings = crossingsOf(w, c.last, s);
  const byExcess = [...crossings].sort((x, y) => y.over - x.over)[0]!;
  const byLoad = [...crossings].sort((x, y) => x.t - y.t || y.over - x.over)[0]!;
  const bind = w.mode === "interpolated" ? byLoad : byExcess;
  res.bindingSlo = bind.slo;
  res.bindingErrorRate = bind.slo === null;
  res.sloBinding = true;
  if (w.mode !== "interpolated" || byLoad.t === 0) {
    pastPeak(w, c);
    return res;
  }
  return interpolate(w, c, s, byLoad);
}

function emptyResult(
  pts: readonly SweepPoint[],
  maxErr: number,
  problems: Problem[],
): OperatingPoint {
  return {
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
  const problems: Problem[] = [];
  const warn = (p: Problem): void => void problems.push(p);
  const maxErr = opts.maxErrorRatePct ?? DEFAULT_MAX_ERROR_RATE_PCT;
  const res = emptyResult(pts, maxErr, problems);
  if (pts.length === 0) {
    warn(M.problem("noPoints", {}));
    return res;
  }
  const { kind, order } = prep;
  if (order.some((v, i) => v !== i)) warn(M.problem("sorted", { by: kind ?? "position" }));
  checkSlos(prep, pts, slos, res.checks, res.missing, warn);
  const w: Walk = { pts, n: pts.length, res, warn, kind, order, slos, mode, maxErr };
  const { lastPass, stopPos, stopStatus } = walkOrder(w);
  if (stopStatus === null) {
    // A needed value is missing at the point the walk must judge: unknown, never invented.
    res.feasible = null;
    res.pointIndex = lastPass >= 0 ? order[lastPass]! : null;
    warn(M.problem("cannotCheck", { kind, at: lvAt(w, order[stopPos]!) }));
    return res;
  }
  // When no point fails (stopPos −1) b, failing, errShareB and errFails are never read: every branch that reads them has a failing point.
  const b = stopPos >= 0 ? order[stopPos]! : -1;
  const stop: Stop = {
    b,
    lb: b >= 0 ? (loadAt(w, b) ?? Number.NaN) : Number.NaN,
    failing: b >= 0 ? res.checks[b]!.filter((c) => c.pass === false) : [],
    errShareB: b >= 0 ? res.failedSharePct[b]! : 0,
    errFails: b >= 0 && errPass(w, b) === false,
  };
  if (stopPos === 0) return infeasibleAtLowest(w, stop);
  return feasibleFrom(w, stopPos, stop);
}
