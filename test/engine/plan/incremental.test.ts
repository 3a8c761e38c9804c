import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createPlanEngine,
  memoAnalyzer,
  memoPools,
  memoTenants,
} from "../../../src/engine/plan/incremental";
import {
  computePlan,
  analyzeSweep,
  computeTenants,
  plainAnalyzer,
  type PlanResult,
  type SloSet,
  computeSku,
  planLevel,
  type SweepAnalyzer,
} from "../../../src/engine/plan/plan";
import { setAtPath } from "../../../src/engine/plan/plan-path";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile, SweepPoint, Sweep } from "../../../src/engine/base/types";
import {
  allocatePool,
  type AllocationPoolInput,
  type PoolContext,
  type PoolPart,
  type TeamSums,
} from "../../../src/engine/finops/allocation";
import type { TenantError } from "../../../src/engine/plan/plan-tenants";
import type { ResolvedPlan } from "../../../src/engine/plan/resolved-plan-types";
import { englishOf, textProblem } from "../../../src/engine/base/problems";
import type { Problem } from "../../../src/engine/base/problems";
import { words } from "../../words";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

/** Five load levels; TTFT p99 and ITL p95 rise with concurrency (scale shifts the curve). */
function points(scale: number): SweepPoint[] {
  return [1, 4, 8, 16, 32].map((c) => ({
    ...{ concurrency: c, requestRate: null, rps: c * 0.5 * scale },
    ...{ outputTokensPerSec: c * 100 * scale, meanInputTokens: 300, meanOutputTokens: 200 },
    ttftMs: { mean: 50 + 20 * c, p99: 80 + 40 * c },
    itlMs: { mean: 10 + c, p95: 12 + 2 * c },
  }));
}

/** A small workbook with every kind of number the engine patches, and a formula chain. */
function plan(): PlanFile {
  const h100 = { name: "H100 TP4", gpu: "h100-sxm", gpusPerReplica: 4 };
  const l40s = { points: points(1) };
  const a100 = { chat: { points: points(2) }, docs: given(900) };
  return {
    format: "capplan.plan/v1",
    title: "incremental test",
    currency: "USD",
    cells: {
      ...{ peak: 50, gpu_hour: 20, l40s_hour: "=gpu_hour / 4", ttft_max: 1000 },
      ...{ pool_day: "=gpu_hour * 96", growth: 1 },
    },
    workloads: [
      { name: "chat", peakRps: "=peak * growth", avgRps: 16, inputTokens: 300, outputTokens: 300 },
      { name: "docs", peakRps: 10, inputTokens: 3000, outputTokens: 500 },
    ],
    slo: [
      { metric: "ttft", stat: "p99", maxMs: "=ttft_max" },
      { metric: "itl", stat: "p95", maxMs: 60 },
    ],
    sloMode: "interpolated",
    factors: { elasticity: 1.2, redundancy: 1.2 },
    skus: [
      { ...h100, pricePerGpuHour: "=gpu_hour", sweep: given(1500) },
      { name: "L40S", gpu: "l40s", gpusPerReplica: 1, pricePerGpuHour: "=l40s_hour", sweep: l40s },
      { name: "A100", gpu: "a100-sxm-80gb", gpusPerReplica: 2, pricePerGpuHour: 3, sweeps: a100 },
    ],
    tenants: {
      method: "tokens",
      idle: "proportional",
      pools: [
        { name: "main", costPerDay: "=pool_day" },
        { name: "l40s", sku: "L40S" },
      ],
      usage: [
        { team: "search", pool: "main", inputTokens: 1e7, outputTokens: 2e7 },
        { team: "support", pool: "main", inputTokens: 6e7, outputTokens: 4e7 },
        { team: "ads", pool: "l40s", inputTokens: 3e6, outputTokens: 1e6 },
        { team: "search", pool: "l40s", inputTokens: 2e6, outputTokens: 2e6 },
      ],
    },
  };
}

const fresh = (p: PlanFile) => computePlan(resolvePlan(p));
/** A copy of `start()` with the value at `path` set, as a user's edit would leave the file. */
function edited(path: string, value: unknown, start: () => PlanFile = plan): PlanFile {
  const p = structuredClone(start()) as unknown as Record<string, unknown>;
  setAtPath(p, path, value);
  return p as unknown as PlanFile;
}
/** A sweep of one given capacity per replica. */
const given = (n: number | string) => ({ replicaOutputTokensPerSec: n });
/** An inline sweep of these points, as the engine gets it from a plan. */
const inlineSweep = (points: unknown[]): Sweep =>
  ({
    ...{ label: "s", source: { files: [], format: "inline" }, points, warnings: [] },
    meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null },
  }) as unknown as Sweep;
const ttft = (maxMs: number) => [{ metric: "ttft" as const, stat: "p99", maxMs }];
/** SLO sets of one TTFT limit, every one on the same list object (the memo's key). */
function setsOf(maxMs: number) {
  const list = ttft(maxMs) as unknown as SloSet["list"];
  return (mode: SloSet["mode"], maxErrorRatePct: number): SloSet => ({
    list,
    slos: ttft(maxMs),
    mode,
    maxErrorRatePct,
  });
}
/** The rounded team costs of the first pool. */
const costs = (r: Pick<PlanResult, "tenants">) =>
  r.tenants!.pools[0]!.teams.map((t) => t.costRounded);

/** Apply `edits` to an incremental engine and to a plain copy; after each, both results are equal. */
function expectEditsMatchFresh(edits: readonly (readonly [string, unknown])[]): void {
  const engine = createPlanEngine(plan());
  const shadow = structuredClone(plan()) as unknown as Record<string, unknown>;
  for (const [path, value] of edits) {
    const got = engine.edit(path, value);
    setAtPath(shadow, path, value);
    expect(got).toStrictEqual(fresh(shadow as unknown as PlanFile));
  }
}

describe("incremental plan engine", () => {
  it("starts with the result of a fresh computation", () => {
    expect(createPlanEngine(plan()).result()).toStrictEqual(fresh(plan()));
  });

  it("a price cell edit recomputes only the SKUs that read it and keeps the others' results", () => {
    const engine = createPlanEngine(plan());
    const before = engine.result();
    // H100 TP4: workloads need 50×300 + 10×500 = 20,000 output tok/s at peak; capacity 1,500 tok/s
    // → 13.33 base replicas × 1.2 × 1.2 = 19.2 → 20 replicas × 4 GPUs = 80 GPUs × 20 = 1,600 /h.
    expect(before.skus[0]!.capacity?.costPerHour).toBeCloseTo(1600, 9);
    const after = engine.edit("cells.gpu_hour", 25);
    // Same 80 GPUs at 25 /h = 2,000 /h; the L40S price "=gpu_hour / 4" follows: 6.25 /h.
    expect(after.skus[0]!.capacity?.costPerHour).toBeCloseTo(2000, 9);
    expect(after.skus[1]!.pricePerGpuHour).toBe(6.25);
    // A100 (price 3, not a formula of gpu_hour) is the very same result object: not recomputed.
    expect(after.skus[2]).toBe(before.skus[2]);
    // Pool "main" costs =gpu_hour * 96 = 2,400 a day now; search has 3e7 of its 1.3e8 tokens:
    // 2400 × 3e7 / 1.3e8 = 553.846… → 553.85.
    const main = after.tenants!.pools.find((p) => p.name === "main")!;
    expect(main.teams.find((t) => t.name === "search")!.costRounded).toBe(553.85);
    expect(after).toStrictEqual(fresh(edited("cells.gpu_hour", 25)));
  });

  it("a team's tokens edit keeps every SKU result", () => {
    const engine = createPlanEngine(plan());
    const before = engine.result();
    const after = engine.edit("tenants.usage[1].inputTokens", 1e7);
    after.skus.forEach((s, i) => expect(s).toBe(before.skus[i]));
    // main = 20 × 96 = 1,920 a day; search 3e7 and support 5e7 of 8e7 tokens: 1920 × 3/8 = 720.
    const main = after.tenants!.pools.find((p) => p.name === "main")!;
    expect(main.teams.find((t) => t.name === "search")!.costRounded).toBe(720);
  });

  it("a sweep point set to Infinity after a formula is an error of its cell, fresh and incremental alike", () => {
    // Found by the random-edit property below: the incremental engine flagged the cell, a fresh
    // evaluation silently dropped the value (the statistic looked merely missing).
    const p99 = "skus[1].sweep.points[2].ttftMs.p99";
    expectEditsMatchFresh([
      [p99, "=peak * 2"],
      [p99, Infinity],
      ["cells.peak", "=peak * 2"],
    ]);
    const errors = fresh(edited(p99, Infinity)).errors;
    expect(errors.find((e) => e.path === p99)?.kind).toBe("VALUE");
  });

  it("random edits give the same result as evaluating the edited plan from scratch", () => {
    const paths = [
      ...words(`cells.peak cells.gpu_hour cells.l40s_hour cells.ttft_max cells.pool_day cells.growth
        workloads[0].avgRps workloads[1].peakRps workloads[1].outputTokens slo[0].maxMs slo[1].maxMs
        factors.elasticity factors.redundancy skus[0].pricePerGpuHour skus[1].gpusPerReplica
        skus[2].pricePerGpuHour skus[0].sweep.replicaOutputTokensPerSec
        skus[1].sweep.points[2].ttftMs.p99 tenants.pools[0].costPerDay tenants.usage[0].inputTokens
        tenants.usage[3].outputTokens sloMode cells.fresh_cell`),
      // Fields that are plain numbers (not sheet entries) or absent, and a given capacity per workload.
      ...words(`workloads[0].dailyRequests tenants.pools[1].capacityTokensPerDay
        tenants.usage[2].inputTokens skus[2].sweeps.docs.replicaOutputTokensPerSec
        skus[2].gpusPerReplica tenants.idle`),
    ];
    const raw = fc.oneof(
      fc.double({ min: -10, max: 5000, noNaN: true }),
      fc.integer({ min: 0, max: 3000 }),
      fc.constantFrom<unknown>(
        ...["=peak * 2", "=gpu_hour + 1", "=nosuch * 2", "=l40s_hour * 3", "=growth", "oops"],
        ...["1,500", "interpolated", "measured", "separate", Infinity, "=peak * 1e5"],
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...paths), raw), { minLength: 1, maxLength: 8 }),
        (edits) => expectEditsMatchFresh(edits),
      ),
      // Under mutation testing (CAPPLAN_MUTATION, docs/mutation-testing.md) fewer cases: this test covers every
      // mutant of the plan pipeline, and a mutant outside incremental.ts changes the fresh and the incremental
      // result alike, so it would cost 18 s per mutant and kill nothing more.
      { numRuns: process.env.CAPPLAN_MUTATION ? 60 : 250 },
    );
  });

  it("an SLO edit recomputes operating points but keeps each sweep's zones and findings", () => {
    const engine = createPlanEngine(plan());
    const before = engine.result();
    const after = engine.edit("cells.ttft_max", 300);
    expect(after).toStrictEqual(fresh(edited("cells.ttft_max", 300)));
    // L40S sweep: TTFT p99 = 80 + 40c; 300 ms is reached between c = 4 (240 ms) and c = 8 (400 ms):
    // t = (300 − 240) / (400 − 240) = 0.375 → concurrency 4 + 0.375 × 4 = 5.5 (interpolated).
    expect(after.skus[1]!.workloads[0]!.operatingPoint!.concurrency).toBeCloseTo(5.5, 12);
    // Zones and findings do not depend on the SLOs: the same objects as before the edit.
    expect(after.skus[1]!.workloads[0]!.zones).toBe(before.skus[1]!.workloads[0]!.zones);
    expect(after.skus[1]!.workloads[0]!.findings).toBe(before.skus[1]!.workloads[0]!.findings);
  });

  it("a team's tokens edit re-allocates its pool only; an edit that leaves the pools and usage alone reuses the allocation", () => {
    const engine = createPlanEngine(plan());
    const before = engine.result();
    // ads is in pool l40s: its 4e6 tokens become 8e6 (search keeps 4e6 there).
    const after = engine.edit("tenants.usage[2].inputTokens", 7e6);
    const main = (r: typeof before) => r.tenants!.pools.find((x) => x.name === "main")!;
    const l40s = (r: typeof before) => r.tenants!.pools.find((x) => x.name === "l40s")!;
    expect(main(after)).toStrictEqual(main(before));
    // The unchanged pool is the memoised allocation (incremental.ts memoPools), the edited one is new.
    expect(main(after)).toBe(main(before));
    expect(l40s(after)).not.toStrictEqual(l40s(before));
    // An SLO edit that moves no pool cost: the allocation is the memoised one (incremental.ts memoTenants).
    const slo = engine.edit("cells.ttft_max", 299);
    if (slo.tenants!.pools.every((x, i) => x.cost === after.tenants!.pools[i]!.cost))
      expect(slo.tenants).toBe(after.tenants);
    // ads now has 8e6 of the pool's 1.2e7 tokens: share 2/3.
    expect(l40s(after).teams.find((t) => t.name === "ads")!.share).toBeCloseTo(2 / 3, 12);
    expect(after).toStrictEqual(fresh(edited("tenants.usage[2].inputTokens", 7e6)));
  });
});

describe("the engine after a chain of edits, and its memos, checked by hand", () => {
  /**
   * The incremental plan engine after a chain of edits, checked against hand-calculated numbers
   * (issue #15): the older incremental tests mostly compare the engine with a fresh run of itself,
   * which cannot fail when both compute the same wrong number.
   */
  /** [concurrency, output tok/s, TTFT p99 ms] of the four levels; every request 200 in, 100 out. */
  const handPoints = [
    [1, 100, 200],
    [2, 190, 400],
    [4, 350, 900],
    [8, 500, 1500],
  ].map(([concurrency, outputTokensPerSec, p99]) => ({
    ...{ concurrency, requestRate: null, outputTokensPerSec },
    ...{ meanInputTokens: 200, meanOutputTokens: 100, ttftMs: { p99 } },
  }));
  /** One SKU (2 GPUs per replica at 3 per GPU-hour) with a four-level sweep; one workload of 20 RPS × 100 output tokens. */
  function plan(): PlanFile {
    const sweepS = { points: handPoints };
    return {
      format: "capplan.plan/v1",
      title: "incremental by hand",
      currency: "USD",
      cells: {},
      workloads: [{ name: "chat", peakRps: 20, inputTokens: 200, outputTokens: 100 }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      sloMode: "measured",
      factors: { elasticity: 1, redundancy: 1 },
      skus: [{ name: "S", gpu: "h100-sxm", gpusPerReplica: 2, pricePerGpuHour: 3, sweep: sweepS }],
    } as PlanFile;
  }

  /** [operating point concurrency, its output tok/s, replicas, GPUs, cost per hour] of the SKU. */
  const row = (r: PlanResult) => {
    const { operatingPoint: op, capacity: c } = r.skus[0]!;
    return [op?.concurrency, op?.outputTokensPerSec, c?.replicas, c?.gpus, c?.costPerHour];
  };

  describe("incremental engine, edit after edit", () => {
    it("SLO limit, SLO mode, peak, redundancy and price edits give the hand-calculated plan each time", () => {
      const engine = createPlanEngine(plan());
      // TTFT ≤ 1000: c=4 passes (900), c=8 fails (1500) → 350 tok/s; 20 × 100 = 2000 tok/s → 5.71 → 6 replicas, 12 GPUs, 36 /h
      expect(row(engine.result())).toEqual([4, 350, 6, 12, 36]);
      // TTFT ≤ 1500: every level passes → c=8, 500 tok/s → 4 replicas, 8 GPUs, 24 /h
      expect(row(engine.edit("slo[0].maxMs", 1500))).toEqual([8, 500, 4, 8, 24]);
      // TTFT ≤ 1200 interpolated: 900 → 1500 crosses at t = 0.5 → c = 6, 425 tok/s → 2000 / 425 = 4.71 → 5 replicas
      engine.edit("slo[0].maxMs", 1200);
      expect(row(engine.edit("sloMode", "interpolated"))).toEqual([6, 425, 5, 10, 30]);
      // 17 RPS: 1700 / 425 = 4 exactly → 4 replicas
      expect(row(engine.edit("workloads[0].peakRps", 17))).toEqual([6, 425, 4, 8, 24]);
      // redundancy 1.3: 4 × 1.3 = 5.2 → 6 replicas
      expect(row(engine.edit("factors.redundancy", 1.3))).toEqual([6, 425, 6, 12, 36]);
      // price 5: 12 GPUs × 5 = 60 /h; per 1M output tokens at capacity 2 × 5 / (425 × 3600) × 1e6 = 6.5359
      const priced = engine.edit("skus[0].pricePerGpuHour", 5);
      expect(row(priced)).toEqual([6, 425, 6, 12, 60]);
      const cap = priced.skus[0]!.capacity;
      expect(cap?.costPerMillionOutputTokens).toBeCloseTo(1e7 / (425 * 3600), 10);
      expect(cap?.costPerDay).toBe(1440);
    });
  });

  // ——— The memoisers and the patching, each against a plain function and hand values (issue #15) ———

  /** Pool "p": 100 a day, 1,000 tokens a day of capacity, 2 replicas; a: 100 in + 200 out, b: 300 in + 0 out (1 reserved). */
  const rawPool = (): AllocationPoolInput => ({
    ...noCap,
    capacityTokensPerDay: 1000,
    replicas: 2,
  });
  const noCap = { name: "p", costPerDay: 100 };
  const names = (): string[] => ["a", "b"];
  const sums = (): TeamSums[] => [
    { inT: 100, outT: 200, reserved: null },
    { inT: 300, outT: 0, reserved: 1 },
  ];
  const ctx = (over: Partial<PoolContext> = {}): PoolContext => ({
    ...{ wi: 1, wo: 1, idle: "proportional", basis: "usage", currency: "USD", digits: 2 },
    ...over,
  });
  const teamCosts = (p: PoolPart) => p.pool.teams.map((t) => t.cost);
  /** A memo that has allocated the standard pool once (under `c`), and that first part. */
  const primed = (c = ctx()) => {
    const m = memoPools();
    return { m, first: m(rawPool(), names(), sums(), c) };
  };

  describe("memoPools", () => {
    it("a second call with equal inputs (fresh copies) gives the same part; the first equals allocatePool's", () => {
      const { m, first } = primed();
      expect(first).toStrictEqual(allocatePool(rawPool(), names(), sums(), ctx()));
      // w = 300 and 300 → 50 each; used replicas 300 / 1000 × 2 = 0.6
      expect(teamCosts(first)).toEqual([50, 50]);
      expect(first.pool.teams.map((t) => t.usedReplicas)).toEqual([0.6, 0.6]);
      expect(m(rawPool(), names(), sums(), ctx())).toBe(first);
      // Absent capacity and replicas equal null ones.
      const bare = { name: "q", costPerDay: 10 };
      const q = m(bare, ["a"], [{ inT: 1, outT: 1, reserved: null }], ctx());
      const nulls = { ...bare, capacityTokensPerDay: null, replicas: null };
      expect(m(nulls, ["a"], [{ inT: 1, outT: 1, reserved: null }], ctx())).toBe(q);
    });

    it("pools are memoised by name: another pool's call in between does not evict the first", () => {
      const { m, first } = primed();
      m({ ...rawPool(), name: "other", costPerDay: 7 }, names(), sums(), ctx());
      expect(m(rawPool(), names(), sums(), ctx())).toBe(first);
    });

    it("the memo is bounded: it keeps up to 1,001 pool names and forgets them all when a 1,002nd comes", () => {
      const { m, first } = primed();
      for (let i = 1; i <= 1000; i++) m({ ...rawPool(), name: `p${i}` }, names(), sums(), ctx());
      // 1,001 names kept: "p" is still the memoised part
      expect(m(rawPool(), names(), sums(), ctx())).toBe(first);
      m({ ...rawPool(), name: "p1001" }, names(), sums(), ctx());
      const again = m(rawPool(), names(), sums(), ctx());
      expect(again).not.toBe(first);
      expect(again).toStrictEqual(first);
    });

    /** [change, pool, team names, team sums, context, hand costs, used replicas where checked] */
    type Used = (number | null)[];
    type Args = [AllocationPoolInput, string[], TeamSums[], PoolContext];
    type Variant = [string, ...Args, number[], Used?];
    const [N, S, C] = [names(), sums(), ctx()];
    const [a, b] = sums() as [TeamSums, TeamSums];
    const R = rawPool();
    const pct = (x: number, of: number) => (x / of) * 100;
    const variants: Variant[] = [
      ["cost 60", { ...R, costPerDay: 60 }, N, S, C, [30, 30]],
      // capacity and replicas change the used replicas only, not the usage split:
      // 300 / 600 × 2 = 1, 300 / 1,000 × 4 = 1.2, none without either
      ["capacity 600", { ...R, capacityTokensPerDay: 600 }, N, S, C, [50, 50], [1, 1]],
      ["no capacity", { ...noCap, replicas: 2 }, N, S, C, [50, 50], [null, null]],
      ["replicas 4", { ...R, replicas: 4 }, N, S, C, [50, 50], [1.2, 1.2]],
      ["no replicas", { ...noCap, capacityTokensPerDay: 1000 }, N, S, C, [50, 50], [null, null]],
      // input weight 2: 200 + 200 = 400 and 600 of 1,000
      ["input weight 2", R, N, S, ctx({ wi: 2 }), [40, 60]],
      // output weight 0: 100 and 300 of 400
      ["output weight 0", R, N, S, ctx({ wo: 0 }), [25, 75]],
      // separate idle: 100 / 1,000 per token → 30 each, 40 idle
      ["separate idle", R, N, S, ctx({ idle: "separate" }), [30, 30]],
      // reservation: max(reserved, used) = 0.6 and 1 of 1.6 replicas → 37.5 and 62.5
      ["reservation basis", R, N, S, ctx({ basis: "reservation" }), [pct(0.6, 1.6), pct(1, 1.6)]],
      ["team names swapped", R, ["b", "a"], S, C, [50, 50]],
      ["another team name", R, ["a", "c"], S, C, [50, 50]],
      ["one team fewer", R, ["a"], [a], C, [100]],
      // a's input 200: 400 and 300 of 700
      ["a's input tokens", R, N, [{ ...a, inT: 200 }, b], C, [pct(400, 700), pct(300, 700)]],
      // b's output 100: 300 and 400 of 700
      ["b's output tokens", R, N, [a, { ...b, outT: 100 }], C, [pct(300, 700), pct(400, 700)]],
    ];

    it("a team more than last time is allocated again", () => {
      const m = memoPools();
      const one = m(rawPool(), ["a"], sums().slice(0, 1), ctx());
      // a alone: 100
      expect(teamCosts(one)).toEqual([100]);
      const two = m(rawPool(), names(), sums(), ctx());
      expect(teamCosts(two)).toEqual([50, 50]);
    });

    it.each(variants)(
      "after the first call, a change of %s re-allocates: allocatePool's part, the hand costs (and the used replicas: capacity and replicas reach them)",
      (_what, raw, n, s, c, costs, used) => {
        const { m, first } = primed();
        const again = m(raw, n, s, c);
        expect(again).not.toBe(first);
        expect(again).toStrictEqual(allocatePool(raw, n, s, c));
        expect(teamCosts(again)).toEqual(costs);
        if (used) expect(again.pool.teams.map((t) => t.usedReplicas)).toEqual(used);
      },
    );

    it("b's reserved replicas under the reservation basis: 0.6 and 3 billed of 2 → oversubscribed, 100 × 0.6 / 3.6 and 100 × 3 / 3.6", () => {
      const c = ctx({ basis: "reservation" });
      const { m } = primed(c);
      const s = [sums()[0]!, { inT: 300, outT: 0, reserved: 3 }];
      const part = m(rawPool(), names(), s, c);
      expect(part).toStrictEqual(allocatePool(rawPool(), names(), s, c));
      expect(teamCosts(part)[0]).toBeCloseTo(100 / 6, 12);
      expect(teamCosts(part)[1]).toBeCloseTo(500 / 6, 12);
    });

    it("currency and decimal digits are part of the key: a pool without usage says its idle cost in the new currency, rounded to the new digits", () => {
      const zero = (): TeamSums[] => [{ inT: 0, outT: 0, reserved: null }];
      const p = () => ({ name: "p", costPerDay: 100.5 });
      const m = memoPools();
      const usd = m(p(), ["a"], zero(), ctx());
      expect(usd.warnings[0]!.params).toMatchObject({ currency: "USD", cost: 100.5 });
      const eur = m(p(), ["a"], zero(), ctx({ currency: "EUR" }));
      expect(eur.warnings[0]!.params).toMatchObject({ currency: "EUR" });
      expect(eur.pool.idleRounded).toBe(100.5);
      const whole = m(p(), ["a"], zero(), ctx({ currency: "EUR", digits: 0 }));
      expect(whole).toStrictEqual(
        allocatePool(p(), ["a"], zero(), ctx({ currency: "EUR", digits: 0 })),
      );
      expect(whole.pool.costRounded).not.toBe(100.5);
      expect(Number.isInteger(whole.pool.costRounded)).toBe(true);
    });
  });

  /** One SKU-free plan with two pools of given costs and three usage rows (tokens method, proportional idle). */
  function tenantsPlan(): PlanFile {
    return {
      format: "capplan.plan/v1",
      title: "tenants by hand",
      currency: "USD",
      workloads: [{ name: "chat", peakRps: 20, inputTokens: 200, outputTokens: 100 }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [{ name: "S", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: given(1000) }],
      tenants: {
        method: "tokens",
        idle: "proportional",
        pools: [
          { name: "main", costPerDay: 100 },
          { name: "empty", costPerDay: 50 },
        ],
        usage: [
          { team: "a", pool: "main", inputTokens: 1e6, outputTokens: 3e6 },
          { team: "b", pool: "main", inputTokens: 1e6, outputTokens: 1e6 },
        ],
      },
    } as PlanFile;
  }

  const call = (m: ReturnType<typeof memoTenants>, r: ResolvedPlan, before: TenantError[] = []) =>
    m(r, [], null, [], before);
  const plain = (r: ResolvedPlan, before: TenantError[] = []) =>
    computeTenants(r, [], null, [], before);

  describe("memoTenants", () => {
    it("gives computeTenants' output; a call with the same resolved tenants reuses the allocation; a new currency does not", () => {
      const r = resolvePlan(tenantsPlan());
      const m = memoTenants();
      const first = call(m, r);
      expect(first).toStrictEqual(plain(r));
      // a: 4e6 of 6e6 tokens of 100 → 66.67, b: 33.33; pool "empty" has no usage: its 50 are idle
      expect(costs(first)).toEqual([66.67, 33.33]);
      expect(enW(first)).toEqual(['pool "empty": no usage; the whole cost (50 USD) is idle']);
      const second = call(m, r);
      expect(second.tenants).toBe(first.tenants);
      expect(second).toStrictEqual(first);
      // A new currency with the same tenants object is allocated again.
      const eur = { ...r, currency: "EUR" };
      const out = call(m, eur);
      expect(out).toStrictEqual(plain(eur));
      expect(enW(out)).toEqual(['pool "empty": no usage; the whole cost (50 EUR) is idle']);
    });

    it("new tenants with equal pools, or new errors before, are allocated again", () => {
      const r = resolvePlan(tenantsPlan());
      const m = memoTenants();
      const first = call(m, r);
      // b's output tokens 3e6: 4e6 each → 50 and 50
      const usage = r.tenants!.usage.map((u, i) => (i === 1 ? { ...u, outputTokens: 3e6 } : u));
      const edited = { ...r, tenants: { ...r.tenants!, usage } };
      const out = call(m, edited);
      expect(costs(out)).toEqual([50, 50]);
      expect(out).toStrictEqual(plain(edited));
      // An error before that names a usage row: the row is left out by the allocation (its tokens are not numbers
      // in that case); here the list of errors alone changes, so the output must be computed again.
      const errs = (text: string): TenantError[] => [
        { path: "tenants.usage[0]", kind: "VALUE", problem: textProblem(text, "error") },
      ];
      expect(call(m, edited, errs("x"))).toStrictEqual(plain(edited, errs("x")));
      expect(call(m, edited, errs("y"))).toStrictEqual(plain(edited, errs("y")));
      expect(first.tenants).not.toBe(out.tenants);
    });

    it("a changed pool cost with the same tenants object is allocated again", () => {
      const r = resolvePlan(tenantsPlan());
      const m = memoTenants();
      call(m, r);
      const pools = r.tenants!.pools.map((p, i) => (i === 0 ? { ...p, costPerDay: 60 } : p));
      // the tenants object is new here, but keep it the same to test the pools comparison alone
      const t = r.tenants! as { pools: typeof pools };
      const saved = t.pools;
      t.pools = pools;
      try {
        const out = call(m, r);
        // a: 4/6 of 60 = 40, b: 20
        expect(costs(out)).toEqual([40, 20]);
        expect(out).toStrictEqual(plain(r));
      } finally {
        t.pools = saved;
      }
    });
  });

  describe("memoTenants: what else makes it allocate again", () => {
    /** tenantsPlan() resolved with usage row 0's input tokens not a number (as after a formula error). */
    const brokenRow = (): ResolvedPlan => {
      const r = resolvePlan(tenantsPlan());
      const usage = r.tenants!.usage.map((u, i) => (i === 0 ? { ...u, inputTokens: null } : u));
      return { ...r, tenants: { ...r.tenants!, usage } } as unknown as ResolvedPlan;
    };
    const problem = textProblem("formula error", "error");
    const err = (path: string): TenantError => ({ path, kind: "VALUE", problem });

    it("errors before that name a broken usage row silence its own error: more errors, or other paths, are allocated again", () => {
      const r = brokenRow();
      const m = memoTenants();
      const own = call(m, r);
      expect(own).toStrictEqual(plain(r));
      expect(own.errors.map((e) => e.path)).toEqual(["tenants.usage[0]"]);
      // the row is named by an error before: no error of its own
      const named = call(m, r, [err("tenants.usage[0]")]);
      expect(named.errors).toEqual([]);
      expect(named).toStrictEqual(plain(r, [err("tenants.usage[0]")]));
      // as many errors before, naming another path: the row's own error is back
      const other = call(m, r, [err("tenants.usage[5]")]);
      expect(other.errors.map((e) => e.path)).toEqual(["tenants.usage[0]"]);
      // fewer errors before again
      expect(call(m, r).errors.map((e) => e.path)).toEqual(["tenants.usage[0]"]);
    });

    it("pools priced differently with the same tenants object (capacity, replicas, name: as SKU-backed pools after an SLO edit)", () => {
      const r = resolvePlan(tenantsPlan());
      const t = r.tenants! as unknown as { pools: Record<string, unknown>[]; idle: string };
      const saved = t.pools;
      const m = memoTenants();
      const first = (over: Record<string, unknown>) =>
        (t.pools = [{ ...saved[0]!, ...over }, saved[1]!]);
      try {
        t.idle = "separate";
        first({ capacityTokensPerDay: 1e7 });
        // separate idle: 100 / 1e7 per token → a 4e6 × 1e-5 = 40, b 20, idle 40
        expect(costs(call(m, r))).toEqual([40, 20]);
        first({ capacityTokensPerDay: 2e7 });
        const cap = call(m, r);
        expect(cap).toStrictEqual(plain(r));
        expect(costs(cap)).toEqual([20, 10]);
        first({ capacityTokensPerDay: 2e7, replicas: 4 });
        const reps = call(m, r);
        expect(reps).toStrictEqual(plain(r));
        expect(reps.tenants!.pools[0]!.replicas).toBe(4);
        first({ capacityTokensPerDay: 2e7, replicas: 4, name: "renamed" });
        const renamed = call(m, r);
        expect(renamed).toStrictEqual(plain(r));
        expect(renamed.tenants!.pools.map((p) => p.name)).toEqual(["renamed", "empty"]);
      } finally {
        t.pools = saved;
      }
    });
  });

  describe("memoAnalyzer keys", () => {
    // [concurrency, rps, output tok/s, TTFT p99, completed, failed]
    const sweep = inlineSweep(
      [
        [1, 1, 100, 100, 100, 0],
        [2, 1.9, 190, 200, 100, 0],
        [4, 3, 300, 400, 95, 5],
      ].map(([concurrency, rps, outputTokensPerSec, p99, completed, failed]) => ({
        ...{ concurrency, requestRate: null, rps, outputTokensPerSec, ttftMs: { p99 } },
        ...{ completed, failed },
      })),
    );
    const set = setsOf(300);

    it("the same SLO list with another mode gives the other mode's point: measured c = 2, interpolated c = 3", () => {
      const m = memoAnalyzer();
      const b = m.base(sweep);
      expect(m.operatingPoint(sweep, b, set("measured", 10)).outputTokensPerSec).toBe(190);
      const op = m.operatingPoint(sweep, b, set("interpolated", 10));
      expect(op).toStrictEqual(plainAnalyzer.operatingPoint(sweep, b, set("interpolated", 10)));
      // 300 ms is halfway from 200 ms (c = 2) to 400 ms (c = 4): 190 + 0.5 × 110 = 245 tok/s
      expect(op.outputTokensPerSec).toBe(245);
    });

    it("the same SLO list with another error-rate limit: 5 % failed at c = 4 passes 10 % but not 1 %", () => {
      const m = memoAnalyzer();
      const b = m.base(sweep);
      const loose = setsOf(1000);
      const s = (pct: number) => loose("measured", pct);
      expect(m.operatingPoint(sweep, b, s(10)).outputTokensPerSec).toBe(300);
      const strict = m.operatingPoint(sweep, b, s(1));
      expect(strict).toStrictEqual(plainAnalyzer.operatingPoint(sweep, b, s(1)));
      expect(strict.outputTokensPerSec).toBe(190);
      // back to 10: computed again, not the 1 % answer
      expect(m.operatingPoint(sweep, b, s(10)).outputTokensPerSec).toBe(300);
    });

    it("each sweep's base is kept by its points array: another array is analysed on its own", () => {
      const m = memoAnalyzer();
      const b1 = m.base(sweep);
      const other = { ...sweep, points: sweep.points.slice(0, 2) };
      const b2 = m.base(other);
      expect(b2).not.toBe(b1);
      expect(b2).toStrictEqual(analyzeSweep(other));
      expect(m.base(sweep)).toBe(b1);
    });
  });

  /** plan() with a second SKU T (1 GPU at 2 per hour, 1,000 tok/s per replica), a cell and the tenants of tenantsPlan(). */
  function richPlan(): PlanFile {
    const p = plan();
    p.cells = { price: 3, limit: 1000 };
    p.skus![0]!.pricePerGpuHour = "=price";
    p.slo = [{ metric: "ttft", stat: "p99", maxMs: "=limit" }];
    p.skus!.push({ name: "T", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: given(1000) } as never);
    p.tenants = tenantsPlan().tenants!;
    return p;
  }

  describe("incremental engine: what an edit recomputes, checked by hand", () => {
    it("the start: S as in plan() (6 replicas, 36 /h), T 2,000 / 1,000 = 2 replicas at 2 /h = 4 /h, teams 66.67 / 33.33; a price edit of S recomputes S only: T is the same result object", () => {
      const e = createPlanEngine(richPlan());
      const before = e.result();
      expect(row(before)).toEqual([4, 350, 6, 12, 36]);
      expect(before.skus[1]!.capacity?.costPerHour).toBe(4);
      expect(costs(before)).toEqual([66.67, 33.33]);
      const after = e.edit("cells.price", 5);
      // 12 GPUs × 5 = 60 /h
      expect(row(after)).toEqual([4, 350, 6, 12, 60]);
      expect(after.skus[1]).toBe(before.skus[1]);
      expect(after.skus[0]).not.toBe(before.skus[0]);
      const t = e.edit("skus[1].pricePerGpuHour", 3);
      // T: 2 GPUs × 3 = 6 /h; S untouched
      expect(t.skus[1]!.capacity?.costPerHour).toBe(6);
      expect(t.skus[0]).toBe(after.skus[0]);
    });

    it("a workload or SLO edit recomputes every SKU", () => {
      const e = createPlanEngine(richPlan());
      const before = e.result();
      // 10 RPS × 100 = 1,000 tok/s: S 1,000 / 350 = 2.86 → 3 replicas, 6 GPUs, 18 /h; T 1 replica, 2 /h
      const after = e.edit("workloads[0].peakRps", 10);
      expect(row(after)).toEqual([4, 350, 3, 6, 18]);
      expect(after.skus[1]!.capacity?.costPerHour).toBe(2);
      expect(after.skus[1]).not.toBe(before.skus[1]);
      // limit 1,500: S at c = 8, 500 tok/s → 2 replicas, 4 GPUs, 12 /h
      const slo = e.edit("cells.limit", 1500);
      expect(row(slo)).toEqual([8, 500, 2, 4, 12]);
      expect(slo.skus[1]).not.toBe(after.skus[1]);
    });

    it("a team's tokens edit keeps every SKU result and re-allocates: b 4e6 of 8e6 → 50 / 50", () => {
      const e = createPlanEngine(richPlan());
      const before = e.result();
      const after = e.edit("tenants.usage[1].outputTokens", 3e6);
      expect(costs(after)).toEqual([50, 50]);
      after.skus.forEach((s, i) => expect(s).toBe(before.skus[i]));
    });

    it("the resolved plan before an edit is left as it was (containers are copied on write), the new one equals a fresh resolve", () => {
      const e = createPlanEngine(richPlan());
      const edits = Object.entries({
        "cells.price": 4,
        "workloads[0].peakRps": 12,
        "factors.redundancy": 1.5,
        "factors.elasticity": 1.1,
        "skus[1].pricePerGpuHour": 2.5,
        "tenants.usage[1].inputTokens": 2e6,
        "tenants.pools[0].costPerDay": 120,
        "slo[0].maxMs": 1200,
      });
      const shadow = richPlan() as unknown as Record<string, unknown>;
      for (const [path, value] of edits) {
        const old = e.resolved();
        const copy = structuredClone(old);
        e.edit(path, value);
        expect(old, path).toStrictEqual(copy);
        setAtPath(shadow, path, value);
        expect(e.resolved(), path).toStrictEqual(
          resolvePlan(structuredClone(shadow) as unknown as PlanFile),
        );
      }
      // by hand after all edits: 12 RPS × 100 = 1,200 tok/s; limit 1,200 measured → c = 4, 350 tok/s;
      // 1,200 / 350 = 3.43 × 1.1 × 1.5 = 5.66 → 6 replicas, 12 GPUs × 4 = 48 /h
      expect(row(e.result())).toEqual([4, 350, 6, 12, 48]);
      // a: 4e6, b: 2e6 + 1e6 = 3e6 of 7e6 tokens of 120 → 68.57 and 51.43
      expect(costs(e.result())).toEqual([68.57, 51.43]);
    });

    it("two edits in a row to fields of one container both stay", () => {
      const e = createPlanEngine(richPlan());
      e.edit("factors.redundancy", 1.3);
      e.edit("factors.elasticity", 1);
      // 2000 / 350 = 5.71 × 1.3 = 7.43 → 8 replicas
      expect(row(e.result())).toEqual([4, 350, 8, 16, 48]);
      expect(e.resolved().redundancy).toEqual({ factor: 1.3 });
    });

    it("an edit that cannot be applied returns the very same result; a weight edit under the tokens method is not patched into the resolved plan and changes nothing", () => {
      const e = createPlanEngine(richPlan());
      const r0 = e.result();
      expect(e.edit("skus[", 5)).toBe(r0);
      expect(e.edit("cells..x", "text")).toBe(r0);
      expect(e.result()).toBe(r0);
      const r = e.edit("tenants.inputWeight", 3);
      expect(costs(r)).toEqual([66.67, 33.33]);
      expect(e.resolved()).toStrictEqual(resolvePlan(edited("tenants.inputWeight", 3, richPlan)));
      // the weighted method (a structural edit) then reads it: a 3e6 + 3e6 = 6e6, b 3e6 + 1e6 = 4e6 → 60 / 40
      expect(costs(e.edit("tenants.method", "weighted"))).toEqual([60, 40]);
      // and a further weight edit is patched: weight 1 → 4e6 / 2e6 → 66.67 / 33.33
      expect(costs(e.edit("tenants.inputWeight", 1))).toEqual([66.67, 33.33]);
    });

    it("a formula error and its repair: the error is reported, then gone, with the repaired numbers", () => {
      const e = createPlanEngine(richPlan());
      const broken = e.edit("cells.price", "=nosuch * 2");
      expect(broken.errors.map((x) => x.path)).toContain("cells.price");
      const fixed = e.edit("cells.price", 4);
      expect(fixed.errors).toEqual([]);
      // 12 GPUs × 4 = 48 /h
      expect(row(fixed)).toEqual([4, 350, 6, 12, 48]);
      // a dependent of a broken cell: limit reads price; fixing price fixes limit too
      const p = richPlan();
      p.cells = { price: "oops", limit: "=price * 300" };
      const e2 = createPlanEngine(p);
      expect(e2.result().errors.length).toBeGreaterThan(0);
      // price 4 → limit 1,200 → c = 4 (900 ms) passes, c = 8 (1,500 ms) fails: 350 tok/s, 6 replicas, 12 GPUs × 4
      const ok = e2.edit("cells.price", 4);
      expect(ok.errors).toEqual([]);
      expect(row(ok)).toEqual([4, 350, 6, 12, 48]);
    });

    it("switching the redundancy between a factor and spare replicas re-resolves the plan", () => {
      const e = createPlanEngine(richPlan());
      // spare 2 on top of ⌈5.71⌉ = 6 → 8 replicas, 16 GPUs × 3 = 48 /h
      const spare = e.edit("factors.redundancy.spare", 2);
      expect(row(spare)).toEqual([4, 350, 8, 16, 48]);
      expect(e.resolved().redundancy).toEqual({ spare: 2 });
      // back to a factor 1.3: 5.71 × 1.3 = 7.43 → 8 replicas
      const factor = e.edit("factors.redundancy", 1.3);
      expect(row(factor)).toEqual([4, 350, 8, 16, 48]);
      expect(e.resolved().redundancy).toEqual({ factor: 1.3 });
      // factor 1: 6 replicas
      expect(row(e.edit("factors.redundancy", 1))).toEqual([4, 350, 6, 12, 36]);
    });

    it("an edit to null is structural: the field is gone, as in a fresh plan", () => {
      const e = createPlanEngine(richPlan());
      const r = e.edit("workloads[0].peakRps", null);
      expect(r).toStrictEqual(fresh(edited("workloads[0].peakRps", null, richPlan)));
      expect(r.errors.length).toBeGreaterThan(0);
    });

    it("a plain number edited to Infinity or a string is judged like a fresh plan would", () => {
      const e = createPlanEngine(richPlan());
      const inf = e.edit("workloads[0].peakRps", Number.POSITIVE_INFINITY);
      const p = edited("workloads[0].peakRps", Number.POSITIVE_INFINITY, richPlan);
      expect(inf).toStrictEqual(fresh(p));
      expect(inf.errors.map((x) => x.path)).toContain("workloads[0].peakRps");
      const back = e.edit("workloads[0].peakRps", 10);
      expect(back.errors).toEqual([]);
      expect(row(back)).toEqual([4, 350, 3, 6, 18]);
    });
  });
});

describe("edits that stay incremental, and an edit whose place is not in the resolved plan", () => {
  /**
   * The incremental plan engine (src/engine/plan/incremental.ts), round 3 of issue #15: edits that stay
   * incremental (a SKU the edit does not touch is the very same result object, as a fresh run's
   * numbers say it should be): a cell rewritten as a formula that names no computed result, and a
   * weight of a split that does not use weights.
   */
  /** chat: 10 req/s × 250 output tokens = 2,500 tok/s. A: 500 tok/s a replica, 2 GPUs at `=gpu` (2) an hour; B: 250 tok/s, 1 GPU at 3. */
  function plan(over: Partial<PlanFile> = {}): PlanFile {
    return {
      format: "capplan.plan/v1",
      currency: "USD",
      cells: { gpu: 2 },
      workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      factors: { elasticity: 1, redundancy: 1 },
      skus: [
        { name: "A", gpusPerReplica: 2, pricePerGpuHour: "=gpu", sweep: given(500) },
        { name: "B", gpusPerReplica: 1, pricePerGpuHour: 3, sweep: given(250) },
      ],
      ...over,
    } as PlanFile;
  }
  const fresh = (p: PlanFile) => computePlan(resolvePlan(structuredClone(p)));

  describe("edits that stay incremental", () => {
    it("a cell rewritten as a formula (=1+4, no <id>_tok_s): A is recomputed (5 replicas × 2 GPUs × 5 = 50 an hour), B is kept as it was", () => {
      const engine = createPlanEngine(plan());
      const before = engine.result();
      // A: 2,500 ÷ 500 = 5 replicas × 2 GPUs × 2 = 20 an hour; B: 2,500 ÷ 250 = 10 replicas × 1 GPU × 3 = 30.
      expect(before.skus.map((s) => s.capacity?.costPerHour)).toEqual([20, 30]);
      const after = engine.edit("cells.gpu", "=1+4");
      expect(after.skus[0]!.capacity?.costPerHour).toBe(50);
      expect(after.skus[1]).toBe(before.skus[1]);
      expect(after).toStrictEqual(fresh(plan({ cells: { gpu: "=1+4" } })));
    });

    it("the input weight of a split by tokens (not weighted): no SKU is recomputed and the allocation is unchanged", () => {
      const split = { method: "tokens", idle: "proportional", inputWeight: 1 };
      const tenants = {
        ...split,
        pools: [{ name: "p", costPerDay: 100 }],
        usage: [
          { team: "a", pool: "p", inputTokens: 1e6, outputTokens: 3e6 },
          { team: "b", pool: "p", inputTokens: 2e6, outputTokens: 4e6 },
        ],
      };
      const engine = createPlanEngine(plan({ tenants } as Partial<PlanFile>));
      const before = engine.result();
      // Tokens: a 4e6, b 6e6 of 1e7: 100 × 0.4 = 40, 100 × 0.6 = 60.
      expect(costs(before)).toEqual([40, 60]);
      const after = engine.edit("tenants.inputWeight", 5);
      after.skus.forEach((s, i) => expect(s).toBe(before.skus[i]));
      expect(costs(after)).toEqual([40, 60]);
    });
  });

  describe("an edit whose place is not in the resolved plan", () => {
    it("redundancy spare 1 edited to a factor of 1.5: the factor is used (10 × 1.5 = 15 replicas), not the old spare (10 + 1 = 11)", () => {
      const onlyB = { skus: [plan().skus[1]!] };
      const one = (redundancy: unknown) =>
        plan({ factors: { elasticity: 1, redundancy }, ...onlyB } as Partial<PlanFile>);
      // B: 2,500 ÷ 250 = 10 base replicas of 1 GPU at 3: spare 1 → 11 replicas (33 an hour); factor 1.5 → 15 (45 an hour).
      const engine = createPlanEngine(one({ spare: 1 }));
      expect(engine.result().skus[0]!.capacity).toMatchObject({ replicas: 11, costPerHour: 33 });
      const after = engine.edit("factors.redundancy", 1.5);
      expect(after.skus[0]!.capacity).toMatchObject({ replicas: 15, costPerHour: 45 });
      expect(after).toStrictEqual(fresh(one(1.5)));
    });
  });
});

describe("computed refs", () => {
  const points: SweepPoint[] = [1, 4, 8, 16].map((c) => ({
    ...{ concurrency: c, requestRate: null, rps: c, outputTokensPerSec: c * 100 },
    ttftMs: { p99: 100 * c },
  }));
  const estimate = given("=m_tok_s * speedup");

  function plan(): PlanFile {
    return {
      format: "capplan.plan/v1",
      cells: { speedup: 1.5 },
      workload: { peakRps: 20, inputTokens: 500, outputTokens: 200 },
      slo: [{ metric: "ttft", stat: "p99", maxMs: 900 }],
      skus: [
        { name: "Measured", id: "m", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points } },
        { name: "Estimate", gpusPerReplica: 1, pricePerGpuHour: 2.5, sweep: estimate },
      ],
    };
  }

  const fresh = (p: PlanFile) => computePlan(resolvePlan(structuredClone(p)));

  describe("formulas over computed results (<id>_tok_s)", () => {
    it("reads the SKU's computed operating throughput", () => {
      const r = fresh(plan());
      expect(r.skus[0]!.operatingPoint!.outputTokensPerSec).toBe(800); // c=8 passes 900 ms
      expect(r.skus[1]!.operatingPoint!.outputTokensPerSec).toBeCloseTo(1200, 9);
      expect(r.errors).toEqual([]);
    });

    it("the incremental engine notices a formula that starts (or stops) reading <id>_tok_s in an edit", () => {
      // No computed reference at first: the estimate's capacity is a cell.
      const start = plan();
      start.cells = { speedup: 1.5, est: 1000 };
      start.skus![1]!.sweep = given("=est");
      const e = createPlanEngine(start);
      expect(e.result().skus[1]!.operatingPoint!.outputTokensPerSec).toBe(1000);
      // est = m_tok_s × 2 = 800 × 2 = 1,600.
      const withRef = e.edit("cells.est", "=m_tok_s * 2");
      expect(withRef.skus[1]!.operatingPoint!.outputTokensPerSec).toBe(1600);
      const est = (v: number | string) => fresh({ ...start, cells: { speedup: 1.5, est: v } });
      expect(withRef).toStrictEqual(est("=m_tok_s * 2"));
      const back = e.edit("cells.est", 500);
      expect(back.skus[1]!.operatingPoint!.outputTokensPerSec).toBe(500);
      expect(back).toStrictEqual(est(500));
    });

    it("the incremental engine follows an SLO edit into the estimate, equal to a fresh computation", () => {
      const e = createPlanEngine(plan());
      const after = e.edit("slo[0].maxMs", 2000);
      expect(after.skus[1]!.operatingPoint!.outputTokensPerSec).toBeCloseTo(2400, 9);
      const p = edited("slo[0].maxMs", 2000, plan);
      expect(after).toStrictEqual(fresh(p));
      expect(e.edit("cells.speedup", 2)).toStrictEqual(fresh({ ...p, cells: { speedup: 2 } }));
    });

    it("an infeasible source SKU leaves the estimate with an error that says why", () => {
      const r = fresh(edited("slo[0].maxMs", 50, plan));
      expect(r.skus[0]!.feasible).toBe(false);
      expect(r.errors[0]!.path).toBe("skus[1].sweep.replicaOutputTokensPerSec");
      expect(englishOf(r.errors[0]!.problem)).toMatch(/Measured has no operating point/);
    });
  });
});

describe("sweep analyzer", () => {
  /**
   * Caching at the edge (docs/architecture.md): computeSku is a plain function of its inputs (the
   * default analyzer keeps nothing); the incremental engine's memoAnalyzer memoises a sweep's
   * SLO-free analysis by its points array and its operating point by the SLO set's identity.
   */
  const points = [
    { concurrency: 1, rps: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
    { concurrency: 2, rps: 1.9, outputTokensPerSec: 190, ttftMs: { p99: 200 } },
    { concurrency: 4, rps: 3, outputTokensPerSec: 300, ttftMs: { p99: 600 } },
  ];
  const io100 = { inputTokens: 100, outputTokens: 100 };
  const plan = (): PlanFile =>
    ({
      format: "capplan.plan/v1",
      title: "analyzer",
      currency: "USD",
      cells: { limit: 250 },
      workloads: [10, 5].map((peakRps, i) => ({ name: "ab"[i], peakRps, ...io100 })),
      slo: [{ metric: "ttft", stat: "p99", maxMs: "=limit" }],
      factors: { elasticity: 1, redundancy: 1 },
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points } }],
    }) as unknown as PlanFile;

  /** An analyzer that counts its calls and otherwise computes. */
  function counting(inner: SweepAnalyzer = plainAnalyzer) {
    const n = { base: 0, op: 0 };
    const a: SweepAnalyzer = {
      base: (s) => {
        n.base++;
        return inner.base(s);
      },
      operatingPoint: (s, b, slo) => {
        n.op++;
        return inner.operatingPoint(s, b, slo);
      },
    };
    return { a, n };
  }

  describe("computeSku is a plain function", () => {
    it("analyses the SKU's shared sweep once per call and keeps nothing between calls", () => {
      const r = resolvePlan(plan());
      const level = planLevel(r);
      const { a, n } = counting();
      const first = computeSku(r, 0, level.wlInputs, new Map(), null, a);
      expect(n).toEqual({ base: 1, op: 1 }); // two workloads, one sweep
      const second = computeSku(r, 0, level.wlInputs, new Map(), null, a);
      expect(n).toEqual({ base: 2, op: 2 });
      expect(second).toEqual(first);
      // Limit 250 ms: concurrency 2 passes (200 ms), 4 fails: 190 tok/s; (10 + 5) × 100 ÷ 190 = 7.89 → 8 replicas.
      expect(first.workloads[0]!.replicaOutputTokensPerSec).toBe(190);
      expect(first.capacity!.replicas).toBe(8);
    });
  });

  describe("memoAnalyzer", () => {
    const sweep = inlineSweep(points);
    /** A measured SLO set of one TTFT limit, on a list object of its own (a new memo key). */
    const slo = (maxMs: number) => setsOf(maxMs)("measured", 1);

    it("memoises the SLO-free analysis by points array and the operating point by SLO set identity", () => {
      const m = memoAnalyzer();
      const b = m.base(sweep);
      expect(m.base({ ...sweep })).toBe(b); // same points array
      expect(b).toEqual(analyzeSweep(sweep));
      const s250 = slo(250);
      const op = m.operatingPoint(sweep, b, s250);
      expect(m.operatingPoint(sweep, b, s250)).toBe(op);
      expect(op.outputTokensPerSec).toBe(190);
      // A new SLO list (an edit) is a new key, even with the same numbers; the result is the plain one.
      const s700 = slo(700);
      const op700 = m.operatingPoint(sweep, b, s700);
      expect(op700).not.toBe(op);
      expect(op700).toEqual(plainAnalyzer.operatingPoint(sweep, b, s700));
      expect(op700.outputTokensPerSec).toBe(300);
    });

    it("in the engine, an SLO edit recomputes the operating point only and gives the fresh result", () => {
      const engine = createPlanEngine(plan());
      const edited = engine.edit("cells.limit", 700);
      const r = resolvePlan({ ...plan(), cells: { limit: 700 } });
      const fresh = computeSku(r, 0, planLevel(r).wlInputs, new Map());
      expect(edited.skus[0]).toEqual(fresh);
      // 700 ms: concurrency 4 passes: 300 tok/s; 1,500 ÷ 300 = 5 replicas.
      expect(edited.skus[0]!.capacity!.replicas).toBe(5);
    });
  });
});
