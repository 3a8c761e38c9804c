/**
 * The result model of a plan computation (docs/architecture.md): what computePlan returns for
 * the plan, each SKU and each workload on a SKU. Types only, so that the modules computing
 * parts of it (plan.ts, plan-tenants.ts) and those reading it import this file, not each other.
 */
import type { AllocationResult } from "../finops/allocation";
import type { CapacityNumbers } from "../chain/capacity";
import type { Finding } from "../curve/diagnostics";
import type { Problem } from "../base/problems";
import type { ResolvedPlan, ResolvedWorkload } from "./resolved-plan-types";
import type { ScheduleResult } from "../chain/schedule";
import type { RecommendBy } from "../base/types";
import type { OperatingPoint } from "../curve/slo";
import type { Basis, Slo, Sweep } from "../base/types";
import type { Zone } from "../curve/zones";
import type { SkuInterval } from "./interval";
import type { SkuKv, WorkloadKv } from "./plan-kv";

/** A sweep a `file` reference resolved to, or why it could not be read. */
export type FileSweep = { ok: true; sweep: Sweep } | { ok: false; problems: Problem[] };

export interface OperatingPointSummary {
  concurrency: number | null;
  requestRate: number | "inf" | null;
  rps: number | null;
  outputTokensPerSec: number | null;
  totalTokensPerSec: number | null;
  basis: Basis;
  bindingSlo: Slo | null;
  /** True when the failed-share limit (`maxErrorRatePct`) is the binding constraint (then `bindingSlo` is null). */
  bindingErrorRate: boolean;
  sloBinding: boolean;
}

export interface SkuWorkloadResult {
  workload: string;
  /** true: SLOs met at some load; false: no load meets them; null: unknown (statistic missing or input error). */
  feasible: boolean | null;
  operatingPoint: OperatingPointSummary | null;
  /** Replicas this workload alone needs at peak: peakRps × outputTokens ÷ {@link replicaOutputTokensPerSec}; null without a capacity. */
  replicasBase: number | null;
  /**
   * Output tokens/s one replica sustains for this workload (its operating point, a given
   * capacity, or rps × mean output tokens); null when there is none. Kept so that explanations
   * format it instead of working it out again (not in `plan --json`).
   */
  replicaOutputTokensPerSec: number | null;
  sweep: Sweep | null;
  zones: Zone[];
  kneeIndex: number | null;
  findings: Finding[];
  detail: OperatingPoint | null;
  /** The warnings and infos as values (docs/problems.md); `plan --json` renders their English at the edge. */
  problems: Problem[];
  /** The errors as values (each with its plan `path`). */
  errorProblems: Problem[];
  /** This workload's KV need on the SKU (docs/memory.md); present only when the SKU's KV memory is estimated. */
  kv?: WorkloadKv;
}

/** The replica and cost numbers of a SKU that could be planned (docs/capacity.md); its warnings are the SKU's. */
export type SkuCapacity = CapacityNumbers;

/** The keys of {@link SkuCapacity} that hold a number (`replicas`, `costPerHour`, …). */
export type CapacityNumber = {
  [K in keyof SkuCapacity]-?: NonNullable<SkuCapacity[K]> extends number ? K : never;
}[keyof SkuCapacity];

export interface SkuResult {
  name: string;
  gpu: string | null;
  gpusPerReplica: number | null;
  pricePerGpuHour: number | null;
  feasible: boolean | null;
  /** The operating point of the first workload (of each workload in `workloads`). */
  operatingPoint: OperatingPointSummary | null;
  workloads: SkuWorkloadResult[];
  /** Why the SKU is infeasible or unknown, as a value (docs/problems.md); null when feasible. */
  infeasibleProblem: Problem | null;
  /**
   * True when every workload's capacity comes from a sweep checked against every SLO and the
   * failed-share limit; false when any is given (`replicaOutputTokensPerSec`, typed or a formula)
   * or could not be checked (docs/operating-point.md).
   */
  sloChecked: boolean;
  /**
   * Replicas and costs over one period of the plan's schedules (docs/schedules.md); present only
   * when a workload has a schedule; null when this SKU cannot be sized or the schedules have errors.
   */
  schedule?: ScheduleResult | null;
  /**
   * Replicas, GPUs and costs (docs/capacity.md); null when the SKU could not be planned
   * (infeasible, unknown, or an input error). `plan --json` writes these numbers flat on the SKU,
   * each null when this is null (src/report/plan-output.ts `planJson`).
   */
  capacity: SkuCapacity | null;
  /** Error bars (docs/uncertainty.md): the chain at the ends of the capacity's t-interval; null without repeats. */
  interval?: SkuInterval | null;
  /** Why there are no error bars (an info), when the SKU has a capacity from a sweep without repeats. */
  intervalNote?: Problem | null;
  /** KV memory of one replica (docs/memory.md); present only when the SKU (or the plan) names a catalogue model and the SKU a catalogue gpu. */
  kv?: SkuKv;
  /** The warnings and infos as values (docs/problems.md); `plan --json` renders their English at the edge. */
  problems: Problem[];
  /** The errors as values (each with its plan `path`). */
  errorProblems: Problem[];
}

export interface WorkloadResult extends ResolvedWorkload {
  tokensPerRequest: number | null;
  tokensPerSec: number | null;
}

export interface TenantsResult {
  /** The basis asked for (`usage` or `reservation`; each pool says the basis it applied). */
  basis: AllocationResult["basis"];
  pools: AllocationResult["pools"];
  teams: AllocationResult["teams"];
  /** Shared cost lines (empty without `tenants.shared`). */
  shared: AllocationResult["shared"];
  method: string;
  idle: string;
}

export interface PlanResult {
  title: string;
  currency: string;
  workloads: WorkloadResult[];
  slo: ResolvedPlan["slo"];
  sloMode: ResolvedPlan["sloMode"];
  /** The failed-share limit every load level was held to (percent). */
  maxErrorRatePct: number | null;
  factors: { elasticity: number | null; redundancy: ResolvedPlan["redundancy"] };
  skus: SkuResult[];
  cheapest: string | null;
  /** true: the recommendation was checked against the SLOs; false: no checked SKU is feasible and an unchecked one is named; null: no recommendation. */
  recommendationChecked: boolean | null;
  /** The cost `cheapest` is the cheapest by (docs/schedules.md); present only when the plan sets `recommendBy`. */
  recommendBy?: RecommendBy;
  tenants: TenantsResult | null;
  /**
   * The plan's errors (docs/problems.md): where each is (`path`), its kind (`NAME`, `VALUE`,
   * `INPUT`, a formula's `CYCLE`, …) and the error as a value. `plan --json` renders each
   * `message` from the problem at the edge (src/report/plan-output.ts).
   */
  errors: PlanError[];
  /** Plan-level warnings and infos as values; `plan --json`'s `warnings[]` are their English. */
  problems: Problem[];
}

/** One error of a plan: its path, kind and the problem (no English is stored; docs/problems.md). */
export interface PlanError {
  path: string;
  kind: string;
  problem: Problem;
}
