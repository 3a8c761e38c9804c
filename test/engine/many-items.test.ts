/**
 * Engine paths over more than 125,000 items: no `push(...array)` (it passes each item as an
 * argument and overflows the stack past about 125,000; docs/security.md). 150,000 usage rows,
 * 150,000 rows naming no pool (one warning each) and 150,000 teams through the allocation and
 * the plan computation, at the engine level.
 */
import { describe, expect, it } from "vitest";
import { allocate } from "../../src/engine/finops/allocation";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";
import { englishOf } from "../../src/engine/base/problems";
import type { Problem } from "../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

const N = 150_000;

describe("more than 125,000 items", () => {
  it("allocates 150,000 usage rows of 150,000 teams, each paying its token share to the cent", () => {
    const usage = [];
    for (let i = 0; i < N; i++)
      usage.push({
        team: `t${i}`,
        pool: "p",
        inputTokens: i % 2 === 0 ? 100 : 300,
        outputTokens: 100,
      });
    const r = allocate({
      pools: [{ name: "p", costPerDay: 1_000_000 }],
      usage,
      method: "tokens",
      idle: "proportional",
      currency: "USD",
    });
    const pool = r.pools[0]!;
    expect(pool.teams).toHaveLength(N);
    // Σ tokens = 75,000 × 200 + 75,000 × 400 = 45,000,000; a 200-token team pays 1e6 × 200 / 4.5e7 = 4.444… → 4.44 or 4.45.
    expect(pool.teams[0]!.cost).toBeCloseTo(4.4444444, 6);
    expect(pool.teams[1]!.cost).toBeCloseTo(8.8888889, 6);
    const cents = pool.teams.reduce(
      (s, t) => s + Math.round(t.costRounded * 100),
      Math.round(pool.idleRounded * 100),
    );
    expect(cents).toBe(100_000_000);
  });

  it("warns once per row for 150,000 rows naming no pool (the warnings list is built without spreading)", () => {
    const usage = [];
    for (let i = 0; i < N; i++)
      usage.push({ team: `t${i % 10}`, pool: "nowhere", inputTokens: 1, outputTokens: 1 });
    const r = allocate({
      pools: [
        { name: "p", costPerDay: 100 },
        { name: "q", costPerDay: 50 },
      ],
      usage,
      method: "tokens",
      idle: "proportional",
      currency: "USD",
    });
    expect(r.problems.filter((w) => w.code === "allocation.usageNoPool")).toHaveLength(N);
    // … and one per pool left without usage (all idle).
    expect(enW(r)).toHaveLength(N + 2);
    expect(r.pools.map((p) => p.idleRounded)).toEqual([100, 50]);
  });

  it("computes a plan of 200,000 usage rows, 150,000 of them naming a pool that does not exist, fresh and after an edit", () => {
    const usage = [];
    for (let i = 0; i < 200_000; i++)
      usage.push({
        team: `t${Math.floor(i / 4) % 5000}`,
        pool: i % 4 === 0 ? "p" : "gone",
        inputTokens: 1000,
        outputTokens: 500,
      });
    const plan = {
      format: "capplan.plan/v1",
      currency: "USD",
      workloads: [{ peakRps: 10, inputTokens: 100, outputTokens: 100 }],
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 2,
          sweep: { replicaOutputTokensPerSec: 500 },
        },
      ],
      tenants: { pools: [{ name: "p", costPerDay: 1000 }], usage },
    } as unknown as PlanFile;
    const result = computePlan(resolvePlan(plan));
    const pool = result.tenants!.pools[0]!;
    // 50,000 rows in pool p, 10 per team: every team the same share of 1,000 USD → 0.20 each.
    expect(pool.teams).toHaveLength(5000);
    expect(pool.teams.every((t) => t.costRounded === 0.2)).toBe(true);
    expect(result.errors.filter((e) => e.path.endsWith("].pool"))).toHaveLength(N);
    expect(result.errors[0]!.path).toBe("tenants.usage[1].pool");
    // A pool-cost edit in the app's engine reuses the checked rows and their 150,000 errors.
    const engine = createPlanEngine(plan);
    const edited = engine.edit("tenants.pools[0].costPerDay", 2000);
    expect(edited.tenants!.pools[0]!.teams.every((t) => t.costRounded === 0.4)).toBe(true);
    expect(edited.errors.filter((e) => e.path.endsWith("].pool"))).toHaveLength(N);
  });
});
