import { describe, expect, it } from "vitest";
import { classifyZones, tailStat } from "../../../src/engine/curve/zones";
import type { SweepPoint } from "../../../src/engine/base/types";

function curve(conc: number[], otps: number[], ttftP99: number[]): SweepPoint[] {
  return conc.map((c, i) => ({
    concurrency: c,
    requestRate: null,
    outputTokensPerSec: otps[i]!,
    ttftMs: { p99: ttftP99[i]! },
  }));
}

describe("classifyZones", () => {
  it("classes docs/zones.md three-segment curve idle → linear → saturated with the knee at the first saturated point", () => {
    const pts = curve(
      [1, 2, 4, 8, 16, 32, 64],
      [100, 198, 390, 700, 1250, 1400, 1420],
      [100, 102, 105, 150, 220, 600, 2400],
    );
    // 1→2: e = (98/100)/(1/1) = 0.98 > 0.8, TTFT +2 % → idle (point 0 takes the class of this step)
    // 2→4: e = 192/198 = 0.97, TTFT +2.9 % → idle
    // 4→8: e = 310/390 = 0.79 ≤ 0.8 → linear; 8→16: e = 550/700 = 0.79, g = 1.47 → linear
    // 16→32: e = 150/1250 = 0.12 < 0.2 → saturated (knee); 32→64 stays saturated
    const z = classifyZones(pts);
    expect(z.zones).toEqual(["idle", "idle", "idle", "linear", "linear", "saturated", "saturated"]);
    expect(z.kneeIndex).toBe(5);
    expect(z.rule).toContain("e < 0.2");
    expect(z.rule).toContain("g > 2");
  });

  it("classes an all-linear curve as linear with no knee", () => {
    // 1→2: e = 0.8 (not > 0.8) and TTFT +15 % → linear; 2→4: e = 150/180 = 0.83; 4→8: e = 270/330 = 0.82
    const z = classifyZones(curve([1, 2, 4, 8], [100, 180, 330, 600], [100, 115, 135, 160]));
    expect(z).toMatchObject({ zones: ["linear", "linear", "linear", "linear"], kneeIndex: null });
  });

  it("classes a curve saturating from the start as saturated from the first point", () => {
    // 1→2: e = (100/1000)/1 = 0.1 < 0.2 → saturated; the first point takes that class
    const z = classifyZones(curve([1, 2, 4, 8], [1000, 1100, 1150, 1160], [200, 450, 1000, 2100]));
    expect(z.zones).toEqual(["saturated", "saturated", "saturated", "saturated"]);
    expect(z.kneeIndex).toBe(0);
  });

  it("saturates on TTFT growth per load doubling even while throughput still grows", () => {
    // 2→4: e = (160/190)/1 = 0.84 but TTFT 105 → 400 is 3.8× per doubling > 2 → saturated
    const z = classifyZones(curve([1, 2, 4], [100, 190, 350], [100, 105, 400]));
    expect(z).toMatchObject({ zones: ["idle", "idle", "saturated"], kneeIndex: 2 });
  });

  it("normalises TTFT growth per doubling over a wider load step", () => {
    // 4→16 is two doublings: TTFT 3.5× → g = 3.5^(1/2) = 1.87 ≤ 2; e = (1100/400)/(12/4) = 0.92 → linear
    const z = classifyZones(curve([4, 16], [400, 1500], [100, 350]));
    expect(z.zones).toEqual(["linear", "linear"]);
  });

  it("handles 1- and 2-point sweeps", () => {
    expect(classifyZones(curve([8], [500], [300]))).toMatchObject({
      zones: ["linear"],
      kneeIndex: null,
    });
    expect(classifyZones([])).toMatchObject({ zones: [], kneeIndex: null });
    // 2 points, e = 0.05 → both saturated
    expect(classifyZones(curve([1, 2], [100, 105], [100, 300]))).toMatchObject({
      zones: ["saturated", "saturated"],
      kneeIndex: 0,
    });
    // 2 points, e = 0.98 and TTFT +1 % → both idle
    expect(classifyZones(curve([1, 2], [100, 198], [100, 101]))).toMatchObject({
      zones: ["idle", "idle"],
      kneeIndex: null,
    });
  });

  it("uses rps when there is no output tokens/s and keeps saturated points saturated", () => {
    const pts: SweepPoint[] = [1, 2, 4, 8].map((c, i) => ({
      concurrency: c,
      requestRate: null,
      rps: [1, 1.9, 2, 3.8][i]!,
    }));
    // 1→2 e = 0.9 (no latency: idle needs only e) → idle; 2→4 e = 0.05 → saturated; 4→8 e = 0.9 but stays saturated
    expect(classifyZones(pts).zones).toEqual(["idle", "idle", "saturated", "saturated"]);
  });

  it("returns zones in the input order when points are not sorted", () => {
    const pts = curve([1, 2, 4, 8], [1000, 1100, 1150, 1160], [200, 450, 1000, 2100]).reverse();
    expect(classifyZones(pts).kneeIndex).toBe(3);
  });

  it("classes a step to an infinite request rate as saturated without passing that to the first point", () => {
    const pts: SweepPoint[] = [
      { concurrency: null, requestRate: 1, outputTokensPerSec: 100, ttftMs: { p99: 10 } },
      { concurrency: null, requestRate: "inf", outputTokensPerSec: 300, ttftMs: { p99: 100 } },
    ];
    expect(classifyZones(pts)).toMatchObject({ zones: ["linear", "saturated"], kneeIndex: 1 });
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Zones of a latency–throughput curve (docs/operating-point.md "Zones"): every threshold exactly
   * at, just below and just above its boundary, the efficiency and growth formulas on steps that are
   * not doublings, and the rule that idle only lasts from the start of the curve (issue #15).
   */
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

  /** The zones of `curve(conc, otps, ttft)` as one text, "idle linear saturated". */
  const zonesOf = (
    conc: number[],
    otps: (number | null)[],
    ttft: (number | null)[],
    opts?: Parameters<typeof classifyZones>[1],
  ): string => classifyZones(curve(conc, otps, ttft), opts).zones.join(" ");
  /** Zones of a single step 1 → 2 (a doubling: e = ΔT/T, g = TTFT ratio). */
  const step = (t1: number, y1: number): string => zonesOf([1, 2], [100, t1], [100, y1]);

  describe("saturated: marginal efficiency below 0.2", () => {
    it("e exactly 0.2 is not saturated, 0.19 is, 0.21 is not", () => {
      // TTFT 100 → 150 (+50 %): never idle, never saturated by latency
      expect(step(120, 150)).toBe("linear linear"); // e = 20/100 = 0.2
      expect(step(119, 150)).toBe("saturated saturated"); // e = 0.19
      expect(step(121, 150)).toBe("linear linear"); // e = 0.21
    });

    it("a falling throughput (negative efficiency) is saturated", () => {
      expect(step(90, 100)).toBe("saturated saturated"); // e = −0.1
    });

    it("uses the given threshold instead of 0.2", () => {
      // e = 0.4: saturated under 0.5, linear under the default
      expect(zonesOf([1, 2], [100, 140], [100, 150], { saturatedEfficiency: 0.5 })).toBe(
        "saturated saturated",
      );
      expect(zonesOf([1, 2], [100, 140], [100, 150])).toBe("linear linear");
    });
  });

  describe("saturated: TTFT more than 2× per load doubling", () => {
    it("g exactly 2 is not saturated, 2.01 is, 1.99 is not", () => {
      // e = 0.5 (linear by throughput)
      expect(step(150, 200)).toBe("linear linear"); // g = 2
      expect(step(150, 201)).toBe("saturated saturated"); // g = 2.01
      expect(step(150, 199)).toBe("linear linear"); // g = 1.99
    });

    it("normalises to a doubling on a step that is not one: 4 → 5 with TTFT × 1.3 is 2.26× per doubling", () => {
      // log2(5/4) = 0.3219: g = 1.3^(1/0.3219) = 1.3^3.106 = 2.258 > 2 → saturated;
      // throughput 400 → 430: e = (30/400)/(1/4) = 0.3 (not saturated by throughput)
      expect(zonesOf([4, 5], [400, 430], [100, 130])).toBe("saturated saturated");
      // TTFT × 1.2: g = 1.2^3.106 = 1.762 → linear
      expect(zonesOf([4, 5], [400, 430], [100, 120])).toBe("linear linear");
    });

    it("uses the given growth threshold instead of 2", () => {
      // g = 2.5: saturated under 2, linear under 3
      expect(step(150, 250)).toBe("saturated saturated");
      expect(zonesOf([1, 2], [100, 150], [100, 250], { saturatedLatencyGrowth: 3 })).toBe(
        "linear linear",
      );
    });
  });

  describe("marginal efficiency on steps that are not doublings", () => {
    it("divides the relative throughput gain by the relative load gain", () => {
      // 4 → 5: ΔL/L = 0.25; 400 → 430: ΔT/T = 0.075 → e = 0.3: linear (flat TTFT, so only e decides)
      expect(zonesOf([4, 5], [400, 430], [100, 100])).toBe("linear linear");
      // 400 → 418: ΔT/T = 0.045 → e = 0.18 < 0.2: saturated
      expect(zonesOf([4, 5], [400, 418], [100, 100])).toBe("saturated saturated");
      // 400 → 485: ΔT/T = 0.2125 → e = 0.85 > 0.8: idle
      expect(zonesOf([4, 5], [400, 485], [100, 100])).toBe("idle idle");
    });

    it("a tripling of load needs a tripling of throughput to be fully efficient", () => {
      // 2 → 6: ΔL/L = 2; 200 → 380: ΔT/T = 0.9 → e = 0.45: linear (e per doubling would be 0.9)
      expect(zonesOf([2, 6], [200, 380], [100, 100])).toBe("linear linear");
      // 200 → 560: ΔT/T = 1.8 → e = 0.9: idle
      expect(zonesOf([2, 6], [200, 560], [100, 100])).toBe("idle idle");
    });
  });

  describe("idle: TTFT growth below 10 % and efficiency above 0.8", () => {
    it("TTFT +10 % exactly is not idle, +9 % is, +11 % is not", () => {
      // e = 0.9
      expect(step(190, 110)).toBe("linear linear");
      expect(step(190, 109)).toBe("idle idle");
      expect(step(190, 111)).toBe("linear linear");
    });

    it("efficiency 0.8 exactly is not idle, 0.81 is, 0.79 is not", () => {
      // flat TTFT
      expect(step(180, 100)).toBe("linear linear");
      expect(step(181, 100)).toBe("idle idle");
      expect(step(179, 100)).toBe("linear linear");
    });

    it("uses the given idle thresholds", () => {
      // TTFT +9 %, e = 0.9: not idle under a 5 % growth limit or an efficiency floor of 0.95
      expect(zonesOf([1, 2], [100, 190], [100, 109], { idleLatencyGrowth: 0.05 })).toBe(
        "linear linear",
      );
      expect(zonesOf([1, 2], [100, 190], [100, 109], { idleEfficiency: 0.95 })).toBe(
        "linear linear",
      );
      // TTFT +15 % is idle under a 20 % limit
      expect(zonesOf([1, 2], [100, 190], [100, 115], { idleLatencyGrowth: 0.2 })).toBe("idle idle");
    });

    it("a curve does not go back to idle after a linear step", () => {
      // 1→2 idle (e 0.98, +1 %); 2→4 linear (e = 0.7); 4→8 would be idle on its own (e 0.95, +1 %) but stays linear
      const z = classifyZones(curve([1, 2, 4, 8], [100, 198, 337, 657], [100, 101, 105, 106]));
      // 4→8: e = (320/337) = 0.95, TTFT 105 → 106 (+1 %)
      expect(z).toMatchObject({ zones: ["idle", "idle", "linear", "linear"], kneeIndex: null });
    });

    it("a step with neither throughput nor latency shows nothing: linear, not idle", () => {
      expect(zonesOf([1, 2, 4], [null, null, null], [null, null, null])).toBe(
        "linear linear linear",
      );
    });

    it("zero throughput at the lower level gives no efficiency (not an infinite one)", () => {
      // 0 → 100 tok/s, no latency: nothing to judge → linear (an infinite e would read as idle)
      expect(zonesOf([1, 2], [0, 100], [null, null])).toBe("linear linear");
    });

    it("zero TTFT at the lower level gives no latency growth (not an infinite one)", () => {
      // e = 0.9, TTFT 0 → 500: growth unknown → idle on efficiency alone (an infinite g would read as saturated)
      expect(zonesOf([1, 2], [100, 190], [0, 500])).toBe("idle idle");
    });
  });

  describe("steps without load growth", () => {
    it("a step from load 0 is skipped and the curve starts linear", () => {
      // 0 → 1 has no relative load growth; 1 → 2 would be idle but idle only holds from the start
      expect(zonesOf([0, 1, 2], [50, 100, 198], [50, 100, 101])).toBe("linear linear linear");
    });

    it("a repeated load keeps the previous class", () => {
      // 1→2 idle; 2→2 no growth → idle; 2→4 idle (e 0.97, +2 %)
      expect(zonesOf([1, 2, 2, 4], [100, 198, 200, 390], [100, 101, 101, 103])).toBe(
        "idle idle idle idle",
      );
      // 1→2 saturated (e 0.05); 2→2 stays saturated
      expect(classifyZones(curve([1, 2, 2], [100, 105, 106], [100, 100, 100]))).toMatchObject({
        zones: ["saturated", "saturated", "saturated"],
        kneeIndex: 0,
      });
    });

    it("a repeated load with falling throughput is no step: the previous class stays (no division by a zero load gain)", () => {
      expect(zonesOf([1, 2, 2], [100, 198, 150], [100, 101, 101])).toBe("idle idle idle");
    });

    it("a curve whose first step has no load growth starts linear", () => {
      expect(zonesOf([2, 2, 4], [100, 100, 190], [100, 100, 100])).toBe("linear linear linear");
    });
  });

  describe("knee and rule", () => {
    it("the knee is the first saturated point in load order, given in input order", () => {
      // sorted: 1 idle, 2 idle, 4 linear (e 0.7), 8 saturated (e 0.1)
      const pts = curve([8, 1, 4, 2], [550, 100, 500, 198], [400, 100, 150, 101]);
      const z = classifyZones(pts);
      expect(z).toMatchObject({ zones: ["saturated", "idle", "linear", "idle"], kneeIndex: 0 });
    });

    it("states the rule with the thresholds used", () => {
      expect(classifyZones([]).rule).toBe(
        "Per step from one load level to the next: marginal efficiency e = (Δthroughput / throughput) ÷ (Δload / load), " +
          "with throughput = output tokens/s (else RPS) and load = concurrency (else request rate); TTFT growth per load doubling " +
          "g = (TTFT ratio)^(1 / log2(load ratio)), TTFT at P99 (else the highest percentile, else the mean). A point is saturated " +
          "when e < 0.2 (throughput no longer grows with load) or g > 2 (TTFT more than 2× per doubling), and every later point stays saturated; " +
          "idle while, from the start of the curve, TTFT grows < 10 % per step and e > 0.8; linear otherwise. " +
          "The first point takes the class of the first step; the knee is the first saturated point.",
      );
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
  });

  describe("missing values", () => {
    it("a point without TTFT among points with P99 skips the latency test of its steps", () => {
      // 1→2: e 0.98, no TTFT at 2 → idle on efficiency; 2→4: e = 192/198 = 0.97 → idle
      const pts = curve([1, 2, 4], [100, 198, 390], [100, null, 103]);
      expect(classifyZones(pts).zones).toEqual(["idle", "idle", "idle"]);
    });

    it("a point without a load value comes last and keeps the previous class", () => {
      const pts = curve([1, 2, 4], [100, 198, 390], [100, 101, 103]);
      pts.push({
        concurrency: null,
        requestRate: null,
        outputTokensPerSec: 10,
        ttftMs: { p99: 5000 },
      });
      expect(classifyZones(pts)).toMatchObject({
        zones: ["idle", "idle", "idle", "idle"],
        kneeIndex: null,
      });
    });
  });

  describe("steps with one side missing", () => {
    it("a level without throughput after one with it gives no efficiency (not −100 %)", () => {
      // 1→2 idle; 2→4: no throughput at 4, TTFT +2 % → idle on latency alone
      expect(zonesOf([1, 2, 4], [100, 198, null], [100, 101, 103])).toBe("idle idle idle");
    });

    it("a level without TTFT after one with it gives no latency growth (not a ratio of 0)", () => {
      // no throughput either: nothing to judge → linear
      expect(zonesOf([1, 2], [null, null], [100, null])).toBe("linear linear");
    });

    it("without throughput, a flat TTFT alone makes a step idle", () => {
      expect(zonesOf([1, 2], [null, null], [100, 101])).toBe("idle idle");
      expect(zonesOf([1, 2], [null, null], [100, 115])).toBe("linear linear");
    });

    it("a step to an infinite request rate has no latency growth per doubling, even under a growth limit below 1", () => {
      const pts: SweepPoint[] = [
        { concurrency: null, requestRate: 1, ttftMs: { p99: 10 } },
        { concurrency: null, requestRate: "inf", ttftMs: { p99: 15 } },
      ];
      expect(classifyZones(pts, { saturatedLatencyGrowth: 0.5 }).zones).toEqual([
        "linear",
        "linear",
      ]);
    });
  });

  describe("rule text for −0 and 0", () => {
    it("a threshold of −0 is written −0, and 0 again 0 (the rule cache keeps them apart)", () => {
      const e = (v: number): string => {
        const r = classifyZones([], { idleEfficiency: v }).rule;
        return r.slice(r.indexOf("e > "), r.indexOf("; linear"));
      };
      expect([e(0), e(-0), e(0)]).toEqual(["e > 0", "e > -0", "e > 0"]);
    });
  });

  describe("tailStat", () => {
    it("p99 when some point has it, else the highest percentile (numerically), else the mean, else null", () => {
      const at = (...stats: Record<string, number>[]): string | null =>
        tailStat(stats.map((s) => ({ concurrency: 1, requestRate: null, ttftMs: s })));
      expect(at({ p50: 1 }, { p99: 2, mean: 1 })).toBe("p99");
      expect(at({ p9: 1, p10: 2, mean: 3 })).toBe("p10");
      expect(at({ p50: 1 }, { "p99.9": 2, p95: 1 })).toBe("p99.9");
      expect(at({ mean: 3, max: 9 })).toBe("mean");
      expect(at({ max: 9 })).toBeNull();
      expect(at({ p99: Number.NaN, p90: 5 })).toBe("p90");
      // only keys that are exactly p<number> count: not xp95 or p95x; p99.95 is a percentile
      expect([
        at({ xp95: 1, p90: 2 }),
        at({ p95x: 1, p90: 2 }),
        at({ "p99.95": 1, p90: 2 }),
      ]).toEqual(["p90", "p90", "p99.95"]);
      expect(tailStat([])).toBeNull();
    });

    it("reads the field asked for", () => {
      const pts: SweepPoint[] = [
        { concurrency: 1, requestRate: null, ttftMs: { p99: 1 }, e2eMs: { p95: 2, mean: 1 } },
      ];
      expect([tailStat(pts), tailStat(pts, "e2eMs")]).toEqual(["p99", "p95"]);
    });

    it("zones use the highest percentile when there is no p99", () => {
      // p90: 100 → 300 is 3× per doubling → saturated; the mean (100 → 105) would say idle
      const pts: SweepPoint[] = [
        {
          concurrency: 1,
          requestRate: null,
          outputTokensPerSec: 100,
          ttftMs: { p90: 100, mean: 100 },
        },
        {
          concurrency: 2,
          requestRate: null,
          outputTokensPerSec: 190,
          ttftMs: { p90: 300, mean: 105 },
        },
      ];
      expect(classifyZones(pts).zones).toEqual(["saturated", "saturated"]);
    });
  });
});
