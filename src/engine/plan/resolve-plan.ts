/**
 * Plan resolution (docs/plan-file.md): every number of the plan (cells and numeric fields) goes into one
 * formula sheet keyed by its path; the sheet is evaluated and the plan is returned with numbers
 * (null where a field is absent or its formula failed; the failure is in `errors`).
 * Defaults: title "Untitled plan", currency "USD", sloMode "measured", elasticity 1, redundancy
 * factor 1, tenants method "tokens" and idle "proportional".
 */
import { Sheet, type ComputedRaw } from "../formula/sheet";
import { formulaMessages as F } from "../formula/messages";
import type { Problem } from "../base/problems";
import { computeSku, planLevel, type FileSweep } from "./plan";
import { keyPath, rangeIssue, workloadDefs, workloadName } from "./plan-file";
import { walkFields, fieldAt } from "./plan-fields";
import { deleteAtPath, parsePath, setAtPath } from "./plan-path";
import { resolveTrace, traceNumbers } from "../demand/workload-trace";
import type {
  FormulaError,
  ResolvedPlan,
  ResolvedSchedule,
  ResolvedSku,
  ResolvedSweepRef,
  ResolvedTenants,
  ResolvedWorkload,
} from "./resolved-plan-types";
import { DEFAULT_MAX_ERROR_RATE_PCT } from "../curve/slo";
import type { MetricKey, PlanFile, SweepPoint } from "../base/types";

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Set an own property even for keys like `__proto__` (names come from the plan). */
function put<T>(o: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(o, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function list(v: unknown): Obj[] {
  return Array.isArray(v) ? v.map((x) => (isObj(x) ? x : {})) : [];
}

const POINT_NUMBERS = [
  "concurrency",
  "rps",
  "outputTokensPerSec",
  "totalTokensPerSec",
  "meanInputTokens",
  "meanOutputTokens",
  "completed",
  "failed",
  "failedPct",
];
const POINT_STATS = ["ttftMs", "itlMs", "tpotMs", "ntpotMs", "e2eMs"];

/** Every number of the plan as `[path, raw]` sheet entries, in document order. */
export function planEntries(plan: PlanFile): [string, unknown][] {
  return collectEntries(plan, true);
}

/**
 * The entries a plan's sheet holds: every cell (formulas read cells by name) and every other
 * field of {@link planEntries} that is not a plain finite number (formulas, numeric strings,
 * invalid values). A plain number outside the cells resolves to itself without the sheet, so a
 * workbook of thousands of usage rows keeps a sheet of its formulas only.
 */
export function sheetEntries(plan: PlanFile): [string, unknown][] {
  return collectEntries(plan, false);
}

/** A finite number (Number.isFinite is false for every non-number: it does not coerce). */
const plainNumber = (v: unknown): boolean => Number.isFinite(v);

/** A number that is not finite (Infinity, NaN: only an edit can put one in a plan): an error of its cell, never a silent blank. */
const nonFinite = (v: unknown): boolean => typeof v === "number" && !Number.isFinite(v);

/**
 * The plan's numbers as sheet entries, walking the field registry (plan-fields.ts) in document
 * order: every cell; an input field when `all` or when it is not a plain finite number; sweep
 * data only when it is text (a formula, "1,500") or not finite.
 */
function collectEntries(plan: PlanFile, all: boolean): [string, unknown][] {
  const out: [string, unknown][] = [];
  walkFields(
    plan,
    (field, v, path) => {
      if (field.kind === "cell") out.push([path(), v]);
      else if (field.kind === "input") {
        if (all || !plainNumber(v)) out.push([path(), v]);
      } else if ((typeof v === "string" && !field.literals?.includes(v)) || nonFinite(v))
        out.push([path(), v]);
    },
    (rootKey) => {
      if (rootKey !== "skus") return;
      // Computed results formulas may read (docs/formulas.md): a SKU with an `id` offers `<id>_tok_s`.
      for (const [, i] of computedSkus(plan, out)) {
        const pre = `skus[${i}].`;
        // (The computed path itself, `skus[i].replicaOutputTokensPerSec`, is not listed yet and is no sweep path.)
        const deps = out
          .filter(
            ([p]) =>
              p.startsWith(`${pre}sweep`) ||
              p.startsWith("slo[") ||
              p === "maxErrorRatePct" ||
              p.startsWith("workload"),
          )
          .map(([p]) => p);
        const pendingProblem = F.problem("noOperatingPointYet", { index: i + 1 });
        const raw: ComputedRaw = {
          computed: true,
          deps,
          pending: F.en(pendingProblem),
          pendingProblem,
        };
        out.push([computedPath(i), raw]);
      }
    },
  );
  return out;
}

/**
 * True when `steps` name a numeric input field of the registry (plan-fields.ts) whose containers
 * exist in this plan (a workload number, an SLO limit, a factor, a SKU's GPUs or price, a given
 * sweep capacity, a tenant weight, a pool's cost or capacity, a usage row's tokens): the fields
 * {@link planEntries} lists whenever they hold a value. Cells and sweep points are not included.
 */
export function isNumberField(plan: PlanFile, steps: readonly (string | number)[]): boolean {
  return fieldAt(plan, steps)?.kind === "input";
}

/** Reads a value that is not a finite number: the sheet's value when its path is an entry, else null. */
type Reader = (path: string, raw: unknown) => number | null;

/**
 * The reader of the sheet. Every caller takes a finite plain number itself, before building the path
 * (a sheet entry at its path could only hold the same number: readRaw): this keeps inline sweeps and
 * usage rows (thousands of numbers) from building a path string per number. So the reader is only
 * asked about other values: formulas, text, non-finite numbers.
 */
function readerOf(sheet: Sheet): Reader {
  return (path) => (sheet.has(path) ? sheet.value(path) : null);
}

/** The number of `o[key]` at path `base.key` (key an identifier); the path is built only for non-numbers. */
function numField(num: Reader, o: Obj, base: string, key: string): number | null {
  const raw = o[key];
  if (typeof raw === "number" && Number.isFinite(raw)) return raw;
  return raw === undefined ? null : num(`${base}.${key}`, raw);
}

function resolvePoints(points: unknown, base: string, num: Reader): SweepPoint[] {
  return list(points).map((p, i) => {
    const out: Record<string, unknown> = { ...p };
    for (let f = 0; f < POINT_NUMBERS.length; f++) {
      const k = POINT_NUMBERS[f]!;
      const v = p[k];
      if (v !== undefined)
        out[k] =
          v === null
            ? null
            : typeof v === "number" && Number.isFinite(v)
              ? v
              : num(`${base}.points[${i}].${k}`, v);
    }
    const c = p.concurrency;
    out.concurrency =
      c == null
        ? null
        : typeof c === "number" && Number.isFinite(c)
          ? c
          : num(`${base}.points[${i}].concurrency`, c);
    const r = p.requestRate;
    out.requestRate =
      r === "inf"
        ? "inf"
        : r == null
          ? null
          : typeof r === "number" && Number.isFinite(r)
            ? r
            : num(`${base}.points[${i}].requestRate`, r);
    for (let f = 0; f < POINT_STATS.length; f++) {
      const m = POINT_STATS[f]!;
      const stats = p[m];
      if (!isObj(stats)) continue;
      const resolved: Record<string, number> = {};
      for (const s in stats) {
        if (!Object.hasOwn(stats, s)) continue;
        const v = stats[s];
        const n =
          typeof v === "number" && Number.isFinite(v)
            ? v
            : num(keyPath(`${base}.points[${i}].${m}`, s), v);
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
    if (Array.isArray(ref.warnings))
      r.warnings = ref.warnings.filter((w): w is string => typeof w === "string");
    return r;
  }
  if (typeof ref.file === "string") return { kind: "file", file: ref.file };
  if (ref.replicaOutputTokensPerSec != null) {
    return {
      kind: "given",
      replicaOutputTokensPerSec: numField(num, ref, base, "replicaOutputTokensPerSec"),
    };
  }
  return { kind: "missing" };
}

/** A workload's `schedule` with its numbers (docs/schedules.md), or undefined when it has none. */
function resolveSchedule(v: unknown, base: string, num: Reader): ResolvedSchedule | undefined {
  if (!isObj(v)) return undefined;
  const fromTrace = v.fromTrace === true;
  const rps =
    !fromTrace && Array.isArray(v.rps)
      ? v.rps.map((x, j) =>
          typeof x === "number" && Number.isFinite(x) ? x : num(`${base}.rps[${j}]`, x),
        )
      : null;
  return {
    intervalSec: numField(num, v, base, "intervalSec"),
    rps,
    minReplicas: numField(num, v, base, "minReplicas"),
    leadIntervals: numField(num, v, base, "leadIntervals"),
    fromTrace,
  };
}

function resolveSku(s: Obj, i: number, names: string[], num: Reader): ResolvedSku {
  const base = `skus[${i}]`;
  const sweeps: Record<string, ResolvedSweepRef> = {};
  // A SKU-level sweep is resolved once and shared by every workload without its own sweep.
  let shared: ResolvedSweepRef | undefined;
  for (const w of names) {
    const own = isObj(s.sweeps) ? s.sweeps[w] : undefined;
    put(
      sweeps,
      w,
      own !== undefined && Object.hasOwn(s.sweeps as Obj, w)
        ? resolveRef(own, keyPath(`${base}.sweeps`, w), num)
        : (shared ??= resolveRef(s.sweep, `${base}.sweep`, num)),
    );
  }
  const out: ResolvedSku = {
    name: typeof s.name === "string" ? s.name : base,
    gpu: typeof s.gpu === "string" ? s.gpu : null,
    gpusPerReplica: numField(num, s, base, "gpusPerReplica"),
    pricePerGpuHour: numField(num, s, base, "pricePerGpuHour"),
    sweeps,
  };
  if (s.reservedPricePerGpuHour !== undefined)
    out.reservedPricePerGpuHour = numField(num, s, base, "reservedPricePerGpuHour");
  if (s.maxReplicas !== undefined) out.maxReplicas = numField(num, s, base, "maxReplicas");
  if (typeof s.model === "string" && s.model !== "") out.model = s.model;
  if (s.quantization === "bf16" || s.quantization === "fp8" || s.quantization === "int4")
    out.quantization = s.quantization;
  if (s.kvCacheDtype === "bf16" || s.kvCacheDtype === "fp8") out.kvCacheDtype = s.kvCacheDtype;
  return out;
}

function resolveTenants(t: unknown, num: Reader): ResolvedTenants | null {
  if (!isObj(t)) return null;
  const method = t.method === "output" || t.method === "weighted" ? t.method : "tokens";
  const weights = { tokens: [1, 1], output: [0, 1] } as const;
  return {
    method,
    inputWeight:
      method === "weighted" ? numField(num, t, "tenants", "inputWeight") : weights[method][0],
    outputWeight:
      method === "weighted" ? numField(num, t, "tenants", "outputWeight") : weights[method][1],
    idle: t.idle === "separate" ? "separate" : "proportional",
    basis: t.basis === "reservation" ? "reservation" : "usage",
    pools: list(t.pools).map((p, i) => ({
      name: typeof p.name === "string" ? p.name : `pool${i + 1}`,
      costPerDay: numField(num, p, `tenants.pools[${i}]`, "costPerDay"),
      sku: typeof p.sku === "string" ? p.sku : null,
      capacityTokensPerDay: numField(num, p, `tenants.pools[${i}]`, "capacityTokensPerDay"),
      replicas: numField(num, p, `tenants.pools[${i}]`, "replicas"),
    })),
    shared: list(t.shared).map((s, i) => ({
      name: typeof s.name === "string" ? s.name : `shared${i + 1}`,
      costPerDay: numField(num, s, `tenants.shared[${i}]`, "costPerDay"),
      split: s.split === "even" || s.split === "none" ? s.split : "weighted",
    })),
    usage: list(t.usage).map((u, i) => {
      // Plain numbers inline: no path string per usage row (thousands of teams).
      const a = u.inputTokens;
      const b = u.outputTokens;
      return {
        team: typeof u.team === "string" ? u.team : `team${i + 1}`,
        pool: typeof u.pool === "string" ? u.pool : null,
        inputTokens:
          typeof a === "number" && Number.isFinite(a)
            ? a
            : numField(num, u, `tenants.usage[${i}]`, "inputTokens"),
        outputTokens:
          typeof b === "number" && Number.isFinite(b)
            ? b
            : numField(num, u, `tenants.usage[${i}]`, "outputTokens"),
        reservedReplicas: numField(num, u, `tenants.usage[${i}]`, "reservedReplicas"),
      };
    }),
  };
}

/** Path of SKU i's computed replica output tokens/s (read in formulas as `<id>_tok_s`). */
export function computedPath(i: number): string {
  return `skus[${i}].replicaOutputTokensPerSec`;
}

const ID = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** SKU ids (the optional `id` key, an identifier) → SKU index; the first SKU wins a repeated id. */
export function skuIds(plan: PlanFile): Map<string, number> {
  const ids = new Map<string, number>();
  list(plan.skus).forEach((s, i) => {
    if (typeof s.id === "string" && ID.test(s.id) && !ids.has(s.id)) ids.set(s.id, i);
  });
  return ids;
}

/** The SKUs (id → index) whose `<id>_tok_s` some formula of the plan names (not shadowed by a cell). */
export function computedSkus(
  plan: PlanFile,
  entries?: readonly [string, unknown][],
): Map<string, number> {
  const ids = skuIds(plan);
  const used = new Map<string, number>();
  if (ids.size === 0) return used;
  const cells = isObj(plan.cells) ? plan.cells : {};
  // The plan's entries are walked only when a SKU has an id (a plan without ids has no `<id>_tok_s`).
  for (const [, raw] of entries ?? collectEntries(plan, false)) {
    if (typeof raw !== "string" || !raw.includes("_tok_s")) continue;
    for (const m of raw.matchAll(/([A-Za-z_][A-Za-z0-9_]*)_tok_s\b/g)) {
      const i = ids.get(m[1]!);
      if (i !== undefined && !Object.hasOwn(cells, `${m[1]}_tok_s`)) used.set(m[1]!, i);
    }
  }
  return used;
}

/**
 * Where a formula name reads (docs/formulas.md): a cell of that name; else `<id>_tok_s` of a SKU
 * with that `id` (its computed replica output tokens/s); else the (missing) cell.
 */
function namer(plan: () => PlanFile): (name: string) => string {
  return (name) => {
    const p = plan();
    const cells = isObj(p.cells) ? p.cells : {};
    if (Object.hasOwn(cells, name)) return keyPath("cells", name);
    const m = /^(.+)_tok_s$/.exec(name);
    const i = m ? skuIds(p).get(m[1]!) : undefined;
    return i !== undefined ? computedPath(i) : keyPath("cells", name);
  };
}

/**
 * The range check of a plan's sheet: a field's value (a formula's result, a numeric string)
 * outside its range (plan-fields.ts) is an error on that field, in the CLI and the app alike
 * (docs/security.md). Cells have no range.
 */
function rangeCheck(plan: () => PlanFile): (path: string, value: number) => Problem | null {
  return (path, value) => {
    if (path.startsWith("cells")) return null;
    const c = plan().currency;
    return rangeIssue(path, value, typeof c === "string" && c !== "" ? c : "USD");
  };
}

/** The sheet of a plan: one entry per number of the plan, evaluated. */
export function buildPlanSheet(plan: PlanFile, current: () => PlanFile = () => plan): Sheet {
  return new Sheet(sheetEntries(plan), { pathOfName: namer(current), check: rangeCheck(current) });
}

/**
 * Fill the computed entries of a plan's sheet (SKU `<id>_tok_s`): compute each such SKU from the
 * resolved plan, set its value, re-resolve; repeated until nothing changes (a chain of n SKUs takes
 * n rounds). Cycles are already errors of the sheet (CYCLE, with the members).
 */
function fillComputed(
  plan: PlanFile,
  sheet: Sheet,
  files: ReadonlyMap<string, FileSweep>,
  first: ResolvedPlan,
): ResolvedPlan {
  const ids = [...computedSkus(plan).values()].filter((i) => sheet.has(computedPath(i)));
  let resolved = first;
  for (let round = 0; round <= ids.length; round++) {
    let changed = false;
    const level = planLevel(resolved);
    for (const i of ids) {
      const s = computeSku(resolved, i, level.wlInputs, files);
      let v: number | null = null;
      if (s.feasible === true) {
        const base = s.workloads.reduce((a, w) => a + (w.replicasBase ?? NaN), 0);
        const out = level.wlInputs.reduce((a, w) => a + w.peakRps * w.outputTokens, 0);
        v =
          s.workloads.length === 1
            ? (s.operatingPoint?.outputTokensPerSec ?? null)
            : base > 0
              ? out / base
              : null;
      }
      const why = F.problem("noOperatingPoint", { sku: s.name, reason: s.infeasibleProblem });
      if (
        sheet.setComputed(computedPath(i), v !== null && Number.isFinite(v) ? v : null, why).length
      )
        changed = true;
    }
    if (!changed) break;
    resolved = resolveOnce(plan, sheet);
  }
  return resolved;
}

/**
 * Evaluate a plan's formulas and return it with numbers (docs/plan-file.md). `sheet` may be a sheet already
 * built from this plan (e.g. kept by the app and edited incrementally); otherwise one is built.
 */
export function resolvePlan(
  plan: PlanFile,
  sheet: Sheet = buildPlanSheet(plan),
  files: ReadonlyMap<string, FileSweep> = new Map(),
): ResolvedPlan {
  const first = resolveOnce(plan, sheet);
  if (!skuIds(plan).size) return first;
  const done = fillComputed(plan, sheet, files, first);
  // A computed entry's own error is told by the formulas that read it (they name it).
  const computed = new Set([...computedSkus(plan).values()].map(computedPath));
  return {
    ...done,
    errors: done.errors.filter((e) => !computed.has(e.path) || e.kind === "CYCLE"),
  };
}

function resolveOnce(plan: PlanFile, sheet: Sheet): ResolvedPlan {
  const num = readerOf(sheet);
  const defs = workloadDefs(plan);
  const workloads: ResolvedWorkload[] = defs.map(({ def, path }, i) => {
    const d = def as unknown as Obj;
    const field = (k: string): number | null => numField(num, d, path, k);
    const trace = resolveTrace(d.trace);
    // A workload with a trace takes from it what it does not write itself (docs/traffic.md).
    const fromTrace = trace?.traffic ? traceNumbers(trace.traffic, trace.peak) : null;
    const traced = (k: "peakRps" | "avgRps" | "inputTokens" | "outputTokens"): number | null =>
      d[k] !== undefined || !trace ? field(k) : (fromTrace?.[k] ?? null);
    const w: ResolvedWorkload = {
      name: workloadName(def, i, defs.length),
      peakRps: traced("peakRps"),
      avgRps: traced("avgRps"),
      dailyRequests: field("dailyRequests"),
      inputTokens: traced("inputTokens"),
      outputTokens: traced("outputTokens"),
    };
    if (trace) {
      const { traffic, ...ref } = trace;
      w.trace = ref;
      w.traffic = traffic;
    }
    const schedule = resolveSchedule(d.schedule, `${path}.schedule`, num);
    if (schedule) w.schedule = schedule;
    return w;
  });
  const names = workloads.map((w) => w.name);
  const cells: Record<string, number | null> = {};
  if (isObj(plan.cells))
    for (const [k, v] of Object.entries(plan.cells))
      put(
        cells,
        k,
        typeof v === "number" ? (Number.isFinite(v) ? v : null) : num(keyPath("cells", k), v),
      );
  const factors = isObj(plan.factors) ? plan.factors : {};
  const red = factors.redundancy;
  // Errors in document order (the entry order of a fresh sheet); only built when there are errors.
  const errors = sheet.errors();
  if (errors.length > 1) {
    const order = new Map(planEntries(plan).map(([p], i) => [p, i]));
    const rank = (e: FormulaError): number => order.get(e.path) ?? order.size;
    errors.sort((a, b) => rank(a) - rank(b));
  }
  return {
    title: typeof plan.title === "string" && plan.title !== "" ? plan.title : "Untitled plan",
    currency: typeof plan.currency === "string" && plan.currency !== "" ? plan.currency : "USD",
    cells,
    workloads,
    slo: list(plan.slo).map((s, i) => ({
      metric: s.metric as MetricKey,
      stat: typeof s.stat === "string" ? s.stat : "",
      maxMs: numField(num, s, `slo[${i}]`, "maxMs"),
    })),
    sloMode: plan.sloMode === "interpolated" ? "interpolated" : "measured",
    maxErrorRatePct:
      plan.maxErrorRatePct == null
        ? DEFAULT_MAX_ERROR_RATE_PCT
        : typeof plan.maxErrorRatePct === "number"
          ? Number.isFinite(plan.maxErrorRatePct)
            ? plan.maxErrorRatePct
            : null
          : num("maxErrorRatePct", plan.maxErrorRatePct),
    elasticity: factors.elasticity == null ? 1 : numField(num, factors, "factors", "elasticity"),
    redundancy: isObj(red)
      ? { spare: numField(num, red, "factors.redundancy", "spare") }
      : { factor: red == null ? 1 : numField(num, factors, "factors", "redundancy") },
    skus: list(plan.skus).map((s, i) => resolveSku(s, i, names, num)),
    tenants: resolveTenants(plan.tenants, num),
    ...(plan.recommendBy === "static" ||
    plan.recommendBy === "autoscaled" ||
    plan.recommendBy === "blended" ||
    plan.recommendBy === "peak"
      ? { recommendBy: plan.recommendBy }
      : {}),
    ...(typeof plan.model === "string" && plan.model !== "" ? { model: plan.model } : {}),
    ...(plan.gpuMemoryUtilization !== undefined
      ? {
          gpuMemoryUtilization:
            typeof plan.gpuMemoryUtilization === "number"
              ? Number.isFinite(plan.gpuMemoryUtilization)
                ? plan.gpuMemoryUtilization
                : null
              : num("gpuMemoryUtilization", plan.gpuMemoryUtilization),
        }
      : {}),
    errors,
  };
}

/** A plan kept with its sheet, so that one edit re-evaluates only what depends on it. */
export interface PlanSheet {
  readonly sheet: Sheet;
  /** The current plan (a private copy, with the edits applied). */
  plan(): PlanFile;
  /** The resolved plan of the current state (`files`: the imported `file` sweeps, for computed results). */
  resolve(files?: ReadonlyMap<string, FileSweep>): ResolvedPlan;
  /** Set one number of the plan (`cells.peak`, `skus[1].pricePerGpuHour`); returns recomputed paths. */
  set(path: string, raw: unknown): string[];
  /** Delete a key (e.g. a cell `cells.old`); returns recomputed paths. */
  remove(path: string): string[];
  /** Replace the whole plan (structural edits); only changed entries are re-evaluated. */
  update(plan: PlanFile): string[];
}

/**
 * Keep a plan and its sheet for incremental edits (the app's workbook state). The sheet holds
 * {@link sheetEntries}: `set` of a plain number outside the cells removes any entry at that path
 * and returns the path itself first (its value is the number, read from the plan).
 */
export function createPlanSheet(initial: PlanFile): PlanSheet {
  let plan = structuredClone(initial);
  const sheet = buildPlanSheet(plan, () => plan);
  return {
    sheet,
    plan: () => plan,
    resolve: (files) => resolvePlan(plan, sheet, files),
    set(path, raw) {
      if (!setAtPath(plan, path, raw)) return [];
      const steps = typeof raw === "number" && Number.isFinite(raw) ? parsePath(path) : null;
      if (steps && steps[0] !== "cells") {
        // A plain number outside the cells is not a sheet entry (sheetEntries): drop a formula
        // that was there; the value is the number itself.
        return [path, ...sheet.remove(path)];
      }
      return sheet.set(path, raw);
    },
    remove(path) {
      deleteAtPath(plan, path);
      return sheet.remove(path);
    },
    update(next) {
      const idsBefore = JSON.stringify([...skuIds(plan)]);
      plan = structuredClone(next);
      const entries = sheetEntries(plan);
      // Other SKU ids change where names read: every formula is read again.
      if (JSON.stringify([...skuIds(plan)]) !== idsBefore) {
        const removed = sheet.remove(...sheet.paths());
        return [...new Set([...removed, ...sheet.setMany(entries)])];
      }
      const keep = new Set(entries.map(([p]) => p));
      const removed = sheet.remove(...sheet.paths().filter((p) => !keep.has(p)));
      const changed = entries.filter(([p, raw]) => !sheet.has(p) || sheet.raw(p) !== raw);
      return [...new Set([...removed, ...sheet.setMany(changed)])];
    },
  };
}
