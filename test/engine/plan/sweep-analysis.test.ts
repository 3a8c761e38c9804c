/**
 * What a plan reads of a sweep (src/engine/plan/sweep-analysis.ts, docs/operating-point.md): the
 * saturated-zone warning of an operating point, measured or interpolated. Exact texts.
 */
import { describe, expect, it } from "vitest";
import { computePlan } from "../../../src/engine/plan/plan";
import type { FileSweep } from "../../../src/engine/plan/plan-result";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { base, skuA } from "../plan-builders";
import { englishOf } from "../../../src/engine/base/problems";

const compute = (p: unknown) => computePlan(resolvePlan(structuredClone(p) as PlanFile));

describe("the saturated-zone warning", () => {
  // Zones idle, idle, saturated, saturated; the knee at concurrency 4 (index 2).
  const pts = [
    { concurrency: 1, rps: 1, outputTokensPerSec: 200, ttftMs: { p99: 100 } },
    { concurrency: 2, rps: 2, outputTokensPerSec: 400, ttftMs: { p99: 105 } },
    { concurrency: 4, rps: 2.1, outputTokensPerSec: 420, ttftMs: { p99: 900 } },
    { concurrency: 8, rps: 2.1, outputTokensPerSec: 421, ttftMs: { p99: 6000 } },
  ];
  const sat = (maxMs: number, sloMode: string, points: unknown[] = pts) =>
    compute({
      format: "capplan.plan/v1",
      workload: { peakRps: 10, inputTokens: 500, outputTokens: 200 },
      sloMode,
      slo: [{ metric: "ttft", stat: "p99", maxMs }],
      skus: [{ name: "S", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { points } }],
    }).skus[0]!;
  const TAIL =
    "throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee";

  it("an interpolated point is judged by the step it was interpolated into (toward concurrency 4, saturated)", () => {
    const s = sat(500, "interpolated");
    expect(s.workloads[0]!.zones).toEqual(["idle", "idle", "saturated", "saturated"]);
    expect(s.operatingPoint!.concurrency).toBeCloseTo(2 + (395 / 795) * 2, 12);
    expect(s.problems.map(englishOf)).toEqual([
      "S: operating point interpolated to concurrency 2.99 between concurrency 2 and concurrency 4, where P99 TTFT reaches its 500 ms limit",
      `S: the operating point (concurrency 2.99) lies in the saturated zone (the knee is at concurrency 4): ${TAIL}`,
    ]);
  });

  it("a measured point below the knee gives no warning", () => {
    const s = sat(500, "measured");
    expect(s.operatingPoint!.concurrency).toBe(2);
    expect(s.problems.map(englishOf)).toEqual([]);
  });

  it("an open-loop sweep names request rates, ∞ included", () => {
    const rr = pts.map((p, i) => ({
      ...p,
      concurrency: null,
      requestRate: i === 3 ? "inf" : p.concurrency,
    }));
    expect(sat(5000, "measured", rr).problems.map(englishOf)).toEqual([
      `S: the operating point (request rate 4 req/s) lies in the saturated zone (the knee is at request rate 4 req/s): ${TAIL}`,
    ]);
    expect(sat(9000, "measured", rr).problems.map(englishOf)).toEqual([
      "S: every point meets the SLOs: the operating point is the highest load measured (request rate ∞ req/s); capacity may be higher",
      `S: the operating point (request rate ∞ req/s) lies in the saturated zone (the knee is at request rate 4 req/s): ${TAIL}`,
    ]);
  });

  it("an infeasible SKU has no saturated warning", () => {
    const s = sat(50, "measured");
    expect(s.feasible).toBe(false);
    expect(s.problems.map(englishOf).some((w) => w.includes("saturated"))).toBe(false);
  });
});

describe("the saturated warning: boundaries", () => {
  /**
   * The plan computation (src/engine/plan/plan.ts), round 3 of issue #15: where each plan-level problem
   * points (its `path` as a value, not only the error entry's), a SKU without a sweep for a
   * workload, an unread sweep file, the inline sweep's defaults, a SKU's GPUs / price at 0 and
   * Infinity, the failed-share reason against an SLO that fails by more, the saturated warning of a
   * point without a load value, the recommendation with a SKU that has no cost, and the allocation
   * only when the plan has teams. Hand-computed numbers, exact texts.
   */
  type Resolved = ReturnType<typeof resolvePlan>;
  const resolve = (p: unknown): Resolved => resolvePlan(structuredClone(p) as PlanFile);
  const compute = (p: unknown, files?: ReadonlyMap<string, FileSweep>) =>
    computePlan(resolve(p), files);

  describe("the saturated warning", () => {
    const TAIL =
      ": throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee";

    it("a sweep along achieved req/s (no concurrency, no request rate): the operating point is at its rps, 4 req/s, not 'an unknown load'", () => {
      // 1 → 2 req/s: throughput 100 → 190 (+90 % for +100 %), TTFT × 1.2: linear; 2 → 4: 190 → 200 (+5.3 % for +100 %,
      // efficiency 0.053 < 0.2): saturated, the knee at the third point. Every point passes: the operating point is the
      // one with the most throughput, the third (4 req/s).
      const points = [
        { rps: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
        { rps: 2, outputTokensPerSec: 190, ttftMs: { p99: 120 } },
        { rps: 4, outputTokensPerSec: 200, ttftMs: { p99: 400 } },
      ];
      const s = compute(base({ skus: [skuA({ sweep: { points } })] })).skus[0]!;
      expect(s.workloads[0]!.zones).toEqual(["linear", "linear", "saturated"]);
      expect(s.operatingPoint).toMatchObject({ concurrency: null, requestRate: null, rps: 4 });
      const sat = s.problems.find((p) => p.code === "plan.saturated")!;
      expect(sat.params).toEqual({ kind: "rps", at: 4, kneeKind: "rps", knee: 4 });
      expect(s.problems.map(englishOf)).toContain(
        `A: the operating point (4 req/s achieved) lies in the saturated zone (the knee is at 4 req/s achieved)${TAIL}`,
      );
    });

    it("an operating point with no load value at all (after a saturated step): 'an unknown load' of the sweep's axis", () => {
      // c 1 → 2: throughput 100 → 110 (efficiency 0.1 < 0.2): saturated from the first point, the knee at c 1. The third
      // point has no concurrency and no rps (sorted last, saturated like the step before) and the most throughput (120).
      const points = [
        { concurrency: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
        { concurrency: 2, outputTokensPerSec: 110, ttftMs: { p99: 150 } },
        { outputTokensPerSec: 120, ttftMs: { p99: 160 } },
      ];
      const s = compute(base({ skus: [skuA({ sweep: { points } })] })).skus[0]!;
      expect(s.workloads[0]!.zones).toEqual(["saturated", "saturated", "saturated"]);
      const sat = s.problems.find((p) => p.code === "plan.saturated")!;
      expect(sat.params).toEqual({
        kind: "concurrency",
        at: null,
        kneeKind: "concurrency",
        knee: 1,
      });
      expect(s.problems.map(englishOf)).toContain(
        `A: the operating point (an unknown load) lies in the saturated zone (the knee is at concurrency 1)${TAIL}`,
      );
    });
  });
});
