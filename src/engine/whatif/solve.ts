/**
 * Goal seek (docs/uncertainty.md, `capplan solve`): the value of one input at which a result
 * reaches a number or another result (break-even). Continuous results to 1e-9 relative; step
 * results (`replicas`, `gpus`) give the boundary. Pure; "no solution" is an answer, not an error.
 */
import type { Problem } from "../base/problems";
import { whatifMessages as M } from "./messages";
import {
  evaluate,
  inputValue,
  isInputPath,
  readResult,
  withInput,
  type WhatIfInput,
} from "./model";

export interface SolveRequest {
  /** A result path of `plan --json` (`skus[0].replicas`). */
  target: string;
  /** The number to reach, or another result path (break-even). */
  value: number | string;
  /** An input path (`cells.peak_rps`, `skus[1].pricePerGpuHour`, `skus[0].replicaOutputTokensPerSec`). */
  vary: string;
}

export interface SolveResult {
  found: boolean;
  vary: string;
  /** The input's value found (null when none). */
  value: number | null;
  /** What the target had to reach there: the number, or the other result at that input. */
  target: number | null;
  /** The target result at that input. */
  achieved: number | null;
  /** The input's value in the plan as it is. */
  base: number | null;
  /** Why nothing was found (an info), or a bad path (an error). */
  problem?: Problem;
}

/** Results that move in whole steps: goal seek gives the boundary. */
const STEP = /\.(replicas|gpus)$/;
/** How far the search reaches from the input's own value, each way: × or ÷ 2^40. */
const REACH = 40;

/** Goal seek: find the input value where the target reaches the value (docs/uncertainty.md). */
export function solve(input: WhatIfInput, req: SolveRequest): SolveResult {
  const base = evaluate(input);
  const out = (over: Partial<SolveResult>): SolveResult => ({
    found: false,
    vary: req.vary,
    value: null,
    target: null,
    achieved: null,
    base: null,
    ...over,
  });
  if (!isInputPath(input, req.vary))
    return out({ problem: M.problem("notInput", { path: req.vary }) });
  const x0 = inputValue(input, base, req.vary);
  if (x0 === null) return out({ problem: M.problem("notInput", { path: req.vary }) });
  if (readResult(base, req.target) === null && typeof req.value === "number")
    return out({
      base: x0,
      problem: M.problem("noNumber", { vary: req.vary, target: req.target }),
    });
  if (typeof req.value === "string" && readResult(base, req.value) === null)
    return out({ base: x0, problem: M.problem("noResult", { path: req.value }) });

  /** Target and goal at input x (null where the plan has no number). */
  const at = (x: number): { t: number | null; g: number | null } => {
    const r = evaluate(withInput(input, base, req.vary, x));
    const g = typeof req.value === "number" ? req.value : readResult(r, req.value);
    return { t: readResult(r, req.target), g };
  };
  const f = (x: number): number | null => {
    const { t, g } = at(x);
    return t === null || g === null ? null : t - g;
  };
  const step = STEP.test(req.target) && typeof req.value === "number";
  // Candidates outward from x0 (each side doubling), to find a sign change of f (step results: of f − 0 with f ≤ 0 on one side).
  const start = x0 > 0 ? x0 : 1;
  const xs: number[] = [start];
  for (let k = 1; k <= REACH; k++) xs.push(start * 2 ** k, start / 2 ** k);
  let lo: { x: number; f: number } | null = null;
  let hi: { x: number; f: number } | null = null;
  let min: number | null = null;
  let max: number | null = null;
  const seen: { x: number; f: number }[] = [];
  for (const x of xs) {
    const v = f(x);
    if (v === null) continue;
    const t = v + (typeof req.value === "number" ? req.value : at(x).g!);
    min = min === null ? t : Math.min(min, t);
    max = max === null ? t : Math.max(max, t);
    seen.push({ x, f: v });
  }
  seen.sort((a, b) => a.x - b.x);
  // The bracket nearest the plan's own value: adjacent samples where f changes sign (step: where f ≤ 0 meets f > 0).
  let best = Infinity;
  for (let i = 0; i + 1 < seen.length; i++) {
    const a = seen[i]!;
    const b = seen[i + 1]!;
    const crosses = step ? a.f <= 0 !== b.f <= 0 : a.f === 0 || Math.sign(a.f) !== Math.sign(b.f);
    if (!crosses) continue;
    const d = Math.abs(Math.log(a.x / start)) + Math.abs(Math.log(b.x / start));
    if (d < best) {
      best = d;
      lo = a;
      hi = b;
    }
  }
  if (!lo || !hi) {
    if (min === null)
      return out({
        base: x0,
        problem: M.problem("noNumber", { vary: req.vary, target: req.target }),
      });
    const goal = typeof req.value === "number" ? req.value : (at(x0).g ?? 0);
    return out({
      base: x0,
      problem: M.problem("noBracket", {
        vary: req.vary,
        from: start / 2 ** REACH,
        to: start * 2 ** REACH,
        target: req.target,
        min,
        max,
        value: goal,
      }),
    });
  }
  const x = step ? boundary(f, lo, hi) : root(f, lo, hi);
  const { t, g } = at(x);
  return out({ found: true, value: x, target: g, achieved: t, base: x0 });
}

/**
 * A step result's boundary between a (f ≤ 0) and b (f > 0) or the reverse: the input at the edge
 * on the side where the result is at most the value (to the last representable digits).
 */
function boundary(
  f: (x: number) => number | null,
  a: { x: number; f: number },
  b: { x: number; f: number },
): number {
  let ok = a.f <= 0 ? a.x : b.x;
  let bad = a.f <= 0 ? b.x : a.x;
  for (let i = 0; i < 200 && Math.abs(bad - ok) > 1e-15 * Math.abs(ok); i++) {
    const mid = (ok + bad) / 2;
    const v = f(mid);
    if (v !== null && v <= 0) ok = mid;
    else bad = mid;
  }
  return ok;
}

/** A root of f between a and b (signs differ): regula falsi (Illinois) with bisection, to 1e-9 relative or better. */
function root(
  f: (x: number) => number | null,
  a: { x: number; f: number },
  b: { x: number; f: number },
): number {
  if (a.f === 0) return a.x;
  if (b.f === 0) return b.x;
  let [x1, f1, x2, f2] = [a.x, a.f, b.x, b.f];
  let side = 0;
  let best = Math.abs(f1) < Math.abs(f2) ? x1 : x2;
  for (let i = 0; i < 300; i++) {
    // Illinois step, or the midpoint when it would leave the bracket.
    let x = (x1 * f2 - x2 * f1) / (f2 - f1);
    if (!(x > Math.min(x1, x2) && x < Math.max(x1, x2))) x = (x1 + x2) / 2;
    const v = f(x);
    if (v === null) {
      x = (x1 + x2) / 2;
    }
    const fx = v ?? f(x);
    if (fx === null) break;
    best = x;
    if (fx === 0 || Math.abs(x2 - x1) <= 1e-15 * Math.abs(x)) break;
    if (Math.sign(fx) === Math.sign(f2)) {
      x2 = x;
      f2 = fx;
      if (side === -1) f1 /= 2;
      side = -1;
    } else {
      x1 = x;
      f1 = fx;
      if (side === 1) f2 /= 2;
      side = 1;
    }
    if (Math.abs(fx) <= 1e-12 * Math.max(1, Math.abs(fx))) break;
  }
  return best;
}
