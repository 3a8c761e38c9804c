/**
 * Operating point under SLOs (src/engine/curve/slo.ts, docs/operating-point.md), second part: the walk
 * over the load levels, every warning it gives (compared as whole arrays, so an extra or missing
 * warning fails), the throughput axis of the candidates, the interpolated fields, the statistics
 * read from a point and their order (issue #15, docs/mutation-testing.md). Numbers are hand-calculated.
 */
import { describe, expect, it } from "vitest";
import {
  failedSharePct,
  operatingPoint,
  prepareSweep,
  statValue,
} from "../../src/engine/curve/slo";
import type { Slo, Stats, SweepPoint } from "../../src/engine/base/types";

const TTFT: Slo = { metric: "ttft", stat: "p99", maxMs: 1000 };
const ITL: Slo = { metric: "itl", stat: "p95", maxMs: 100 };

/** Points at concurrency 1, 2, 3, …: output tokens/s (null: not recorded) and P99 TTFT per level. */
function levels(otps: (number | null)[], ttft: number[]): SweepPoint[] {
  return ttft.map((t, i) => {
    const p: SweepPoint = { concurrency: i + 1, requestRate: null, ttftMs: { p99: t } };
    const o = otps[i];
    if (o !== null && o !== undefined) p.outputTokensPerSec = o;
    return p;
  });
}

describe("sweeps with nothing to walk", () => {
  it("no points: unknown, with the reason", () => {
    const op = operatingPoint({ points: [] }, [TTFT], "measured");
    expect(op.feasible).toBeNull();
    expect(op.pointIndex).toBeNull();
    expect(op.checks).toEqual([]);
    expect(op.warnings).toEqual(["the sweep has no points: the operating point is unknown"]);
    expect(op.problems.map((p) => p.code)).toEqual(["slo.noPoints"]);
  });

  it("no SLOs and no failures: the highest load, saying no SLOs were given", () => {
    const op = operatingPoint({ points: levels([100, 200], [10, 20]) }, [], "interpolated");
    expect([
      op.feasible,
      op.concurrency,
      op.outputTokensPerSec,
      op.sloBinding,
      op.bindingSlo,
    ]).toEqual([true, 2, 200, false, null]);
    expect(op.warnings).toEqual([
      "no SLOs given: the operating point is the highest load measured",
    ]);
  });

  it("every point passes at the highest load: capacity may be higher", () => {
    const op = operatingPoint({ points: levels([100, 200], [10, 20]) }, [TTFT], "measured");
    expect([op.concurrency, op.pointIndex, op.sloBinding]).toEqual([2, 1, false]);
    expect(op.warnings).toEqual([
      "every point meets the SLOs: the operating point is the highest load measured (concurrency 2); capacity may be higher",
    ]);
  });

  it("every point passes but throughput peaks below the highest load: the peak, with both warnings", () => {
    const op = operatingPoint(
      { points: levels([100, 300, 250], [10, 20, 30]) },
      [TTFT],
      "measured",
    );
    expect([op.concurrency, op.outputTokensPerSec, op.pointIndex, op.sloBinding]).toEqual([
      2,
      300,
      1,
      false,
    ]);
    expect(op.warnings).toEqual([
      "every point meets the SLOs: the operating point is concurrency 2, where throughput peaks",
      "the operating point is concurrency 2, where throughput peaks: the higher passing load concurrency 3 gives less (250 vs 300 tok/s)",
    ]);
  });

  it("a sweep without any load field: the walk follows the input order, the level is an unknown load", () => {
    const pts: SweepPoint[] = [
      { concurrency: null, requestRate: null, outputTokensPerSec: 100, ttftMs: { p99: 10 } },
      { concurrency: null, requestRate: null, outputTokensPerSec: 200, ttftMs: { p99: 20 } },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([op.concurrency, op.requestRate, op.rps, op.outputTokensPerSec, op.pointIndex]).toEqual([
      null,
      null,
      null,
      200,
      1,
    ]);
    expect(op.warnings).toEqual([
      "every point meets the SLOs: the operating point is the highest load measured (an unknown load); capacity may be higher",
    ]);
  });
});

describe("the walk in load order", () => {
  it("points out of order are sorted, with a warning naming the axis", () => {
    const pts = levels([100, 200, 300], [10, 20, 2000]).reverse();
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([op.concurrency, op.pointIndex]).toEqual([2, 1]);
    expect(op.warnings).toEqual([
      "the sweep's points were not in load order; they were sorted by concurrency",
    ]);
  });

  it("every point that passes again after the first failure is named, and ignored", () => {
    // c=1 passes, c=2 fails, c=3 and c=5 pass again, c=4 fails
    const op = operatingPoint(
      { points: levels([100, 200, 300, 400, 500], [10, 2000, 20, 3000, 30]) },
      [TTFT],
      "measured",
    );
    expect([op.concurrency, op.pointIndex, op.bindingSlo]).toEqual([1, 0, TTFT]);
    expect(op.warnings).toEqual([
      "non-monotone data: concurrency 3 meets all SLOs again after concurrency 2 did not; ignored",
      "non-monotone data: concurrency 5 meets all SLOs again after concurrency 2 did not; ignored",
    ]);
  });

  it("without SLOs, a level passing the failed-share limit again 'passes' again", () => {
    const pts = levels([100, 200, 300], [10, 10, 10]);
    pts[1]!.completed = 90;
    pts[1]!.failed = 10;
    const op = operatingPoint({ points: pts }, [], "measured");
    expect([op.concurrency, op.bindingErrorRate, op.bindingSlo]).toEqual([1, true, null]);
    expect(op.warnings).toEqual([
      "non-monotone data: concurrency 3 passes again after concurrency 2 did not; ignored",
    ]);
  });

  it("a point that cannot be checked stops the walk: no non-monotone warning for the points after it", () => {
    const pts = levels([100, 200, 300], [10, 10, 10]);
    pts[1]!.ttftMs = { p50: 5 };
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([op.feasible, op.pointIndex, op.concurrency]).toEqual([null, 0, null]);
    expect(op.warnings).toEqual([
      "P99 TTFT is missing at 1 of 3 points; this sweep has TTFT p50, p99",
      "the SLOs cannot be checked at concurrency 2: a statistic is missing, so feasibility is unknown",
    ]);
  });

  it("a failure outranks a missing statistic at the same point; passing SLOs with an unknown failed share is unknown", () => {
    // c=2: TTFT missing but 10 % failed → c=2 fails, c=1 is the operating point
    const a = levels([100, 200], [10, 10]);
    delete a[1]!.ttftMs;
    a[1]!.completed = 90;
    a[1]!.failed = 10;
    const opA = operatingPoint({ points: a }, [TTFT], "measured");
    expect([opA.feasible, opA.concurrency, opA.bindingErrorRate]).toEqual([true, 1, true]);
    expect(opA.warnings).toEqual(["P99 TTFT is missing at 1 of 2 points; this sweep has TTFT p99"]);
    // c=2: TTFT passes, failures without a completed count → unknown
    const b = levels([100, 200], [10, 10]);
    b[1]!.failed = 3;
    const opB = operatingPoint({ points: b }, [TTFT], "measured");
    expect([opB.feasible, opB.pointIndex, opB.concurrency]).toEqual([null, 0, null]);
    expect(opB.failedSharePct).toEqual([0, null]);
    expect(opB.warnings).toEqual([
      "failed requests are recorded without a count of completed ones at 1 of 2 points: the failed share is unknown there",
      "the SLOs cannot be checked at concurrency 2: a statistic is missing, so feasibility is unknown",
    ]);
  });
});

describe("the measured operating point's fields and throughput axis", () => {
  it("an open-loop sweep: request rate (∞ kept), no concurrency, rps and tokens/s as measured", () => {
    const pts: SweepPoint[] = [
      {
        concurrency: null,
        requestRate: 2,
        rps: 2,
        outputTokensPerSec: 200,
        totalTokensPerSec: 400,
        ttftMs: { p99: 100 },
      },
      {
        concurrency: null,
        requestRate: "inf",
        rps: 5,
        outputTokensPerSec: 500,
        totalTokensPerSec: 1000,
        ttftMs: { p99: 200 },
      },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([
      op.concurrency,
      op.requestRate,
      op.rps,
      op.outputTokensPerSec,
      op.totalTokensPerSec,
      op.pointIndex,
    ]).toEqual([null, "inf", 5, 500, 1000, 1]);
    expect(op.warnings).toEqual([
      "every point meets the SLOs: the operating point is the highest load measured (request rate ∞ req/s); capacity may be higher",
    ]);
  });

  it("non-finite fields of the chosen point are null, never NaN or ∞", () => {
    const pts: SweepPoint[] = [
      {
        concurrency: 1,
        requestRate: Number.NaN,
        rps: Number.POSITIVE_INFINITY,
        outputTokensPerSec: 100,
        totalTokensPerSec: Number.NaN,
        ttftMs: { p99: 10 },
      },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([
      op.concurrency,
      op.requestRate,
      op.rps,
      op.outputTokensPerSec,
      op.totalTokensPerSec,
    ]).toEqual([1, null, null, 100, null]);
  });

  it("a candidate without output tokens/s: throughput is judged in req/s", () => {
    const pts = levels([100, null, 300], [10, 20, 2000]).map((p, i) => ({
      ...p,
      rps: [3, 2, 4][i]!,
    }));
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([op.concurrency, op.rps, op.outputTokensPerSec]).toEqual([1, 3, 100]);
    expect(op.warnings).toEqual([
      "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (2 vs 3 req/s)",
    ]);
  });

  it("no throughput at every candidate: the highest passing load, saying why", () => {
    const op = operatingPoint(
      { points: levels([500, null, 300], [10, 20, 2000]) },
      [TTFT],
      "measured",
    );
    expect([op.concurrency, op.outputTokensPerSec, op.pointIndex]).toEqual([2, null, 1]);
    expect(op.warnings).toEqual([
      "throughput is not recorded at every passing point: the operating point is the highest passing load",
    ]);
  });

  it("one candidate without throughput needs no such warning", () => {
    const op = operatingPoint({ points: levels([null, 300], [10, 2000]) }, [TTFT], "measured");
    expect([op.concurrency, op.pointIndex, op.bindingSlo]).toEqual([1, 0, TTFT]);
    expect(op.warnings).toEqual([]);
  });

  it("the failing point's throughput does not matter: only candidates before it are compared", () => {
    const op = operatingPoint(
      { points: levels([100, 200, 900], [10, 20, 2000]) },
      [TTFT],
      "measured",
    );
    expect([op.concurrency, op.outputTokensPerSec]).toEqual([2, 200]);
    expect(op.warnings).toEqual([]);
  });
});

describe("interpolation", () => {
  it("an open-loop sweep: request rate, rps and tokens/s at the crossing; concurrency stays unknown", () => {
    // TTFT 600 → 1400 from 2 to 4 req/s: t = 400/800 = 0.5 → 3 req/s
    const pts: SweepPoint[] = [
      {
        concurrency: null,
        requestRate: 2,
        rps: 1.9,
        outputTokensPerSec: 190,
        totalTokensPerSec: 400,
        ttftMs: { p99: 600 },
      },
      {
        concurrency: null,
        requestRate: 4,
        rps: 3.5,
        outputTokensPerSec: 350,
        totalTokensPerSec: 800,
        ttftMs: { p99: 1400 },
      },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect(op.basis).toBe("interpolated");
    expect([
      op.concurrency,
      op.requestRate,
      op.rps,
      op.outputTokensPerSec,
      op.totalTokensPerSec,
    ]).toEqual([null, 3, 2.7, 270, 600]);
    expect([op.pointIndex, op.towardIndex]).toEqual([0, 1]);
    expect(op.warnings).toEqual([
      "operating point interpolated to request rate 3 req/s between request rate 2 req/s and request rate 4 req/s, where P99 TTFT reaches its 1,000 ms limit",
    ]);
  });

  it("a field missing at either end is not interpolated", () => {
    // TTFT 600 → 1400: t = 0.5; rps missing at the passing point, total tokens/s missing at the failing one
    const pts = levels([100, 300], [600, 1400]);
    pts[1]!.rps = 3;
    pts[0]!.totalTokensPerSec = 200;
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([op.basis, op.concurrency, op.outputTokensPerSec, op.rps, op.totalTokensPerSec]).toEqual(
      ["interpolated", 1.5, 200, null, null],
    );
  });

  it("an interpolated crossing with exactly the best candidate's throughput stays measured (a tie keeps the lower load)", () => {
    // best c=1 200 tok/s; c=2 100 tok/s passes (TTFT 500); c=3 fails (1500, 300 tok/s):
    // t = 500/1000 = 0.5 → concurrency 2.5, 100 + 0.5 × 200 = 200 tok/s = the best's
    const op = operatingPoint(
      { points: levels([200, 100, 300], [100, 500, 1500]) },
      [TTFT],
      "interpolated",
    );
    expect([op.basis, op.concurrency, op.outputTokensPerSec, op.towardIndex]).toEqual([
      "measured",
      1,
      200,
      null,
    ]);
    expect(op.warnings).toEqual([
      "P99 TTFT reaches its 1,000 ms limit at concurrency 2.5, but throughput there (200) is not above concurrency 1's: the operating point stays measured",
      "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (100 vs 200 tok/s)",
    ]);
    // one token more at the failing point: 100 + 0.5 × 202 = 201 > 200 → interpolated
    const up = operatingPoint(
      { points: levels([200, 100, 302], [100, 500, 1500]) },
      [TTFT],
      "interpolated",
    );
    expect([
      up.basis,
      up.concurrency,
      up.outputTokensPerSec,
      up.pointIndex,
      up.towardIndex,
    ]).toEqual(["interpolated", 2.5, 201, 1, 2]);
  });

  it("no throughput at the failing point: the crossing cannot be compared, the operating point stays measured", () => {
    const op = operatingPoint({ points: levels([100, null], [600, 1400]) }, [TTFT], "interpolated");
    expect([op.basis, op.concurrency, op.outputTokensPerSec]).toEqual(["measured", 1, 100]);
    expect(op.warnings).toEqual([
      "P99 TTFT reaches its 1,000 ms limit at concurrency 1.5, but throughput there (n/a) is not above concurrency 1's: the operating point stays measured",
    ]);
  });

  it("the failed share staying measured is named as such", () => {
    // c=1 300 tok/s, c=2 100 tok/s 0 % failed, c=3 2 % failed (98 + 2) and 200 tok/s: t = 0.5 → 150 < 300
    const pts = levels([300, 100, 200], [10, 10, 10]);
    pts[2]!.completed = 98;
    pts[2]!.failed = 2;
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([op.basis, op.concurrency, op.bindingErrorRate]).toEqual(["measured", 1, true]);
    expect(op.warnings).toEqual([
      "the failed share reaches its 1 % limit at concurrency 2.5, but throughput there (150) is not above concurrency 1's: the operating point stays measured",
      "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (100 vs 300 tok/s)",
    ]);
  });

  it("the failed share crossing from a passing level that already drops requests", () => {
    // c=1 0.5 % (199 + 1), c=2 2.5 % (195 + 5): t = (1 − 0.5) / (2.5 − 0.5) = 0.25 → concurrency 1.25
    const pts = levels([100, 200], [10, 10]);
    pts[0]!.completed = 199;
    pts[0]!.failed = 1;
    pts[1]!.completed = 195;
    pts[1]!.failed = 5;
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([
      op.basis,
      op.concurrency,
      op.outputTokensPerSec,
      op.bindingErrorRate,
      op.bindingSlo,
    ]).toEqual(["interpolated", 1.25, 125, true, null]);
    expect(op.warnings).toEqual([
      "operating point interpolated to concurrency 1.25 between concurrency 1 and concurrency 2, where the failed share reaches its 1 % limit",
    ]);
  });

  it("an SLO crossing before the failed share's binds in interpolated mode, the larger overrun in measured mode", () => {
    // TTFT 900 → 1100: t = 0.5, 10 % over; failed share 0 → 4 %: t = 0.25, 300 % over
    const pts = levels([100, 200], [900, 1100]);
    pts[1]!.completed = 96;
    pts[1]!.failed = 4;
    const ip = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([ip.bindingSlo, ip.bindingErrorRate, ip.concurrency]).toEqual([null, true, 1.25]);
    const me = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([me.bindingSlo, me.bindingErrorRate, me.concurrency]).toEqual([null, true, 1]);
    // TTFT 900 → 1900: t = 0.1, 90 % over; failed share 0 → 1.5 % (197 + 3): t = 2/3, 50 % over → TTFT binds both ways
    const pts2 = levels([100, 200], [900, 1900]);
    pts2[1]!.completed = 197;
    pts2[1]!.failed = 3;
    const ip2 = operatingPoint({ points: pts2 }, [TTFT], "interpolated");
    expect([ip2.bindingSlo, ip2.bindingErrorRate]).toEqual([TTFT, false]);
    expect(ip2.concurrency).toBeCloseTo(1.1, 12);
    const me2 = operatingPoint({ points: pts2 }, [TTFT], "measured");
    expect([me2.bindingSlo, me2.bindingErrorRate]).toEqual([TTFT, false]);
  });

  it("measured mode never interpolates and gives no interpolation warning", () => {
    const op = operatingPoint({ points: levels([100, 300], [600, 1400]) }, [TTFT], "measured");
    expect([op.basis, op.concurrency, op.towardIndex]).toEqual(["measured", 1, null]);
    expect(op.warnings).toEqual([]);
  });

  it("a passing point without a load value cannot be interpolated from", () => {
    // concurrency 1 passes; a point with no concurrency (sorted last) passes; then another without fails
    const pts: SweepPoint[] = [
      { concurrency: 1, requestRate: null, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
      { concurrency: null, requestRate: null, outputTokensPerSec: 200, ttftMs: { p99: 500 } },
      { concurrency: null, requestRate: null, outputTokensPerSec: 300, ttftMs: { p99: 1500 } },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([op.basis, op.outputTokensPerSec, op.pointIndex]).toEqual(["measured", 200, 1]);
    expect(op.warnings).toEqual([
      "cannot interpolate toward an unknown load: used the last passing point (an unknown load)",
    ]);
  });
});

describe("infeasible sweeps", () => {
  it("only the failed share fails at the lowest load: no SLO failure, the failed share binds", () => {
    const pts = levels([100, 200], [10, 10]).map((p) => ({ ...p, completed: 95, failed: 5 }));
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([
      op.feasible,
      op.failure,
      op.failures,
      op.bindingSlo,
      op.bindingErrorRate,
      op.sloBinding,
    ]).toEqual([false, null, [], null, true, true]);
    expect(op.errorRateFailure).toEqual({ load: 1, sharePct: 5, maxPct: 1, overPct: 400 });
    expect(op.warnings).toEqual([
      "infeasible: 5 % of requests failed at the lowest load (concurrency 1), over the 1 % limit",
    ]);
  });

  it("a failed-share limit of 0 %: any failure is an infinite overrun", () => {
    const pts = levels([100], [10]).map((p) => ({ ...p, completed: 99, failed: 1 }));
    const op = operatingPoint({ points: pts }, [TTFT], "measured", undefined, {
      maxErrorRatePct: 0,
    });
    expect(op.maxErrorRatePct).toBe(0);
    expect(op.errorRateFailure).toEqual({
      load: 1,
      sharePct: 1,
      maxPct: 0,
      overPct: Number.POSITIVE_INFINITY,
    });
    // without failures a 0 % limit is met
    expect(
      operatingPoint({ points: levels([100], [10]) }, [TTFT], "measured", undefined, {
        maxErrorRatePct: 0,
      }).feasible,
    ).toBe(true);
  });

  it("the default failed-share limit is 1 %", () => {
    const op = operatingPoint({ points: levels([100], [10]) }, [TTFT], "measured");
    expect(op.maxErrorRatePct).toBe(1);
  });

  it("the infeasible load of an open-loop sweep is its request rate", () => {
    const pts: SweepPoint[] = [{ concurrency: null, requestRate: 3, ttftMs: { p99: 1200 } }];
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect(op.failure).toEqual({
      slo: TTFT,
      load: 3,
      valueMs: 1200,
      maxMs: 1000,
      overMs: 200,
      overPct: 20,
    });
    expect(op.warnings).toEqual([
      "infeasible: P99 TTFT is 1,200 ms at the lowest load (request rate 3 req/s), 200 ms (20 %) over the 1,000 ms limit",
    ]);
  });
});

describe("SLO limits and statistics", () => {
  it("an SLO without a finite limit cannot be checked: unknown, with the limit named", () => {
    const op = operatingPoint(
      { points: levels([100, 200], [10, 20]) },
      [{ ...TTFT, maxMs: Number.NaN }],
      "measured",
    );
    expect(op.feasible).toBeNull();
    expect(op.checks[0]![0]).toMatchObject({ valueMs: 10, pass: null });
    expect(op.warnings).toEqual([
      "SLO P99 TTFT has no valid limit (NaN): it cannot be checked",
      "the SLOs cannot be checked at concurrency 1: a statistic is missing, so feasibility is unknown",
    ]);
  });

  it("a non-finite statistic is missing, not a failure", () => {
    const pts = levels([100, 200], [10, 20]);
    pts[1]!.ttftMs = { p99: Number.NaN, p50: Number.POSITIVE_INFINITY, mean: 8 };
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect(op.feasible).toBeNull();
    expect(op.checks[1]![0]).toMatchObject({
      valueMs: null,
      pass: null,
      missing: { stat: "p99", available: ["mean", "p99"] },
    });
    expect(op.missing).toEqual([{ metric: "ttft", stat: "p99", available: ["mean", "p99"] }]);
  });

  it("a metric absent (or null) at every point: missing everywhere, no statistics to list", () => {
    const pts = levels([100, 200], [10, 20]).map((p) => ({
      ...p,
      e2eMs: null as unknown as Stats,
    }));
    const op = operatingPoint(
      { points: pts },
      [{ metric: "e2e", stat: "p50", maxMs: 5000 }],
      "measured",
    );
    expect(op.feasible).toBeNull();
    expect(op.missing).toEqual([{ metric: "e2e", stat: "p50", available: [] }]);
    expect(op.warnings).toEqual([
      "P50 E2E is missing; this sweep has no E2E statistics",
      "the SLOs cannot be checked at concurrency 1: a statistic is missing, so feasibility is unknown",
    ]);
  });

  it("the SLO's stat is matched in its canonical form (median ≡ p50, P95 ≡ p95)", () => {
    const pts = levels([100, 200], [10, 20]).map((p, i) => ({
      ...p,
      itlMs: { median: [50, 150][i]!, P95: [60, 170][i]! },
    }));
    const op = operatingPoint(
      { points: pts },
      [{ metric: "itl", stat: "P50", maxMs: 100 }],
      "measured",
    );
    expect([op.concurrency, op.checks[1]![0]!.valueMs]).toEqual([1, 150]);
    const op95 = operatingPoint(
      { points: pts },
      [{ metric: "itl", stat: "p95", maxMs: 100 }],
      "measured",
    );
    expect([op95.concurrency, op95.checks[1]![0]!.valueMs]).toEqual([1, 170]);
  });

  it("the NTPOT hint is given only for ITL/TPOT SLOs on a sweep with no ITL/TPOT at all", () => {
    const hint =
      "; it has NTPOT (end-to-end latency ÷ output tokens, which includes the time to first token), a different measure that is not substituted: add an SLO on ntpot to judge this sweep by it";
    const ntpotOnly = levels([100, 200], [10, 20]).map((p) => ({ ...p, ntpotMs: { p95: 30 } }));
    const tpot = operatingPoint(
      { points: ntpotOnly },
      [{ metric: "tpot", stat: "p95", maxMs: 100 }],
      "measured",
    );
    expect(tpot.warnings[0]).toBe(`P95 TPOT is missing; this sweep has no TPOT statistics${hint}`);
    // a TTFT stat missing on the same sweep: no hint
    const ttft = operatingPoint(
      { points: ntpotOnly },
      [{ metric: "ttft", stat: "p50", maxMs: 100 }],
      "measured",
    );
    expect(ttft.warnings[0]).toBe("P50 TTFT is missing; this sweep has TTFT p99");
    // ITL present but not the asked stat: no hint
    const some = ntpotOnly.map((p) => ({ ...p, itlMs: { mean: 20 } }));
    expect(operatingPoint({ points: some }, [ITL], "measured").warnings[0]).toBe(
      "P95 ITL is missing; this sweep has ITL mean",
    );
    // no NTPOT either: no hint
    expect(operatingPoint({ points: levels([100], [10]) }, [ITL], "measured").warnings[0]).toBe(
      "P95 ITL is missing; this sweep has no ITL statistics",
    );
  });

  it("an ITL SLO on a sweep with neither ITL nor TPOT is not substituted", () => {
    const op = operatingPoint({ points: levels([100], [10]) }, [ITL], "measured");
    expect(op.checks[0]![0]!.usedMetric).toBe("itl");
    expect(op.problems.map((p) => p.code)).toEqual(["slo.missing", "slo.cannotCheck"]);
  });

  it("a prepared sweep is reused across SLO sets with the same answers", () => {
    const pts = levels([100, 200, 300], [600, 900, 1400]).map((p, i) => ({
      ...p,
      itlMs: { p95: [50, 90, 95][i]! },
    }));
    const prep = prepareSweep(pts);
    const first = operatingPoint({ points: pts }, [TTFT], "measured", prep);
    const second = operatingPoint({ points: pts }, [ITL], "measured", prep);
    const third = operatingPoint({ points: pts }, [{ ...TTFT, maxMs: 800 }, ITL], "measured", prep);
    expect([first.concurrency, second.concurrency, third.concurrency]).toEqual([2, 3, 1]);
    expect(second.sloBinding).toBe(false);
  });
});

describe("statValue and the order of available statistics", () => {
  it("lists mean, min, the percentiles by their number, max, std, then any other statistic alphabetically", () => {
    const p: SweepPoint = {
      concurrency: 1,
      requestRate: null,
      ttftMs: {
        zeta: 1,
        std: 2,
        max: 3,
        "p99.9": 4,
        p99: 5,
        p10: 6,
        P1: 7,
        median: 8,
        min: 9,
        mean: 10,
        alpha: 11,
        p75: 12,
        "p99.99": 13,
      },
    };
    expect(statValue(p, "ttft", "p50").available).toEqual([
      "mean",
      "min",
      "p1",
      "p10",
      "p50",
      "p75",
      "p99",
      "p99.9",
      "p99.99",
      "max",
      "std",
      "alpha",
      "zeta",
    ]);
  });

  it("in a missing-statistic warning too", () => {
    const pts = levels([100], [10]).map((p) => ({
      ...p,
      ttftMs: { p90: 1, p5: 2, avg: 3, median: 4 },
    }));
    expect(operatingPoint({ points: pts }, [TTFT], "measured").warnings[0]).toBe(
      "P99 TTFT is missing; this sweep has TTFT mean, p5, p50, p90",
    );
  });

  it("a stat written twice (median and p50) is listed once; the first finite one is read", () => {
    const p: SweepPoint = {
      concurrency: 1,
      requestRate: null,
      ttftMs: { median: Number.NaN, p50: 7, P50: 9 },
    };
    expect(statValue(p, "ttft", "median")).toEqual({
      valueMs: 7,
      usedMetric: "ttft",
      substituted: false,
      available: ["p50"],
    });
  });

  it("no substitution when the other metric is empty too; a metric that is null counts as absent", () => {
    const p: SweepPoint = {
      concurrency: 1,
      requestRate: null,
      itlMs: { p95: Number.NaN },
      tpotMs: {},
    };
    expect(statValue(p, "itl", "p95")).toEqual({
      valueMs: null,
      usedMetric: "itl",
      substituted: false,
      available: [],
    });
    const q: SweepPoint = {
      concurrency: 1,
      requestRate: null,
      itlMs: null as unknown as Stats,
      tpotMs: { p95: 12 },
    };
    expect(statValue(q, "itl", "p95")).toEqual({
      valueMs: 12,
      usedMetric: "tpot",
      substituted: true,
      available: ["p95"],
    });
    const r: SweepPoint = { concurrency: 1, requestRate: null, tpotMs: null as unknown as Stats };
    expect(statValue(r, "tpot", "p95")).toEqual({
      valueMs: null,
      usedMetric: "tpot",
      substituted: false,
      available: [],
    });
  });

  it("TPOT is read from ITL when the point has no TPOT", () => {
    const p: SweepPoint = { concurrency: 1, requestRate: null, itlMs: { p95: 33 } };
    expect(statValue(p, "tpot", "p95")).toEqual({
      valueMs: 33,
      usedMetric: "itl",
      substituted: true,
      available: ["p95"],
    });
  });
});

describe("failed share edge cases", () => {
  it("zero failures need no completed count; zero of zero is 0", () => {
    const p = (completed: number | null, failed: number): SweepPoint => ({
      concurrency: 1,
      requestRate: null,
      completed,
      failed,
    });
    expect([
      failedSharePct(p(null, 0)),
      failedSharePct(p(0, 0)),
      failedSharePct(p(Number.NaN, 2)),
      failedSharePct(p(3, 1)),
    ]).toEqual([0, 0, null, 25]);
  });
});

describe("more boundaries of the walk", () => {
  it("a point passing after an infeasible lowest load is named too", () => {
    const op = operatingPoint({ points: levels([100, 200], [1500, 500]) }, [TTFT], "measured");
    expect(op.feasible).toBe(false);
    expect(op.warnings).toEqual([
      "non-monotone data: concurrency 2 meets all SLOs again after concurrency 1 did not; ignored",
      "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
    ]);
  });

  it("the failed share's overrun is relative to its limit: 5 % against 2 % is 150 % over", () => {
    const pts = levels([100], [10]).map((p) => ({ ...p, completed: 95, failed: 5 }));
    const op = operatingPoint({ points: pts }, [TTFT], "measured", undefined, {
      maxErrorRatePct: 2,
    });
    expect(op.errorRateFailure).toEqual({ load: 1, sharePct: 5, maxPct: 2, overPct: 150 });
  });

  it("negative limits fail every level, with an infinite overrun", () => {
    const op = operatingPoint(
      { points: levels([100], [10]) },
      [{ ...TTFT, maxMs: -10 }],
      "measured",
      undefined,
      { maxErrorRatePct: -1 },
    );
    expect(op.failure).toMatchObject({
      valueMs: 10,
      maxMs: -10,
      overMs: 20,
      overPct: Number.POSITIVE_INFINITY,
    });
    expect(op.errorRateFailure).toEqual({
      load: 1,
      sharePct: 0,
      maxPct: -1,
      overPct: Number.POSITIVE_INFINITY,
    });
  });

  it("a passing point exactly on the limit before an infinite request rate: no interpolation, no warning", () => {
    const pts: SweepPoint[] = [
      { concurrency: null, requestRate: 2, rps: 2, outputTokensPerSec: 200, ttftMs: { p99: 1000 } },
      {
        concurrency: null,
        requestRate: "inf",
        rps: 5,
        outputTokensPerSec: 500,
        ttftMs: { p99: 5000 },
      },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([op.basis, op.requestRate]).toEqual(["measured", 2]);
    expect(op.warnings).toEqual([]);
  });

  it("no interpolation toward ∞ and a throughput peak below the last passing rate: both said", () => {
    const pts: SweepPoint[] = [
      { concurrency: null, requestRate: 2, outputTokensPerSec: 640, ttftMs: { p99: 300 } },
      { concurrency: null, requestRate: 3, outputTokensPerSec: 600, ttftMs: { p99: 400 } },
      { concurrency: null, requestRate: "inf", outputTokensPerSec: 500, ttftMs: { p99: 5000 } },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([op.basis, op.requestRate, op.outputTokensPerSec]).toEqual(["measured", 2, 640]);
    expect(op.warnings).toEqual([
      "cannot interpolate toward request rate ∞ req/s: used the last passing point (request rate 3 req/s)",
      "the operating point is request rate 2 req/s, where throughput peaks: the higher passing load request rate 3 req/s gives less (600 vs 640 tok/s)",
    ]);
  });

  it("a crossing that rounds to the last passing load still reports a throughput peak below it", () => {
    // as in survivors-slo.test.ts: t ≈ 5.6e-17 from c=2 (0 %) to c=3 (1 of 110 failed)
    const pts: SweepPoint[] = [
      { concurrency: 1, requestRate: null, outputTokensPerSec: 5, ttftMs: { p99: 10 } },
      {
        concurrency: 2,
        requestRate: null,
        outputTokensPerSec: 1,
        ttftMs: { p99: 10 },
        completed: 1,
        failed: 0,
      },
      {
        concurrency: 3,
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
    expect([op.basis, op.concurrency]).toEqual(["measured", 1]);
    expect(op.warnings).toEqual([
      "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (1 vs 5 tok/s)",
    ]);
  });

  it("a concurrency sweep run at an unbounded request rate: the interpolated request rate stays unknown", () => {
    const pts = levels([100, 300], [600, 1400]).map((p) => ({ ...p, requestRate: "inf" as const }));
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect([op.basis, op.concurrency, op.requestRate]).toEqual(["interpolated", 1.5, null]);
  });

  it("an E2E SLO is never read from ITL or TPOT", () => {
    const pts = levels([100], [10]).map((p) => ({ ...p, itlMs: { p50: 20 }, tpotMs: { p50: 20 } }));
    const op = operatingPoint(
      { points: pts },
      [{ metric: "e2e", stat: "p50", maxMs: 5000 }],
      "measured",
    );
    expect(op.checks[0]![0]).toMatchObject({ usedMetric: "e2e", valueMs: null });
    expect(statValue(pts[0]!, "e2e", "p50")).toEqual({
      valueMs: null,
      usedMetric: "e2e",
      substituted: false,
      available: [],
    });
  });
});

describe("last survivors of slo.ts", () => {
  it("only a whole key p<number> is a percentile: other keys list after max and std", () => {
    const p: SweepPoint = {
      concurrency: 1,
      requestRate: null,
      ttftMs: { xp5: 1, max: 2, p95x: 3, std: 4 },
    };
    expect(statValue(p, "ttft", "p50").available).toEqual(["max", "std", "p95x", "xp5"]);
  });

  it("no NTPOT hint for a missing E2E statistic on a sweep that has NTPOT", () => {
    const pts = levels([100], [10]).map((p) => ({ ...p, ntpotMs: { p50: 30 } }));
    const op = operatingPoint(
      { points: pts },
      [{ metric: "e2e", stat: "p50", maxMs: 5000 }],
      "measured",
    );
    expect(op.warnings[0]).toBe("P50 E2E is missing; this sweep has no E2E statistics");
  });

  it("throughput split between tokens/s at one candidate and req/s at another: neither axis, the highest passing load", () => {
    const pts = levels([100, null, 900], [10, 20, 2000]);
    pts[1]!.rps = 2;
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect([op.concurrency, op.rps, op.outputTokensPerSec]).toEqual([2, 2, null]);
    expect(op.warnings).toEqual([
      "throughput is not recorded at every passing point: the operating point is the highest passing load",
    ]);
  });
});
