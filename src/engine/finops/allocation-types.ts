/**
 * The shapes of a team cost allocation (docs/allocation.md): its input (pools, usage rows, shared
 * costs, the method and idle policy) and its result (per pool, per shared line, per team, and
 * the problems it found). Types only; allocation.ts computes them.
 */
import type { Problem } from "../base/problems";

/** How a pool's cost reaches the teams (docs/allocation.md). */
export type AllocationBasis = "usage" | "reservation";
/** How a shared cost is split over the teams: by their allocated cost, evenly, or not at all. */
export type SharedSplit = "weighted" | "even" | "none";

/** A pool: its daily cost, and (when known) its replicas and daily capacity in weighted tokens. */
export interface AllocationPoolInput {
  name: string;
  costPerDay: number;
  capacityTokensPerDay?: number | null;
  replicas?: number | null;
}

/** One usage row: a team's daily tokens in a pool, and the replicas it reserves there. */
export interface AllocationUsageInput {
  team: string;
  pool: string;
  inputTokens: number;
  outputTokens: number;
  reservedReplicas?: number | null;
}

/** A shared daily cost distributed after the pools (docs/allocation.md). */
export interface SharedCostInput {
  name: string;
  costPerDay: number;
  /** Default `weighted`. */
  split?: SharedSplit;
}

/** Pools, daily team usage, the weighting, basis, idle policy and shared costs. */
export interface AllocationInput {
  pools: AllocationPoolInput[];
  usage: AllocationUsageInput[];
  method: "tokens" | "output" | "weighted";
  inputWeight?: number;
  outputWeight?: number;
  idle: "proportional" | "separate";
  /** Default `usage`. */
  basis?: AllocationBasis;
  shared?: SharedCostInput[];
  currency: string;
}

/** One team in one pool. `tokens` are weighted tokens (the allocation basis). */
export interface TeamInPool {
  name: string;
  tokens: number;
  /** The team's share of the pool's used weighted tokens. */
  share: number;
  cost: number;
  costRounded: number;
  costPerMillionTokens: number | null;
  /** Cost per 1M input / output tokens: the input / output weight × the cost per weighted token. */
  costPerMillionInputTokens: number | null;
  costPerMillionOutputTokens: number | null;
  /** Raw daily tokens. */
  inputTokens: number;
  outputTokens: number;
  /** Replicas the team reserves in the pool (null: none given). */
  reservedReplicas: number | null;
  /** Replicas its usage fills: tokens ÷ capacity × replicas (null when either is unknown). */
  usedReplicas: number | null;
  /** `reservation` basis: max(reserved, used) replicas; null on the `usage` basis. */
  billedReplicas: number | null;
}

/** One pool's allocation. Σ teams' costRounded + idleRounded = costRounded exactly. */
export interface PoolAllocation {
  name: string;
  /** The basis applied (a `reservation` pool without replicas or capacity falls back to `usage`). */
  basis: AllocationBasis;
  cost: number;
  costRounded: number;
  idle: number;
  idleRounded: number;
  usedTokens: number;
  capacityTokens: number | null;
  replicas: number | null;
  /** `reservation` basis: Σ billed replicas of the teams. */
  billedReplicas: number | null;
  /** The pool's cost per 1M used weighted tokens, and per 1M input / output tokens (weights applied). */
  costPerMillionTokens: number | null;
  costPerMillionInputTokens: number | null;
  costPerMillionOutputTokens: number | null;
  teams: TeamInPool[];
}

/** A shared cost line: what each team carries, and what stays unallocated (`none`, or no teams). */
export interface SharedAllocation {
  name: string;
  split: SharedSplit;
  cost: number;
  costRounded: number;
  unallocated: number;
  unallocatedRounded: number;
  teams: { name: string; cost: number; costRounded: number }[];
}

/** A team over all pools: own (pool) cost, shared cost and total. */
export interface TeamTotal {
  name: string;
  /** Pool costs (own cost). */
  cost: number;
  costRounded: number;
  sharedCost: number;
  sharedCostRounded: number;
  /** Own + shared. */
  total: number;
  totalRounded: number;
  /** Weighted, input and output tokens over all pools. */
  tokens: number;
  inputTokens: number;
  outputTokens: number;
  /** Own cost per 1M weighted / input / output tokens. */
  costPerMillionTokens: number | null;
  costPerMillionInputTokens: number | null;
  costPerMillionOutputTokens: number | null;
}

/**
 * Allocation per pool, shared lines and team totals (docs/allocation.md). Σ teams' totalRounded
 * + Σ pools' idleRounded + Σ shared unallocatedRounded = Σ pools' costRounded + Σ shared costRounded.
 */
export interface AllocationResult {
  basis: AllocationBasis;
  pools: PoolAllocation[];
  shared: SharedAllocation[];
  teams: TeamTotal[];
  /** The allocation's warnings as values (code `allocation.*`, docs/problems.md); rendered where shown. */
  problems: Problem[];
}
