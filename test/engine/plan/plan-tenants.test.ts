/**
 * The team allocation of a plan (src/engine/plan/plan-tenants.ts, docs/allocation.md): pools priced
 * from their own cost or a SKU's, the fleet's daily capacity in weighted tokens, usage rows
 * checked, shared costs whose formula failed left out; hand-calculated numbers and exact error
 * paths (issue #15).
 */
import { describe, expect, it } from "vitest";
import type { WorkloadInput } from "../../../src/engine/chain/capacity";
import {
  allocateTenants,
  computeTenants,
  tenantPools,
  type TenantError,
  type TenantSku,
} from "../../../src/engine/plan/plan-tenants";
import { textProblem } from "../../../src/engine/base/problems";
import type { ResolvedPlan, ResolvedTenants } from "../../../src/engine/plan/resolved-plan-types";
import { englishOf } from "../../../src/engine/base/problems";
import type { Problem } from "../../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

const plan = (tenants: Partial<ResolvedTenants> | null, currency = "USD"): ResolvedPlan =>
  ({
    title: "t",
    currency,
    cells: {},
    workloads: [],
    slo: [],
    sloMode: "all",
    maxErrorRatePct: 1,
    elasticity: 1,
    redundancy: { factor: 1 },
    skus: [],
    errors: [],
    tenants:
      tenants === null
        ? null
        : {
            method: "tokens",
            inputWeight: null,
            outputWeight: null,
            idle: "proportional",
            basis: "usage",
            pools: [],
            shared: [],
            usage: [],
            ...tenants,
          },
  }) as unknown as ResolvedPlan;

const pool = (name: string, over: Partial<ResolvedTenants["pools"][number]> = {}) => ({
  name,
  costPerDay: null,
  sku: null,
  capacityTokensPerDay: null,
  replicas: null,
  ...over,
});
const row = (
  team: string,
  pool: string | null,
  inputTokens: number | null,
  outputTokens: number | null,
  reservedReplicas: number | null = null,
) => ({ team, pool, inputTokens, outputTokens, reservedReplicas });

/** A SKU of 480 a day with 6 replicas, 4 of which serve the peak. */
const sku = (
  name = "H",
  capacity: TenantSku["capacity"] = { costPerDay: 480, replicas: 6, replicasBase: 4 },
): TenantSku => ({ name, capacity, infeasibleProblem: null });
/** Peak: 10 req/s × (100 in + 50 out) and 2 req/s × (0 in + 200 out). */
const wl: WorkloadInput[] = [
  { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 50 },
  { name: "gen", peakRps: 2, inputTokens: 0, outputTokens: 200 },
];
const errs = (e: readonly TenantError[]) => e.map((x) => [x.path, x.kind, englishOf(x.problem)]);

describe("tenantPools: pools priced from a SKU", () => {
  it("takes the SKU's daily cost and replicas, and the fleet's capacity: weighted peak × replicas ÷ base × 86,400", () => {
    // tokens: 10 × 150 + 2 × 200 = 1900 tokens/s at peak on 4 replicas; 6 replicas → 2850/s → 246,240,000 a day
    const r = tenantPools(plan({ pools: [pool("p", { sku: "H" })] }), [sku()], null, wl, []);
    expect(r).toEqual({
      pools: [{ name: "p", costPerDay: 480, capacityTokensPerDay: 246_240_000, replicas: 6 }],
      errors: [],
    });
  });

  it("weighs the capacity with the method's weights: output (0, 1) and weighted (given, default 1)", () => {
    // output: 10 × 50 + 2 × 200 = 900/s × 1.5 × 86,400 = 116,640,000
    expect(
      tenantPools(
        plan({ method: "output", inputWeight: 9, pools: [pool("p", { sku: "H" })] }),
        [sku()],
        null,
        wl,
        [],
      ).pools[0]!.capacityTokensPerDay,
    ).toBe(116_640_000);
    // weighted 2 : 3: 10 × (200 + 150) + 2 × 600 = 4700/s × 1.5 × 86,400 = 609,120,000
    expect(
      tenantPools(
        plan({
          method: "weighted",
          inputWeight: 2,
          outputWeight: 3,
          pools: [pool("p", { sku: "H" })],
        }),
        [sku()],
        null,
        wl,
        [],
      ).pools[0]!.capacityTokensPerDay,
    ).toBe(609_120_000);
    // weighted without weights: 1 : 1, as tokens
    expect(
      tenantPools(
        plan({ method: "weighted", pools: [pool("p", { sku: "H" })] }),
        [sku()],
        null,
        wl,
        [],
      ).pools[0]!.capacityTokensPerDay,
    ).toBe(246_240_000);
    // weighted with only the output weight: input 1, output 3 → 10 × 250 + 2 × 600 = 3700/s
    expect(
      tenantPools(
        plan({ method: "weighted", outputWeight: 3, pools: [pool("p", { sku: "H" })] }),
        [sku()],
        null,
        wl,
        [],
      ).pools[0]!.capacityTokensPerDay,
    ).toBe(3700 * 1.5 * 86400);
    // tokens ignores given weights
    expect(
      tenantPools(
        plan({
          method: "tokens",
          inputWeight: 5,
          outputWeight: 5,
          pools: [pool("p", { sku: "H" })],
        }),
        [sku()],
        null,
        wl,
        [],
      ).pools[0]!.capacityTokensPerDay,
    ).toBe(246_240_000);
  });

  it("keeps a pool's own capacity and replicas over the SKU's", () => {
    const r = tenantPools(
      plan({ pools: [pool("p", { sku: "H", capacityTokensPerDay: 1e6, replicas: 2 })] }),
      [sku()],
      null,
      wl,
      [],
    );
    expect(r.pools).toEqual([
      { name: "p", costPerDay: 480, capacityTokensPerDay: 1e6, replicas: 2 },
    ]);
  });

  it("a pool with its own cost does not read its SKU (no capacity or replicas taken from it)", () => {
    const r = tenantPools(
      plan({ pools: [pool("p", { sku: "H", costPerDay: 100 })] }),
      [sku()],
      null,
      wl,
      [],
    );
    expect(r.pools).toEqual([
      { name: "p", costPerDay: 100, capacityTokensPerDay: null, replicas: null },
    ]);
  });

  it("no capacity without workloads, without output tokens at peak, or without a positive base replica count", () => {
    const cap = (s: TenantSku, w: WorkloadInput[]) =>
      tenantPools(plan({ pools: [pool("p", { sku: "H" })] }), [s], null, w, []).pools[0]!;
    expect(cap(sku(), []).capacityTokensPerDay).toBeNull();
    expect(
      cap(sku(), [{ name: "emb", peakRps: 10, inputTokens: 100, outputTokens: 0 }])
        .capacityTokensPerDay,
    ).toBeNull();
    expect(cap(sku("H", { costPerDay: 480, replicas: 6, replicasBase: 0 }), wl)).toEqual({
      name: "p",
      costPerDay: 480,
      capacityTokensPerDay: null,
      replicas: 6,
    });
    expect(
      cap(sku("H", { costPerDay: 480, replicas: 6, replicasBase: -2 }), wl).capacityTokensPerDay,
    ).toBeNull();
    expect(cap(sku("H", { costPerDay: 480, replicas: Number.NaN, replicasBase: 4 }), wl)).toEqual({
      name: "p",
      costPerDay: 480,
      capacityTokensPerDay: null,
      replicas: null,
    });
    expect(
      cap(sku("H", { costPerDay: 480, replicas: 6, replicasBase: Number.NaN }), wl)
        .capacityTokensPerDay,
    ).toBeNull();
    // a tiny positive base still gives a capacity
    expect(
      cap(sku("H", { costPerDay: 480, replicas: 6, replicasBase: 6 }), [
        { name: "x", peakRps: 1, inputTokens: 0, outputTokens: 1 },
      ]).capacityTokensPerDay,
    ).toBe(86400);
  });

  it("with no pools, one pool named after the cheapest SKU takes its cost", () => {
    const r = tenantPools(
      plan({}),
      [
        sku("A", { costPerDay: 900, replicas: 3, replicasBase: 3 }),
        sku("B", { costPerDay: 300, replicas: 1, replicasBase: 1 }),
      ],
      sku("B", { costPerDay: 300, replicas: 1, replicasBase: 1 }),
      wl,
      [],
    );
    // B: 1900/s × 1 × 86,400
    expect(r).toEqual({
      pools: [{ name: "B", costPerDay: 300, capacityTokensPerDay: 1900 * 86400, replicas: 1 }],
      errors: [],
    });
  });

  it("with pools given, a pool without cost or SKU does not fall back to the cheapest SKU", () => {
    const r = tenantPools(plan({ pools: [pool("p")] }), [sku()], sku(), wl, []);
    expect(r.pools).toEqual([]);
    expect(errs(r.errors)).toEqual([
      ["tenants.pools[0].costPerDay", "VALUE", "pool needs costPerDay or sku"],
    ]);
    expect(r.errors[0]!.problem).toEqual({
      code: "tenants.poolNeedsCost",
      severity: "error",
      params: {},
      path: "tenants.pools[0].costPerDay",
    });
  });

  it("no pools and no feasible SKU: one error at tenants.pools", () => {
    const r = tenantPools(plan({}), [], null, wl, []);
    expect(r.pools).toEqual([]);
    expect(errs(r.errors)).toEqual([
      ["tenants.pools", "VALUE", "no pools given and no feasible SKU to take the cost from"],
    ]);
  });

  it("an unknown SKU is a NAME error at the pool's sku, not also a missing cost", () => {
    const r = tenantPools(
      plan({ pools: [pool("ok", { costPerDay: 5 }), pool("p", { sku: "Z" })] }),
      [sku()],
      null,
      wl,
      [],
    );
    expect(r.pools.map((p) => p.name)).toEqual(["ok"]);
    expect(errs(r.errors)).toEqual([["tenants.pools[1].sku", "NAME", 'no SKU named "Z"']]);
  });

  it("a SKU without a cost is a VALUE error at the pool, with the SKU's reason", () => {
    const none = tenantPools(
      plan({ pools: [pool("p", { sku: "H" })] }),
      [{ name: "H", capacity: null, infeasibleProblem: null }],
      null,
      wl,
      [],
    );
    expect(errs(none.errors)).toEqual([
      ["tenants.pools[0]", "VALUE", 'SKU "H" has no cost (not feasible)'],
    ]);
    const text = tenantPools(
      plan({ pools: [pool("p", { sku: "H" })] }),
      [{ name: "H", capacity: null, infeasibleProblem: textProblem("no SLO met") }],
      null,
      wl,
      [],
    );
    expect(errs(text.errors)).toEqual([
      ["tenants.pools[0]", "VALUE", 'SKU "H" has no cost (no SLO met)'],
    ]);
    const prob = tenantPools(
      plan({ pools: [pool("p", { sku: "H" })] }),
      [{ name: "H", capacity: null, infeasibleProblem: textProblem("the problem's text") }],
      null,
      wl,
      [],
    );
    expect(errs(prob.errors)).toEqual([
      ["tenants.pools[0]", "VALUE", 'SKU "H" has no cost (the problem\'s text)'],
    ]);
    const nan = tenantPools(
      plan({ pools: [pool("p", { sku: "H" })] }),
      [sku("H", { costPerDay: Number.NaN, replicas: 1, replicasBase: 1 })],
      null,
      wl,
      [],
    );
    expect(errs(nan.errors)).toEqual([
      ["tenants.pools[0]", "VALUE", 'SKU "H" has no cost (not feasible)'],
    ]);
    expect(nan.pools).toEqual([]);
  });

  it("a pool whose cost formula already failed is not reported again", () => {
    const before: TenantError[] = [
      {
        path: "tenants.pools[0].costPerDay",
        kind: "FORMULA",
        problem: textProblem("bad", "error"),
      },
    ];
    expect(tenantPools(plan({ pools: [pool("p")] }), [], null, wl, before)).toEqual({
      pools: [],
      errors: [],
    });
  });

  it("an earlier error elsewhere in the plan does not hide a pool's missing cost", () => {
    const before: TenantError[] = [
      { path: "skus[0].pricePerGpuHour", kind: "VALUE", problem: textProblem("x", "error") },
      { path: "tenants.pools[1].costPerDay", kind: "FORMULA", problem: textProblem("y", "error") },
    ];
    const r = tenantPools(plan({ pools: [pool("p"), pool("q")] }), [], null, wl, before);
    expect(errs(r.errors)).toEqual([
      ["tenants.pools[0].costPerDay", "VALUE", "pool needs costPerDay or sku"],
    ]);
  });

  it("no tenants: no pools and no errors", () => {
    expect(tenantPools(plan(null), [sku()], sku(), wl, [])).toEqual({ pools: [], errors: [] });
  });

  it("a given replica count or capacity that is not finite is null", () => {
    const r = tenantPools(
      plan({
        pools: [
          pool("p", {
            costPerDay: 5,
            replicas: Number.NaN,
            capacityTokensPerDay: Number.POSITIVE_INFINITY,
          }),
        ],
      }),
      [],
      null,
      wl,
      [],
    );
    expect(r.pools).toEqual([
      { name: "p", costPerDay: 5, capacityTokensPerDay: null, replicas: null },
    ]);
  });
});

describe("allocateTenants: usage rows and shared costs", () => {
  const pools = [{ name: "p", costPerDay: 300, capacityTokensPerDay: null, replicas: null }];

  it("allocates with the plan's method, weights, idle, basis and currency", () => {
    const out = allocateTenants(
      plan(
        {
          method: "weighted",
          inputWeight: 2,
          outputWeight: null,
          idle: "proportional",
          usage: [row("a", null, 1, 0), row("b", "p", 0, 1)],
        },
        "JPY",
      ),
      pools,
      [],
    );
    // weighted 2 : 1 → a 2, b 1 of 300 → 200, 100
    expect(out.tenants!.pools[0]!.teams.map((t) => [t.name, t.tokens, t.costRounded])).toEqual([
      ["a", 2, 200],
      ["b", 1, 100],
    ]);
    expect([
      out.tenants!.basis,
      out.tenants!.method,
      out.tenants!.idle,
      out.errors,
      enW(out),
      out.problems,
    ]).toEqual(["usage", "weighted", "proportional", [], [], []]);
    const o = allocateTenants(
      plan({
        method: "output",
        inputWeight: 9,
        usage: [row("a", null, 1, 0), row("b", "p", 0, 1)],
      }),
      pools,
      [],
    );
    expect(o.tenants!.pools[0]!.teams.map((t) => t.costRounded)).toEqual([0, 300]);
  });

  it("passes the basis and the reserved replicas through; a reserved count that is not finite is none", () => {
    const rp = [{ name: "p", costPerDay: 240, capacityTokensPerDay: 8e6, replicas: 8 }];
    const out = allocateTenants(
      plan({
        basis: "reservation",
        idle: "separate",
        usage: [row("a", "p", 1e6, 0, 3), row("b", "p", 1e6, 0, Number.NaN)],
      }),
      rp,
      [],
    );
    expect(out.tenants!.basis).toBe("reservation");
    expect(out.tenants!.pools[0]!.teams.map((t) => [t.reservedReplicas, t.costRounded])).toEqual([
      [3, 90],
      [null, 30],
    ]);
    expect(out.tenants!.pools[0]!.idleRounded).toBe(120);
    expect(enW(out)).toEqual([]);
  });

  it("a row whose tokens are not numbers is an error at the row, unless an error there came before", () => {
    const out = allocateTenants(
      plan({ usage: [row("a", "p", null, 1), row("b", "p", 1, Number.NaN), row("c", "p", 1, 0)] }),
      pools,
      [
        {
          path: "tenants.usage[1].outputTokens",
          kind: "FORMULA",
          problem: textProblem("x", "error"),
        },
      ],
    );
    expect(errs(out.errors)).toEqual([
      ["tenants.usage[0]", "VALUE", "inputTokens and outputTokens must be numbers"],
    ]);
    expect(out.errors[0]!.problem).toMatchObject({
      code: "tenants.usageNotNumbers",
      path: "tenants.usage[0]",
    });
    expect(out.tenants!.teams.map((t) => [t.name, t.costRounded])).toEqual([["c", 300]]);
  });

  it("with no errors before, every bad row is reported; with several, only the rows they name are skipped", () => {
    const usage = [row("a", "p", null, 1), row("b", "p", 1, null), row("c", "p", Number.NaN, 0)];
    expect(errs(allocateTenants(plan({ usage }), pools, []).errors).map((e) => e[0])).toEqual([
      "tenants.usage[0]",
      "tenants.usage[1]",
      "tenants.usage[2]",
    ]);
    const before: TenantError[] = [
      { path: "tenants.usage[0].inputTokens", kind: "FORMULA", problem: textProblem("x", "error") },
      { path: "tenants.usage[2].inputTokens", kind: "FORMULA", problem: textProblem("y", "error") },
    ];
    expect(errs(allocateTenants(plan({ usage }), pools, before).errors).map((e) => e[0])).toEqual([
      "tenants.usage[1]",
    ]);
  });

  it("an error at another row whose index starts with the same digits does not hide this row's error", () => {
    const usage = Array.from({ length: 12 }, (_, i) => row(`t${i}`, "p", 1, 0));
    usage[1] = row("t1", "p", null, 0);
    const out = allocateTenants(plan({ usage }), pools, [
      {
        path: "tenants.usage[10].inputTokens",
        kind: "FORMULA",
        problem: textProblem("x", "error"),
      },
    ]);
    expect(errs(out.errors)).toEqual([
      ["tenants.usage[1]", "VALUE", "inputTokens and outputTokens must be numbers"],
    ]);
  });

  it("a row without a pool needs one pool; an unknown pool is a NAME error", () => {
    const two = [
      ...pools,
      { name: "q", costPerDay: 10, capacityTokensPerDay: null, replicas: null },
    ];
    const out = allocateTenants(
      plan({ usage: [row("a", null, 1, 0), row("b", "x", 1, 0), row("c", "q", 1, 0)] }),
      two,
      [],
    );
    expect(errs(out.errors)).toEqual([
      ["tenants.usage[0].pool", "NAME", "several pools: name the pool of this usage row"],
      ["tenants.usage[1].pool", "NAME", 'no pool named "x"'],
    ]);
    expect(out.tenants!.teams.map((t) => [t.name, t.costRounded])).toEqual([["c", 10]]);
    expect(enW(out)).toEqual(['pool "p": no usage; the whole cost (300 USD) is idle']);
    expect(out.problems.map((p) => p.code)).toEqual(["allocation.poolNoUsage"]);
  });

  it("a shared cost whose formula failed is left out; the others are split", () => {
    const out = allocateTenants(
      plan({
        usage: [row("a", "p", 1, 0)],
        shared: [
          { name: "bad", costPerDay: null, split: "even" },
          { name: "ok", costPerDay: 12, split: "none" },
        ] as ResolvedTenants["shared"],
      }),
      pools,
      [],
    );
    expect(out.tenants!.shared.map((s) => [s.name, s.split, s.unallocatedRounded])).toEqual([
      ["ok", "none", 12],
    ]);
  });

  it("no tenants or no priced pools: no allocation", () => {
    expect(allocateTenants(plan(null), pools, [])).toEqual({
      tenants: null,
      errors: [],
      problems: [],
    });
    expect(allocateTenants(plan({ usage: [row("a", null, 1, 0)] }), [], [])).toEqual({
      tenants: null,
      errors: [],
      problems: [],
    });
  });
});

describe("computeTenants", () => {
  it("prices the pools, then allocates; the pool errors come first and hide the rows' missing-pool errors only by name", () => {
    const out = computeTenants(
      plan({
        pools: [pool("p", { sku: "H" }), pool("q", { sku: "Z" })],
        usage: [row("a", "p", 1, 0), row("b", "q", 1, 0)],
      }),
      [sku()],
      null,
      wl,
      [],
    );
    expect(errs(out.errors)).toEqual([
      ["tenants.pools[1].sku", "NAME", 'no SKU named "Z"'],
      ["tenants.usage[1].pool", "NAME", 'no pool named "q"'],
    ]);
    expect(
      out.tenants!.pools.map((p) => [p.name, p.costRounded, p.capacityTokens, p.replicas]),
    ).toEqual([["p", 480, 246_240_000, 6]]);
    expect(out.tenants!.teams.map((t) => [t.name, t.costRounded])).toEqual([["a", 480]]);
  });

  it("passes the plan's errors to the usage check: a row whose formula failed is not reported twice", () => {
    const before: TenantError[] = [
      {
        path: "tenants.usage[0].inputTokens",
        kind: "FORMULA",
        problem: textProblem("bad", "error"),
      },
    ];
    const out = computeTenants(
      plan({
        pools: [pool("p", { costPerDay: 10 })],
        usage: [row("a", "p", null, 1), row("b", "p", 1, 0)],
      }),
      [],
      null,
      wl,
      before,
    );
    expect(out.errors).toEqual([]);
    expect(out.tenants!.teams.map((t) => [t.name, t.costRounded])).toEqual([["b", 10]]);
  });

  it("no pools and no SKU: the error at tenants.pools and no allocation", () => {
    const out = computeTenants(plan({ usage: [row("a", null, 1, 0)] }), [], null, wl, []);
    expect(errs(out.errors)).toEqual([
      ["tenants.pools", "VALUE", "no pools given and no feasible SKU to take the cost from"],
    ]);
    expect([out.tenants, enW(out), out.problems]).toEqual([null, [], []]);
  });
});
