/**
 * A plan with every formula evaluated (docs/plan-file.md): numbers, or null where the field is empty or its
 * formula failed (the failure is in `errors`, naming the field's path). This is what the capacity
 * and cost computation reads.
 */
import type { FormulaError } from "../formula/formula";

export type { FormulaError };
import type { TrafficSummary } from "../base/traffic-types";
import type {
  MetricKey,
  RecommendBy,
  SloMode,
  StatKey,
  SweepMeta,
  SweepPoint,
} from "../base/types";
import type { ResolvedTrace } from "../demand/workload-trace";

export interface ResolvedWorkload {
  name: string;
  peakRps: number | null;
  avgRps: number | null;
  dailyRequests: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** The workload's trace (docs/traffic.md), when it has one; its summary is `traffic`. */
  trace?: Omit<ResolvedTrace, "traffic">;
  /** The trace's summary (null: the trace file has not been read); present only with `trace`. */
  traffic?: TrafficSummary | null;
  /** The workload's schedule (docs/schedules.md), when it has one. */
  schedule?: ResolvedSchedule;
}

/** A workload's schedule after formula evaluation (rates of `fromTrace` are filled by plan.ts). */
export interface ResolvedSchedule {
  intervalSec: number | null;
  /** Rates per interval (null where a formula failed); null with `fromTrace`. */
  rps: (number | null)[] | null;
  minReplicas: number | null;
  leadIntervals: number | null;
  fromTrace: boolean;
}

export interface ResolvedShared {
  name: string;
  costPerDay: number | null;
  split: "weighted" | "even" | "none";
}

/** A SKU's sweep for one workload, after formula evaluation (files not yet read). */
export type ResolvedSweepRef =
  | {
      kind: "points";
      points: SweepPoint[];
      label?: string;
      meta?: Partial<SweepMeta>;
      warnings?: string[];
    }
  | { kind: "file"; file: string }
  | { kind: "given"; replicaOutputTokensPerSec: number | null }
  | { kind: "missing" };

/** Weight formats of a SKU (docs/memory.md). */
export type Quantization = "bf16" | "fp8" | "int4";
/** KV-cache element formats of a SKU (docs/memory.md). */
export type KvCacheDtype = "bf16" | "fp8";

export interface ResolvedSku {
  name: string;
  gpu: string | null;
  gpusPerReplica: number | null;
  pricePerGpuHour: number | null;
  /** Committed price per GPU-hour (docs/schedules.md); present only when the plan gives it. */
  reservedPricePerGpuHour?: number | null;
  /** The most replicas of this SKU that can be had, for the optimiser (docs/optimize.md); present only when the plan gives it. */
  maxReplicas?: number | null;
  /** KV memory (docs/memory.md): the model served (a models/llms.json id; the plan's `model` when absent). */
  model?: string;
  /** Bytes per weight (docs/memory.md); present only when the plan gives it (default bf16). */
  quantization?: Quantization;
  /** Bytes per KV element (docs/memory.md); present only when the plan gives it (default bf16). */
  kvCacheDtype?: KvCacheDtype;
  /** One entry per workload name (a SKU-level `sweep` is repeated for every workload). */
  sweeps: Record<string, ResolvedSweepRef>;
}

export interface ResolvedSlo {
  metric: MetricKey;
  stat: StatKey;
  maxMs: number | null;
}

export interface ResolvedPool {
  name: string;
  costPerDay: number | null;
  sku: string | null;
  capacityTokensPerDay: number | null;
  /** Replicas of the pool (given; else the SKU's). */
  replicas: number | null;
}

export interface ResolvedUsage {
  team: string;
  pool: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Replicas the team reserves in the pool (`reservation` basis); null when not given. */
  reservedReplicas: number | null;
}

export interface ResolvedTenants {
  method: "tokens" | "output" | "weighted";
  inputWeight: number | null;
  outputWeight: number | null;
  idle: "proportional" | "separate";
  basis: "usage" | "reservation";
  pools: ResolvedPool[];
  shared: ResolvedShared[];
  usage: ResolvedUsage[];
}

export interface ResolvedPlan {
  title: string;
  /** ISO 4217 code; default "USD". */
  currency: string;
  cells: Record<string, number | null>;
  workloads: ResolvedWorkload[];
  slo: ResolvedSlo[];
  sloMode: SloMode;
  /** Failed-share limit in percent (default 1); null when its formula failed. */
  maxErrorRatePct: number | null;
  elasticity: number | null;
  /** Redundancy as a factor (default 1) or as N+k spare replicas. */
  redundancy: { factor: number | null } | { spare: number | null };
  skus: ResolvedSku[];
  tenants: ResolvedTenants | null;
  /** Which cost picks the recommendation (docs/schedules.md); present only when the plan gives it. */
  recommendBy?: RecommendBy;
  /** The model every SKU serves unless it names its own (docs/memory.md); present only when given. */
  model?: string;
  /** Share of GPU memory the engine may use (vLLM `--gpu-memory-utilization`, docs/memory.md); present only when given. */
  gpuMemoryUtilization?: number | null;
  errors: FormulaError[];
}
