/** The service curve (src/engine/fleet/service-curve.ts): linear in concurrency between levels, held at the ends. */
import { describe, expect, it } from "vitest";
import type { SweepPoint } from "../../../src/engine/base/types";
import {
  curveAt,
  curveTables,
  pointConcurrency,
  serviceCurve,
} from "../../../src/engine/fleet/service-curve";

const pt = (
  c: number | null,
  ttft: number,
  tpot: number | null,
  extra: Partial<SweepPoint> = {},
): SweepPoint => ({
  concurrency: c,
  requestRate: null,
  ttftMs: { mean: ttft, p99: ttft * 3 },
  ...(tpot === null ? {} : { tpotMs: { mean: tpot } }),
  ...extra,
});

describe("serviceCurve", () => {
  it("orders levels by concurrency and keeps the first of equal ones", () => {
    const r = serviceCurve([pt(16, 50, 20), pt(1, 20, 7), pt(4, 30, 10), pt(4, 99, 99)]);
    expect(r.ok && r.curve.levels).toEqual([
      { concurrency: 1, ttftMs: 20, tpotMs: 7 },
      { concurrency: 4, ttftMs: 30, tpotMs: 10 },
      { concurrency: 16, ttftMs: 50, tpotMs: 20 },
    ]);
  });
  it("takes mean ITL where a point has no mean TPOT, and says so", () => {
    const r = serviceCurve([pt(1, 20, null, { itlMs: { mean: 6 } }), pt(2, 25, 8)]);
    expect(r.ok && r.curve.levels[0]!.tpotMs).toBe(6);
    expect(r.ok && r.curve.itlForTpot).toBe(true);
  });
  it("places an open-loop point at rps × mean E2E ÷ 1000 (Little's law)", () => {
    const p = pt(null, 40, 10, { requestRate: 4, rps: 3.9, e2eMs: { mean: 2000 } });
    expect(pointConcurrency(p)).toBeCloseTo(7.8, 12);
    expect(pointConcurrency(pt(null, 40, 10))).toBeNull();
  });
  it("is an error when no point has the means it needs (p99 only)", () => {
    const r = serviceCurve([{ concurrency: 4, requestRate: null, ttftMs: { p99: 100 } }]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problem.code).toBe("fleet.noCurve");
  });
});

describe("curveAt", () => {
  const levels = [
    { concurrency: 2, ttftMs: 20, tpotMs: 5 },
    { concurrency: 6, ttftMs: 60, tpotMs: 9 },
    { concurrency: 10, ttftMs: 100, tpotMs: 25 },
  ];
  it.each([
    [1, 20, 5], // held at the first level below it
    [2, 20, 5],
    [3, 30, 6],
    [5, 50, 8],
    [8, 80, 17],
    [10, 100, 25],
    [64, 100, 25], // held at the last level above it
  ])("k = %d → ttft %d, tpot %d", (k, ttft, tpot) => {
    expect(curveAt(levels, k, "ttftMs")).toBeCloseTo(ttft, 12);
    expect(curveAt(levels, k, "tpotMs")).toBeCloseTo(tpot, 12);
  });
  it("tables hold the values at 1 … slots", () => {
    const t = curveTables(levels, 4);
    expect(Array.from(t.ttft.subarray(1))).toEqual([20, 20, 30, 40]);
    expect(Array.from(t.tpot.subarray(1))).toEqual([5, 5, 6, 7]);
  });
});
