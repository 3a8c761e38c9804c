/**
 * Operating point under SLOs (docs/operating-point.md): tie-breaks, boundaries and orders that the
 * older tests did not pin down (issue #15, docs/mutation-testing.md). Numbers are hand-calculated;
 * warnings are compared as whole arrays, so an extra or missing warning fails.
 */
import { describe, expect, it } from "vitest";
import { failedSharePct, operatingPoint, statValue } from "../../src/engine/curve/slo";
import type { Slo, SweepPoint } from "../../src/engine/base/types";

const TTFT: Slo = { metric: "ttft", stat: "p99", maxMs: 1000 };
const ITL: Slo = { metric: "itl", stat: "p95", maxMs: 100 };

/** Points at concurrency 1, 2, 3, …: output tokens/s, P99 TTFT and P95 ITL per level. */
function levels(otps: (number | null)[], ttft: number[], itl: number[]): SweepPoint[] {
  return ttft.map((t, i) => {
    const p: SweepPoint = {
      concurrency: i + 1,
      requestRate: null,
      ttftMs: { p99: t },
      itlMs: { p95: itl[i]! },
    };
    const o = otps[i];
    if (o !== null && o !== undefined) p.outputTokensPerSec = o;
    return p;
  });
}

describe("binding SLO", () => {
  it("interpolated: two SLOs crossing at the same load — the one with the larger overrun at the failing point binds", () => {
    // TTFT 700 → 1300: t = 300/600 = 0.5, 30 % over at c=2; ITL 60 → 140: t = 40/80 = 0.5, 40 % over → ITL binds
    const op = operatingPoint(
      { points: levels([100, 200], [700, 1300], [60, 140]) },
      [TTFT, ITL],
      "interpolated",
    );
    expect(op.bindingSlo).toBe(ITL);
    expect(op.basis).toBe("interpolated");
    expect(op.concurrency).toBe(1.5);
    expect(op.outputTokensPerSec).toBe(150);
    expect(op.pointIndex).toBe(0);
    expect(op.towardIndex).toBe(1);
    expect(op.warnings).toEqual([
      "operating point interpolated to concurrency 1.5 between concurrency 1 and concurrency 2, where P95 ITL reaches its 100 ms limit",
    ]);
    // the list order does not matter
    expect(
      operatingPoint(
        { points: levels([100, 200], [700, 1300], [60, 140]) },
        [ITL, TTFT],
        "interpolated",
      ).bindingSlo,
    ).toBe(ITL);
  });

  it("interpolated binds the SLO crossing at the lowest load, measured the one with the largest overrun", () => {
    // TTFT 700 → 1300: t = 0.5, 30 % over; ITL 96 → 116: t = 4/20 = 0.2, 16 % over
    const pts = levels([100, 200], [700, 1300], [96, 116]);
    const ip = operatingPoint({ points: pts }, [TTFT, ITL], "interpolated");
    expect(ip.bindingSlo).toBe(ITL);
    expect(ip.concurrency).toBe(1.2);
    expect(ip.outputTokensPerSec).toBe(120);
    const me = operatingPoint({ points: pts }, [ITL, TTFT], "measured");
    expect(me.bindingSlo).toBe(TTFT);
    expect(me.concurrency).toBe(1);
    expect(me.warnings).toEqual([]);
  });

  it("measured: equal overruns bind the SLO listed first", () => {
    // TTFT 1300 is 30 % over 1000, ITL 130 is 30 % over 100
    const pts = levels([100, 200], [700, 1300], [60, 130]);
    expect(operatingPoint({ points: pts }, [TTFT, ITL], "measured").bindingSlo).toBe(TTFT);
    expect(operatingPoint({ points: pts }, [ITL, TTFT], "measured").bindingSlo).toBe(ITL);
  });
});

describe("interpolation at the limit itself", () => {
  it("a passing point exactly on the limit stays the measured operating point (t = 0), without an interpolation warning", () => {
    // TTFT 1000 at c=1 meets the 1000 ms limit; c=2 fails → the crossing is at c=1 itself
    const op = operatingPoint(
      { points: levels([100, 200], [1000, 1500], [10, 10]) },
      [TTFT],
      "interpolated",
    );
    expect(op.basis).toBe("measured");
    expect(op.concurrency).toBe(1);
    expect(op.outputTokensPerSec).toBe(100);
    expect(op.pointIndex).toBe(0);
    expect(op.towardIndex).toBeNull();
    expect(op.bindingSlo).toBe(TTFT);
    expect(op.warnings).toEqual([]);
  });

  it("without throughput, a point exactly on the limit is still not interpolated", () => {
    const op = operatingPoint(
      { points: levels([null, null], [1000, 1500], [10, 10]) },
      [TTFT],
      "interpolated",
    );
    expect(op.basis).toBe("measured");
    expect(op.concurrency).toBe(1);
    expect(op.towardIndex).toBeNull();
    expect(op.warnings).toEqual([]);
  });

  it("without throughput, a crossing inside the step is interpolated (load only)", () => {
    // TTFT 800 → 1200: t = 0.5 → concurrency 1.5; throughput stays unknown
    const op = operatingPoint(
      { points: levels([null, null], [800, 1200], [10, 10]) },
      [TTFT],
      "interpolated",
    );
    expect(op.basis).toBe("interpolated");
    expect(op.concurrency).toBe(1.5);
    expect(op.outputTokensPerSec).toBeNull();
    expect(op.warnings).toEqual([
      "operating point interpolated to concurrency 1.5 between concurrency 1 and concurrency 2, where P99 TTFT reaches its 1,000 ms limit",
    ]);
  });

  it("a crossing whose load rounds to the passing point's own load is not a new operating point", () => {
    // failed-share limit 5.05e-17 %: from 0 % at c=1 to 1/110 = 0.909 % at c=2, t = 5.6e-17 →
    // load 1 + 5.6e-17 = 1 in doubles, throughput 1 + 1.1e-16 = 1.0000000000000002: c=1 stays the operating point
    const pts: SweepPoint[] = [
      {
        concurrency: 1,
        requestRate: null,
        outputTokensPerSec: 1,
        ttftMs: { p99: 10 },
        completed: 1,
        failed: 0,
      },
      {
        concurrency: 2,
        requestRate: null,
        outputTokensPerSec: 3,
        ttftMs: { p99: 10 },
        completed: 109,
        failed: 1,
      },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated", undefined, {
      maxErrorRatePct: 5.046468293750712e-17,
    });
    expect(op.basis).toBe("measured");
    expect(op.concurrency).toBe(1);
    expect(op.outputTokensPerSec).toBe(1);
    expect(op.bindingErrorRate).toBe(true);
    expect(op.warnings).toEqual([]);
  });

  it("an interpolated crossing with no more throughput than the best candidate stays measured, with the reason", () => {
    // c=1 640 tok/s, c=2 600 tok/s, c=3 fails: TTFT 900 → 1100 at t = 0.5, 550 tok/s < 640
    const op = operatingPoint(
      { points: levels([640, 600, 500], [400, 900, 1100], [10, 10, 10]) },
      [TTFT],
      "interpolated",
    );
    expect(op.basis).toBe("measured");
    expect(op.concurrency).toBe(1);
    expect(op.warnings).toEqual([
      "P99 TTFT reaches its 1,000 ms limit at concurrency 2.5, but throughput there (550) is not above concurrency 1's: the operating point stays measured",
      "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (600 vs 640 tok/s)",
    ]);
  });
});

describe("infeasible sweeps", () => {
  it("lists failures worst first, whatever the order of the SLOs", () => {
    // c=1: TTFT 1500 is 50 % over, ITL 130 is 30 % over
    const op = operatingPoint(
      { points: levels([100, 200], [1500, 1600], [130, 140]) },
      [ITL, TTFT],
      "measured",
    );
    expect(op.feasible).toBe(false);
    expect(op.bindingSlo).toBe(TTFT);
    expect(op.failures!.map((f) => [f.slo, f.valueMs, f.overMs, f.overPct])).toEqual([
      [TTFT, 1500, 500, 50],
      [ITL, 130, 30, 30],
    ]);
    expect(op.warnings).toEqual([
      "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
      "infeasible: P95 ITL is 130 ms at the lowest load (concurrency 1), 30 ms (30 %) over the 100 ms limit",
    ]);
  });

  it("the failed share binds an infeasible sweep only when it overruns its limit by strictly more than the worst SLO", () => {
    // TTFT 1500: 50 % over. Failed 3 of 200 = 1.5 %: (1.5 − 1) / 1 = 50 % over → tie → the SLO binds
    const tie: SweepPoint[] = [
      {
        concurrency: 1,
        requestRate: null,
        outputTokensPerSec: 100,
        ttftMs: { p99: 1500 },
        completed: 197,
        failed: 3,
      },
    ];
    const a = operatingPoint({ points: tie }, [TTFT], "measured");
    expect([a.bindingSlo, a.bindingErrorRate]).toEqual([TTFT, false]);
    expect(a.errorRateFailure).toEqual({ load: 1, sharePct: 1.5, maxPct: 1, overPct: 50 });
    expect(a.warnings).toEqual([
      "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
      "infeasible: 1.5 % of requests failed at the lowest load (concurrency 1), over the 1 % limit",
    ]);
    // failed 4 of 200 = 2 %: 100 % over → the failed share binds
    const b = operatingPoint(
      { points: [{ ...tie[0]!, completed: 196, failed: 4 }] },
      [TTFT],
      "measured",
    );
    expect([b.bindingSlo, b.bindingErrorRate]).toEqual([null, true]);
    expect(b.failure).toMatchObject({ slo: TTFT, overPct: 50 });
  });

  it("an SLO limit of 0 ms gives an infinite overrun", () => {
    const op = operatingPoint(
      { points: levels([100], [5], [1]) },
      [{ ...TTFT, maxMs: 0 }],
      "measured",
    );
    expect(op.failure).toMatchObject({
      valueMs: 5,
      maxMs: 0,
      overMs: 5,
      overPct: Number.POSITIVE_INFINITY,
    });
  });
});

describe("ITL ↔ TPOT substitution", () => {
  it("an ITL SLO is judged on ITL when the sweep has ITL, even when it also has TPOT", () => {
    // ITL 30 → 150 fails at c=2; TPOT (30, 50) would pass everywhere
    const pts = levels([100, 200], [100, 100], [30, 150]).map((p, i) => ({
      ...p,
      tpotMs: { p95: [30, 50][i]! },
    }));
    const op = operatingPoint({ points: pts }, [ITL], "measured");
    expect(op.concurrency).toBe(1);
    expect(op.checks.map((r) => r[0]!.usedMetric)).toEqual(["itl", "itl"]);
    expect(op.warnings).toEqual([]);
  });

  it("a TPOT SLO on a sweep with only ITL is judged on ITL, with the substitution named", () => {
    const op = operatingPoint(
      { points: levels([100, 200], [100, 100], [30, 150]) },
      [{ metric: "tpot", stat: "p95", maxMs: 100 }],
      "measured",
    );
    expect(op.concurrency).toBe(1);
    expect(op.checks.map((r) => r[0]!.usedMetric)).toEqual(["itl", "itl"]);
    expect(op.warnings).toEqual(["SLO P95 TPOT evaluated on ITL: the sweep has no TPOT"]);
  });

  it("ITL at some points only: no substitution, the missing point makes feasibility unknown", () => {
    const pts: SweepPoint[] = [
      {
        concurrency: 1,
        requestRate: null,
        outputTokensPerSec: 100,
        itlMs: { p95: 30 },
        tpotMs: { p95: 30 },
      },
      { concurrency: 2, requestRate: null, outputTokensPerSec: 200, tpotMs: { p95: 40 } },
    ];
    const op = operatingPoint({ points: pts }, [ITL], "measured");
    expect(op.feasible).toBeNull();
    expect(op.pointIndex).toBe(0);
    expect(op.warnings).toEqual([
      "P95 ITL is missing at 1 of 2 points; this sweep has ITL p95",
      "the SLOs cannot be checked at concurrency 2: a statistic is missing, so feasibility is unknown",
    ]);
    // statValue works per point: the second point has no ITL at all, so TPOT stands in there
    expect(statValue(pts[1]!, "itl", "p95")).toEqual({
      valueMs: 40,
      usedMetric: "tpot",
      substituted: true,
      available: ["p95"],
    });
    expect(statValue(pts[0]!, "tpot", "p95")).toEqual({
      valueMs: 30,
      usedMetric: "tpot",
      substituted: false,
      available: ["p95"],
    });
  });
});

describe("failed share", () => {
  it("is failed ÷ (completed + failed) in percent, 0 without failures, null when completed is unknown", () => {
    const at = (
      completed: number | null | undefined,
      failed: number | null | undefined,
    ): number | null => {
      const p: SweepPoint = { concurrency: 1, requestRate: null };
      if (completed !== undefined) p.completed = completed;
      if (failed !== undefined) p.failed = failed;
      return failedSharePct(p);
    };
    expect([
      at(95, 5),
      at(0, 5),
      at(100, 0),
      at(100, undefined),
      at(100, null),
      at(100, -3),
      at(null, 5),
      at(undefined, 5),
      at(-1, 5),
    ]).toEqual([5, 100, 0, 0, 0, 0, null, null, null]);
  });

  it("a level exactly at maxErrorRatePct passes, just above fails", () => {
    // c=2: 1 of 100 = 1 % → passes; c=3: 1 of 99 = 1.0101… % → fails
    const pts: SweepPoint[] = [1, 2, 3].map((c) => ({
      concurrency: c,
      requestRate: null,
      outputTokensPerSec: 100 * c,
      ttftMs: { p99: 10 },
    }));
    pts[1]!.completed = 99;
    pts[1]!.failed = 1;
    pts[2]!.completed = 98;
    pts[2]!.failed = 1;
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect(op.concurrency).toBe(2);
    expect(op.bindingErrorRate).toBe(true);
    expect(op.failedSharePct).toEqual([0, 1, (1 / 99) * 100]);
  });
});
