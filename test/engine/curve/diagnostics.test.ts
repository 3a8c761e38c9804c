import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_RULES, diagnose, type Finding } from "../../../src/engine/curve/diagnostics";
import type { Stats, SweepMeta, SweepPoint } from "../../../src/engine/base/types";
import type { Zone } from "../../../src/engine/curve/zones";

/*
 * Every rule's whole finding (rule, severity, English and Chinese title, evidence and advice,
 * points) on each load axis; every threshold exactly at, just below and just above; the tie-breaks
 * (first pair, first point, TTFT before E2E); the skipped points (no value, zero or negative basis,
 * an infinite load); the rule list's text (docs/mutation-testing.md). Oracles are hand-computed ratios.
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
const rate = (r: number | "inf", otps: number, extra: Partial<SweepPoint> = {}) =>
  conc(null, otps, { requestRate: r, ...extra });
const rps = (r: number, otps: number, extra: Partial<SweepPoint> = {}) =>
  conc(null, otps, { rps: r, ...extra });

describe("DIAGNOSTIC_RULES", () => {
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

describe("diagnose", () => {
  describe("sweeps too small, healthy sweeps, the order of findings", () => {
    const clean = { failed: 0, completed: 100 };
    const half = { failed: 50, completed: 50 };
    const long = { ttftMs: { p50: 10, p99: 100 } };
    it("nothing from no points, one point (a sweep needs two), or a healthy linear sweep", () => {
      expect(run([])).toEqual([]);
      expect(run([conc(1, 100, clean)])).toEqual([]);
      expect(run([conc(1, 100, half)])).toEqual([]);
      // one point with a long tail: still nothing
      expect(run([conc(1, 100, long)])).toEqual([]);
      expect(run([conc(1, 100, long)], ["linear"])).toEqual([]);
      const healthy = [1, 2, 4, 8].map((c, i) =>
        conc(c, [100, 180, 330, 600][i]!, {
          ...{ ttftMs: { p50: 80, p99: 100 + 10 * i }, itlMs: { p50: 20, p99: 24 } },
          ...clean,
        }),
      );
      expect(run(healthy)).toEqual([]);
    });
    it("two points are enough; findings come in rule order: queueing, decode-bound, failures, long tail", () => {
      const two = run([conc(1, 100, clean), conc(2, 150, half)]);
      expect(two.map((f) => f.rule)).toEqual(["failures-at-load"]);
      const even = { itlMs: { p50: 20, p99: 22 } };
      const pts = [
        conc(1, 1000, { ...long, ...even, ...clean }),
        conc(2, 1010, { ttftMs: { p50: 200, p99: 400 }, ...even, failed: 10, completed: 90 }),
      ];
      const all = ["ttft-queueing", "decode-bound", "failures-at-load", "long-tail"];
      expect(run(pts, ["linear", "linear"]).map((f) => f.rule)).toEqual(all);
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
    it.each<[string, SweepPoint[], Want?]>([
      [
        "TTFT ≥ 3× while throughput grows < 25 %: the best pair 8 → 64 (9.0×, +12 %), every point",
        [tt(8, 1000, 300), tt(16, 1080, 700), tt(32, 1110, 1500), tt(64, 1120, 2700)],
        {
          evidence: "P99 TTFT grows 9.0× from concurrency 8 to 64 while throughput grows 12 %",
          pointIndices: [0, 1, 2, 3],
          advice: expect.stringContaining("prefill"),
        },
      ],
      [
        "TTFT growing together with throughput (4×, +300 % from 8 to 64) is not",
        [tt(8, 1000, 300), tt(16, 2000, 500), tt(64, 4000, 1200)],
      ],
      [
        "TTFT exactly 3× is flagged",
        [tt(8, 1000, 100), tt(16, 1000, 300)],
        { evidence: "P99 TTFT grows 3.0× from concurrency 8 to 16 while throughput grows 0 %" },
      ],
      ["TTFT just below 3× is not", [tt(8, 1000, 100), tt(16, 1000, 299.99)]],
      ["throughput growth exactly 25 % is not", [tt(8, 1000, 100), tt(16, 1250, 1000)]],
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
      ["a TTFT of 0 at the lower point is no basis", [tt(1, 1000, 0), tt(2, 1000, 500)]],
      ["a throughput of 0 at the lower point neither", [tt(1, 0, 100), tt(2, -5, 500)]],
      ["nor a negative throughput", [tt(1, -100, 100), tt(2, -100, 500)]],
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
      ],
      ["TTFT falling with load is no queueing", [tt(1, 1000, 900), tt(2, 1000, 100)]],
      ["no TTFT anywhere: no finding", [conc(1, 1000), conc(2, 1000)]],
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
    it.each<[string, SweepPoint[], Want?]>([
      [
        // 16 → 32: throughput +5 %, P50 ITL +5 %, P99/P50 at 32 = 25/21 = 1.19
        "even ITL while throughput stops growing over a load doubling",
        [
          il(16, 2000, { p50: 20, p99: 24 }),
          il(32, 2100, { p50: 21, p99: 25 }),
          il(64, 2150, { p50: 21.5, p99: 26 }),
        ],
        { ...grows(5, 16, 32, "P50 ITL", 5, " (P99/P50 1.19)"), pointIndices: [0, 1] },
      ],
      [
        "ITL rising with load (+100 %) is not",
        [il(16, 2000, { p50: 20, p99: 24 }), il(32, 2100, { p50: 40, p99: 50 })],
      ],
      [
        "throughput still growing (+75 %) is not",
        [il(16, 2000, { p50: 20, p99: 24 }), il(32, 3500, { p50: 21, p99: 25 })],
      ],
      [
        "an uneven ITL (P99/P50 = 2) is not",
        [il(16, 2000, { p50: 20, p99: 40 }), il(32, 2050, { p50: 21, p99: 42 })],
      ],
      [
        "empty ITL blocks fall back to TPOT",
        [
          conc(16, 2000, { itlMs: {}, tpotMs: { p50: 20 } }),
          conc(32, 2000, { itlMs: {}, tpotMs: { p50: 20 } }),
        ],
        grows(0, 16, 32, "P50 TPOT", 0),
      ],
      ["empty ITL and no TPOT: no finding", [il(16, 2000, {}), conc(32, 2000)]],
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
      ],
      ["throughput growth exactly 10 % is not", [p50(16, 1000, 20), p50(32, 1100, 20)]],
      [
        "throughput growth just below 10 % is",
        [p50(16, 1000, 20), p50(32, 1099, 20)],
        grows(10, 16, 32, "P50 ITL", 0),
      ],
      ["ITL growth exactly 30 % is not", [p50(16, 1000, 20), p50(32, 1000, 26)]],
      [
        "ITL growth just below 30 % is (25.8 / 20 − 1 = 29 %)",
        [p50(16, 1000, 20), p50(32, 1000, 25.8)],
        grows(0, 16, 32, "P50 ITL", 29),
      ],
      ["P99/P50 exactly 1.5 at the lower end is uneven", spread(1.5, 1)],
      ["P99/P50 exactly 1.5 at the higher end is uneven", spread(1, 1.5)],
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
      ["a load 1.99× is not", [p50(10, 1000, 20), p50(19.9, 1000, 20)]],
      [
        // 10 → 19.9 is no doubling; 10 → 25 is, but throughput grows 50 %; 19.9 → 40 is flat.
        "the next point at ≥ 2× is taken",
        [10, 19.9, 25, 40].map((c, i) => p50(c, [1000, 1500, 1500, 1500][i]!, 20)),
        { ...grows(0, 19.9, 40, "P50 ITL", 0), pointIndices: [1, 2, 3] },
      ],
      ["a load of 0 is no basis for a doubling", [p50(0, 1000, 20), p50(1, 1000, 20)]],
      [
        "an infinite rate is no basis for a doubling",
        [rate(4, 1000, { itlMs: { p50: 20 } }), rate("inf", 1010, { itlMs: { p50: 20 } })],
      ],
      [
        "a pair with an unknown throughput at the higher load is skipped",
        [p50(8, 1000, 20), p50(16, null, 20), p50(32, 1000, 20)],
      ],
      [
        // Centre is the mean (not every point has P50): 8 has no mean, so 8→16 is skipped.
        "a pair with an unknown ITL is skipped and the next lower point tried",
        [p50(8, 1000, 20), il(16, 1000, { mean: 20 }), il(32, 1000, { mean: 20 })],
        { ...grows(0, 16, 32, "mean ITL", 0), pointIndices: [1, 2] },
      ],
      ["throughput of 0 at the lower load is no basis", [p50(8, 0, 20), p50(16, -5, 20)]],
      ["nor a negative throughput", [p50(8, -1000, 20), p50(16, -1000, 20)]],
      ["nor a negative ITL", [p50(8, 1000, -20), p50(16, 1000, -20)]],
      ["nor an ITL of 0", [p50(8, 1000, 0), p50(16, 1000, -1)]],
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
    it.each<[string, SweepPoint[], Want?]>([
      [
        "failures appearing at a higher load after none: 12 / (388 + 12) = 3 % > 1 %",
        [1, 2, 4, 8].map((c, i) => fl(c, 100 * c, [0, 0, 0, 12][i]!, [200, 200, 200, 388][i]!)),
        {
          evidence:
            "12 of 400 requests (3.0 %) failed at concurrency 8; none failed at concurrency 1 to 4",
          pointIndices: [3],
        },
      ],
      ["0.5 % failed is not flagged", [fl(1, 100, 0, 200), fl(2, 200, 1, 199)]],
      ["failures already at the lowest load are not", [fl(1, 100, 10, 190), fl(2, 200, 12, 190)]],
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
      ["exactly 1 % failed is not flagged", [fl(1, 100, 0, 100), fl(2, 200, 1, 99)]],
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
      ],
      ["lower loads of unknown failures only: no finding", [fl(1, 100, null), fl(2, 200, 10, 90)]],
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
      ],
      ["nor is a negative one", [fl(1, 100, 0), fl(2, 200, -3)]],
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
    const L2: Zone[] = ["linear", "linear"];
    const e2e = (p50: number, p99: number) => ({ e2eMs: { p50, p99 } });
    const tf = (p50: number, p99: number) => ({ ttftMs: { p50, p99 } });
    const at = (c: number, p50: number, p99: number) => conc(c, 100 * c, tf(p50, p99));
    const tail = (c: number, field: string, ratio: string, a: number, b: number) => ({
      evidence: `At concurrency ${c} (linear zone) P99 ${field} is ${ratio}× P50 (${a} ms vs ${b} ms)`,
    });
    const ends = [conc(1, 100, e2e(10, 100)), conc(2, 200, e2e(10, 40))];
    const tie = [conc(1, 100, { ...tf(10, 40), ...e2e(100, 400) }), conc(2, 200, {})];
    const widest = [at(1, 10, 35), conc(2, 200, { ...tf(10, 30), ...e2e(100, 500) })];
    // Efficiency 0.9 then 0.58 with TTFT +10 % and +36 %: every point linear (classifyZones).
    const own = [at(1, 10, 40), conc(2, 190, tf(10, 44)), conc(4, 300, tf(30, 60))];
    const linear = [1, 2, 4, 8].map((c, i) =>
      conc(c, [100, 180, 330, 600][i]!, tf([30, 35, 40, 50][i]!, [100, 115, 135, 160][i]!)),
    );
    it.each<[string, SweepPoint[], Zone[] | undefined, Want?]>([
      [
        // ratios 3.33, 3.29, 3.375, 3.2 (an all-linear curve, see zones tests): the largest at 4
        "P99/P50 ≥ 3 at points of the sweep's own linear zone",
        linear,
        undefined,
        { ...tail(4, "TTFT", "3.4", 135, 40), pointIndices: [0, 1, 2, 3], severity: "info" },
      ],
      [
        "a tight tail (P99/P50 = 1.5) is none",
        linear.map((p) => ({ ...p, ttftMs: tf(p.ttftMs!.p99! / 1.5, p.ttftMs!.p99!).ttftMs })),
        undefined,
      ],
      [
        // saturated from the start (e = 0.1): every point saturated, so no linear point to flag
        "a long tail only in the saturated zone is none",
        [1, 2, 4, 8].map((c, i) =>
          conc(c, [1000, 1100, 1150, 1160][i]!, tf(100, [200, 450, 1000, 2100][i]!)),
        ),
        undefined,
      ],
      ["just below 3× is no long tail", [conc(1, 100, e2e(1000, 2999)), conc(2, 200, {})], L2],
      ["only points in the linear zone count (idle, saturated)", ends, ["idle", "saturated"]],
      [
        "only points in the linear zone count (saturated, linear)",
        ends,
        ["saturated", "linear"],
        { ...tail(2, "E2E", "4.0", 40, 10), pointIndices: [1] },
      ],
      ["a P50 of 0 is skipped (no infinite ratio)", [at(1, 0, 50), conc(2, 200, {})], L2],
      ["ties: TTFT before E2E at one point", tie, L2, tail(1, "TTFT", "4.0", 40, 10)],
      [
        "ties: the first point in load order across points (input order 2, 1)",
        [at(2, 20, 80), at(1, 10, 40)],
        L2,
        { ...tail(1, "TTFT", "4.0", 40, 10), pointIndices: [1, 0] },
      ],
      [
        "the largest ratio is the evidence, whichever field and point it is",
        widest,
        L2,
        { ...tail(2, "E2E", "5.0", 500, 100), pointIndices: [0, 1] },
      ],
      [
        "P50 read from a median",
        [conc(1, 100, { ttftMs: { median: 10, p99: 40 } }), conc(2, 200, {})],
        L2,
        tail(1, "TTFT", "4.0", 40, 10),
      ],
      [
        "without zones given, the sweep's own zones are used",
        own,
        undefined,
        { pointIndices: [0, 1] },
      ],
      ["zones given are used instead", own, ["saturated", "saturated", "saturated"]],
    ])("%s", (_, points, zones, want) => check(points, "long-tail", want, zones));
  });
});
