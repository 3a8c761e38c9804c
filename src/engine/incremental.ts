/**
 * Incremental plan evaluation (issue #6 "Fast at scale"): a plan kept with its formula sheet,
 * its resolved plan and its per-SKU results, so that editing one number re-evaluates only what
 * depends on it. `edit(path, raw)` returns the same {@link PlanResult} as a fresh
 * `computePlan(resolvePlan(editedPlan), files)` (checked by test/engine/incremental.test.ts):
 * - the sheet recomputes only the edited entry and its formula dependents (formula/sheet.ts);
 * - the resolved plan is patched at the recomputed paths (cells, workload numbers, SLO limits,
 *   factors, SKU price / GPUs per replica, tenant weights, pools and usage); anything else
 *   (sweep points, structural edits, formula errors) re-resolves the whole plan;
 * - SKU results are kept unless the SKU's own numbers, the workloads, the SLOs or the factors
 *   changed; only changed SKUs go through the plan computation again;
 * - the recommendation and the team allocation (spec §4–§5) are recomputed on every edit.
 */
import { allocate, type AllocationResult } from "./allocation";
import { tokensPerRequest, tokensPerSec, type WorkloadInput } from "./capacity";
import { computePlan, type FileSweep, type PlanResult, type SkuResult, type TenantsResult, type WorkloadResult } from "./plan";
import { parsePath, setAtPath, type PathStep } from "./plan-path";
import { createPlanSheet, type PlanSheet } from "./resolve";
import type { ResolvedPlan, ResolvedSku, ResolvedSweepRef } from "./resolved";
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

/** A SKU computePlan evaluates cheaply and without messages: no sweep, capacity unknown. */
function placeholderSku(workloads: readonly { name: string }[]): ResolvedSku {
  const sweeps: Record<string, ResolvedSweepRef> = {};
  for (const w of workloads) put(sweeps, w.name, { kind: "given", replicaOutputTokensPerSec: null });
  return { name: "", gpu: null, gpusPerReplica: 1, pricePerGpuHour: 0, sweeps };
}

/**
 * SKU results of the SKUs in `which`, from the plan computation itself: the other SKUs are
 * replaced by placeholders (so paths and indices stay those of the real plan), tenants left out.
 */
function computeSkus(plan: ResolvedPlan, which: Iterable<number>, files: ReadonlyMap<string, FileSweep>): Map<number, SkuResult> {
  const want = new Set(which);
  const ph = placeholderSku(plan.workloads);
  const sub: ResolvedPlan = { ...plan, skus: plan.skus.map((s, i) => (want.has(i) ? s : ph)), tenants: null };
  const res = computePlan(sub, files);
  return new Map([...want].map(i => [i, res.skus[i]!]));
}

/** Workload results and inputs, and the plan-level errors (mirrors computePlan). */
function planLevel(plan: ResolvedPlan): { workloads: WorkloadResult[]; wlInputs: WorkloadInput[]; errors: PlanResult["errors"] } {
  const errors: PlanResult["errors"] = plan.errors.map(e => ({ path: e.path, kind: e.kind, message: e.message }));
  const wlInputs: WorkloadInput[] = [];
  const workloads = plan.workloads.map((w, i) => {
    const ok = num(w.peakRps) && num(w.inputTokens) && num(w.outputTokens);
    const input: WorkloadInput | null = ok ? { name: w.name, peakRps: w.peakRps!, inputTokens: w.inputTokens!, outputTokens: w.outputTokens!, avgRps: w.avgRps, dailyRequests: w.dailyRequests } : null;
    if (input) wlInputs.push(input);
    else if (!plan.errors.some(e => e.path.startsWith(`workloads[${i}]`))) {
      errors.push({ path: `workloads[${i}]`, kind: "VALUE", message: "peakRps, inputTokens and outputTokens are required numbers" });
    }
    return { ...w, tokensPerRequest: input ? tokensPerRequest(input) : null, tokensPerSec: input ? tokensPerSec(input) : null };
  });
  if (!num(plan.elasticity)) errors.some(e => e.path === "factors.elasticity") || errors.push({ path: "factors.elasticity", kind: "VALUE", message: "elasticity must be a number" });
  return { workloads, wlInputs, errors };
}

/** Daily capacity of a SKU's fleet in weighted tokens (mirrors plan.ts). */
function fleetCapacityPerDay(sku: SkuResult, wl: WorkloadInput[], inW: number, outW: number): number | null {
  if (!num(sku.replicas) || !num(sku.replicasBase) || sku.replicasBase <= 0 || wl.length === 0) return null;
  const peakOut = wl.reduce((a, w) => a + w.peakRps * w.outputTokens, 0);
  const peakWeighted = wl.reduce((a, w) => a + w.peakRps * (inW * w.inputTokens + outW * w.outputTokens), 0);
  if (peakOut <= 0) return null;
  return peakWeighted * (sku.replicas / sku.replicasBase) * 86400;
}

/** The team allocation (spec §5; mirrors plan.ts computeTenants). */
function tenantsOf(plan: ResolvedPlan, skus: SkuResult[], cheapest: SkuResult | null, wl: WorkloadInput[], errors: PlanResult["errors"], warnings: string[]): TenantsResult | null {
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
      if (!s) errors.push({ path: `tenants.pools[${i}].sku`, kind: "NAME", message: `no SKU named "${skuName}"` });
      else if (!num(s.costPerDay)) errors.push({ path: `tenants.pools[${i}]`, kind: "VALUE", message: `SKU "${skuName}" has no cost (${s.infeasibleReason ?? "not feasible"})` });
      else {
        cost = s.costPerDay;
        if (!num(cap)) cap = fleetCapacityPerDay(s, wl, inW, outW);
      }
    }
    if (!num(cost)) {
      if (!t.pools.length && !cheapest) errors.push({ path: "tenants.pools", kind: "VALUE", message: "no pools given and no feasible SKU to take the cost from" });
      else if (!errors.some(e => e.path.startsWith(`tenants.pools[${i}]`))) errors.push({ path: `tenants.pools[${i}].costPerDay`, kind: "VALUE", message: "pool needs costPerDay or sku" });
      return;
    }
    pools.push({ name: p.name, costPerDay: cost, capacityTokensPerDay: num(cap) ? cap : null });
  });
  if (!pools.length) return null;
  const usage = t.usage.flatMap((u, i) => {
    if (!num(u.inputTokens) || !num(u.outputTokens)) {
      if (!errors.some(e => e.path.startsWith(`tenants.usage[${i}]`))) errors.push({ path: `tenants.usage[${i}]`, kind: "VALUE", message: "inputTokens and outputTokens must be numbers" });
      return [];
    }
    const pool = u.pool ?? (pools.length === 1 ? pools[0]!.name : null);
    if (!pool || !pools.some(p => p.name === pool)) {
      errors.push({ path: `tenants.usage[${i}].pool`, kind: "NAME", message: pool ? `no pool named "${pool}"` : "several pools: name the pool of this usage row" });
      return [];
    }
    return [{ team: u.team, pool, inputTokens: u.inputTokens, outputTokens: u.outputTokens }];
  });
  const res: AllocationResult = allocate({ pools, usage, method: t.method, inputWeight: inW, outputWeight: outW, idle: t.idle, currency: plan.currency });
  warnings.push(...res.warnings);
  return { pools: res.pools, teams: res.teams, method: t.method, idle: t.idle };
}

/** The plan result from SKU results computed earlier (mirrors the end of computePlan). */
function assemble(plan: ResolvedPlan, skus: SkuResult[]): PlanResult {
  const { workloads, wlInputs, errors } = planLevel(plan);
  const warnings: string[] = [];
  let cheapest: SkuResult | null = null;
  for (const s of skus) {
    if (s.feasible === true && num(s.costPerHour) && (!cheapest || s.costPerHour < cheapest.costPerHour!)) cheapest = s;
  }
  skus.forEach((s, i) => {
    for (const e of s.errors) {
      const m = /^(skus\[\d+\][^ :]*)(?: \(([^)]*)\))?: (.*)$/.exec(e);
      const path = m ? (m[2] ? `${m[1]}.sweeps.${m[2]}` : m[1]!) : `skus[${i}]`;
      const message = m ? m[3]! : e;
      if (!errors.some(x => x.path === path && x.message === message)) errors.push({ path, kind: "INPUT", message });
    }
  });
  const tenants = plan.tenants ? tenantsOf(plan, skus, cheapest, wlInputs, errors, warnings) : null;
  return {
    title: plan.title,
    currency: plan.currency,
    workloads,
    slo: plan.slo,
    sloMode: plan.sloMode,
    factors: { elasticity: plan.elasticity, redundancy: plan.redundancy },
    skus,
    cheapest: cheapest?.name ?? null,
    tenants,
    errors,
    warnings,
  };
}

/**
 * Keep a plan for incremental edits. `files` maps `file` sweep references to imported sweeps,
 * as for {@link computePlan}.
 */
export function createPlanEngine(initial: PlanFile, files: ReadonlyMap<string, FileSweep> = new Map()): PlanEngine {
  const sheet = createPlanSheet(initial);
  let resolved = sheet.resolve();
  let result = computePlan(resolved, files);

  const full = (): PlanResult => {
    resolved = sheet.resolve();
    result = computePlan(resolved, files);
    return result;
  };

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
      // Only numbers already in the sheet are patched; new entries, null and non-sheet values
      // (sweep points, names, modes) change the plan's structure: replace it and recompute.
      if (!steps || raw == null || !sheet.sheet.has(path)) {
        const next = structuredClone(sheet.plan());
        if (!setAtPath(next, path, raw)) return result;
        return this.update(next);
      }
      const changed = sheet.set(path, raw);
      if (resolved.errors.length || sheet.sheet.errors().length) return full();
      const next: ResolvedPlan = { ...resolved };
      const dirty: Dirty = { allSkus: false, skus: new Set() };
      const copied = new Set<string>();
      for (const p of changed) {
        const s = parsePath(p);
        if (!s || !patch(next, copied, s, sheet.sheet.value(p), dirty)) return full();
      }
      resolved = next;
      const which = dirty.allSkus ? resolved.skus.map((_, i) => i) : [...dirty.skus];
      const fresh = which.length ? computeSkus(resolved, which, files) : new Map<number, SkuResult>();
      const skus = result.skus.map((s, i) => fresh.get(i) ?? s);
      result = assemble(resolved, skus);
      return result;
    },
  };
}
