/**
 * Replicas, GPUs and cost of one SKU for a set of workloads (docs/capacity.md). Pure arithmetic
 * over plain numbers.
 */
import { capacityMessages as M } from "./capacity-messages";
import type { Problem } from "../base/problems";
import { evaluateSku, replicasOf, run, type SkuLeaves, type WorkloadLeaves } from "./evaluate";
import { QUANTITIES, SECONDS_PER_DAY } from "./quantities";

/** A workload: means per request and the peak (and optionally forecast) request rate. */
export interface WorkloadInput {
  name: string;
  peakRps: number;
  inputTokens: number;
  outputTokens: number;
  avgRps?: number | null;
  dailyRequests?: number | null;
}

/** A SKU with the per-replica output throughput it reaches for each workload (its operating point). */
export interface SkuCapacityInput {
  gpusPerReplica: number;
  pricePerGpuHour: number;
  perWorkload: {
    workload: WorkloadInput;
    replicaOutputTokensPerSec: number;
    sweepMeanInputTokens?: number | null;
    sweepMeanOutputTokens?: number | null;
  }[];
}

/**
 * Capacity and cost of one SKU (docs/capacity.md), as the declared chain (quantities.ts) computes
 * them. A ratio with nothing to divide by (no peak load) is null, never NaN.
 */
export interface CapacityNumbers {
  replicasBase: number;
  replicasRaw: number;
  replicas: number;
  gpus: number;
  costPerHour: number;
  costPerDay: number;
  costPerMonth: number;
  costPerOutputToken: number;
  costPerMillionOutputTokens: number;
  costPerRequest: number;
  /** Fleet cost ÷ output tokens at peak load (null without peak load). */
  peak: {
    outputTokensPerSec: number;
    costPerOutputToken: number | null;
    costPerMillionOutputTokens: number | null;
  };
  /** Fleet cost ÷ output tokens at the forecast rate (avgRps, or dailyRequests ÷ 86,400); null when none is given. */
  forecast: {
    /** Null when it overflows (then a warning says so). */
    outputTokensPerSec: number | null;
    costPerOutputToken: number | null;
    costPerMillionOutputTokens: number | null;
    utilization: number | null;
  } | null;
  /** Peak output tokens/s ÷ (replicas × weighted replica capacity) = replicasBase ÷ replicas. */
  utilizationAtPeak: number | null;
  /** Weighted replica output capacity, tokens/s (added field): Σ peak output tokens/s ÷ replicasBase. */
  replicaOutputTokensPerSec: number;
}

/** The numbers, or null when an input is invalid; the problems say why (code `capacity.*`). */
export interface CapacityResult {
  value: CapacityNumbers | null;
  problems: Problem[];
}

export { ceilTol, HOURS_PER_MONTH } from "./quantities";
/** Relative difference in mean input/output length beyond which a sweep is flagged (docs/capacity.md). */
export const LENGTH_MISMATCH = 0.25;

/** Tokens per request = input + output (the declaration `tokensPerRequest`): 300 + 300 → 600. */
export function tokensPerRequest(w: WorkloadInput): number | null {
  return run(QUANTITIES.tokensPerRequest, (id) => leaf(w, id), none);
}

/** Token rate at peak = peakRps × (input + output) (`tokensPerSec`): 50 × 600 = 30,000 tok/s. */
export function tokensPerSec(w: WorkloadInput): number | null {
  const perRequest = tokensPerRequest(w);
  return run(
    QUANTITIES.tokensPerSec,
    (id) => (id === "tokensPerRequest" ? perRequest : leaf(w, id)),
    none,
  );
}

const none = (): number[] => [];
function leaf(w: WorkloadInput, id: string): number | null {
  const x = (w as unknown as Record<string, unknown>)[id];
  return typeof x === "number" ? x : null;
}

function ok(x: unknown, min: number, strict: boolean): x is number {
  return typeof x === "number" && Number.isFinite(x) && (strict ? x > min : x >= min);
}

/**
 * Capacity and cost of a SKU (docs/capacity.md):
 * replicasBase = Σ_w peakRps_w × outputTokens_w / replicaOutputTokensPerSec_w (docs/capacity.md);
 * replicasRaw = replicasBase × elasticity × redundancy (N+k: replicasBase × elasticity + k);
 * replicas = ceilTol(replicasRaw) (N+k: ceilTol(replicasBase × elasticity) + k);
 * gpus = replicas × gpusPerReplica; costPerHour = gpus × pricePerGpuHour; ×24 per day, ×730 per month.
 * costPerOutputToken = gpusPerReplica × price / (C × 3600), where C is the replica output capacity;
 * with several workloads C is the output-token-weighted harmonic mean
 * C = Σ_w o_w / Σ_w (o_w / C_w) with o_w = peakRps_w × outputTokens_w, i.e. the replica-hours per
 * output token of each workload summed with its share of the output tokens (C = Σ o_w / replicasBase).
 * costPerRequest = costPerOutputToken × request-weighted mean output length (docs/cli.md).
 * Peak basis: costPerHour ÷ (Σ o_w × 3600). Forecast basis (avgRps, else dailyRequests ÷ 86400):
 * costPerHour ÷ (forecast output tokens/s × 3600), utilization = forecast output tokens/s ÷ (replicas × C).
 * Invalid inputs (non-positive capacity or GPUs, negative rate or price) give no numbers (null) and an error.
 */
export function capacity(sku: SkuCapacityInput, factors: CapacityFactors): CapacityResult {
  const { leaves, problems } = checkCapacity(sku, factors);
  if (!leaves) return { value: null, problems };
  const e = evaluateSku(leaves);
  // Finite inputs can still overflow (1e306 req/s): then there is no fleet to price.
  const missing = FINITE.find((k) => e.values[k] === null);
  if (missing) {
    problems.push(M.problem("notFinite", { quantity: missing }));
    return { value: null, problems };
  }
  if (e.values.forecastOutputTokensPerSec === null)
    problems.push(M.problem("forecastNotFinite", {}));
  return { value: capacityOf(e.values), problems };
}

export interface CapacityFactors {
  elasticity: number;
  redundancy: { factor: number } | { spare: number };
}

/**
 * The one check of a SKU's inputs (capacity and the schedule read it): the chain's leaves, or null
 * when an input is invalid; the problems say what (errors) and what is doubtful (warnings).
 */
export function checkCapacity(
  sku: SkuCapacityInput,
  factors: CapacityFactors,
): { leaves: SkuLeaves | null; problems: Problem[] } {
  const problems: Problem[] = [];
  const warn = (p: Problem): void => {
    problems.push(p);
  };
  const { gpusPerReplica: g, pricePerGpuHour: price } = sku;
  let valid = true;
  const bad = (p: Problem): void => {
    warn(p);
    valid = false;
  };
  if (!ok(g, 0, true)) bad(M.problem("gpusInvalid", { got: String(g) }));
  if (!ok(price, 0, false)) bad(M.problem("priceInvalid", { got: String(price) }));
  if (!ok(factors.elasticity, 0, true))
    bad(M.problem("elasticityInvalid", { got: String(factors.elasticity) }));
  else if (factors.elasticity < 1)
    warn(
      M.problem(
        "factorBelowOne",
        { factor: "elasticity", value: factors.elasticity },
        { path: "factors.elasticity" },
      ),
    );
  let spare: number | null = null;
  let redundancy = 1;
  if ("spare" in factors.redundancy) {
    const k = factors.redundancy.spare;
    if (!ok(k, 0, false)) bad(M.problem("spareInvalid", { got: String(k) }));
    else if (!Number.isInteger(k)) {
      spare = Math.ceil(k);
      warn(
        M.problem(
          "spareFractional",
          { value: k, using: spare },
          { path: "factors.redundancy.spare" },
        ),
      );
    } else spare = k;
  } else {
    redundancy = factors.redundancy.factor;
    if (!ok(redundancy, 0, true)) bad(M.problem("redundancyInvalid", { got: String(redundancy) }));
    else if (redundancy < 1)
      warn(
        M.problem(
          "factorBelowOne",
          { factor: "redundancy", value: redundancy },
          { path: "factors.redundancy" },
        ),
      );
  }
  if (sku.perWorkload.length === 0) bad(M.problem("noWorkloads", {}));

  const leaves: WorkloadLeaves[] = [];
  for (const pw of sku.perWorkload) {
    const w = pw.workload;
    const c = pw.replicaOutputTokensPerSec;
    const subject = { subject: w.name };
    if (!ok(c, 0, true)) bad(M.problem("capacityInvalid", { got: String(c) }, subject));
    if (!ok(w.peakRps, 0, false))
      bad(M.problem("peakInvalid", { got: String(w.peakRps) }, subject));
    if (!ok(w.outputTokens, 0, true))
      bad(M.problem("outputInvalid", { got: String(w.outputTokens) }, subject));
    if (!ok(w.inputTokens, 0, false))
      bad(M.problem("inputInvalid", { got: String(w.inputTokens) }, subject));
    lengthCheck(w.name, "input", pw.sweepMeanInputTokens, w.inputTokens, warn);
    lengthCheck(w.name, "output", pw.sweepMeanOutputTokens, w.outputTokens, warn);
    leaves.push({
      inputTokens: w.inputTokens,
      outputTokens: w.outputTokens,
      peakRps: w.peakRps,
      forecastRps: forecastRate(w),
      workloadCapacity: c,
    });
  }
  if (valid && leaves.every((l) => l.peakRps === 0)) warn(M.problem("zeroPeak", {}));
  if (leaves.some((l) => l.forecastRps !== null))
    leaves.forEach((l, i) => {
      const w = sku.perWorkload[i]!.workload;
      if (l.forecastRps === null) {
        l.forecastRps = w.peakRps;
        warn(M.problem("forecastFromPeak", { peakRps: w.peakRps }, { subject: w.name }));
      } else if (l.forecastRps > w.peakRps)
        warn(
          M.problem(
            "forecastAbovePeak",
            { rate: l.forecastRps, peakRps: w.peakRps },
            { subject: w.name },
          ),
        );
    });
  if (!valid) return { leaves: null, problems };
  return {
    leaves: {
      gpusPerReplica: g,
      pricePerGpuHour: price,
      elasticity: factors.elasticity,
      redundancy: spare !== null ? { spare } : { factor: redundancy },
      workloads: leaves,
    },
    problems,
  };
}

/** The numbers a fleet always has; one that overflows leaves no numbers (a ratio may be null). */
const FINITE = [
  "replicasBase",
  "replicasRaw",
  "replicas",
  "gpus",
  "costPerHour",
  "costPerDay",
  "costPerMonth",
  "costPerOutputToken",
  "costPerMillionOutputTokens",
  "costPerRequest",
  "peakOutputTokensPerSec",
  "replicaOutputTokensPerSec",
] as const;

/** The result shape of an evaluated SKU chain (its values by result key). */
export function capacityOf(v: Readonly<Record<string, number | null>>): CapacityNumbers {
  // Every key of FINITE is checked before: a number here.
  const n = (k: string): number => v[k]!;
  return {
    replicasBase: n("replicasBase"),
    replicasRaw: n("replicasRaw"),
    replicas: n("replicas"),
    gpus: n("gpus"),
    costPerHour: n("costPerHour"),
    costPerDay: n("costPerDay"),
    costPerMonth: n("costPerMonth"),
    costPerOutputToken: n("costPerOutputToken"),
    costPerMillionOutputTokens: n("costPerMillionOutputTokens"),
    costPerRequest: n("costPerRequest"),
    peak: {
      outputTokensPerSec: n("peakOutputTokensPerSec"),
      costPerOutputToken: v.peakCostPerOutputToken ?? null,
      costPerMillionOutputTokens: v.peakCostPerMillionOutputTokens ?? null,
    },
    forecast:
      v.forecastOutputTokensPerSec === undefined
        ? null
        : {
            outputTokensPerSec: v.forecastOutputTokensPerSec,
            costPerOutputToken: v.forecastCostPerOutputToken ?? null,
            costPerMillionOutputTokens: v.forecastCostPerMillionOutputTokens ?? null,
            utilization: v.forecastUtilization ?? null,
          },
    utilizationAtPeak: v.utilizationAtPeak ?? null,
    replicaOutputTokensPerSec: n("replicaOutputTokensPerSec"),
  };
}

/** The forecast rate of a workload: avgRps, else dailyRequests ÷ 86,400; null when neither is given. */
export function forecastRate(w: WorkloadInput): number | null {
  if (ok(w.avgRps, 0, false)) return w.avgRps;
  if (ok(w.dailyRequests, 0, false))
    return QUANTITIES.dailyRate.compute(
      { dailyRequests: w.dailyRequests, secondsPerDay: SECONDS_PER_DAY },
      {},
    );
  return null;
}

/**
 * The replicas of docs/capacity.md for a base replica count (also each interval of a schedule,
 * docs/schedules.md): the declared chain's `replicas` (N+k: `replicasSpare`). `spare` must
 * already be a whole number.
 */
export function replicasFromBase(
  base: number,
  elasticity: number,
  redundancy: { factor: number } | { spare: number },
): number {
  return replicasOf(base, { elasticity, redundancy });
}

/**
 * The length warning (docs/capacity.md): the sweep was measured at lengths more than 25 % away
 * from the workload's, so its capacity may not hold for them.
 */
function lengthCheck(
  name: string,
  which: "input" | "output",
  sweepMean: number | null | undefined,
  workload: number,
  warn: (p: Problem) => void,
): void {
  if (!ok(sweepMean, 0, false) || !ok(workload, 0, true)) return;
  const rel = Math.abs(sweepMean - workload) / workload;
  if (rel > LENGTH_MISMATCH)
    warn(
      M.problem(
        "lengthMismatch",
        { which, sweep: sweepMean, workload, pct: rel * 100 },
        { subject: name },
      ),
    );
}
