/**
 * src/engine/plan/plan-field-registry.ts: PLAN_FIELDS, the registry of the plan's numbers
 * (docs/plan-fields.md) — it lists exactly the numeric fields of the JSON Schema, and every row's
 * kind, unit, range, invalidation, literals and resolved location, in document order.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PLAN_FIELDS, type PlanField } from "../../../src/engine/plan/plan-field-registry";
import type { PathStep } from "../../../src/engine/plan/plan-path";
import type { ResolvedPlan } from "../../../src/engine/plan/resolved-plan-types";

type Schema = Record<string, unknown>;
const schema = JSON.parse(
  readFileSync(join(__dirname, "../../../models/plan.schema.json"), "utf8"),
) as Schema;
const defs = schema.$defs as Record<string, Schema>;

/** Patterns (`skus[].sweeps.*.replicaOutputTokensPerSec`) of every place the schema accepts a number or formula. */
function schemaNumbers(node: Schema, at: string, out: Set<string>, seen: string[] = []): void {
  const ref = node.$ref as string | undefined;
  if (ref) {
    const name = ref.replace("#/$defs/", "");
    if (name === "num" || name === "numOrNull") out.add(at);
    else if (!seen.includes(name)) schemaNumbers(defs[name]!, at, out, [...seen, name]);
    return;
  }
  for (const alt of (node.anyOf as Schema[] | undefined) ?? []) schemaNumbers(alt, at, out, seen);
  const props = node.properties as Record<string, Schema> | undefined;
  if (props)
    for (const [k, v] of Object.entries(props)) schemaNumbers(v, at ? `${at}.${k}` : k, out, seen);
  if (node.items) schemaNumbers(node.items as Schema, `${at}[]`, out, seen);
  if (node.additionalProperties && typeof node.additionalProperties === "object")
    schemaNumbers(node.additionalProperties as Schema, `${at}.*`, out, seen);
}

type Range = { min: number; minExclusive?: true; max: number | [usd: number, jpy: number] } | null;
/** A range from 0 (inclusive: `ge`, exclusive: `gt`) to `max`. */
const ge = (max: number | [number, number]): Range => ({ min: 0, max });
const gt = (max: number): Range => ({ min: 0, minExclusive: true, max });
/** pattern, kind, unit, range, invalidates, literals. */
type Row = [string, string, string, Range, string, string[]?];

const POINT_KEYS = ["concurrency", "rps", "outputTokensPerSec", "totalTokensPerSec"];
POINT_KEYS.push("meanInputTokens", "meanOutputTokens", "completed", "failed");
const sweepRows = (base: string): Row[] => [
  [`${base}.replicaOutputTokensPerSec`, "input", "tokens per second", gt(1e12), "sku"],
  ...POINT_KEYS.map((k): Row => [`${base}.points[].${k}`, "data", "", null, "sku", ["inf"]]),
  [`${base}.points[].failedPct`, "data", "percent", null, "sku", ["inf"]],
  [`${base}.points[].requestRate`, "data", "requests per second", null, "sku", ["inf"]],
  ...["ttftMs", "itlMs", "tpotMs", "ntpotMs", "e2eMs"].map(
    (m): Row => [`${base}.points[].${m}.*`, "data", "ms", null, "sku"],
  ),
];
const workloadRows = (base: string): Row[] => [
  [`${base}.peakRps`, "input", "requests per second", ge(1e9), "skus"],
  [`${base}.avgRps`, "input", "requests per second", ge(1e9), "skus"],
  [`${base}.dailyRequests`, "input", "requests per day", ge(1e15), "skus"],
  [`${base}.inputTokens`, "input", "tokens per request", ge(1e9), "skus"],
  [`${base}.outputTokens`, "input", "tokens per request", ge(1e9), "skus"],
];
const scheduleRows = (base: string): Row[] => [
  [`${base}.schedule.intervalSec`, "input", "seconds", gt(31_622_400), "skus"],
  [`${base}.schedule.rps[]`, "input", "requests per second", ge(1e9), "skus"],
  [`${base}.schedule.minReplicas`, "input", "replicas", ge(1e6), "skus"],
  [`${base}.schedule.leadIntervals`, "input", "intervals", ge(1e6), "skus"],
];

/** The registry as docs/plan-fields.md describes it, in document order; price and cost limits for USD and JPY. */
const REGISTRY: Row[] = [
  ["cells.*", "cell", "", null, "dependents"],
  ...workloadRows("workloads[]"),
  ...workloadRows("workload"),
  ...scheduleRows("workloads[]"),
  ...scheduleRows("workload"),
  ["slo[].maxMs", "input", "ms", gt(1e9), "skus"],
  ["maxErrorRatePct", "input", "percent", null, "skus"],
  ["gpuMemoryUtilization", "input", "share of GPU memory", gt(1), "skus"],
  ["factors.elasticity", "input", "factor", gt(1000), "skus"],
  ["factors.redundancy", "input", "factor", gt(1000), "skus"],
  ["factors.redundancy.spare", "input", "spare replicas", ge(1e6), "skus"],
  ["skus[].gpusPerReplica", "input", "GPUs", gt(1e6), "sku"],
  ["skus[].pricePerGpuHour", "input", "{currency} per GPU-hour", ge([1e7, 1e9]), "sku"],
  ["skus[].reservedPricePerGpuHour", "input", "{currency} per GPU-hour", ge([1e7, 1e9]), "sku"],
  ["skus[].maxReplicas", "input", "replicas", ge(1e9), "sku"],
  ...sweepRows("skus[].sweep"),
  ...sweepRows("skus[].sweeps.*"),
  ["tenants.inputWeight", "input", "weight", ge(1e6), "tenants"],
  ["tenants.outputWeight", "input", "weight", ge(1e6), "tenants"],
  ["tenants.pools[].costPerDay", "input", "{currency} per day", ge([1e10, 1e12]), "pool"],
  ["tenants.pools[].capacityTokensPerDay", "input", "tokens per day", gt(1e18), "pool"],
  ["tenants.pools[].replicas", "input", "replicas", gt(1e9), "pool"],
  ["tenants.usage[].inputTokens", "input", "tokens per day", ge(1e18), "pool"],
  ["tenants.usage[].outputTokens", "input", "tokens per day", ge(1e18), "pool"],
  ["tenants.usage[].reservedReplicas", "input", "replicas", ge(1e9), "pool"],
  ["tenants.shared[].costPerDay", "input", "{currency} per day", ge([1e10, 1e12]), "tenants"],
];

function rowOf(f: PlanField): Row {
  let range: Range = null;
  if (f.range) {
    const max =
      typeof f.range.max === "function"
        ? ([f.range.max("USD"), f.range.max("JPY")] as [number, number])
        : f.range.max;
    range =
      f.range.minExclusive === undefined
        ? { min: f.range.min, max }
        : { min: f.range.min, minExclusive: f.range.minExclusive as true, max };
  }
  const row: Row = [f.pattern, f.kind, f.unit, range, f.invalidates];
  if (f.literals !== undefined) row.push([...f.literals]);
  return row;
}

const field = (pattern: string): PlanField => {
  const f = PLAN_FIELDS.find((x) => x.pattern === pattern);
  if (!f) throw new Error(pattern);
  return f;
};

describe("PLAN_FIELDS: the registry rows", () => {
  it("lists exactly the numeric fields of the JSON Schema", () => {
    const fromSchema = new Set<string>();
    schemaNumbers(schema, "", fromSchema);
    expect([...fromSchema].sort()).toEqual(PLAN_FIELDS.map((f) => f.pattern).sort());
  });

  it("every row's pattern, kind, unit, range, invalidation and literals, in document order", () => {
    expect(PLAN_FIELDS.map(rowOf)).toEqual(REGISTRY);
  });

  it("resolved locations: the same path, workload → workloads[0], factors → elasticity / redundancy.factor / redundancy.spare; none for schedules, sweeps and the reserved price", () => {
    const at = (pattern: string, steps: PathStep[]) => field(pattern).resolved?.(steps) ?? null;
    const steps: PathStep[] = ["workloads", 2, "peakRps"];
    const same = at("workloads[].peakRps", steps);
    expect(same).toEqual(["workloads", 2, "peakRps"]);
    expect(same).not.toBe(steps);
    const list = (pre: string, keys: string) => keys.split(" ").map((k) => pre + k);
    const paths = [
      ...list("", "cells.* slo[].maxMs maxErrorRatePct"),
      ...list("skus[].", "gpusPerReplica pricePerGpuHour"),
      ...list("workloads[].", "avgRps dailyRequests inputTokens outputTokens"),
      ...list("tenants.", "inputWeight outputWeight shared[].costPerDay"),
      ...list("tenants.pools[].", "costPerDay capacityTokensPerDay replicas"),
      ...list("tenants.usage[].", "inputTokens outputTokens reservedReplicas"),
    ];
    for (const p of paths) expect(at(p, ["a", 1, "b"]), p).toEqual(["a", 1, "b"]);
    for (const k of ["peakRps", "avgRps", "dailyRequests", "inputTokens", "outputTokens"])
      expect(at(`workload.${k}`, ["workload", k])).toEqual(["workloads", 0, k]);
    expect(at("factors.elasticity", ["factors", "elasticity"])).toEqual(["elasticity"]);
    expect(at("factors.redundancy", ["factors", "redundancy"])).toEqual(["redundancy", "factor"]);
    const spare = at("factors.redundancy.spare", ["factors", "redundancy", "spare"]);
    expect(spare).toEqual(["redundancy", "spare"]);
    const none = PLAN_FIELDS.filter((f) => !f.resolved).map((f) => f.pattern);
    expect(none).toEqual([
      ...scheduleRows("workloads[]").map((r) => r[0]),
      ...scheduleRows("workload").map((r) => r[0]),
      "gpuMemoryUtilization",
      "skus[].reservedPricePerGpuHour",
      "skus[].maxReplicas",
      ...sweepRows("skus[].sweep").map((r) => r[0]),
      ...sweepRows("skus[].sweeps.*").map((r) => r[0]),
    ]);
  });

  it("the tenant weights are held by the resolved plan only with the weighted method", () => {
    const when = (method: string | null) =>
      ({ tenants: method === null ? null : { method } }) as unknown as ResolvedPlan;
    for (const p of ["tenants.inputWeight", "tenants.outputWeight"]) {
      const f = field(p).resolvedWhen!;
      const methods = ["weighted", "tokens", "output", null];
      expect(methods.map((m) => f(when(m)))).toEqual([true, false, false, false]);
    }
    expect(PLAN_FIELDS.filter((f) => f.resolvedWhen).map((f) => f.pattern)).toEqual([
      "tenants.inputWeight",
      "tenants.outputWeight",
    ]);
  });
});
