/**
 * The capacity and cost chain, declared once (docs/architecture.md "How to add a quantity",
 * docs/capacity.md, docs/schedules.md). Each derived quantity is a declaration in the style of
 * mathjs factories: its id, the ids it reads, how it is computed from them, its unit, and its
 * text: a message (code `chain.<id>`) whose parameters are its inputs, so that the same entry
 * renders the formula in names (`ceil(replicasRaw)`), in Chinese, and with the numbers plugged in
 * (`ceil(14.4)`). Evaluation (evaluate.ts), capacity.ts, schedule.ts, lineage (`capplan explain`)
 * and the app's explanations all read these declarations; no formula is written a second time.
 *
 * Pure: no I/O. A compute function may return NaN or ±Infinity (0 ÷ 0, a missing input): the
 * evaluator turns it into null.
 */
import { defineMessages, type MessageDef } from "../base/problems";
import { KV_DECLARATIONS } from "./kv-quantities";
import { formula, type Declaration, type QuantityOf } from "./quantity-types";

export type { Lists, Scope, Unit, Values } from "./quantity-types";

import {
  HOURS_PER_DAY,
  HOURS_PER_MONTH,
  MILLION,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
} from "../base/units";

// The constants live in base/units.ts; re-exported because the chain is where readers look first.
export { HOURS_PER_DAY, HOURS_PER_MONTH, MILLION, SECONDS_PER_DAY, SECONDS_PER_HOUR };
/** Seconds in a day as formulas write it (86,400). */
const DAY = SECONDS_PER_DAY.toLocaleString("en-US");

/** The leaves: numbers the chain reads but does not compute (plan fields, operating points, constants). */
export type LeafId =
  | "inputTokens"
  | "outputTokens"
  | "peakRps"
  | "forecastRps"
  | "workloadCapacity"
  | "intervalRps"
  | "gpusPerReplica"
  | "pricePerGpuHour"
  | "powerCostPerGpuHour"
  | "elasticity"
  | "redundancy"
  | "spare"
  | "intervalSec"
  | "hoursPerDay"
  | "hoursPerMonth"
  | "secondsPerHour"
  | "secondsPerDay"
  | "dailyRequests"
  | "million"
  // The KV-cache budget's leaves (kv-quantities.ts): the catalogue's GPU and model, the plan's
  // gpuMemoryUtilization, and catalog/kv-budget.ts's measured terms per GPU.
  | "gpuMemoryGB"
  | "runtimeReserveGiB"
  | "gpuMemoryUtilization"
  | "weightsGiB"
  | "activationGiBPerGpu"
  | "nonTorchGiBPerGpu"
  | "kvBytesPerToken"
  | "bytesPerGiB";

/** The constants of the method, by leaf id (their only place in src/). */
export const CONSTANTS = {
  hoursPerDay: HOURS_PER_DAY,
  hoursPerMonth: HOURS_PER_MONTH,
  secondsPerHour: SECONDS_PER_HOUR,
  secondsPerDay: SECONDS_PER_DAY,
  million: MILLION,
} as const satisfies Partial<Record<LeafId, number>>;

export type ConstantId = keyof typeof CONSTANTS;

/** Whether `id` is a constant of the method (written as its number in formulas). */
export function isConstant(id: string): id is ConstantId {
  return Object.hasOwn(CONSTANTS, id);
}

const sum = (xs: readonly number[]): number => {
  let s = 0;
  for (const x of xs) s += x;
  return s;
};

/** The replica ceiling's tolerance (docs/capacity.md); the workbook export writes the same. */
export const CEIL_TOLERANCE = 1e-9;

/** Ceiling with a 1e-9 tolerance (docs/capacity.md): 14.4000000001 → 15, 15.0000000001 → 15. */
export function ceilTol(x: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Math.ceil(x - CEIL_TOLERANCE);
  return r === 0 ? 0 : r;
}

/** x ÷ y, NaN when y is 0 or not finite (an undefined ratio: null in a result). */
export function ratio(x: number, y: number): number {
  return y === 0 || !Number.isFinite(y) ? Number.NaN : x / y;
}

const q = (d: Declaration) => d;

/**
 * Every declared quantity by id, in an order where each reads only earlier ones. `satisfies`, not
 * `as const`: Stryker does not mutate inside an `as` expression (docs/mutation-testing.md).
 */
const DECLARATIONS = {
  // ---- per workload ------------------------------------------------------------------------
  // The forecast rate of a workload without avgRps: its daily requests spread over the day.
  dailyRate: q({
    scope: "workload",
    inputs: ["dailyRequests", "secondsPerDay"],
    unit: "req/s",
    compute: (v) => v.dailyRequests! / v.secondsPerDay!,
    text: formula<"dailyRequests" | "secondsPerDay">(
      (p) => `${p.dailyRequests} ÷ ${p.secondsPerDay}`,
    ),
  }),
  tokensPerRequest: q({
    scope: "workload",
    inputs: ["inputTokens", "outputTokens"],
    unit: "tokens",
    compute: (v) => v.inputTokens! + v.outputTokens!,
    text: formula<"inputTokens" | "outputTokens">((p) => `${p.inputTokens} + ${p.outputTokens}`),
  }),
  tokensPerSec: q({
    scope: "workload",
    inputs: ["peakRps", "tokensPerRequest"],
    unit: "tokens/s",
    compute: (v) => v.peakRps! * v.tokensPerRequest!,
    text: formula<"peakRps" | "tokensPerRequest">((p) => `${p.peakRps} × ${p.tokensPerRequest}`),
  }),
  workloadReplicasBase: q({
    scope: "workload",
    inputs: ["peakRps", "outputTokens", "workloadCapacity"],
    unit: "replicas",
    compute: (v) => (v.peakRps! * v.outputTokens!) / v.workloadCapacity!,
    text: formula<"peakRps" | "outputTokens" | "workloadCapacity">(
      (p) => `${p.peakRps} × ${p.outputTokens} ÷ ${p.workloadCapacity}`,
    ),
  }),
  workloadPeakOutput: q({
    scope: "workload",
    inputs: ["peakRps", "outputTokens"],
    unit: "tokens/s",
    compute: (v) => v.peakRps! * v.outputTokens!,
    text: formula<"peakRps" | "outputTokens">((p) => `${p.peakRps} × ${p.outputTokens}`),
  }),
  workloadForecastOutput: q({
    scope: "workload",
    inputs: ["forecastRps", "outputTokens"],
    unit: "tokens/s",
    compute: (v) => v.forecastRps! * v.outputTokens!,
    text: formula<"forecastRps" | "outputTokens">((p) => `${p.forecastRps} × ${p.outputTokens}`),
  }),
  workloadSecondsPerRequest: q({
    scope: "workload",
    inputs: ["outputTokens", "workloadCapacity"],
    unit: "seconds",
    compute: (v) => v.outputTokens! / v.workloadCapacity!,
    text: formula<"outputTokens" | "workloadCapacity">(
      (p) => `${p.outputTokens} ÷ ${p.workloadCapacity}`,
    ),
  }),
  // ---- per SKU -----------------------------------------------------------------------------
  replicasBase: q({
    scope: "sku",
    inputs: [],
    lists: ["workloadReplicasBase"],
    unit: "replicas",
    compute: (_v, l) => sum(l.workloadReplicasBase!),
    text: formula<"workloadReplicasBase">(
      (p) => `Σ ${p.workloadReplicasBase}`,
      (p) => `Σ ${p.workloadReplicasBase}`,
    ),
  }),
  peakOutputTokensPerSec: q({
    scope: "sku",
    inputs: [],
    lists: ["workloadPeakOutput"],
    unit: "tokens/s",
    compute: (_v, l) => sum(l.workloadPeakOutput!),
    text: formula<"workloadPeakOutput">((p) => `Σ ${p.workloadPeakOutput}`),
  }),
  forecastOutputTokensPerSec: q({
    scope: "sku",
    inputs: [],
    lists: ["workloadForecastOutput"],
    unit: "tokens/s",
    compute: (_v, l) => sum(l.workloadForecastOutput!),
    text: formula<"workloadForecastOutput">(
      (p) =>
        `Σ ${p.workloadForecastOutput} (forecast rate: avgRps, else dailyRequests ÷ ${DAY}, else peakRps)`,
      (p) =>
        `Σ ${p.workloadForecastOutput}（预测速率：avgRps，否则 dailyRequests ÷ ${DAY}，否则 peakRps）`,
    ),
  }),
  // A SKU's replica capacity over its workloads has three declarations, one per case, so that
  // each explanation is the arithmetic of its own case (evaluate.ts picks one: VARIANTS).
  replicaOutputTokensPerSec: q({
    scope: "sku",
    inputs: ["peakOutputTokensPerSec", "replicasBase"],
    unit: "tokens/s",
    // Several workloads with peak traffic: the output-weighted harmonic mean of their capacities.
    compute: (v) => v.peakOutputTokensPerSec! / v.replicasBase!,
    text: formula<"peakOutputTokensPerSec" | "replicasBase">(
      (p) => `${p.peakOutputTokensPerSec} ÷ ${p.replicasBase} (blended over workloads)`,
      (p) => `${p.peakOutputTokensPerSec} ÷ ${p.replicasBase}（按各负载混合）`,
    ),
  }),
  replicaOutputTokensPerSecOne: q({
    scope: "sku",
    inputs: [],
    lists: ["workloadCapacity"],
    unit: "tokens/s",
    // One workload: its own capacity, exactly (not peak ÷ replicasBase, which may differ in the last bit).
    compute: (_v, l) => l.workloadCapacity![0]!,
    text: formula<"workloadCapacity">(
      (p) => `${p.workloadCapacity} of the one workload`,
      (p) => `唯一负载的 ${p.workloadCapacity}`,
    ),
  }),
  replicaOutputTokensPerSecByLength: q({
    scope: "sku",
    inputs: [],
    lists: ["outputTokens", "workloadSecondsPerRequest"],
    unit: "tokens/s",
    // No peak traffic: the capacities blended by output tokens per request.
    compute: (_v, l) => sum(l.outputTokens!) / sum(l.workloadSecondsPerRequest!),
    text: formula<"outputTokens" | "workloadSecondsPerRequest">(
      (p) =>
        `Σ ${p.outputTokens} ÷ Σ ${p.workloadSecondsPerRequest} (no peak traffic: blended by output tokens per request)`,
      (p) =>
        `Σ ${p.outputTokens} ÷ Σ ${p.workloadSecondsPerRequest}（无峰值流量：按每请求输出 token 混合）`,
    ),
  }),
  replicasRaw: q({
    scope: "sku",
    inputs: ["replicasBase", "elasticity", "redundancy"],
    unit: "replicas",
    compute: (v) => v.replicasBase! * v.elasticity! * v.redundancy!,
    text: formula<"replicasBase" | "elasticity" | "redundancy">(
      (p) => `${p.replicasBase} × ${p.elasticity} × ${p.redundancy}`,
    ),
  }),
  replicasRawSpare: q({
    scope: "sku",
    inputs: ["replicasBase", "elasticity", "spare"],
    unit: "replicas",
    compute: (v) => v.replicasBase! * v.elasticity! + v.spare!,
    text: formula<"replicasBase" | "elasticity" | "spare">(
      (p) => `${p.replicasBase} × ${p.elasticity} + ${p.spare}`,
    ),
  }),
  replicas: q({
    scope: "sku",
    inputs: ["replicasRaw"],
    unit: "replicas",
    compute: (v) => ceilTol(v.replicasRaw!),
    text: formula<"replicasRaw">((p) => `ceil(${p.replicasRaw})`),
  }),
  replicasSpare: q({
    scope: "sku",
    inputs: ["replicasBase", "elasticity", "spare"],
    unit: "replicas",
    compute: (v) => ceilTol(v.replicasBase! * v.elasticity!) + v.spare!,
    text: formula<"replicasBase" | "elasticity" | "spare">(
      (p) => `ceil(${p.replicasBase} × ${p.elasticity}) + ${p.spare}`,
    ),
  }),
  gpus: q({
    scope: "sku",
    inputs: ["replicas", "gpusPerReplica"],
    unit: "gpus",
    compute: (v) => v.replicas! * v.gpusPerReplica!,
    text: formula<"replicas" | "gpusPerReplica">((p) => `${p.replicas} × ${p.gpusPerReplica}`),
  }),
  costPerHour: q({
    scope: "sku",
    inputs: ["gpus", "pricePerGpuHour"],
    unit: "money/h",
    compute: (v) => v.gpus! * v.pricePerGpuHour!,
    text: formula<"gpus" | "pricePerGpuHour">((p) => `${p.gpus} × ${p.pricePerGpuHour}`),
  }),
  powerCostPerHour: q({
    scope: "sku",
    inputs: ["gpus", "powerCostPerGpuHour"],
    unit: "money/h",
    compute: (v) => v.gpus! * v.powerCostPerGpuHour!,
    text: formula<"gpus" | "powerCostPerGpuHour">((p) => `${p.gpus} × ${p.powerCostPerGpuHour}`),
  }),
  costPerDay: q({
    scope: "sku",
    inputs: ["costPerHour", "hoursPerDay"],
    unit: "money/day",
    compute: (v) => v.costPerHour! * v.hoursPerDay!,
    text: formula<"costPerHour" | "hoursPerDay">((p) => `${p.costPerHour} × ${p.hoursPerDay}`),
  }),
  costPerMonth: q({
    scope: "sku",
    inputs: ["costPerHour", "hoursPerMonth"],
    unit: "money/month",
    compute: (v) => v.costPerHour! * v.hoursPerMonth!,
    text: formula<"costPerHour" | "hoursPerMonth">((p) => `${p.costPerHour} × ${p.hoursPerMonth}`),
  }),
  costPerOutputToken: q({
    scope: "sku",
    inputs: ["gpusPerReplica", "pricePerGpuHour", "replicaOutputTokensPerSec", "secondsPerHour"],
    unit: "money/token",
    compute: (v) =>
      ratio(
        v.gpusPerReplica! * v.pricePerGpuHour!,
        v.replicaOutputTokensPerSec! * v.secondsPerHour!,
      ),
    text: formula<
      "gpusPerReplica" | "pricePerGpuHour" | "replicaOutputTokensPerSec" | "secondsPerHour"
    >(
      (p) =>
        `${p.gpusPerReplica} × ${p.pricePerGpuHour} ÷ (${p.replicaOutputTokensPerSec} × ${p.secondsPerHour})`,
    ),
  }),
  costPerMillionOutputTokens: q({
    scope: "sku",
    inputs: ["costPerOutputToken", "million"],
    unit: "money/1M tokens",
    compute: (v) => v.costPerOutputToken! * v.million!,
    text: formula<"costPerOutputToken" | "million">(
      (p) => `${p.costPerOutputToken} × ${p.million}`,
    ),
  }),
  // Mean output tokens per request: weighted by the peak rates, or (no peak traffic) the plain mean.
  meanOutputTokens: q({
    scope: "sku",
    inputs: ["peakOutputTokensPerSec"],
    lists: ["peakRps"],
    unit: "tokens",
    compute: (v, l) => v.peakOutputTokensPerSec! / sum(l.peakRps!),
    text: formula<"peakOutputTokensPerSec" | "peakRps">(
      (p) => `${p.peakOutputTokensPerSec} ÷ Σ ${p.peakRps}`,
    ),
  }),
  meanOutputTokensPlain: q({
    scope: "sku",
    inputs: [],
    lists: ["outputTokens"],
    unit: "tokens",
    compute: (_v, l) => sum(l.outputTokens!) / Math.max(1, l.outputTokens!.length),
    text: formula<"outputTokens">(
      (p) => `the plain mean of ${p.outputTokens} (no peak traffic)`,
      (p) => `${p.outputTokens} 的简单平均（无峰值流量）`,
    ),
  }),
  costPerRequest: q({
    scope: "sku",
    inputs: ["costPerOutputToken", "meanOutputTokens"],
    unit: "money/request",
    compute: (v) => v.costPerOutputToken! * v.meanOutputTokens!,
    text: formula<"costPerOutputToken" | "meanOutputTokens">(
      (p) => `${p.costPerOutputToken} × ${p.meanOutputTokens}`,
    ),
  }),
  utilizationAtPeak: q({
    scope: "sku",
    inputs: ["peakOutputTokensPerSec", "replicas", "replicaOutputTokensPerSec"],
    unit: "ratio",
    compute: (v) =>
      v.replicas! > 0
        ? ratio(v.peakOutputTokensPerSec!, v.replicas! * v.replicaOutputTokensPerSec!)
        : 0,
    text: formula<"peakOutputTokensPerSec" | "replicas" | "replicaOutputTokensPerSec">(
      (p) => `${p.peakOutputTokensPerSec} ÷ (${p.replicas} × ${p.replicaOutputTokensPerSec})`,
    ),
  }),
  peakCostPerOutputToken: q({
    scope: "sku",
    inputs: ["costPerHour", "peakOutputTokensPerSec", "secondsPerHour"],
    unit: "money/token",
    compute: (v) => ratio(v.costPerHour!, v.peakOutputTokensPerSec! * v.secondsPerHour!),
    text: formula<"costPerHour" | "peakOutputTokensPerSec" | "secondsPerHour">(
      (p) => `${p.costPerHour} ÷ (${p.peakOutputTokensPerSec} × ${p.secondsPerHour})`,
    ),
  }),
  peakCostPerMillionOutputTokens: q({
    scope: "sku",
    inputs: ["peakCostPerOutputToken", "million"],
    unit: "money/1M tokens",
    compute: (v) => v.peakCostPerOutputToken! * v.million!,
    text: formula<"peakCostPerOutputToken" | "million">(
      (p) => `${p.peakCostPerOutputToken} × ${p.million}`,
    ),
  }),
  forecastCostPerOutputToken: q({
    scope: "sku",
    inputs: ["costPerHour", "forecastOutputTokensPerSec", "secondsPerHour"],
    unit: "money/token",
    compute: (v) => ratio(v.costPerHour!, v.forecastOutputTokensPerSec! * v.secondsPerHour!),
    text: formula<"costPerHour" | "forecastOutputTokensPerSec" | "secondsPerHour">(
      (p) => `${p.costPerHour} ÷ (${p.forecastOutputTokensPerSec} × ${p.secondsPerHour})`,
    ),
  }),
  forecastCostPerMillionOutputTokens: q({
    scope: "sku",
    inputs: ["forecastCostPerOutputToken", "million"],
    unit: "money/1M tokens",
    compute: (v) => v.forecastCostPerOutputToken! * v.million!,
    text: formula<"forecastCostPerOutputToken" | "million">(
      (p) => `${p.forecastCostPerOutputToken} × ${p.million}`,
    ),
  }),
  forecastUtilization: q({
    scope: "sku",
    inputs: ["forecastOutputTokensPerSec", "replicas", "replicaOutputTokensPerSec"],
    unit: "ratio",
    compute: (v) =>
      v.replicas! > 0
        ? ratio(v.forecastOutputTokensPerSec!, v.replicas! * v.replicaOutputTokensPerSec!)
        : 0,
    text: formula<"forecastOutputTokensPerSec" | "replicas" | "replicaOutputTokensPerSec">(
      (p) => `${p.forecastOutputTokensPerSec} ÷ (${p.replicas} × ${p.replicaOutputTokensPerSec})`,
    ),
  }),
  // ---- per interval of a schedule (docs/schedules.md) --------------------------------------
  intervalReplicasBase: q({
    scope: "interval",
    inputs: [],
    lists: ["intervalRps", "outputTokens", "workloadCapacity"],
    unit: "replicas",
    compute: (_v, l) => {
      const r = l.intervalRps!;
      let b = 0;
      for (let w = 0; w < r.length; w++)
        b += (r[w]! * l.outputTokens![w]!) / l.workloadCapacity![w]!;
      return b;
    },
    text: formula<"intervalRps">(
      (p) => `Σ ${p.intervalRps} × outputTokens ÷ replicaOutputTokensPerSec`,
    ),
  }),
  intervalCost: q({
    scope: "interval",
    inputs: [
      "intervalReplicas",
      "gpusPerReplica",
      "pricePerGpuHour",
      "intervalSec",
      "secondsPerHour",
    ],
    unit: "money/period",
    compute: (v) =>
      (v.intervalReplicas! * v.gpusPerReplica! * v.pricePerGpuHour! * v.intervalSec!) /
      v.secondsPerHour!,
    text: formula<
      "intervalReplicas" | "gpusPerReplica" | "pricePerGpuHour" | "intervalSec" | "secondsPerHour"
    >(
      (p) =>
        `${p.intervalReplicas} × ${p.gpusPerReplica} × ${p.pricePerGpuHour} × ${p.intervalSec} ÷ ${p.secondsPerHour}`,
    ),
  }),
  // ---- the KV-cache budget of one replica (docs/memory.md) ---------------------------------
  ...KV_DECLARATIONS,
} satisfies Record<string, Declaration>;

export type QuantityId = keyof typeof DECLARATIONS;

/** One declared quantity. */
export type Quantity = QuantityOf<QuantityId>;

/** Every quantity, by id. */
export const QUANTITIES: Readonly<Record<QuantityId, Quantity>> = Object.fromEntries(
  Object.entries(DECLARATIONS).map(([id, d]) => [id, { id, ...d }]),
) as Record<QuantityId, Quantity>;

/** The formulas as a message catalogue (code `chain.<id>`), rendered like problems. */
export const chainMessages = defineMessages(
  "chain",
  Object.fromEntries(Object.entries(QUANTITIES).map(([id, d]) => [id, d.text])) as Record<
    QuantityId,
    MessageDef<Record<string, string>>
  >,
);
