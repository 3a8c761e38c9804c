/**
 * Zones of a latency–throughput curve (src/engine/curve/zones.ts, docs/zones.md and
 * docs/operating-point.md "Zones"): every threshold exactly at, just below and just above its
 * boundary, the efficiency and growth formulas on steps that are not doublings, the rule that idle
 * only lasts from the start of the curve, missing values, the knee and the rule text (issue #15).
 */
import { describe, expect, it } from "vitest";
import { classifyZones, tailStat } from "../../../src/engine/curve/zones";
import type { SweepPoint } from "../../../src/engine/base/types";

type Opts = Parameters<typeof classifyZones>[1];

/** One point per load level: concurrency, output tokens/s (null: none), TTFT p99 (null: none). */
function curve(conc: number[], otps: (number | null)[], ttft: (number | null)[]): SweepPoint[] {
  return conc.map((c, i) => {
    const p: SweepPoint = { concurrency: c, requestRate: null };
    const o = otps[i];
    const y = ttft[i];
    if (o !== null && o !== undefined) p.outputTokensPerSec = o;
    if (y !== null && y !== undefined) p.ttftMs = { p99: y };
    return p;
  });
}

const c = curve;
const ALL_SAT4 = "saturated saturated saturated saturated";
const IDLE4 = "idle idle idle idle";
const LIN4 = "linear linear linear linear";
/** Requests per second only, no output tokens/s and no latency. */
const RPS: SweepPoint[] = [1, 1.9, 2, 3.8].map((rps, i) => ({
  concurrency: 2 ** i,
  requestRate: null,
  rps,
}));
/** TTFT at p90 and mean only (no p99). */
const P90: SweepPoint[] = [
  { concurrency: 1, requestRate: null, outputTokensPerSec: 100, ttftMs: { p90: 100, mean: 100 } },
  { concurrency: 2, requestRate: null, outputTokensPerSec: 190, ttftMs: { p90: 300, mean: 105 } },
];
const SEVEN = curve(
  [1, 2, 4, 8, 16, 32, 64],
  [100, 198, 390, 700, 1250, 1400, 1420],
  [100, 102, 105, 150, 220, 600, 2400],
);
/** A point at a request rate (no concurrency), "inf" for an open-loop run without a limit. */
const atRate = (requestRate: number | "inf" | null, ttft: number, otps?: number): SweepPoint => ({
  concurrency: null,
  requestRate,
  ...(otps === undefined ? {} : { outputTokensPerSec: otps }),
  ttftMs: { p99: ttft },
});

describe("classifyZones", () => {
  // A step 1 → 2 is a doubling: e = ΔT/T, g = the TTFT ratio.
  it.each([
    // [points, zones, knee, options]
    // docs/zones.md's three segments: 1→2 e = 0.98, TTFT +2 % → idle (point 0 takes this class);
    // 2→4 e = 0.97, +2.9 % → idle; 4→8 e = 0.79 → linear; 8→16 e = 0.79, g = 1.47 → linear;
    // 16→32 e = 0.12 < 0.2 → saturated (the knee); 32→64 stays saturated.
    [SEVEN, "idle idle idle linear linear saturated saturated", 5],
    // all linear: 1→2 e = 0.8 (not > 0.8), TTFT +15 %; 2→4 e = 0.83; 4→8 e = 0.82
    [c([1, 2, 4, 8], [100, 180, 330, 600], [100, 115, 135, 160]), LIN4, null],
    // saturated from the start: 1→2 e = 0.1 < 0.2; the first point takes that class
    [c([1, 2, 4, 8], [1000, 1100, 1150, 1160], [200, 450, 1000, 2100]), ALL_SAT4, 0],
    // 2→4: e = 0.84 but TTFT 105 → 400 is 3.8× per doubling > 2, while throughput still grows
    [c([1, 2, 4], [100, 190, 350], [100, 105, 400]), "idle idle saturated", 2],
    // 4→16 is two doublings: TTFT 3.5× → g = 3.5^(1/2) = 1.87 ≤ 2; e = (1100/400)/(12/4) = 0.92
    [c([4, 16], [400, 1500], [100, 350]), "linear linear", null],
    // 1- and 2-point sweeps: e = 0.05 → both saturated; e = 0.98 and TTFT +1 % → both idle
    [c([8], [500], [300]), "linear", null],
    [c([], [], []), "", null],
    [c([1, 2], [100, 105], [100, 300]), "saturated saturated", 0],
    [c([1, 2], [100, 198], [100, 101]), "idle idle", null],
    // saturated: e below 0.2 (TTFT +50 %: never idle, never saturated by latency)
    [c([1, 2], [100, 120], [100, 150]), "linear linear", null], // e = 0.2 exactly
    [c([1, 2], [100, 119], [100, 150]), "saturated saturated", 0], // e = 0.19
    [c([1, 2], [100, 121], [100, 150]), "linear linear", null], // e = 0.21
    [c([1, 2], [100, 90], [100, 100]), "saturated saturated", 0], // e = −0.1: falling throughput
    // e = 0.4: saturated under a threshold of 0.5, linear under the default
    [c([1, 2], [100, 140], [100, 150]), "saturated saturated", 0, { saturatedEfficiency: 0.5 }],
    [c([1, 2], [100, 140], [100, 150]), "linear linear", null],
    // saturated: TTFT more than 2× per load doubling (e = 0.5, linear by throughput)
    [c([1, 2], [100, 150], [100, 200]), "linear linear", null], // g = 2 exactly
    [c([1, 2], [100, 150], [100, 201]), "saturated saturated", 0], // g = 2.01
    [c([1, 2], [100, 150], [100, 199]), "linear linear", null], // g = 1.99
    // 4 → 5 is log2(5/4) = 0.3219 doublings: TTFT × 1.3 is g = 1.3^3.106 = 2.258 > 2, × 1.2 is
    // 1.762; throughput 400 → 430: e = (30/400)/(1/4) = 0.3 (not saturated by throughput)
    [c([4, 5], [400, 430], [100, 130]), "saturated saturated", 0],
    [c([4, 5], [400, 430], [100, 120]), "linear linear", null],
    // g = 2.5: saturated under 2, linear under 3
    [c([1, 2], [100, 150], [100, 250]), "saturated saturated", 0],
    [c([1, 2], [100, 150], [100, 250]), "linear linear", null, { saturatedLatencyGrowth: 3 }],
    // e divides the relative throughput gain by the relative load gain (flat TTFT: only e decides)
    // 4 → 5: ΔL/L = 0.25; 400 → 430, 418, 485: e = 0.3 linear, 0.18 saturated, 0.85 idle
    [c([4, 5], [400, 430], [100, 100]), "linear linear", null],
    [c([4, 5], [400, 418], [100, 100]), "saturated saturated", 0],
    [c([4, 5], [400, 485], [100, 100]), "idle idle", null],
    // a tripling 2 → 6 (ΔL/L = 2): 200 → 380 is e = 0.45 (per doubling it would be 0.9), 560 e = 0.9
    [c([2, 6], [200, 380], [100, 100]), "linear linear", null],
    [c([2, 6], [200, 560], [100, 100]), "idle idle", null],
    // idle: TTFT growth below 10 % (e = 0.9): +10 % exactly, +9 %, +11 %
    [c([1, 2], [100, 190], [100, 110]), "linear linear", null],
    [c([1, 2], [100, 190], [100, 109]), "idle idle", null],
    [c([1, 2], [100, 190], [100, 111]), "linear linear", null],
    // idle: efficiency above 0.8 (flat TTFT): 0.8 exactly, 0.81, 0.79
    [c([1, 2], [100, 180], [100, 100]), "linear linear", null],
    [c([1, 2], [100, 181], [100, 100]), "idle idle", null],
    [c([1, 2], [100, 179], [100, 100]), "linear linear", null],
    // TTFT +9 %, e = 0.9: not idle under a 5 % growth limit or an efficiency floor of 0.95;
    // +15 % is idle under a 20 % limit
    [c([1, 2], [100, 190], [100, 109]), "linear linear", null, { idleLatencyGrowth: 0.05 }],
    [c([1, 2], [100, 190], [100, 109]), "linear linear", null, { idleEfficiency: 0.95 }],
    [c([1, 2], [100, 190], [100, 115]), "idle idle", null, { idleLatencyGrowth: 0.2 }],
    // no way back to idle: 1→2 idle; 2→4 linear (e = 0.7); 4→8 (e = 320/337 = 0.95, TTFT +1 %)
    // would be idle on its own but stays linear
    [c([1, 2, 4, 8], [100, 198, 337, 657], [100, 101, 105, 106]), "idle idle linear linear", null],
    // neither throughput nor latency shows anything: linear, not idle
    [c([1, 2, 4], [null, null, null], [null, null, null]), "linear linear linear", null],
    // 0 → 100 tok/s, no latency: no efficiency (an infinite e would read as idle) → linear
    [c([1, 2], [0, 100], [null, null]), "linear linear", null],
    // e = 0.9, TTFT 0 → 500: growth unknown (an infinite g would read as saturated) → idle on e
    [c([1, 2], [100, 190], [0, 500]), "idle idle", null],
    // steps without load growth: 0 → 1 is skipped, and idle only holds from the start
    [c([0, 1, 2], [50, 100, 198], [50, 100, 101]), "linear linear linear", null],
    // a repeated load keeps the previous class: 1→2 idle, 2→2, 2→4 idle (e 0.97, +2 %)
    [c([1, 2, 2, 4], [100, 198, 200, 390], [100, 101, 101, 103]), IDLE4, null],
    [c([1, 2, 2], [100, 105, 106], [100, 100, 100]), "saturated saturated saturated", 0],
    // ... also with a falling throughput (no division by a zero load gain)
    [c([1, 2, 2], [100, 198, 150], [100, 101, 101]), "idle idle idle", null],
    // a first step without load growth: the curve starts linear
    [c([2, 2, 4], [100, 100, 190], [100, 100, 100]), "linear linear linear", null],
    // the knee is the first saturated point in load order (1 idle, 2 idle, 4 linear (e 0.7),
    // 8 saturated (e 0.1)), given in input order
    [c([8, 1, 4, 2], [550, 100, 500, 198], [400, 100, 150, 101]), "saturated idle linear idle", 0],
    // no TTFT at 2 among points with P99: its steps skip the latency test (e 0.98, 0.97) → idle
    [c([1, 2, 4], [100, 198, 390], [100, null, 103]), "idle idle idle", null],
    // no throughput at 4 after 2: no efficiency (not −100 %), TTFT +2 % → idle on latency alone
    [c([1, 2, 4], [100, 198, null], [100, 101, 103]), "idle idle idle", null],
    // no TTFT at 2 after 1: no latency growth (not a ratio of 0); no throughput either → linear
    [c([1, 2], [null, null], [100, null]), "linear linear", null],
    // without throughput, a flat TTFT alone makes a step idle
    [c([1, 2], [null, null], [100, 101]), "idle idle", null],
    [c([1, 2], [null, null], [100, 115]), "linear linear", null],
    // rps when there is no output tokens/s: 1→2 e = 0.9 (no latency: idle needs only e);
    // 2→4 e = 0.05 → saturated; 4→8 e = 0.9 but stays saturated
    [RPS, "idle idle saturated saturated", 2],
    // unsorted points: zones in the input order
    [c([1, 2, 4, 8], [1000, 1100, 1150, 1160], [200, 450, 1000, 2100]).reverse(), ALL_SAT4, 3],
    // a step to an infinite request rate is saturated without passing that to the first point
    [[atRate(1, 10, 100), atRate("inf", 100, 300)], "linear saturated", 1],
    // ... and has no latency growth per doubling, even under a growth limit below 1
    [[atRate(1, 10), atRate("inf", 15)], "linear linear", null, { saturatedLatencyGrowth: 0.5 }],
    // a point without a load value comes last and keeps the previous class
    [[...c([1, 2, 4], [100, 198, 390], [100, 101, 103]), atRate(null, 5000, 10)], IDLE4, null],
    // the highest percentile when there is no p99: p90 100 → 300 is 3× per doubling → saturated
    // (the mean, 100 → 105, would say idle)
    [P90, "saturated saturated", 0],
  ] as [SweepPoint[], string, number | null, Opts?][])(
    "%# → %s, knee %s",
    (pts, zones, knee, opts) => {
      const z = classifyZones(pts, opts);
      expect([z.zones.join(" "), z.kneeIndex]).toEqual([zones, knee]);
    },
  );

  it("states the rule with the thresholds used", () => {
    const rule = classifyZones([]).rule;
    expect(rule).toBe(
      "Per step from one load level to the next: marginal efficiency e = (Δthroughput / throughput) ÷ (Δload / load), " +
        "with throughput = output tokens/s (else RPS) and load = concurrency (else request rate); TTFT growth per load doubling " +
        "g = (TTFT ratio)^(1 / log2(load ratio)), TTFT at P99 (else the highest percentile, else the mean). A point is saturated " +
        "when e < 0.2 (throughput no longer grows with load) or g > 2 (TTFT more than 2× per doubling), and every later point stays saturated; " +
        "idle while, from the start of the curve, TTFT grows < 10 % per step and e > 0.8; linear otherwise. " +
        "The first point takes the class of the first step; the knee is the first saturated point.",
    );
    // The same rule on a real curve.
    expect(classifyZones(SEVEN).rule).toBe(rule);
    const r = classifyZones([], {
      saturatedEfficiency: 0.25,
      saturatedLatencyGrowth: 3,
      idleLatencyGrowth: 0.05,
      idleEfficiency: 0.9,
    }).rule;
    expect(r).toContain(
      "when e < 0.25 (throughput no longer grows with load) or g > 3 (TTFT more than 3× per doubling)",
    );
    expect(r).toContain("TTFT grows < 5 % per step and e > 0.9;");
  });

  it("writes a threshold of −0 as −0, and 0 again as 0 (the rule cache keeps them apart)", () => {
    const e = (v: number): string => {
      const r = classifyZones([], { idleEfficiency: v }).rule;
      return r.slice(r.indexOf("e > "), r.indexOf("; linear"));
    };
    expect([e(0), e(-0), e(0)]).toEqual(["e > 0", "e > -0", "e > 0"]);
  });
});

describe("tailStat", () => {
  const at = (...stats: Record<string, number>[]): string | null =>
    tailStat(stats.map((s) => ({ concurrency: 1, requestRate: null, ttftMs: s })));

  it.each([
    // p99 when some point has it, else the highest percentile (numerically), else the mean, else null
    [[{ p50: 1 }, { p99: 2, mean: 1 }], "p99"],
    [[{ p9: 1, p10: 2, mean: 3 }], "p10"],
    [[{ p50: 1 }, { "p99.9": 2, p95: 1 }], "p99.9"],
    [[{ mean: 3, max: 9 }], "mean"],
    [[{ max: 9 }], null],
    [[{ p99: Number.NaN, p90: 5 }], "p90"],
    // only keys that are exactly p<number> count: not xp95 or p95x; p99.95 is a percentile
    [[{ xp95: 1, p90: 2 }], "p90"],
    [[{ p95x: 1, p90: 2 }], "p90"],
    [[{ "p99.95": 1, p90: 2 }], "p99.95"],
    [[], null],
  ] as [Record<string, number>[], string | null][])("%j → %s", (stats, want) => {
    expect(at(...stats)).toBe(want);
  });

  it("reads the field asked for", () => {
    const pts: SweepPoint[] = [
      { concurrency: 1, requestRate: null, ttftMs: { p99: 1 }, e2eMs: { p95: 2, mean: 1 } },
    ];
    expect([tailStat(pts), tailStat(pts, "e2eMs")]).toEqual(["p99", "p95"]);
  });
});
