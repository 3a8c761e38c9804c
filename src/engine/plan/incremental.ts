/**
 * Incremental plan evaluation (issue #6 "Fast at scale"): a plan kept with its formula sheet,
 * its resolved plan and its per-SKU results, so that editing one number re-evaluates only what
 * depends on it. `edit(path, raw)` returns the same {@link PlanResult} as a fresh
 * `computePlan(resolvePlan(editedPlan), files)` (checked by test/engine/incremental.test.ts):
 * - the sheet recomputes only the edited entry and its formula dependents (formula/sheet.ts);
 *   a plain number outside the cells is not a sheet entry (resolve-plan.ts `sheetEntries`) and is
 *   patched directly;
 * - the resolved plan is patched at the recomputed paths (cells, workload numbers, SLO limits,
 *   factors, SKU price / GPUs per replica, tenant weights, pools and usage); anything else
 *   (sweep points, structural edits, formula errors) re-resolves the whole plan;
 * - SKU results are kept unless the SKU's own numbers, the workloads, the SLOs or the factors
 *   changed; a recomputed SKU reuses its sweeps' zones, diagnostics and load order (they do not
 *   depend on the SLOs), so an SLO edit recomputes operating points only ({@link memoAnalyzer},
 *   passed to the plain `computeSku`: docs/architecture.md, "Where caching lives");
 * - the recommendation is recomputed on every edit; the team allocation (docs/allocation.md), a
 *   plain function, is memoised here: it is reused when the resolved tenants, the currency, the
 *   SKUs its pools read, the recommendation, the workloads and the errors before it are unchanged
 *   ({@link memoTenants}).
 */
import type { MemoryCatalog } from "./plan-kv";
import {
  analyzeSweep,
  assemblePlan,
  computeSku,
  planLevel,
  plainAnalyzer,
  type FileSweep,
  type PlanResult,
  type SkuResult,
  type SloSet,
  type SweepAnalyzer,
  type SweepBase,
} from "./plan";
import {
  allocatePool,
  type AllocationPoolInput,
  type PoolAllocator,
  type PoolContext,
  type PoolPart,
  type TeamSums,
} from "../finops/allocation";
import {
  allocateTenants,
  tenantPools,
  type computeTenants,
  type TenantPool,
  type TenantsOutput,
} from "./plan-tenants";
import { fieldOfSteps } from "./plan-fields";
import { parsePath, setAtPath, type PathStep } from "./plan-path";
import { computedSkus, createPlanSheet, isNumberField, type PlanSheet } from "./resolve-plan";
import type { ResolvedPlan } from "./resolved-plan-types";
import type { OperatingPoint } from "../curve/slo";
import type { PlanFile, SweepPoint } from "../base/types";

/** A plan being edited, with its last result. */
export interface PlanEngine {
  /** The plan's sheet (current plan, formula values). */
  readonly sheet: PlanSheet;
  /** The resolved plan of the current state. */
  resolved(): ResolvedPlan;
  /** The result of the current state. */
  result(): PlanResult;
  /** Set one value of the plan (`cells.peak`, `skus[3].pricePerGpuHour`) and return the new result. */
  edit(path: string, raw: unknown): PlanResult;
  /** Replace the whole plan (structural edits); everything is recomputed. */
  update(plan: PlanFile): PlanResult;
}

/** What an edit invalidated: every SKU (workloads, SLOs, factors) or some SKUs. */
interface Dirty {
  allSkus: boolean;
  skus: Set<number>;
}

/** Own-property write (cell names come from the plan, e.g. `__proto__`). */
function put(o: Record<PathStep, unknown>, key: PathStep, value: unknown): void {
  Object.defineProperty(o, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

type Container = Record<PathStep, unknown>;
const isContainer = (v: unknown): v is Container => typeof v === "object" && v !== null;

/**
 * Patch `next` (a shallow copy of the previous resolved plan) with the value at one recomputed
 * path, at the place the field registry (plan-fields.ts) gives it in the resolved plan; copies
 * each container on the way on first write and marks what the field invalidates. Returns false
 * when the path is not a patchable field (the caller then re-resolves the whole plan).
 */
function patch(
  next: ResolvedPlan,
  copied: Set<string>,
  steps: PathStep[],
  value: number | null,
  dirty: Dirty,
): boolean {
  const field = fieldOfSteps(steps);
  // Data fields (sweep points) have no `resolved` place: their edits re-resolve the plan.
  if (!field?.resolved) return false;
  const target = field.resolved(steps);
  // Every container on the way must exist, and the field with it.
  let node: unknown = next;
  for (const k of target) {
    if (!isContainer(node) || !Object.hasOwn(node, k)) return false;
    node = node[k];
  }
  if (field.resolvedWhen && !field.resolvedWhen(next)) return true;
  let container = next as unknown as Container;
  let key = "";
  for (let i = 0; i < target.length - 1; i++) {
    const k = target[i]!;
    key += `/${k}`;
    if (!copied.has(key)) {
      copied.add(key);
      const child = container[k] as Container;
      container[k] = Array.isArray(child) ? [...child] : { ...child };
    }
    container = container[k] as Container;
  }
  put(container, target[target.length - 1]!, value);
  if (field.invalidates === "skus") dirty.allSkus = true;
  else if (field.invalidates === "sku" && typeof steps[1] === "number") dirty.skus.add(steps[1]);
  return true;
}

const sameList = <T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean =>
  a.length === b.length && a.every((x, i) => same(x, b[i]!));

const samePool = (a: TenantPool, b: TenantPool): boolean =>
  a.name === b.name &&
  Object.is(a.costPerDay, b.costPerDay) &&
  Object.is(a.capacityTokensPerDay, b.capacityTokensPerDay) &&
  Object.is(a.replicas, b.replicas);

const sameSums = (a: TeamSums, b: TeamSums): boolean =>
  Object.is(a.inT, b.inT) && Object.is(a.outT, b.outT) && Object.is(a.reserved, b.reserved);
const sameContext = (a: PoolContext, b: PoolContext): boolean =>
  Object.is(a.wi, b.wi) &&
  Object.is(a.wo, b.wo) &&
  a.idle === b.idle &&
  a.basis === b.basis &&
  a.currency === b.currency &&
  a.digits === b.digits;

/**
 * {@link allocatePool} memoised per pool name: a pool whose cost, capacity, replicas, teams (names
 * and summed usage) and context are those of the last call gets the last allocation (an edit of
 * one team's tokens re-allocates its pool only). Same results as allocatePool.
 */
export function memoPools(): PoolAllocator {
  const last = new Map<
    string,
    {
      raw: AllocationPoolInput;
      names: readonly string[];
      sums: readonly TeamSums[];
      ctx: PoolContext;
      part: PoolPart;
    }
  >();
  return (raw, names, sums, ctx) => {
    const m = last.get(raw.name);
    const hit =
      m !== undefined &&
      Object.is(m.raw.costPerDay, raw.costPerDay) &&
      Object.is(m.raw.capacityTokensPerDay ?? null, raw.capacityTokensPerDay ?? null) &&
      Object.is(m.raw.replicas ?? null, raw.replicas ?? null) &&
      sameContext(m.ctx, ctx) &&
      sameList(m.names, names, Object.is) &&
      sameList(m.sums, sums, sameSums);
    if (hit) return m.part;
    const part = allocatePool(raw, names, sums, ctx);
    // One entry per pool name; renamed pools leave old entries behind, so the map is bounded.
    if (last.size > 1000) last.clear();
    last.set(raw.name, {
      raw: { ...raw },
      names: [...names],
      sums: sums.map((x) => ({ ...x })),
      ctx: { ...ctx },
      part,
    });
    return part;
  };
}

/**
 * {@link computeTenants} with the allocation memoised: the pools are priced on every call (cheap),
 * and the allocation is reused when the resolved tenants (the same object until an edit patches
 * them), the currency, the priced pools and the errors before it are unchanged, so an SLO or price
 * edit that leaves the pool costs alone does not re-read thousands of usage rows; otherwise each
 * pool's allocation is reused when its inputs are unchanged ({@link memoPools}). A hit gives the
 * same output as a fresh call.
 */
export function memoTenants(): typeof computeTenants {
  const pools = memoPools();
  let last: {
    tenants: ResolvedPlan["tenants"];
    currency: string;
    pools: TenantPool[];
    errors: string[];
    out: TenantsOutput;
  } | null = null;
  return (plan, skus, cheapest, wl, errorsBefore) => {
    const priced = tenantPools(plan, skus, cheapest, wl, errorsBefore);
    const before = [...errorsBefore, ...priced.errors];
    // The allocation reads the errors so far only by path (a row or pool already in error).
    const errors = before.map((e) => `${e.path}\u0000${e.problem.code}`);
    const hit =
      last !== null &&
      last.tenants === plan.tenants &&
      last.currency === plan.currency &&
      sameList(last.pools, priced.pools, samePool) &&
      sameList(last.errors, errors, Object.is);
    if (!hit)
      last = {
        tenants: plan.tenants,
        currency: plan.currency,
        pools: priced.pools,
        errors,
        out: allocateTenants(plan, priced.pools, before, pools),
      };
    const out = last!.out;
    return { ...out, errors: [...priced.errors, ...out.errors] };
  };
}

/**
 * A {@link SweepAnalyzer} that memoises by input identity: a sweep's SLO-free analysis per points
 * array (the resolved plan keeps the same arrays until it is re-resolved), and its operating point
 * for the last SLO set it was asked with (the same resolved `slo` array, mode and limit). An SLO
 * edit then recomputes operating points only; a price edit, nothing of the sweeps.
 */
export function memoAnalyzer(): SweepAnalyzer {
  const bases = new WeakMap<readonly SweepPoint[], SweepBase>();
  const ops = new WeakMap<
    SweepBase,
    { list: SloSet["list"]; mode: SloSet["mode"]; maxErrorRatePct: number; op: OperatingPoint }
  >();
  return {
    base(sweep) {
      let b = bases.get(sweep.points);
      if (!b) bases.set(sweep.points, (b = analyzeSweep(sweep)));
      return b;
    },
    operatingPoint(sweep, base, slo) {
      const last = ops.get(base);
      if (
        last &&
        last.list === slo.list &&
        last.mode === slo.mode &&
        Object.is(last.maxErrorRatePct, slo.maxErrorRatePct)
      )
        return last.op;
      const op = plainAnalyzer.operatingPoint(sweep, base, slo);
      ops.set(base, { list: slo.list, mode: slo.mode, maxErrorRatePct: slo.maxErrorRatePct, op });
      return op;
    },
  };
}

/**
 * Keep a plan for incremental edits. `files` maps `file` sweep references to imported sweeps,
 * as for {@link computePlan}.
 */
export function createPlanEngine(
  initial: PlanFile,
  files: ReadonlyMap<string, FileSweep> = new Map(),
  memory: MemoryCatalog | null = null,
): PlanEngine {
  const sheet = createPlanSheet(initial);
  // Kept across edits: zones, diagnostics and operating points per resolved points array (the
  // arrays stay the same objects until the plan is re-resolved), and the last team allocation.
  let analyzer = memoAnalyzer();
  // Whether a formula reads a SKU's computed `<id>_tok_s` (then every edit evaluates the whole plan).
  let hasComputed = false;
  const memo = memoTenants();
  let resolved: ResolvedPlan;
  let result: PlanResult;

  /** As computePlan (plan.ts), with the engine's caches. */
  const compute = (
    skus?: (i: number, level: ReturnType<typeof planLevel>) => SkuResult,
  ): PlanResult => {
    const level = planLevel(resolved);
    const list = resolved.skus.map((_, i) =>
      skus
        ? skus(i, level)
        : computeSku(resolved, i, level.wlInputs, files, level.schedules, analyzer, memory),
    );
    return assemblePlan(resolved, list, level, memo);
  };
  const full = (): PlanResult => {
    hasComputed = computedSkus(sheet.plan()).size > 0;
    resolved = sheet.resolve(files);
    analyzer = memoAnalyzer();
    result = compute();
    return result;
  };
  full();

  return {
    sheet,
    resolved: () => resolved,
    result: () => result,
    update(plan) {
      sheet.update(plan);
      return full();
    },
    edit(path, raw) {
      const steps = parsePath(path);
      // Only entries of the sheet and the plan's numeric fields (plain numbers, not sheet
      // entries) are patched; new cells, null and other values (sweep points, names, modes)
      // change the plan's structure: replace it and recompute.
      // A formula naming a SKU's `<id>_tok_s` adds a computed entry to the sheet: a structural change too.
      const namesComputed = typeof raw === "string" && raw.includes("_tok_s");
      if (
        !steps ||
        raw == null ||
        namesComputed ||
        !(sheet.sheet.has(path) || isNumberField(sheet.plan(), steps))
      ) {
        const next = structuredClone(sheet.plan());
        if (!setAtPath(next, path, raw)) return result;
        return this.update(next);
      }
      const changed = sheet.set(path, raw);
      // Formulas reading computed results (a SKU's `<id>_tok_s`) need the whole plan computed again.
      // (Known at the last full evaluation; an edit can only add one through the structural path above.)
      if (resolved.errors.length || sheet.sheet.errors().length || hasComputed) return full();
      const next: ResolvedPlan = { ...resolved };
      const dirty: Dirty = { allSkus: false, skus: new Set() };
      const copied = new Set<string>();
      // The edited field itself is not a sheet entry when it is a plain finite number (createPlanSheet.set
      // returns it first); every other changed path is a sheet entry.
      const plain = typeof raw === "number" && Number.isFinite(raw) ? raw : null;
      for (const p of changed) {
        const inSheet = sheet.sheet.has(p);
        // Any other path outside the sheet would have no value to write: compute the whole plan rather than guess one.
        if (!inSheet && p !== path) return full();
        const s = parsePath(p);
        const value = inSheet ? sheet.sheet.value(p) : plain;
        if (!s || !patch(next, copied, s, value, dirty)) return full();
      }
      resolved = next;
      const before = result.skus;
      result = compute((i, level) =>
        dirty.allSkus || dirty.skus.has(i)
          ? computeSku(resolved, i, level.wlInputs, files, level.schedules, analyzer, memory)
          : before[i]!,
      );
      return result;
    },
  };
}
