import { describe, expect, it, test } from "vitest";
import { fieldOf, indexIn, locate, pathSteps, rowOf } from "../../../src/ui/state/trust-where";
import { planWithSweep, seed } from "./bench-plan";

describe("pathSteps", () => {
  it.each([
    ["slo[0].metric", ["slo", 0, "metric"]],
    ["slo[1].stat#text", ["slo", 1, "stat"]],
    ['skus[2].sweeps["my load"].points[3]', ["skus", 2, "sweeps", "my load", "points", 3]],
    ["tenants.usage[4].pool", ["tenants", "usage", 4, "pool"]],
    ["cells.peak_rps", ["cells", "peak_rps"]],
    ["skus[x]", []],
    ["skus..name", []],
    ["", []],
  ])("%s → %j", (path, steps) => {
    expect(pathSteps(path)).toEqual(steps);
  });
});

describe("locate", () => {
  // SKU 0 of `onCard` has a measured sweep (its price and GPUs are edited on its card); the seed's
  // SKUs have a given capacity (edited on the comparison sheet).
  const onCard = planWithSweep(2.5);
  it.each([
    [onCard, "slo[0].metric#text", "assumptions", "slo:0:metric"],
    [onCard, "slo[2].maxMs", "assumptions", "slo:2:maxMs"],
    [onCard, "slo[0].window", "assumptions", null],
    [onCard, "slo", "assumptions", null],
    [onCard, "cells.peak_rps", "assumptions", null],
    [onCard, "workloads", "assumptions", null],
    [onCard, "not a path", "assumptions", null],
    [onCard, "skus[0].pricePerGpuHour", "benchmarks", "sku-price-0"],
    [onCard, "skus[0].gpusPerReplica#text", "benchmarks", "sku-gpus-0"],
    [onCard, "skus[0].sweep.points[1].ttft", "benchmarks", "sweep-card-0"],
    [onCard, 'skus[0].sweeps["my load"].replicaOutputTokensPerSec', "benchmarks", "sweep-card-0"],
    [onCard, "skus[0].name", "comparison", null],
    [onCard, "skus[0].pricePerGpuHour.usd", "comparison", null],
    [onCard, "skus", "assumptions", null],
    [seed, "skus[0].pricePerGpuHour", "comparison", "cmp:pricePerGpuHour:s0"],
    [seed, "skus[1].gpusPerReplica", "comparison", "cmp:gpusPerReplica:s1"],
    [seed, "skus[7].pricePerGpuHour", "comparison", "cmp:pricePerGpuHour:s7"],
    [onCard, "tenants.usage[3].pool", "teams", "usage:3:pool"],
    [onCard, "tenants.usage[0].outputTokens#text", "teams", "usage:0:outputTokens"],
    [onCard, "tenants.pools[1].costPerDay", "teams", "pools:1:costPerDay"],
    [onCard, "tenants.pools[1].capacityTokensPerDay", "teams", "pools:1:capacityTokensPerDay"],
    [onCard, "tenants.pools[1].extra", "teams", null],
    [onCard, "tenants.method", "teams", null],
    [onCard, "tenants", "teams", null],
  ] as const)("%#: %s → %s %s", (plan, path, sheet, testId) => {
    expect(locate(plan, path)).toEqual({ path, sheet, testId });
  });
});

describe("locate: the three sheets", () => {
  test("locate maps plan paths to sheets and cells", () => {
    const p = planWithSweep(2.5);
    expect(locate(p, "cells.peak_rps")).toMatchObject({ sheet: "assumptions" });
    expect(locate(p, "skus[0].sweep.points[1].ttft")).toMatchObject({
      sheet: "benchmarks",
      testId: "sweep-card-0",
    });
    expect(locate(seed, "skus[0].pricePerGpuHour")).toMatchObject({
      sheet: "comparison",
      testId: "cmp:pricePerGpuHour:s0",
    });
  });
});

describe("indexIn", () => {
  it.each([
    [["skus", 2, "sweep"], ["skus"], 2],
    [["tenants", "usage", 0, "pool"], ["tenants", "usage"], 0],
    [["tenants", "pools", 0], ["tenants", "usage"], null],
    [["skus", "x"], ["skus"], null],
    [["skus"], ["skus"], null],
    [[], ["skus"], null],
  ] as const)("%j under %j → %s", (steps, list, i) => {
    expect(indexIn(steps, ...list)).toBe(i);
  });
});

describe("fieldOf", () => {
  it.each([
    [["slo", 0, "stat"], 2, "stat"],
    [["slo", 0, "window"], 2, null],
    [["slo", 0], 2, null],
    [["slo", 0, 3], 2, null],
  ] as const)("%j at %i → %s", (steps, n, field) => {
    expect(fieldOf(steps, n, ["metric", "stat"])).toBe(field);
  });
});

describe("rowOf", () => {
  it.each([
    ["skus[2].pricePerGpuHour", "pricePerGpuHour", ["skus"], 2],
    ["skus[2].pricePerGpuHour.x", "pricePerGpuHour", ["skus"], null],
    ["skus[2].gpusPerReplica", "pricePerGpuHour", ["skus"], null],
    ["skus[2]", "pricePerGpuHour", ["skus"], null],
    ["tenants.usage[5].pool", "pool", ["tenants", "usage"], 5],
    ["tenants.pools[5].pool", "pool", ["tenants", "usage"], null],
    ["tenants.usage[5].pool#text", "pool", ["tenants", "usage"], null],
  ] as const)("%s (%s) → %s", (path, field, list, i) => {
    expect(rowOf(path, field, ...list)).toBe(i);
  });
});
