/**
 * The incremental plan engine (src/engine/plan/incremental.ts), round 3 of issue #15: edits that stay
 * incremental (a SKU the edit does not touch is the very same result object, as a fresh run's
 * numbers say it should be): a cell rewritten as a formula that names no computed result, and a
 * weight of a split that does not use weights.
 */
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";

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
      {
        name: "A",
        gpusPerReplica: 2,
        pricePerGpuHour: "=gpu",
        sweep: { replicaOutputTokensPerSec: 500 },
      },
      {
        name: "B",
        gpusPerReplica: 1,
        pricePerGpuHour: 3,
        sweep: { replicaOutputTokensPerSec: 250 },
      },
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
    const tenants = {
      method: "tokens",
      idle: "proportional",
      inputWeight: 1,
      pools: [{ name: "p", costPerDay: 100 }],
      usage: [
        { team: "a", pool: "p", inputTokens: 1e6, outputTokens: 3e6 },
        { team: "b", pool: "p", inputTokens: 2e6, outputTokens: 4e6 },
      ],
    };
    const engine = createPlanEngine(plan({ tenants } as Partial<PlanFile>));
    const before = engine.result();
    // Tokens: a 4e6, b 6e6 of 1e7: 100 × 0.4 = 40, 100 × 0.6 = 60.
    expect(before.tenants!.pools[0]!.teams.map((t) => t.costRounded)).toEqual([40, 60]);
    const after = engine.edit("tenants.inputWeight", 5);
    after.skus.forEach((s, i) => expect(s).toBe(before.skus[i]));
    expect(after.tenants!.pools[0]!.teams.map((t) => t.costRounded)).toEqual([40, 60]);
  });
});

describe("an edit whose place is not in the resolved plan", () => {
  it("redundancy spare 1 edited to a factor of 1.5: the factor is used (10 × 1.5 = 15 replicas), not the old spare (10 + 1 = 11)", () => {
    const one = (redundancy: unknown) =>
      plan({
        factors: { elasticity: 1, redundancy },
        skus: [plan().skus[1]!],
      } as Partial<PlanFile>);
    // B: 2,500 ÷ 250 = 10 base replicas of 1 GPU at 3: spare 1 → 11 replicas (33 an hour); factor 1.5 → 15 (45 an hour).
    const engine = createPlanEngine(one({ spare: 1 }));
    expect(engine.result().skus[0]!.capacity).toMatchObject({ replicas: 11, costPerHour: 33 });
    const after = engine.edit("factors.redundancy", 1.5);
    expect(after.skus[0]!.capacity).toMatchObject({ replicas: 15, costPerHour: 45 });
    expect(after).toStrictEqual(fresh(one(1.5)));
  });
});
