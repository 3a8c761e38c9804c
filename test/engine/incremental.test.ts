import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { computePlan } from "../../src/engine/plan/plan";
import { setAtPath } from "../../src/engine/plan/plan-path";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile, SweepPoint } from "../../src/engine/base/types";

/** Five load levels; TTFT p99 and ITL p95 rise with concurrency (scale shifts the curve). */
function points(scale: number): SweepPoint[] {
  return [1, 4, 8, 16, 32].map((c) => ({
    concurrency: c,
    requestRate: null,
    rps: c * 0.5 * scale,
    outputTokensPerSec: c * 100 * scale,
    meanInputTokens: 300,
    meanOutputTokens: 200,
    ttftMs: { mean: 50 + 20 * c, p99: 80 + 40 * c },
    itlMs: { mean: 10 + c, p95: 12 + 2 * c },
  }));
}

/** A small workbook with every kind of number the engine patches, and a formula chain. */
function plan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    title: "incremental test",
    currency: "USD",
    cells: {
      peak: 50,
      gpu_hour: 20,
      l40s_hour: "=gpu_hour / 4",
      ttft_max: 1000,
      pool_day: "=gpu_hour * 96",
      growth: 1,
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
      {
        name: "H100 TP4",
        gpu: "h100-sxm",
        gpusPerReplica: 4,
        pricePerGpuHour: "=gpu_hour",
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
      {
        name: "L40S",
        gpu: "l40s",
        gpusPerReplica: 1,
        pricePerGpuHour: "=l40s_hour",
        sweep: { points: points(1) },
      },
      {
        name: "A100",
        gpu: "a100-sxm-80gb",
        gpusPerReplica: 2,
        pricePerGpuHour: 3,
        sweeps: { chat: { points: points(2) }, docs: { replicaOutputTokensPerSec: 900 } },
      },
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
    const p = plan();
    p.cells!.gpu_hour = 25;
    expect(after).toStrictEqual(fresh(p));
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
    const edits: [string, unknown][] = [
      ["skus[1].sweep.points[2].ttftMs.p99", "=peak * 2"],
      ["skus[1].sweep.points[2].ttftMs.p99", Infinity],
      ["cells.peak", "=peak * 2"],
    ];
    expectEditsMatchFresh(edits);
    const direct = structuredClone(plan()) as unknown as Record<string, unknown>;
    setAtPath(direct, "skus[1].sweep.points[2].ttftMs.p99", Infinity);
    const errors = fresh(direct as unknown as PlanFile).errors;
    expect(errors.find((e) => e.path === "skus[1].sweep.points[2].ttftMs.p99")?.kind).toBe("VALUE");
  });

  it("random edits give the same result as evaluating the edited plan from scratch", () => {
    const paths = [
      "cells.peak",
      "cells.gpu_hour",
      "cells.l40s_hour",
      "cells.ttft_max",
      "cells.pool_day",
      "cells.growth",
      "workloads[0].avgRps",
      "workloads[1].peakRps",
      "workloads[1].outputTokens",
      "slo[0].maxMs",
      "slo[1].maxMs",
      "factors.elasticity",
      "factors.redundancy",
      "skus[0].pricePerGpuHour",
      "skus[1].gpusPerReplica",
      "skus[2].pricePerGpuHour",
      "skus[0].sweep.replicaOutputTokensPerSec",
      "skus[1].sweep.points[2].ttftMs.p99",
      "tenants.pools[0].costPerDay",
      "tenants.usage[0].inputTokens",
      "tenants.usage[3].outputTokens",
      "sloMode",
      "cells.fresh_cell",
      // Fields that are plain numbers (not sheet entries) or absent, and a given capacity per workload.
      "workloads[0].dailyRequests",
      "tenants.pools[1].capacityTokensPerDay",
      "tenants.usage[2].inputTokens",
      "skus[2].sweeps.docs.replicaOutputTokensPerSec",
      "skus[2].gpusPerReplica",
      "tenants.idle",
    ];
    const raw = fc.oneof(
      fc.double({ min: -10, max: 5000, noNaN: true }),
      fc.integer({ min: 0, max: 3000 }),
      fc.constantFrom(
        "=peak * 2",
        "=gpu_hour + 1",
        "=nosuch * 2",
        "=l40s_hour * 3",
        "=growth",
        "oops",
        "1,500",
        "interpolated",
        "measured",
        "separate",
        Infinity,
        "=peak * 1e5",
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...paths), raw), { minLength: 1, maxLength: 8 }),
        (edits) => {
          expectEditsMatchFresh(edits);
        },
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
    const p = plan();
    p.cells!.ttft_max = 300;
    expect(after).toStrictEqual(fresh(p));
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
    const p = plan();
    (p.tenants!.usage![2] as { inputTokens: number }).inputTokens = 7e6;
    expect(after).toStrictEqual(fresh(p));
  });
});
