import { describe, expect, it } from "vitest";
import {
  operatingPoint,
  statValue,
  failedSharePct,
  prepareSweep,
  type OperatingPoint,
  type OperatingPointOptions,
} from "../../../src/engine/curve/slo";
import type { Slo, SloMode, SweepPoint, Stats } from "../../../src/engine/base/types";
import { englishOf } from "../../../src/engine/base/problems";
import type { Problem } from "../../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);
/** Some English warning of `r` starts with `prefix`. */
const warns = (r: { problems: readonly Problem[] }, prefix: string) =>
  expect(enW(r).some((w) => w.startsWith(prefix))).toBe(true);

/** A closed-loop point at concurrency `c` with the given fields. */
const point = (c: number | null, extra: Partial<SweepPoint> = {}): SweepPoint => ({
  concurrency: c,
  requestRate: null,
  ...extra,
});
/** An open-loop point at request rate `r` with the given fields. */
const rate = (r: number | "inf", extra: Partial<SweepPoint> = {}): SweepPoint => ({
  concurrency: null,
  requestRate: r,
  ...extra,
});
/** What statValue answers for a point. */
const stat = (
  valueMs: number | null,
  usedMetric: string,
  substituted: boolean,
  available: string[],
) => ({
  valueMs,
  usedMetric,
  substituted,
  available,
});
/** `op`'s named fields by value (a binding SLO by identity too) and, when given, all its English warnings. */
function expectOp(op: OperatingPoint, fields: Partial<OperatingPoint>, warnings?: string[]): void {
  const keys = Object.keys(fields) as (keyof OperatingPoint)[];
  expect(Object.fromEntries(keys.map((k) => [k, op[k]]))).toEqual(fields);
  if (fields.bindingSlo) expect(op.bindingSlo).toBe(fields.bindingSlo);
  if (warnings) expect(enW(op)).toEqual(warnings);
}
/** An open-loop point at request rate `r`: rps, output and total tokens/s, P99 TTFT. */
const open = (r: number | "inf", rps: number, otps: number, total: number, p99: number) =>
  rate(r, { rps, outputTokensPerSec: otps, totalTokensPerSec: total, ttftMs: { p99 } });
/** Sets a point's completed and failed request counts. */
const counts = (p: SweepPoint, completed: number, failed: number) =>
  Object.assign(p, { completed, failed });
/** Points at concurrency 1, 2, 3, …: output tokens/s (null: not recorded), P99 TTFT and (if given) P95 ITL. */
function levels(otps: (number | null)[], ttft: number[], itl?: number[]): SweepPoint[] {
  return ttft.map((t, i) => {
    const p: SweepPoint = point(i + 1, { ttftMs: { p99: t } });
    if (itl) p.itlMs = { p95: itl[i]! };
    const o = otps[i];
    if (o !== null && o !== undefined) p.outputTokensPerSec = o;
    return p;
  });
}
/** `pts` with field `k` set to `values[i]` at point i. */
const each = <K extends keyof SweepPoint>(pts: SweepPoint[], k: K, values: SweepPoint[K][]) =>
  pts.map((p, i) => ({ ...p, [k]: values[i] }));
const TTFT: Slo = { metric: "ttft", stat: "p99", maxMs: 1000 };
const ITL: Slo = { metric: "itl", stat: "p95", maxMs: 100 };

/** A concurrency sweep like fixtures/seed/'s: P99 TTFT and P95 ITL rise with load. */
function sweep(ttft: number[], itl: number[]): SweepPoint[] {
  const conc = [1, 2, 4, 8, 16, 32];
  const otps = [100, 190, 360, 640, 900, 950];
  const rps = [1, 1.9, 3.6, 6.4, 9, 9.5];
  return conc.map((c, i) =>
    point(c, {
      rps: rps[i]!,
      outputTokensPerSec: otps[i]!,
      totalTokensPerSec: otps[i]! * 2,
      ttftMs: { p99: ttft[i]! },
      itlMs: { p95: itl[i]! },
    }),
  );
}
/** The operating point of `points` under `slos` (measured unless said). */
const opOf = (
  points: SweepPoint[],
  slos: Slo[],
  mode: SloMode = "measured",
  opts?: OperatingPointOptions,
) => operatingPoint({ points }, slos, mode, undefined, opts);
const BASE_TTFT = [200, 250, 400, 700, 1300, 3000];
const BASE_ITL = [30, 35, 45, 60, 90, 150];

describe("operatingPoint in measured mode", () => {
  it("takes the highest load at which every lower point meets all SLOs, and names the SLO that fails next", () => {
    const op = opOf(sweep(BASE_TTFT, BASE_ITL), [TTFT, ITL]);
    // c=8: TTFT 700 ≤ 1000, ITL 60 ≤ 100; c=16: TTFT 1300 > 1000 → operating point c=8.
    expectOp(op, { feasible: true, basis: "measured", concurrency: 8, outputTokensPerSec: 640 });
    expectOp(op, { rps: 6.4, pointIndex: 3, bindingSlo: TTFT, sloBinding: true, failure: null });
    expect(op.checks[4]![0]).toMatchObject({ valueMs: 1300, pass: false, usedMetric: "ttft" });
    expect(op.checks[4]![1]).toMatchObject({ valueMs: 90, pass: true, usedMetric: "itl" });
    // a value equal to the limit meets it
    expect(opOf(sweep([200, 250, 400, 1000, 1300, 3000], BASE_ITL), [TTFT]).concurrency).toBe(8);
  });

  it("ignores a point that passes again after a failure, with a non-monotone warning", () => {
    const op = opOf(sweep([200, 250, 400, 700, 1300, 900], [30, 35, 45, 60, 90, 80]), [TTFT, ITL]);
    expect(op.concurrency).toBe(8);
    warns(op, "non-monotone data: concurrency 32 meets all SLOs again after concurrency 16");
  });

  it("returns the last point with sloBinding false when every point passes", () => {
    const loose = [
      { ...TTFT, maxMs: 5000 },
      { ...ITL, maxMs: 500 },
    ];
    const op = opOf(sweep(BASE_TTFT, BASE_ITL), loose);
    expectOp(op, { feasible: true, concurrency: 32, outputTokensPerSec: 950, sloBinding: false });
    expect(op.bindingSlo).toBeNull();
  });

  it("reports infeasibility with the SLO that fails at the lowest load and by how much", () => {
    const late = sweep([1500, 1600, 1700, 1800, 2000, 3000], [130, 135, 145, 160, 190, 250]);
    const op = opOf(late, [TTFT, ITL]);
    // c=1: TTFT 1500 vs 1000 → 500 ms, 50 %; ITL 130 vs 100 → 30 ms, 30 %. The worst is TTFT.
    expectOp(op, { feasible: false, concurrency: null, outputTokensPerSec: null });
    const failure = { slo: TTFT, load: 1, valueMs: 1500, maxMs: 1000, overMs: 500, overPct: 50 };
    expect(op.failure).toEqual(failure);
    const over = op.failures!.map((f) => [f.slo.metric, f.overMs, f.overPct]);
    expect(over).toEqual([
      ["ttft", 500, 50],
      ["itl", 30, 30],
    ]);
    expect(enW(op)).toContain(
      "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
    );
  });

  it("sorts points by load defensively and reports indices of the input order", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).reverse();
    const op = opOf(pts, [TTFT, ITL]);
    // c=8 is third from the end of 6 → index 2 once reversed
    expectOp(op, { concurrency: 8, pointIndex: 2 });
    expect(op.checks[0]![0]!.valueMs).toBe(3000); // checks follow the input order
  });
});

describe("operatingPoint in interpolated mode", () => {
  it("interpolates the failing metric to its threshold and throughput to that load", () => {
    const op = opOf(sweep(BASE_TTFT, BASE_ITL), [TTFT, ITL], "interpolated");
    // TTFT 700 @8 → 1300 @16: t = (1000 − 700) / 600 = 0.5 → c = 12;
    // otps 640 + 0.5 × (900 − 640) = 770; rps 6.4 + 0.5 × 2.6 = 7.7; total 1280 + 0.5 × 520 = 1540.
    expectOp(op, { basis: "interpolated", pointIndex: 3, bindingSlo: TTFT });
    expect(op.concurrency).toBeCloseTo(12, 12);
    expect(op.outputTokensPerSec).toBeCloseTo(770, 12);
    expect(op.rps).toBeCloseTo(7.7, 12);
    expect(op.totalTokensPerSec).toBeCloseTo(1540, 12);
  });

  it("lets the SLO that reaches its limit at the lowest load bind", () => {
    const itl = [30, 35, 45, 60, 200, 250];
    const op = opOf(sweep(BASE_TTFT, itl), [TTFT, ITL], "interpolated");
    // TTFT t = 0.5; ITL 60 → 200: t = 40 / 140 = 0.285714… → c = 8 + 8 × 2/7 = 10.2857…
    expect(op.bindingSlo).toEqual(ITL);
    expect(op.concurrency).toBeCloseTo(8 + 16 / 7, 12);
    expect(op.outputTokensPerSec).toBeCloseTo(640 + (2 / 7) * 260, 12);
    // measured mode names the same binding SLO
    expect(opOf(sweep(BASE_TTFT, itl), [TTFT, ITL]).bindingSlo).toEqual(ITL);
  });

  it("never extrapolates: no passing point stays infeasible and all-passing stays the last point", () => {
    const bad = opOf(sweep([1500, 1600, 1700, 1800, 2000, 3000], BASE_ITL), [TTFT], "interpolated");
    expect(bad).toMatchObject({ feasible: false, concurrency: null });
    const all = opOf(sweep(BASE_TTFT, BASE_ITL), [{ ...TTFT, maxMs: 9000 }], "interpolated");
    expect(all).toMatchObject({ basis: "measured", concurrency: 32, sloBinding: false });
  });

  it("falls back to the last passing point when the next load is an infinite request rate", () => {
    const at = (p99: number) => [
      rate(2, { rps: 2, outputTokensPerSec: 200, ttftMs: { p99 } }),
      rate("inf", { rps: 5, outputTokensPerSec: 500, ttftMs: { p99: 5000 } }),
    ];
    const op = opOf(at(300), [TTFT], "interpolated");
    expectOp(op, { basis: "measured", requestRate: 2 });
    warns(op, "cannot interpolate toward request rate ∞");
    // a passing point exactly on the limit before the infinite rate: no interpolation, no warning
    expectOp(opOf(at(1000), [TTFT], "interpolated"), { basis: "measured", requestRate: 2 }, []);
  });
});

describe("statistics and substitution", () => {
  it("evaluates an ITL SLO on TPOT when the sweep has no ITL, with a warning naming the substitution", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map(({ itlMs, ...p }) => ({ ...p, tpotMs: itlMs! }));
    const op = opOf(pts, [TTFT, ITL]);
    expect(enW(op)).toContain("SLO P95 ITL evaluated on TPOT: the sweep has no ITL");
    expect(op.checks[0]![1]!.usedMetric).toBe("tpot");
    expect(op.concurrency).toBe(8);
  });

  it("never invents a missing statistic: feasibility is unknown and the existing stats are listed", () => {
    const pts = each(
      sweep(BASE_TTFT, BASE_ITL),
      "itlMs",
      Array(6).fill({ mean: 20, p50: 19, p99: 40 }),
    );
    const op = opOf(pts, [TTFT, ITL]);
    expect(op.feasible).toBeNull();
    expect(op.missing).toEqual([{ metric: "itl", stat: "p95", available: ["mean", "p50", "p99"] }]);
    expect(enW(op)).toContain("P95 ITL is missing; this sweep has ITL mean, p50, p99");
    expect(op.outputTokensPerSec).toBeNull();
  });

  it("reports unknown, not non-monotone data, when the lowest point lacks the statistic", () => {
    const pts = [point(1, { outputTokensPerSec: 100, ttftMs: {} })];
    pts.push(point(2, { outputTokensPerSec: 190, ttftMs: { p99: 300 } }));
    expectOp(opOf(pts, [TTFT]), { feasible: null, pointIndex: null }, [
      "P99 TTFT is missing at 1 of 2 points; this sweep has TTFT p99",
      "the SLOs cannot be checked at concurrency 1: a statistic is missing, so feasibility is unknown",
    ]);
  });

  it("still reports infeasible when an SLO fails at the lowest load although another statistic is missing", () => {
    const late = sweep([1500, 1600, 1700, 1800, 2000, 3000], BASE_ITL);
    const pts = each(late, "itlMs", Array(6).fill({ mean: 20 }));
    const op = opOf(pts, [TTFT, ITL]);
    expect(op.feasible).toBe(false);
    expect(op.missing[0]).toMatchObject({ metric: "itl", stat: "p95", available: ["mean"] });
  });

  it("statValue: median ≡ p50; TPOT stands in for ITL only when the point has no ITL at all", () => {
    expect(statValue(point(1, { ttftMs: { median: 321 } }), "ttft", "p50").valueMs).toBe(321);
    expect(statValue(point(1, { ttftMs: { p50: 123 } }), "ttft", "median").valueMs).toBe(123);
    const p: SweepPoint = point(1, { tpotMs: { p95: 42, mean: 40 } });
    expect(statValue(p, "itl", "p95")).toEqual(stat(42, "tpot", true, ["mean", "p95"]));
    const q: SweepPoint = point(1, { itlMs: { mean: 10 }, tpotMs: { p95: 42 } });
    expect(statValue(q, "itl", "p95")).toEqual(stat(null, "itl", false, ["mean"]));
    // nothing else is substituted: E2E is not read from TTFT
    expect(statValue(p, "e2e", "p95").valueMs).toBeNull();
  });
});

describe("operating point: most throughput and failed requests (docs/operating-point.md)", () => {
  /** Throughput rises to c=8 then falls (past saturation) while TTFT still passes up to c=16. */
  function pastPeak(): SweepPoint[] {
    const otps = [100, 190, 360, 640, 600, 500];
    return each(sweep([200, 250, 400, 700, 900, 3000], BASE_ITL), "outputTokensPerSec", otps);
  }

  it("measured: the candidate with the most output throughput, not the highest passing load", () => {
    const op = opOf(pastPeak(), [TTFT]);
    expectOp(op, { concurrency: 8, outputTokensPerSec: 640, bindingSlo: TTFT });
    warns(
      op,
      "the operating point is concurrency 8, where throughput peaks: the higher passing load concurrency 16 gives less",
    );
    // interpolated: c=16 → c=32 crosses 1000 ms at t = 100/2100, but throughput there (< 600) is
    // below c=8's 640, so the interpolated candidate is not taken
    expectOp(opOf(pastPeak(), [TTFT], "interpolated"), { basis: "measured", concurrency: 8 });
    // ties keep the lower load
    const tie = [100, 190, 640, 640, 900, 950];
    const pts = each(sweep(BASE_TTFT, BASE_ITL), "outputTokensPerSec", tie);
    expect(opOf(pts, [TTFT]).concurrency).toBe(4);
  });

  it("a level that drops more than maxErrorRatePct fails; the failed-share constraint binds", () => {
    const failed = [0, 0, 0, 0, 5, 50];
    const pts = sweep(BASE_TTFT, BASE_ITL).map((p, i) => counts(p, 100, failed[i]!));
    const op = opOf(pts, [{ ...TTFT, maxMs: 5000 }]);
    // c=16: 5 / 105 = 4.76 % > 1 % → candidates up to c=8.
    expectOp(op, { concurrency: 8, bindingErrorRate: true, bindingSlo: null, sloBinding: true });
    // A looser limit lets c=16 pass.
    const five = opOf(pts, [{ ...TTFT, maxMs: 5000 }], "measured", { maxErrorRatePct: 5 });
    expect(five.concurrency).toBe(16);
  });

  it("interpolates the failed share to its limit", () => {
    const done = each(sweep(BASE_TTFT, BASE_ITL), "completed", [100, 100, 100, 100, 98, 96]);
    const pts = each(done, "failed", [0, 0, 0, 0, 2, 4]);
    // c=16: 2 % > 1 %; from c=8 (0 %) to c=16 (2 %): t = 0.5 → c = 12, 770 tok/s.
    const op = opOf(pts, [{ ...TTFT, maxMs: 5000 }], "interpolated");
    expectOp(op, { basis: "interpolated", bindingErrorRate: true });
    expect(op.concurrency).toBeCloseTo(12, 12);
    expect(op.outputTokensPerSec).toBeCloseTo(770, 12);
    expect(enW(op)).toContain(
      "operating point interpolated to concurrency 12 between concurrency 8 and concurrency 16, where the failed share reaches its 1 % limit",
    );
  });

  it("infeasible when the lowest load already drops too many requests; no failures recorded count as 0", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map((p) => ({ ...p, completed: 90, failed: 10 }));
    const op = opOf(pts, [TTFT]);
    expectOp(op, { feasible: false, bindingErrorRate: true });
    expect(op.errorRateFailure).toMatchObject({ sharePct: 10, maxPct: 1 });
    expect(enW(op)).toContain(
      "infeasible: 10 % of requests failed at the lowest load (concurrency 1), over the 1 % limit",
    );
    const none = opOf(sweep(BASE_TTFT, BASE_ITL), [TTFT]);
    expect(none.failedSharePct).toEqual([0, 0, 0, 0, 0, 0]);
    expect(enW(none).some((w) => /fail/.test(w))).toBe(false);
  });

  it("an ITL SLO on a sweep with only NTPOT is unknown, with a hint that NTPOT exists and is not substituted", () => {
    const pts = sweep(BASE_TTFT, BASE_ITL).map(({ itlMs, ...p }) => ({ ...p, ntpotMs: itlMs! }));
    const op = opOf(pts, [TTFT, ITL]);
    expect(op.feasible).toBeNull();
    expect(op.checks[0]![1]!.usedMetric).toBe("itl");
    expect(enW(op).find((w) => w.startsWith("P95 ITL is missing"))).toMatch(
      /it has NTPOT .* not substituted: add an SLO on ntpot/,
    );
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Operating point under SLOs (docs/operating-point.md): tie-breaks, boundaries and orders that the
   * older tests did not pin down (issue #15, docs/mutation-testing.md). Numbers are hand-calculated;
   * warnings are compared as whole arrays, so an extra or missing warning fails.
   */

  describe("binding SLO", () => {
    it("interpolated: two SLOs crossing at the same load — the one with the larger overrun at the failing point binds", () => {
      // TTFT 700 → 1300: t = 300/600 = 0.5, 30 % over at c=2; ITL 60 → 140: t = 40/80 = 0.5, 40 % over → ITL binds
      const op = opOf(levels([100, 200], [700, 1300], [60, 140]), [TTFT, ITL], "interpolated");
      expectOp(op, { bindingSlo: ITL, basis: "interpolated", concurrency: 1.5 });
      expectOp(op, { outputTokensPerSec: 150, pointIndex: 0, towardIndex: 1 }, [
        "operating point interpolated to concurrency 1.5 between concurrency 1 and concurrency 2, where P95 ITL reaches its 100 ms limit",
      ]);
      // the list order does not matter
      expect(
        opOf(levels([100, 200], [700, 1300], [60, 140]), [ITL, TTFT], "interpolated").bindingSlo,
      ).toBe(ITL);
    });

    it("interpolated binds the SLO crossing at the lowest load, measured the one with the largest overrun", () => {
      // TTFT 700 → 1300: t = 0.5, 30 % over; ITL 96 → 116: t = 4/20 = 0.2, 16 % over
      const pts = levels([100, 200], [700, 1300], [96, 116]);
      const ip = opOf(pts, [TTFT, ITL], "interpolated");
      expectOp(ip, { bindingSlo: ITL, concurrency: 1.2, outputTokensPerSec: 120 });
      expectOp(opOf(pts, [ITL, TTFT]), { bindingSlo: TTFT, concurrency: 1 }, []);
      // measured: equal overruns bind the SLO listed first (TTFT 1300 and ITL 130: both 30 % over)
      const eq = levels([100, 200], [700, 1300], [60, 130]);
      expect(opOf(eq, [TTFT, ITL]).bindingSlo).toBe(TTFT);
      expect(opOf(eq, [ITL, TTFT]).bindingSlo).toBe(ITL);
    });
  });

  describe("interpolation at the limit itself", () => {
    it("a passing point exactly on the limit stays the measured operating point (t = 0), without an interpolation warning", () => {
      // TTFT 1000 at c=1 meets the 1000 ms limit; c=2 fails → the crossing is at c=1 itself
      const op = opOf(levels([100, 200], [1000, 1500], [10, 10]), [TTFT], "interpolated");
      expectOp(op, { basis: "measured", concurrency: 1, outputTokensPerSec: 100 });
      expectOp(op, { pointIndex: 0, towardIndex: null, bindingSlo: TTFT }, []);
      // without throughput, a point exactly on the limit is still not interpolated
      const bare = opOf(levels([null, null], [1000, 1500], [10, 10]), [TTFT], "interpolated");
      expectOp(bare, { basis: "measured", concurrency: 1, towardIndex: null }, []);
    });

    it("without throughput, a crossing inside the step is interpolated (load only)", () => {
      // TTFT 800 → 1200: t = 0.5 → concurrency 1.5; throughput stays unknown
      const op = opOf(levels([null, null], [800, 1200], [10, 10]), [TTFT], "interpolated");
      expectOp(op, { basis: "interpolated", concurrency: 1.5, outputTokensPerSec: null }, [
        "operating point interpolated to concurrency 1.5 between concurrency 1 and concurrency 2, where P99 TTFT reaches its 1,000 ms limit",
      ]);
    });

    it("a crossing whose load rounds to the passing point's own load is not a new operating point", () => {
      // failed-share limit 5.05e-17 %: from 0 % at c=1 to 1/110 = 0.909 % at c=2, t = 5.6e-17 →
      // load 1 + 5.6e-17 = 1 in doubles, throughput 1 + 1.1e-16 = 1.0000000000000002: c=1 stays the operating point
      const pts: SweepPoint[] = [
        point(1, { outputTokensPerSec: 1, ttftMs: { p99: 10 }, completed: 1, failed: 0 }),
        point(2, { outputTokensPerSec: 3, ttftMs: { p99: 10 }, completed: 109, failed: 1 }),
      ];
      const op = opOf(pts, [TTFT], "interpolated", { maxErrorRatePct: 5.046468293750712e-17 });
      expectOp(op, { basis: "measured", concurrency: 1, outputTokensPerSec: 1 });
      expectOp(op, { bindingErrorRate: true }, []);
    });

    it("an interpolated crossing with no more throughput than the best candidate stays measured, with the reason", () => {
      // c=1 640 tok/s, c=2 600 tok/s, c=3 fails: TTFT 900 → 1100 at t = 0.5, 550 tok/s < 640
      const pts = levels([640, 600, 500], [400, 900, 1100], [10, 10, 10]);
      expectOp(opOf(pts, [TTFT], "interpolated"), { basis: "measured", concurrency: 1 }, [
        "P99 TTFT reaches its 1,000 ms limit at concurrency 2.5, but throughput there (550) is not above concurrency 1's: the operating point stays measured",
        "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (600 vs 640 tok/s)",
      ]);
    });
  });

  describe("infeasible sweeps", () => {
    it("lists failures worst first, whatever the order of the SLOs", () => {
      // c=1: TTFT 1500 is 50 % over, ITL 130 is 30 % over
      const op = opOf(levels([100, 200], [1500, 1600], [130, 140]), [ITL, TTFT]);
      const over = op.failures!.map((f) => [f.slo, f.valueMs, f.overMs, f.overPct]);
      expect(over).toEqual([
        [TTFT, 1500, 500, 50],
        [ITL, 130, 30, 30],
      ]);
      expectOp(op, { feasible: false, bindingSlo: TTFT }, [
        "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
        "infeasible: P95 ITL is 130 ms at the lowest load (concurrency 1), 30 ms (30 %) over the 100 ms limit",
      ]);
    });

    it("the failed share binds an infeasible sweep only when it overruns its limit by strictly more than the worst SLO", () => {
      // TTFT 1500: 50 % over. Failed 3 of 200 = 1.5 %: (1.5 − 1) / 1 = 50 % over → tie → the SLO binds
      const tie: SweepPoint[] = [
        point(1, { outputTokensPerSec: 100, ttftMs: { p99: 1500 }, completed: 197, failed: 3 }),
      ];
      const a = opOf(tie, [TTFT]);
      expect(a.errorRateFailure).toEqual({ load: 1, sharePct: 1.5, maxPct: 1, overPct: 50 });
      expectOp(a, { bindingSlo: TTFT, bindingErrorRate: false }, [
        "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
        "infeasible: 1.5 % of requests failed at the lowest load (concurrency 1), over the 1 % limit",
      ]);
      // failed 4 of 200 = 2 %: 100 % over → the failed share binds
      const b = opOf([{ ...tie[0]!, completed: 196, failed: 4 }], [TTFT]);
      expectOp(b, { bindingSlo: null, bindingErrorRate: true });
      expect(b.failure).toMatchObject({ slo: TTFT, overPct: 50 });
    });
  });

  describe("ITL ↔ TPOT substitution", () => {
    it("an ITL SLO is judged on ITL when the sweep has ITL, even when it also has TPOT", () => {
      // ITL 30 → 150 fails at c=2; TPOT (30, 50) would pass everywhere
      const itlOnly = levels([100, 200], [100, 100], [30, 150]);
      const pts = each(itlOnly, "tpotMs", [{ p95: 30 }, { p95: 50 }]);
      const op = opOf(pts, [ITL]);
      expectOp(op, { concurrency: 1 }, []);
      expect(op.checks.map((r) => r[0]!.usedMetric)).toEqual(["itl", "itl"]);
      // a TPOT SLO on the sweep with only ITL is judged on ITL, with the substitution named
      const tp = opOf(itlOnly, [{ metric: "tpot", stat: "p95", maxMs: 100 }]);
      expectOp(tp, { concurrency: 1 }, ["SLO P95 TPOT evaluated on ITL: the sweep has no TPOT"]);
      expect(tp.checks.map((r) => r[0]!.usedMetric)).toEqual(["itl", "itl"]);
    });

    it("ITL at some points only: no substitution, the missing point makes feasibility unknown", () => {
      const pts: SweepPoint[] = [
        point(1, { outputTokensPerSec: 100, itlMs: { p95: 30 }, tpotMs: { p95: 30 } }),
        { concurrency: 2, requestRate: null, outputTokensPerSec: 200, tpotMs: { p95: 40 } },
      ];
      expectOp(opOf(pts, [ITL]), { feasible: null, pointIndex: 0 }, [
        "P95 ITL is missing at 1 of 2 points; this sweep has ITL p95",
        "the SLOs cannot be checked at concurrency 2: a statistic is missing, so feasibility is unknown",
      ]);
      // statValue works per point: the second point has no ITL at all, so TPOT stands in there
      expect(statValue(pts[1]!, "itl", "p95")).toEqual(stat(40, "tpot", true, ["p95"]));
      expect(statValue(pts[0]!, "tpot", "p95")).toEqual(stat(30, "tpot", false, ["p95"]));
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
      const cases = [at(95, 5), at(0, 5), at(100, 0), at(100, undefined), at(100, null)];
      cases.push(at(100, -3), at(null, 5), at(undefined, 5), at(-1, 5));
      expect(cases).toEqual([5, 100, 0, 0, 0, 0, null, null, null]);
    });

    it("a level exactly at maxErrorRatePct passes, just above fails", () => {
      // c=2: 1 of 100 = 1 % → passes; c=3: 1 of 99 = 1.0101… % → fails
      const pts = levels([100, 200, 300], [10, 10, 10]);
      counts(pts[1]!, 99, 1);
      counts(pts[2]!, 98, 1);
      const op = opOf(pts, [TTFT]);
      expectOp(op, { concurrency: 2, bindingErrorRate: true });
      expect(op.failedSharePct).toEqual([0, 1, (1 / 99) * 100]);
    });
  });
});

describe("boundaries and edge cases: the walk, its warnings and the statistics", () => {
  /**
   * Operating point under SLOs (src/engine/curve/slo.ts, docs/operating-point.md), second part: the walk
   * over the load levels, every warning it gives (compared as whole arrays, so an extra or missing
   * warning fails), the throughput axis of the candidates, the interpolated fields, the statistics
   * read from a point and their order (issue #15, docs/mutation-testing.md). Numbers are hand-calculated.
   */

  describe("sweeps with nothing to walk", () => {
    it("no points: unknown, with the reason", () => {
      const op = opOf([], [TTFT]);
      const unknown = ["the sweep has no points: the operating point is unknown"];
      expectOp(op, { feasible: null, pointIndex: null, checks: [] }, unknown);
      expect(op.problems.map((p) => p.code)).toEqual(["slo.noPoints"]);
    });

    it("no SLOs, or every point passing: the highest load, saying why", () => {
      const op = opOf(levels([100, 200], [10, 20]), [], "interpolated");
      expectOp(op, { feasible: true, concurrency: 2, outputTokensPerSec: 200, sloBinding: false });
      expect(op.bindingSlo).toBeNull();
      expect(enW(op)).toEqual(["no SLOs given: the operating point is the highest load measured"]);
      // every point passes at the highest load: capacity may be higher
      const all = opOf(levels([100, 200], [10, 20]), [TTFT]);
      expectOp(all, { concurrency: 2, pointIndex: 1, sloBinding: false }, [
        "every point meets the SLOs: the operating point is the highest load measured (concurrency 2); capacity may be higher",
      ]);
    });

    it("every point passes but throughput peaks below the highest load: the peak, with both warnings", () => {
      const op = opOf(levels([100, 300, 250], [10, 20, 30]), [TTFT]);
      expectOp(op, { concurrency: 2, outputTokensPerSec: 300, pointIndex: 1, sloBinding: false }, [
        "every point meets the SLOs: the operating point is concurrency 2, where throughput peaks",
        "the operating point is concurrency 2, where throughput peaks: the higher passing load concurrency 3 gives less (250 vs 300 tok/s)",
      ]);
    });

    it("a sweep without any load field: the walk follows the input order, the level is an unknown load", () => {
      const pts = levels([100, 200], [10, 20]).map((p) => ({ ...p, concurrency: null }));
      const op = opOf(pts, [TTFT]);
      expectOp(op, { concurrency: null, requestRate: null, rps: null, outputTokensPerSec: 200 });
      expectOp(op, { pointIndex: 1 }, [
        "every point meets the SLOs: the operating point is the highest load measured (an unknown load); capacity may be higher",
      ]);
    });
  });

  describe("the walk in load order", () => {
    it("points out of order are sorted, with a warning naming the axis", () => {
      const pts = levels([100, 200, 300], [10, 20, 2000]).reverse();
      expectOp(opOf(pts, [TTFT]), { concurrency: 2, pointIndex: 1 }, [
        "the sweep's points were not in load order; they were sorted by concurrency",
      ]);
    });

    it("every point that passes again after the first failure is named, and ignored", () => {
      // c=1 passes, c=2 fails, c=3 and c=5 pass again, c=4 fails
      const op = opOf(levels([100, 200, 300, 400, 500], [10, 2000, 20, 3000, 30]), [TTFT]);
      expectOp(op, { concurrency: 1, pointIndex: 0, bindingSlo: TTFT }, [
        "non-monotone data: concurrency 3 meets all SLOs again after concurrency 2 did not; ignored",
        "non-monotone data: concurrency 5 meets all SLOs again after concurrency 2 did not; ignored",
      ]);
    });

    it("without SLOs, a level passing the failed-share limit again 'passes' again", () => {
      const pts = levels([100, 200, 300], [10, 10, 10]);
      counts(pts[1]!, 90, 10);
      expectOp(opOf(pts, []), { concurrency: 1, bindingErrorRate: true, bindingSlo: null }, [
        "non-monotone data: concurrency 3 passes again after concurrency 2 did not; ignored",
      ]);
    });

    it("a point that cannot be checked stops the walk: no non-monotone warning for the points after it", () => {
      const pts = levels([100, 200, 300], [10, 10, 10]);
      pts[1]!.ttftMs = { p50: 5 };
      expectOp(opOf(pts, [TTFT]), { feasible: null, pointIndex: 0, concurrency: null }, [
        "P99 TTFT is missing at 1 of 3 points; this sweep has TTFT p50, p99",
        "the SLOs cannot be checked at concurrency 2: a statistic is missing, so feasibility is unknown",
      ]);
    });

    it("a failure outranks a missing statistic at the same point; passing SLOs with an unknown failed share is unknown", () => {
      // c=2: TTFT missing but 10 % failed → c=2 fails, c=1 is the operating point
      const a = levels([100, 200], [10, 10]);
      delete counts(a[1]!, 90, 10).ttftMs;
      expectOp(opOf(a, [TTFT]), { feasible: true, concurrency: 1, bindingErrorRate: true }, [
        "P99 TTFT is missing at 1 of 2 points; this sweep has TTFT p99",
      ]);
      // c=2: TTFT passes, failures without a completed count → unknown
      const b = levels([100, 200], [10, 10]);
      b[1]!.failed = 3;
      const opB = opOf(b, [TTFT]);
      expectOp(
        opB,
        { feasible: null, pointIndex: 0, concurrency: null, failedSharePct: [0, null] },
        [
          "failed requests are recorded without a count of completed ones at 1 of 2 points: the failed share is unknown there",
          "the SLOs cannot be checked at concurrency 2: a statistic is missing, so feasibility is unknown",
        ],
      );
    });
  });

  describe("the measured operating point's fields and throughput axis", () => {
    it("an open-loop sweep: request rate (∞ kept), no concurrency, rps and tokens/s as measured", () => {
      const op = opOf([open(2, 2, 200, 400, 100), open("inf", 5, 500, 1000, 200)], [TTFT]);
      expectOp(op, { concurrency: null, requestRate: "inf", rps: 5, outputTokensPerSec: 500 });
      expectOp(op, { totalTokensPerSec: 1000, pointIndex: 1 }, [
        "every point meets the SLOs: the operating point is the highest load measured (request rate ∞ req/s); capacity may be higher",
      ]);
    });

    it("non-finite fields of the chosen point are null, never NaN or ∞", () => {
      const { NaN, POSITIVE_INFINITY: inf } = Number;
      const pts = [point(1, { requestRate: NaN, rps: inf, outputTokensPerSec: 100 })];
      pts[0]!.totalTokensPerSec = NaN;
      pts[0]!.ttftMs = { p99: 10 };
      const op = opOf(pts, [TTFT]);
      expectOp(op, { concurrency: 1, requestRate: null, rps: null, outputTokensPerSec: 100 });
      expect(op.totalTokensPerSec).toBeNull();
    });

    it("a candidate without output tokens/s: throughput is judged in req/s", () => {
      const pts = each(levels([100, null, 300], [10, 20, 2000]), "rps", [3, 2, 4]);
      expectOp(opOf(pts, [TTFT]), { concurrency: 1, rps: 3, outputTokensPerSec: 100 }, [
        "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (2 vs 3 req/s)",
      ]);
    });

    it("no throughput at every candidate: the highest passing load, saying why", () => {
      const op = opOf(levels([500, null, 300], [10, 20, 2000]), [TTFT]);
      expectOp(op, { concurrency: 2, outputTokensPerSec: null, pointIndex: 1 }, [
        "throughput is not recorded at every passing point: the operating point is the highest passing load",
      ]);
      // split between tokens/s at one candidate and req/s at another: neither axis, the same
      const split = levels([100, null, 900], [10, 20, 2000]);
      split[1]!.rps = 2;
      expectOp(opOf(split, [TTFT]), { concurrency: 2, rps: 2, outputTokensPerSec: null }, [
        "throughput is not recorded at every passing point: the operating point is the highest passing load",
      ]);
    });

    it("no warning for one candidate without throughput, nor for the failing point's throughput", () => {
      const op = opOf(levels([null, 300], [10, 2000]), [TTFT]);
      expectOp(op, { concurrency: 1, pointIndex: 0, bindingSlo: TTFT }, []);
      // only candidates before the failing point are compared
      const after = opOf(levels([100, 200, 900], [10, 20, 2000]), [TTFT]);
      expectOp(after, { concurrency: 2, outputTokensPerSec: 200 }, []);
    });
  });

  describe("interpolation", () => {
    it("an open-loop sweep: request rate, rps and tokens/s at the crossing; concurrency stays unknown", () => {
      // TTFT 600 → 1400 from 2 to 4 req/s: t = 400/800 = 0.5 → 3 req/s
      const pts = [open(2, 1.9, 190, 400, 600), open(4, 3.5, 350, 800, 1400)];
      const op = opOf(pts, [TTFT], "interpolated");
      expectOp(op, { basis: "interpolated", concurrency: null, requestRate: 3, rps: 2.7 });
      expectOp(op, { outputTokensPerSec: 270, totalTokensPerSec: 600, pointIndex: 0 });
      expectOp(op, { towardIndex: 1 }, [
        "operating point interpolated to request rate 3 req/s between request rate 2 req/s and request rate 4 req/s, where P99 TTFT reaches its 1,000 ms limit",
      ]);
    });

    it("a field missing at either end is not interpolated; measured mode never interpolates", () => {
      // TTFT 600 → 1400: t = 0.5; rps missing at the passing point, total tokens/s missing at the failing one
      const pts = levels([100, 300], [600, 1400]);
      pts[1]!.rps = 3;
      pts[0]!.totalTokensPerSec = 200;
      const op = opOf(pts, [TTFT], "interpolated");
      expectOp(op, { basis: "interpolated", concurrency: 1.5, outputTokensPerSec: 200 });
      expectOp(op, { rps: null, totalTokensPerSec: null });
      // a concurrency sweep run at an unbounded request rate: the interpolated rate stays unknown
      const inf = levels([100, 300], [600, 1400]).map((p) => ({
        ...p,
        requestRate: "inf" as const,
      }));
      const ip = opOf(inf, [TTFT], "interpolated");
      expectOp(ip, { basis: "interpolated", concurrency: 1.5, requestRate: null });
      // measured mode never interpolates and gives no interpolation warning
      const me = opOf(levels([100, 300], [600, 1400]), [TTFT]);
      expectOp(me, { basis: "measured", concurrency: 1, towardIndex: null }, []);
    });

    it("an interpolated crossing with exactly the best candidate's throughput stays measured (a tie keeps the lower load)", () => {
      // best c=1 200 tok/s; c=2 100 tok/s passes (TTFT 500); c=3 fails (1500, 300 tok/s):
      // t = 500/1000 = 0.5 → concurrency 2.5, 100 + 0.5 × 200 = 200 tok/s = the best's
      const op = opOf(levels([200, 100, 300], [100, 500, 1500]), [TTFT], "interpolated");
      expectOp(op, { basis: "measured", concurrency: 1, outputTokensPerSec: 200 });
      expectOp(op, { towardIndex: null }, [
        "P99 TTFT reaches its 1,000 ms limit at concurrency 2.5, but throughput there (200) is not above concurrency 1's: the operating point stays measured",
        "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (100 vs 200 tok/s)",
      ]);
      // one token more at the failing point: 100 + 0.5 × 202 = 201 > 200 → interpolated
      const up = opOf(levels([200, 100, 302], [100, 500, 1500]), [TTFT], "interpolated");
      expectOp(up, { basis: "interpolated", concurrency: 2.5, outputTokensPerSec: 201 });
      expectOp(up, { pointIndex: 1, towardIndex: 2 });
    });

    it("no throughput at the failing point: the crossing cannot be compared, the operating point stays measured", () => {
      const op = opOf(levels([100, null], [600, 1400]), [TTFT], "interpolated");
      expectOp(op, { basis: "measured", concurrency: 1, outputTokensPerSec: 100 }, [
        "P99 TTFT reaches its 1,000 ms limit at concurrency 1.5, but throughput there (n/a) is not above concurrency 1's: the operating point stays measured",
      ]);
    });

    it("the failed share: staying measured is named as such; a crossing from a level that already drops requests", () => {
      // c=1 300 tok/s, c=2 100 tok/s 0 % failed, c=3 2 % failed (98 + 2) and 200 tok/s: t = 0.5 → 150 < 300
      const pts = levels([300, 100, 200], [10, 10, 10]);
      counts(pts[2]!, 98, 2);
      const op = opOf(pts, [TTFT], "interpolated");
      expectOp(op, { basis: "measured", concurrency: 1, bindingErrorRate: true }, [
        "the failed share reaches its 1 % limit at concurrency 2.5, but throughput there (150) is not above concurrency 1's: the operating point stays measured",
        "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (100 vs 300 tok/s)",
      ]);
      // crossing from a passing level that already drops requests: c=1 0.5 % (199 + 1), c=2 2.5 %
      // (195 + 5): t = (1 − 0.5) / (2.5 − 0.5) = 0.25 → concurrency 1.25
      const drops = levels([100, 200], [10, 10]);
      counts(drops[0]!, 199, 1);
      counts(drops[1]!, 195, 5);
      const ip = opOf(drops, [TTFT], "interpolated");
      expectOp(ip, { basis: "interpolated", concurrency: 1.25, outputTokensPerSec: 125 });
      expectOp(ip, { bindingErrorRate: true, bindingSlo: null }, [
        "operating point interpolated to concurrency 1.25 between concurrency 1 and concurrency 2, where the failed share reaches its 1 % limit",
      ]);
    });

    it("an SLO crossing before the failed share's binds in interpolated mode, the larger overrun in measured mode", () => {
      // TTFT 900 → 1100: t = 0.5, 10 % over; failed share 0 → 4 %: t = 0.25, 300 % over
      const pts = levels([100, 200], [900, 1100]);
      counts(pts[1]!, 96, 4);
      const ip = opOf(pts, [TTFT], "interpolated");
      expectOp(ip, { bindingSlo: null, bindingErrorRate: true, concurrency: 1.25 });
      expectOp(opOf(pts, [TTFT]), { bindingSlo: null, bindingErrorRate: true, concurrency: 1 });
      // TTFT 900 → 1900: t = 0.1, 90 % over; failed share 0 → 1.5 % (197 + 3): t = 2/3, 50 % over → TTFT binds both ways
      const pts2 = levels([100, 200], [900, 1900]);
      counts(pts2[1]!, 197, 3);
      const ip2 = opOf(pts2, [TTFT], "interpolated");
      expectOp(ip2, { bindingSlo: TTFT, bindingErrorRate: false });
      expect(ip2.concurrency).toBeCloseTo(1.1, 12);
      expectOp(opOf(pts2, [TTFT]), { bindingSlo: TTFT, bindingErrorRate: false });
    });

    it("a passing point without a load value cannot be interpolated from", () => {
      // concurrency 1 passes; a point with no concurrency (sorted last) passes; then another without fails
      const pts = each(levels([100, 200, 300], [100, 500, 1500]), "concurrency", [1, null, null]);
      const op = opOf(pts, [TTFT], "interpolated");
      expectOp(op, { basis: "measured", outputTokensPerSec: 200, pointIndex: 1 }, [
        "cannot interpolate toward an unknown load: used the last passing point (an unknown load)",
      ]);
    });
  });

  describe("infeasible sweeps", () => {
    it("only the failed share fails at the lowest load: no SLO failure, the failed share binds", () => {
      const pts = levels([100, 200], [10, 10]).map((p) => ({ ...p, completed: 95, failed: 5 }));
      const op = opOf(pts, [TTFT], "interpolated");
      expectOp(op, { feasible: false, failure: null, failures: [], bindingSlo: null });
      expectOp(op, { bindingErrorRate: true, sloBinding: true });
      expect(op.errorRateFailure).toEqual({ load: 1, sharePct: 5, maxPct: 1, overPct: 400 });
      expect(enW(op)).toEqual([
        "infeasible: 5 % of requests failed at the lowest load (concurrency 1), over the 1 % limit",
      ]);
    });

    it("a failed-share limit of 0 %: any failure is an overrun of no percentage (null)", () => {
      const pts = levels([100], [10]).map((p) => ({ ...p, completed: 99, failed: 1 }));
      const op = opOf(pts, [TTFT], "measured", { maxErrorRatePct: 0 });
      expect(op.maxErrorRatePct).toBe(0);
      expect(op.errorRateFailure).toEqual({ load: 1, sharePct: 1, maxPct: 0, overPct: null });
      // without failures a 0 % limit is met
      expect(opOf(levels([100], [10]), [TTFT], "measured", { maxErrorRatePct: 0 }).feasible).toBe(
        true,
      );
      // the default failed-share limit is 1 %
      expect(opOf(levels([100], [10]), [TTFT]).maxErrorRatePct).toBe(1);
      // the overrun is relative to the limit: 5 % against 2 % is 150 % over
      const five = levels([100], [10]).map((p) => counts(p, 95, 5));
      const two = opOf(five, [TTFT], "measured", { maxErrorRatePct: 2 });
      expect(two.errorRateFailure).toEqual({ load: 1, sharePct: 5, maxPct: 2, overPct: 150 });
      // negative limits fail every level, with an overrun of no percentage (null)
      const neg = { maxErrorRatePct: -1 };
      const op2 = opOf(levels([100], [10]), [{ ...TTFT, maxMs: -10 }], "measured", neg);
      expect(op2.failure).toMatchObject({ valueMs: 10, maxMs: -10, overMs: 20, overPct: null });
      expect(op2.errorRateFailure).toEqual({ load: 1, sharePct: 0, maxPct: -1, overPct: null });
    });

    it("the infeasible load of an open-loop sweep is its request rate", () => {
      const op = opOf([rate(3, { ttftMs: { p99: 1200 } })], [TTFT]);
      const failure = { slo: TTFT, load: 3, valueMs: 1200, maxMs: 1000, overMs: 200, overPct: 20 };
      expect(op.failure).toEqual(failure);
      expect(enW(op)).toEqual([
        "infeasible: P99 TTFT is 1,200 ms at the lowest load (request rate 3 req/s), 200 ms (20 %) over the 1,000 ms limit",
      ]);
    });
  });

  describe("SLO limits and statistics", () => {
    it("an SLO without a finite limit cannot be checked: unknown, with the limit named", () => {
      const op = opOf(levels([100, 200], [10, 20]), [{ ...TTFT, maxMs: Number.NaN }]);
      expect(op.checks[0]![0]).toMatchObject({ valueMs: 10, pass: null });
      expectOp(op, { feasible: null }, [
        "SLO P99 TTFT has no valid limit (NaN): it cannot be checked",
        "the SLOs cannot be checked at concurrency 1: a statistic is missing, so feasibility is unknown",
      ]);
    });

    it("a non-finite statistic is missing, not a failure", () => {
      const pts = levels([100, 200], [10, 20]);
      pts[1]!.ttftMs = { p99: Number.NaN, p50: Number.POSITIVE_INFINITY, mean: 8 };
      const op = opOf(pts, [TTFT]);
      const available = ["mean", "p99"];
      expect(op.checks[1]![0]).toMatchObject({ valueMs: null, pass: null });
      expect(op.checks[1]![0]).toMatchObject({ missing: { stat: "p99", available } });
      expectOp(op, { feasible: null, missing: [{ metric: "ttft", stat: "p99", available }] });
    });

    it("a metric absent (or null) at every point: missing everywhere, no statistics to list", () => {
      const pts = each(levels([100, 200], [10, 20]), "e2eMs", [null, null] as unknown as Stats[]);
      const op = opOf(pts, [{ metric: "e2e", stat: "p50", maxMs: 5000 }]);
      expectOp(op, { feasible: null, missing: [{ metric: "e2e", stat: "p50", available: [] }] }, [
        "P50 E2E is missing; this sweep has no E2E statistics",
        "the SLOs cannot be checked at concurrency 1: a statistic is missing, so feasibility is unknown",
      ]);
    });

    it("the SLO's stat is matched in its canonical form (median ≡ p50, P95 ≡ p95)", () => {
      const itl = [
        { median: 50, P95: 60 },
        { median: 150, P95: 170 },
      ];
      const pts = each(levels([100, 200], [10, 20]), "itlMs", itl);
      const op = opOf(pts, [{ metric: "itl", stat: "P50", maxMs: 100 }]);
      expect([op.concurrency, op.checks[1]![0]!.valueMs]).toEqual([1, 150]);
      const op95 = opOf(pts, [{ metric: "itl", stat: "p95", maxMs: 100 }]);
      expect([op95.concurrency, op95.checks[1]![0]!.valueMs]).toEqual([1, 170]);
    });

    it("the NTPOT hint is given only for ITL/TPOT SLOs on a sweep with no ITL/TPOT at all", () => {
      const hint =
        "; it has NTPOT (end-to-end latency ÷ output tokens, which includes the time to first token), a different measure that is not substituted: add an SLO on ntpot to judge this sweep by it";
      const ntpotOnly = levels([100, 200], [10, 20]).map((p) => ({ ...p, ntpotMs: { p95: 30 } }));
      const tpot = opOf(ntpotOnly, [{ metric: "tpot", stat: "p95", maxMs: 100 }]);
      expect(enW(tpot)[0]).toBe(`P95 TPOT is missing; this sweep has no TPOT statistics${hint}`);
      // a TTFT stat missing on the same sweep: no hint
      const ttft = opOf(ntpotOnly, [{ metric: "ttft", stat: "p50", maxMs: 100 }]);
      expect(enW(ttft)[0]).toBe("P50 TTFT is missing; this sweep has TTFT p99");
      // ITL present but not the asked stat: no hint
      const some = ntpotOnly.map((p) => ({ ...p, itlMs: { mean: 20 } }));
      expect(enW(opOf(some, [ITL]))[0]).toBe("P95 ITL is missing; this sweep has ITL mean");
      // no NTPOT either: no hint
      // nor for a missing E2E statistic on a sweep that has NTPOT
      const e2e = levels([100], [10]).map((p) => ({ ...p, ntpotMs: { p50: 30 } }));
      const e2eOp = opOf(e2e, [{ metric: "e2e", stat: "p50", maxMs: 5000 }]);
      expect(enW(e2eOp)[0]).toBe("P50 E2E is missing; this sweep has no E2E statistics");
      // no NTPOT either: no hint, and an ITL SLO on a sweep with neither ITL nor TPOT is not
      // substituted
      const bare = opOf(levels([100], [10]), [ITL]);
      expect(bare.checks[0]![0]!.usedMetric).toBe("itl");
      expect(bare.problems.map((p) => p.code)).toEqual(["slo.missing", "slo.cannotCheck"]);
      expect(enW(bare)[0]).toBe("P95 ITL is missing; this sweep has no ITL statistics");
    });

    it("a prepared sweep is reused across SLO sets with the same answers", () => {
      const itl = [50, 90, 95].map((p95) => ({ p95 }));
      const pts = each(levels([100, 200, 300], [600, 900, 1400]), "itlMs", itl);
      const prep = prepareSweep(pts);
      const at = (slos: Slo[]) => operatingPoint({ points: pts }, slos, "measured", prep);
      const [first, second, third] = [at([TTFT]), at([ITL]), at([{ ...TTFT, maxMs: 800 }, ITL])];
      expect([first.concurrency, second.concurrency, third.concurrency]).toEqual([2, 3, 1]);
      expect(second.sloBinding).toBe(false);
    });
  });

  describe("more boundaries of the walk", () => {
    it("a point passing after an infeasible lowest load is named too", () => {
      expectOp(opOf(levels([100, 200], [1500, 500]), [TTFT]), { feasible: false }, [
        "non-monotone data: concurrency 2 meets all SLOs again after concurrency 1 did not; ignored",
        "infeasible: P99 TTFT is 1,500 ms at the lowest load (concurrency 1), 500 ms (50 %) over the 1,000 ms limit",
      ]);
    });

    it("no interpolation toward ∞ and a throughput peak below the last passing rate: both said", () => {
      const pts: SweepPoint[] = [
        rate(2, { outputTokensPerSec: 640, ttftMs: { p99: 300 } }),
        rate(3, { outputTokensPerSec: 600, ttftMs: { p99: 400 } }),
        rate("inf", { outputTokensPerSec: 500, ttftMs: { p99: 5000 } }),
      ];
      const op = opOf(pts, [TTFT], "interpolated");
      expectOp(op, { basis: "measured", requestRate: 2, outputTokensPerSec: 640 }, [
        "cannot interpolate toward request rate ∞ req/s: used the last passing point (request rate 3 req/s)",
        "the operating point is request rate 2 req/s, where throughput peaks: the higher passing load request rate 3 req/s gives less (600 vs 640 tok/s)",
      ]);
    });

    it("a crossing that rounds to the last passing load still reports a throughput peak below it", () => {
      // as in survivors-slo.test.ts: t ≈ 5.6e-17 from c=2 (0 %) to c=3 (1 of 110 failed)
      const pts: SweepPoint[] = [
        point(1, { outputTokensPerSec: 5, ttftMs: { p99: 10 } }),
        point(2, { outputTokensPerSec: 1, ttftMs: { p99: 10 }, completed: 1, failed: 0 }),
        point(3, { outputTokensPerSec: 3, ttftMs: { p99: 10 }, completed: 109, failed: 1 }),
      ];
      const op = opOf(pts, [TTFT], "interpolated", { maxErrorRatePct: 5.046468293750712e-17 });
      expectOp(op, { basis: "measured", concurrency: 1 }, [
        "the operating point is concurrency 1, where throughput peaks: the higher passing load concurrency 2 gives less (1 vs 5 tok/s)",
      ]);
    });

    it("an E2E SLO is never read from ITL or TPOT", () => {
      const pts = [{ ...levels([100], [10])[0]!, itlMs: { p50: 20 }, tpotMs: { p50: 20 } }];
      const op = opOf(pts, [{ metric: "e2e", stat: "p50", maxMs: 5000 }]);
      expect(op.checks[0]![0]).toMatchObject({ usedMetric: "e2e", valueMs: null });
      expect(statValue(pts[0]!, "e2e", "p50")).toEqual(stat(null, "e2e", false, []));
      // only a whole key p<number> is a percentile: other keys list after max and std
      const p: SweepPoint = point(1, { ttftMs: { xp5: 1, max: 2, p95x: 3, std: 4 } });
      expect(statValue(p, "ttft", "p50").available).toEqual(["max", "std", "p95x", "xp5"]);
    });
  });
});

describe("operatingPoint: an overrun of a 0 limit", () => {
  const pts: SweepPoint[] = [
    point(1, { completed: 9, failed: 1, ttftMs: { p99: 50 } }),
    point(2, { completed: 8, failed: 2, ttftMs: { p99: 80 } }),
  ];

  it("an SLO limit of 0 ms: the failure's overrun in percent is null (not Infinity), written ∞", () => {
    const zero: Slo = { metric: "ttft", stat: "p99", maxMs: 0 };
    const op = opOf(pts, [zero], "measured", { maxErrorRatePct: 50 });
    expectOp(op, { feasible: false });
    expect(op.failure).toMatchObject({ load: 1, valueMs: 50, overMs: 50, overPct: null });
    const one = opOf(levels([100], [5], [1]), [zero]);
    expect(one.failure).toMatchObject({ valueMs: 5, maxMs: 0, overMs: 5, overPct: null });
    expect(enW(op)).toContain(
      "infeasible: P99 TTFT is 50 ms at the lowest load (concurrency 1), 50 ms (∞ %) over the 0 ms limit",
    );
  });

  it("a failed-share limit of 0 %: the share's overrun is null and it binds over any finite SLO overrun", () => {
    const op = opOf(pts, [{ ...TTFT, maxMs: 40 }], "measured", { maxErrorRatePct: 0 });
    expect(op.errorRateFailure).toEqual({ load: 1, sharePct: 10, maxPct: 0, overPct: null });
    expect(op.failure?.overPct).toBe(25);
    expectOp(op, { bindingErrorRate: true, bindingSlo: null });
  });
});
