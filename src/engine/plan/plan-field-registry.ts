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
