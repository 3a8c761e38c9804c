/**
 * Incremental plan evaluation (issue #6 "Fast at scale"): a plan kept with its formula sheet,
 * its resolved plan and its per-SKU results, so that editing one number re-evaluates only what
 * depends on it. `edit(path, raw)` returns the same {@link PlanResult} as a fresh
 * `computePlan(resolvePlan(editedPlan), files)` (checked by test/engine/incremental.test.ts):
 * - the sheet recomputes only the edited entry and its formula dependents (formula/sheet.ts);
 *   a plain number outside the cells is not a sheet entry (resolve.ts `sheetEntries`) and is
 *   patched directly;
 * - the resolved plan is patched at the recomputed paths (cells, workload numbers, SLO limits,
 *   factors, SKU price / GPUs per replica, tenant weights, pools and usage); anything else
 *   (sweep points, structural edits, formula errors) re-resolves the whole plan;
 * - SKU results are kept unless the SKU's own numbers, the workloads, the SLOs or the factors
 *   changed; a recomputed SKU reuses its sweeps' zones, diagnostics and load order (they do not
 *   depend on the SLOs), so an SLO edit recomputes operating points only;
 * - the recommendation is recomputed on every edit; the team allocation (spec §5) reuses every
 *   pool whose cost, capacity and usage are unchanged, and the whole allocation when the tenants,
 *   pools and currency are unchanged (plan.ts `TenantsMemo`).
 */
import { assemblePlan, computeSku, planLevel, tenantsMemo, type FileSweep, type PlanResult, type SkuResult, type SweepAnalysisCache } from "./plan";
import { parsePath, setAtPath, type PathStep } from "./plan-path";
import { computedSkus, createPlanSheet, isNumberField, type PlanSheet } from "./resolve";
import type { ResolvedPlan } from "./resolved";
import type { PlanFile } from "./types";

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

const num = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** What an edit invalidated: every SKU (workloads, SLOs, factors) or some SKUs. */
interface Dirty {
  allSkus: boolean;
  skus: Set<number>;
}

/** Own-property write (cell names come from the plan, e.g. `__proto__`). */
function put<T>(o: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Patch `next` (a shallow copy of the previous resolved plan) with the value at one recomputed
 * path; copies each container it writes on first write. Returns false when the path is not one
 * of the patchable scalars (the caller then re-resolves the whole plan).
 */
function patch(next: ResolvedPlan, copied: Set<string>, steps: PathStep[], value: number | null, dirty: Dirty): boolean {
  const once = <T>(key: string, copy: () => T): T => {
    copied.add(key);
    return copy();
  };
  const [a, b, c, d] = steps;
  if (a === "cells" && typeof b === "string" && steps.length === 2) {
    if (!copied.has("cells")) next.cells = once("cells", () => ({ ...next.cells }));
    if (!Object.hasOwn(next.cells, b)) return false;
    put(next.cells, b, value);
    return true;
  }
  const wlField = (f: PathStep | undefined): f is "peakRps" | "avgRps" | "dailyRequests" | "inputTokens" | "outputTokens" =>
    f === "peakRps" || f === "avgRps" || f === "dailyRequests" || f === "inputTokens" || f === "outputTokens";
  if ((a === "workloads" && typeof b === "number" && wlField(c) && steps.length === 3) || (a === "workload" && wlField(b) && steps.length === 2)) {
    const i = a === "workload" ? 0 : (b as number);
    const f = (a === "workload" ? b : c) as "peakRps";
    if (!copied.has("workloads")) next.workloads = once("workloads", () => [...next.workloads]);
    const w = next.workloads[i];
    if (!w) return false;
    next.workloads[i] = { ...w, [f]: value };
    dirty.allSkus = true;
    return true;
  }
  if (a === "slo" && typeof b === "number" && c === "maxMs" && steps.length === 3) {
    if (!copied.has("slo")) next.slo = once("slo", () => [...next.slo]);
    const s = next.slo[b];
    if (!s) return false;
    next.slo[b] = { ...s, maxMs: value };
    dirty.allSkus = true;
    return true;
  }
  if (a === "maxErrorRatePct" && steps.length === 1) {
    next.maxErrorRatePct = value;
    dirty.allSkus = true;
    return true;
  }
  if (a === "factors") {
    if (b === "elasticity" && steps.length === 2) next.elasticity = value;
    else if (b === "redundancy" && steps.length === 2 && "factor" in next.redundancy) next.redundancy = { factor: value };
    else if (b === "redundancy" && c === "spare" && steps.length === 3 && "spare" in next.redundancy) next.redundancy = { spare: value };
    else return false;
    dirty.allSkus = true;
    return true;
  }
  if (a === "skus" && typeof b === "number" && (c === "gpusPerReplica" || c === "pricePerGpuHour") && steps.length === 3) {
    if (!copied.has("skus")) next.skus = once("skus", () => [...next.skus]);
    const s = next.skus[b];
    if (!s) return false;
    next.skus[b] = { ...s, [c]: value };
    dirty.skus.add(b);
    return true;
  }
  if (a === "tenants" && next.tenants) {
    if (!copied.has("tenants")) next.tenants = once("tenants", () => ({ ...next.tenants! }));
    const t = next.tenants!;
    if ((b === "inputWeight" || b === "outputWeight") && steps.length === 2) {
      if (t.method === "weighted") t[b] = value;
      return true;
    }
    if (b === "pools" && typeof c === "number" && (d === "costPerDay" || d === "capacityTokensPerDay") && steps.length === 4) {
      if (!copied.has("pools")) t.pools = once("pools", () => [...t.pools]);
      const p = t.pools[c];
      if (!p) return false;
      t.pools[c] = { ...p, [d]: value };
      return true;
    }
    if (b === "usage" && typeof c === "number" && (d === "inputTokens" || d === "outputTokens") && steps.length === 4) {
      if (!copied.has("usage")) t.usage = once("usage", () => [...t.usage]);
      const u = t.usage[c];
      if (!u) return false;
      t.usage[c] = { ...u, [d]: value };
      return true;
    }
  }
  return false;
}

/**
 * Keep a plan for incremental edits. `files` maps `file` sweep references to imported sweeps,
 * as for {@link computePlan}.
 */
export function createPlanEngine(initial: PlanFile, files: ReadonlyMap<string, FileSweep> = new Map()): PlanEngine {
  const sheet = createPlanSheet(initial);
  // Kept across edits: zones, diagnostics and operating points per resolved points array (the
  // arrays stay the same objects until the plan is re-resolved, which starts a new cache), and
  // each pool's allocation.
  let cache: SweepAnalysisCache = new Map();
  const memo = tenantsMemo();
  let resolved: ResolvedPlan;
  let result: PlanResult;

  /** As computePlan (plan.ts), with the engine's caches. */
  const compute = (skus?: (i: number, level: ReturnType<typeof planLevel>) => SkuResult): PlanResult => {
    const level = planLevel(resolved);
    const list = resolved.skus.map((_, i) => (skus ? skus(i, level) : computeSku(resolved, i, level.wlInputs, files, cache)));
    return assemblePlan(resolved, list, level, memo);
  };
  const full = (): PlanResult => {
    resolved = sheet.resolve(files);
    cache = new Map();
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
      if (!steps || raw == null || !(sheet.sheet.has(path) || isNumberField(sheet.plan(), steps))) {
        const next = structuredClone(sheet.plan());
        if (!setAtPath(next, path, raw)) return result;
        return this.update(next);
      }
      const changed = sheet.set(path, raw);
      // Formulas reading computed results (a SKU's `<id>_tok_s`) need the whole plan computed again.
      if (resolved.errors.length || sheet.sheet.errors().length || computedSkus(sheet.plan()).size) return full();
      const next: ResolvedPlan = { ...resolved };
      const dirty: Dirty = { allSkus: false, skus: new Set() };
      const copied = new Set<string>();
      const plain = typeof raw === "number" && Number.isFinite(raw) ? raw : null;
      for (const p of changed) {
        const s = p === path ? steps : parsePath(p);
        // The edited field itself is not a sheet entry when it is a plain number.
        const value = sheet.sheet.has(p) ? sheet.sheet.value(p) : p === path ? plain : null;
        if (!s || !patch(next, copied, s, value, dirty)) return full();
      }
      resolved = next;
      const before = result.skus;
      result = compute((i, level) => (dirty.allSkus || dirty.skus.has(i) ? computeSku(resolved, i, level.wlInputs, files, cache) : before[i]!));
      return result;
    },
  };
}
