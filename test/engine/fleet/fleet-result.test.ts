/**
 * Statistics and the replica search (src/engine/fleet/fleet-result.ts): numpy-linear statistics,
 * SLO attainment counted per request, and replicasForSlo by bisection against a scan of every
 * replica count (brute force).
 */
import { describe, expect, it } from "vitest";
import type { Slo } from "../../../src/engine/base/types";
import { poissonArrivals } from "../../../src/engine/fleet/arrivals";
import {
  fleetStats,
  judgedSlos,
  replicasForSlo,
  simulateStats,
  statOfSorted,
} from "../../../src/engine/fleet/fleet-result";
import { runFleet } from "../../../src/engine/fleet/simulate";
import { curveTables } from "../../../src/engine/fleet/service-curve";

describe("statOfSorted", () => {
  const s = Float64Array.from([1, 2, 3, 4, 10]);
  it.each([
    ["mean", 4],
    ["min", 1],
    ["max", 10],
    ["median", 3],
    ["p50", 3],
    ["p90", 7.6], // numpy: h = 4 × 0.9 = 3.6 → 4 + 0.6 × 6
    ["p99", 9.76],
    ["std", Math.sqrt(50 / 4)],
    ["p101", null],
    ["iqr", null],
  ])("%s → %s", (stat, v) => {
    const got = statOfSorted(s, stat);
    if (v === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(v, 12);
  });
});

describe("judgedSlos", () => {
  it("keeps SLOs on ttft, tpot, itl and e2e with a statistic it computes", () => {
    const slos: Slo[] = [
      { metric: "ttft", stat: "p99", maxMs: 1 },
      { metric: "itl", stat: "p95", maxMs: 1 },
      { metric: "ntpot", stat: "p50", maxMs: 1 },
      { metric: "e2e", stat: "iqr", maxMs: 1 },
      { metric: "e2e", stat: "mean", maxMs: 1 },
    ];
    expect(judgedSlos(slos).map((s) => `${s.metric}.${s.stat}`)).toEqual([
      "ttft.p99",
      "itl.p95",
      "e2e.mean",
    ]);
  });
});

describe("fleetStats", () => {
  it("counts a request as meeting the SLOs only when every limit holds for it", () => {
    // One replica, one slot, 10 ms per request, three requests at 0: waits 0, 10, 20.
    const t = curveTables([{ concurrency: 1, ttftMs: 10, tpotMs: 0 }], 1);
    const run = runFleet(
      {
        timeMs: new Float64Array(3),
        inputTokens: new Float64Array(3),
        outputTokens: Float64Array.from([1, 1, 1]),
      },
      { replicas: 1, slots: 1, ttftMs: t.ttft, tpotMs: t.tpot },
    );
    const slos: Slo[] = [
      { metric: "ttft", stat: "p50", maxMs: 20 },
      { metric: "e2e", stat: "max", maxMs: 25 },
    ];
    const st = fleetStats(run, 1, 1, slos);
    // TTFT 10, 20, 30: the third misses 20 ms; E2E max 30 > 25.
    expect(st.sloAttainment).toBeCloseTo(2 / 3, 12);
    expect(st.slo.map((x) => [x.simulatedMs, x.holds])).toEqual([
      [20, true],
      [30, false],
    ]);
    expect(st.queuedShare).toBeCloseTo(2 / 3, 12);
    expect(st).toMatchObject({ utilization: 1, durationSec: 0.03 });
    expect(st.waitMs).toEqual({ mean: 10, p50: 10, p90: 18, p95: 19, p99: 19.8, max: 20 });
  });
});

describe("replicasForSlo", () => {
  // A curve that slows with load; 2 slots per replica; Poisson at 6/s with geometric lengths.
  const levels = [
    { concurrency: 1, ttftMs: 40, tpotMs: 10 },
    { concurrency: 2, ttftMs: 80, tpotMs: 15 },
  ];
  const arr = poissonArrivals({
    rps: 6,
    requests: 4000,
    input: { kind: "fixed", tokens: 10 },
    output: { kind: "exp", mean: 40 },
    seed: 4,
  });
  if (!arr.ok) throw new Error("arrivals");
  const slos: Slo[] = [
    { metric: "ttft", stat: "p99", maxMs: 400 },
    { metric: "e2e", stat: "p90", maxMs: 2000 },
  ];
  const holds = (r: number) =>
    simulateStats(arr.arrivals, levels, r, 2, slos).slo.every((x) => x.holds);
  const scan = Array.from({ length: 16 }, (_, i) => holds(i + 1));

  it("the SLOs' holding is monotone in the replica count (false … false, true … true)", () => {
    const first = scan.indexOf(true);
    expect(first).toBeGreaterThan(0);
    expect(scan.slice(first).every(Boolean)).toBe(true);
    expect(scan.slice(0, first).some(Boolean)).toBe(false);
  });
  it.each([[16], [9], [5]])("bisection over 1 … %d agrees with the scan", (max) => {
    const brute = scan.slice(0, max).indexOf(true);
    expect(replicasForSlo(arr.arrivals, levels, 2, slos, max)).toBe(brute < 0 ? null : brute + 1);
  });
  it("is null when the SLOs fail even at the top of the range, or there is no SLO", () => {
    const first = scan.indexOf(true) + 1;
    expect(replicasForSlo(arr.arrivals, levels, 2, slos, first - 1)).toBeNull();
    expect(replicasForSlo(arr.arrivals, levels, 2, [], 16)).toBeNull();
  });
  it("tighter SLOs never need fewer replicas", () => {
    const tight: Slo[] = [{ metric: "ttft", stat: "p99", maxMs: 200 }];
    const loose: Slo[] = [{ metric: "ttft", stat: "p99", maxMs: 800 }];
    const a = replicasForSlo(arr.arrivals, levels, 2, tight, 32)!;
    const b = replicasForSlo(arr.arrivals, levels, 2, loose, 32)!;
    expect(a).toBeGreaterThanOrEqual(b);
  });
});
