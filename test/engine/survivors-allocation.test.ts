/**
 * Team cost allocation (docs/allocation.md): usage exactly at capacity, a weight of 0, invalid pool
 * costs, and allocations that must be recomputed after an edit of the weights, the currency or a
 * team name — checked against hand-calculated numbers, not against a fresh run of the same engine
 * (issue #15).
 */
import { describe, expect, it } from "vitest";
import {
  allocate,
  type AllocationInput,
  compareNames,
  costShare,
  splitByName,
} from "../../src/engine/finops/allocation";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import type { PlanResult } from "../../src/engine/plan/plan";
import type { PlanFile } from "../../src/engine/base/types";

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
    expect(p.teams.map((t) => [t.name, t.costRounded])).toEqual([
      ["a", 333.33],
      ["b", 666.67],
    ]);
    expect([p.idleRounded, p.costRounded, p.usedTokens, p.capacityTokens]).toEqual([
      0, 1000, 3e5, 3e5,
    ]);
    expect(p.idle).toBeLessThan(1e-9);
    expect(r.warnings).toEqual([]);
  });

  it("usage one token above capacity falls back to proportional with a warning", () => {
    const r = allocate(
      two({ usage: [...two().usage, { team: "c", pool: "p", inputTokens: 1, outputTokens: 0 }] }),
    );
    expect(r.pools[0]!.idleRounded).toBe(0);
    // 1e5 : 2e5 : 1 of 300,001 tokens × 1000: 333.332, 666.664, 0.003
    expect(r.pools[0]!.teams.map((t) => t.costRounded)).toEqual([333.33, 666.67, 0]);
    expect(r.warnings).toEqual([
      'pool "p": usage (300,001 tokens/day) exceeds capacity (300,000 tokens/day); no idle, teams share the whole cost in proportion',
    ]);
  });

  it("usage one token below capacity leaves that token's price as idle", () => {
    const r = allocate(
      two({ pools: [{ name: "p", costPerDay: 3000, capacityTokensPerDay: 300_001 }] }),
    );
    // price 3000 / 300,001: a 999.9967, b 1999.9933, idle 0.0099997 → 10.00 + … cents
    const p = r.pools[0]!;
    expect(p.idle).toBeCloseTo(3000 / 300_001, 12);
    expect(p.teams.map((t) => t.costRounded)).toEqual([1000, 1999.99]);
    expect(p.idleRounded).toBe(0.01);
    expect(r.warnings).toEqual([]);
  });
});

describe("weights", () => {
  it("an input weight of 0 counts output tokens only, without a warning (0 is not replaced by 1)", () => {
    const r = allocate(
      two({ method: "weighted", inputWeight: 0, outputWeight: 1, idle: "proportional" }),
    );
    // a 0, b 1e5 weighted tokens → a 0, b 1000
    expect(r.pools[0]!.teams.map((t) => [t.tokens, t.costRounded])).toEqual([
      [0, 0],
      [1e5, 1000],
    ]);
    expect(r.pools[0]!.teams[0]!.costPerMillionTokens).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it("an output weight of 0 counts input tokens only", () => {
    const r = allocate(
      two({ method: "weighted", inputWeight: 2, outputWeight: 0, idle: "proportional" }),
    );
    // a 2e5, b 2e5 → 500 each
    expect(r.pools[0]!.teams.map((t) => [t.tokens, t.costRounded])).toEqual([
      [2e5, 500],
      [2e5, 500],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("a negative or NaN weight is replaced by 1 with a warning; a missing one is 1 without", () => {
    const r = allocate(
      two({ method: "weighted", inputWeight: -1, outputWeight: Number.NaN, idle: "proportional" }),
    );
    expect(r.pools[0]!.teams.map((t) => t.tokens)).toEqual([1e5, 2e5]);
    expect(r.warnings).toEqual([
      "input weight must be a number ≥ 0, got -1: using 1",
      "output weight must be a number ≥ 0, got NaN: using 1",
    ]);
    const m = allocate(two({ method: "weighted", outputWeight: 3, idle: "proportional" }));
    // a 1e5, b 1e5 + 3e5 = 4e5 → 200, 800
    expect(m.pools[0]!.teams.map((t) => t.costRounded)).toEqual([200, 800]);
    expect(m.warnings).toEqual([]);
  });
});

describe("invalid pool costs", () => {
  it("a negative pool cost counts as 0 with a warning", () => {
    const r = allocate(two({ pools: [{ name: "p", costPerDay: -50 }], idle: "proportional" }));
    const p = r.pools[0]!;
    expect([p.cost, p.costRounded, p.idleRounded, ...p.teams.map((t) => t.costRounded)]).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(r.teams.map((t) => t.totalRounded)).toEqual([0, 0]);
    expect(r.warnings).toEqual([
      'pool "p": daily cost must be a number ≥ 0, got -50; counted as 0',
    ]);
  });

  it("a NaN pool cost counts as 0 with a warning; a cost of 0 is valid", () => {
    expect(
      allocate(two({ pools: [{ name: "p", costPerDay: Number.NaN }], idle: "proportional" }))
        .warnings,
    ).toEqual(['pool "p": daily cost must be a number ≥ 0, got NaN; counted as 0']);
    const z = allocate(two({ pools: [{ name: "p", costPerDay: 0 }], idle: "proportional" }));
    expect([z.warnings, z.pools[0]!.teams.map((t) => t.costRounded)]).toEqual([[], [0, 0]]);
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
    skus: [
      {
        name: "A",
        gpu: "h100-sxm",
        gpusPerReplica: 1,
        pricePerGpuHour: 1,
        sweep: { replicaOutputTokensPerSec: 1000 },
      },
    ],
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

const teamsOf = (r: PlanResult) => r.tenants!.pools[0]!.teams.map((t) => [t.name, t.costRounded]);

describe("incremental edits of the allocation (hand values after each edit)", () => {
  it("weights, currency and team names each change the allocation", () => {
    const engine = createPlanEngine(plan());
    // 300 : 100 of 100.5 → 75.375 / 25.125 = 7537.5 / 2512.5 cents: tied remainders → a (sorts first)
    expect(teamsOf(engine.result())).toEqual([
      ["a", 75.38],
      ["b", 25.12],
    ]);
    // output weight 3: 300 : 300 → 50.25 each
    expect(teamsOf(engine.edit("tenants.outputWeight", 3))).toEqual([
      ["a", 50.25],
      ["b", 50.25],
    ]);
    // input weight 0: 0 : 300 → b pays everything
    expect(teamsOf(engine.edit("tenants.inputWeight", 0))).toEqual([
      ["a", 0],
      ["b", 100.5],
    ]);
    // back to 1 : 1, then yen: 100.5 → 101 yen; 75.375 / 25.125 → floors 75 + 25, the yen left to a (.375 > .125)
    engine.edit("tenants.inputWeight", 1);
    expect(teamsOf(engine.edit("tenants.outputWeight", 1))).toEqual([
      ["a", 75.38],
      ["b", 25.12],
    ]);
    const jpy = engine.edit("currency", "JPY");
    expect(teamsOf(jpy)).toEqual([
      ["a", 76],
      ["b", 25],
    ]);
    expect(jpy.tenants!.pools[0]!.costRounded).toBe(101);
    // a team renamed: its cost follows the new name
    expect(teamsOf(engine.edit("tenants.usage[0].team", "z"))).toEqual([
      ["z", 76],
      ["b", 25],
    ]);
  });
});

/** The worked example of docs/allocation.md: 8 replicas, 240 a day, 8e6 weighted tokens a day (1e6 fill a replica). */
const worked = (over: Partial<AllocationInput> = {}): AllocationInput => ({
  pools: [{ name: "p", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 }],
  usage: [
    { team: "a", pool: "p", inputTokens: 1e6, outputTokens: 0, reservedReplicas: 3 },
    { team: "b", pool: "p", inputTokens: 0, outputTokens: 1e6, reservedReplicas: 1 },
  ],
  method: "tokens",
  idle: "separate",
  basis: "reservation",
  currency: "USD",
  ...over,
});
const costsOf = (r: ReturnType<typeof allocate>) => [
  ...r.pools[0]!.teams.map((t) => t.costRounded),
  r.pools[0]!.idleRounded,
];

describe("reservation basis (docs/allocation.md worked example, hand values)", () => {
  it("reservation + separate: billed ÷ replicas × cost (90, 30), the unbilled 4 replicas idle (120)", () => {
    const r = allocate(worked());
    const p = r.pools[0]!;
    expect(costsOf(r)).toEqual([90, 30, 120]);
    expect([p.basis, p.billedReplicas, p.replicas, p.capacityTokens, p.idle]).toEqual([
      "reservation",
      4,
      8,
      8e6,
      120,
    ]);
    expect(
      p.teams.map((t) => [t.reservedReplicas, t.usedReplicas, t.billedReplicas, t.cost]),
    ).toEqual([
      [3, 1, 3, 90],
      [1, 1, 1, 30],
    ]);
    expect([r.basis, r.warnings]).toEqual(["reservation", []]);
  });

  it("reservation + proportional: billed ÷ Σ billed × cost (180, 60), no idle", () => {
    const r = allocate(worked({ idle: "proportional" }));
    expect(costsOf(r)).toEqual([180, 60, 0]);
    expect(r.pools[0]!.idle).toBe(0);
    expect(r.warnings).toEqual([]);
  });

  it("usage + separate: the capacity price (30, 30), idle 180; usage + proportional: 120 each", () => {
    const s = allocate(worked({ basis: "usage" }));
    expect(costsOf(s)).toEqual([30, 30, 180]);
    expect(s.pools[0]!.billedReplicas).toBeNull();
    expect(s.pools[0]!.teams.map((t) => [t.usedReplicas, t.billedReplicas])).toEqual([
      [1, null],
      [1, null],
    ]);
    expect(costsOf(allocate(worked({ basis: "usage", idle: "proportional" })))).toEqual([
      120, 120, 0,
    ]);
    // the default basis is usage
    const d = allocate(worked({ basis: undefined as unknown as "usage", idle: "proportional" }));
    expect([d.basis, d.pools[0]!.basis, ...costsOf(d)]).toEqual(["usage", "usage", 120, 120, 0]);
  });

  it("a team using more replicas than it reserves is billed what it uses: max(reserved, used)", () => {
    // a reserves 0.5 and uses 2e6 tokens = 2 replicas; b reserves 1, uses 1 → billed 2 + 1 of 8
    const r = allocate(
      worked({
        usage: [
          { team: "a", pool: "p", inputTokens: 2e6, outputTokens: 0, reservedReplicas: 0.5 },
          { team: "b", pool: "p", inputTokens: 0, outputTokens: 1e6, reservedReplicas: 1 },
        ],
      }),
    );
    expect(r.pools[0]!.teams.map((t) => t.billedReplicas)).toEqual([2, 1]);
    expect(costsOf(r)).toEqual([60, 30, 150]);
  });

  it("reservations exactly equal to the replicas: idle 0 and no oversubscription warning", () => {
    const r = allocate(
      worked({
        usage: [
          { team: "a", pool: "p", inputTokens: 1e6, outputTokens: 0, reservedReplicas: 5 },
          { team: "b", pool: "p", inputTokens: 0, outputTokens: 1e6, reservedReplicas: 3 },
        ],
      }),
    );
    expect(costsOf(r)).toEqual([150, 90, 0]);
    expect(r.warnings).toEqual([]);
  });

  it("reservations above the replicas (oversubscribed): billed ÷ Σ billed, no idle, a warning", () => {
    // 6 + 4.5 = 10.5 billed of 8: a 6/10.5 × 240 = 137.142857…, b 102.857142…
    const r = allocate(
      worked({
        usage: [
          { team: "a", pool: "p", inputTokens: 1e6, outputTokens: 0, reservedReplicas: 6 },
          { team: "b", pool: "p", inputTokens: 0, outputTokens: 1e6, reservedReplicas: 4.5 },
        ],
      }),
    );
    expect(costsOf(r)).toEqual([137.14, 102.86, 0]);
    expect(r.pools[0]!.billedReplicas).toBe(10.5);
    expect(r.warnings).toEqual([
      'pool "p": teams are billed 10.5 replicas but the pool has 8; no idle, each team pays its billed replicas ÷ all billed replicas of the cost',
    ]);
    expect(r.problems.map((p) => p.code)).toEqual(["allocation.poolOversubscribed"]);
  });

  it("nothing reserved and nothing used: the whole pool is idle, with a warning", () => {
    const r = allocate(
      worked({ usage: [{ team: "a", pool: "p", inputTokens: 0, outputTokens: 0 }] }),
    );
    expect(costsOf(r)).toEqual([0, 240]);
    expect(r.pools[0]!.idle).toBe(240);
    expect(r.pools[0]!.teams[0]!.billedReplicas).toBe(0);
    expect(r.warnings).toEqual(['pool "p": no usage; the whole cost (240 USD) is idle']);
  });

  it("a team with no usage but a reservation pays its reserved replicas", () => {
    const r = allocate(
      worked({
        usage: [{ team: "a", pool: "p", inputTokens: 0, outputTokens: 0, reservedReplicas: 2 }],
      }),
    );
    expect(costsOf(r)).toEqual([60, 180]);
    const t = r.pools[0]!.teams[0]!;
    const p = r.pools[0]!;
    // no tokens: no price per 1M tokens (null, not 0 × weight)
    expect([
      t.costPerMillionTokens,
      t.costPerMillionInputTokens,
      t.costPerMillionOutputTokens,
      t.share,
    ]).toEqual([null, null, null, 0]);
    expect([
      p.costPerMillionTokens,
      p.costPerMillionInputTokens,
      p.costPerMillionOutputTokens,
    ]).toEqual([null, null, null]);
    expect([
      r.teams[0]!.costPerMillionTokens,
      r.teams[0]!.costPerMillionInputTokens,
      r.teams[0]!.costPerMillionOutputTokens,
    ]).toEqual([null, null, null]);
  });

  it("without replicas or capacity the pool falls back to usage and says which is missing", () => {
    const noRep = allocate(
      worked({ pools: [{ name: "p", costPerDay: 240, capacityTokensPerDay: 8e6 }] }),
    );
    expect([noRep.pools[0]!.basis, noRep.pools[0]!.billedReplicas, ...costsOf(noRep)]).toEqual([
      "usage",
      null,
      30,
      30,
      180,
    ]);
    expect(noRep.pools[0]!.teams.map((t) => t.usedReplicas)).toEqual([null, null]);
    expect(noRep.warnings).toEqual([
      'pool "p": the reservation basis needs the pool\'s replica count; allocated by usage instead',
    ]);
    const noCap = allocate(worked({ pools: [{ name: "p", costPerDay: 240, replicas: 8 }] }));
    expect(noCap.pools[0]!.basis).toBe("usage");
    expect(noCap.warnings[0]).toBe(
      'pool "p": the reservation basis needs the pool\'s daily capacity; allocated by usage instead',
    );
    expect(noCap.problems[0]!.params).toEqual({ pool: "p", what: "capacity" });
    expect(noRep.problems[0]!.params).toEqual({ pool: "p", what: "replicas" });
    // used replicas need both the capacity and the replicas
    expect(noCap.pools[0]!.teams.map((t) => t.usedReplicas)).toEqual([null, null]);
    // replicas 0 or capacity 0 count as unknown (not a division by 0)
    const zero = allocate(
      worked({ pools: [{ name: "p", costPerDay: 240, replicas: 0, capacityTokensPerDay: 0 }] }),
    );
    expect([zero.pools[0]!.replicas, zero.pools[0]!.capacityTokens, zero.pools[0]!.basis]).toEqual([
      null,
      null,
      "usage",
    ]);
    expect(zero.warnings[0]).toBe(
      'pool "p": the reservation basis needs the pool\'s replica count; allocated by usage instead',
    );
    // so do infinite or negative ones
    const inf = allocate(
      worked({
        pools: [
          {
            name: "p",
            costPerDay: 240,
            replicas: Number.POSITIVE_INFINITY,
            capacityTokensPerDay: Number.POSITIVE_INFINITY,
          },
        ],
      }),
    );
    expect([inf.pools[0]!.replicas, inf.pools[0]!.capacityTokens, inf.pools[0]!.basis]).toEqual([
      null,
      null,
      "usage",
    ]);
    const neg = allocate(
      worked({ pools: [{ name: "p", costPerDay: 240, replicas: -8, capacityTokensPerDay: -8e6 }] }),
    );
    expect([neg.pools[0]!.replicas, neg.pools[0]!.capacityTokens]).toEqual([null, null]);
    // the result's basis is the one asked for even when a pool fell back
    expect(noRep.basis).toBe("reservation");
  });

  it("reserved replicas of several rows of a team add up; a row without one adds nothing", () => {
    const r = allocate(
      worked({
        usage: [
          { team: "a", pool: "p", inputTokens: 5e5, outputTokens: 0, reservedReplicas: 1 },
          { team: "a", pool: "p", inputTokens: 5e5, outputTokens: 0, reservedReplicas: null },
          { team: "a", pool: "p", inputTokens: 0, outputTokens: 0, reservedReplicas: 2 },
          { team: "b", pool: "p", inputTokens: 0, outputTokens: 1e6 },
        ],
      }),
    );
    expect(
      r.pools[0]!.teams.map((t) => [t.name, t.inputTokens, t.reservedReplicas, t.billedReplicas]),
    ).toEqual([
      ["a", 1e6, 3, 3],
      ["b", 0, null, 1],
    ]);
    expect(costsOf(r)).toEqual([90, 30, 120]);
  });

  it("a bad reserved count is ignored with a warning, the row's tokens still count", () => {
    const r = allocate(
      worked({
        usage: [
          { team: "a", pool: "p", inputTokens: 1e6, outputTokens: 0, reservedReplicas: -1 },
          { team: "b", pool: "p", inputTokens: 0, outputTokens: 1e6, reservedReplicas: Number.NaN },
        ],
      }),
    );
    expect(r.pools[0]!.teams.map((t) => [t.reservedReplicas, t.billedReplicas])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    expect(costsOf(r)).toEqual([30, 30, 180]);
    expect(r.warnings).toEqual([
      "usage row 1 (a): reserved replicas must be a number ≥ 0, got -1; ignored",
      "usage row 2 (b): reserved replicas must be a number ≥ 0, got NaN; ignored",
    ]);
  });
});

describe("methods ignore weights they do not use", () => {
  it("method tokens counts input and output 1 : 1 whatever weights are given", () => {
    const r = allocate(
      two({ method: "tokens", inputWeight: 5, outputWeight: 0, idle: "proportional" }),
    );
    expect(r.pools[0]!.teams.map((t) => t.tokens)).toEqual([1e5, 2e5]);
    expect([r.pools[0]!.costPerMillionInputTokens, r.pools[0]!.costPerMillionOutputTokens]).toEqual(
      [1000 / 0.3, 1000 / 0.3],
    );
  });

  it("method output counts output tokens only (input weight 0, output 1) whatever weights are given", () => {
    const r = allocate(
      two({ method: "output", inputWeight: 5, outputWeight: 7, idle: "proportional" }),
    );
    expect(r.pools[0]!.teams.map((t) => [t.tokens, t.costRounded])).toEqual([
      [0, 0],
      [1e5, 1000],
    ]);
    // b: 1000 per 1e5 weighted tokens = 10,000 per 1M; an input token is free
    expect([
      r.teams[1]!.costPerMillionTokens,
      r.teams[1]!.costPerMillionInputTokens,
      r.teams[1]!.costPerMillionOutputTokens,
    ]).toEqual([10_000, 0, 10_000]);
    expect(r.teams[0]!.costPerMillionTokens).toBeNull();
    expect(r.warnings).toEqual([]);
  });

  it("invalid weights are reported with their plan paths", () => {
    const r = allocate(
      two({
        method: "weighted",
        inputWeight: Number.POSITIVE_INFINITY,
        outputWeight: -0.5,
        idle: "proportional",
      }),
    );
    expect(r.problems.map((p) => [p.code, p.path])).toEqual([
      ["allocation.weightInvalid", "tenants.inputWeight"],
      ["allocation.weightInvalid", "tenants.outputWeight"],
    ]);
    expect(r.warnings).toEqual([
      "input weight must be a number ≥ 0, got Infinity: using 1",
      "output weight must be a number ≥ 0, got -0.5: using 1",
    ]);
  });
});

describe("usage rows", () => {
  it("a row without a pool goes to the only pool; with two pools it is dropped with a warning", () => {
    const one = allocate(
      two({
        usage: [{ team: "a", pool: "", inputTokens: 3, outputTokens: 0 }],
        idle: "proportional",
      }),
    );
    expect(one.pools[0]!.teams.map((t) => [t.name, t.costRounded])).toEqual([["a", 1000]]);
    expect(one.warnings).toEqual([]);
    const twoPools = allocate(
      two({
        pools: [
          { name: "p", costPerDay: 10 },
          { name: "q", costPerDay: 20 },
        ],
        usage: [
          { team: "a", pool: "", inputTokens: 3, outputTokens: 0 },
          { team: "b", pool: "q", inputTokens: 1, outputTokens: 0 },
        ],
        idle: "proportional",
      }),
    );
    expect(twoPools.warnings).toEqual([
      'usage row 1 (a): no pool named ""; ignored',
      'pool "p": no usage; the whole cost (10 USD) is idle',
    ]);
    expect(twoPools.teams.map((t) => [t.name, t.costRounded])).toEqual([["b", 20]]);
  });

  it("a row naming an unknown pool is dropped even when there is only one pool", () => {
    const r = allocate(
      two({
        usage: [
          { team: "a", pool: "x", inputTokens: 3, outputTokens: 0 },
          { team: "b", pool: "p", inputTokens: 1, outputTokens: 0 },
        ],
        idle: "proportional",
      }),
    );
    expect(r.warnings).toEqual(['usage row 1 (a): no pool named "x"; ignored']);
    expect(r.pools[0]!.teams.map((t) => t.name)).toEqual(["b"]);
  });

  it("rows with negative, NaN or infinite token counts are dropped with a warning; zero is fine", () => {
    const r = allocate(
      two({
        idle: "proportional",
        usage: [
          { team: "a", pool: "p", inputTokens: -1, outputTokens: 5 },
          { team: "b", pool: "p", inputTokens: 5, outputTokens: Number.NaN },
          { team: "c", pool: "p", inputTokens: Number.POSITIVE_INFINITY, outputTokens: 0 },
          { team: "d", pool: "p", inputTokens: 0, outputTokens: 0 },
          { team: "e", pool: "p", inputTokens: 1, outputTokens: 0 },
        ],
      }),
    );
    expect(r.pools[0]!.teams.map((t) => [t.name, t.costRounded])).toEqual([
      ["d", 0],
      ["e", 1000],
    ]);
    expect(r.warnings).toEqual([
      "usage row 1 (a): token counts must be numbers ≥ 0; ignored",
      "usage row 2 (b): token counts must be numbers ≥ 0; ignored",
      "usage row 3 (c): token counts must be numbers ≥ 0; ignored",
    ]);
  });

  it("rows of the same team in the same pool add up, input and output separately", () => {
    const r = allocate(
      two({
        idle: "proportional",
        usage: [
          { team: "a", pool: "p", inputTokens: 1, outputTokens: 2 },
          { team: "b", pool: "p", inputTokens: 4, outputTokens: 0 },
          { team: "a", pool: "p", inputTokens: 10, outputTokens: 20 },
        ],
      }),
    );
    expect(r.pools[0]!.teams.map((t) => [t.name, t.inputTokens, t.outputTokens, t.tokens])).toEqual(
      [
        ["a", 11, 22, 33],
        ["b", 4, 0, 4],
      ],
    );
    expect(r.teams.map((t) => [t.name, t.inputTokens, t.outputTokens, t.tokens])).toEqual([
      ["a", 11, 22, 33],
      ["b", 4, 0, 4],
    ]);
  });

  it("a pool listed twice: the second entry is ignored with a warning", () => {
    const r = allocate(
      two({
        idle: "proportional",
        pools: [
          { name: "p", costPerDay: 10 },
          { name: "p", costPerDay: 99 },
        ],
      }),
    );
    expect(r.pools.map((p) => p.costRounded)).toEqual([10]);
    expect(r.warnings).toEqual(['pool "p" is listed twice: the second entry is ignored']);
  });

  it("an unknown currency rounds to 2 decimals with a warning naming the currency path", () => {
    const r = allocate(two({ idle: "proportional", currency: "dollars" }));
    expect(r.pools[0]!.teams.map((t) => t.costRounded)).toEqual([333.33, 666.67]);
    expect(r.problems.map((p) => [p.code, p.path])).toEqual([
      ["allocation.unknownCurrency", "currency"],
    ]);
    expect(r.warnings).toEqual(['unknown currency "dollars": rounding to 2 decimals']);
  });
});

describe("pool cost edge cases", () => {
  it("an infinite pool cost counts as 0 with a warning", () => {
    const r = allocate(
      two({ pools: [{ name: "p", costPerDay: Number.POSITIVE_INFINITY }], idle: "proportional" }),
    );
    expect([r.pools[0]!.cost, ...r.pools[0]!.teams.map((t) => t.costRounded)]).toEqual([0, 0, 0]);
    expect(r.warnings).toEqual([
      'pool "p": daily cost must be a number ≥ 0, got Infinity; counted as 0',
    ]);
  });

  it("a pool of cost 0 without usage has no idle line and still warns", () => {
    const r = allocate(
      two({ pools: [{ name: "p", costPerDay: 0 }], usage: [], idle: "proportional" }),
    );
    expect([r.pools[0]!.idle, r.pools[0]!.idleRounded, r.pools[0]!.costRounded]).toEqual([0, 0, 0]);
    expect(r.warnings).toEqual(['pool "p": no usage; the whole cost (0 USD) is idle']);
  });

  it("idle separate without a capacity falls back to proportional, naming the pool", () => {
    const r = allocate(two({ pools: [{ name: "p", costPerDay: 300 }] }));
    expect(costsOf(r)).toEqual([100, 200, 0]);
    expect(r.warnings).toEqual([
      'pool "p": capacity unknown, so idle cannot be kept separate; spread in proportion instead',
    ]);
  });

  it("team costs per 1M tokens come from the team's own cost and weighted tokens", () => {
    // separate: price 1000 / 3e5 per token → a 333.33 for 1e5, per 1M 3333.33; pool all-in 1000 per 3e5 used
    const r = allocate(
      two({ pools: [{ name: "p", costPerDay: 1000, capacityTokensPerDay: 6e5 }] }),
    );
    const p = r.pools[0]!;
    expect(p.teams.map((t) => t.costRounded)).toEqual([166.67, 333.33]);
    expect(p.idleRounded).toBe(500);
    expect(p.teams[0]!.costPerMillionTokens).toBeCloseTo(1000 / 0.6, 9);
    expect(p.costPerMillionTokens).toBeCloseTo(1000 / 0.3, 9);
    expect(r.teams[0]!.costPerMillionTokens).toBeCloseTo(1000 / 0.6, 9);
  });
});

describe("shared costs (hand values)", () => {
  /** Own costs: a 200, b 100 (pool 300, tokens 2 : 1). */
  const own = (shared: AllocationInput["shared"]): AllocationInput => ({
    currency: "USD",
    method: "tokens",
    idle: "proportional",
    pools: [{ name: "p", costPerDay: 300 }],
    usage: [
      { team: "a", pool: "p", inputTokens: 2, outputTokens: 0 },
      { team: "b", pool: "p", inputTokens: 1, outputTokens: 0 },
    ],
    ...(shared ? { shared } : {}),
  });

  it("a team's shared cost adds up over several lines, and its total is own + shared", () => {
    const r = allocate(
      own([
        { name: "platform", costPerDay: 30 },
        { name: "licences", costPerDay: 10, split: "even" },
      ]),
    );
    // platform weighted 2 : 1 → 20, 10; licences even → 5, 5
    expect(
      r.teams.map((t) => [
        t.name,
        t.cost,
        t.sharedCost,
        t.sharedCostRounded,
        t.total,
        t.totalRounded,
      ]),
    ).toEqual([
      ["a", 200, 25, 25, 225, 225],
      ["b", 100, 15, 15, 115, 115],
    ]);
  });

  it("an even split over teams without pool costs does not warn (only a weighted one falls back)", () => {
    const r = allocate({
      ...own([{ name: "e", costPerDay: 10, split: "even" }]),
      pools: [{ name: "p", costPerDay: 0 }],
    });
    expect(r.teams.map((t) => t.sharedCostRounded)).toEqual([5, 5]);
    expect(r.warnings).toEqual([]);
  });

  it("an unknown split is read as weighted", () => {
    const r = allocate(own([{ name: "platform", costPerDay: 30, split: "bogus" as "even" }]));
    expect(r.shared[0]!.split).toBe("weighted");
    expect(r.teams.map((t) => t.sharedCostRounded)).toEqual([20, 10]);
  });

  it("an invalid shared cost counts as 0 with a warning naming its path", () => {
    const r = allocate(
      own([
        { name: "ok", costPerDay: 3 },
        { name: "bad", costPerDay: -1 },
        { name: "nan", costPerDay: Number.NaN },
      ]),
    );
    expect(r.shared.map((s) => [s.name, s.cost, s.costRounded])).toEqual([
      ["ok", 3, 3],
      ["bad", 0, 0],
      ["nan", 0, 0],
    ]);
    expect(r.problems.map((p) => [p.code, p.path])).toEqual([
      ["allocation.sharedCostInvalid", "tenants.shared[1].costPerDay"],
      ["allocation.sharedCostInvalid", "tenants.shared[2].costPerDay"],
    ]);
    expect(r.warnings).toEqual([
      'shared cost "bad": daily cost must be a number ≥ 0, got -1; counted as 0',
      'shared cost "nan": daily cost must be a number ≥ 0, got NaN; counted as 0',
    ]);
    expect(r.teams.map((t) => t.sharedCostRounded)).toEqual([2, 1]);
  });

  it("split none keeps the line unallocated without a warning, even with no teams", () => {
    const r = allocate({ ...own([{ name: "m", costPerDay: 7.5, split: "none" }]), usage: [] });
    expect(r.shared[0]).toEqual({
      name: "m",
      split: "none",
      cost: 7.5,
      costRounded: 7.5,
      unallocated: 7.5,
      unallocatedRounded: 7.5,
      teams: [],
    });
    expect(r.warnings).toEqual(['pool "p": no usage; the whole cost (300 USD) is idle']);
  });

  it("a shared cost of 0 warns neither about no teams nor about no pool costs", () => {
    const noTeams = allocate({ ...own([{ name: "z", costPerDay: 0 }]), usage: [] });
    expect(noTeams.shared[0]).toMatchObject({ unallocated: 0, unallocatedRounded: 0, teams: [] });
    expect(noTeams.warnings).toEqual(['pool "p": no usage; the whole cost (300 USD) is idle']);
    const noCosts = allocate({
      ...own([{ name: "z", costPerDay: 0 }]),
      pools: [{ name: "p", costPerDay: 0 }],
    });
    expect(noCosts.warnings).toEqual([]);
    expect(noCosts.shared[0]!.teams.map((t) => t.costRounded)).toEqual([0, 0]);
  });

  it("a weighted shared cost over teams that have no pool cost is split evenly, rounded by largest remainder", () => {
    const r = allocate({
      ...own([{ name: "w", costPerDay: 0.05 }]),
      pools: [{ name: "p", costPerDay: 0 }],
    });
    // 2.5 cents each: floors 2 + 2, one cent to "a" (tie, sorts first)
    expect(r.shared[0]!.teams.map((t) => [t.name, t.cost, t.costRounded])).toEqual([
      ["a", 0.025, 0.03],
      ["b", 0.025, 0.02],
    ]);
    expect(r.shared[0]!.unallocatedRounded).toBe(0);
  });
});

describe("exported helpers", () => {
  it("costShare is 0 when the total tokens are 0, negative or NaN", () => {
    expect([costShare(100, 1, 0), costShare(100, 1, -4), costShare(100, 1, Number.NaN)]).toEqual([
      0, 0, 0,
    ]);
    expect(costShare(100, 1, 4)).toBe(25);
  });

  it("compareNames orders by code unit: uppercase before lowercase, equal names 0", () => {
    expect([
      compareNames("a", "b"),
      compareNames("b", "a"),
      compareNames("a", "a"),
      compareNames("B", "a"),
      compareNames("a", "ab"),
    ]).toEqual([-1, 1, 0, -1, -1]);
  });

  it("splitByName gives tied units to the name that sorts first, whatever the order given, and the rest last", () => {
    // 3 units over 1.5 / 1.5 / 0 (rest): floors 1 + 1, one unit left, tie → "a"
    expect(splitByName([1.5, 1.5], ["b", "a"], 3, 0)).toEqual({ parts: [1, 2], rest: 0 });
    // rest ties with a team: the team wins
    expect(splitByName([0.5], ["z"], 1, 0, 0.5)).toEqual({ parts: [1], rest: 0 });
    // the rest gets the unit when its remainder is larger
    expect(splitByName([0.4], ["z"], 1, 0, 0.6)).toEqual({ parts: [0], rest: 1 });
    // without a rest the rest part is 0
    expect(splitByName([0.3, 0.7], ["x", "y"], 1, 0)).toEqual({ parts: [0, 1], rest: 0 });
    // without a rest every missing unit goes to the names, even more units than names
    expect(splitByName([0.3], ["x"], 2, 0)).toEqual({ parts: [2], rest: 0 });
    expect(splitByName([0.2, 0.6], ["x", "y"], 3, 0)).toEqual({ parts: [1, 2], rest: 0 });
  });

  it("splitByName keeps the given order between equal names", () => {
    // duplicate names: the earlier one wins the tie
    expect(splitByName([0.5, 0.5], ["a", "a"], 1, 0).parts).toEqual([1, 0]);
    expect(splitByName([0.5, 0.5, 0.5], ["b", "a", "b"], 2, 0).parts).toEqual([1, 1, 0]);
  });
});
