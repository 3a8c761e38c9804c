/**
 * Team cost allocation (FinOps; docs/allocation.md, seed `cost_share`). Pool costs are split to
 * teams on a `usage` or `reservation` basis, idle capacity is spread or kept as its own line,
 * shared costs (platform, licences) are split after the pools, and every amount is rounded to the
 * currency's minor unit with exact conservation (largest remainder, ties to the team whose name
 * sorts first). A plain function of its input: memoisation lives in incremental.ts.
 */
import { appendAll } from "../base/append";
import { allocationMessages as M } from "./messages";
import { fromMinor, isCurrencyCode, largestRemainder, minorUnitDigits, toMinor } from "./money";
import type { Problem } from "../base/problems";
import type {
  AllocationBasis,
  SharedSplit,
  AllocationPoolInput,
  SharedCostInput,
  AllocationInput,
  PoolAllocation,
  SharedAllocation,
  TeamTotal,
  AllocationResult,
} from "./allocation-types";

export type {
  AllocationBasis,
  SharedSplit,
  AllocationPoolInput,
  AllocationUsageInput,
  SharedCostInput,
  AllocationInput,
  TeamInPool,
  PoolAllocation,
  SharedAllocation,
  TeamTotal,
  AllocationResult,
} from "./allocation-types";

/**
 * The seed's `cost_share`: total_daily_cost × model_tokens / all_tokens.
 * costShare(1920, 3e7, 1.3e8) = 443.0769… (443.08 per day). Returns 0 when allTokens is not positive.
 */
export function costShare(totalDailyCost: number, modelTokens: number, allTokens: number): number {
  if (!(allTokens > 0)) return 0;
  return totalDailyCost * (modelTokens / allTokens);
}

/** A count the allocation accepts: a finite number ≥ 0. */
function good(x: unknown): x is number {
  return typeof x === "number" && Number.isFinite(x) && x >= 0;
}
const positive = (x: unknown): x is number => good(x) && x > 0;

/** Code-unit order of names (the tie order of rounding: the name that sorts first wins a tie). */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Split `totalMinor` integer minor units over amounts by largest remainder, ties going to the name
 * that sorts first ({@link compareNames}); `rest` (idle, unallocated) comes after every name.
 * Returns the parts in the order of `names`, and the rest's part.
 */
export function splitByName(
  amounts: readonly number[],
  names: readonly string[],
  totalMinor: number,
  digits: number,
  rest?: number,
): { parts: number[]; rest: number } {
  const n = names.length;
  // Array.prototype.sort is stable: equal names keep their given order.
  const order = names.map((_, i) => i).sort((a, b) => compareNames(names[a]!, names[b]!));
  const sorted = order.map((i) => amounts[i]!);
  if (rest !== undefined) sorted.push(rest);
  const lr = largestRemainder(sorted, totalMinor, digits);
  const parts = new Array<number>(n);
  order.forEach((i, k) => (parts[i] = lr[k]!));
  return { parts, rest: rest !== undefined ? lr[n]! : 0 };
}

function weightsOf(input: AllocationInput, warnings: Problem[]): { wi: number; wo: number } {
  if (input.method === "output") return { wi: 0, wo: 1 };
  if (input.method !== "weighted") return { wi: 1, wo: 1 };
  const pick = (v: number | undefined, what: "input" | "output"): number => {
    if (v === undefined) return 1;
    if (good(v)) return v;
    warnings.push(
      M.problem(
        "weightInvalid",
        { which: what, got: String(v) },
        { path: `tenants.${what}Weight` },
      ),
    );
    return 1;
  };
  return { wi: pick(input.inputWeight, "input"), wo: pick(input.outputWeight, "output") };
}

/** A team's usage in one pool (rows summed). */
export interface TeamSums {
  inT: number;
  outT: number;
  /** Σ reserved replicas of its rows; null when no row gives one. */
  reserved: number | null;
}

/** One pool's allocation: its result, the unrounded team costs, the teams' minor units and its problems. */
export interface PoolPart {
  pool: PoolAllocation;
  costs: number[];
  teamMinor: number[];
  warnings: Problem[];
}

/** What a pool's allocation depends on besides the pool and its teams. */
export interface PoolContext {
  wi: number;
  wo: number;
  idle: AllocationInput["idle"];
  basis: AllocationBasis;
  currency: string;
  digits: number;
}

/**
 * Allocates one pool: {@link allocatePool}, or a memoised version of it (the incremental engine
 * passes one; it must return what allocatePool returns for the same arguments).
 */
export type PoolAllocator = (
  raw: AllocationPoolInput,
  names: readonly string[],
  sums: readonly TeamSums[],
  ctx: PoolContext,
) => PoolPart;

const perMillion = (cost: number, tokens: number): number | null =>
  tokens > 0 ? (cost / tokens) * 1e6 : null;
const times = (w: number, x: number | null): number | null => (x === null ? null : w * x);

/** One pool's allocation (see {@link allocate}); a plain function of its arguments. */
export function allocatePool(
  raw: AllocationPoolInput,
  names: readonly string[],
  sums: readonly TeamSums[],
  ctx: PoolContext,
): PoolPart {
  const { wi, wo, digits } = ctx;
  const input = ctx;
  const warnings: Problem[] = [];
  let cost = raw.costPerDay;
  if (!good(cost)) {
    warnings.push(M.problem("poolCostInvalid", { pool: raw.name, got: String(cost) }));
    cost = 0;
  }
  const cap = positive(raw.capacityTokensPerDay) ? raw.capacityTokensPerDay : null;
  const replicas = positive(raw.replicas) ? raw.replicas : null;
  const w = sums.map((t) => wi * t.inT + wo * t.outT);
  const W = w.reduce((s, x) => s + x, 0);
  const used = w.map((x) => (cap !== null && replicas !== null ? (x / cap) * replicas : null));
  let basis: AllocationBasis = ctx.basis;
  if (basis === "reservation" && (cap === null || replicas === null)) {
    warnings.push(
      M.problem("reservationNeedsReplicas", {
        pool: raw.name,
        what: replicas === null ? "replicas" : "capacity",
      }),
    );
    basis = "usage";
  }
  let costs: number[];
  let idle = 0;
  let billed: number[] | null = null;
  if (basis === "reservation") {
    const b = sums.map((t, i) => Math.max(t.reserved ?? 0, used[i]!));
    billed = b;
    const B = b.reduce((s, x) => s + x, 0);
    if (B === 0) {
      costs = b.map(() => 0);
      idle = cost;
      warnings.push(
        M.problem("poolNoUsage", { pool: raw.name, cost, digits, currency: input.currency }),
      );
    } else if (B > replicas!) {
      warnings.push(
        M.problem("poolOversubscribed", { pool: raw.name, billed: B, replicas: replicas! }),
      );
      costs = b.map((x) => (x / B) * cost);
    } else if (input.idle === "separate") {
      costs = b.map((x) => (x / replicas!) * cost);
      idle = Math.max(0, cost - costs.reduce((s, x) => s + x, 0));
    } else {
      costs = b.map((x) => (x / B) * cost);
    }
  } else if (W === 0) {
    costs = w.map(() => 0);
    idle = cost;
    warnings.push(
      M.problem("poolNoUsage", { pool: raw.name, cost, digits, currency: input.currency }),
    );
  } else if (input.idle === "separate") {
    if (cap === null) {
      warnings.push(M.problem("poolCapacityUnknown", { pool: raw.name }));
      costs = w.map((x) => (x / W) * cost);
    } else if (W > cap) {
      warnings.push(M.problem("poolOverCapacity", { pool: raw.name, used: W, capacity: cap }));
      costs = w.map((x) => (x / W) * cost);
    } else {
      const price = cost / cap;
      costs = w.map((x) => x * price);
      idle = Math.max(0, cost - costs.reduce((s, x) => s + x, 0));
    }
  } else {
    costs = w.map((x) => (x / W) * cost);
  }

  const costMinor = toMinor(cost, digits);
  // Idle takes part in the rounding when there is some (separate, or a pool without usage). An idle
  // of 0 is left out: the team costs then add up to (at least) the pool cost, so the teams need at
  // most one unit each, and a rest of 0 (last in every tie) would never get one.
  const split =
    idle > 0
      ? splitByName(costs, names, costMinor, digits, idle)
      : splitByName(costs, names, costMinor, digits);
  const teamMinor = split.parts;
  const poolPerM = perMillion(cost, W);
  const pool: PoolAllocation = {
    name: raw.name,
    basis,
    cost,
    costRounded: fromMinor(costMinor, digits),
    idle,
    idleRounded: fromMinor(split.rest, digits),
    usedTokens: W,
    capacityTokens: cap,
    replicas,
    billedReplicas: billed ? billed.reduce((s, x) => s + x, 0) : null,
    costPerMillionTokens: poolPerM,
    costPerMillionInputTokens: times(wi, poolPerM),
    costPerMillionOutputTokens: times(wo, poolPerM),
    teams: names.map((name, i) => {
      const perM = perMillion(costs[i]!, w[i]!);
      return {
        name,
        tokens: w[i]!,
        share: W > 0 ? w[i]! / W : 0,
        cost: costs[i]!,
        costRounded: fromMinor(teamMinor[i]!, digits),
        costPerMillionTokens: perM,
        costPerMillionInputTokens: times(wi, perM),
        costPerMillionOutputTokens: times(wo, perM),
        inputTokens: sums[i]!.inT,
        outputTokens: sums[i]!.outT,
        reservedReplicas: sums[i]!.reserved,
        usedReplicas: used[i]!,
        billedReplicas: billed ? billed[i]! : null,
      };
    }),
  };
  return { pool, costs, teamMinor, warnings };
}

/** Usage rows grouped by pool and team (rows of an unknown pool or with bad counts are dropped with a warning). */
function groupUsage(
  input: AllocationInput,
  byName: Map<string, Map<string, TeamSums>>,
  warnings: Problem[],
): void {
  const only = byName.size === 1 ? [...byName.values()][0] : undefined;
  input.usage.forEach((u, i) => {
    const pool = byName.get(u.pool) ?? (!u.pool ? only : undefined);
    if (!pool) {
      warnings.push(M.problem("usageNoPool", { row: i + 1, team: u.team, pool: u.pool }));
      return;
    }
    if (!good(u.inputTokens) || !good(u.outputTokens)) {
      warnings.push(M.problem("usageBadTokens", { row: i + 1, team: u.team }));
      return;
    }
    let reserved: number | null = null;
    if (u.reservedReplicas !== undefined && u.reservedReplicas !== null) {
      if (good(u.reservedReplicas)) reserved = u.reservedReplicas;
      else
        warnings.push(
          M.problem("usageBadReserved", {
            row: i + 1,
            team: u.team,
            got: String(u.reservedReplicas),
          }),
        );
    }
    const t = pool.get(u.team) ?? { inT: 0, outT: 0, reserved: null };
    t.inT += u.inputTokens;
    t.outT += u.outputTokens;
    if (reserved !== null) t.reserved = (t.reserved ?? 0) + reserved;
    pool.set(u.team, t);
  });
}

/** Shared costs split over the teams (after the pools): amounts and minor units per team. */
function allocateShared(
  shared: readonly SharedCostInput[],
  names: string[],
  own: number[],
  digits: number,
  warnings: Problem[],
): { lines: SharedAllocation[]; cost: number[]; minor: number[] } {
  const cost = names.map(() => 0);
  const minor = names.map(() => 0);
  const ownSum = own.reduce((s, x) => s + x, 0);
  const lines = shared.map((s, k): SharedAllocation => {
    let c = s.costPerDay;
    if (!good(c)) {
      warnings.push(
        M.problem(
          "sharedCostInvalid",
          { name: s.name, got: String(c) },
          { path: `tenants.shared[${k}].costPerDay` },
        ),
      );
      c = 0;
    }
    const split: SharedSplit = s.split === "even" || s.split === "none" ? s.split : "weighted";
    const cMinor = toMinor(c, digits);
    const line: SharedAllocation = {
      name: s.name,
      split,
      cost: c,
      costRounded: fromMinor(cMinor, digits),
      unallocated: 0,
      unallocatedRounded: 0,
      teams: [],
    };
    if (split === "none" || names.length === 0) {
      if (split !== "none" && c > 0) warnings.push(M.problem("sharedNoTeams", { name: s.name }));
      line.unallocated = c;
      line.unallocatedRounded = line.costRounded;
      return line;
    }
    let by: "weighted" | "even" = split;
    if (by === "weighted" && !(ownSum > 0)) {
      if (c > 0) warnings.push(M.problem("sharedNoCosts", { name: s.name }));
      by = "even";
    }
    const amounts =
      by === "even" ? names.map(() => c / names.length) : own.map((x) => c * (x / ownSum));
    const parts = splitByName(amounts, names, cMinor, digits).parts;
    line.teams = names.map((name, i) => {
      cost[i] = cost[i]! + amounts[i]!;
      minor[i] = minor[i]! + parts[i]!;
      return { name, cost: amounts[i]!, costRounded: fromMinor(parts[i]!, digits) };
    });
    return line;
  });
  return { lines, cost, minor };
}

/**
 * Allocate each pool's daily cost to teams, then the shared costs (docs/allocation.md).
 * weight = inputWeight × in + outputWeight × out (`tokens`: 1, 1; `output`: 0, 1; `weighted`: the
 * given weights, default 1).
 * - `usage` basis, idle `proportional` (`cost_share` of docs/allocation.md): cost = weighted share × pool cost.
 * - `usage`, `separate`: teams pay their weighted tokens at the capacity price (pool cost ÷
 *   capacityTokensPerDay); idle = the rest. Unknown capacity, or usage above capacity, falls back
 *   to proportional with a warning.
 * - `reservation`: billed = max(reserved, used) replicas (used = tokens ÷ capacity × replicas);
 *   `separate`: cost = billed ÷ replicas × pool cost, idle = the rest; `proportional`: billed ÷
 *   Σ billed × pool cost. Σ billed > replicas: billed ÷ Σ billed, no idle (warning).
 * A pool without usage is all idle (warning). Shared costs go to teams `weighted` by their pool
 * costs, `even`ly, or stay unallocated (`none`). Rounding: each pool and shared cost is rounded to
 * the currency's minor unit, then split by largest remainder (ties to the name that sorts first;
 * idle and unallocated after the teams) in integer minor units, so the parts add up exactly.
 */
export function allocate(
  input: AllocationInput,
  poolAllocator: PoolAllocator = allocatePool,
): AllocationResult {
  const warnings: Problem[] = [];
  const digits = minorUnitDigits(input.currency);
  if (!isCurrencyCode(input.currency))
    warnings.push(M.problem("unknownCurrency", { currency: input.currency }, { path: "currency" }));
  const { wi, wo } = weightsOf(input, warnings);

  const byName = new Map<string, Map<string, TeamSums>>();
  const raws: AllocationPoolInput[] = [];
  for (const p of input.pools) {
    if (byName.has(p.name)) {
      warnings.push(M.problem("poolDuplicate", { pool: p.name }));
      continue;
    }
    byName.set(p.name, new Map());
    raws.push(p);
  }
  groupUsage(input, byName, warnings);

  const pools: PoolAllocation[] = [];
  const totals = new Map<
    string,
    { cost: number; minor: number; w: number; inT: number; outT: number }
  >();
  for (const raw of raws) {
    const teams = byName.get(raw.name)!;
    const names = [...teams.keys()];
    const part = poolAllocator(raw, names, [...teams.values()], {
      wi,
      wo,
      idle: input.idle,
      basis: input.basis ?? "usage",
      currency: input.currency,
      digits,
    });
    appendAll(warnings, part.warnings);
    pools.push(part.pool);
    part.pool.teams.forEach((tp, i) => {
      const t = totals.get(tp.name) ?? { cost: 0, minor: 0, w: 0, inT: 0, outT: 0 };
      t.cost += part.costs[i]!;
      t.minor += part.teamMinor[i]!;
      t.w += tp.tokens;
      t.inT += tp.inputTokens;
      t.outT += tp.outputTokens;
      totals.set(tp.name, t);
    });
  }
  const names = [...totals.keys()];
  const own = [...totals.values()];
  const shared = allocateShared(
    input.shared ?? [],
    names,
    own.map((t) => t.cost),
    digits,
    warnings,
  );
  const teams = names.map((name, i): TeamTotal => {
    const t = own[i]!;
    const perM = perMillion(t.cost, t.w);
    return {
      name,
      cost: t.cost,
      costRounded: fromMinor(t.minor, digits),
      sharedCost: shared.cost[i]!,
      sharedCostRounded: fromMinor(shared.minor[i]!, digits),
      total: t.cost + shared.cost[i]!,
      totalRounded: fromMinor(t.minor + shared.minor[i]!, digits),
      tokens: t.w,
      inputTokens: t.inT,
      outputTokens: t.outT,
      costPerMillionTokens: perM,
      costPerMillionInputTokens: times(wi, perM),
      costPerMillionOutputTokens: times(wo, perM),
    };
  });
  return {
    basis: input.basis ?? "usage",
    pools,
    shared: shared.lines,
    teams,
    problems: warnings,
  };
}
