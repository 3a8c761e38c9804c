/**
 * The team allocation of a computed plan (docs/allocation.md): pools priced from a SKU or given,
 * with their replicas and daily capacity, usage rows checked and grouped, shared costs, and the
 * allocation itself (allocation.ts). A plain function of its inputs; the incremental engine
 * memoises it (incremental.ts).
 */
import { SECONDS_PER_DAY } from "../chain/quantities";
import { appendAll } from "../base/append";
import {
  allocate,
  allocatePool,
  type PoolAllocator,
  type SharedCostInput,
} from "../finops/allocation";
import type { WorkloadInput } from "../chain/capacity";
import { tenantsMessages as M } from "../finops/messages";
import type { Problem } from "../base/problems";
import type { PlanError, SkuCapacity, TenantsResult } from "./plan-result";
import type { ResolvedPlan } from "./resolved-plan-types";

const num = (v: number | null | undefined): v is number =>
  typeof v === "number" && Number.isFinite(v);

/** What the allocation reads of a SKU result (a `SkuResult` is one). */
export interface TenantSku {
  name: string;
  capacity: Pick<SkuCapacity, "costPerDay" | "replicas" | "replicasBase"> | null;
  /** Why the SKU has no capacity, as a value (docs/problems.md). */
  infeasibleProblem?: Problem | null;
}

/** A plan error (as `PlanResult.errors`). */
export type TenantError = PlanError;

/** The allocation of a plan with the errors and warnings (problems) it adds. */
export interface TenantsOutput {
  tenants: TenantsResult | null;
  errors: TenantError[];
  problems: Problem[];
}

/** Daily capacity of a SKU's fleet in the allocation's weighted tokens: replicas × replica throughput × 86,400. */
function fleetCapacityPerDay(
  sku: TenantSku,
  wl: readonly WorkloadInput[],
  inW: number,
  outW: number,
): number | null {
  const c = sku.capacity;
  // (No workloads: peakOut is 0 below.)
  if (!c || !num(c.replicas) || !num(c.replicasBase) || c.replicasBase <= 0) return null;
  const peakOut = wl.reduce((a, w) => a + w.peakRps * w.outputTokens, 0);
  const peakWeighted = wl.reduce(
    (a, w) => a + w.peakRps * (inW * w.inputTokens + outW * w.outputTokens),
    0,
  );
  if (peakOut <= 0) return null;
  // The fleet serves the peak with replicasBase replicas; it has replicas/replicasBase times that.
  return peakWeighted * (c.replicas / c.replicasBase) * SECONDS_PER_DAY;
}

/** A priced pool: its daily cost, and replicas and capacity when known. */
export interface TenantPool {
  name: string;
  costPerDay: number;
  capacityTokensPerDay: number | null;
  replicas: number | null;
}

const errorOf = (errors: TenantError[]) => (path: string, kind: string, problem: Problem) =>
  void errors.push({ path, kind, problem: { ...problem, path } });

/**
 * The pools of a plan's allocation (docs/allocation.md): cost from `costPerDay` or a SKU's daily
 * cost; replicas and capacity given or from the pool's SKU. Errors for pools without a cost.
 */
export function tenantPools(
  plan: ResolvedPlan,
  skus: readonly TenantSku[],
  cheapest: TenantSku | null,
  wl: readonly WorkloadInput[],
  errorsBefore: readonly TenantError[],
): { pools: TenantPool[]; errors: TenantError[] } {
  const errors: TenantError[] = [];
  const pools: TenantPool[] = [];
  const t = plan.tenants;
  if (!t) return { pools, errors };
  const error = errorOf(errors);
  const hasError = (prefix: string) =>
    errorsBefore.some((e) => e.path.startsWith(prefix)) ||
    errors.some((e) => e.path.startsWith(prefix));
  const inW = t.method === "output" ? 0 : t.method === "weighted" ? (t.inputWeight ?? 1) : 1;
  const outW = t.method === "weighted" ? (t.outputWeight ?? 1) : 1;
  // No pools: one pool of the cheapest SKU (without one, the error below; the pool is not kept).
  const poolDefs = t.pools.length
    ? t.pools
    : [
        {
          name: cheapest?.name ?? "default",
          costPerDay: null,
          sku: cheapest?.name ?? null,
          capacityTokensPerDay: null,
          replicas: null,
        },
      ];
  poolDefs.forEach((p, i) => {
    let cost = p.costPerDay;
    let cap = p.capacityTokensPerDay;
    let replicas = p.replicas;
    const skuName = p.sku;
    if (!num(cost) && skuName) {
      const s = skus.find((x) => x.name === skuName);
      if (!s) error(`tenants.pools[${i}].sku`, "NAME", M.problem("noSku", { sku: skuName }));
      else if (!s.capacity || !num(s.capacity.costPerDay))
        error(
          `tenants.pools[${i}]`,
          "VALUE",
          M.problem("skuNoCost", {
            sku: skuName,
            reason: s.infeasibleProblem ?? null,
          }),
        );
      else {
        cost = s.capacity.costPerDay;
        if (!num(cap)) cap = fleetCapacityPerDay(s, wl, inW, outW);
        if (!num(replicas)) replicas = s.capacity.replicas;
      }
    }
    if (!num(cost)) {
      if (!t.pools.length && !cheapest)
        error("tenants.pools", "VALUE", M.problem("noPoolsNoSku", {}));
      else if (!hasError(`tenants.pools[${i}]`))
        error(`tenants.pools[${i}].costPerDay`, "VALUE", M.problem("poolNeedsCost", {}));
      return;
    }
    pools.push({
      name: p.name,
      costPerDay: cost,
      capacityTokensPerDay: num(cap) ? cap : null,
      replicas: num(replicas) ? replicas : null,
    });
  });
  return { pools, errors };
}

/**
 * The allocation over priced pools ({@link tenantPools}): usage rows checked (a row whose
 * formula failed, named in `errorsBefore`, is not reported twice), shared costs, {@link allocate}.
 */
export function allocateTenants(
  plan: ResolvedPlan,
  pools: readonly TenantPool[],
  errorsBefore: readonly TenantError[],
  poolAllocator: PoolAllocator = allocatePool,
): TenantsOutput {
  const errors: TenantError[] = [];
  const out: TenantsOutput = { tenants: null, errors, problems: [] };
  const t = plan.tenants;
  if (!t || !pools.length) return out;
  const error = errorOf(errors);
  // A row's own errors come after this check, so only the errors before can name it.
  const hasError = (prefix: string) => errorsBefore.some((e) => e.path.startsWith(prefix));
  const poolNames = new Set(pools.map((p) => p.name));
  const usage: {
    team: string;
    pool: string;
    inputTokens: number;
    outputTokens: number;
    reservedReplicas: number | null;
  }[] = [];
  t.usage.forEach((u, i) => {
    if (!num(u.inputTokens) || !num(u.outputTokens)) {
      if (!hasError(`tenants.usage[${i}]`))
        error(`tenants.usage[${i}]`, "VALUE", M.problem("usageNotNumbers", {}));
      return;
    }
    const pool = u.pool ?? (pools.length === 1 ? pools[0]!.name : null);
    if (!pool || !poolNames.has(pool)) {
      error(
        `tenants.usage[${i}].pool`,
        "NAME",
        pool ? M.problem("noPool", { pool }) : M.problem("severalPools", {}),
      );
      return;
    }
    usage.push({
      team: u.team,
      pool,
      inputTokens: u.inputTokens,
      outputTokens: u.outputTokens,
      reservedReplicas: num(u.reservedReplicas) ? u.reservedReplicas : null,
    });
  });
  // A shared cost whose formula failed is left out (its error is already in the plan's errors).
  const shared: SharedCostInput[] = [];
  t.shared.forEach((s) => {
    if (num(s.costPerDay)) shared.push({ name: s.name, costPerDay: s.costPerDay, split: s.split });
  });
  const res = allocate(
    {
      pools: [...pools],
      usage,
      method: t.method,
      inputWeight: t.inputWeight ?? 1,
      outputWeight: t.outputWeight ?? 1,
      idle: t.idle,
      basis: t.basis,
      shared,
      currency: plan.currency,
    },
    poolAllocator,
  );
  appendAll(out.problems, res.problems);
  out.tenants = {
    basis: t.basis,
    pools: res.pools,
    teams: res.teams,
    shared: res.shared,
    method: t.method,
    idle: t.idle,
  };
  return out;
}

/**
 * The team allocation of a plan (docs/allocation.md): {@link tenantPools} then
 * {@link allocateTenants}. `errorsBefore` are the plan's errors so far. Returns the allocation and
 * what it adds to the plan's errors and problems.
 */
export function computeTenants(
  plan: ResolvedPlan,
  skus: readonly TenantSku[],
  cheapest: TenantSku | null,
  wl: readonly WorkloadInput[],
  errorsBefore: readonly TenantError[],
): TenantsOutput {
  const { pools, errors } = tenantPools(plan, skus, cheapest, wl, errorsBefore);
  const out = allocateTenants(plan, pools, [...errorsBefore, ...errors]);
  return { ...out, errors: [...errors, ...out.errors] };
}
