/**
 * Property tests over random sweeps and plans (docs/operating-point.md): loosening an SLO or
 * maxErrorRatePct never raises replicas; raising peak RPS never lowers them; the operating point
 * is always a candidate with maximal throughput; the incremental engine equals a fresh computation.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { computePlan, type PlanResult } from "../../src/engine/plan/plan";
import { setAtPath } from "../../src/engine/plan/plan-path";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { failedSharePct, operatingPoint } from "../../src/engine/curve/slo";
import type { PlanFile, Slo, SloMode, SweepPoint } from "../../src/engine/base/types";
import { words } from "../words";
import { G, risingSweep } from "./plan/lineage-plans-b";

/** A random sweep: 1–7 levels at rising concurrency; throughput, latencies and failures anything (past saturation included). */
const sweepArb = risingSweep(
  {
    tps: fc.integer({ min: 1, max: 5000 }),
    ttft: fc.integer({ min: 10, max: 20000 }),
    e2e: fc.integer({ min: 100, max: 60000 }),
    completed: fc.integer({ min: 1, max: 2000 }),
    failed: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2000 })),
  },
  7,
  (r) => ({
    requestRate: null,
    rps: r.tps / 100,
    outputTokensPerSec: r.tps,
    ttftMs: { p99: r.ttft },
    e2eMs: { p95: r.e2e },
    completed: r.completed,
    failed: r.failed,
  }),
);

const modeArb = fc.constantFrom<SloMode>("measured", "interpolated");

function plan(
  points: SweepPoint[],
  o: { ttft: number; e2e: number; err: number; peak: number; mode: SloMode; spare?: boolean },
): PlanFile {
  return {
    format: "capplan.plan/v1",
    cells: { peak: o.peak, ttft_max: o.ttft },
    workload: { name: "chat", peakRps: "=peak", inputTokens: 500, outputTokens: 200 },
    slo: [
      { metric: "ttft", stat: "p99", maxMs: "=ttft_max" },
      { metric: "e2e", stat: "p95", maxMs: o.e2e },
    ],
    sloMode: o.mode,
    maxErrorRatePct: o.err,
    factors: { elasticity: 1.2, redundancy: o.spare ? { spare: 1 } : 1.3 },
    skus: [
      { name: "A", gpusPerReplica: 2, pricePerGpuHour: 3, sweep: { points } },
      G({ name: "B", sweep: { replicaOutputTokensPerSec: 900 } }),
    ],
  };
}

const fresh = (p: PlanFile): PlanResult => computePlan(resolvePlan(structuredClone(p)));
/** Replicas of SKU A, or null when it is not feasible. */
const replicasA = (p: PlanFile): number | null => {
  const s = fresh(p).skus[0]!;
  return s.feasible === true && s.capacity ? s.capacity.replicas : null;
};

const RUNS = { numRuns: 300 };

describe("engine properties over random sweeps and plans", () => {
  it("loosening an SLO never raises replicas (and never makes a feasible SKU infeasible)", () => {
    fc.assert(
      fc.property(
        sweepArb,
        modeArb,
        fc.integer({ min: 10, max: 20000 }),
        fc.integer({ min: 0, max: 20000 }),
        fc.integer({ min: 100, max: 60000 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (pts, mode, ttft, extra, e2e, err) => {
          const tight = replicasA(plan(pts, { ttft, e2e, err, peak: 40, mode }));
          const looseTtft = replicasA(plan(pts, { ttft: ttft + extra, e2e, err, peak: 40, mode }));
          const looseE2e = replicasA(plan(pts, { ttft, e2e: e2e + extra, err, peak: 40, mode }));
          if (tight !== null) {
            expect(looseTtft).not.toBeNull();
            expect(looseTtft!).toBeLessThanOrEqual(tight);
            expect(looseE2e).not.toBeNull();
            expect(looseE2e!).toBeLessThanOrEqual(tight);
          }
        },
      ),
      RUNS,
    );
  });

  it("loosening maxErrorRatePct never raises replicas", () => {
    fc.assert(
      fc.property(
        sweepArb,
        modeArb,
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (pts, mode, err, extra) => {
          const o = { ttft: 20000, e2e: 60000, peak: 40, mode };
          const tight = replicasA(plan(pts, { ...o, err }));
          const loose = replicasA(plan(pts, { ...o, err: err + extra }));
          if (tight !== null) {
            expect(loose).not.toBeNull();
            expect(loose!).toBeLessThanOrEqual(tight);
          }
        },
      ),
      RUNS,
    );
  });

  it("raising peak RPS never lowers replicas (factor and N+k redundancy)", () => {
    fc.assert(
      fc.property(
        sweepArb,
        modeArb,
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.boolean(),
        (pts, mode, peak, extra, spare) => {
          const o = { ttft: 5000, e2e: 30000, err: 5, mode, spare };
          const low = fresh(plan(pts, { ...o, peak }));
          const high = fresh(plan(pts, { ...o, peak: peak + extra }));
          low.skus.forEach((s, i) => {
            if (s.feasible === true)
              expect(high.skus[i]!.capacity!.replicas).toBeGreaterThanOrEqual(s.capacity!.replicas);
          });
        },
      ),
      RUNS,
    );
  });

  it("the operating point is always a candidate with maximal throughput", () => {
    fc.assert(
      fc.property(
        sweepArb,
        modeArb,
        fc.integer({ min: 10, max: 20000 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (pts, mode, ttft, err) => {
          const slos: Slo[] = [{ metric: "ttft", stat: "p99", maxMs: ttft }];
          const op = operatingPoint({ points: pts }, slos, mode, undefined, {
            maxErrorRatePct: err,
          });
          // Candidates, computed independently: passing levels before the first failing one.
          const passes = (p: SweepPoint) => p.ttftMs!.p99! <= ttft && failedSharePct(p)! <= err;
          const firstFail = pts.findIndex((p) => !passes(p));
          const cands = firstFail === -1 ? pts : pts.slice(0, firstFail);
          if (cands.length === 0) {
            expect(op.feasible).toBe(false);
            return;
          }
          expect(op.feasible).toBe(true);
          const best = Math.max(...cands.map((p) => p.outputTokensPerSec!));
          if (op.basis === "measured") {
            expect(cands).toContain(pts[op.pointIndex!]);
            expect(op.outputTokensPerSec).toBe(best);
            // ties: the lowest load with that throughput
            expect(op.pointIndex).toBe(cands.findIndex((p) => p.outputTokensPerSec === best));
          } else {
            expect(mode).toBe("interpolated");
            expect(op.outputTokensPerSec!).toBeGreaterThan(best);
            // between the last candidate and the first failing level, never beyond
            expect(op.concurrency!).toBeGreaterThan(cands[cands.length - 1]!.concurrency!);
            expect(op.concurrency!).toBeLessThanOrEqual(pts[firstFail]!.concurrency!);
          }
          expect(op.sloBinding).toBe(firstFail !== -1);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("the incremental engine equals a fresh computation after random edits", () => {
    const paths = words(`
      cells.peak cells.ttft_max slo[1].maxMs maxErrorRatePct skus[0].pricePerGpuHour
      skus[1].sweep.replicaOutputTokensPerSec factors.elasticity sloMode`);
    const raw = fc.oneof(
      fc.double({ min: 0, max: 30000, noNaN: true }),
      fc.integer({ min: 0, max: 100 }),
      fc.constantFrom("=peak * 2", "=ttft_max / 2", "=nosuch", "interpolated", "measured", -1),
    );
    fc.assert(
      fc.property(
        sweepArb,
        fc.array(fc.tuple(fc.constantFrom(...paths), raw), { minLength: 1, maxLength: 6 }),
        (pts, edits) => {
          const p = plan(pts, { ttft: 3000, e2e: 30000, err: 1, peak: 40, mode: "measured" });
          const engine = createPlanEngine(p);
          const shadow = structuredClone(p);
          for (const [path, v] of edits) {
            const got = engine.edit(path, v);
            setAtPath(shadow, path, v);
            expect(got).toStrictEqual(fresh(shadow));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
