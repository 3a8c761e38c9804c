/**
 * A plan with every formula evaluated (spec §6): numbers, or null where the field is empty or its
 * formula failed (the failure is in `errors`, naming the field's path). This is what the capacity
 * and cost computation reads.
 */
import type { MetricKey, SloMode, StatKey, SweepMeta, SweepPoint } from "./types";

/** A formula problem, in the cell that causes it (spec §6). */
export interface FormulaError {
  /** Path of the field or cell, e.g. `skus[1].pricePerGpuHour` or `cells.peak`. */
  path: string;
  /** `CYCLE` (cyclic reference), `NAME` (unknown name), `VALUE` (not a finite number), `PARSE` (syntax), `FORBIDDEN` (function not allowed). */
  kind: "CYCLE" | "NAME" | "VALUE" | "PARSE" | "FORBIDDEN";
  message: string;
  /** Members of the cycle, for `CYCLE`. */
  cycle?: string[];
  /** The value is outside the field's range (plan-fields.ts), for `VALUE`: a formula yielding a negative peak RPS. */
  outOfRange?: true;
}

export interface ResolvedWorkload {
  name: string;
  peakRps: number | null;
  avgRps: number | null;
  dailyRequests: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

export interface ResolvedShared {
  name: string;
  costPerDay: number | null;
  split: "weighted" | "even" | "none";
}

/** A SKU's sweep for one workload, after formula evaluation (files not yet read). */
export type ResolvedSweepRef =
  | { kind: "points"; points: SweepPoint[]; label?: string; meta?: Partial<SweepMeta>; warnings?: string[] }
  | { kind: "file"; file: string }
  | { kind: "given"; replicaOutputTokensPerSec: number | null }
  | { kind: "missing" };

export interface ResolvedSku {
  name: string;
  gpu: string | null;
  gpusPerReplica: number | null;
  pricePerGpuHour: number | null;
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
  errors: FormulaError[];
}
