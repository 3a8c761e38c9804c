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
import { readdirSync } from "node:fs";
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
    [[4, 1, 3, 2], 2.5],
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
    const { spread, ...point } = combineRepeats([a, b, c]).point;
    expect(spread?.rps?.values).toStrictEqual([1, 3]);
    // rps: median of [1, 3] = 2 (NaN left out); the rest: the middle of three
    expect(point).toStrictEqual({ ...scalars(2, 20, 200, 2000, 60, 20, 1), repeats: 3 });
  });

  it("a scalar or metric no repeat has stays absent (not NaN, not {})", () => {
    const { point } = combineRepeats([at4({ rps: 1 }), at4({ rps: 1, failed: null })]);
    const { spread, ...rest } = point;
    expect(rest).toStrictEqual({ concurrency: 4, requestRate: null, rps: 1, repeats: 2 });
    expect(Object.keys(spread ?? {})).toStrictEqual(["rps"]);
    expect("ttftMs" in point).toBe(false);
  });

  it("each statistic of each metric is its own median; NaN statistics are left out", () => {
    const odd = { p90: null as unknown as number, p95: "7" as unknown as number };
    const { point } = combineRepeats([
      at4({ ttftMs: { p50: 10, p99: 100 }, e2eMs: { mean: 1 }, itlMs: { mean: NaN } }),
      at4({ ttftMs: { p50: 30, p99: 300 }, tpotMs: { mean: 5 }, ntpotMs: { max: 7 } }),
      at4({ ttftMs: { p50: 20, ...odd }, e2eMs: { mean: 3 }, itlMs: { mean: 4 } }),
    ]);
    // ttft p50: median [10, 30, 20] = 20; p99: median [100, 300] = 200; e2e mean: [1, 3] → 2; itl mean: [4]
    const { ttftMs, e2eMs, itlMs, tpotMs, ntpotMs } = point;
    expect({ ttftMs, e2eMs, itlMs, tpotMs, ntpotMs }).toStrictEqual({
      ttftMs: { p50: 20, p99: 200 },
      e2eMs: { mean: 2 },
      itlMs: { mean: 4 },
      tpotMs: { mean: 5 },
      ntpotMs: { max: 7 },
    });
  });

  it("the load keys come from the first repeat; repeats adds up the repeats of points already combined (a point without `repeats` is one run)", () => {
    const inf = { concurrency: null, requestRate: "inf" as const, rps: 1 };
    const { point } = combineRepeats([inf, inf]);
    expect([point.concurrency, point.requestRate]).toStrictEqual([null, "inf"]);
    const six = combineRepeats([at4({ repeats: 2 }), at4({}), at4({ repeats: 3 })]).point.repeats;
    expect([six, combineRepeats([at4({}), at4({})]).point.repeats]).toStrictEqual([6, 2]);
  });

  it("three repeats take the middle value of each statistic independently", () => {
    const pt = (ttft: number, rps: number) => at4({ rps, ttftMs: { p99: ttft } });
    const { point, unstable } = combineRepeats([pt(100, 3), pt(300, 1), pt(200, 2)]);
    expect(point.ttftMs).toEqual({ p99: 200 });
    expect(point).toMatchObject({ rps: 2, repeats: 3 });
    expect(unstable.map((u) => u.name).sort()).toEqual(["rps", "ttft p99"]);
  });
});

describe("combineRepeats: which spreads are unstable (over 10 %)", () => {
  it("UNSTABLE_SPREAD is 10 %", () => expect(UNSTABLE_SPREAD).toBe(0.1));

  const rps = (...vs: number[]) => vs.map((v) => at4({ rps: v }));
  const p99 = (...vs: number[]) => vs.map((v) => at4({ ttftMs: { p99: v } }));
  const u = (name: string, min: number, max: number, unit = " ms") => ({ name, min, max, unit });
  const statsAt = (v: number) => {
    const stats = { ttftMs: { mean: v }, itlMs: { p50: v }, tpotMs: { max: v } };
    return at4({ ...stats, ntpotMs: { min: v }, e2eMs: { "p99.9": v } });
  };
  // Exactly 10 % apart is not unstable: 110 / 100 − 1 is 0.10000000000000009 in binary, and binary
  // noise must not make 10 % "more than 10 %". Min and max are over all repeats, whatever their order.
  it.each([
    ["exactly 10 %: 100 and 110", rps(100, 110), []],
    ["exactly 10 %: 10 and 11", rps(10, 11), []],
    ["exactly 10 %: 0.3 and 0.33", rps(0.3, 0.33), []],
    ["exactly 10 %: 1000 and 1100", rps(1000, 1100), []],
    ["exactly 10 %: 2.5 and 2.75", rps(2.5, 2.75), []],
    ["just over 10 %: 100 and 110.001", rps(100, 110.001), [u("rps", 100, 110.001, " req/s")]],
    ["just over 10 %: 10 and 11.0001", rps(10, 11.0001), [u("rps", 10, 11.0001, " req/s")]],
    ["just below 10 %: 100 and 109.999", rps(100, 109.999), []],
    ["[105, 100, 111, 103] → 100–111", p99(105, 100, 111, 103), [u("ttft p99", 100, 111)]],
    ["[111, 105, 103, 100] → 100–111", p99(111, 105, 103, 100), [u("ttft p99", 100, 111)]],
    [
      "each checked scalar with its unit; request counts and std are never called unstable",
      [
        { ...scalars(1, 10, 100, 1000, 50, 10, 1), e2eMs: { std: 1, mean: 5 } },
        { ...scalars(2, 20, 200, 2000, 100, 20, 9), e2eMs: { std: 50, mean: 5 } },
      ],
      [
        u("rps", 1, 2, " req/s"),
        u("outputTokensPerSec", 10, 20, " tok/s"),
        u("totalTokensPerSec", 100, 200, " tok/s"),
        u("meanInputTokens", 1000, 2000, " tokens"),
        u("meanOutputTokens", 50, 100, " tokens"),
      ],
    ],
    [
      "every metric's statistics are checked, named `<metric> <stat>` in ms",
      [statsAt(1), statsAt(2)],
      words("ttft mean|itl p50|tpot max|ntpot min|e2e p99.9").map((n) => u(n, 1, 2)),
    ],
    ["a value of 0 makes no ratio", rps(0, 5), []],
    ["a value below 0 makes no ratio", [-1, 5].map((v) => at4({ ttftMs: { min: v } })), []],
    ["one repeat having a value is not a spread", [at4({ rps: 1 }), at4({})], []],
  ] as [string, SweepPoint[], object[]][])("%s", (_name, points, unstable) => {
    expect(combineRepeats(points).unstable).toStrictEqual(unstable);
  });
});

describe("joinSources", () => {
  const L = (file: string, line: number) => ({ file, line });
  const R = (file: string, record: number) => ({ file, record });
  const withSources = (...lists: NonNullable<SweepPoint["sources"]>[]) =>
    lists.map((sources) => at4({ sources }));
  it.each([
    [
      "each file/line/record once, in order",
      withSources(
        [L("a.csv", 2), L("a.csv", 3)],
        [L("a.csv", 2), R("b.json", 1), R("b.json", 2), { file: "b.json" }],
        [R("b.json", 1), { file: "b.json" }],
      ),
      [L("a.csv", 2), L("a.csv", 3), R("b.json", 1), R("b.json", 2), { file: "b.json" }],
    ],
    ["undefined when none has sources", [at4({}), at4({ sources: [] })], undefined],
    [
      "a line number and a record number of the same value are different sources",
      withSources([L("x", 1), R("x", 1)]),
      [L("x", 1), R("x", 1)],
    ],
  ] as [string, SweepPoint[], unknown][])("%s", (_name, points, joined) => {
    expect(joinSources(points)).toStrictEqual(joined);
  });

  it("combineRepeats carries the joined sources, and none when the repeats have none", () => {
    const runs = withSources([{ file: "r1/c4.json" }], [{ file: "r2/c4.json" }]);
    const { point } = combineRepeats(runs);
    expect(point.sources).toStrictEqual([{ file: "r1/c4.json" }, { file: "r2/c4.json" }]);
    expect("sources" in combineRepeats([at4({}), at4({})]).point).toBe(false);
  });
});

describe("unstableMessage (English)", () => {
  const s = (name: string, min: number, max: number, unit = " ms") => ({ name, min, max, unit });
  const TAIL = "the point holds their median (the runs were not stable: warm-up, noisy neighbour?)";

  // biome-ignore format: a case table, one row a line
  it.each([
    ["widest spread first, at most three named, the rest counted; integers as is, others to 4 significant digits", at4({}), 3, [s("ttft p99", 100, 120), s("rps", 1.23456, 2.5, " req/s"), s("e2e mean", 10, 30), s("itl p50", 1, 1.15)], `concurrency 4: the 3 repeated runs differ by more than 10 %: e2e mean 10–30 ms (+200 %), rps 1.235–2.5 req/s (+103 %), ttft p99 100–120 ms (+20 %), and 1 other statistic(s); ${TAIL}`],
    ["three or fewer: no 'other statistic(s)'; the percentage rounded", { concurrency: null, requestRate: 2 }, 2, [s("ttft mean", 100, 111.6)], `request rate 2: the 2 repeated runs differ by more than 10 %: ttft mean 100–111.6 ms (+12 %); ${TAIL}`],
  ] as [string, SweepPoint, number, ReturnType<typeof s>[], string][])("%s", (_name, p, n, list, msg) => {
    expect(unstableMessage(p, n, list)).toBe(msg);
  });

  it("leaves the caller's list of spreads in its order", () => {
    const list = [s("a", 1, 1.2), s("b", 1, 3)];
    unstableMessage(at4({}), 2, list);
    expect(list.map((x) => x.name)).toStrictEqual(["a", "b"]);
  });
});

const C16 =
  "vllm/concurrency-sweep-h100/vllm-infqps-concurrency16-Llama-3.1-8B-Instruct-20250612-100829.json";

describe("repeated runs (docs/import.md)", () => {
  it("two run folders with the same load level are repeats: median, repeats 2, no replacement", () => {
    const a = JSON.parse(fixture(C16)) as Record<string, number>;
    const { mean_ttft_ms: ttft, request_throughput: rps } = a;
    const b = { ...a, mean_ttft_ms: ttft! * 3, request_throughput: rps! * 1.05 };
    const text = (v: object) => JSON.stringify(v);
    const r = importFiles([a, b].map((v, i) => ({ name: `run${i + 1}/c16.json`, text: text(v) })));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = r.sweeps[0]!.points[0]!;
    expect([r.sweeps.length, r.sweeps[0]!.points.length, p.repeats]).toEqual([1, 1, 2]);
    expect(p.ttftMs!.mean).toBeCloseTo(ttft! * 2, 9);
    expect(p.rps).toBeCloseTo(rps! * 1.025, 9);
    // ttft mean ×3 (+200 %) is unstable; rps +5 % is not named
    const w = r.warnings.find((x) => x.code === "unstable-repeats")!;
    expect(w.message).toMatch(
      /^concurrency 16: the 2 repeated runs differ by more than 10 %: ttft mean .* \(\+200 %\)/,
    );
    expect(w.message).not.toContain("rps");
    expect(r.sweeps[0]!.source.files).toEqual(["run1/c16.json", "run2/c16.json"]);
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
    const dir = "vllm/repeats-h100";
    const inputs = readdirSync(join(FIXTURES, dir)).flatMap((run) =>
      readdirSync(join(FIXTURES, dir, run)).map((f) => ({
        name: `${run}/${f}`,
        text: fixture(`${dir}/${run}/${f}`),
      })),
    );
    const r = importFiles(inputs);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const pts = r.sweeps[0]!.points;
    const rows = pts.map((p) => `${p.concurrency} ${p.repeats} ${p.spread?.outputTokensPerSec?.n}`);
    expect(rows).toEqual(["1 3 3", "4 3 3", "16 5 5", "64 5 5"]);
    // Concurrency 16: 1662.06 × (0.985, 0.995, 1, 1.008, 1.012).
    const s = pts[2]!.spread!.outputTokensPerSec!;
    expect(s.mean).toBeCloseTo(1662.061371616147 * 1, 6);
    expect(pts[2]!.spread!.ttftMs!.p99!.values.filter((v) => v > 200)).toHaveLength(1);
  });
});
