/**
 * The Excel formulas of the workbook export (docs/xlsx.md), one template per quantity of the plan
 * result, keyed by the quantity's name (`replicasBase`, `replicas`, `costPerHour`, …, the names of
 * `SkuCapacity` and of a workload's `tokensPerRequest` / `tokensPerSec`). Every formula the
 * workbook holds is rendered here and nowhere else, so that the workbook follows the capacity
 * chain (docs/capacity.md) step for step and can later be rendered from the chain's declarations.
 *
 * A template takes the cell references of its operands (A1 text such as `Assumptions!$C$7`, or a
 * defined name such as `elasticity`) and returns the formula without its leading `=`. The operand
 * order follows the engine's arithmetic (left to right), so that Excel's doubles round as capplan's
 * do and a recalculated workbook gives capplan's numbers, not just nearly.
 */

import { CEIL_TOLERANCE as TOL, CONSTANTS } from "../engine/chain/quantities";
import { SECONDS_PER_DAY } from "../engine/base/units";

/** The tolerance of the replica ceiling (docs/capacity.md: 15.0000000001 → 15), as Excel writes it. */
export const CEIL_TOLERANCE = TOL.toExponential().toUpperCase();

// The method's constants come from the chain's declarations (their one place in src/).
const H_DAY = CONSTANTS.hoursPerDay;
const S_HOUR = CONSTANTS.secondsPerHour;
const MILLION = CONSTANTS.million.toExponential().toUpperCase().replace("E+", "E");

/** Excel's ceiling with capplan's tolerance: the smallest whole number ≥ x − 1e-9. */
export const ceilTol = (x: string): string => `CEILING(${x}-${CEIL_TOLERANCE},1)`;

/** A sum of terms in the engine's order (a lone term stays itself). */
export const sumOf = (terms: readonly string[]): string =>
  terms.length === 1 ? terms[0]! : terms.join("+");

/** The defined names of the Assumptions sheet's single inputs (docs/xlsx.md). */
export const NAMES = {
  elasticity: "elasticity",
  redundancy: "redundancy",
  spare: "spare",
  hoursPerMonth: "hours_per_month",
  inputWeight: "input_weight",
  outputWeight: "output_weight",
} as const;

/** How a forecast rate is given for one workload (docs/capacity.md). */
export type ForecastTerm =
  | { kind: "avgRps"; avgRps: string; outputTokens: string }
  | { kind: "dailyRequests"; dailyRequests: string; outputTokens: string }
  | { kind: "peakRps"; peakRps: string; outputTokens: string };

/** The quantities of one workload (Assumptions sheet, workloads table). */
export const WORKLOAD_FORMULAS = {
  tokensPerRequest: (r: { inputTokens: string; outputTokens: string }) =>
    `${r.inputTokens}+${r.outputTokens}`,
  tokensPerSec: (r: { peakRps: string; tokensPerRequest: string }) =>
    `${r.peakRps}*${r.tokensPerRequest}`,
  /** One workload's share of a SKU's base replicas: peakRps × outputTokens ÷ replica tok/s. */
  replicasBase: (r: { peakRps: string; outputTokens: string; replicaOutputTokensPerSec: string }) =>
    `${r.peakRps}*${r.outputTokens}/${r.replicaOutputTokensPerSec}`,
} as const;

/** The operands of a SKU's quantities: its own cells and the workloads' cells. */
export interface SkuRefs {
  gpusPerReplica: string;
  pricePerGpuHour: string;
  /** Each workload's `replicasBase` cell (Assumptions sheet). */
  workloadReplicasBase: readonly string[];
  /** Each workload's peak rate and output tokens per request. */
  workloads: readonly { peakRps: string; outputTokens: string }[];
  /** The one workload's replica tok/s (a SKU of one workload uses it as given). */
  singleReplicaOutputTokensPerSec: string | null;
  forecast: readonly ForecastTerm[];
  /** The SKU's own computed cells (Comparison sheet), by quantity. */
  replicasBase: string;
  replicasRaw: string;
  replicas: string;
  costPerHour: string;
  costPerOutputToken: string;
  replicaOutputTokensPerSec: string;
  peakOutputTokensPerSec: string;
  forecastOutputTokensPerSec: string;
}

/** Redundancy as a factor, or N+k spare replicas (docs/capacity.md). */
export type RedundancyMode = "factor" | "spare";

/** The spare replicas, whole (a fractional k is rounded up, as capplan does with a warning). */
const spare = `CEILING(${NAMES.spare},1)`;

/**
 * The quantities of one SKU (Comparison sheet), keyed by the names of `SkuCapacity`
 * (`peak.*` and `forecast.*` for the nested ones). Without a template a quantity is a value.
 */
export const SKU_FORMULAS = {
  replicasBase: (r: SkuRefs) => sumOf(r.workloadReplicasBase),
  replicasRaw: (r: SkuRefs, mode: RedundancyMode) =>
    mode === "spare"
      ? `${r.replicasBase}*${NAMES.elasticity}+${spare}`
      : `${r.replicasBase}*${NAMES.elasticity}*${NAMES.redundancy}`,
  replicas: (r: SkuRefs, mode: RedundancyMode) =>
    mode === "spare"
      ? `${ceilTol(`${r.replicasBase}*${NAMES.elasticity}`)}+${spare}`
      : ceilTol(r.replicasRaw),
  gpus: (r: SkuRefs) => `${r.replicas}*${r.gpusPerReplica}`,
  costPerHour: (r: SkuRefs) => `${r.replicas}*${r.gpusPerReplica}*${r.pricePerGpuHour}`,
  costPerDay: (r: SkuRefs) => `${r.costPerHour}*${H_DAY}`,
  costPerMonth: (r: SkuRefs) => `${r.costPerHour}*${NAMES.hoursPerMonth}`,
  /** One workload: its replica tok/s; several: the blended Σ peak output tok/s ÷ replicasBase. */
  replicaOutputTokensPerSec: (r: SkuRefs) =>
    r.singleReplicaOutputTokensPerSec ?? `${r.peakOutputTokensPerSec}/${r.replicasBase}`,
  costPerOutputToken: (r: SkuRefs) =>
    `${r.gpusPerReplica}*${r.pricePerGpuHour}/(${r.replicaOutputTokensPerSec}*${S_HOUR})`,
  costPerMillionOutputTokens: (r: SkuRefs) => `${r.costPerOutputToken}*${MILLION}`,
  /** Cost per output token × the request-weighted mean output length. */
  costPerRequest: (r: SkuRefs) =>
    `${r.costPerOutputToken}*(${r.peakOutputTokensPerSec}/(${sumOf(r.workloads.map((w) => w.peakRps))}))`,
  "peak.outputTokensPerSec": (r: SkuRefs) =>
    sumOf(r.workloads.map((w) => `${w.peakRps}*${w.outputTokens}`)),
  "peak.costPerMillionOutputTokens": (r: SkuRefs) =>
    `${r.costPerHour}/(${r.peakOutputTokensPerSec}*${S_HOUR})*${MILLION}`,
  utilizationAtPeak: (r: SkuRefs) =>
    `${r.peakOutputTokensPerSec}/(${r.replicas}*${r.replicaOutputTokensPerSec})`,
  "forecast.outputTokensPerSec": (r: SkuRefs) =>
    sumOf(
      r.forecast.map((f) =>
        f.kind === "avgRps"
          ? `${f.avgRps}*${f.outputTokens}`
          : f.kind === "dailyRequests"
            ? `${f.dailyRequests}/${SECONDS_PER_DAY}*${f.outputTokens}`
            : `${f.peakRps}*${f.outputTokens}`,
      ),
    ),
  "forecast.costPerMillionOutputTokens": (r: SkuRefs) =>
    `${r.costPerHour}/(${r.forecastOutputTokensPerSec}*${S_HOUR})*${MILLION}`,
  "forecast.utilization": (r: SkuRefs) =>
    `${r.forecastOutputTokensPerSec}/(${r.replicas}*${r.replicaOutputTokensPerSec})`,
} as const;

/** A SKU quantity the Comparison sheet holds as a formula. */
export type SkuQuantity = keyof typeof SKU_FORMULAS;

/** The team allocation of one pool on the usage basis (docs/allocation.md), Teams sheet. */
export const TEAM_FORMULAS = {
  /** inputWeight × input tokens + outputWeight × output tokens. */
  tokens: (r: { inputTokens: string; outputTokens: string }) =>
    `${NAMES.inputWeight}*${r.inputTokens}+${NAMES.outputWeight}*${r.outputTokens}`,
  /** The team's share of the pool's used weighted tokens. */
  share: (r: { tokens: string; poolTokens: string }) => `${r.tokens}/${r.poolTokens}`,
  /** Idle spread over the teams (`proportional`): tokens ÷ used tokens × pool cost. */
  costProportional: (r: { tokens: string; poolTokens: string; poolCost: string }) =>
    `${r.tokens}/${r.poolTokens}*${r.poolCost}`,
  /** Idle kept apart (`separate`): tokens × pool cost ÷ capacity. */
  costSeparate: (r: { tokens: string; poolCost: string; capacityTokens: string }) =>
    `${r.tokens}*(${r.poolCost}/${r.capacityTokens})`,
  /** The pool's used weighted tokens. */
  poolTokens: (r: { range: string }) => `SUM(${r.range})`,
  /** What the teams leave of a pool on `separate` (never below 0). */
  idle: (r: { poolCost: string; range: string }) => `MAX(0,${r.poolCost}-SUM(${r.range}))`,
  /**
   * A team's own cost over the pools: the costs of the rows whose team is exactly this one (EXACT,
   * not SUMIF: SUMIF ignores case and reads `*`, `?` and `>` in a team's name as a pattern).
   */
  teamCost: (r: { teams: string; team: string; costs: string }) =>
    `SUMPRODUCT(EXACT(${r.teams},${r.team})*${r.costs})`,
} as const;
