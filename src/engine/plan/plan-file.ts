/**
 * Reading, checking and writing the plan file `capplan.plan/v1` (docs/plan-file.md). Validation checks the
 * shape only: formula strings are accepted here and evaluated by `resolve-plan.ts` (a plan with formula
 * errors still reads, docs/cli.md). Unknown extra keys are allowed.
 */
import { cellNameProblem } from "../formula/math";
import { fieldRange } from "./plan-fields";
import {
  Checker,
  describeValue,
  isObj,
  keyPath,
  rangeIssue,
  rangeProblem,
  type Obj,
  type PlanIssue,
} from "./plan-checker";
import { locateJsonError } from "./json-error";
import { METRIC_KEYS, type PlanFile, type WorkloadDef } from "../base/types";
import { trafficSummaryProblem } from "../demand/workload-trace";
import { planFileMessages as P } from "./plan-file-messages";
import { trafficMessages } from "../demand/traffic-messages";
import type { Problem } from "../base/problems";

export type { PlanIssue } from "./plan-checker";

/** Result of {@link validatePlan}. */
export type PlanValidation =
  | { ok: true; plan: PlanFile; warnings: string[]; problems?: Problem[] }
  | { ok: false; errors: PlanIssue[] };

/** The format tag of a plan file. */
export const PLAN_FORMAT = "capplan.plan/v1";

/** Statistic keys accepted in SLOs (docs/metrics.md): mean, min, max, std, median, pNN, pNN.N. */
export const STAT_PATTERN = /^(?:mean|min|max|std|median|p(?:100|\d{1,2})(?:\.\d+)?)$/;

/** Most entries of `cells` a plan may hold (docs/security.md). */
export const MAX_CELLS = 100_000;

export type { FieldRange } from "./plan-fields";
export { fieldRange };
export { describeValue, keyPath, rangeIssue, rangeProblem };

/** Name of workload `index` (docs/plan-file.md): its `name`, else "default" when alone, else "workload<N>". */
export function workloadName(def: WorkloadDef | undefined, index: number, count: number): string {
  if (def && typeof def.name === "string" && def.name !== "") return def.name;
  return count === 1 ? "default" : `workload${index + 1}`;
}

/** The plan's workload definitions with their paths (`workloads` wins over `workload`). */
export function workloadDefs(plan: PlanFile): { def: WorkloadDef; path: string }[] {
  if (Array.isArray(plan.workloads))
    return plan.workloads.map((def, i) => ({ def, path: `workloads[${i}]` }));
  if (isObj(plan.workload)) return [{ def: plan.workload, path: "workload" }];
  return [];
}

function checkSweepRef(c: Checker, ref: unknown, path: string): void {
  if (!isObj(ref))
    return c.issue(path, "a sweep object with points, file or replicaOutputTokensPerSec", ref);
  const present = ["points", "file", "replicaOutputTokensPerSec"].filter(
    (k) => ref[k] !== undefined,
  );
  if (present.length !== 1) {
    const expected = "exactly one of points, file, replicaOutputTokensPerSec";
    c.issue(
      path,
      expected,
      ref,
      P.problem("expected", {
        expected,
        got: present.length === 0 ? "none" : present.join(" and "),
      }),
    );
  }
  if (ref.file !== undefined) c.str(ref, "file", path, true);
  if (ref.replicaOutputTokensPerSec !== undefined)
    c.num(ref, "replicaOutputTokensPerSec", path, true);
  if (ref.points === undefined) return;
  const points = c.arrayOfObjects(ref.points, `${path}.points`, "points");
  points?.forEach((p, i) => {
    const pp = `${path}.points[${i}]`;
    for (const k of [
      "concurrency",
      "rps",
      "outputTokensPerSec",
      "totalTokensPerSec",
      "meanInputTokens",
      "meanOutputTokens",
      "completed",
      "failed",
      "failedPct",
    ]) {
      if (p[k] !== null) c.num(p, k, pp, false);
    }
    if (p.requestRate !== null && p.requestRate !== "inf") c.num(p, "requestRate", pp, false);
    for (const m of ["ttftMs", "itlMs", "tpotMs", "ntpotMs", "e2eMs"]) {
      const stats = p[m];
      if (stats === undefined) continue;
      if (!isObj(stats)) c.issue(`${pp}.${m}`, "an object of statistics in ms", stats);
      else for (const s of Object.keys(stats)) c.num(stats, s, `${pp}.${m}`, false);
    }
  });
}

/** A workload's `trace`: a `file` to read or an inline `traffic` summary, `binSec` > 0, `peak` max or p99. */
function checkTrace(c: Checker, t: unknown, path: string): void {
  if (!isObj(t))
    return c.issue(path, "a trace object with file (or an imported traffic summary)", t);
  if (t.file === undefined && t.traffic === undefined)
    c.issue(
      path,
      "a trace with file or traffic",
      t,
      "expected a trace with file (or an imported traffic summary), got neither",
    );
  if (t.file !== undefined) c.str(t, "file", path, true);
  if (t.name !== undefined) c.str(t, "name", path, true);
  if (
    t.binSec !== undefined &&
    !(
      typeof t.binSec === "number" &&
      Number.isFinite(t.binSec) &&
      t.binSec >= 0.001 &&
      t.binSec <= 604800
    )
  ) {
    c.issue(`${path}.binSec`, "a bin length in seconds from 0.001 up to 604800 (a week)", t.binSec);
  }
  c.oneOf(t, "peak", path, ["max", "p99"]);
  if (t.traffic !== undefined) {
    const problem = trafficSummaryProblem(t.traffic);
    if (problem)
      c.issue(
        `${path}.traffic`,
        "a traffic summary (capplan traffic --json)",
        t.traffic,
        trafficMessages.problem("summaryInvalid", { cause: problem }),
      );
  }
}

/** A workload's `schedule` (docs/schedules.md): rates per interval, or `fromTrace` with a trace. */
function checkSchedule(c: Checker, s: unknown, path: string, traced: boolean): void {
  if (!isObj(s))
    return c.issue(path, "a schedule object with intervalSec and rps (or fromTrace)", s);
  for (const k of ["intervalSec", "minReplicas", "leadIntervals"]) c.num(s, k, path, false);
  if (s.fromTrace !== undefined && typeof s.fromTrace !== "boolean")
    c.issue(`${path}.fromTrace`, "true or false", s.fromTrace);
  if (s.fromTrace === true) {
    if (!traced)
      c.issue(
        `${path}.fromTrace`,
        "a workload with a trace",
        s.fromTrace,
        "fromTrace needs the workload's trace; the workload has none",
      );
    if (s.rps !== undefined)
      c.issue(
        `${path}.rps`,
        "no rps with fromTrace",
        s.rps,
        "rps and fromTrace exclude each other: the rates come from the trace",
      );
    return;
  }
  if (!Array.isArray(s.rps) || s.rps.length === 0)
    return c.issue(`${path}.rps`, "a non-empty array of request rates (or fromTrace: true)", s.rps);
  if (s.rps.length > 1_000_000) return c.issue(`${path}.rps`, "at most 1,000,000 intervals", s.rps);
  for (let j = 0; j < s.rps.length; j++) c.numAt(s.rps[j], `${path}.rps[${j}]`, true);
}

function checkWorkloads(c: Checker, plan: Obj): string[] {
  const hasMany = plan.workloads !== undefined;
  if (hasMany && plan.workload !== undefined)
    c.warn(P.problem("bothWorkloads", {}, { path: "workload" }));
  let defs: Obj[] | null = null;
  let base: (i: number) => string = (i) => `workloads[${i}]`;
  if (hasMany) defs = c.arrayOfObjects(plan.workloads, "workloads", "workloads");
  else if (isObj(plan.workload)) {
    defs = [plan.workload];
    base = () => "workload";
  } else
    c.issue(
      plan.workload === undefined ? "workloads" : "workload",
      "an array of workloads (or one `workload` object)",
      plan.workload,
    );
  if (!defs) return [];
  if (defs.length === 0) c.warn(P.problem("noWorkloads", {}, { path: "workloads" }));
  defs.forEach((w, i) => {
    if (w.name !== undefined) c.str(w, "name", base(i), true);
    // A workload with a trace takes these from it (docs/traffic.md).
    const traced = w.trace !== undefined;
    if (traced) checkTrace(c, w.trace, `${base(i)}.trace`);
    for (const k of ["peakRps", "inputTokens", "outputTokens"]) c.num(w, k, base(i), !traced);
    if (w.schedule !== undefined) checkSchedule(c, w.schedule, `${base(i)}.schedule`, traced);
    for (const k of ["avgRps", "dailyRequests"]) c.num(w, k, base(i), false);
  });
  c.duplicates(
    defs.map((w) => w.name),
    (i) => `${base(i)}.name`,
    "workload",
  );
  return defs.map((w, i) => workloadName(w as unknown as WorkloadDef, i, defs!.length));
}

function checkSkus(c: Checker, plan: Obj, workloads: string[]): string[] {
  const skus = c.arrayOfObjects(plan.skus, "skus", "skus");
  if (!skus) return [];
  skus.forEach((s, i) => {
    const base = `skus[${i}]`;
    c.str(s, "name", base, true);
    c.str(s, "gpu", base, false);
    // Formulas read `<id>_tok_s`, this SKU's computed replica output tokens/s (docs/formulas.md).
    if (s.id !== undefined && (typeof s.id !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(s.id)))
      c.issue(`${base}.id`, "an identifier (letters, digits, _; not starting with a digit)", s.id);
    c.num(s, "gpusPerReplica", base, true);
    c.num(s, "pricePerGpuHour", base, true);
    if (s.sweep !== undefined) checkSweepRef(c, s.sweep, `${base}.sweep`);
    if (s.sweeps !== undefined) {
      if (!isObj(s.sweeps))
        c.issue(`${base}.sweeps`, "an object mapping workload names to sweeps", s.sweeps);
      else {
        for (const [name, ref] of Object.entries(s.sweeps)) {
          const p = keyPath(`${base}.sweeps`, name);
          if (!workloads.includes(name)) {
            const expected = `a workload name (${workloads.map((w) => `"${w}"`).join(", ")})`;
            c.issue(p, expected, name, P.problem("notWorkload", { name, expected }));
          }
          checkSweepRef(c, ref, p);
        }
      }
    }
    const covered =
      s.sweep !== undefined
        ? workloads
        : workloads.filter((w) => isObj(s.sweeps) && Object.hasOwn(s.sweeps, w));
    const label = typeof s.name === "string" ? `SKU "${s.name}"` : base;
    for (const w of workloads)
      if (!covered.includes(w))
        c.warn(P.problem("noSweepFor", { sku: label, workload: w }, { path: base }));
  });
  const names = skus.map((s) => s.name);
  c.duplicates(names, (i) => `skus[${i}].name`, "SKU");
  return names.filter((n): n is string => typeof n === "string");
}

function checkTenants(c: Checker, t: unknown, skuNames: string[]): void {
  if (!isObj(t)) return c.issue("tenants", "an object with usage rows", t);
  c.oneOf(t, "method", "tenants", ["tokens", "output", "weighted"]);
  c.oneOf(t, "idle", "tenants", ["proportional", "separate"]);
  c.oneOf(t, "basis", "tenants", ["usage", "reservation"]);
  const weighted = t.method === "weighted";
  c.num(t, "inputWeight", "tenants", weighted);
  c.num(t, "outputWeight", "tenants", weighted);
  let poolNames: string[] = [];
  if (t.pools !== undefined) {
    const pools = c.arrayOfObjects(t.pools, "tenants.pools", "pools") ?? [];
    pools.forEach((p, i) => {
      const base = `tenants.pools[${i}]`;
      c.str(p, "name", base, true);
      c.num(p, "costPerDay", base, false);
      c.num(p, "capacityTokensPerDay", base, false);
      c.num(p, "replicas", base, false);
      if (c.str(p, "sku", base, false) && !skuNames.includes(p.sku as string)) {
        c.issue(`${base}.sku`, "the name of a SKU of this plan", p.sku);
      }
    });
    c.duplicates(
      pools.map((p) => p.name),
      (i) => `tenants.pools[${i}].name`,
      "pool",
    );
    poolNames = pools.map((p) => p.name).filter((n): n is string => typeof n === "string");
  }
  if (t.shared !== undefined) {
    const shared = c.arrayOfObjects(t.shared, "tenants.shared", "shared costs") ?? [];
    shared.forEach((s, i) => {
      const base = `tenants.shared[${i}]`;
      c.str(s, "name", base, true);
      c.num(s, "costPerDay", base, true);
      c.oneOf(s, "split", base, ["weighted", "even", "none"]);
    });
    c.duplicates(
      shared.map((s) => s.name),
      (i) => `tenants.shared[${i}].name`,
      "shared cost",
    );
  }
  const usage = c.arrayOfObjects(t.usage, "tenants.usage", "usage rows");
  usage?.forEach((u, i) => {
    const base = `tenants.usage[${i}]`;
    c.str(u, "team", base, true);
    c.num(u, "inputTokens", base, true);
    c.num(u, "outputTokens", base, true);
    c.num(u, "reservedReplicas", base, false);
    if (
      c.str(u, "pool", base, false) &&
      poolNames.length > 0 &&
      !poolNames.includes(u.pool as string)
    ) {
      c.issue(`${base}.pool`, `a pool name (${poolNames.map((p) => `"${p}"`).join(", ")})`, u.pool);
    }
    if (u.pool === undefined && poolNames.length > 1)
      c.issue(`${base}.pool`, "a pool name (the plan has several pools)", u.pool);
  });
}

/** Check that a parsed JSON value is a plan of the shape of docs/plan-file.md. Never throws. */
export function validatePlan(value: unknown): PlanValidation {
  const currency =
    isObj(value) && typeof value.currency === "string" && /^[A-Z]{3}$/.test(value.currency)
      ? value.currency
      : "USD";
  const c = new Checker(currency);
  if (!isObj(value)) {
    c.issue("", "a JSON object (a capplan plan)", value);
    return { ok: false, errors: c.issues };
  }
  if (value.format !== PLAN_FORMAT) c.issue("format", `"${PLAN_FORMAT}"`, value.format);
  c.str(value, "title", "", false);
  // An ISO 4217 code, as Intl needs it: anything else made Intl throw later (docs/security.md).
  if (c.str(value, "currency", "", false) && !/^[A-Z]{3}$/.test(value.currency as string)) {
    c.issue(
      "currency",
      "a 3-letter ISO 4217 currency code in capitals, such as USD, EUR or CNY",
      value.currency,
    );
  }
  if (value.cells !== undefined) {
    if (!isObj(value.cells))
      c.issue("cells", "an object mapping cell names to numbers or formulas", value.cells);
    else if (Object.keys(value.cells).length > MAX_CELLS) {
      const n = Object.keys(value.cells).length;
      c.issue(
        "cells",
        `at most ${MAX_CELLS} cells`,
        value.cells,
        P.problem("tooManyCells", { n, max: MAX_CELLS }),
      );
    } else {
      for (const name of Object.keys(value.cells)) {
        const path = keyPath("cells", name);
        const problem = cellNameProblem(name);
        if (problem)
          c.issue(path, "a cell name that is an identifier and not a function name", name, problem);
        c.num(value.cells, name, "cells", true);
      }
    }
  }
  const workloads = checkWorkloads(c, value);
  if (value.slo !== undefined) {
    c.arrayOfObjects(value.slo, "slo", "SLOs")?.forEach((s, i) => {
      c.oneOf(s, "metric", `slo[${i}]`, METRIC_KEYS);
      if (s.metric === undefined)
        c.issue(`slo[${i}].metric`, `one of ${METRIC_KEYS.join(", ")}`, s.metric);
      if (typeof s.stat !== "string" || !STAT_PATTERN.test(s.stat)) {
        c.issue(
          `slo[${i}].stat`,
          "a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)",
          s.stat,
        );
      }
      c.num(s, "maxMs", `slo[${i}]`, true);
    });
  }
  c.oneOf(value, "sloMode", "", ["measured", "interpolated"]);
  // The cost the recommendation compares (docs/schedules.md).
  c.oneOf(value, "recommendBy", "", ["peak", "static", "autoscaled", "blended"]);
  // Percent of requests a load level may drop and still pass (default 1; docs/operating-point.md).
  c.num(value, "maxErrorRatePct", "", false);
  if (value.factors !== undefined) {
    if (!isObj(value.factors))
      c.issue("factors", "an object with elasticity and redundancy", value.factors);
    else {
      c.num(value.factors, "elasticity", "factors", false);
      const r = value.factors.redundancy;
      if (isObj(r)) c.num(r, "spare", "factors.redundancy", true);
      else c.num(value.factors, "redundancy", "factors", false);
    }
  }
  const skuNames = checkSkus(c, value, workloads);
  if (value.tenants !== undefined) checkTenants(c, value.tenants, skuNames);
  if (c.issues.length > 0) return { ok: false, errors: c.issues };
  return { ok: true, plan: value as PlanFile, warnings: c.warnings, problems: c.warningProblems };
}

/** Result of {@link parsePlanText}: the parsed JSON value (not yet validated), or why it is not JSON. */
export type PlanTextResult = { ok: true; value: unknown } | { ok: false; errors: PlanIssue[] };

/**
 * Parse the text of a plan file (BOM allowed). JSON syntax errors carry line and column; messages
 * do not repeat `fileName` (callers prefix it). Validate the value with {@link validatePlan}.
 */
export function parsePlanText(text: string, fileName: string): PlanTextResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const syntax = (problem: Problem, got: string): PlanTextResult => ({
    ok: false,
    errors: [
      {
        path: "",
        expected: `a JSON plan file (${fileName})`,
        got,
        message: P.en(problem),
        problem,
      },
    ],
  });
  if (body.trim() === "") return syntax(P.problem("fileEmpty", {}), "an empty file");
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (e) {
    const where = locateJsonError(body);
    if (!where)
      return syntax(
        P.problem("invalidJson", { detail: e instanceof Error ? e.message : String(e) }),
        "invalid JSON",
      );
    const got = JSON.stringify(body.slice(where.offset, where.offset + 20));
    return syntax(
      P.problem("invalidJsonAt", { line: where.line, column: where.column, cause: where.problem }),
      got,
    );
  }
}

/** Parse and validate a plan file's text in one step. */
export function readPlanText(text: string, fileName: string): PlanValidation {
  const parsed = parsePlanText(text, fileName);
  return parsed.ok ? validatePlan(parsed.value) : parsed;
}

const KEY_ORDER = [
  "format",
  "title",
  "currency",
  "cells",
  "workloads",
  "workload",
  "slo",
  "sloMode",
  "maxErrorRatePct",
  "factors",
  "skus",
  "recommendBy",
  "tenants",
];

/** Write a plan as 2-space JSON with the top-level keys in docs/plan-file.md order (extras after). */
export function serializePlan(plan: PlanFile): string {
  const ordered: Record<string, unknown> = {};
  for (const k of KEY_ORDER) if (plan[k] !== undefined) ordered[k] = plan[k];
  for (const [k, v] of Object.entries(plan)) if (!(k in ordered)) ordered[k] = v;
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
