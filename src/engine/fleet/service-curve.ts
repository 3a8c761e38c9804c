/**
 * The service curve of one replica (docs/simulate.md): mean TTFT and mean TPOT as functions of
 * the number of requests in service, read from the SKU's own sweep. Between the sweep's load
 * levels the values are interpolated linearly in concurrency; below the first level the first
 * point's values hold, above the last the last point's.
 *
 * A closed-loop point sits at its concurrency. An open-loop point (no concurrency, a request
 * rate) sits at its mean number in service by Little's law, rps × mean E2E ÷ 1000, which is what
 * its concurrency was.
 */
import type { SweepPoint } from "../base/types";
import type { Problem } from "../base/problems";
import { fleetMessages as F } from "./messages";

/** One level of the curve: requests in service, mean TTFT and mean TPOT (ms). */
export interface CurveLevel {
  concurrency: number;
  ttftMs: number;
  tpotMs: number;
}

/** The curve read from a sweep: its levels in ascending concurrency, and what was substituted. */
export interface ServiceCurve {
  levels: CurveLevel[];
  /** True when some level took `itlMs.mean` because the point has no `tpotMs.mean`. */
  itlForTpot: boolean;
}

const finitePos = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x > 0;
const finiteNonNeg = (x: unknown): x is number =>
  typeof x === "number" && Number.isFinite(x) && x >= 0;

/** Where a point sits on the concurrency axis: its concurrency, or rps × mean E2E ÷ 1000; null when neither is known. */
export function pointConcurrency(p: SweepPoint): number | null {
  if (finitePos(p.concurrency)) return p.concurrency;
  const e2e = p.e2eMs?.mean;
  if (finitePos(p.rps) && finitePos(e2e)) return (p.rps * e2e) / 1000;
  return null;
}

/**
 * The curve of a sweep's points; an error problem when no point has a place on the concurrency
 * axis, a mean TTFT and a mean TPOT (or ITL). Points missing one of these are left out; two
 * points at the same concurrency keep the first.
 */
export function serviceCurve(
  points: readonly SweepPoint[],
): { ok: true; curve: ServiceCurve } | { ok: false; problem: Problem } {
  const levels: CurveLevel[] = [];
  let itlForTpot = false;
  for (const p of points) {
    const c = pointConcurrency(p);
    const ttft = p.ttftMs?.mean;
    const tpotOwn = p.tpotMs?.mean;
    const tpot = finiteNonNeg(tpotOwn) ? tpotOwn : p.itlMs?.mean;
    if (c === null || !finiteNonNeg(ttft) || !finiteNonNeg(tpot)) continue;
    if (!finiteNonNeg(tpotOwn)) itlForTpot = true;
    levels.push({ concurrency: c, ttftMs: ttft, tpotMs: tpot });
  }
  if (!levels.length)
    return { ok: false, problem: F.problem("noCurve", { points: points.length }) };
  // Stable: equal concurrencies keep their input order, and the first one is kept.
  levels.sort((a, b) => a.concurrency - b.concurrency);
  const unique = levels.filter((l, i) => i === 0 || l.concurrency !== levels[i - 1]!.concurrency);
  return { ok: true, curve: { levels: unique, itlForTpot } };
}

/** `which` of the curve at concurrency `k`: linear between levels, held beyond the ends. */
export function curveAt(
  levels: readonly CurveLevel[],
  k: number,
  which: "ttftMs" | "tpotMs",
): number {
  const first = levels[0]!;
  if (k <= first.concurrency) return first[which];
  for (let i = 1; i < levels.length; i++) {
    const hi = levels[i]!;
    if (k <= hi.concurrency) {
      const lo = levels[i - 1]!;
      const f = (k - lo.concurrency) / (hi.concurrency - lo.concurrency);
      return lo[which] + f * (hi[which] - lo[which]);
    }
  }
  return levels[levels.length - 1]![which];
}

/** TTFT and TPOT (ms) for 1 … `slots` requests in service: index k holds the values at k (index 0 unused). */
export function curveTables(
  levels: readonly CurveLevel[],
  slots: number,
): { ttft: Float64Array; tpot: Float64Array } {
  const ttft = new Float64Array(slots + 1);
  const tpot = new Float64Array(slots + 1);
  for (let k = 1; k <= slots; k++) {
    ttft[k] = curveAt(levels, k, "ttftMs");
    tpot[k] = curveAt(levels, k, "tpotMs");
  }
  return { ttft, tpot };
}
