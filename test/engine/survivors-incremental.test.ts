/**
 * The incremental plan engine after a chain of edits, checked against hand-calculated numbers
 * (issue #15): the older incremental tests mostly compare the engine with a fresh run of itself,
 * which cannot fail when both compute the same wrong number.
 */
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../src/engine/incremental";
import type { PlanResult } from "../../src/engine/plan";
import type { PlanFile } from "../../src/engine/types";

/** One SKU (2 GPUs per replica at 3 per GPU-hour) with a four-level sweep; one workload of 20 RPS × 100 output tokens. */
function plan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    title: "incremental by hand",
    currency: "USD",
    cells: {},
    workloads: [{ name: "chat", peakRps: 20, inputTokens: 200, outputTokens: 100 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    sloMode: "measured",
    factors: { elasticity: 1, redundancy: 1 },
    skus: [
      {
        name: "S",
        gpu: "h100-sxm",
        gpusPerReplica: 2,
        pricePerGpuHour: 3,
        sweep: {
          points: [
            { concurrency: 1, requestRate: null, outputTokensPerSec: 100, meanInputTokens: 200, meanOutputTokens: 100, ttftMs: { p99: 200 } },
            { concurrency: 2, requestRate: null, outputTokensPerSec: 190, meanInputTokens: 200, meanOutputTokens: 100, ttftMs: { p99: 400 } },
            { concurrency: 4, requestRate: null, outputTokensPerSec: 350, meanInputTokens: 200, meanOutputTokens: 100, ttftMs: { p99: 900 } },
            { concurrency: 8, requestRate: null, outputTokensPerSec: 500, meanInputTokens: 200, meanOutputTokens: 100, ttftMs: { p99: 1500 } },
          ],
        },
      },
    ],
  } as PlanFile;
}

/** [operating point concurrency, its output tok/s, replicas, GPUs, cost per hour] of the SKU. */
const row = (r: PlanResult) => {
  const s = r.skus[0]!;
  return [s.operatingPoint?.concurrency, s.operatingPoint?.outputTokensPerSec, s.capacity?.replicas, s.capacity?.gpus, s.capacity?.costPerHour];
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
    expect(priced.skus[0]!.capacity?.costPerMillionOutputTokens).toBeCloseTo(1e7 / (425 * 3600), 10);
    expect(priced.skus[0]!.capacity?.costPerDay).toBe(1440);
  });
});
