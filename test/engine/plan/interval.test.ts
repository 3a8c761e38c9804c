import { describe, expect, it } from "vitest";
import type { SweepPoint } from "../../../src/engine/base/types";
import { computePlan } from "../../../src/engine/plan/plan";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { combineRepeats } from "../../../src/import/repeats";
import { renderProblem } from "../../../src/report/messages";

/** One run at a concurrency: its output tokens/s and P99 TTFT. */
const run = (concurrency: number, tps: number, p99: number): SweepPoint => ({
  concurrency,
  requestRate: null,
  outputTokensPerSec: tps,
  ttftMs: { p99 },
});

/** The seed's numbers (50 RPS × 300 output tokens, × 1.2 × 1.2, 4 GPUs at 20 an hour) on a sweep of `points`. */
function seedPlan(points: SweepPoint[], sloMode = "measured", maxMs = 1000) {
  const v = validatePlan({
    format: "capplan.plan/v1",
    currency: "CNY",
    workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs }],
    sloMode,
    factors: { elasticity: 1.2, redundancy: 1.2 },
    skus: [{ name: "H100 TP4", gpusPerReplica: 4, pricePerGpuHour: 20, sweep: { points } }],
  });
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return computePlan(resolvePlan(v.plan)).skus[0]!;
}

const repeated = (tps: number[], p99: number[]) =>
  combineRepeats(tps.map((t, i) => run(8, t, p99[i]!))).point;
/** Concurrency 16 fails P99 TTFT ≤ 1000 ms (one run). */
const failing = run(16, 2500, 2000);

describe("skuInterval via computePlan (docs/uncertainty.md)", () => {
  it("three repeats: capacity 1500 ± 124.2068856 gives 14–16 replicas, by hand", () => {
    const sku = seedPlan([repeated([1450, 1500, 1550], [600, 700, 800]), failing]);
    expect(sku.capacity!.replicas).toBe(15);
    const iv = sku.interval!;
    // 15,000 × 1.44 ÷ 1624.2068856 = 13.299 → 14; ÷ 1375.7931144 = 15.700 → 16.
    expect(iv.outputTokensPerSec[0]).toBeCloseTo(1375.7931144, 6);
    expect(iv.outputTokensPerSec[1]).toBeCloseTo(1624.2068856, 6);
    expect(iv.replicas).toEqual([14, 16]);
    expect(iv.costPerHour).toEqual([14 * 4 * 20, 16 * 4 * 20]);
    // 4 × 20 ÷ (C × 3600) × 1e6, C high → low cost.
    expect(iv.costPerMillionOutputTokens[0]).toBeCloseTo(80e6 / (1624.2068856 * 3600), 9);
    expect(iv.costPerMillionOutputTokens[1]).toBeCloseTo(80e6 / (1375.7931144 * 3600), 9);
    expect(sku.intervalNote).toBeNull();
  });

  it("five repeats: capacity 1500 ± 19.632 gives 15 replicas at both ends, by hand", () => {
    const sku = seedPlan([
      repeated([1480, 1490, 1500, 1510, 1520], [600, 650, 700, 750, 800]),
      failing,
    ]);
    // 21,600 ÷ 1519.632 = 14.214 → 15; 21,600 ÷ 1480.368 = 14.591 → 15.
    expect(sku.interval!.replicas).toEqual([15, 15]);
    expect(sku.interval!.outputTokensPerSec[1]).toBeCloseTo(1519.6324, 4);
  });

  it("an interpolated operating point interpolates lo and hi with its own fraction", () => {
    const a = repeated([1450, 1500, 1550], [600, 700, 800]);
    const sku = seedPlan([a, failing], "interpolated");
    // P99 TTFT 700 → 2000 meets 1000 at t = 300 ÷ 1300; concurrency 16 has no spread: 2500 at both ends.
    const t = 300 / 1300;
    expect(sku.operatingPoint!.basis).toBe("interpolated");
    expect(sku.interval!.outputTokensPerSec[0]).toBeCloseTo(
      1375.7931144 + t * (2500 - 1375.7931144),
      6,
    );
    expect(sku.interval!.outputTokensPerSec[1]).toBeCloseTo(
      1624.2068856 + t * (2500 - 1624.2068856),
      6,
    );
  });

  it("two runs give no error bars (three or more do), and say so", () => {
    const sku = seedPlan([repeated([1450, 1550], [600, 800]), failing]);
    expect(sku.interval).toBeNull();
    expect(sku.intervalNote!.code).toBe("interval.noRepeats");
    expect(sku.intervalNote!.severity).toBe("info");
    expect(renderProblem(sku.intervalNote!, "en")).toContain("three or more runs per load level");
    expect(renderProblem(sku.intervalNote!, "zh")).toContain("三次或以上");
  });

  it("no sweep, no note: a given capacity has no runs", () => {
    const v = validatePlan({
      format: "capplan.plan/v1",
      workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 }],
      factors: { elasticity: 1.2, redundancy: 1.2 },
      skus: [
        {
          name: "X",
          gpusPerReplica: 4,
          pricePerGpuHour: 20,
          sweep: { replicaOutputTokensPerSec: 1500 },
        },
      ],
    });
    if (!v.ok) throw new Error("invalid");
    const sku = computePlan(resolvePlan(v.plan)).skus[0]!;
    expect(sku.interval).toBeNull();
    expect(sku.intervalNote).toBeNull();
  });
});

describe("repeatSloProblem via computePlan", () => {
  it("the median passes, one of three runs fails: held in 2 of 3", () => {
    const sku = seedPlan([repeated([1450, 1500, 1550], [600, 700, 1100]), failing]);
    const p = sku.problems.find((q) => q.code === "interval.repeatFailsSlo")!;
    expect(p.params).toMatchObject({ n: 3, held: 2, failed: ["P99 TTFT ≤ 1000 ms"] });
    expect(renderProblem(p, "en")).toBe(
      "H100 TP4: the operating point (concurrency 8) passes on the median of its 3 runs, but the SLOs held in only 2 of them (P99 TTFT ≤ 1000 ms failed in 1)",
    );
    expect(renderProblem(p, "zh")).toContain("只有 2 次运行满足");
    expect(sku.problems.map((q) => renderProblem(q, "en"))).toContain(renderProblem(p, "en"));
  });
  it("every run passes: nothing said", () => {
    const sku = seedPlan([repeated([1450, 1500, 1550], [600, 700, 800]), failing]);
    expect(sku.problems.some((q) => q.code === "interval.repeatFailsSlo")).toBe(false);
  });
});
