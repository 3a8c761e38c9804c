/**
 * Replicas, GPUs and cost of one SKU for a set of workloads (docs/capacity.md; docs/capacity.md,
 * §4.4). Pure arithmetic over plain numbers.
 */
import { capacityMessages as M } from "./capacity-messages";
import type { Problem } from "../base/problems";

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

/** Capacity and cost of one SKU (docs/capacity.md). Undefined ratios (division by zero) are NaN, i.e. null in JSON. */
export interface CapacityResult {
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
  /** Fleet cost ÷ output tokens at peak load. */
  peak: {
    outputTokensPerSec: number;
    costPerOutputToken: number;
    costPerMillionOutputTokens: number;
  };
  /** Fleet cost ÷ output tokens at the forecast rate (avgRps, or dailyRequests ÷ 86400); null when none is given. */
  forecast: {
    outputTokensPerSec: number;
    costPerOutputToken: number;
    costPerMillionOutputTokens: number;
    utilization: number;
  } | null;
  /** Peak output tokens/s ÷ (replicas × weighted replica capacity) = replicasBase ÷ replicas. */
  utilizationAtPeak: number;
  /** Weighted replica output capacity, tokens/s (added field): Σ peak output tokens/s ÷ replicasBase. */
  replicaOutputTokensPerSec?: number;
  /** The English of {@link problems} (docs/problems.md). */
  warnings: string[];
  /** The warnings as values (code `capacity.*`), in the order of `warnings`. */
  problems: Problem[];
}

/** Hours per month used for costPerMonth (docs/capacity.md: 730 = 8760 / 12). */
export const HOURS_PER_MONTH = 730;
/** Relative difference in mean input/output length beyond which a sweep is flagged (docs/capacity.md). */
export const LENGTH_MISMATCH = 0.25;

/** Tokens per request = input + output (docs/capacity.md): 300 + 300 → 600. */
export function tokensPerRequest(w: WorkloadInput): number {
  return w.inputTokens + w.outputTokens;
}

/** Token rate at peak = peakRps × (input + output) (docs/capacity.md): 50 × 600 = 30,000 tok/s. */
export function tokensPerSec(w: WorkloadInput): number {
  return w.peakRps * tokensPerRequest(w);
}

/** Ceiling with a 1e-9 tolerance (docs/capacity.md): 14.4000000001 → 15, 15.0000000001 → 15, 14.4 → 15. */
export function ceilTol(x: number): number {
  // Stryker disable next-line ConditionalExpression: early return; Math.ceil keeps ±Infinity and NaN as they are
  if (!Number.isFinite(x)) return x;
  const r = Math.ceil(x - 1e-9);
  return r === 0 ? 0 : r;
}

function div(a: number, b: number): number {
  return b === 0 || !Number.isFinite(b) ? NaN : a / b;
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
 * Invalid inputs (non-positive capacity or GPUs, negative rate or price) give NaN results and a warning.
 */
export function capacity(
  sku: SkuCapacityInput,
  factors: { elasticity: number; redundancy: { factor: number } | { spare: number } },
): CapacityResult {
  const warnings: string[] = [];
  const problems: Problem[] = [];
  const warn = (p: Problem): void => {
    problems.push(p);
    warnings.push(M.en(p));
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

  let outPeak = 0;
  let base = 0;
  let rpsSum = 0;
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
    const o = w.peakRps * w.outputTokens;
    outPeak += o;
    base += o / c;
    rpsSum += w.peakRps;
    lengthCheck(w.name, "input", pw.sweepMeanInputTokens, w.inputTokens, warn);
    lengthCheck(w.name, "output", pw.sweepMeanOutputTokens, w.outputTokens, warn);
  }
  if (valid && rpsSum === 0) warn(M.problem("zeroPeak", {}));

  // Weighted replica capacity C (harmonic, weighted by peak output tokens; by output tokens per request when there is no load).
  const pws = sku.perWorkload;
  let C: number;
  if (pws.length === 1) C = pws[0]!.replicaOutputTokensPerSec;
  else if (outPeak > 0) C = outPeak / base;
  else {
    const wsum = pws.reduce((s, p) => s + p.workload.outputTokens, 0);
    C = wsum / pws.reduce((s, p) => s + p.workload.outputTokens / p.replicaOutputTokensPerSec, 0);
  }
  const meanOut =
    rpsSum > 0
      ? outPeak / rpsSum
      : pws.reduce((s, p) => s + p.workload.outputTokens, 0) / Math.max(1, pws.length);

  const el = factors.elasticity;
  const replicasRaw = spare !== null ? base * el + spare : base * el * redundancy;
  const replicas = replicasFromBase(base, el, spare !== null ? { spare } : { factor: redundancy });
  const gpus = replicas * g;
  const costPerHour = replicas * g * price;
  const costPerOutputToken = div(g * price, C * 3600);
  const peakCpt = div(costPerHour, outPeak * 3600);

  let forecast: CapacityResult["forecast"] = null;
  const rates = pws.map((p) => {
    const w = p.workload;
    if (ok(w.avgRps, 0, false)) return w.avgRps;
    if (ok(w.dailyRequests, 0, false)) return w.dailyRequests / 86400;
    return null;
  });
  if (rates.some((r) => r !== null)) {
    let fo = 0;
    pws.forEach((p, i) => {
      const w = p.workload;
      let r = rates[i];
      if (r === null || r === undefined) {
        r = w.peakRps;
        warn(M.problem("forecastFromPeak", { peakRps: w.peakRps }, { subject: w.name }));
      } else if (r > w.peakRps)
        warn(M.problem("forecastAbovePeak", { rate: r, peakRps: w.peakRps }, { subject: w.name }));
      fo += r * w.outputTokens;
    });
    const fcpt = div(costPerHour, fo * 3600);
    forecast = {
      outputTokensPerSec: fo,
      costPerOutputToken: fcpt,
      costPerMillionOutputTokens: fcpt * 1e6,
      utilization: replicas > 0 ? div(fo, replicas * C) : 0,
    };
  }

  const res: CapacityResult = {
    replicasBase: base,
    replicasRaw,
    replicas,
    gpus,
    costPerHour,
    costPerDay: costPerHour * 24,
    costPerMonth: costPerHour * HOURS_PER_MONTH,
    costPerOutputToken,
    costPerMillionOutputTokens: costPerOutputToken * 1e6,
    costPerRequest: costPerOutputToken * meanOut,
    peak: {
      outputTokensPerSec: outPeak,
      costPerOutputToken: peakCpt,
      costPerMillionOutputTokens: peakCpt * 1e6,
    },
    forecast,
    utilizationAtPeak: replicas > 0 ? div(outPeak, replicas * C) : 0,
    replicaOutputTokensPerSec: C,
    warnings,
    problems,
  };
  if (!valid) {
    for (const k of [
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
      "utilizationAtPeak",
    ] as const)
      res[k] = NaN;
    res.peak = {
      outputTokensPerSec: outPeak,
      costPerOutputToken: NaN,
      costPerMillionOutputTokens: NaN,
    };
    res.forecast = null;
  }
  return res;
}

/**
 * The replicas of docs/capacity.md for a base replica count (also each interval of a schedule,
 * docs/schedules.md): ceilTol(base × elasticity × redundancy), or N+k ceilTol(base × elasticity) + k.
 * `spare` must already be a whole number.
 */
export function replicasFromBase(
  base: number,
  elasticity: number,
  redundancy: { factor: number } | { spare: number },
): number {
  return "spare" in redundancy
    ? ceilTol(base * elasticity) + redundancy.spare
    : ceilTol(base * elasticity * redundancy.factor);
}

/** Seed §4.4 warning: the sweep was measured at lengths > 25 % away from the workload's. */
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
