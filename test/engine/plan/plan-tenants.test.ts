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

type Pool = ResolvedTenants["pools"][number];
const pool = (name: string, over: Partial<Pool> = {}) => ({
  name,
  costPerDay: null,
  sku: null,
  capacityTokensPerDay: null,
  replicas: null,
  ...over,
});
/** The pool "p" of SKU "H". */
const onH = [pool("p", { sku: "H" })];
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
/** SKU "H" costing 480 a day with these replicas and base replicas. */
const skuH = (replicas: number, replicasBase: number) =>
  sku("H", { costPerDay: 480, replicas, replicasBase });
/** Peak: 10 req/s × (100 in + 50 out) and 2 req/s × (0 in + 200 out). */
const wl: WorkloadInput[] = [
  { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 50 },
  { name: "gen", peakRps: 2, inputTokens: 0, outputTokens: 200 },
];
const errs = (e: readonly TenantError[]) => e.map((x) => [x.path, x.kind, englishOf(x.problem)]);
/** An error of `kind` at `path` that came before (a formula that failed, say). */
const earlier = (path: string, kind: TenantError["kind"] = "FORMULA", text = "x"): TenantError => ({
  path,
  kind,
  problem: textProblem(text, "error"),
});
/** tenantPools of the tenants `t` with SKU H by default, no cheapest SKU, the workloads `wl`. */
const priced = (
  t: Partial<ResolvedTenants> | null,
  skus: TenantSku[] = [sku()],
  cheapest: TenantSku | null = null,
  errorsBefore: TenantError[] = [],
) => tenantPools(plan(t), skus, cheapest, wl, errorsBefore);

describe("tenantPools: pools priced from a SKU", () => {
  it("takes the SKU's daily cost and replicas, and the fleet's capacity: weighted peak × replicas ÷ base × 86,400", () => {
    // tokens: 10 × 150 + 2 × 200 = 1900 tokens/s at peak on 4 replicas; 6 replicas → 2850/s → 246,240,000 a day
    expect(priced({ pools: onH })).toEqual({
      pools: [{ name: "p", costPerDay: 480, capacityTokensPerDay: 246_240_000, replicas: 6 }],
      errors: [],
    });
  });

  // weighs the capacity with the method's weights: output (0, 1) and weighted (given, default 1)
  it.each<[string, Partial<ResolvedTenants>, number]>([
    // 10 × 50 + 2 × 200 = 900/s × 1.5 × 86,400
    ["output ignores the input weight", { method: "output", inputWeight: 9 }, 116_640_000],
    // 10 × (200 + 150) + 2 × 600 = 4700/s × 1.5 × 86,400
    ["weighted 2 : 3", { method: "weighted", inputWeight: 2, outputWeight: 3 }, 609_120_000],
    ["weighted without weights: 1 : 1, as tokens", { method: "weighted" }, 246_240_000],
    // input 1, output 3 → 10 × 250 + 2 × 600 = 3700/s
    [
      "weighted with only the output weight",
      { method: "weighted", outputWeight: 3 },
      3700 * 1.5 * 86400,
    ],
    [
      "tokens ignores given weights",
      { method: "tokens", inputWeight: 5, outputWeight: 5 },
      246_240_000,
    ],
  ])("%s: %j gives %d tokens a day", (_, t, capacity) => {
    expect(priced({ ...t, pools: onH }).pools[0]!.capacityTokensPerDay).toBe(capacity);
  });

  it("keeps a pool's own capacity and replicas over the SKU's; a pool with its own cost does not read its SKU; a given count that is not finite is null", () => {
    const own = pool("p", { sku: "H", capacityTokensPerDay: 1e6, replicas: 2 });
    expect(priced({ pools: [own] }).pools).toEqual([
      { name: "p", costPerDay: 480, capacityTokensPerDay: 1e6, replicas: 2 },
    ]);
    expect(priced({ pools: [pool("p", { sku: "H", costPerDay: 100 })] }).pools).toEqual([
      { name: "p", costPerDay: 100, capacityTokensPerDay: null, replicas: null },
    ]);
    const inf = {
      costPerDay: 5,
      replicas: Number.NaN,
      capacityTokensPerDay: Number.POSITIVE_INFINITY,
    };
    expect(priced({ pools: [pool("p", inf)] }, []).pools).toEqual([
      { name: "p", costPerDay: 5, capacityTokensPerDay: null, replicas: null },
    ]);
  });

  it("no capacity without workloads, without output tokens at peak, or without a positive base replica count", () => {
    const cap = (s: TenantSku, w: WorkloadInput[]) =>
      tenantPools(plan({ pools: onH }), [s], null, w, []).pools[0]!;
    const emb = { name: "emb", peakRps: 10, inputTokens: 100, outputTokens: 0 };
    expect(cap(sku(), []).capacityTokensPerDay).toBeNull();
    expect(cap(sku(), [emb]).capacityTokensPerDay).toBeNull();
    expect(cap(skuH(6, 0), wl)).toEqual({
      name: "p",
      costPerDay: 480,
      capacityTokensPerDay: null,
      replicas: 6,
    });
    expect(cap(skuH(6, -2), wl).capacityTokensPerDay).toBeNull();
    expect(cap(skuH(Number.NaN, 4), wl)).toEqual({
      name: "p",
      costPerDay: 480,
      capacityTokensPerDay: null,
      replicas: null,
    });
    expect(cap(skuH(6, Number.NaN), wl).capacityTokensPerDay).toBeNull();
    // a tiny positive base still gives a capacity
    const x = { name: "x", peakRps: 1, inputTokens: 0, outputTokens: 1 };
    expect(cap(skuH(6, 6), [x]).capacityTokensPerDay).toBe(86400);
  });

  it("with no pools, one pool named after the cheapest SKU takes its cost", () => {
    const b = sku("B", { costPerDay: 300, replicas: 1, replicasBase: 1 });
    const r = priced({}, [sku("A", { costPerDay: 900, replicas: 3, replicasBase: 3 }), b], b);
    // B: 1900/s × 1 × 86,400
    expect(r).toEqual({
      pools: [{ name: "B", costPerDay: 300, capacityTokensPerDay: 1900 * 86400, replicas: 1 }],
      errors: [],
    });
  });

  it("with pools given, a pool without cost or SKU does not fall back to the cheapest SKU", () => {
    const r = priced({ pools: [pool("p")] }, [sku()], sku());
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

  it("no pools and no feasible SKU: one error at tenants.pools; no tenants: no pools and no errors", () => {
    const r = priced({}, []);
    expect(r.pools).toEqual([]);
    expect(errs(r.errors)).toEqual([
      ["tenants.pools", "VALUE", "no pools given and no feasible SKU to take the cost from"],
    ]);
    expect(priced(null, [sku()], sku())).toEqual({ pools: [], errors: [] });
  });

  it("an unknown SKU is a NAME error at the pool's sku, not also a missing cost", () => {
    const r = priced({ pools: [pool("ok", { costPerDay: 5 }), pool("p", { sku: "Z" })] });
    expect(r.pools.map((p) => p.name)).toEqual(["ok"]);
    expect(errs(r.errors)).toEqual([["tenants.pools[1].sku", "NAME", 'no SKU named "Z"']]);
  });

  // a SKU without a cost is a VALUE error at the pool, with the SKU's reason
  it.each<[string, TenantSku, string]>([
    ["none", { name: "H", capacity: null, infeasibleProblem: null }, "not feasible"],
    [
      "a text",
      { name: "H", capacity: null, infeasibleProblem: textProblem("no SLO met") },
      "no SLO met",
    ],
    [
      "a problem",
      { name: "H", capacity: null, infeasibleProblem: textProblem("the problem's text") },
      "the problem's text",
    ],
    [
      "a cost that is not a number",
      sku("H", { costPerDay: Number.NaN, replicas: 1, replicasBase: 1 }),
      "not feasible",
    ],
  ])("a SKU without a cost, whose reason is %s", (_, s, reason) => {
    const r = priced({ pools: onH }, [s]);
    expect(errs(r.errors)).toEqual([
      ["tenants.pools[0]", "VALUE", `SKU "H" has no cost (${reason})`],
    ]);
    expect(r.pools).toEqual([]);
  });

  it("a pool whose cost formula already failed is not reported again; an earlier error elsewhere does not hide a pool's missing cost", () => {
    const failed = [earlier("tenants.pools[0].costPerDay", "FORMULA", "bad")];
    expect(priced({ pools: [pool("p")] }, [], null, failed)).toEqual({ pools: [], errors: [] });
    const elsewhere = [
      earlier("skus[0].pricePerGpuHour", "VALUE"),
      earlier("tenants.pools[1].costPerDay", "FORMULA", "y"),
    ];
    const r = priced({ pools: [pool("p"), pool("q")] }, [], null, elsewhere);
    expect(errs(r.errors)).toEqual([
      ["tenants.pools[0].costPerDay", "VALUE", "pool needs costPerDay or sku"],
    ]);
  });
});

describe("allocateTenants: usage rows and shared costs", () => {
  const pools = [{ name: "p", costPerDay: 300, capacityTokensPerDay: null, replicas: null }];
  const NOT_NUMBERS = "inputTokens and outputTokens must be numbers";
  const teams = (out: ReturnType<typeof allocateTenants>) =>
    out.tenants!.teams.map((t) => [t.name, t.costRounded]);

  it("allocates with the plan's method, weights, idle, basis and currency", () => {
    const usage = [row("a", null, 1, 0), row("b", "p", 0, 1)];
    const t = {
      method: "weighted",
      inputWeight: 2,
      outputWeight: null,
      idle: "proportional",
      usage,
    } as const;
    const out = allocateTenants(plan(t, "JPY"), pools, []);
    // weighted 2 : 1 → a 2, b 1 of 300 → 200, 100
    expect(out.tenants!.pools[0]!.teams.map((t) => [t.name, t.tokens, t.costRounded])).toEqual([
      ["a", 2, 200],
      ["b", 1, 100],
    ]);
    const { basis, method, idle } = out.tenants!;
    expect([basis, method, idle, out.errors, enW(out), out.problems]).toEqual([
      "usage",
      "weighted",
      "proportional",
      [],
      [],
      [],
    ]);
    const o = allocateTenants(plan({ method: "output", inputWeight: 9, usage }), pools, []);
    expect(o.tenants!.pools[0]!.teams.map((t) => t.costRounded)).toEqual([0, 300]);
  });

  it("passes the basis and the reserved replicas through; a reserved count that is not finite is none", () => {
    const rp = [{ name: "p", costPerDay: 240, capacityTokensPerDay: 8e6, replicas: 8 }];
    const usage = [row("a", "p", 1e6, 0, 3), row("b", "p", 1e6, 0, Number.NaN)];
    const out = allocateTenants(plan({ basis: "reservation", idle: "separate", usage }), rp, []);
    expect(out.tenants!.basis).toBe("reservation");
    expect(out.tenants!.pools[0]!.teams.map((t) => [t.reservedReplicas, t.costRounded])).toEqual([
      [3, 90],
      [null, 30],
    ]);
    expect(out.tenants!.pools[0]!.idleRounded).toBe(120);
    expect(enW(out)).toEqual([]);
  });

  it("a row whose tokens are not numbers is an error at the row, unless an error there came before", () => {
    const usage = [row("a", "p", null, 1), row("b", "p", 1, Number.NaN), row("c", "p", 1, 0)];
    const out = allocateTenants(plan({ usage }), pools, [earlier("tenants.usage[1].outputTokens")]);
    expect(errs(out.errors)).toEqual([["tenants.usage[0]", "VALUE", NOT_NUMBERS]]);
    expect(out.errors[0]!.problem).toMatchObject({
      code: "tenants.usageNotNumbers",
      path: "tenants.usage[0]",
    });
    expect(teams(out)).toEqual([["c", 300]]);
  });

  it("with no errors before, every bad row is reported; with several, only the rows they name are skipped", () => {
    const usage = [row("a", "p", null, 1), row("b", "p", 1, null), row("c", "p", Number.NaN, 0)];
    const paths = (b: TenantError[]) =>
      errs(allocateTenants(plan({ usage }), pools, b).errors).map((e) => e[0]);
    expect(paths([])).toEqual(["tenants.usage[0]", "tenants.usage[1]", "tenants.usage[2]"]);
    const b = [
      earlier("tenants.usage[0].inputTokens"),
      earlier("tenants.usage[2].inputTokens", "FORMULA", "y"),
    ];
    expect(paths(b)).toEqual(["tenants.usage[1]"]);
  });

  it("an error at another row whose index starts with the same digits does not hide this row's error", () => {
    const usage = Array.from({ length: 12 }, (_, i) => row(`t${i}`, "p", 1, 0));
    usage[1] = row("t1", "p", null, 0);
    const out = allocateTenants(plan({ usage }), pools, [earlier("tenants.usage[10].inputTokens")]);
    expect(errs(out.errors)).toEqual([["tenants.usage[1]", "VALUE", NOT_NUMBERS]]);
  });

  it("a row without a pool needs one pool; an unknown pool is a NAME error", () => {
    const two = [
      ...pools,
      { name: "q", costPerDay: 10, capacityTokensPerDay: null, replicas: null },
    ];
    const usage = [row("a", null, 1, 0), row("b", "x", 1, 0), row("c", "q", 1, 0)];
    const out = allocateTenants(plan({ usage }), two, []);
    expect(errs(out.errors)).toEqual([
      ["tenants.usage[0].pool", "NAME", "several pools: name the pool of this usage row"],
      ["tenants.usage[1].pool", "NAME", 'no pool named "x"'],
    ]);
    expect(teams(out)).toEqual([["c", 10]]);
    expect(enW(out)).toEqual(['pool "p": no usage; the whole cost (300 USD) is idle']);
    expect(out.problems.map((p) => p.code)).toEqual(["allocation.poolNoUsage"]);
  });

  it("a shared cost whose formula failed is left out; the others are split", () => {
    const shared = [
      { name: "bad", costPerDay: null, split: "even" },
      { name: "ok", costPerDay: 12, split: "none" },
    ] as ResolvedTenants["shared"];
    const out = allocateTenants(plan({ usage: [row("a", "p", 1, 0)], shared }), pools, []);
    expect(out.tenants!.shared.map((s) => [s.name, s.split, s.unallocatedRounded])).toEqual([
      ["ok", "none", 12],
    ]);
  });

  it("no tenants or no priced pools: no allocation", () => {
    const none = { tenants: null, errors: [], problems: [] };
    expect(allocateTenants(plan(null), pools, [])).toEqual(none);
    expect(allocateTenants(plan({ usage: [row("a", null, 1, 0)] }), [], [])).toEqual(none);
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
    const usage = [row("a", "p", null, 1), row("b", "p", 1, 0)];
    const failed = [earlier("tenants.usage[0].inputTokens", "FORMULA", "bad")];
    const out = computeTenants(
      plan({ pools: [pool("p", { costPerDay: 10 })], usage }),
      [],
      null,
      wl,
      failed,
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
