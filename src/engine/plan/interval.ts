/**
 * Error bars (docs/uncertainty.md): the capacity chain (docs/capacity.md) of a SKU evaluated at the ends of its operating
 * point's t-interval of capacity, and the repeats that fail an SLO the median passes. Pure.
 *
 * Capacity low → replicas and cost high: `replicas` = [at the interval's hi, at its lo].
 */
import type { Problem } from "../base/problems";
import { METRIC_FIELD, type Slo, type SpreadStat, type Sweep } from "../base/types";
import { capacity, type SkuCapacityInput } from "../chain/capacity";
import { loadKind, loadValue } from "../curve/load";
import { loadParam } from "../curve/messages";
import type { OperatingPoint } from "../curve/slo";
import { normStat, sloText } from "../curve/slo-label";
import { MIN_RUNS_FOR_INTERVAL } from "../curve/spread";
import { intervalMessages as M } from "./interval-messages";

/** A `[low, high]` pair; an end is null when the chain has no number there (a capacity interval reaching 0). */
export type Range = [number | null, number | null];

/** `skus[].interval` of `plan --json`. */
export interface SkuInterval {
  outputTokensPerSec: Range;
  replicas: Range;
  costPerHour: Range;
  costPerMillionOutputTokens: Range;
}

/** The capacity interval of one workload on a SKU: output tokens/s of one replica, low and high. */
export interface CapacityBounds {
  lo: number;
  hi: number;
  /** The fewest runs behind it. */
  n: number;
}

const fin = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The spread of the field a capacity is read from, or [value, value] when the point has none. */
function ends(sweep: Sweep, i: number, field: "outputTokensPerSec" | "rps"): SpreadStat | null {
  return sweep.points[i]?.spread?.[field] ?? null;
}

/**
 * The capacity interval of an operating point (docs/uncertainty.md): a measured point's t-interval
 * of output tokens/s (of rps × output tokens per request when the sweep has no tokens/s); an
 * interpolated point interpolates lo and hi with its own fraction. Null without a spread of at
 * least {@link MIN_RUNS_FOR_INTERVAL} runs.
 */
export function capacityBounds(
  sweep: Sweep,
  op: OperatingPoint,
  capTps: number,
): CapacityBounds | null {
  if (op.feasible !== true || op.pointIndex === null) return null;
  const field = fin(op.outputTokensPerSec) ? "outputTokensPerSec" : "rps";
  const value = field === "outputTokensPerSec" ? op.outputTokensPerSec : op.rps;
  // rps × output tokens: the interval scales by the same tokens per request.
  const scale = fin(value) && value > 0 ? capTps / value : NaN;
  if (!fin(scale)) return null;
  const a = ends(sweep, op.pointIndex, field);
  let lo: number;
  let hi: number;
  let n: number;
  if (op.basis === "interpolated" && op.towardIndex !== null) {
    const b = ends(sweep, op.towardIndex, field);
    if (!a && !b) return null;
    const kind = loadKind(sweep.points);
    const pa = sweep.points[op.pointIndex]!;
    const pb = sweep.points[op.towardIndex]!;
    const la = kind ? loadValue(pa, kind) : null;
    const lb = kind ? loadValue(pb, kind) : null;
    const at = kind === "concurrency" ? op.concurrency : kind === "rps" ? op.rps : op.requestRate;
    if (!fin(la) || !fin(lb) || !fin(at) || lb === la) return null;
    const t = (at - la) / (lb - la);
    const va = pa[field];
    const vb = pb[field];
    const aLo = a?.lo ?? va;
    const aHi = a?.hi ?? va;
    const bLo = b?.lo ?? vb;
    const bHi = b?.hi ?? vb;
    if (!fin(aLo) || !fin(aHi) || !fin(bLo) || !fin(bHi)) return null;
    lo = aLo + t * (bLo - aLo);
    hi = aHi + t * (bHi - aHi);
    n = Math.min(a?.n ?? Infinity, b?.n ?? Infinity);
  } else {
    if (!a) return null;
    lo = a.lo;
    hi = a.hi;
    n = a.n;
  }
  if (n < MIN_RUNS_FOR_INTERVAL) return null;
  return { lo: lo * scale, hi: hi * scale, n };
}

type Factors = Parameters<typeof capacity>[1];

/**
 * The SKU's interval: the chain at each workload's capacity `hi` (the low replicas and costs) and
 * at its `lo` (the high ones); a workload without bounds keeps its capacity at both ends. Null
 * when no workload has bounds.
 */
export function skuInterval(
  input: SkuCapacityInput,
  bounds: readonly (CapacityBounds | null)[],
  factors: Factors,
): SkuInterval | null {
  if (!bounds.some((b) => b)) return null;
  const at = (end: "lo" | "hi") => {
    const per = input.perWorkload.map((pw, i) => ({
      ...pw,
      replicaOutputTokensPerSec: bounds[i]?.[end] ?? pw.replicaOutputTokensPerSec,
    }));
    if (per.some((p) => !(p.replicaOutputTokensPerSec > 0))) return null;
    const r = capacity({ ...input, perWorkload: per }, factors).value;
    if (!r) return null;
    const c = r.replicaOutputTokensPerSec ?? per[0]!.replicaOutputTokensPerSec;
    const num = (v: number | null) => (v !== null && fin(v) ? v : null);
    return {
      c: num(c),
      replicas: num(r.replicas),
      costPerHour: num(r.costPerHour),
      perM: num(r.costPerMillionOutputTokens),
    };
  };
  const low = at("lo");
  const high = at("hi");
  return {
    outputTokensPerSec: [low?.c ?? null, high?.c ?? null],
    replicas: [high?.replicas ?? null, low?.replicas ?? null],
    costPerHour: [high?.costPerHour ?? null, low?.costPerHour ?? null],
    costPerMillionOutputTokens: [high?.perM ?? null, low?.perM ?? null],
  };
}

/**
 * A warning when the operating point's own measured point (an interpolated one: the last passing
 * point) passes on the median of its runs but some runs fail an SLO: in how many of the n runs all
 * SLOs held. Each SLO is read from the metric it was checked on (an ITL SLO on TPOT, …).
 */
export function repeatSloProblem(
  sweep: Sweep,
  op: OperatingPoint,
  slos: readonly Slo[],
): Problem | null {
  if (op.feasible !== true || op.pointIndex === null) return null;
  const p = sweep.points[op.pointIndex]!;
  const n = p.repeats ?? 0;
  if (n < 2 || !p.spread) return null;
  const checks = op.checks[op.pointIndex] ?? [];
  const failedIn = new Set<string>();
  let held = 0;
  const runs = slos.map((slo) => {
    const used = checks.find((c) => c.slo === slo)?.usedMetric ?? slo.metric;
    const s = p.spread?.[METRIC_FIELD[used]]?.[normStat(slo.stat)];
    return { slo, values: s && s.values.length === n ? s.values : null };
  });
  for (let r = 0; r < n; r++) {
    let ok = true;
    for (const { slo, values } of runs) {
      if (values && values[r]! > slo.maxMs) {
        ok = false;
        failedIn.add(sloText(slo, {}));
      }
    }
    if (ok) held++;
  }
  if (held === n) return null;
  const kind = loadKind(sweep.points);
  return M.problem("repeatFailsSlo", {
    kind,
    at: loadParam(kind ? loadValue(p, kind) : null),
    n,
    held,
    failed: [...failedIn],
  });
}

/** The info of a SKU without error bars (docs/uncertainty.md). */
export function noRepeatsProblem(subject: string): Problem {
  return M.problem("noRepeats", {}, { subject });
}
