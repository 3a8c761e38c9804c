/**
 * Team cost allocation (docs/allocation.md): usage exactly at capacity, a weight of 0, invalid pool
 * costs, and allocations that must be recomputed after an edit of the weights, the currency or a
 * team name — checked against hand-calculated numbers, not against a fresh run of the same engine
 * (issue #15).
 */
import { describe, expect, it } from "vitest";
import { allocate, type AllocationInput } from "../../src/engine/allocation";
import { createPlanEngine } from "../../src/engine/incremental";
import type { PlanResult } from "../../src/engine/plan";
import type { PlanFile } from "../../src/engine/types";

const two = (over: Partial<AllocationInput> = {}): AllocationInput => ({
  pools: [{ name: "p", costPerDay: 1000, capacityTokensPerDay: 3e5 }],
  usage: [
    { team: "a", pool: "p", inputTokens: 1e5, outputTokens: 0 },
    { team: "b", pool: "p", inputTokens: 1e5, outputTokens: 1e5 },
  ],
  method: "tokens",
  idle: "separate",
  currency: "USD",
  ...over,
});

describe("idle separate at the capacity boundary", () => {
  it("usage exactly equal to capacity: teams pay the capacity price, idle 0, no warning", () => {
    const r = allocate(two());
    const p = r.pools[0]!;
    // price 1000 / 3e5 per token: a 1e5 → 333.33, b 2e5 → 666.67 (the larger remainder takes the missing cent)
    expect(p.teams.map(t => [t.name, t.costRounded])).toEqual([["a", 333.33], ["b", 666.67]]);
    expect([p.idleRounded, p.costRounded, p.usedTokens, p.capacityTokens]).toEqual([0, 1000, 3e5, 3e5]);
    expect(p.idle).toBeLessThan(1e-9);
    expect(r.warnings).toEqual([]);
  });

  it("usage one token above capacity falls back to proportional with a warning", () => {
    const r = allocate(two({ usage: [...two().usage, { team: "c", pool: "p", inputTokens: 1, outputTokens: 0 }] }));
    expect(r.pools[0]!.idleRounded).toBe(0);
    // 1e5 : 2e5 : 1 of 300,001 tokens × 1000: 333.332, 666.664, 0.003
    expect(r.pools[0]!.teams.map(t => t.costRounded)).toEqual([333.33, 666.67, 0]);
    expect(r.warnings).toEqual(['pool "p": usage (300,001 tokens/day) exceeds capacity (300,000 tokens/day); no idle, teams share the whole cost in proportion']);
  });

  it("usage one token below capacity leaves that token's price as idle", () => {
    const r = allocate(two({ pools: [{ name: "p", costPerDay: 3000, capacityTokensPerDay: 300_001 }] }));
    // price 3000 / 300,001: a 999.9967, b 1999.9933, idle 0.0099997 → 10.00 + … cents
    const p = r.pools[0]!;
    expect(p.idle).toBeCloseTo(3000 / 300_001, 12);
    expect(p.teams.map(t => t.costRounded)).toEqual([1000, 1999.99]);
    expect(p.idleRounded).toBe(0.01);
    expect(r.warnings).toEqual([]);
  });
});

describe("weights", () => {
  it("an input weight of 0 counts output tokens only, without a warning (0 is not replaced by 1)", () => {
    const r = allocate(two({ method: "weighted", inputWeight: 0, outputWeight: 1, idle: "proportional" }));
    // a 0, b 1e5 weighted tokens → a 0, b 1000
    expect(r.pools[0]!.teams.map(t => [t.tokens, t.costRounded])).toEqual([[0, 0], [1e5, 1000]]);
    expect(r.pools[0]!.teams[0]!.costPerMillionTokens).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it("an output weight of 0 counts input tokens only", () => {
    const r = allocate(two({ method: "weighted", inputWeight: 2, outputWeight: 0, idle: "proportional" }));
    // a 2e5, b 2e5 → 500 each
    expect(r.pools[0]!.teams.map(t => [t.tokens, t.costRounded])).toEqual([[2e5, 500], [2e5, 500]]);
    expect(r.warnings).toEqual([]);
  });

  it("a negative or NaN weight is replaced by 1 with a warning; a missing one is 1 without", () => {
    const r = allocate(two({ method: "weighted", inputWeight: -1, outputWeight: Number.NaN, idle: "proportional" }));
    expect(r.pools[0]!.teams.map(t => t.tokens)).toEqual([1e5, 2e5]);
    expect(r.warnings).toEqual(["input weight must be a number ≥ 0, got -1: using 1", "output weight must be a number ≥ 0, got NaN: using 1"]);
    const m = allocate(two({ method: "weighted", outputWeight: 3, idle: "proportional" }));
    // a 1e5, b 1e5 + 3e5 = 4e5 → 200, 800
    expect(m.pools[0]!.teams.map(t => t.costRounded)).toEqual([200, 800]);
    expect(m.warnings).toEqual([]);
  });
});

describe("invalid pool costs", () => {
  it("a negative pool cost counts as 0 with a warning", () => {
    const r = allocate(two({ pools: [{ name: "p", costPerDay: -50 }], idle: "proportional" }));
    const p = r.pools[0]!;
    expect([p.cost, p.costRounded, p.idleRounded, ...p.teams.map(t => t.costRounded)]).toEqual([0, 0, 0, 0, 0]);
    expect(r.teams.map(t => t.totalRounded)).toEqual([0, 0]);
    expect(r.warnings).toEqual(['pool "p": daily cost must be a number ≥ 0, got -50; counted as 0']);
  });

  it("a NaN pool cost counts as 0 with a warning; a cost of 0 is valid", () => {
    expect(allocate(two({ pools: [{ name: "p", costPerDay: Number.NaN }], idle: "proportional" })).warnings).toEqual(['pool "p": daily cost must be a number ≥ 0, got NaN; counted as 0']);
    const z = allocate(two({ pools: [{ name: "p", costPerDay: 0 }], idle: "proportional" }));
    expect([z.warnings, z.pools[0]!.teams.map(t => t.costRounded)]).toEqual([[], [0, 0]]);
  });
});

/** A one-SKU plan with one pool of 100.5 per day and two teams: a 300 input tokens, b 100 output tokens. */
function plan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    title: "allocation edits",
    currency: "USD",
    cells: {},
    workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 100 }],
    slo: [],
    factors: { elasticity: 1, redundancy: 1 },
    skus: [{ name: "A", gpu: "h100-sxm", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { replicaOutputTokensPerSec: 1000 } }],
    tenants: {
      method: "weighted",
      inputWeight: 1,
      outputWeight: 1,
      idle: "proportional",
      pools: [{ name: "main", costPerDay: 100.5 }],
      usage: [
        { team: "a", pool: "main", inputTokens: 300, outputTokens: 0 },
        { team: "b", pool: "main", inputTokens: 0, outputTokens: 100 },
      ],
    },
  } as PlanFile;
}

const teamsOf = (r: PlanResult) => r.tenants!.pools[0]!.teams.map(t => [t.name, t.costRounded]);

describe("incremental edits of the allocation (hand values after each edit)", () => {
  it("weights, currency and team names each change the allocation", () => {
    const engine = createPlanEngine(plan());
    // 300 : 100 of 100.5 → 75.375 / 25.125 = 7537.5 / 2512.5 cents: tied remainders → a (sorts first)
    expect(teamsOf(engine.result())).toEqual([["a", 75.38], ["b", 25.12]]);
    // output weight 3: 300 : 300 → 50.25 each
    expect(teamsOf(engine.edit("tenants.outputWeight", 3))).toEqual([["a", 50.25], ["b", 50.25]]);
    // input weight 0: 0 : 300 → b pays everything
    expect(teamsOf(engine.edit("tenants.inputWeight", 0))).toEqual([["a", 0], ["b", 100.5]]);
    // back to 1 : 1, then yen: 100.5 → 101 yen; 75.375 / 25.125 → floors 75 + 25, the yen left to a (.375 > .125)
    engine.edit("tenants.inputWeight", 1);
    expect(teamsOf(engine.edit("tenants.outputWeight", 1))).toEqual([["a", 75.38], ["b", 25.12]]);
    const jpy = engine.edit("currency", "JPY");
    expect(teamsOf(jpy)).toEqual([["a", 76], ["b", 25]]);
    expect(jpy.tenants!.pools[0]!.costRounded).toBe(101);
    // a team renamed: its cost follows the new name
    expect(teamsOf(engine.edit("tenants.usage[0].team", "z"))).toEqual([["z", 76], ["b", 25]]);
  });
});
