import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile, SweepPoint } from "../../src/engine/base/types";

const points: SweepPoint[] = [1, 4, 8, 16].map((c) => ({
  concurrency: c,
  requestRate: null,
  rps: c,
  outputTokensPerSec: c * 100,
  ttftMs: { p99: 100 * c },
}));

function plan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    cells: { speedup: 1.5 },
    workload: { peakRps: 20, inputTokens: 500, outputTokens: 200 },
    slo: [{ metric: "ttft", stat: "p99", maxMs: 900 }],
    skus: [
      { name: "Measured", id: "m", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points } },
      {
        name: "Estimate",
        gpusPerReplica: 1,
        pricePerGpuHour: 2.5,
        sweep: { replicaOutputTokensPerSec: "=m_tok_s * speedup" },
      },
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
    (start.skus![1]!.sweep as { replicaOutputTokensPerSec: unknown }).replicaOutputTokensPerSec =
      "=est";
    const e = createPlanEngine(start);
    expect(e.result().skus[1]!.operatingPoint!.outputTokensPerSec).toBe(1000);
    // est = m_tok_s × 2 = 800 × 2 = 1,600.
    const withRef = e.edit("cells.est", "=m_tok_s * 2");
    expect(withRef.skus[1]!.operatingPoint!.outputTokensPerSec).toBe(1600);
    expect(withRef).toStrictEqual(
      fresh({ ...start, cells: { speedup: 1.5, est: "=m_tok_s * 2" } }),
    );
    const back = e.edit("cells.est", 500);
    expect(back.skus[1]!.operatingPoint!.outputTokensPerSec).toBe(500);
    expect(back).toStrictEqual(fresh({ ...start, cells: { speedup: 1.5, est: 500 } }));
  });

  it("the incremental engine follows an SLO edit into the estimate, equal to a fresh computation", () => {
    const e = createPlanEngine(plan());
    const after = e.edit("slo[0].maxMs", 2000);
    expect(after.skus[1]!.operatingPoint!.outputTokensPerSec).toBeCloseTo(2400, 9);
    const p = plan();
    p.slo![0]!.maxMs = 2000;
    expect(after).toStrictEqual(fresh(p));
    expect(e.edit("cells.speedup", 2)).toStrictEqual(fresh({ ...p, cells: { speedup: 2 } }));
  });

  it("an infeasible source SKU leaves the estimate with an error that says why", () => {
    const p = plan();
    p.slo![0]!.maxMs = 50;
    const r = fresh(p);
    expect(r.skus[0]!.feasible).toBe(false);
    expect(r.errors[0]!.path).toBe("skus[1].sweep.replicaOutputTokensPerSec");
    expect(r.errors[0]!.message).toMatch(/Measured has no operating point/);
  });
});
