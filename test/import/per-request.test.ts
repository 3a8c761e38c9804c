/**
 * src/import/per-request.ts: how per-request records become the numbers of a load level —
 * grouping, derived TPOT/NTPOT, the duration behind rps and tokens/s, failed requests, pooled ITL
 * gaps (every expected value worked out by hand in the comment next to it) — and the columns kept
 * in blocks and summarised in shared buffers (docs/import-speed.md), whose statistics must be
 * those of `summarize` over the plain array, bit for bit, whatever the column length.
 */
import { describe, expect, it } from "vitest";
import { RequestAggregator, type RequestRecord } from "../../src/import/per-request";
import { RADIX_MIN, summarize } from "../../src/engine/curve/stats";

const ok = (r: Omit<RequestRecord, "ok">): RequestRecord => ({ ok: true, ...r });

describe("RequestAggregator: grouping by load level", () => {
  it("consecutive records of two request rates at the same concurrency stay apart", () => {
    const agg = new RequestAggregator();
    agg.add(null, 1, ok({ ttftMs: 10 }));
    agg.add(null, 2, ok({ ttftMs: 20 }));
    agg.add(null, 2, ok({ ttftMs: 30 }));
    agg.add(null, "inf", ok({ ttftMs: 99 }));
    const pts = agg.finish();
    expect(
      pts.map((p) => [p.concurrency, p.requestRate, p.completed, p.ttftMs!.mean]),
    ).toStrictEqual([
      [null, 1, 1, 10],
      [null, 2, 2, 25],
      [null, "inf", 1, 99],
    ]);
  });

  it("consecutive records of two concurrencies stay apart; a level seen again later joins its group", () => {
    const agg = new RequestAggregator();
    agg.add(4, null, ok({ ttftMs: 1 }));
    agg.add(8, null, ok({ ttftMs: 2 }));
    agg.add(4, null, ok({ ttftMs: 3 }));
    const pts = agg.finish();
    expect(
      pts.map((p) => [p.concurrency, p.completed, p.ttftMs!.min, p.ttftMs!.max]),
    ).toStrictEqual([
      [4, 2, 1, 3],
      [8, 1, 2, 2],
    ]);
  });
});

describe("RequestAggregator: derived per-request TPOT and NTPOT", () => {
  it("TPOT = (e2e − ttft)/(out − 1), NTPOT = e2e/out when absent: e2e 900, ttft 100, 9 tokens → 100 and 100", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ ttftMs: 100, e2eMs: 900, outputTokens: 9 }));
    // (900 − 100) / (9 − 1) = 100; 900 / 9 = 100
    agg.add(1, null, ok({ ttftMs: 50, e2eMs: 1050, outputTokens: 5 }));
    // (1050 − 50) / 4 = 250; 1050 / 5 = 210
    const p = agg.finish()[0]!;
    expect(p).toMatchObject({ tpotMs: { min: 100, max: 250 }, ntpotMs: { min: 100, max: 210 } });
  });

  it("given TPOT and NTPOT are kept as they are, not derived", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ ttftMs: 100, e2eMs: 900, outputTokens: 9, tpotMs: 7, ntpotMs: 11 }));
    const p = agg.finish()[0]!;
    expect(p.tpotMs).toMatchObject({ mean: 7, min: 7, max: 7 });
    expect(p.ntpotMs).toMatchObject({ mean: 11, min: 11, max: 11 });
  });

  it("no TPOT from one output token (nothing after the first) nor from zero; no NTPOT from zero or negative tokens", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ ttftMs: 100, e2eMs: 100, outputTokens: 1 }));
    agg.add(1, null, ok({ ttftMs: 100, e2eMs: 300, outputTokens: 0 }));
    agg.add(1, null, ok({ ttftMs: 100, e2eMs: 300, outputTokens: -2 }));
    const p = agg.finish()[0]!;
    expect(p.tpotMs).toBeUndefined();
    // Only the first record gives an NTPOT: 100 / 1.
    expect(p.ntpotMs).toMatchObject({ mean: 100, min: 100, max: 100 });
  });

  it("TPOT needs e2e, ttft and tokens; NTPOT needs e2e and tokens", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ e2eMs: 600, outputTokens: 3 })); // ntpot 200, no tpot (no ttft)
    agg.add(1, null, ok({ ttftMs: 100, outputTokens: 3 })); // neither (no e2e)
    agg.add(1, null, ok({ ttftMs: 100, e2eMs: 600 })); // neither (no tokens)
    agg.add(1, null, ok({ ttftMs: NaN, e2eMs: 600, outputTokens: Infinity })); // neither (not finite)
    agg.add(1, null, ok({ ttftMs: 100, e2eMs: 600, outputTokens: Infinity })); // neither: not 0 per token
    const p = agg.finish()[0]!;
    expect(p.tpotMs).toBeUndefined();
    expect(p.ntpotMs).toStrictEqual({
      mean: 200,
      min: 200,
      max: 200,
      p50: 200,
      p90: 200,
      p95: 200,
      p99: 200,
      "p99.9": 200,
    });
  });
});

describe("RequestAggregator: rps and tokens/s from the span of the timestamps or a given duration", () => {
  it("span from the earliest start to the latest end: 3 requests in 0 … 2,000 ms → 1.5 req/s, tokens 30 + 50 in", () => {
    const agg = new RequestAggregator();
    agg.add(2, null, ok({ startMs: 500, endMs: 1500, outputTokens: 10, inputTokens: 20 }));
    agg.add(2, null, ok({ startMs: 0, endMs: 1000, outputTokens: 10, inputTokens: 20 }));
    agg.add(2, null, ok({ startMs: 1000, endMs: 2000, outputTokens: 10, inputTokens: 10 }));
    // A request without timestamps counts but does not change the span.
    agg.add(2, null, ok({}));
    const p = agg.finish()[0]!;
    // 4 / 2 s; 30 output tokens / 2 s = 15; (30 + 50) / 2 s = 40
    expect(p).toMatchObject({ rps: 2, outputTokensPerSec: 15, totalTokensPerSec: 40 });
    expect(p.meanInputTokens).toBeCloseTo(50 / 3, 12);
    expect(p.meanOutputTokens).toBe(10);
  });

  it("failed requests widen the span and are counted, but not in rps or the statistics", () => {
    const agg = new RequestAggregator();
    agg.add(2, null, ok({ startMs: 0, endMs: 1000, ttftMs: 5, outputTokens: 4 }));
    agg.add(2, null, { ok: false, startMs: 1000, endMs: 4000, ttftMs: 999, outputTokens: 100 });
    const p = agg.finish()[0]!;
    // 1 completed / 4 s; 4 tokens / 4 s
    expect(p).toMatchObject({ completed: 1, failed: 1, rps: 0.25, outputTokensPerSec: 1 });
    expect(p).toMatchObject({ ttftMs: { max: 5 }, meanOutputTokens: 4 });
  });

  it("a given duration wins over the timestamps; without either there is no rate", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ startMs: 0, endMs: 1000, outputTokens: 8 }));
    agg.add(2, null, ok({ startMs: 0, endMs: 1000, outputTokens: 8 }));
    agg.add(3, null, ok({ outputTokens: 8, inputTokens: 2 }));
    const pts = agg.finish((c) => (c === 1 ? 4 : undefined));
    // c1: 1 / 4 s (given); c2: 1 / 1 s (span); c3: no timestamps, no duration
    expect(pts.map((p) => [p.rps, p.outputTokensPerSec, p.totalTokensPerSec])).toStrictEqual([
      [0.25, 2, undefined],
      [1, 8, undefined],
      [undefined, undefined, undefined],
    ]);
    expect(pts[2]).toMatchObject({ meanOutputTokens: 8, meanInputTokens: 2 });
  });

  it("a given duration of 0 or less falls back to the timestamps", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ startMs: 0, endMs: 500 }));
    agg.add(2, null, ok({ startMs: 0, endMs: 500 }));
    agg.add(3, null, ok({ outputTokens: 5 }));
    const pts = agg.finish((c) => (c === 1 ? 0 : -3));
    // No timestamps to fall back to for c3: no rate at all (not −1/3 req/s).
    expect(pts.map((p) => [p.rps, p.outputTokensPerSec])).toStrictEqual([
      [2, undefined],
      [2, undefined],
      [undefined, undefined],
    ]);
  });

  it("the duration function is asked with the level's concurrency and request rate", () => {
    const agg = new RequestAggregator();
    agg.add(null, 5, ok({}));
    const asked: unknown[] = [];
    agg.finish((c, r) => {
      asked.push([c, r]);
      return 2;
    });
    expect(asked).toStrictEqual([[null, 5]]);
  });

  it("only starts, only ends, or a zero span give no rate", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ startMs: 0 }));
    agg.add(1, null, ok({ startMs: 1000 }));
    agg.add(2, null, ok({ endMs: 0 }));
    agg.add(2, null, ok({ endMs: 1000 }));
    agg.add(3, null, ok({ startMs: 700, endMs: 700 }));
    for (const p of agg.finish()) expect(p.rps, `c${p.concurrency}`).toBeUndefined();
  });

  it("timestamps before the epoch count (negative start): −1,000 … 1,000 ms is 2 s", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ startMs: -1000, endMs: 0 }));
    agg.add(1, null, ok({ startMs: 0, endMs: 1000 }));
    expect(agg.finish()[0]!.rps).toBe(1);
  });

  it("no tokens counted: no tokens/s; output but no input tokens: no total tokens/s", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ startMs: 0, endMs: 1000 }));
    agg.add(2, null, ok({ startMs: 0, endMs: 1000, outputTokens: 6 }));
    agg.add(3, null, ok({ startMs: 0, endMs: 1000, inputTokens: 6 }));
    const [a, b, c] = agg.finish();
    expect([
      a!.rps,
      a!.outputTokensPerSec,
      a!.totalTokensPerSec,
      a!.meanOutputTokens,
      a!.meanInputTokens,
    ]).toStrictEqual([1, undefined, undefined, undefined, undefined]);
    expect([b!.outputTokensPerSec, b!.totalTokensPerSec, b!.meanInputTokens]).toStrictEqual([
      6,
      undefined,
      undefined,
    ]);
    expect([c!.outputTokensPerSec, c!.totalTokensPerSec, c!.meanInputTokens]).toStrictEqual([
      undefined,
      undefined,
      6,
    ]);
  });
});

describe("RequestAggregator: ITL gaps and absent values", () => {
  it("ITL pools every finite gap of every request: [10, 20] and [30, NaN, 40] → 10, 20, 30, 40", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ itlGapsMs: [10, 20] }));
    agg.add(1, null, ok({ itlGapsMs: Float64Array.of(30, NaN, 40) }));
    agg.add(1, null, ok({}));
    const p = agg.finish()[0]!;
    // mean 25; p50: h = 1.5 → 25; std √((225 + 25 + 25 + 225)/3)
    expect(p.itlMs).toMatchObject({ mean: 25, min: 10, max: 40, p50: 25 });
    expect(p.itlMs!.std).toBeCloseTo(Math.sqrt(500 / 3), 12);
  });

  it("a level with only failed requests: counts, no statistics, no mean tokens", () => {
    const agg = new RequestAggregator();
    agg.add(4, null, { ok: false, ttftMs: 5, e2eMs: 9, outputTokens: 3, inputTokens: 3 });
    expect(agg.finish()).toStrictEqual([
      { concurrency: 4, requestRate: null, completed: 0, failed: 1 },
    ]);
  });

  it("a record without values adds to completed only", () => {
    const agg = new RequestAggregator();
    agg.add(4, null, ok({ ttftMs: undefined, e2eMs: Infinity, inputTokens: -Infinity }));
    expect(agg.finish()).toStrictEqual([
      { concurrency: 4, requestRate: null, completed: 1, failed: 0 },
    ]);
  });

  it("every metric of a level summarised: ttft, itl, tpot, ntpot, e2e (hand values on three requests)", () => {
    const agg = new RequestAggregator();
    agg.add(1, null, ok({ ttftMs: 10, e2eMs: 110, outputTokens: 11, itlGapsMs: [10] }));
    agg.add(1, null, ok({ ttftMs: 20, e2eMs: 220, outputTokens: 11, itlGapsMs: [20] }));
    agg.add(1, null, ok({ ttftMs: 30, e2eMs: 330, outputTokens: 11, itlGapsMs: [30] }));
    const p = agg.finish()[0]!;
    // tpot: 100/10, 200/10, 300/10 = 10, 20, 30; ntpot: 10, 20, 30; e2e 110, 220, 330
    expect(p.ttftMs).toMatchObject({ mean: 20, p50: 20, std: 10 });
    expect(p.itlMs).toMatchObject({ mean: 20, p50: 20, std: 10 });
    expect(p.tpotMs).toMatchObject({ mean: 20, p50: 20, std: 10 });
    expect(p.ntpotMs).toMatchObject({ mean: 20, p50: 20, std: 10 });
    expect(p.e2eMs).toMatchObject({ mean: 220, p50: 220, std: 110, p90: 308 });
  });
});

describe("RequestAggregator columns", () => {
  it("give summarize's statistics bit for bit at every length, groups interleaved", () => {
    // Lengths below the radix threshold, at it, one block past 16,384 values and several blocks.
    for (const n of [1, 7, RADIX_MIN - 1, RADIX_MIN, 16_384, 16_385, 50_001]) {
      const agg = new RequestAggregator();
      const ttft: number[] = [];
      const e2e: number[] = [];
      const other: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = ((i * 7919) % 10_007) / 100 + 0.01;
        const e = t * 20 + (i % 13);
        ttft.push(t);
        e2e.push(e);
        agg.add(4, null, { ok: true, ttftMs: t, e2eMs: e, outputTokens: 10 });
        // A second load level interleaved every third row: the previous-group shortcut must not mix them.
        if (i % 3 === 0) {
          other.push(i);
          agg.add(8, null, { ok: true, ttftMs: i, outputTokens: 10 });
        }
      }
      const [p4, p8] = agg.finish();
      expect(p4!.concurrency).toBe(4);
      expect(p4!.completed).toBe(n);
      expect(p4!.ttftMs).toStrictEqual(summarize(ttft));
      expect(p4!.e2eMs).toStrictEqual(summarize(e2e));
      // ntpot = e2e / 10 per request.
      expect(p4!.ntpotMs).toStrictEqual(summarize(e2e.map((e) => e / 10)));
      expect(p8!.concurrency).toBe(8);
      expect(p8!.completed).toBe(other.length);
      expect(p8!.ttftMs).toStrictEqual(summarize(other));
    }
  });

  it("hand-checked: 0 … 49,999 in one column", () => {
    const agg = new RequestAggregator();
    for (let i = 0; i < 50_000; i++) agg.add(1, null, { ok: true, ttftMs: (i * 7) % 50_000 });
    const s = agg.finish()[0]!.ttftMs!;
    // h = 49,999 · 0.5 = 24,999.5 → 24,999.5; p99: h = 49,499.01 → 49,499.01; mean 24,999.5.
    expect(s).toMatchObject({ p50: 24_999.5, mean: 24_999.5, min: 0, max: 49_999 });
    expect(s.p99).toBeCloseTo(49_499.01, 9);
  });
});
