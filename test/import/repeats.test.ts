/**
 * src/import/repeats.ts: the median over repeated runs of every scalar and statistic, which
 * spreads are called unstable (the 10 % boundary, zero, std and request counts left out), the
 * repeat count, the merged sources and the English warning (expected values worked out by hand);
 * then repeats as the import pipeline meets them (a folder per run, docs/import.md).
 */
import { describe, expect, it } from "vitest";
import { words, FIXTURES, fixture } from "./helpers";
import type { SweepPoint } from "../../src/engine/base/types";
import {
  combineRepeats,
  joinSources,
  loadLabel,
  median,
  pointLoad,
  UNSTABLE_SPREAD,
  unstableMessage,
} from "../../src/import/repeats";
import { importFiles } from "../../src/import/index";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const at4 = (p: Partial<SweepPoint>): SweepPoint => ({ concurrency: 4, requestRate: null, ...p });
/** A point at concurrency 4 with every scalar: rps, output and total tok/s, mean lengths, counts. */
const scalars = (...v: (number | null)[]): SweepPoint => {
  const keys = ["rps", "outputTokensPerSec", "totalTokensPerSec", "meanInputTokens"] as const;
  const more = ["meanOutputTokens", "completed", "failed"] as const;
  return at4(Object.fromEntries([...keys, ...more].map((k, i) => [k, v[i]])));
};

describe("median (numpy's)", () => {
  // Odd count: the middle value after a numeric sort (not a string sort: 9 < 10 < 100); even
  // count: the mean of the two middle values.
  it.each([
    [[100, 9, 10], 10],
    [[7], 7],
    [[3, -1, 2, 50, 4], 3],
    [[40, 10, 30, 20], 25],
    [[5, 1], 3],
    [[100, 9, 10, 8], 9.5],
  ])("%j → %d", (xs, m) => expect(median(xs)).toBe(m));
  it("does not reorder its input", () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toStrictEqual([3, 1, 2]);
  });
});

describe("pointLoad and loadLabel: concurrency, else request rate, else rps (null when absent)", () => {
  const pt = (concurrency: number | null, requestRate: number | "inf" | null, rps?: number) =>
    rps === undefined ? { concurrency, requestRate } : { concurrency, requestRate, rps };
  it.each([
    [pt(8, 2), "concurrency", 8, "concurrency 8"],
    [pt(0, null), "concurrency", 0, "concurrency 0"],
    [pt(null, 2), "requestRate", 2, "request rate 2"],
    [pt(null, "inf"), "requestRate", "inf", "request rate inf"],
    [pt(null, null, 3.1), "rps", 3.1, "rps 3.1"],
    [pt(null, null, 0), "rps", 0, "rps 0"],
    [pt(null, null), "rps", null, "rps null"],
  ])("%j → %s %s, %s", (p, kind, load, label) => {
    expect(pointLoad(p)).toStrictEqual({ kind, load });
    expect(loadLabel(p)).toBe(label);
  });
});

describe("combineRepeats: the median of each scalar and statistic", () => {
  it("every scalar is the median of the repeats that have it; NaN and absent values are left out", () => {
    const a = scalars(1, 10, 100, 1000, 50, 10, 0);
    const b = scalars(3, 30, 300, 3000, 70, 30, 2);
    const c = scalars(NaN, 20, 200, 2000, 60, 20, 1);
    const { point: withSpread } = combineRepeats([a, b, c]);
    // The spread is checked in repeats.test.ts; here the medians.
    const { spread, ...point } = withSpread;
    expect(spread?.rps?.values).toStrictEqual([1, 3]);
    // rps: median of [1, 3] = 2 (NaN left out); the rest: the middle of three
    expect(point).toStrictEqual({
      concurrency: 4,
      requestRate: null,
      rps: 2,
      outputTokensPerSec: 20,
      totalTokensPerSec: 200,
      meanInputTokens: 2000,
      meanOutputTokens: 60,
      completed: 20,
      failed: 1,
      repeats: 3,
    });
  });

  it("a scalar or metric no repeat has stays absent (not NaN, not {})", () => {
    const { point } = combineRepeats([at4({ rps: 1 }), at4({ rps: 1, failed: null })]);
    const { spread, ...rest } = point;
    expect(rest).toStrictEqual({ concurrency: 4, requestRate: null, rps: 1, repeats: 2 });
    expect(Object.keys(spread ?? {})).toStrictEqual(["rps"]);
    expect("ttftMs" in point).toBe(false);
  });

  it("each statistic of each metric is its own median; NaN statistics are left out", () => {
    const { point } = combineRepeats([
      at4({ ttftMs: { p50: 10, p99: 100 }, e2eMs: { mean: 1 }, itlMs: { mean: NaN } }),
      at4({ ttftMs: { p50: 30, p99: 300 }, tpotMs: { mean: 5 }, ntpotMs: { max: 7 } }),
      at4({
        ttftMs: { p50: 20, p90: null as unknown as number, p95: "7" as unknown as number },
        e2eMs: { mean: 3 },
        itlMs: { mean: 4 },
      }),
    ]);
    // ttft p50: median [10, 30, 20] = 20; p99: median [100, 300] = 200; e2e mean: [1, 3] → 2; itl mean: [4]
    expect(point.ttftMs).toStrictEqual({ p50: 20, p99: 200 });
    expect(point.e2eMs).toStrictEqual({ mean: 2 });
    expect(point.itlMs).toStrictEqual({ mean: 4 });
    expect(point.tpotMs).toStrictEqual({ mean: 5 });
    expect(point.ntpotMs).toStrictEqual({ max: 7 });
  });

  it("the load keys come from the first repeat", () => {
    const { point } = combineRepeats([
      { concurrency: null, requestRate: "inf", rps: 1 },
      { concurrency: null, requestRate: "inf", rps: 1 },
    ]);
    expect([point.concurrency, point.requestRate]).toStrictEqual([null, "inf"]);
  });

  it("repeats adds up the repeats of points already combined (a point without `repeats` is one run)", () => {
    expect(combineRepeats([at4({ repeats: 2 }), at4({}), at4({ repeats: 3 })]).point.repeats).toBe(
      6,
    );
    expect(combineRepeats([at4({}), at4({})]).point.repeats).toBe(2);
  });
});

describe("combineRepeats: which spreads are unstable (over 10 %)", () => {
  it("UNSTABLE_SPREAD is 10 %", () => expect(UNSTABLE_SPREAD).toBe(0.1));

  it("exactly 10 % apart is not unstable (100 and 110; 10 and 11; 0.3 and 0.33), just over is", () => {
    // 110 / 100 − 1 is 0.10000000000000009 in binary: binary noise must not make 10 % "more than 10 %".
    for (const [lo, hi] of [
      [100, 110],
      [10, 11],
      [0.3, 0.33],
      [1000, 1100],
      [2.5, 2.75],
    ] as const) {
      expect(
        combineRepeats([at4({ rps: lo }), at4({ rps: hi })]).unstable,
        `${lo}–${hi}`,
      ).toStrictEqual([]);
    }
    expect(combineRepeats([at4({ rps: 100 }), at4({ rps: 110.001 })]).unstable).toStrictEqual([
      { name: "rps", min: 100, max: 110.001, unit: " req/s" },
    ]);
    expect(combineRepeats([at4({ rps: 10 }), at4({ rps: 11.0001 })]).unstable).toHaveLength(1);
  });

  it("just below 10 % is stable", () => {
    expect(combineRepeats([at4({ rps: 100 }), at4({ rps: 109.999 })]).unstable).toStrictEqual([]);
  });

  it("min and max over all repeats, whatever their order: [105, 100, 111, 103] → 100–111", () => {
    const { unstable } = combineRepeats(
      [105, 100, 111, 103].map((v) => at4({ ttftMs: { p99: v } })),
    );
    expect(unstable).toStrictEqual([{ name: "ttft p99", min: 100, max: 111, unit: " ms" }]);
    const down = combineRepeats([111, 105, 103, 100].map((v) => at4({ ttftMs: { p99: v } })));
    expect(down.unstable).toStrictEqual([{ name: "ttft p99", min: 100, max: 111, unit: " ms" }]);
  });

  it("each checked scalar with its unit; request counts and std are never called unstable", () => {
    const a = { ...scalars(1, 10, 100, 1000, 50, 10, 1), e2eMs: { std: 1, mean: 5 } };
    const b = { ...scalars(2, 20, 200, 2000, 100, 20, 9), e2eMs: { std: 50, mean: 5 } };
    expect(combineRepeats([a, b]).unstable).toStrictEqual([
      { name: "rps", min: 1, max: 2, unit: " req/s" },
      { name: "outputTokensPerSec", min: 10, max: 20, unit: " tok/s" },
      { name: "totalTokensPerSec", min: 100, max: 200, unit: " tok/s" },
      { name: "meanInputTokens", min: 1000, max: 2000, unit: " tokens" },
      { name: "meanOutputTokens", min: 50, max: 100, unit: " tokens" },
    ]);
  });

  it("every metric's statistics are checked, named `<metric> <stat>` in ms", () => {
    const [a, b] = [1, 2].map((v) =>
      at4({
        ttftMs: { mean: v },
        itlMs: { p50: v },
        tpotMs: { max: v },
        ntpotMs: { min: v },
        e2eMs: { "p99.9": v },
      }),
    );
    expect(combineRepeats([a!, b!]).unstable.map((u) => `${u.name}${u.unit}`)).toStrictEqual(
      words("ttft mean ms|itl p50 ms|tpot max ms|ntpot min ms|e2e p99.9 ms"),
    );
  });

  it("a value of 0 or below makes no ratio: not called unstable", () => {
    expect(combineRepeats([at4({ rps: 0 }), at4({ rps: 5 })]).unstable).toStrictEqual([]);
    expect(
      combineRepeats([at4({ ttftMs: { min: -1 } }), at4({ ttftMs: { min: 5 } })]).unstable,
    ).toStrictEqual([]);
  });

  it("one repeat having a value is not a spread", () => {
    expect(combineRepeats([at4({ rps: 1 }), at4({})]).unstable).toStrictEqual([]);
  });
});

describe("joinSources", () => {
  it("each file/line/record once, in order; undefined when none has sources", () => {
    const a = at4({
      sources: [
        { file: "a.csv", line: 2 },
        { file: "a.csv", line: 3 },
      ],
    });
    const b = at4({
      sources: [
        { file: "a.csv", line: 2 },
        { file: "b.json", record: 1 },
        { file: "b.json", record: 2 },
        { file: "b.json" },
      ],
    });
    const c = at4({ sources: [{ file: "b.json", record: 1 }, { file: "b.json" }] });
    expect(joinSources([a, b, c])).toStrictEqual([
      { file: "a.csv", line: 2 },
      { file: "a.csv", line: 3 },
      { file: "b.json", record: 1 },
      { file: "b.json", record: 2 },
      { file: "b.json" },
    ]);
    expect(joinSources([at4({}), at4({ sources: [] })])).toBeUndefined();
  });

  it("a line number and a record number of the same value are different sources", () => {
    expect(
      joinSources([
        at4({
          sources: [
            { file: "x", line: 1 },
            { file: "x", record: 1 },
          ],
        }),
      ]),
    ).toStrictEqual([
      { file: "x", line: 1 },
      { file: "x", record: 1 },
    ]);
  });

  it("combineRepeats carries the joined sources, and none when the repeats have none", () => {
    const { point } = combineRepeats([
      at4({ sources: [{ file: "r1/c4.json" }] }),
      at4({ sources: [{ file: "r2/c4.json" }] }),
    ]);
    expect(point.sources).toStrictEqual([{ file: "r1/c4.json" }, { file: "r2/c4.json" }]);
    expect("sources" in combineRepeats([at4({}), at4({})]).point).toBe(false);
  });
});

describe("unstableMessage (English)", () => {
  const s = (name: string, min: number, max: number, unit = " ms") => ({ name, min, max, unit });

  it("widest spread first, at most three named, the rest counted; integers as is, others to 4 significant digits", () => {
    const msg = unstableMessage(at4({}), 3, [
      s("ttft p99", 100, 120),
      s("rps", 1.23456, 2.5, " req/s"),
      s("e2e mean", 10, 30),
      s("itl p50", 1, 1.15),
    ]);
    expect(msg).toBe(
      "concurrency 4: the 3 repeated runs differ by more than 10 %: e2e mean 10–30 ms (+200 %), rps 1.235–2.5 req/s (+103 %), ttft p99 100–120 ms (+20 %), and 1 other statistic(s); the point holds their median (the runs were not stable: warm-up, noisy neighbour?)",
    );
  });

  it("leaves the caller's list of spreads in its order", () => {
    const list = [s("a", 1, 1.2), s("b", 1, 3)];
    unstableMessage(at4({}), 2, list);
    expect(list.map((x) => x.name)).toStrictEqual(["a", "b"]);
  });

  it("three or fewer: no 'other statistic(s)'; the percentage rounded", () => {
    const msg = unstableMessage({ concurrency: null, requestRate: 2 }, 2, [
      s("ttft mean", 100, 111.6),
    ]);
    expect(msg).toBe(
      "request rate 2: the 2 repeated runs differ by more than 10 %: ttft mean 100–111.6 ms (+12 %); the point holds their median (the runs were not stable: warm-up, noisy neighbour?)",
    );
  });
});

const C16 =
  "vllm/concurrency-sweep-h100/vllm-infqps-concurrency16-Llama-3.1-8B-Instruct-20250612-100829.json";

describe("repeated runs (docs/import.md)", () => {
  it("two run folders with the same load level are repeats: median, repeats 2, no replacement", () => {
    const a = JSON.parse(fixture(C16)) as Record<string, number>;
    const b = {
      ...a,
      mean_ttft_ms: a.mean_ttft_ms! * 3,
      request_throughput: a.request_throughput! * 1.05,
    };
    const r = importFiles([
      { name: "run1/c16.json", text: JSON.stringify(a) },
      { name: "run2/c16.json", text: JSON.stringify(b) },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.sweeps).toHaveLength(1);
    const p = r.sweeps[0]!.points[0]!;
    expect(r.sweeps[0]!.points).toHaveLength(1);
    expect(p.repeats).toBe(2);
    expect(p.ttftMs!.mean).toBeCloseTo(a.mean_ttft_ms! * 2, 9);
    expect(p.rps).toBeCloseTo(a.request_throughput! * 1.025, 9);
    // ttft mean ×3 (+200 %) is unstable; rps +5 % is not named
    const w = r.warnings.find((x) => x.code === "unstable-repeats")!;
    expect(w.message).toMatch(
      /^concurrency 16: the 2 repeated runs differ by more than 10 %: ttft mean .* \(\+200 %\)/,
    );
    expect(w.message).not.toContain("rps");
    expect(r.sweeps[0]!.source.files).toEqual(["run1/c16.json", "run2/c16.json"]);
  });

  it("three repeats take the middle value of each statistic independently", () => {
    const pt = (ttft: number, rps: number) => ({
      concurrency: 4,
      requestRate: null,
      rps,
      ttftMs: { p99: ttft },
    });
    const { point, unstable } = combineRepeats([pt(100, 3), pt(300, 1), pt(200, 2)]);
    expect(point.ttftMs).toEqual({ p99: 200 });
    expect(point).toMatchObject({ rps: 2, repeats: 3 });
    expect(unstable.map((u) => u.name).sort()).toEqual(["rps", "ttft p99"]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("combineRepeats: spread (docs/uncertainty.md)", () => {
  it("keeps each field's n, mean, std and t-interval over the runs", () => {
    const run = (tps: number, p99: number): SweepPoint => ({
      concurrency: 8,
      requestRate: null,
      outputTokensPerSec: tps,
      ttftMs: { p99 },
    });
    const { point } = combineRepeats([run(1450, 90), run(1500, 100), run(1550, 110)]);
    const s = point.spread!.outputTokensPerSec!;
    // mean 1500, std 50, t(0.975, 2) = 4.302652729749462: ± 124.2068856.
    expect(s).toMatchObject({ n: 3, mean: 1500 });
    expect(s.lo).toBeCloseTo(1375.7931144, 6);
    expect(s.hi).toBeCloseTo(1624.2068856, 6);
    expect(point.spread!.ttftMs!.p99!.values).toEqual([90, 100, 110]);
    expect(point.spread!.ttftMs!.p99!.hi).toBeCloseTo(100 + 24.84137712, 6);
    // Request counts are not a measurement: no spread.
    expect(point.spread).not.toHaveProperty("completed");
  });
  it("is kept on import of a folder per run (fixtures/vllm/repeats-h100: 3 and 5 runs)", () => {
    const dir = join(FIXTURES, "vllm/repeats-h100");
    const inputs = readdirSync(dir).flatMap((run) =>
      readdirSync(join(dir, run)).map((f) => ({
        name: `${run}/${f}`,
        text: readFileSync(join(dir, run, f), "utf8"),
      })),
    );
    const r = importFiles(inputs);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const pts = r.sweeps[0]!.points;
    expect(pts.map((p) => [p.concurrency, p.repeats, p.spread?.outputTokensPerSec?.n])).toEqual([
      [1, 3, 3],
      [4, 3, 3],
      [16, 5, 5],
      [64, 5, 5],
    ]);
    // Concurrency 16: 1662.06 × (0.985, 0.995, 1, 1.008, 1.012).
    const s = pts[2]!.spread!.outputTokensPerSec!;
    expect(s.mean).toBeCloseTo(1662.061371616147 * 1, 6);
    expect(pts[2]!.spread!.ttftMs!.p99!.values.filter((v) => v > 200)).toHaveLength(1);
  });
});
