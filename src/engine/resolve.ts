/**
 * Plan resolution (spec §6): every number of the plan (cells and numeric fields) goes into one
 * formula sheet keyed by its path; the sheet is evaluated and the plan is returned with numbers
 * (null where a field is absent or its formula failed; the failure is in `errors`).
 * Defaults: title "Untitled plan", currency "USD", sloMode "measured", elasticity 1, redundancy
 * factor 1, tenants method "tokens" and idle "proportional".
 */
import { Sheet } from "./formula/sheet";
import { keyPath, workloadDefs, workloadName } from "./plan-file";
import { deleteAtPath, setAtPath } from "./plan-path";
import type { FormulaError, ResolvedPlan, ResolvedSku, ResolvedSweepRef, ResolvedTenants, ResolvedWorkload } from "./resolved";
import type { MetricKey, PlanFile, SweepPoint } from "./types";

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Set an own property even for keys like `__proto__` (names come from the plan). */
function put<T>(o: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

function list(v: unknown): Obj[] {
  return Array.isArray(v) ? v.map((x) => (isObj(x) ? x : {})) : [];
}

const POINT_NUMBERS = ["concurrency", "rps", "outputTokensPerSec", "totalTokensPerSec", "meanInputTokens", "meanOutputTokens", "completed", "failed"];
const POINT_STATS = ["ttftMs", "itlMs", "tpotMs", "ntpotMs", "e2eMs"];

function pointEntries(points: unknown, base: string, out: [string, unknown][]): void {
  list(points).forEach((p, i) => {
    const pp = `${base}.points[${i}]`;
    // Inline points hold imported numbers: only strings (formulas, "1,500") go into the sheet.
    for (const k of [...POINT_NUMBERS, "requestRate"]) {
      if (typeof p[k] === "string" && p[k] !== "inf") out.push([`${pp}.${k}`, p[k]]);
    }
    for (const m of POINT_STATS) {
      const stats = p[m];
      if (!isObj(stats)) continue;
      for (const [s, v] of Object.entries(stats)) if (typeof v === "string") out.push([keyPath(`${pp}.${m}`, s), v]);
    }
  });
}

function sweepEntries(ref: unknown, base: string, out: [string, unknown][]): void {
  if (!isObj(ref)) return;
  if (ref.replicaOutputTokensPerSec != null) out.push([`${base}.replicaOutputTokensPerSec`, ref.replicaOutputTokensPerSec]);
  pointEntries(ref.points, base, out);
}

/** Every number of the plan as `[path, raw]` sheet entries, in document order. */
export function planEntries(plan: PlanFile): [string, unknown][] {
  const out: [string, unknown][] = [];
  const add = (o: unknown, base: string, keys: readonly string[]): void => {
    if (!isObj(o)) return;
    for (const k of keys) if (o[k] != null) out.push([keyPath(base, k), o[k]]);
  };
  if (isObj(plan.cells)) add(plan.cells, "cells", Object.keys(plan.cells));
  for (const { def, path } of workloadDefs(plan)) add(def, path, ["peakRps", "avgRps", "dailyRequests", "inputTokens", "outputTokens"]);
  list(plan.slo).forEach((s, i) => add(s, `slo[${i}]`, ["maxMs"]));
  if (isObj(plan.factors)) {
    add(plan.factors, "factors", ["elasticity"]);
    if (isObj(plan.factors.redundancy)) add(plan.factors.redundancy, "factors.redundancy", ["spare"]);
    else add(plan.factors, "factors", ["redundancy"]);
  }
  list(plan.skus).forEach((s, i) => {
    add(s, `skus[${i}]`, ["gpusPerReplica", "pricePerGpuHour"]);
    sweepEntries(s.sweep, `skus[${i}].sweep`, out);
    if (isObj(s.sweeps)) for (const [w, ref] of Object.entries(s.sweeps)) sweepEntries(ref, keyPath(`skus[${i}].sweeps`, w), out);
  });
  if (isObj(plan.tenants)) {
    add(plan.tenants, "tenants", ["inputWeight", "outputWeight"]);
    list(plan.tenants.pools).forEach((p, i) => add(p, `tenants.pools[${i}]`, ["costPerDay", "capacityTokensPerDay"]));
    list(plan.tenants.usage).forEach((u, i) => add(u, `tenants.usage[${i}]`, ["inputTokens", "outputTokens"]));
  }
  return out;
}

/** Reads resolved numbers: the sheet's value when the path is an entry, else a plain number. */
type Reader = (path: string, raw: unknown) => number | null;

function readerOf(sheet: Sheet): Reader {
  return (path, raw) => (sheet.has(path) ? sheet.value(path) : typeof raw === "number" && Number.isFinite(raw) ? raw : null);
}

/**
 * A plain number resolves to itself (finite) or null without a sheet look-up: a sheet entry at
 * its path could only hold the same number (readRaw), so only strings need the path. This keeps
 * inline sweeps (thousands of imported numbers) from building a path string per number.
 */
function numAt(num: Reader, raw: unknown, path: () => string): number | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  return num(path(), raw);
}

function resolvePoints(points: unknown, base: string, num: Reader): SweepPoint[] {
  return list(points).map((p, i) => {
    const pp = `${base}.points[${i}]`;
    const out: Record<string, unknown> = { ...p };
    for (const k of POINT_NUMBERS) if (p[k] !== undefined) out[k] = p[k] === null ? null : numAt(num, p[k], () => `${pp}.${k}`);
    out.concurrency = p.concurrency == null ? null : numAt(num, p.concurrency, () => `${pp}.concurrency`);
    out.requestRate = p.requestRate === "inf" ? "inf" : p.requestRate == null ? null : numAt(num, p.requestRate, () => `${pp}.requestRate`);
    for (const m of POINT_STATS) {
      const stats = p[m];
      if (!isObj(stats)) continue;
      const resolved: Record<string, number> = {};
      for (const s of Object.keys(stats)) {
        const n = numAt(num, stats[s], () => keyPath(`${pp}.${m}`, s));
        if (n !== null) resolved[s] = n;
      }
      out[m] = resolved;
    }
    return out as unknown as SweepPoint;
  });
}

function resolveRef(ref: unknown, base: string, num: Reader): ResolvedSweepRef {
  if (!isObj(ref)) return { kind: "missing" };
  if (Array.isArray(ref.points)) {
    const r: ResolvedSweepRef = { kind: "points", points: resolvePoints(ref.points, base, num) };
    if (typeof ref.label === "string") r.label = ref.label;
    if (isObj(ref.meta)) r.meta = ref.meta;
    if (Array.isArray(ref.warnings)) r.warnings = ref.warnings.filter((w): w is string => typeof w === "string");
    return r;
  }
  if (typeof ref.file === "string") return { kind: "file", file: ref.file };
  if (ref.replicaOutputTokensPerSec != null) {
    return { kind: "given", replicaOutputTokensPerSec: num(`${base}.replicaOutputTokensPerSec`, ref.replicaOutputTokensPerSec) };
  }
  return { kind: "missing" };
}

function resolveSku(s: Obj, i: number, names: string[], num: Reader): ResolvedSku {
  const base = `skus[${i}]`;
  const sweeps: Record<string, ResolvedSweepRef> = {};
  // A SKU-level sweep is resolved once and shared by every workload without its own sweep.
  let shared: ResolvedSweepRef | undefined;
  for (const w of names) {
    const own = isObj(s.sweeps) ? s.sweeps[w] : undefined;
    put(sweeps, w, own !== undefined && Object.hasOwn(s.sweeps as Obj, w) ? resolveRef(own, keyPath(`${base}.sweeps`, w), num) : (shared ??= resolveRef(s.sweep, `${base}.sweep`, num)));
  }
  return {
    name: typeof s.name === "string" ? s.name : base,
    gpu: typeof s.gpu === "string" ? s.gpu : null,
    gpusPerReplica: num(`${base}.gpusPerReplica`, s.gpusPerReplica),
    pricePerGpuHour: num(`${base}.pricePerGpuHour`, s.pricePerGpuHour),
    sweeps,
  };
}

function resolveTenants(t: unknown, num: Reader): ResolvedTenants | null {
  if (!isObj(t)) return null;
  const method = t.method === "output" || t.method === "weighted" ? t.method : "tokens";
  const weights = { tokens: [1, 1], output: [0, 1] } as const;
  return {
    method,
    inputWeight: method === "weighted" ? num("tenants.inputWeight", t.inputWeight) : weights[method][0],
    outputWeight: method === "weighted" ? num("tenants.outputWeight", t.outputWeight) : weights[method][1],
    idle: t.idle === "separate" ? "separate" : "proportional",
    pools: list(t.pools).map((p, i) => ({
      name: typeof p.name === "string" ? p.name : `pool${i + 1}`,
      costPerDay: num(`tenants.pools[${i}].costPerDay`, p.costPerDay),
      sku: typeof p.sku === "string" ? p.sku : null,
      capacityTokensPerDay: num(`tenants.pools[${i}].capacityTokensPerDay`, p.capacityTokensPerDay),
    })),
    usage: list(t.usage).map((u, i) => ({
      team: typeof u.team === "string" ? u.team : `team${i + 1}`,
      pool: typeof u.pool === "string" ? u.pool : null,
      inputTokens: num(`tenants.usage[${i}].inputTokens`, u.inputTokens),
      outputTokens: num(`tenants.usage[${i}].outputTokens`, u.outputTokens),
    })),
  };
}

/** The sheet of a plan: one entry per number of the plan, evaluated. */
export function buildPlanSheet(plan: PlanFile): Sheet {
  return new Sheet(planEntries(plan));
}

/**
 * Evaluate a plan's formulas and return it with numbers (spec §6). `sheet` may be a sheet already
 * built from this plan (e.g. kept by the app and edited incrementally); otherwise one is built.
 */
export function resolvePlan(plan: PlanFile, sheet: Sheet = buildPlanSheet(plan)): ResolvedPlan {
  const num = readerOf(sheet);
  const defs = workloadDefs(plan);
  const workloads: ResolvedWorkload[] = defs.map(({ def, path }, i) => {
    const d = def as unknown as Obj;
    const field = (k: string): number | null => num(`${path}.${k}`, d[k]);
    return {
      name: workloadName(def, i, defs.length),
      peakRps: field("peakRps"),
      avgRps: field("avgRps"),
      dailyRequests: field("dailyRequests"),
      inputTokens: field("inputTokens"),
      outputTokens: field("outputTokens"),
    };
  });
  const names = workloads.map((w) => w.name);
  const cells: Record<string, number | null> = {};
  if (isObj(plan.cells)) for (const [k, v] of Object.entries(plan.cells)) put(cells, k, num(keyPath("cells", k), v));
  const factors = isObj(plan.factors) ? plan.factors : {};
  const red = factors.redundancy;
  const order = new Map(planEntries(plan).map(([p], i) => [p, i]));
  const rank = (e: FormulaError): number => order.get(e.path) ?? order.size;
  return {
    title: typeof plan.title === "string" && plan.title !== "" ? plan.title : "Untitled plan",
    currency: typeof plan.currency === "string" && plan.currency !== "" ? plan.currency : "USD",
    cells,
    workloads,
    slo: list(plan.slo).map((s, i) => ({
      metric: s.metric as MetricKey,
      stat: typeof s.stat === "string" ? s.stat : "",
      maxMs: num(`slo[${i}].maxMs`, s.maxMs),
    })),
    sloMode: plan.sloMode === "interpolated" ? "interpolated" : "measured",
    elasticity: factors.elasticity == null ? 1 : num("factors.elasticity", factors.elasticity),
    redundancy: isObj(red)
      ? { spare: num("factors.redundancy.spare", red.spare) }
      : { factor: red == null ? 1 : num("factors.redundancy", red) },
    skus: list(plan.skus).map((s, i) => resolveSku(s, i, names, num)),
    tenants: resolveTenants(plan.tenants, num),
    errors: sheet.errors().sort((a, b) => rank(a) - rank(b)),
  };
}

/** A plan kept with its sheet, so that one edit re-evaluates only what depends on it. */
export interface PlanSheet {
  readonly sheet: Sheet;
  /** The current plan (a private copy, with the edits applied). */
  plan(): PlanFile;
  /** The resolved plan of the current state. */
  resolve(): ResolvedPlan;
  /** Set one number of the plan (`cells.peak`, `skus[1].pricePerGpuHour`); returns recomputed paths. */
  set(path: string, raw: unknown): string[];
  /** Delete a key (e.g. a cell `cells.old`); returns recomputed paths. */
  remove(path: string): string[];
  /** Replace the whole plan (structural edits); only changed entries are re-evaluated. */
  update(plan: PlanFile): string[];
}

/** Keep a plan and its sheet for incremental edits (the app's workbook state). */
export function createPlanSheet(initial: PlanFile): PlanSheet {
  let plan = structuredClone(initial);
  const sheet = buildPlanSheet(plan);
  return {
    sheet,
    plan: () => plan,
    resolve: () => resolvePlan(plan, sheet),
    set(path, raw) {
      if (!setAtPath(plan, path, raw)) return [];
      return sheet.set(path, raw);
    },
    remove(path) {
      deleteAtPath(plan, path);
      return sheet.remove(path);
    },
    update(next) {
      plan = structuredClone(next);
      const entries = planEntries(plan);
      const keep = new Set(entries.map(([p]) => p));
      const removed = sheet.remove(...sheet.paths().filter((p) => !keep.has(p)));
      const changed = entries.filter(([p, raw]) => !sheet.has(p) || sheet.raw(p) !== raw);
      return [...new Set([...removed, ...sheet.setMany(changed)])];
    },
  };
}
