import { describe, expect, it } from "vitest";
import { operatingPoint, statValue } from "../../src/engine/curve/slo";
import { sloText } from "../../src/engine/curve/slo-label";
import type { Slo, SweepPoint } from "../../src/engine/base/types";

const TTFT: Slo = { metric: "ttft", stat: "p99", maxMs: 1000 };
const ITL: Slo = { metric: "itl", stat: "p95", maxMs: 100 };

/** A seed-style concurrency sweep (§3.4 / §5.3): P99 TTFT and P95 ITL rise with load. */
function sweep(ttft: number[], itl: number[]): SweepPoint[] {
  const conc = [1, 2, 4, 8, 16, 32];
  const otps = [100, 190, 360, 640, 900, 950];
  const rps = [1, 1.9, 3.6, 6.4, 9, 9.5];
  return conc.map((c, i) => ({
    concurrency: c,
    requestRate: null,
    rps: rps[i]!,
    outputTokensPerSec: otps[i]!,
    totalTokensPerSec: otps[i]! * 2,
    ttftMs: { p99: ttft[i]! },
    itlMs: { p95: itl[i]! },
  }));
}
const BASE_TTFT = [200, 250, 400, 700, 1300, 3000];
const BASE_ITL = [30, 35, 45, 60, 90, 150];

describe("operatingPoint in measured mode", () => {
  it("takes the highest load at which every lower point meets all SLOs, and names the SLO that fails next", () => {
    const op = operatingPoint({ points: sweep(BASE_TTFT, BASE_ITL) }, [TTFT, ITL], "measured");
    // c=8: TTFT 700 ≤ 1000, ITL 60 ≤ 100; c=16: TTFT 1300 > 1000 → operating point c=8.
    expect(op.feasible).toBe(true);
    expect(op.basis).toBe("measured");
    expect(op.concurrency).toBe(8);
    expect(op.outputTokensPerSec).toBe(640);
    expect(op.rps).toBe(6.4);
    expect(op.pointIndex).toBe(3);
    expect(op.bindingSlo).toEqual(TTFT);
    expect(op.sloBinding).toBe(true);
    expect(op.failure).toBeNull();
    expect(op.checks[4]![0]).toMatchObject({ valueMs: 1300, pass: false, usedMetric: "ttft" });
    expect(op.checks[4]![1]).toMatchObject({ valueMs: 90, pass: true, usedMetric: "itl" });
  });

  it("treats a value equal to the limit as meeting it", () => {
    const op = operatingPoint(
      { points: sweep([200, 250, 400, 1000, 1300, 3000], BASE_ITL) },
      [TTFT],
      "measured",
    );
    expect(op.concurrency).toBe(8);
  });

  it("ignores a point that passes again after a failure, with a non-monotone warning", () => {
    const op = operatingPoint(
      { points: sweep([200, 250, 400, 700, 1300, 900], [30, 35, 45, 60, 90, 80]) },
      [TTFT, ITL],
      "measured",
    );
    expect(op.concurrency).toBe(8);
    expect(
      op.warnings.some((w) =>
        w.startsWith("non-monotone data: concurrency 32 meets all SLOs again after concurrency 16"),
      ),
    ).toBe(true);
  });

  it("returns the last point with sloBinding false when every point passes", () => {
    const op = operatingPoint(
      { points: sweep(BASE_TTFT, BASE_ITL) },
      [
        { ...TTFT, maxMs: 5000 },
        { ...ITL, maxMs: 500 },
      ],
      "measured",
    );
    expect(op.feasible).toBe(true);
    expect(op.concurrency).toBe(32);
    expect(op.outputTokensPerSec).toBe(950);
    expect(op.sloBinding).toBe(false);
    expect(op.bindingSlo).toBeNull();
  });

  it("reports infeasibility with the SLO that fails at the lowest load and by how much", () => {
    const op = operatingPoint(
      { points: sweep([1500, 1600, 1700, 1800, 2000, 3000], [130, 135, 145, 160, 190, 250]) },
      [TTFT, ITL],
      "measured",
    );
    // c=1: TTFT 1500 vs 1000 → 500 ms, 50 %; ITL 130 vs 100 → 30 ms, 30 %. The worst is TTFT.
    expect(op.feasible).toBe(false);
    expect(op.failure).toEqual({
      slo: TTFT,
      load: 1,
      valueMs: 1500,
      maxMs: 1000,
      overMs: 500,
      overPct: 50,
    });
    expect(op.failures!.map((f) => [f.slo.metric, f.overMs, f.overPct])).toEqual([
      ["ttft", 500, 50],
      ["itl", 30, 30],
    ]);
    expect(op.concurrency).toBeNull();
    expect(op.outputTokensPerSec).toBeNull();
    expect(op.warnings).toContain(
      "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
    );
  });

  it("sorts points by load defensively and reports indices of the input order", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).reverse();
    const op = operatingPoint({ points: pts }, [TTFT, ITL], "measured");
    expect(op.concurrency).toBe(8);
    expect(op.pointIndex).toBe(2); // c=8 is third from the end of 6 → index 2 once reversed
    expect(op.checks[0]![0]!.valueMs).toBe(3000); // checks follow the input order
  });
});

describe("operatingPoint in interpolated mode", () => {
  it("interpolates the failing metric to its threshold and throughput to that load", () => {
    const op = operatingPoint({ points: sweep(BASE_TTFT, BASE_ITL) }, [TTFT, ITL], "interpolated");
    // TTFT 700 @8 → 1300 @16: t = (1000 − 700) / 600 = 0.5 → c = 12;
    // otps 640 + 0.5 × (900 − 640) = 770; rps 6.4 + 0.5 × 2.6 = 7.7; total 1280 + 0.5 × 520 = 1540.
    expect(op.basis).toBe("interpolated");
    expect(op.concurrency).toBeCloseTo(12, 12);
    expect(op.outputTokensPerSec).toBeCloseTo(770, 12);
    expect(op.rps).toBeCloseTo(7.7, 12);
    expect(op.totalTokensPerSec).toBeCloseTo(1540, 12);
    expect(op.pointIndex).toBe(3);
    expect(op.bindingSlo).toEqual(TTFT);
  });

  it("lets the SLO that reaches its limit at the lowest load bind", () => {
    const itl = [30, 35, 45, 60, 200, 250];
    const op = operatingPoint({ points: sweep(BASE_TTFT, itl) }, [TTFT, ITL], "interpolated");
    // TTFT t = 0.5; ITL 60 → 200: t = 40 / 140 = 0.285714… → c = 8 + 8 × 2/7 = 10.2857…
    expect(op.bindingSlo).toEqual(ITL);
    expect(op.concurrency).toBeCloseTo(8 + 16 / 7, 12);
    expect(op.outputTokensPerSec).toBeCloseTo(640 + (2 / 7) * 260, 12);
    // measured mode names the same binding SLO
    expect(
      operatingPoint({ points: sweep(BASE_TTFT, itl) }, [TTFT, ITL], "measured").bindingSlo,
    ).toEqual(ITL);
  });

  it("never extrapolates: no passing point stays infeasible and all-passing stays the last point", () => {
    const bad = operatingPoint(
      { points: sweep([1500, 1600, 1700, 1800, 2000, 3000], BASE_ITL) },
      [TTFT],
      "interpolated",
    );
    expect(bad.feasible).toBe(false);
    expect(bad.concurrency).toBeNull();
    const all = operatingPoint(
      { points: sweep(BASE_TTFT, BASE_ITL) },
      [{ ...TTFT, maxMs: 9000 }],
      "interpolated",
    );
    expect(all.basis).toBe("measured");
    expect(all.concurrency).toBe(32);
    expect(all.sloBinding).toBe(false);
  });

  it("falls back to the last passing point when the next load is an infinite request rate", () => {
    const pts: SweepPoint[] = [
      { concurrency: null, requestRate: 2, rps: 2, outputTokensPerSec: 200, ttftMs: { p99: 300 } },
      {
        concurrency: null,
        requestRate: "inf",
        rps: 5,
        outputTokensPerSec: 500,
        ttftMs: { p99: 5000 },
      },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "interpolated");
    expect(op.basis).toBe("measured");
    expect(op.requestRate).toBe(2);
    expect(op.warnings.some((w) => w.startsWith("cannot interpolate toward request rate ∞"))).toBe(
      true,
    );
  });
});

describe("statistics and substitution", () => {
  it("evaluates an ITL SLO on TPOT when the sweep has no ITL, with a warning naming the substitution", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map(({ itlMs, ...p }) => ({ ...p, tpotMs: itlMs! }));
    const op = operatingPoint({ points: pts }, [TTFT, ITL], "measured");
    expect(op.warnings).toContain("SLO P95 ITL evaluated on TPOT: the sweep has no ITL");
    expect(op.checks[0]![1]!.usedMetric).toBe("tpot");
    expect(op.concurrency).toBe(8);
  });

  it("never invents a missing statistic: feasibility is unknown and the existing stats are listed", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map((p) => ({
      ...p,
      itlMs: { mean: 20, p50: 19, p99: 40 },
    }));
    const op = operatingPoint({ points: pts }, [TTFT, ITL], "measured");
    expect(op.feasible).toBeNull();
    expect(op.missing).toEqual([{ metric: "itl", stat: "p95", available: ["mean", "p50", "p99"] }]);
    expect(op.warnings).toContain("P95 ITL is missing; this sweep has ITL mean, p50, p99");
    expect(op.outputTokensPerSec).toBeNull();
  });

  it("reports unknown, not non-monotone data, when the lowest point lacks the statistic", () => {
    const pts: SweepPoint[] = [
      { concurrency: 1, requestRate: null, outputTokensPerSec: 100, ttftMs: {} },
      { concurrency: 2, requestRate: null, outputTokensPerSec: 190, ttftMs: { p99: 300 } },
    ];
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect(op.feasible).toBeNull();
    expect(op.pointIndex).toBeNull();
    expect(op.warnings).toEqual([
      "P99 TTFT is missing at 1 of 2 points; this sweep has TTFT p99",
      "the SLOs cannot be checked at concurrency 1: a statistic is missing, so feasibility is unknown",
    ]);
  });

  it("still reports infeasible when an SLO fails at the lowest load although another statistic is missing", () => {
    const pts = sweep([1500, 1600, 1700, 1800, 2000, 3000], BASE_ITL).map((p) => ({
      ...p,
      itlMs: { mean: 20 },
    }));
    const op = operatingPoint({ points: pts }, [TTFT, ITL], "measured");
    expect(op.feasible).toBe(false);
    expect(op.missing[0]).toMatchObject({ metric: "itl", stat: "p95", available: ["mean"] });
  });

  it("treats median and p50 as the same statistic", () => {
    const p: SweepPoint = { concurrency: 1, requestRate: null, ttftMs: { median: 321 } };
    expect(statValue(p, "ttft", "p50").valueMs).toBe(321);
    const q: SweepPoint = { concurrency: 1, requestRate: null, ttftMs: { p50: 123 } };
    expect(statValue(q, "ttft", "median").valueMs).toBe(123);
  });

  it("statValue substitutes TPOT for ITL only when the point has no ITL at all", () => {
    const p: SweepPoint = { concurrency: 1, requestRate: null, tpotMs: { p95: 42, mean: 40 } };
    expect(statValue(p, "itl", "p95")).toEqual({
      valueMs: 42,
      usedMetric: "tpot",
      substituted: true,
      available: ["mean", "p95"],
    });
    const q: SweepPoint = {
      concurrency: 1,
      requestRate: null,
      itlMs: { mean: 10 },
      tpotMs: { p95: 42 },
    };
    expect(statValue(q, "itl", "p95")).toEqual({
      valueMs: null,
      usedMetric: "itl",
      substituted: false,
      available: ["mean"],
    });
    // nothing else is substituted: E2E is not read from TTFT
    expect(statValue(p, "e2e", "p95").valueMs).toBeNull();
  });

  it("labels SLOs the way people write them", () => {
    expect(sloText(ITL)).toBe("P95 ITL");
    expect(sloText({ metric: "ttft", stat: "median" })).toBe("P50 TTFT");
    expect(sloText({ metric: "e2e", stat: "mean" })).toBe("mean E2E");
  });
});

describe("operating point: most throughput and failed requests (docs/operating-point.md)", () => {
  /** Throughput rises to c=8 then falls (past saturation) while TTFT still passes up to c=16. */
  function pastPeak(): SweepPoint[] {
    return sweep([200, 250, 400, 700, 900, 3000], BASE_ITL).map((p, i) => ({
      ...p,
      outputTokensPerSec: [100, 190, 360, 640, 600, 500][i]!,
    }));
  }

  it("measured: the candidate with the most output throughput, not the highest passing load", () => {
    const op = operatingPoint({ points: pastPeak() }, [TTFT], "measured");
    expect(op.concurrency).toBe(8);
    expect(op.outputTokensPerSec).toBe(640);
    expect(op.bindingSlo).toEqual(TTFT);
    expect(
      op.warnings.some((w) =>
        w.startsWith(
          "the operating point is concurrency 8, where throughput peaks: the higher passing load concurrency 16 gives less",
        ),
      ),
    ).toBe(true);
  });

  it("ties keep the lower load", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map((p, i) => ({
      ...p,
      outputTokensPerSec: [100, 190, 640, 640, 900, 950][i]!,
    }));
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect(op.concurrency).toBe(4);
  });

  it("interpolated: the interpolated candidate is taken only when it has more throughput", () => {
    const op = operatingPoint({ points: pastPeak() }, [TTFT], "interpolated");
    // c=16 → c=32 crosses 1000 ms at t = 100/2100, but throughput there (< 600) is below c=8's 640.
    expect(op.basis).toBe("measured");
    expect(op.concurrency).toBe(8);
  });

  it("a level that drops more than maxErrorRatePct fails; the failed-share constraint binds", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map((p, i) => ({
      ...p,
      completed: 100,
      failed: [0, 0, 0, 0, 5, 50][i]!,
    }));
    const op = operatingPoint({ points: pts }, [{ ...TTFT, maxMs: 5000 }], "measured");
    // c=16: 5 / 105 = 4.76 % > 1 % → candidates up to c=8.
    expect(op.concurrency).toBe(8);
    expect(op.bindingErrorRate).toBe(true);
    expect(op.bindingSlo).toBeNull();
    expect(op.sloBinding).toBe(true);
    // A looser limit lets c=16 pass.
    expect(
      operatingPoint({ points: pts }, [{ ...TTFT, maxMs: 5000 }], "measured", undefined, {
        maxErrorRatePct: 5,
      }).concurrency,
    ).toBe(16);
  });

  it("interpolates the failed share to its limit", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map((p, i) => ({
      ...p,
      completed: [100, 100, 100, 100, 98, 96][i]!,
      failed: [0, 0, 0, 0, 2, 4][i]!,
    }));
    // c=16: 2 % > 1 %; from c=8 (0 %) to c=16 (2 %): t = 0.5 → c = 12, 770 tok/s.
    const op = operatingPoint({ points: pts }, [{ ...TTFT, maxMs: 5000 }], "interpolated");
    expect(op.basis).toBe("interpolated");
    expect(op.concurrency).toBeCloseTo(12, 12);
    expect(op.outputTokensPerSec).toBeCloseTo(770, 12);
    expect(op.bindingErrorRate).toBe(true);
    expect(op.warnings).toContain(
      "operating point interpolated to concurrency 12 between concurrency 8 and concurrency 16, where the failed share reaches its 1 % limit",
    );
  });

  it("infeasible when the lowest load already drops too many requests; no failures recorded count as 0", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map((p) => ({ ...p, completed: 90, failed: 10 }));
    const op = operatingPoint({ points: pts }, [TTFT], "measured");
    expect(op.feasible).toBe(false);
    expect(op.errorRateFailure).toMatchObject({ sharePct: 10, maxPct: 1 });
    expect(op.bindingErrorRate).toBe(true);
    expect(op.warnings).toContain(
      "infeasible: 10 % of requests failed at the lowest load (concurrency 1), over the 1 % limit",
    );
    const none = operatingPoint({ points: sweep(BASE_TTFT, BASE_ITL) }, [TTFT], "measured");
    expect(none.failedSharePct).toEqual([0, 0, 0, 0, 0, 0]);
    expect(none.warnings.some((w) => /fail/.test(w))).toBe(false);
  });

  it("an ITL SLO on a sweep with only NTPOT is unknown, with a hint that NTPOT exists and is not substituted", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map(({ itlMs, ...p }) => ({ ...p, ntpotMs: itlMs! }));
    const op = operatingPoint({ points: pts }, [TTFT, ITL], "measured");
    expect(op.feasible).toBeNull();
    expect(op.checks[0]![1]!.usedMetric).toBe("itl");
    expect(op.warnings.find((w) => w.startsWith("P95 ITL is missing"))).toMatch(
      /it has NTPOT .* not substituted: add an SLO on ntpot/,
    );
  });
});
