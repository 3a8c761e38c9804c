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
import type { FormulaError, ResolvedPlan, ResolvedWorkload } from "./resolved-plan-types";
import { DEFAULT_MAX_ERROR_RATE_PCT } from "../curve/slo";
import {
  isObj,
  list,
  numField,
  put,
  readerOf,
  resolveSchedule,
  resolveSku,
  resolveTenants,
  type Obj,
} from "./resolve-parts";
import type { MetricKey, PlanFile } from "../base/types";

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
