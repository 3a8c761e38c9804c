/**
 * Team cost allocation (FinOps; product spec §5, seed §4.5 `cost_share`). Costs are split by
 * weighted tokens and rounded to the currency's minor unit with exact conservation.
 */
import { appendAll } from "./append";
import { allocationMessages as M } from "./messages/allocation";
import { fromMinor, isCurrencyCode, largestRemainder, minorUnitDigits, toMinor } from "./money";
import type { Problem } from "./problems";

/** Pools (daily cost, optional daily capacity in weighted tokens) and daily team usage. */
export interface AllocationInput {
  pools: { name: string; costPerDay: number; capacityTokensPerDay?: number | null }[];
  usage: { team: string; pool: string; inputTokens: number; outputTokens: number }[];
  method: "tokens" | "output" | "weighted";
  inputWeight?: number;
  outputWeight?: number;
  idle: "proportional" | "separate";
  currency: string;
}

/** One team in one pool. `tokens` are weighted tokens (the allocation basis). */
export interface TeamInPool {
  name: string;
  tokens: number;
  share: number;
  cost: number;
  costRounded: number;
  costPerMillionTokens: number | null;
  /** Raw daily tokens (added fields). */
  inputTokens?: number;
  outputTokens?: number;
}

/** Allocation per pool and team totals (spec §5). Σ teams' costRounded + idleRounded = costRounded of the pool exactly. */
export interface AllocationResult {
  pools: {
    name: string;
    cost: number;
    costRounded: number;
    idle: number;
    idleRounded: number;
    usedTokens: number;
    capacityTokens: number | null;
    teams: TeamInPool[];
  }[];
  /** Totals over pools. */
  teams: { name: string; cost: number; costRounded: number }[];
  /** The English of {@link problems} (docs/problems.md). */
  warnings: string[];
  /** The allocation's problems as values (code `allocation.*`), in the order of `warnings`. */
  problems: Problem[];
}

/**
 * The seed's `cost_share` (§4.5): total_daily_cost × model_tokens / all_tokens.
 * costShare(1920, 3e7, 1.3e8) = 443.0769… (443.08 per day). Returns 0 when allTokens is not positive.
 */
export function costShare(totalDailyCost: number, modelTokens: number, allTokens: number): number {
  if (!(allTokens > 0)) return 0;
  return totalDailyCost * (modelTokens / allTokens);
}

/** A token count the allocation accepts: a finite number ≥ 0. */
function good(x: number): boolean {
  return typeof x === "number" && Number.isFinite(x) && x >= 0;
}

function weightsOf(input: AllocationInput, warnings: Problem[]): { wi: number; wo: number } {
  if (input.method === "output") return { wi: 0, wo: 1 };
  if (input.method !== "weighted") return { wi: 1, wo: 1 };
  const pick = (v: number | undefined, what: "input" | "output"): number => {
    if (v === undefined) return 1;
    if (typeof v === "number" && Number.isFinite(v) && v >= 0) return v;
    warnings.push(M.problem("weightInvalid", { which: what, got: String(v) }, { path: `tenants.${what}Weight` }));
    return 1;
  };
  const wi = pick(input.inputWeight, "input");
  const wo = pick(input.outputWeight, "output");
  return { wi, wo };
}

/** One pool's allocation: its result row, unrounded team costs, team minor units, warnings. */
interface PoolPart {
  pool: AllocationResult["pools"][number];
  costs: number[];
  teamMinor: number[];
  warnings: Problem[];
}

/** A pool's allocation with the inputs it was computed from (see {@link AllocationMemo}). */
interface PoolMemo extends PoolPart {
  names: string[];
  sums: { inT: number; outT: number }[];
  wi: number;
  wo: number;
  idle: AllocationInput["idle"];
  currency: string;
  costPerDay: number;
  capacityTokensPerDay: number | null | undefined;
}

/**
 * The last allocation's pools with their inputs, so that a following {@link allocate} with the
 * same memo reuses each pool whose cost, capacity, weights, idle policy, currency and team usage
 * are unchanged (an incremental edit of one team re-allocates its pool only). Results are the
 * same as without a memo.
 */
export interface AllocationMemo {
  pools: Map<string, PoolMemo>;
  /** Usage rows grouped by pool and team, with the rows array and pool names they came from. */
  grouped?: { usage: AllocationInput["usage"]; poolNames: string[]; teams: (readonly [string, Map<string, { inT: number; outT: number }>])[]; warnings: Problem[] };
}

/** A new, empty {@link AllocationMemo}. */
export function allocationMemo(): AllocationMemo {
  return { pools: new Map() };
}

function samePool(m: PoolMemo, raw: AllocationInput["pools"][number], names: string[], sums: { inT: number; outT: number }[], wi: number, wo: number, idle: AllocationInput["idle"], currency: string): boolean {
  if (!Object.is(m.costPerDay, raw.costPerDay) || !Object.is(m.capacityTokensPerDay, raw.capacityTokensPerDay)) return false;
  if (!Object.is(m.wi, wi) || !Object.is(m.wo, wo) || m.idle !== idle || m.currency !== currency || m.names.length !== names.length) return false;
  for (let i = 0; i < names.length; i++) {
    if (m.names[i] !== names[i] || !Object.is(m.sums[i]!.inT, sums[i]!.inT) || !Object.is(m.sums[i]!.outT, sums[i]!.outT)) return false;
  }
  return true;
}

function allocatePool(raw: AllocationInput["pools"][number], names: string[], sums: { inT: number; outT: number }[], wi: number, wo: number, policy: AllocationInput["idle"], currency: string, digits: number): PoolPart {
  const warnings: Problem[] = [];
  const input = { idle: policy, currency };
  let cost = raw.costPerDay;
  if (typeof cost !== "number" || !Number.isFinite(cost) || cost < 0) {
    warnings.push(M.problem("poolCostInvalid", { pool: raw.name, got: String(cost) }));
    cost = 0;
  }
  const cap = typeof raw.capacityTokensPerDay === "number" && Number.isFinite(raw.capacityTokensPerDay) && raw.capacityTokensPerDay > 0 ? raw.capacityTokensPerDay : null;
  const w = sums.map(t => wi * t.inT + wo * t.outT);
  const W = w.reduce((s, x) => s + x, 0);
  let costs: number[];
  let idle = 0;
  let separate = false;
  if (W === 0) {
    costs = w.map(() => 0);
    idle = cost;
    warnings.push(M.problem("poolNoUsage", { pool: raw.name, cost, digits, currency: input.currency }));
  } else if (input.idle === "separate") {
    if (cap === null) {
      warnings.push(M.problem("poolCapacityUnknown", { pool: raw.name }));
      costs = w.map(x => (x / W) * cost);
    } else if (W > cap) {
      warnings.push(M.problem("poolOverCapacity", { pool: raw.name, used: W, capacity: cap }));
      costs = w.map(x => (x / W) * cost);
    } else {
      const price = cost / cap;
      costs = w.map(x => x * price);
      idle = Math.max(0, cost - costs.reduce((s, x) => s + x, 0));
      separate = true;
    }
  } else {
    costs = w.map(x => (x / W) * cost);
  }

  const costMinor = toMinor(cost, digits);
  let teamMinor: number[];
  let idleMinor: number;
  if (W === 0) {
    teamMinor = w.map(() => 0);
    idleMinor = costMinor;
  } else if (separate) {
    const parts = largestRemainder([...costs, idle], costMinor, digits);
    idleMinor = parts.pop()!;
    teamMinor = parts;
  } else {
    teamMinor = largestRemainder(costs, costMinor, digits);
    idleMinor = 0;
  }

  const pool: AllocationResult["pools"][number] = {
    name: raw.name,
    cost,
    costRounded: fromMinor(costMinor, digits),
    idle,
    idleRounded: fromMinor(idleMinor, digits),
    usedTokens: W,
    capacityTokens: cap,
    teams: names.map((name, i) => ({
      name,
      tokens: w[i]!,
      share: W > 0 ? w[i]! / W : 0,
      cost: costs[i]!,
      costRounded: fromMinor(teamMinor[i]!, digits),
      costPerMillionTokens: w[i]! > 0 ? (costs[i]! / w[i]!) * 1e6 : null,
      inputTokens: sums[i]!.inT,
      outputTokens: sums[i]!.outT,
    })),
  };
  return { pool, costs, teamMinor, warnings };
}

/**
 * Allocate each pool's daily cost to teams (spec §5). weight = inputWeight × in + outputWeight × out
 * (`tokens`: 1, 1; `output`: 0, 1; `weighted`: the given weights, default 1); share = weight / Σ weights.
 * - `proportional` (the seed's cost_share): cost = share × pool cost; idle = 0.
 * - `separate`: teams pay their weighted tokens at the capacity price (pool cost ÷
 *   capacityTokensPerDay, capacity in the same weighted tokens); idle = pool cost − Σ team costs.
 *   Unknown capacity, or usage above capacity, falls back to proportional with a warning.
 * A pool without usage is all idle (warning). Rounding: the pool cost is rounded to the currency's
 * minor unit (money.ts), then team costs (+ idle) by largest remainder, in integer minor units, so
 * Σ rounded parts = rounded pool cost exactly. Team totals add the rounded parts of each pool.
 */
export function allocate(input: AllocationInput, memo?: AllocationMemo): AllocationResult {
  const warnings: Problem[] = [];
  const digits = minorUnitDigits(input.currency);
  if (!isCurrencyCode(input.currency)) warnings.push(M.problem("unknownCurrency", { currency: input.currency }, { path: "currency" }));
  const { wi, wo } = weightsOf(input, warnings);

  const pools: AllocationResult["pools"] = [];
  const byName = new Map<string, { raw: AllocationInput["pools"][number]; teams: Map<string, { inT: number; outT: number }> }>();
  const dupWarnings: Problem[] = [];
  for (const p of input.pools) {
    if (byName.has(p.name)) {
      dupWarnings.push(M.problem("poolDuplicate", { pool: p.name }));
      continue;
    }
    byName.set(p.name, { raw: p, teams: new Map() });
  }
  appendAll(warnings, dupWarnings);
  // Usage grouped by pool and team: the same usage rows and pool names as the last call give the
  // same groups (a pool-cost edit does not re-read 2,000 usage rows).
  const poolNames = input.pools.map(p => p.name);
  const g = memo?.grouped;
  if (g && g.usage === input.usage && g.poolNames.length === poolNames.length && g.poolNames.every((n, i) => n === poolNames[i])) {
    for (const [name, teams] of g.teams) byName.get(name)!.teams = teams;
    appendAll(warnings, g.warnings);
  } else {
    const rowWarnings: Problem[] = [];
    input.usage.forEach((u, i) => {
      let pool = byName.get(u.pool);
      if (!pool && !u.pool && byName.size === 1) pool = [...byName.values()][0];
      if (!pool) {
        rowWarnings.push(M.problem("usageNoPool", { row: i + 1, team: u.team, pool: u.pool }));
        return;
      }
      if (!good(u.inputTokens) || !good(u.outputTokens)) {
        rowWarnings.push(M.problem("usageBadTokens", { row: i + 1, team: u.team }));
        return;
      }
      const t = pool.teams.get(u.team) ?? { inT: 0, outT: 0 };
      t.inT += u.inputTokens;
      t.outT += u.outputTokens;
      pool.teams.set(u.team, t);
    });
    appendAll(warnings, rowWarnings);
    if (memo) memo.grouped = { usage: input.usage, poolNames, teams: [...byName].map(([name, b]) => [name, b.teams] as const), warnings: rowWarnings };
  }

  const totals = new Map<string, { cost: number; minor: number }>();
  const nextMemo = new Map<string, PoolMemo>();
  for (const { raw, teams } of byName.values()) {
    const names = [...teams.keys()];
    const sums = [...teams.values()];
    const prev = memo?.pools.get(raw.name);
    const part =
      prev && samePool(prev, raw, names, sums, wi, wo, input.idle, input.currency)
        ? prev
        : { ...allocatePool(raw, names, sums, wi, wo, input.idle, input.currency, digits), names, sums, wi, wo, idle: input.idle, currency: input.currency, costPerDay: raw.costPerDay, capacityTokensPerDay: raw.capacityTokensPerDay };
    nextMemo.set(raw.name, part);
    appendAll(warnings, part.warnings);
    pools.push(part.pool);
    names.forEach((name, i) => {
      const t = totals.get(name) ?? { cost: 0, minor: 0 };
      t.cost += part.costs[i]!;
      t.minor += part.teamMinor[i]!;
      totals.set(name, t);
    });
  }
  if (memo) memo.pools = nextMemo;
  const teams = [...totals.entries()].map(([name, t]) => ({ name, cost: t.cost, costRounded: fromMinor(t.minor, digits) }));
  return { pools, teams, warnings: warnings.map(M.en), problems: warnings };
}
