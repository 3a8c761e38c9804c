/**
 * The SLO checks of a sweep's points (src/engine/curve/slo-checks.ts, docs/operating-point.md,
 * docs/metrics.md): the statistics read from a point and the order of those it has, and a
 * point's failed share. Hand-calculated numbers.
 */
import { describe, expect, it } from "vitest";
import {
  checkSlos,
  failedSharePct,
  prepareSweep,
  statValue,
  type MissingStat,
  type SloCheck,
} from "../../../src/engine/curve/slo-checks";
import type { Slo, Stats, SweepPoint } from "../../../src/engine/base/types";
import { englishOf, type Problem } from "../../../src/engine/base/problems";
import { words } from "../../words";

const TTFT: Slo = { metric: "ttft", stat: "p99", maxMs: 1000 };

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
    expect(statValue(p, "ttft", "p50").available).toEqual(
      words("mean min p1 p10 p50 p75 p99 p99.9 p99.99 max std alpha zeta"),
    );
  });

  it("in a missing-statistic warning too (checkSlos)", () => {
    const pts: SweepPoint[] = [
      {
        concurrency: 1,
        requestRate: null,
        outputTokensPerSec: 100,
        ttftMs: { p90: 1, p5: 2, avg: 3, median: 4 },
      },
    ];
    const checks: SloCheck[][] = [[]];
    const missing: MissingStat[] = [];
    const problems: Problem[] = [];
    checkSlos(prepareSweep(pts), pts, [TTFT], checks, missing, (p) => problems.push(p));
    expect(problems.map(englishOf)).toEqual([
      "P99 TTFT is missing; this sweep has TTFT mean, p5, p50, p90",
    ]);
    expect(missing).toEqual([
      { metric: "ttft", stat: "p99", available: ["mean", "p5", "p50", "p90"] },
    ]);
    expect(checks[0]!.map((c) => [c.valueMs, c.pass])).toEqual([[null, null]]);
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
