/**
 * Caching at the edge (docs/architecture.md): computeSku is a plain function of its inputs (the
 * default analyzer keeps nothing); the incremental engine's memoAnalyzer memoises a sweep's
 * SLO-free analysis by its points array and its operating point by the SLO set's identity.
 */
import { describe, expect, it } from "vitest";
import { createPlanEngine, memoAnalyzer } from "../../src/engine/plan/incremental";
import {
  analyzeSweep,
  computeSku,
  planLevel,
  plainAnalyzer,
  type SloSet,
  type SweepAnalyzer,
} from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile, Sweep } from "../../src/engine/base/types";

const points = [
  { concurrency: 1, rps: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
  { concurrency: 2, rps: 1.9, outputTokensPerSec: 190, ttftMs: { p99: 200 } },
  { concurrency: 4, rps: 3, outputTokensPerSec: 300, ttftMs: { p99: 600 } },
];
const plan = (): PlanFile =>
  ({
    format: "capplan.plan/v1",
    title: "analyzer",
    currency: "USD",
    cells: { limit: 250 },
    workloads: [
      { name: "a", peakRps: 10, inputTokens: 100, outputTokens: 100 },
      { name: "b", peakRps: 5, inputTokens: 100, outputTokens: 100 },
    ],
    slo: [{ metric: "ttft", stat: "p99", maxMs: "=limit" }],
    factors: { elasticity: 1, redundancy: 1 },
    skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points } }],
  }) as unknown as PlanFile;

/** An analyzer that counts its calls and otherwise computes. */
function counting(inner: SweepAnalyzer = plainAnalyzer) {
  const n = { base: 0, op: 0 };
  const a: SweepAnalyzer = {
    base: (s) => (n.base++, inner.base(s)),
    operatingPoint: (s, b, slo) => (n.op++, inner.operatingPoint(s, b, slo)),
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
  const sweep: Sweep = {
    label: "s",
    source: { files: [], format: "inline" },
    meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null },
    points: points as never,
    warnings: [],
  };
  const slo = (
    maxMs: number,
    list: SloSet["list"] = [{ metric: "ttft", stat: "p99", maxMs }],
  ): SloSet => ({
    list,
    slos: [{ metric: "ttft", stat: "p99", maxMs }],
    mode: "measured",
    maxErrorRatePct: 1,
  });

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
    const fresh = (() => {
      const p = plan();
      (p.cells as Record<string, unknown>).limit = 700;
      const r = resolvePlan(p);
      const level = planLevel(r);
      return computeSku(r, 0, level.wlInputs, new Map());
    })();
    expect(edited.skus[0]).toEqual(fresh);
    // 700 ms: concurrency 4 passes: 300 tok/s; 1,500 ÷ 300 = 5 replicas.
    expect(edited.skus[0]!.capacity!.replicas).toBe(5);
  });
});
