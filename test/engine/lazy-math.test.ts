/**
 * The restricted mathjs instance is built on the first formula (src/engine/formula/math.ts): a
 * plan without formulas is read, checked and computed without it; the first formula builds it,
 * disabled functions included.
 */
import { describe, expect, it } from "vitest";
import { isDisabledOnInstance, mathInstanceBuilt } from "../../src/engine/formula/math";
import { computePlan } from "../../src/engine/plan/plan";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";

const plan = (price: number | string): PlanFile =>
  ({
    format: "capplan.plan/v1",
    workloads: [{ name: "chat", peakRps: 10, inputTokens: 500, outputTokens: 200 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      {
        name: "h100",
        gpu: "h100-sxm",
        gpusPerReplica: 1,
        pricePerGpuHour: price,
        sweep: {
          label: "s",
          points: [
            {
              concurrency: 1,
              requestRate: null,
              rps: 2,
              outputTokensPerSec: 400,
              ttftMs: { p99: 100 },
              completed: 10,
              failed: 0,
            },
            {
              concurrency: 8,
              requestRate: null,
              rps: 10,
              outputTokensPerSec: 2000,
              ttftMs: { p99: 900 },
              completed: 10,
              failed: 0,
            },
          ],
        },
      },
    ],
  }) as unknown as PlanFile;

describe("the formula instance is built on first use", () => {
  it("is not built for a plan without formulas, and is built, restricted, by the first formula", () => {
    const plain = plan(2.5);
    expect(validatePlan(plain).ok).toBe(true);
    const r1 = computePlan(resolvePlan(plain));
    expect(r1.skus[0]!.feasible).toBe(true);
    expect(mathInstanceBuilt()).toBe(false);
    // 2 × 1.25 = 2.5: the same price through a formula gives the same cost.
    const r2 = computePlan(resolvePlan(plan("=2 * 1.25")));
    expect(mathInstanceBuilt()).toBe(true);
    expect(r1.skus[0]!.capacity!.costPerHour).toBeGreaterThan(0);
    expect(r2.skus[0]!.capacity!.costPerHour).toBe(r1.skus[0]!.capacity!.costPerHour);
    expect(isDisabledOnInstance("evaluate")).toBe(true);
    expect(isDisabledOnInstance("import")).toBe(true);
  });
});
