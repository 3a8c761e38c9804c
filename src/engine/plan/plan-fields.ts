/**
 * The registry of the plan file's numbers (docs/plan-fields.md): every numeric field, where it
 * sits in the plan, what it counts, the range validation holds it to, where its value goes in the
 * resolved plan and what an edit of it invalidates. Everything that walks or checks the plan's
 * numbers is derived from this one table:
 * - the formula sheet's entries and their document order (resolve-plan.ts `planEntries`, `sheetEntries`),
 * - which paths are numeric fields (resolve-plan.ts `isNumberField`, the incremental engine's fast path),
 * - the incremental patch of the resolved plan and what it recomputes (incremental.ts),
 * - the range checks of validation and of formula results (plan-file.ts `fieldRange`),
 * - the JSON Schema's numeric ranges (test/engine/plan-fields.test.ts checks they agree).
 *
 * To add a numeric field: add one row to {@link PLAN_FIELDS} at the place of its container (the
 * order of the rows is the document order of the sheet's entries), give it a `resolved` location
 * when the resolved plan (resolved-plan-types.ts) holds it, read it in resolve-plan.ts with `numField`, and add it
 * to models/plan.schema.json with the same range.
 */
import { maxExactAmount } from "../finops/money";
import type { PathStep } from "./plan-path";
import type { ResolvedPlan } from "./resolved-plan-types";

/** What an edit of a field makes stale. */
export type Invalidates =
  /** Every SKU result (workloads, SLOs, factors). */
  | "skus"
  /** The SKU of the path (`skus[i]…`). */
  | "sku"
  /** The allocation of one pool (its cost, capacity or a usage row of it). */
  | "pool"
  /** The allocation only (tenant weights). */
  | "tenants"
  /** Nothing by itself: what reads it is recomputed through the formula sheet (cells). */
  | "dependents";

/** The range a numeric field must fall in (docs/security.md: out-of-range inputs are errors). */
export interface FieldRange {
  min: number;
  /** True when `min` itself is refused (e.g. zero GPUs per replica). */
  minExclusive?: boolean;
  max: number;
  /** What the field counts, for the message ("requests per second"). */
  unit: string;
}

/**
 * The kind of a field:
 * - `input`: a number the plan author types (a number or a formula); a plain number is read
 *   directly, anything else is an entry of the formula sheet;
 * - `cell`: a named cell; always an entry of the sheet (formulas read cells by name);
 * - `data`: an imported number (a sweep point's value or statistic); only text (a formula, `1,500`)
 *   and non-finite numbers become sheet entries, and it is not a field an edit can patch.
 */
export type FieldKind = "input" | "cell" | "data";

export interface PlanField {
  /**
   * Where the field sits: dot-separated keys, `[]` for any array index, `*` for any key of a
   * record (a cell name, a workload name, a statistic). E.g. `skus[].sweeps.*.replicaOutputTokensPerSec`.
   */
  pattern: string;
  kind: FieldKind;
  /** What the number counts (e.g. "requests per second"); `{currency}` is replaced by the plan's currency. */
  unit: string;
  /** Range of valid values; absent for cells and sweep data. `max` may depend on the currency. */
  range?: { min: number; minExclusive?: boolean; max: number | ((currency: string) => number) };
  /** The path in the resolved plan holding the field's value (same wildcards); absent when an edit re-resolves the plan. */
  resolved?: (steps: readonly PathStep[]) => PathStep[];
  /** The resolved plan holds the value only when this is true (tenant weights: the `weighted` method). */
  resolvedWhen?: (r: ResolvedPlan) => boolean;
  invalidates: Invalidates;
  /** Text values that are values, not formulas (a point's request rate `"inf"`). */
  literals?: readonly string[];
}

const COUNT_MAX = 1e18;
const same = (steps: readonly PathStep[]): PathStep[] => [...steps];
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
  "requestRate",
] as const;
const POINT_STATS = ["ttftMs", "itlMs", "tpotMs", "ntpotMs", "e2eMs"] as const;
const WORKLOAD: [string, string, NonNullable<PlanField["range"]>][] = [
  ["peakRps", "requests per second", { min: 0, max: 1e9 }],
  ["avgRps", "requests per second", { min: 0, max: 1e9 }],
  ["dailyRequests", "requests per day", { min: 0, max: 1e15 }],
  ["inputTokens", "tokens per request", { min: 0, max: 1e9 }],
  ["outputTokens", "tokens per request", { min: 0, max: 1e9 }],
];

const SCHEDULE: [string, string, NonNullable<PlanField["range"]>][] = [
  ["intervalSec", "seconds", { min: 0, minExclusive: true, max: 31_622_400 }],
  ["rps[]", "requests per second", { min: 0, max: 1e9 }],
  ["minReplicas", "replicas", { min: 0, max: 1e6 }],
  ["leadIntervals", "intervals", { min: 0, max: 1e6 }],
];

/** The numbers of a sweep (inline points) at `base` (`skus[].sweep`, `skus[].sweeps.*`). */
function sweepFields(base: string): PlanField[] {
  return [
    {
      pattern: `${base}.replicaOutputTokensPerSec`,
      kind: "input",
      unit: "tokens per second",
      range: { min: 0, minExclusive: true, max: 1e12 },
      invalidates: "sku",
    },
    ...POINT_NUMBERS.map(
      (k): PlanField => ({
        pattern: `${base}.points[].${k}`,
        kind: "data",
        unit: k === "requestRate" ? "requests per second" : k === "failedPct" ? "percent" : "",
        invalidates: "sku",
        literals: ["inf"],
      }),
    ),
    ...POINT_STATS.map(
      (m): PlanField => ({
        pattern: `${base}.points[].${m}.*`,
        kind: "data",
        unit: "ms",
        invalidates: "sku",
      }),
    ),
  ];
}

/**
 * Every number of the plan file, in document order (the order of the formula sheet's entries and
 * of formula errors). Sweep point numbers are listed for completeness (their text values are
 * sheet entries); their units are given where they are fixed.
 */
export const PLAN_FIELDS: readonly PlanField[] = [
  { pattern: "cells.*", kind: "cell", unit: "", resolved: same, invalidates: "dependents" },
  ...WORKLOAD.map(
    ([k, unit, range]): PlanField => ({
      pattern: `workloads[].${k}`,
      kind: "input",
      unit,
      range,
      resolved: same,
      invalidates: "skus",
    }),
  ),
  ...WORKLOAD.map(
    ([k, unit, range]): PlanField => ({
      pattern: `workload.${k}`,
      kind: "input",
      unit,
      range,
      resolved: (s) => ["workloads", 0, s[1]!],
      invalidates: "skus",
    }),
  ),
  // Schedules (docs/schedules.md): an edit re-resolves the plan (no `resolved` location).
  ...SCHEDULE.map(
    ([k, unit, range]): PlanField => ({
      pattern: `workloads[].schedule.${k}`,
      kind: "input",
      unit,
      range,
      invalidates: "skus",
    }),
  ),
  ...SCHEDULE.map(
    ([k, unit, range]): PlanField => ({
      pattern: `workload.schedule.${k}`,
      kind: "input",
      unit,
      range,
      invalidates: "skus",
    }),
  ),
  {
    pattern: "slo[].maxMs",
    kind: "input",
    unit: "ms",
    range: { min: 0, minExclusive: true, max: 1e9 },
    resolved: same,
    invalidates: "skus",
  },
  {
    pattern: "maxErrorRatePct",
    kind: "input",
    unit: "percent",
    resolved: same,
    invalidates: "skus",
  },
  {
    pattern: "gpuMemoryUtilization",
    kind: "input",
    unit: "share of GPU memory",
    range: { min: 0, minExclusive: true, max: 1 },
    invalidates: "skus",
  },
  {
    pattern: "factors.elasticity",
    kind: "input",
    unit: "factor",
    range: { min: 0, minExclusive: true, max: 1000 },
    resolved: () => ["elasticity"],
    invalidates: "skus",
  },
  {
    pattern: "factors.redundancy",
    kind: "input",
    unit: "factor",
    range: { min: 0, minExclusive: true, max: 1000 },
    resolved: () => ["redundancy", "factor"],
    invalidates: "skus",
  },
  {
    pattern: "factors.redundancy.spare",
    kind: "input",
    unit: "spare replicas",
    range: { min: 0, max: 1e6 },
    resolved: () => ["redundancy", "spare"],
    invalidates: "skus",
  },
  {
    pattern: "skus[].gpusPerReplica",
    kind: "input",
    unit: "GPUs",
    range: { min: 0, minExclusive: true, max: 1e6 },
    resolved: same,
    invalidates: "sku",
  },
  {
    pattern: "skus[].pricePerGpuHour",
    kind: "input",
    unit: "{currency} per GPU-hour",
    range: { min: 0, max: (c) => maxExactAmount(c) / 1e3 },
    resolved: same,
    invalidates: "sku",
  },
  {
    pattern: "skus[].reservedPricePerGpuHour",
    kind: "input",
    unit: "{currency} per GPU-hour",
    range: { min: 0, max: (c) => maxExactAmount(c) / 1e3 },
    invalidates: "sku",
  },
  {
    pattern: "skus[].maxReplicas",
    kind: "input",
    unit: "replicas",
    range: { min: 0, max: 1e9 },
    invalidates: "sku",
  },
  ...sweepFields("skus[].sweep"),
  ...sweepFields("skus[].sweeps.*"),
  {
    pattern: "tenants.inputWeight",
    kind: "input",
    unit: "weight",
    range: { min: 0, max: 1e6 },
    resolved: same,
    resolvedWhen: (r) => r.tenants?.method === "weighted",
    invalidates: "tenants",
  },
  {
    pattern: "tenants.outputWeight",
    kind: "input",
    unit: "weight",
    range: { min: 0, max: 1e6 },
    resolved: same,
    resolvedWhen: (r) => r.tenants?.method === "weighted",
    invalidates: "tenants",
  },
  {
    pattern: "tenants.pools[].costPerDay",
    kind: "input",
    unit: "{currency} per day",
    range: { min: 0, max: (c) => maxExactAmount(c) },
    resolved: same,
    invalidates: "pool",
  },
  {
    pattern: "tenants.pools[].capacityTokensPerDay",
    kind: "input",
    unit: "tokens per day",
    range: { min: 0, minExclusive: true, max: COUNT_MAX },
    resolved: same,
    invalidates: "pool",
  },
  {
    pattern: "tenants.pools[].replicas",
    kind: "input",
    unit: "replicas",
    range: { min: 0, minExclusive: true, max: 1e9 },
    resolved: same,
    invalidates: "pool",
  },
  {
    pattern: "tenants.usage[].inputTokens",
    kind: "input",
    unit: "tokens per day",
    range: { min: 0, max: COUNT_MAX },
    resolved: same,
    invalidates: "pool",
  },
  {
    pattern: "tenants.usage[].outputTokens",
    kind: "input",
    unit: "tokens per day",
    range: { min: 0, max: COUNT_MAX },
    resolved: same,
    invalidates: "pool",
  },
  {
    pattern: "tenants.usage[].reservedReplicas",
    kind: "input",
    unit: "replicas",
    range: { min: 0, max: 1e9 },
    resolved: same,
    invalidates: "pool",
  },
  {
    pattern: "tenants.shared[].costPerDay",
    kind: "input",
    unit: "{currency} per day",
    range: { min: 0, max: (c) => maxExactAmount(c) },
    resolved: same,
    invalidates: "tenants",
  },
];

/**
 * Root keys that count only when another is absent: `workload` (one workload) is read only when
 * `workloads` is not an array (plan-file.ts `workloadDefs`).
 */
const UNLESS_ARRAY: Readonly<Record<string, string>> = { workload: "workloads" };

// ---- the registry as a tree --------------------------------------------------------------------

/** A node of the registry tree: a key (`[]` any index, `*` any record key), its field and children. */
export interface FieldNode {
  key: string;
  field: PlanField | null;
  children: FieldNode[];
}

function steps(pattern: string): string[] {
  return pattern.replace(/\[\]/g, ".[]").split(".");
}

function buildTree(fields: readonly PlanField[]): FieldNode {
  const root: FieldNode = { key: "", field: null, children: [] };
  for (const f of fields) {
    let node = root;
    for (const k of steps(f.pattern)) {
      let child = node.children.find((c) => c.key === k);
      if (!child) node.children.push((child = { key: k, field: null, children: [] }));
      node = child;
    }
    if (node.field) throw new Error(`plan field ${f.pattern} is listed twice`);
    node.field = f;
  }
  return root;
}

/** The registry as a tree of keys, children in document order. */
export const FIELD_TREE: FieldNode = buildTree(PLAN_FIELDS);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Path text of steps: `skus[1].sweeps["my load"].points[0].ttftMs.p99` (as plan-file.ts `keyPath` writes record keys). */
export function pathText(steps: readonly PathStep[]): string {
  let s = "";
  for (let i = 0; i < steps.length; i++) {
    const k = steps[i]!;
    if (typeof k === "number") s += `[${k}]`;
    else if (i === 0) s += k;
    else s += IDENT.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`;
  }
  return s;
}

/**
 * Visit every field of `plan` that holds a value, in document order: `visit(field, value, path)`,
 * where `path()` builds the path text (only called for what is kept). `after(rootKey)` runs after
 * each root key's fields (resolve-plan.ts inserts the SKUs' computed throughputs after `skus`).
 */
export function walkFields(
  plan: unknown,
  visit: (field: PlanField, value: unknown, path: () => string) => void,
  after?: (rootKey: string) => void,
): void {
  if (!isObj(plan)) return;
  const stack: PathStep[] = [];
  const path = () => pathText(stack);
  const walk = (node: FieldNode, value: unknown): void => {
    if (
      node.children.length &&
      (isObj(value) || (Array.isArray(value) && node.children[0]!.key === "[]"))
    ) {
      // Objects enter their keys, arrays their `[]` child (`enter` checks which fits).
      for (const c of node.children) enter(c, value);
      return;
    }
    if (node.field && value != null) visit(node.field, value, path);
  };
  const enter = (node: FieldNode, container: unknown): void => {
    if (node.key === "[]") {
      if (!Array.isArray(container)) return;
      for (let i = 0; i < container.length; i++) {
        const v: unknown = container[i];
        if (!isObj(v) && node.children.length) continue;
        stack.push(i);
        walk(node, v);
        stack.pop();
      }
    } else if (node.key === "*") {
      if (!isObj(container)) return;
      for (const k in container) {
        if (!Object.hasOwn(container, k)) continue;
        stack.push(k);
        walk(node, container[k]);
        stack.pop();
      }
    } else {
      if (!isObj(container)) return;
      stack.push(node.key);
      walk(node, container[node.key]);
      stack.pop();
    }
  };
  for (const c of FIELD_TREE.children) {
    const other = UNLESS_ARRAY[c.key];
    if (!(other !== undefined && Array.isArray(plan[other]))) {
      // An array child (`workloads[]`, `skus[]`) is entered through its key node.
      enter(c, plan);
    }
    after?.(c.key);
  }
}

/**
 * The registry field at `steps` in `plan`, when every container on the way exists (objects, array
 * elements that are objects, record keys present) and the value there is not itself a container
 * of other fields (`factors.redundancy` as `{ spare }`). Null otherwise.
 */
export function fieldAt(plan: unknown, steps: readonly PathStep[]): PlanField | null {
  let node = FIELD_TREE;
  let value: unknown = plan;
  if (typeof steps[0] === "string") {
    const other = UNLESS_ARRAY[steps[0]];
    if (other !== undefined && isObj(plan) && Array.isArray(plan[other])) return null;
  }
  for (let i = 0; i < steps.length; i++) {
    const k = steps[i]!;
    const last = i === steps.length - 1;
    let next: FieldNode | undefined;
    if (typeof k === "number") {
      next = node.children.find((c) => c.key === "[]");
      if (!next || !Array.isArray(value)) return null;
      value = value[k];
      if (!last && !isObj(value)) return null;
    } else {
      if (!isObj(value)) return null;
      next = node.children.find((c) => c.key === k) ?? node.children.find((c) => c.key === "*");
      if (!next) return null;
      if (next.key === "*" && !Object.hasOwn(value, k)) return null;
      value = value[k];
      if (!last && next.key === "*" && !isObj(value)) return null;
    }
    node = next;
  }
  if (!node.field) return null;
  if (node.children.length && isObj(value)) return null;
  return node.field;
}

/** The registry field whose pattern `steps` match (no look at a plan), or null. */
export function fieldOfSteps(steps: readonly PathStep[]): PlanField | null {
  let node = FIELD_TREE;
  for (const k of steps) {
    const next =
      typeof k === "number"
        ? node.children.find((c) => c.key === "[]")
        : (node.children.find((c) => c.key === k) ?? node.children.find((c) => c.key === "*"));
    if (!next) return null;
    node = next;
  }
  return node.field;
}

// ---- ranges -----------------------------------------------------------------------------------

/** A regular expression matching the path texts of a pattern. */
function patternRegex(pattern: string): RegExp {
  const src = steps(pattern)
    .map((k, i) =>
      k === "[]"
        ? "\\[\\d+\\]"
        : k === "*"
          ? '(?:\\.[^.[]+|\\["(?:[^"\\\\]|\\\\.)*"\\])'
          : `${i === 0 ? "" : "\\."}${k}`,
    )
    .join("");
  return new RegExp(`^${src}$`);
}

const RANGED = PLAN_FIELDS.filter((f) => f.range).map((f) => ({
  re: patternRegex(f.pattern),
  field: f,
}));

/**
 * The ranged fields by the last key of their pattern (`maxMs`, `rps[]`), in registry order. A
 * pattern whose text after its last "." is a literal key, with or without indexes, only matches
 * paths whose text after the last "." is that key with those indexes, so a path is tested against
 * those patterns only (a plan's sweep points, most of its numbers, against none). Null when some
 * ranged pattern ends in a wildcard: then every pattern is tested.
 */
const RANGED_BY_LAST_KEY: Map<string, typeof RANGED> | null = (() => {
  const m = new Map<string, typeof RANGED>();
  for (const r of RANGED) {
    const last = r.field.pattern.slice(r.field.pattern.lastIndexOf(".") + 1);
    if (!/^[A-Za-z0-9_]+(?:\[\])*$/.test(last)) return null;
    const list = m.get(last);
    if (list) list.push(r);
    else m.set(last, [r]);
  }
  return m;
})();

/** The text of `path` after its last ".", its indexes written `[]` (`schedule.rps[3]` → `rps[]`). */
function lastKeyOf(path: string): string {
  const last = path.slice(path.lastIndexOf(".") + 1);
  return last.charCodeAt(last.length - 1) === 93 /* ] */ ? last.replace(/\[\d+\]/g, "[]") : last;
}

/**
 * False when no ranged field's pattern ends in `last` (a key, `[]` for indexes), so a path ending in
 * `.${last}` needs no {@link fieldRange} (sweep point numbers: a million of them in a large plan).
 */
export function mayHaveRange(last: string): boolean {
  return RANGED_BY_LAST_KEY ? RANGED_BY_LAST_KEY.has(last) : true;
}

/** The range of the numeric field at `path`, or null when it has none (cells, sweep points). */
export function fieldRange(path: string, currency = "USD"): FieldRange | null {
  const candidates = RANGED_BY_LAST_KEY ? RANGED_BY_LAST_KEY.get(lastKeyOf(path)) : RANGED;
  if (!candidates) return null;
  for (const { re, field } of candidates) {
    if (!re.test(path)) continue;
    const r = field.range!;
    const out: FieldRange = {
      min: r.min,
      max: typeof r.max === "function" ? r.max(currency) : r.max,
      unit: field.unit.replace("{currency}", currency),
    };
    if (r.minExclusive) out.minExclusive = true;
    return out;
  }
  return null;
}
