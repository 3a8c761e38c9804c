/**
 * The team allocation of a computed plan (spec §5): pools priced from a SKU or given, usage rows
 * checked and grouped, idle capacity from the fleet's daily capacity, and a memo so that the
 * incremental engine re-allocates only the pools an edit touched.
 */
import { appendAll } from "./append";
import { allocate, allocationMemo, type AllocationMemo, type AllocationResult } from "./allocation";
import type { WorkloadInput } from "./capacity";
import { tenantsMessages as M } from "./messages/allocation";
import { textProblem, type Problem } from "./problems";
import type { PlanResult, SkuResult, TenantsResult } from "./plan-result";
import type { ResolvedPlan } from "./resolved";

const num = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * What {@link computeTenants} keeps between calls on one plan being edited (the incremental
 * engine): each pool's allocation, and the last usage check and allocation with their inputs.
 */
export interface TenantsMemo {
  alloc: AllocationMemo;
  last?: {
    tenants: NonNullable<ResolvedPlan["tenants"]>;
    currency: string;
    pools: { name: string; costPerDay: number; capacityTokensPerDay: number | null }[];
    errorsBefore: string[];
    usage: { team: string; pool: string; inputTokens: number; outputTokens: number }[];
    usageErrors: PlanResult["errors"];
    result: AllocationResult;
    tenantsResult: TenantsResult;
  };
}

/** A new, empty {@link TenantsMemo}. */
export function tenantsMemo(): TenantsMemo {
  return { alloc: allocationMemo() };
}

/** Daily capacity of a SKU's fleet in the allocation's weighted tokens (for `idle: "separate"`). */
function fleetCapacityPerDay(sku: SkuResult, wl: WorkloadInput[], inW: number, outW: number): number | null {
  if (!num(sku.replicas) || !num(sku.replicasBase) || sku.replicasBase <= 0 || wl.length === 0) return null;
  const peakOut = wl.reduce((a, w) => a + w.peakRps * w.outputTokens, 0);
  const peakWeighted = wl.reduce((a, w) => a + w.peakRps * (inW * w.inputTokens + outW * w.outputTokens), 0);
  if (peakOut <= 0) return null;
  // The fleet serves the peak with replicasBase replicas; it has replicas/replicasBase times that.
  return peakWeighted * (sku.replicas / sku.replicasBase) * 86400;
}

/**
 * The team allocation of a plan (spec §5): pools (cost from `costPerDay` or a SKU's daily cost)
 * and usage rows, errors for rows that cannot be placed. `memo` lets a caller that recomputes
 * the same plan after an edit re-allocate only the pools whose inputs changed.
 */
export function computeTenants(plan: ResolvedPlan, skus: SkuResult[], cheapest: SkuResult | null, wl: WorkloadInput[], errors: PlanResult["errors"], warnings: string[], memo?: TenantsMemo, problems?: Problem[]): TenantsResult | null {
  const error = (path: string, kind: string, problem: Problem) => errors.push({ path, kind, message: M.en(problem), problem: { ...problem, path } });
  const t = plan.tenants!;
  const inW = t.method === "output" ? 0 : t.method === "weighted" ? t.inputWeight ?? 1 : 1;
  const outW = t.method === "weighted" ? t.outputWeight ?? 1 : 1;
  const pools: { name: string; costPerDay: number; capacityTokensPerDay: number | null }[] = [];
  const poolDefs = t.pools.length ? t.pools : [{ name: cheapest?.name ?? "default", costPerDay: null, sku: cheapest?.name ?? null, capacityTokensPerDay: null }];
  poolDefs.forEach((p, i) => {
    let cost = p.costPerDay;
    let cap = p.capacityTokensPerDay;
    const skuName = p.sku ?? (t.pools.length ? null : cheapest?.name ?? null);
    if (!num(cost) && skuName) {
      const s = skus.find(x => x.name === skuName);
      if (!s) error(`tenants.pools[${i}].sku`, "NAME", M.problem("noSku", { sku: skuName }));
      else if (!num(s.costPerDay)) error(`tenants.pools[${i}]`, "VALUE", M.problem("skuNoCost", { sku: skuName, reason: s.infeasibleReason ? textProblem(s.infeasibleReason) : null }));
      else {
        cost = s.costPerDay;
        if (!num(cap)) cap = fleetCapacityPerDay(s, wl, inW, outW);
      }
    }
    if (!num(cost)) {
      if (!t.pools.length && !cheapest) error("tenants.pools", "VALUE", M.problem("noPoolsNoSku", {}));
      else if (!errors.some(e => e.path.startsWith(`tenants.pools[${i}]`))) error(`tenants.pools[${i}].costPerDay`, "VALUE", M.problem("poolNeedsCost", {}));
      return;
    }
    pools.push({ name: p.name, costPerDay: cost, capacityTokensPerDay: num(cap) ? cap : null });
  });
  if (!pools.length) return null;
  // Same usage rows, pools, errors so far and currency as the last call with this memo: the
  // usage checks and the allocation come out the same (an SLO or price edit that leaves the
  // tenants alone does not re-read 2,000 usage rows).
  const last = memo?.last;
  if (
    memo &&
    last &&
    last.tenants === t &&
    last.currency === plan.currency &&
    last.pools.length === pools.length &&
    last.pools.every((p, i) => p.name === pools[i]!.name && Object.is(p.costPerDay, pools[i]!.costPerDay) && Object.is(p.capacityTokensPerDay, pools[i]!.capacityTokensPerDay)) &&
    last.errorsBefore.length === errors.length &&
    last.errorsBefore.every((e, i) => e === `${errors[i]!.path}\u0000${errors[i]!.message}`)
  ) {
    appendAll(errors, last.usageErrors);
    appendAll(warnings, last.result.warnings);
    if (problems) appendAll(problems, last.result.problems);
    return last.tenantsResult;
  }
  const errorsBefore = errors.map(e => `${e.path}\u0000${e.message}`);
  const firstUsageError = errors.length;
  // Same usage rows, pool names and errors so far (a pool-cost edit): the same checked rows.
  const sameRows =
    last !== undefined &&
    last.tenants.usage === t.usage &&
    last.pools.length === pools.length &&
    last.pools.every((p, i) => p.name === pools[i]!.name) &&
    last.errorsBefore.length === errorsBefore.length &&
    last.errorsBefore.every((e, i) => e === errorsBefore[i]);
  const usage: { team: string; pool: string; inputTokens: number; outputTokens: number }[] = sameRows ? last.usage : [];
  if (sameRows) appendAll(errors, last.usageErrors);
  const poolNames = new Set(pools.map(p => p.name));
  if (!sameRows) t.usage.forEach((u, i) => {
    if (!num(u.inputTokens) || !num(u.outputTokens)) {
      if (!errors.some(e => e.path.startsWith(`tenants.usage[${i}]`))) error(`tenants.usage[${i}]`, "VALUE", M.problem("usageNotNumbers", {}));
      return;
    }
    const pool = u.pool ?? (pools.length === 1 ? pools[0]!.name : null);
    if (!pool || !poolNames.has(pool)) {
      error(`tenants.usage[${i}].pool`, "NAME", pool ? M.problem("noPool", { pool }) : M.problem("severalPools", {}));
      return;
    }
    usage.push({ team: u.team, pool, inputTokens: u.inputTokens, outputTokens: u.outputTokens });
  });
  const usageErrorCount = errors.length - firstUsageError;
  const res: AllocationResult = allocate({ pools, usage, method: t.method, inputWeight: inW, outputWeight: outW, idle: t.idle, currency: plan.currency }, memo?.alloc);
  appendAll(warnings, res.warnings);
  if (problems) appendAll(problems, res.problems);
  const tenantsResult: TenantsResult = { pools: res.pools, teams: res.teams, method: t.method, idle: t.idle };
  if (memo) memo.last = { tenants: t, currency: plan.currency, pools, errorsBefore, usage, usageErrors: errors.slice(firstUsageError, firstUsageError + usageErrorCount), result: res, tenantsResult };
  return tenantsResult;
}

