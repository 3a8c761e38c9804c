import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_RULES, diagnose, type Finding } from "../../../src/engine/curve/diagnostics";
import type { Stats, SweepMeta, SweepPoint } from "../../../src/engine/base/types";
import type { Zone } from "../../../src/engine/curve/zones";
import { words } from "../../words";

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
    expect(f).toMatchObject({ pointIndices: [0, 1, 2, 3], severity: "info" });
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
    expect(DIAGNOSTIC_RULES.map((r) => r.id)).toEqual(
      words("ttft-queueing decode-bound failures-at-load long-tail multi-replica-scaling"),
    );
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

  type Want = Record<string, unknown> | undefined;
  /** The rule's finding on `points` matches `want` (evidence, points, Chinese), or there is none. */
  const check = (points: SweepPoint[], id: string, want: Want, zones?: Zone[]) => {
    const f = rule(points, id, zones);
    if (want === undefined) expect(f).toBeUndefined();
    else expect(f).toMatchObject(want);
  };
  const tt = (c: number, otps: number | null, p99: number) => conc(c, otps, { ttftMs: { p99 } });
  const il = (c: number, otps: number | null, itlMs: Stats) => conc(c, otps, { itlMs });

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
    it.each<[string, SweepPoint[], Want]>([
      [
        "TTFT exactly 3× is flagged",
        [tt(8, 1000, 100), tt(16, 1000, 300)],
        { evidence: "P99 TTFT grows 3.0× from concurrency 8 to 16 while throughput grows 0 %" },
      ],
      ["TTFT just below 3× is not", [tt(8, 1000, 100), tt(16, 1000, 299.99)], undefined],
      ["throughput growth exactly 25 % is not", [tt(8, 1000, 100), tt(16, 1250, 1000)], undefined],
      [
        "throughput growth just below 25 % is",
        [tt(8, 1000, 100), tt(16, 1249, 1000)],
        { evidence: "P99 TTFT grows 10.0× from concurrency 8 to 16 while throughput grows 25 %" },
      ],
      [
        "of equal ratios the first pair in load order (1→2, 1→4, 3→4 all 4×; 2→3 falls)",
        [1, 2, 3, 4].map((c, i) => tt(c, 1000, [100, 400, 100, 400][i]!)),
        {
          evidence: "P99 TTFT grows 4.0× from concurrency 1 to 2 while throughput grows 0 %",
          pointIndices: [0, 1],
        },
      ],
      [
        "the largest ratio wins over an earlier smaller one; points listed in load order (4, 1, 2)",
        [tt(4, 1100, 900), tt(1, 1000, 100), tt(2, 1000, 400)],
        {
          evidence: "P99 TTFT grows 9.0× from concurrency 1 to 4 while throughput grows 10 %",
          pointIndices: [1, 2, 0],
        },
      ],
      [
        "points without TTFT (2) or throughput (3) are skipped, not read as 0: only 1→4 is a pair",
        [tt(1, 1000, 100), conc(2, 1000, {}), tt(3, null, 500), tt(4, 1100, 400)],
        {
          evidence: "P99 TTFT grows 4.0× from concurrency 1 to 4 while throughput grows 10 %",
          pointIndices: [0, 1, 2, 3],
        },
      ],
      ["a TTFT of 0 at the lower point is no basis", [tt(1, 1000, 0), tt(2, 1000, 500)], undefined],
      ["a throughput of 0 at the lower point neither", [tt(1, 0, 100), tt(2, -5, 500)], undefined],
      ["nor a negative throughput", [tt(1, -100, 100), tt(2, -100, 500)], undefined],
      [
        "the statistic is named as read: mean",
        [conc(1, 1000, { ttftMs: { mean: 100 } }), conc(2, 1000, { ttftMs: { mean: 500 } })],
        {
          evidence: "mean TTFT grows 5.0× from concurrency 1 to 2 while throughput grows 0 %",
          zh: { evidence: "mean TTFT 从并发 1 到 2增长 5.0 倍，而吞吐只增长 0 %" },
        },
      ],
      [
        "the statistic is named as read: the highest percentile",
        [
          conc(1, 1000, { ttftMs: { p50: 10, p90: 100 } }),
          conc(2, 1000, { ttftMs: { p50: 10, p90: 500 } }),
        ],
        { evidence: "P90 TTFT grows 5.0× from concurrency 1 to 2 while throughput grows 0 %" },
      ],
      [
        "a median stands for P50 only: a point without the P99 read is skipped",
        [tt(1, 1000, 100), conc(2, 1000, { ttftMs: { median: 500 } })],
        undefined,
      ],
      ["TTFT falling with load is no queueing", [tt(1, 1000, 900), tt(2, 1000, 100)], undefined],
      ["no TTFT anywhere: no finding", [conc(1, 1000), conc(2, 1000)], undefined],
    ])("%s", (_, points, want) => check(points, "ttft-queueing", want));
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
      const pts = [il(16, 2000, { median: 20, p99: 24 }), il(32, 2100, { median: 21, p99: 25 })];
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
    /** "Throughput grows t % from concurrency a to b while s grows g %". */
    const grows = (t: number, a: number, b: number, s: string, g: number, spread = "") => ({
      evidence: `Throughput grows ${t} % from concurrency ${a} to ${b} while ${s} grows ${g} %${spread}`,
    });
    const p50 = (c: number, otps: number | null, v: number) => il(c, otps, { p50: v });
    const spread = (s0: number, s1: number) => [
      il(16, 1000, { p50: 20, p99: 20 * s0 }),
      il(32, 1000, { p50: 20, p99: 20 * s1 }),
    ];
    it.each<[string, SweepPoint[], Want]>([
      [
        "empty ITL blocks fall back to TPOT",
        [
          conc(16, 2000, { itlMs: {}, tpotMs: { p50: 20 } }),
          conc(32, 2000, { itlMs: {}, tpotMs: { p50: 20 } }),
        ],
        grows(0, 16, 32, "P50 TPOT", 0),
      ],
      ["empty ITL and no TPOT: no finding", [il(16, 2000, {}), conc(32, 2000)], undefined],
      [
        "ITL on some points only is still ITL; the centre is the mean unless every point has a P50",
        [
          conc(16, 2000, { itlMs: { p50: 20, mean: 20 }, tpotMs: { p50: 5 } }),
          conc(32, 2000, { itlMs: { mean: 21 }, tpotMs: { p50: 5 } }),
        ],
        grows(0, 16, 32, "mean ITL", 5),
      ],
      [
        "ITL on some points is still ITL (not TPOT)",
        [
          conc(16, 1000, { itlMs: { mean: 20 }, tpotMs: { mean: 5 } }),
          conc(32, 1000, { itlMs: { mean: 21 }, tpotMs: { mean: 5 } }),
          conc(64, 1000, { tpotMs: { mean: 5 } }),
        ],
        grows(0, 16, 32, "mean ITL", 5),
      ],
      [
        "TPOT on some points is still TPOT",
        [
          conc(16, 1000, { tpotMs: { mean: 20 } }),
          conc(32, 1000, { tpotMs: { mean: 21 } }),
          conc(64, 1000),
        ],
        grows(0, 16, 32, "mean TPOT", 5),
      ],
      [
        // Centre is the mean (16 has only a P50): 8 → 16 has no mean at 16; 16 → 32 has none at 16.
        "a higher load without the centre statistic is no comparison (not a fall to 0)",
        [il(8, 1000, { mean: 20 }), p50(16, 1000, 20), il(32, 1000, { mean: 20 })],
        undefined,
      ],
      ["throughput growth exactly 10 % is not", [p50(16, 1000, 20), p50(32, 1100, 20)], undefined],
      [
        "throughput growth just below 10 % is",
        [p50(16, 1000, 20), p50(32, 1099, 20)],
        grows(10, 16, 32, "P50 ITL", 0),
      ],
      ["ITL growth exactly 30 % is not", [p50(16, 1000, 20), p50(32, 1000, 26)], undefined],
      [
        "ITL growth just below 30 % is (25.8 / 20 − 1 = 29 %)",
        [p50(16, 1000, 20), p50(32, 1000, 25.8)],
        grows(0, 16, 32, "P50 ITL", 29),
      ],
      ["P99/P50 exactly 1.5 at the lower end is uneven", spread(1.5, 1), undefined],
      ["P99/P50 exactly 1.5 at the higher end is uneven", spread(1, 1.5), undefined],
      [
        "P99/P50 just below 1.5 is even",
        spread(1.49, 1.2),
        grows(0, 16, 32, "P50 ITL", 0, " (P99/P50 1.2)"),
      ],
      [
        "the spread shown is the higher load's, else the lower load's",
        [il(16, 1000, { p50: 20, p99: 24 }), p50(32, 1000, 21)],
        grows(0, 16, 32, "P50 ITL", 5, " (P99/P50 1.2)"),
      ],
      [
        "a P50 of 0 gives no spread (not an infinite one)",
        [il(16, 1000, { mean: 20, p50: 0, p99: 30 }), il(32, 1000, { mean: 21 })],
        grows(0, 16, 32, "mean ITL", 5),
      ],
      [
        "a load exactly 2× is a doubling",
        [p50(10, 1000, 20), p50(20, 1000, 20)],
        { pointIndices: [0, 1] },
      ],
      ["a load 1.99× is not", [p50(10, 1000, 20), p50(19.9, 1000, 20)], undefined],
      [
        // 10 → 19.9 is no doubling; 10 → 25 is, but throughput grows 50 %; 19.9 → 40 is flat.
        "the next point at ≥ 2× is taken",
        [10, 19.9, 25, 40].map((c, i) => p50(c, [1000, 1500, 1500, 1500][i]!, 20)),
        { ...grows(0, 19.9, 40, "P50 ITL", 0), pointIndices: [1, 2, 3] },
      ],
      ["a load of 0 is no basis for a doubling", [p50(0, 1000, 20), p50(1, 1000, 20)], undefined],
      [
        "an infinite rate is no basis for a doubling",
        [rate(4, 1000, { itlMs: { p50: 20 } }), rate("inf", 1010, { itlMs: { p50: 20 } })],
        undefined,
      ],
      [
        "a pair with an unknown throughput at the higher load is skipped",
        [p50(8, 1000, 20), p50(16, null, 20), p50(32, 1000, 20)],
        undefined,
      ],
      [
        // Centre is the mean (not every point has P50): 8 has no mean, so 8→16 is skipped.
        "a pair with an unknown ITL is skipped and the next lower point tried",
        [p50(8, 1000, 20), il(16, 1000, { mean: 20 }), il(32, 1000, { mean: 20 })],
        { ...grows(0, 16, 32, "mean ITL", 0), pointIndices: [1, 2] },
      ],
      [
        "throughput of 0 at the lower load is no basis",
        [p50(8, 0, 20), p50(16, -5, 20)],
        undefined,
      ],
      ["nor a negative throughput", [p50(8, -1000, 20), p50(16, -1000, 20)], undefined],
      ["nor a negative ITL", [p50(8, 1000, -20), p50(16, 1000, -20)], undefined],
      ["nor an ITL of 0", [p50(8, 1000, 0), p50(16, 1000, -1)], undefined],
    ])("%s", (_, points, want) => check(points, "decode-bound", want));
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
    const fl = (c: number | null, otps: number, failed: number | null, completed?: number) =>
      conc(c, otps, { failed, ...(completed === undefined ? {} : { completed }) });
    it.each<[string, SweepPoint[], Want]>([
      [
        "with completed counts: the share, and the lower range in Chinese",
        [1, 2, 4].map((c, i) =>
          conc(c, 100 * c, { completed: [200, 200, 1176][i]!, failed: [0, 0, 24][i]! }),
        ),
        {
          evidence:
            "24 of 1,200 requests (2.0 %) failed at concurrency 4; none failed at concurrency 1 to 2",
          zh: { evidence: "并发 4时失败 24 个（共 1,200 个请求，2.0 %）；并发 1 到 2时没有失败" },
        },
      ],
      ["exactly 1 % failed is not flagged", [fl(1, 100, 0, 100), fl(2, 200, 1, 99)], undefined],
      [
        "just above 1 % is",
        [fl(1, 100, 0, 100), fl(2, 200, 2, 98)],
        {
          evidence:
            "2 of 100 requests (2.0 %) failed at concurrency 2; none failed at concurrency 1",
        },
      ],
      [
        "a lower load with a few failures (≤ 1 %) means failures did not just appear",
        [fl(1, 100, 0, 200), fl(2, 200, 1, 199), fl(4, 400, 10, 90)],
        undefined,
      ],
      [
        "lower loads of unknown failures only: no finding",
        [fl(1, 100, null), fl(2, 200, 10, 90)],
        undefined,
      ],
      [
        "with one known 0 below: a finding over all of them",
        [conc(1, 100), fl(2, 200, 0), fl(4, 400, 10, 90)],
        {
          evidence:
            "10 of 100 requests (10.0 %) failed at concurrency 4; none failed at concurrency 1 to 2",
        },
      ],
      [
        "every point above 1 % is listed, not those at or below",
        [fl(1, 100, 0, 100), fl(2, 100, 10, 90), fl(4, 100, 1, 199), fl(8, 100, 20, 80)],
        { pointIndices: [1, 3] },
      ],
      [
        "a later point at exactly 1 % is not listed",
        [fl(1, 100, 0, 100), fl(2, 100, 10, 90), fl(4, 100, 1, 99)],
        { pointIndices: [1] },
      ],
      [
        "a failed count of 0 without completed counts is no failure",
        [fl(1, 100, 0, 100), fl(2, 200, 0)],
        undefined,
      ],
      ["nor is a negative one", [fl(1, 100, 0), fl(2, 200, -3)], undefined],
      [
        "a point without a load is last and said as an unknown load",
        [fl(1, 100, 0), fl(null, 100, 3)],
        {
          evidence: "3 failed at an unknown load; none failed at concurrency 1",
          zh: { evidence: "并发 ?时失败 3 个；并发 1时没有失败" },
        },
      ],
      [
        "no load axis at all reads the same",
        [0, 0, 3].map((failed) => ({ concurrency: null, requestRate: null, failed })),
        {
          evidence:
            "3 failed at an unknown load; none failed at an unknown load to an unknown load",
          zh: { evidence: "实际 ? req/s时失败 3 个；实际 ? 到 ? req/s时没有失败" },
        },
      ],
      [
        "request-rate labels in Chinese",
        [rate(2, 100, { failed: 0 }), rate(4, 100, { failed: 0 }), rate(8.5, 100, { failed: 1 })],
        {
          evidence: "1 failed at request rate 8.5 req/s; none failed at request rate 2 to 4 req/s",
          zh: { evidence: "请求速率 8.5 req/s时失败 1 个；请求速率 2 到 4 req/s时没有失败" },
        },
      ],
    ])("%s", (_, points, want) => check(points, "failures-at-load", want));
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
