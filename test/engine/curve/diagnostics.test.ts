import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_RULES, diagnose, type Finding } from "../../../src/engine/curve/diagnostics";
import type { SweepMeta, SweepPoint } from "../../../src/engine/base/types";
import type { Zone } from "../../../src/engine/curve/zones";

const meta: SweepMeta = { model: null, engine: null, gpu: null, gpuCount: null, date: null };
const run = (points: SweepPoint[]) => diagnose({ points, meta });
const ids = (points: SweepPoint[]) => run(points).map((f) => f.rule);
const pt = (c: number, otps: number, extra: Partial<SweepPoint> = {}): SweepPoint => ({
  concurrency: c,
  requestRate: null,
  outputTokensPerSec: otps,
  ...extra,
});

describe("diagnose: ttft-queueing", () => {
  it("flags TTFT that grows ≥ 3× while throughput grows < 25 %", () => {
    const pts = [
      pt(8, 1000, { ttftMs: { p99: 300 } }),
      pt(16, 1080, { ttftMs: { p99: 700 } }),
      pt(32, 1110, { ttftMs: { p99: 1500 } }),
      pt(64, 1120, { ttftMs: { p99: 2700 } }),
    ];
    // best pair 8 → 64: TTFT 2700 / 300 = 9.0×, throughput 1120 / 1000 − 1 = 12 %
    const f = run(pts).find((x) => x.rule === "ttft-queueing")!;
    expect(f.evidence).toBe(
      "P99 TTFT grows 9.0× from concurrency 8 to 64 while throughput grows 12 %",
    );
    expect(f.pointIndices).toEqual([0, 1, 2, 3]);
    expect(f.advice).toContain("prefill");
  });

  it("does not flag TTFT that grows together with throughput", () => {
    // 8 → 64: TTFT 4×, but throughput 4× as well (+300 %)
    const pts = [
      pt(8, 1000, { ttftMs: { p99: 300 } }),
      pt(16, 2000, { ttftMs: { p99: 500 } }),
      pt(64, 4000, { ttftMs: { p99: 1200 } }),
    ];
    expect(ids(pts)).not.toContain("ttft-queueing");
  });
});

describe("diagnose: decode-bound", () => {
  it("flags even ITL while throughput stops growing over a load doubling", () => {
    const pts = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 24 } }),
      pt(32, 2100, { itlMs: { p50: 21, p99: 25 } }),
      pt(64, 2150, { itlMs: { p50: 21.5, p99: 26 } }),
    ];
    // 16 → 32: throughput +5 %, P50 ITL +5 %, P99/P50 at 32 = 25/21 = 1.19
    const f = run(pts).find((x) => x.rule === "decode-bound")!;
    expect(f.evidence).toBe(
      "Throughput grows 5 % from concurrency 16 to 32 while P50 ITL grows 5 % (P99/P50 1.19)",
    );
    expect(f.pointIndices).toEqual([0, 1]);
  });

  it("does not flag when ITL rises with load or throughput still grows", () => {
    const rising = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 24 } }),
      pt(32, 2100, { itlMs: { p50: 40, p99: 50 } }),
    ]; // ITL +100 %
    expect(ids(rising)).not.toContain("decode-bound");
    const growing = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 24 } }),
      pt(32, 3500, { itlMs: { p50: 21, p99: 25 } }),
    ]; // +75 %
    expect(ids(growing)).not.toContain("decode-bound");
    const uneven = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 40 } }),
      pt(32, 2050, { itlMs: { p50: 21, p99: 42 } }),
    ]; // P99/P50 = 2
    expect(ids(uneven)).not.toContain("decode-bound");
  });
});

describe("diagnose: failures-at-load", () => {
  it("flags failures that appear at higher load after none at lower load", () => {
    const pts = [1, 2, 4, 8].map((c, i) =>
      pt(c, 100 * c, { completed: [200, 200, 200, 388][i]!, failed: [0, 0, 0, 12][i]! }),
    );
    // 12 / (388 + 12) = 3 % > 1 %
    const f = run(pts).find((x) => x.rule === "failures-at-load")!;
    expect(f.evidence).toBe(
      "12 of 400 requests (3.0 %) failed at concurrency 8; none failed at concurrency 1 to 4",
    );
    expect(f.pointIndices).toEqual([3]);
  });

  it("does not flag failures below 1 % or failures already at the lowest load", () => {
    const few = [1, 2].map((c, i) =>
      pt(c, 100 * c, { completed: [200, 199][i]!, failed: [0, 1][i]! }),
    ); // 0.5 %
    expect(ids(few)).not.toContain("failures-at-load");
    const always = [1, 2].map((c, i) => pt(c, 100 * c, { completed: 190, failed: [10, 12][i]! }));
    expect(ids(always)).not.toContain("failures-at-load");
  });
});

describe("diagnose: long-tail", () => {
  const conc = [1, 2, 4, 8];
  const otps = [100, 180, 330, 600]; // all-linear curve (see zones tests)
  const p99 = [100, 115, 135, 160];
  it("flags P99/P50 ≥ 3 at points in the linear zone", () => {
    const pts = conc.map((c, i) =>
      pt(c, otps[i]!, { ttftMs: { p50: [30, 35, 40, 50][i]!, p99: p99[i]! } }),
    );
    // ratios 3.33, 3.29, 3.375, 3.2 → all linear points; the largest at concurrency 4
    const f = run(pts).find((x) => x.rule === "long-tail")!;
    expect(f.evidence).toBe(
      "At concurrency 4 (linear zone) P99 TTFT is 3.4× P50 (135 ms vs 40 ms)",
    );
    expect(f.pointIndices).toEqual([0, 1, 2, 3]);
    expect(f.severity).toBe("info");
  });

  it("does not flag a tight tail, nor a long tail only in the saturated zone", () => {
    const tight = conc.map((c, i) =>
      pt(c, otps[i]!, { ttftMs: { p50: p99[i]! / 1.5, p99: p99[i]! } }),
    );
    expect(ids(tight)).not.toContain("long-tail");
    // saturated from the start (e = 0.1): every point saturated, so no linear point to flag
    const sat = conc.map((c, i) =>
      pt(c, [1000, 1100, 1150, 1160][i]!, {
        ttftMs: { p50: 100, p99: [200, 450, 1000, 2100][i]! },
      }),
    );
    expect(ids(sat)).not.toContain("long-tail");
  });
});

describe("diagnostic rules", () => {
  it("documents the multi-replica rule but never emits it from one sweep", () => {
    expect(DIAGNOSTIC_RULES.map((r) => r.id)).toEqual([
      "ttft-queueing",
      "decode-bound",
      "failures-at-load",
      "long-tail",
      "multi-replica-scaling",
    ]);
    expect(DIAGNOSTIC_RULES[4]!.description).toContain("needs sweeps of 1 and N replicas");
  });

  it("finds nothing in a healthy linear sweep or a single point", () => {
    const healthy = [1, 2, 4, 8].map((c, i) =>
      pt(c, [100, 180, 330, 600][i]!, {
        ttftMs: { p50: 80, p99: 100 + 10 * i },
        itlMs: { p50: 20, p99: 24 },
        failed: 0,
        completed: 100,
      }),
    );
    expect(run(healthy)).toEqual([]);
    expect(run([pt(1, 100, { failed: 50, completed: 50 })])).toEqual([]);
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Pins of src/engine/curve/diagnostics.ts found by mutation testing (docs/mutation-testing.md): every
   * rule's whole finding (rule, severity, English and Chinese title, evidence and advice, points) on
   * each load axis; every threshold exactly at, just below and just above; the tie-breaks (first
   * pair, first point, TTFT before E2E); the skipped points (no value, zero or negative basis, an
   * infinite load); the rule list's text. Oracles are hand-computed ratios.
   */
  const meta: SweepMeta = { model: null, engine: null, gpu: null, gpuCount: null, date: null };
  const run = (points: SweepPoint[], zones?: Zone[]) => diagnose({ points, meta }, zones);
  const rule = (points: SweepPoint[], id: string, zones?: Zone[]): Finding | undefined =>
    run(points, zones).find((f) => f.rule === id);
  const conc = (
    c: number | null,
    otps: number | null,
    extra: Partial<SweepPoint> = {},
  ): SweepPoint => ({ concurrency: c, requestRate: null, outputTokensPerSec: otps, ...extra });
  const rate = (r: number | "inf", otps: number, extra: Partial<SweepPoint> = {}): SweepPoint => ({
    concurrency: null,
    requestRate: r,
    outputTokensPerSec: otps,
    ...extra,
  });
  const rps = (r: number, otps: number, extra: Partial<SweepPoint> = {}): SweepPoint => ({
    concurrency: null,
    requestRate: null,
    rps: r,
    outputTokensPerSec: otps,
    ...extra,
  });

  describe("the rule list", () => {
    it("says every rule and its thresholds", () => {
      expect(DIAGNOSTIC_RULES).toEqual([
        {
          id: "ttft-queueing",
          description:
            "TTFT (P99, else the highest percentile, else mean) grows ≥ 3× between two load levels while throughput grows < 25 % between them: requests queue; check scheduling and prefill preemption of decode.",
        },
        {
          id: "decode-bound",
          description:
            "Over a load doubling throughput grows < 10 % while ITL (else TPOT) stays even — P50 (else mean) grows < 30 % and P99/P50 < 1.5 at both ends where both exist: decode kernel or memory-bandwidth bottleneck; check kernel fusion and CUDA Graphs.",
        },
        {
          id: "failures-at-load",
          description:
            "Failed requests appear at a higher load (failed > 0 and > 1 % of the requests) after lower loads had none: possibly KV-cache OOM at long context; check gpu_memory_utilization or KV-cache quantisation.",
        },
        {
          id: "long-tail",
          description:
            "At a load in the linear zone, P99/P50 of TTFT or E2E ≥ 3: long-tail requests (long prefills in the batch) drag the tail.",
        },
        {
          id: "multi-replica-scaling",
          description:
            "Throughput not scaling linearly with replicas (network / load-balancer bottleneck): needs sweeps of 1 and N replicas; never emitted from a single sweep.",
        },
      ]);
    });
  });

  describe("diagnose: sweeps too small", () => {
    it("no points or one point: nothing; two points are enough", () => {
      expect(run([])).toEqual([]);
      expect(run([conc(1, 100, { failed: 0, completed: 100 })])).toEqual([]);
      expect(
        run([
          conc(1, 100, { failed: 0, completed: 100 }),
          conc(2, 150, { failed: 50, completed: 50 }),
        ]).map((f) => f.rule),
      ).toEqual(["failures-at-load"]);
    });
    it("one point with a long tail: still nothing (a sweep needs two points)", () => {
      expect(run([conc(1, 100, { ttftMs: { p50: 10, p99: 100 } })])).toEqual([]);
      expect(run([conc(1, 100, { ttftMs: { p50: 10, p99: 100 } })], ["linear"])).toEqual([]);
    });
    it("findings come in rule order: queueing, decode-bound, failures, long tail", () => {
      const pts = [
        conc(1, 1000, {
          ttftMs: { p50: 10, p99: 100 },
          itlMs: { p50: 20, p99: 22 },
          failed: 0,
          completed: 100,
        }),
        conc(2, 1010, {
          ttftMs: { p50: 200, p99: 400 },
          itlMs: { p50: 20, p99: 22 },
          failed: 10,
          completed: 90,
        }),
      ];
      expect(run(pts, ["linear", "linear"]).map((f) => f.rule)).toEqual([
        "ttft-queueing",
        "decode-bound",
        "failures-at-load",
        "long-tail",
      ]);
    });
  });

  describe("diagnose: ttft-queueing", () => {
    it("the whole finding on a request-rate sweep, in English and Chinese", () => {
      // Pairs: 2→4 TTFT 2×; 2→8 TTFT 3.3× with throughput +24 %; 4→8 TTFT 1.65×.
      const pts = [
        rate(2, 1000, { ttftMs: { p99: 100 } }),
        rate(4, 1100, { ttftMs: { p99: 200 } }),
        rate(8, 1240, { ttftMs: { p99: 330 } }),
      ];
      expect(run(pts)).toEqual([
        {
          rule: "ttft-queueing",
          severity: "warning",
          title: "TTFT deteriorates quickly with load: requests are queueing",
          evidence:
            "P99 TTFT grows 3.3× from request rate 2 to 8 req/s while throughput grows 24 %",
          advice:
            "Queueing: check the scheduling policy and whether prefill preempts decode (chunked prefill, max batched tokens, admission control).",
          pointIndices: [0, 1, 2],
          zh: {
            title: "TTFT 随并发快速恶化：请求在排队",
            evidence: "P99 TTFT 从请求速率 2 到 8 req/s增长 3.3 倍，而吞吐只增长 24 %",
            advice:
              "排队严重，可能 prefill 抢占 decode：检查调度策略（chunked prefill、max batched tokens、准入控制）。",
          },
        },
      ]);
    });
    it("TTFT exactly 3× is flagged, just below is not", () => {
      const at = [
        conc(8, 1000, { ttftMs: { p99: 100 } }),
        conc(16, 1000, { ttftMs: { p99: 300 } }),
      ];
      expect(rule(at, "ttft-queueing")!.evidence).toBe(
        "P99 TTFT grows 3.0× from concurrency 8 to 16 while throughput grows 0 %",
      );
      const below = [
        conc(8, 1000, { ttftMs: { p99: 100 } }),
        conc(16, 1000, { ttftMs: { p99: 299.99 } }),
      ];
      expect(rule(below, "ttft-queueing")).toBeUndefined();
    });
    it("throughput growth exactly 25 % is not flagged, just below is", () => {
      const at = [
        conc(8, 1000, { ttftMs: { p99: 100 } }),
        conc(16, 1250, { ttftMs: { p99: 1000 } }),
      ];
      expect(rule(at, "ttft-queueing")).toBeUndefined();
      const below = [
        conc(8, 1000, { ttftMs: { p99: 100 } }),
        conc(16, 1249, { ttftMs: { p99: 1000 } }),
      ];
      expect(rule(below, "ttft-queueing")!.evidence).toBe(
        "P99 TTFT grows 10.0× from concurrency 8 to 16 while throughput grows 25 %",
      );
    });
    it("of equal ratios the first pair in load order is reported", () => {
      // 1→2, 1→4, 3→4 all 4× at flat throughput; 2→3 falls.
      const pts = [1, 2, 3, 4].map((c, i) =>
        conc(c, 1000, { ttftMs: { p99: [100, 400, 100, 400][i]! } }),
      );
      const f = rule(pts, "ttft-queueing")!;
      expect(f.evidence).toBe(
        "P99 TTFT grows 4.0× from concurrency 1 to 2 while throughput grows 0 %",
      );
      expect(f.pointIndices).toEqual([0, 1]);
    });
    it("the largest ratio wins over an earlier smaller one, and the points are listed in load order", () => {
      // Input order is not load order: loads 4, 1, 2.
      const pts = [
        conc(4, 1100, { ttftMs: { p99: 900 } }),
        conc(1, 1000, { ttftMs: { p99: 100 } }),
        conc(2, 1000, { ttftMs: { p99: 400 } }),
      ];
      const f = rule(pts, "ttft-queueing")!;
      expect(f.evidence).toBe(
        "P99 TTFT grows 9.0× from concurrency 1 to 4 while throughput grows 10 %",
      );
      expect(f.pointIndices).toEqual([1, 2, 0]);
    });
    it("points without TTFT or throughput are skipped, not read as 0", () => {
      // 1→2 has no TTFT at 2 and 1→3 no throughput at 3; only 1→4 (4×, +10 %) is a pair.
      const pts = [
        conc(1, 1000, { ttftMs: { p99: 100 } }),
        conc(2, 1000, {}),
        conc(3, null, { ttftMs: { p99: 500 } }),
        conc(4, 1100, { ttftMs: { p99: 400 } }),
      ];
      const f = rule(pts, "ttft-queueing")!;
      expect(f.evidence).toBe(
        "P99 TTFT grows 4.0× from concurrency 1 to 4 while throughput grows 10 %",
      );
      expect(f.pointIndices).toEqual([0, 1, 2, 3]);
    });
    it("a TTFT of 0 or a throughput of 0 or below at the lower point is no basis for a ratio", () => {
      expect(
        rule(
          [conc(1, 1000, { ttftMs: { p99: 0 } }), conc(2, 1000, { ttftMs: { p99: 500 } })],
          "ttft-queueing",
        ),
      ).toBeUndefined();
      expect(
        rule(
          [conc(1, 0, { ttftMs: { p99: 100 } }), conc(2, -5, { ttftMs: { p99: 500 } })],
          "ttft-queueing",
        ),
      ).toBeUndefined();
      expect(
        rule(
          [conc(1, -100, { ttftMs: { p99: 100 } }), conc(2, -100, { ttftMs: { p99: 500 } })],
          "ttft-queueing",
        ),
      ).toBeUndefined();
    });
    it("the statistic is named as read: mean, or the highest percentile", () => {
      const mean = [
        conc(1, 1000, { ttftMs: { mean: 100 } }),
        conc(2, 1000, { ttftMs: { mean: 500 } }),
      ];
      expect(rule(mean, "ttft-queueing")!.evidence).toBe(
        "mean TTFT grows 5.0× from concurrency 1 to 2 while throughput grows 0 %",
      );
      expect(rule(mean, "ttft-queueing")!.zh!.evidence).toBe(
        "mean TTFT 从并发 1 到 2增长 5.0 倍，而吞吐只增长 0 %",
      );
      const p90 = [
        conc(1, 1000, { ttftMs: { p50: 10, p90: 100 } }),
        conc(2, 1000, { ttftMs: { p50: 10, p90: 500 } }),
      ];
      expect(rule(p90, "ttft-queueing")!.evidence).toBe(
        "P90 TTFT grows 5.0× from concurrency 1 to 2 while throughput grows 0 %",
      );
    });
    it("a median stands for P50 only: a point without the P99 read is skipped, not read at its median", () => {
      const pts = [
        conc(1, 1000, { ttftMs: { p99: 100 } }),
        conc(2, 1000, { ttftMs: { median: 500 } }),
      ];
      expect(rule(pts, "ttft-queueing")).toBeUndefined();
    });
    it("TTFT falling with load is no queueing (pairs are compared lower load first)", () => {
      const pts = [
        conc(1, 1000, { ttftMs: { p99: 900 } }),
        conc(2, 1000, { ttftMs: { p99: 100 } }),
      ];
      expect(rule(pts, "ttft-queueing")).toBeUndefined();
    });
    it("no TTFT anywhere: no finding", () => {
      expect(rule([conc(1, 1000), conc(2, 1000)], "ttft-queueing")).toBeUndefined();
    });
  });

  describe("diagnose: decode-bound", () => {
    it("the whole finding for TPOT means on an achieved-rps sweep (no P99: no spread)", () => {
      const pts = [rps(4, 1000, { tpotMs: { mean: 20 } }), rps(8, 1050, { tpotMs: { mean: 22 } })];
      expect(run(pts)).toEqual([
        {
          rule: "decode-bound",
          severity: "warning",
          title: "TPOT stays even but throughput stops growing: decode-bound",
          evidence: "Throughput grows 5 % from 4 to 8 req/s achieved while mean TPOT grows 10 %",
          advice:
            "Decode kernel or memory-bandwidth bottleneck: check kernel fusion and CUDA Graphs, KV-cache layout and quantisation.",
          pointIndices: [0, 1],
          zh: {
            title: "TPOT 均匀但吞吐上不去：decode 瓶颈",
            evidence: "从实际 4 到 8 req/s吞吐只增长 5 %，mean TPOT 增长 10 %",
            advice:
              "decode kernel 或显存带宽瓶颈：检查算子融合与 CUDA Graph、KV Cache 布局与量化。",
          },
        },
      ]);
    });
    it("ITL in Chinese with its spread; a median stands for P50", () => {
      const pts = [
        conc(16, 2000, { itlMs: { median: 20, p99: 24 } }),
        conc(32, 2100, { itlMs: { median: 21, p99: 25 } }),
      ];
      const f = rule(pts, "decode-bound")!;
      expect(f.title).toBe("ITL stays even but throughput stops growing: decode-bound");
      expect(f.evidence).toBe(
        "Throughput grows 5 % from concurrency 16 to 32 while P50 ITL grows 5 % (P99/P50 1.19)",
      );
      expect(f.zh).toEqual({
        title: "ITL 均匀但吞吐上不去：decode 瓶颈",
        evidence: "从并发 16 到 32吞吐只增长 5 %，P50 ITL 增长 5 %（P99/P50 1.19）",
        advice: "decode kernel 或显存带宽瓶颈：检查算子融合与 CUDA Graph、KV Cache 布局与量化。",
      });
    });
    it("empty ITL blocks fall back to TPOT; neither: no finding", () => {
      const pts = [
        conc(16, 2000, { itlMs: {}, tpotMs: { p50: 20 } }),
        conc(32, 2000, { itlMs: {}, tpotMs: { p50: 20 } }),
      ];
      expect(rule(pts, "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while P50 TPOT grows 0 %",
      );
      expect(rule([conc(16, 2000, { itlMs: {} }), conc(32, 2000)], "decode-bound")).toBeUndefined();
    });
    it("ITL on some points only is still ITL; the centre is the mean unless every point has a P50", () => {
      const pts = [
        conc(16, 2000, { itlMs: { p50: 20, mean: 20 }, tpotMs: { p50: 5 } }),
        conc(32, 2000, { itlMs: { mean: 21 }, tpotMs: { p50: 5 } }),
      ];
      expect(rule(pts, "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while mean ITL grows 5 %",
      );
    });
    it("ITL on some points is still ITL (not TPOT); TPOT on some points is still TPOT", () => {
      const itl = [
        conc(16, 1000, { itlMs: { mean: 20 }, tpotMs: { mean: 5 } }),
        conc(32, 1000, { itlMs: { mean: 21 }, tpotMs: { mean: 5 } }),
        conc(64, 1000, { tpotMs: { mean: 5 } }),
      ];
      expect(rule(itl, "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while mean ITL grows 5 %",
      );
      const tpot = [
        conc(16, 1000, { tpotMs: { mean: 20 } }),
        conc(32, 1000, { tpotMs: { mean: 21 } }),
        conc(64, 1000),
      ];
      expect(rule(tpot, "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while mean TPOT grows 5 %",
      );
    });
    it("a higher load without the centre statistic is no comparison (not a fall to 0)", () => {
      // Centre is the mean (16 has only a P50): 8 → 16 has no mean at 16; 16 → 32 has none at 16.
      const pts = [
        conc(8, 1000, { itlMs: { mean: 20 } }),
        conc(16, 1000, { itlMs: { p50: 20 } }),
        conc(32, 1000, { itlMs: { mean: 20 } }),
      ];
      expect(rule(pts, "decode-bound")).toBeUndefined();
    });
    it("throughput growth exactly 10 % is not flagged, just below is", () => {
      const mk = (t1: number) => [
        conc(16, 1000, { itlMs: { p50: 20 } }),
        conc(32, t1, { itlMs: { p50: 20 } }),
      ];
      expect(rule(mk(1100), "decode-bound")).toBeUndefined();
      expect(rule(mk(1099), "decode-bound")!.evidence).toBe(
        "Throughput grows 10 % from concurrency 16 to 32 while P50 ITL grows 0 %",
      );
    });
    it("ITL growth exactly 30 % is not flagged, just below is", () => {
      const mk = (m1: number) => [
        conc(16, 1000, { itlMs: { p50: 20 } }),
        conc(32, 1000, { itlMs: { p50: m1 } }),
      ];
      expect(rule(mk(26), "decode-bound")).toBeUndefined();
      // 25.8 / 20 − 1 = 29 %.
      expect(rule(mk(25.8), "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while P50 ITL grows 29 %",
      );
    });
    it("P99/P50 exactly 1.5 at either end is uneven; just below is even", () => {
      const mk = (s0: number, s1: number) => [
        conc(16, 1000, { itlMs: { p50: 20, p99: 20 * s0 } }),
        conc(32, 1000, { itlMs: { p50: 20, p99: 20 * s1 } }),
      ];
      expect(rule(mk(1.5, 1), "decode-bound")).toBeUndefined();
      expect(rule(mk(1, 1.5), "decode-bound")).toBeUndefined();
      expect(rule(mk(1.49, 1.2), "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while P50 ITL grows 0 % (P99/P50 1.2)",
      );
    });
    it("the spread shown is the higher load's, else the lower load's", () => {
      const pts = [
        conc(16, 1000, { itlMs: { p50: 20, p99: 24 } }),
        conc(32, 1000, { itlMs: { p50: 21 } }),
      ];
      expect(rule(pts, "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while P50 ITL grows 5 % (P99/P50 1.2)",
      );
    });
    it("a P50 of 0 gives no spread (not an infinite one)", () => {
      const pts = [
        conc(16, 1000, { itlMs: { mean: 20, p50: 0, p99: 30 } }),
        conc(32, 1000, { itlMs: { mean: 21 } }),
      ];
      expect(rule(pts, "decode-bound")!.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while mean ITL grows 5 %",
      );
    });
    it("a load exactly 2× is a doubling; 1.99× is not, the next point at ≥ 2× is taken", () => {
      const exact = [
        conc(10, 1000, { itlMs: { p50: 20 } }),
        conc(20, 1000, { itlMs: { p50: 20 } }),
      ];
      expect(rule(exact, "decode-bound")!.pointIndices).toEqual([0, 1]);
      const below = [
        conc(10, 1000, { itlMs: { p50: 20 } }),
        conc(19.9, 1000, { itlMs: { p50: 20 } }),
      ];
      expect(rule(below, "decode-bound")).toBeUndefined();
      // 10 → 19.9 is no doubling; 10 → 25 is, but throughput grows 50 %; 19.9 → 40 is flat.
      const next = [10, 19.9, 25, 40].map((c, i) =>
        conc(c, [1000, 1500, 1500, 1500][i]!, { itlMs: { p50: 20 } }),
      );
      const f = rule(next, "decode-bound")!;
      expect(f.evidence).toBe(
        "Throughput grows 0 % from concurrency 19.9 to 40 while P50 ITL grows 0 %",
      );
      expect(f.pointIndices).toEqual([1, 2, 3]);
    });
    it("a load of 0 or an infinite rate is no basis for a doubling", () => {
      expect(
        rule(
          [conc(0, 1000, { itlMs: { p50: 20 } }), conc(1, 1000, { itlMs: { p50: 20 } })],
          "decode-bound",
        ),
      ).toBeUndefined();
      expect(
        rule(
          [rate(4, 1000, { itlMs: { p50: 20 } }), rate("inf", 1010, { itlMs: { p50: 20 } })],
          "decode-bound",
        ),
      ).toBeUndefined();
    });
    it("a pair with an unknown throughput or ITL at the higher load is skipped, and the next lower point tried", () => {
      const noT = [
        conc(8, 1000, { itlMs: { p50: 20 } }),
        conc(16, null, { itlMs: { p50: 20 } }),
        conc(32, 1000, { itlMs: { p50: 20 } }),
      ];
      expect(rule(noT, "decode-bound")).toBeUndefined();
      const noM = [
        conc(8, 1000, { itlMs: { p50: 20 } }),
        conc(16, 1000, { itlMs: { mean: 20 } }),
        conc(32, 1000, { itlMs: { mean: 20 } }),
      ];
      // Centre is the mean (not every point has P50): 8 has no mean, so 8→16 is skipped and 16→32 flagged.
      const f = rule(noM, "decode-bound")!;
      expect(f.evidence).toBe(
        "Throughput grows 0 % from concurrency 16 to 32 while mean ITL grows 0 %",
      );
      expect(f.pointIndices).toEqual([1, 2]);
    });
    it("throughput or ITL of 0 or below at the lower load is no basis", () => {
      expect(
        rule(
          [conc(8, 0, { itlMs: { p50: 20 } }), conc(16, -5, { itlMs: { p50: 20 } })],
          "decode-bound",
        ),
      ).toBeUndefined();
      expect(
        rule(
          [conc(8, -1000, { itlMs: { p50: 20 } }), conc(16, -1000, { itlMs: { p50: 20 } })],
          "decode-bound",
        ),
      ).toBeUndefined();
      expect(
        rule(
          [conc(8, 1000, { itlMs: { p50: -20 } }), conc(16, 1000, { itlMs: { p50: -20 } })],
          "decode-bound",
        ),
      ).toBeUndefined();
      expect(
        rule(
          [conc(8, 1000, { itlMs: { p50: 0 } }), conc(16, 1000, { itlMs: { p50: -1 } })],
          "decode-bound",
        ),
      ).toBeUndefined();
    });
  });

  describe("diagnose: failures-at-load", () => {
    it("the whole finding when completed is unknown (any failure counts), in Chinese too", () => {
      const pts = [conc(1, 100, { failed: 0 }), conc(2, 150, { failed: 5 })];
      expect(run(pts)).toEqual([
        {
          rule: "failures-at-load",
          severity: "warning",
          title: "Requests fail at higher load",
          evidence: "5 failed at concurrency 2; none failed at concurrency 1",
          advice:
            "Possibly KV-cache out of memory at long context: check gpu_memory_utilization, max model length, or quantise the KV cache.",
          pointIndices: [1],
          zh: {
            title: "高负载下请求失败",
            evidence: "并发 2时失败 5 个；并发 1时没有失败",
            advice:
              "可能是长上下文下 KV Cache 显存不足：调整 gpu_memory_utilization、最大模型长度，或量化 KV Cache。",
          },
        },
      ]);
    });
    it("with completed counts: the share, and the lower range in Chinese", () => {
      const pts = [1, 2, 4].map((c, i) =>
        conc(c, 100 * c, { completed: [200, 200, 1176][i]!, failed: [0, 0, 24][i]! }),
      );
      const f = rule(pts, "failures-at-load")!;
      expect(f.evidence).toBe(
        "24 of 1,200 requests (2.0 %) failed at concurrency 4; none failed at concurrency 1 to 2",
      );
      expect(f.zh!.evidence).toBe(
        "并发 4时失败 24 个（共 1,200 个请求，2.0 %）；并发 1 到 2时没有失败",
      );
    });
    it("exactly 1 % failed is not flagged, just above is", () => {
      const mk = (failed: number) => [
        conc(1, 100, { completed: 100, failed: 0 }),
        conc(2, 200, { completed: 100 - failed, failed }),
      ];
      expect(rule(mk(1), "failures-at-load")).toBeUndefined();
      expect(rule(mk(2), "failures-at-load")!.evidence).toBe(
        "2 of 100 requests (2.0 %) failed at concurrency 2; none failed at concurrency 1",
      );
    });
    it("a lower load with a few failures (≤ 1 %) means failures did not just appear: no finding", () => {
      const pts = [
        conc(1, 100, { completed: 200, failed: 0 }),
        conc(2, 200, { completed: 199, failed: 1 }),
        conc(4, 400, { completed: 90, failed: 10 }),
      ];
      expect(rule(pts, "failures-at-load")).toBeUndefined();
    });
    it("lower loads of unknown failures only: no finding; with one known 0: a finding over all of them", () => {
      expect(
        rule(
          [conc(1, 100, { failed: null }), conc(2, 200, { completed: 90, failed: 10 })],
          "failures-at-load",
        ),
      ).toBeUndefined();
      const f = rule(
        [conc(1, 100), conc(2, 200, { failed: 0 }), conc(4, 400, { completed: 90, failed: 10 })],
        "failures-at-load",
      )!;
      expect(f.evidence).toBe(
        "10 of 100 requests (10.0 %) failed at concurrency 4; none failed at concurrency 1 to 2",
      );
    });
    it("every point above 1 % is listed, not those at or below", () => {
      const pts = [1, 2, 4, 8].map((c, i) =>
        conc(c, 100, { completed: [100, 90, 199, 80][i]!, failed: [0, 10, 1, 20][i]! }),
      );
      expect(rule(pts, "failures-at-load")!.pointIndices).toEqual([1, 3]);
    });
    it("a later point at exactly 1 % is not listed", () => {
      const pts = [1, 2, 4].map((c, i) =>
        conc(c, 100, { completed: [100, 90, 99][i]!, failed: [0, 10, 1][i]! }),
      );
      expect(rule(pts, "failures-at-load")!.pointIndices).toEqual([1]);
    });
    it("a failed count of 0 without completed counts is no failure", () => {
      expect(
        rule(
          [conc(1, 100, { failed: 0, completed: 100 }), conc(2, 200, { failed: 0 })],
          "failures-at-load",
        ),
      ).toBeUndefined();
      expect(
        rule([conc(1, 100, { failed: 0 }), conc(2, 200, { failed: -3 })], "failures-at-load"),
      ).toBeUndefined();
    });
    it("a point without a load is last and said as an unknown load; no load axis at all reads the same", () => {
      const f = rule(
        [conc(1, 100, { failed: 0 }), conc(null, 100, { failed: 3 })],
        "failures-at-load",
      )!;
      expect(f.evidence).toBe("3 failed at an unknown load; none failed at concurrency 1");
      expect(f.zh!.evidence).toBe("并发 ?时失败 3 个；并发 1时没有失败");
      const none: SweepPoint[] = [
        { concurrency: null, requestRate: null, failed: 0 },
        { concurrency: null, requestRate: null, failed: 0 },
        { concurrency: null, requestRate: null, failed: 3 },
      ];
      const g = rule(none, "failures-at-load")!;
      expect(g.evidence).toBe(
        "3 failed at an unknown load; none failed at an unknown load to an unknown load",
      );
      expect(g.zh!.evidence).toBe("实际 ? req/s时失败 3 个；实际 ? 到 ? req/s时没有失败");
    });
    it("request-rate labels in Chinese", () => {
      const f = rule(
        [rate(2, 100, { failed: 0 }), rate(4, 100, { failed: 0 }), rate(8.5, 100, { failed: 1 })],
        "failures-at-load",
      )!;
      expect(f.evidence).toBe(
        "1 failed at request rate 8.5 req/s; none failed at request rate 2 to 4 req/s",
      );
      expect(f.zh!.evidence).toBe("请求速率 8.5 req/s时失败 1 个；请求速率 2 到 4 req/s时没有失败");
    });
  });

  describe("diagnose: long-tail", () => {
    it("the whole finding for E2E exactly 3× P50, in Chinese too", () => {
      const pts = [
        conc(1, 100, { ttftMs: { p50: 100, p99: 200 }, e2eMs: { p50: 1000, p99: 3000 } }),
        conc(2, 200, { ttftMs: { p50: 100, p99: 200 } }),
      ];
      expect(run(pts, ["linear", "linear"])).toEqual([
        {
          rule: "long-tail",
          severity: "info",
          title: "Long tail in the linear zone",
          evidence: "At concurrency 1 (linear zone) P99 E2E is 3.0× P50 (3,000 ms vs 1,000 ms)",
          advice:
            "Long-tail requests (long prefills in the batch) drag the tail: check the input-length mix, chunked prefill, or route long prompts separately.",
          pointIndices: [0],
          zh: {
            title: "线性区存在长尾",
            evidence: "并发 1（线性区）时 P99 E2E 是 P50 的 3.0 倍（3,000 ms 对 1,000 ms）",
            advice:
              "长尾请求（batch 内的长 prefill）拖累尾延迟：检查输入长度分布、chunked prefill，或把长 prompt 单独路由。",
          },
        },
      ]);
    });
    it("just below 3× is no long tail", () => {
      const pts = [conc(1, 100, { e2eMs: { p50: 1000, p99: 2999 } }), conc(2, 200, {})];
      expect(rule(pts, "long-tail", ["linear", "linear"])).toBeUndefined();
    });
    it("only points in the linear zone count", () => {
      const pts = [
        conc(1, 100, { e2eMs: { p50: 10, p99: 100 } }),
        conc(2, 200, { e2eMs: { p50: 10, p99: 40 } }),
      ];
      expect(rule(pts, "long-tail", ["idle", "saturated"])).toBeUndefined();
      const f = rule(pts, "long-tail", ["saturated", "linear"])!;
      expect(f.evidence).toBe(
        "At concurrency 2 (linear zone) P99 E2E is 4.0× P50 (40 ms vs 10 ms)",
      );
      expect(f.pointIndices).toEqual([1]);
    });
    it("a P50 of 0 is skipped (no infinite ratio)", () => {
      const pts = [conc(1, 100, { ttftMs: { p50: 0, p99: 50 } }), conc(2, 200, {})];
      expect(rule(pts, "long-tail", ["linear", "linear"])).toBeUndefined();
    });
    it("ties: TTFT before E2E at one point, the first point in load order across points", () => {
      const one = [
        conc(1, 100, { ttftMs: { p50: 10, p99: 40 }, e2eMs: { p50: 100, p99: 400 } }),
        conc(2, 200, {}),
      ];
      expect(rule(one, "long-tail", ["linear", "linear"])!.evidence).toBe(
        "At concurrency 1 (linear zone) P99 TTFT is 4.0× P50 (40 ms vs 10 ms)",
      );
      // Input order 2, 1: load order puts concurrency 1 first.
      const two = [
        conc(2, 200, { ttftMs: { p50: 20, p99: 80 } }),
        conc(1, 100, { ttftMs: { p50: 10, p99: 40 } }),
      ];
      const f = rule(two, "long-tail", ["linear", "linear"])!;
      expect(f.evidence).toBe(
        "At concurrency 1 (linear zone) P99 TTFT is 4.0× P50 (40 ms vs 10 ms)",
      );
      expect(f.pointIndices).toEqual([1, 0]);
    });
    it("the largest ratio is the evidence, whichever field and point it is", () => {
      const pts = [
        conc(1, 100, { ttftMs: { p50: 10, p99: 35 } }),
        conc(2, 200, { ttftMs: { p50: 10, p99: 30 }, e2eMs: { p50: 100, p99: 500 } }),
      ];
      const f = rule(pts, "long-tail", ["linear", "linear"])!;
      expect(f.evidence).toBe(
        "At concurrency 2 (linear zone) P99 E2E is 5.0× P50 (500 ms vs 100 ms)",
      );
      expect(f.pointIndices).toEqual([0, 1]);
    });
    it("P50 read from a median", () => {
      const pts = [conc(1, 100, { ttftMs: { median: 10, p99: 40 } }), conc(2, 200, {})];
      expect(rule(pts, "long-tail", ["linear", "linear"])!.evidence).toBe(
        "At concurrency 1 (linear zone) P99 TTFT is 4.0× P50 (40 ms vs 10 ms)",
      );
    });
    it("without zones given, the sweep's own zones are used", () => {
      // Efficiency 0.9 then 0.58 with TTFT +10 % and +36 %: every point linear (classifyZones).
      const pts = [
        conc(1, 100, { ttftMs: { p50: 10, p99: 40 } }),
        conc(2, 190, { ttftMs: { p50: 10, p99: 44 } }),
        conc(4, 300, { ttftMs: { p50: 30, p99: 60 } }),
      ];
      expect(rule(pts, "long-tail")!.pointIndices).toEqual([0, 1]);
      expect(rule(pts, "long-tail", ["saturated", "saturated", "saturated"])).toBeUndefined();
    });
  });
});
