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

type Fields = Omit<RequestRecord, "ok">;
const ok = (r: Fields): RequestRecord => ({ ok: true, ...r });
type Duration = Parameters<RequestAggregator["finish"]>[0];
/** The levels of records added in order: [concurrency, request rate, record (ok when unsaid)]. */
const levels = (rows: [number | null, number | "inf" | null, Fields][], d?: Duration) => {
  const agg = new RequestAggregator();
  for (const [c, r, rec] of rows) agg.add(c, r, "ok" in rec ? (rec as RequestRecord) : ok(rec));
  return agg.finish(d);
};
/** The one level of successful records, all at concurrency 1. */
const one = (...recs: Fields[]) => levels(recs.map((r) => [1, null, r]))[0]!;

describe("RequestAggregator: grouping by load level", () => {
  it("consecutive records of two request rates at the same concurrency stay apart", () => {
    const rates = [1, 2, 2, "inf"] as const;
    const ttfts = [10, 20, 30, 99];
    const pts = levels(rates.map((r, i) => [null, r, ok({ ttftMs: ttfts[i] })]));
    const rows = pts.map(
      (p) => `${p.concurrency} ${p.requestRate} ${p.completed} ${p.ttftMs!.mean}`,
    );
    expect(rows).toStrictEqual(["null 1 1 10", "null 2 2 25", "null inf 1 99"]);
  });

  it("consecutive records of two concurrencies stay apart; a level seen again later joins its group", () => {
    const pts = levels([4, 8, 4].map((c, i) => [c, null, { ttftMs: i + 1 }]));
    const rows = pts.map(
      (p) => `${p.concurrency} ${p.completed} ${p.ttftMs!.min} ${p.ttftMs!.max}`,
    );
    expect(rows).toStrictEqual(["4 2 1 3", "8 1 2 2"]);
  });
});

describe("RequestAggregator: derived per-request TPOT and NTPOT", () => {
  it("TPOT = (e2e − ttft)/(out − 1), NTPOT = e2e/out when absent; given ones are kept as they are", () => {
    const p = one(
      { ttftMs: 100, e2eMs: 900, outputTokens: 9 }, // (900 − 100) / (9 − 1) = 100; 900 / 9 = 100
      { ttftMs: 50, e2eMs: 1050, outputTokens: 5 }, // (1050 − 50) / 4 = 250; 1050 / 5 = 210
    );
    expect(p).toMatchObject({ tpotMs: { min: 100, max: 250 }, ntpotMs: { min: 100, max: 210 } });
    const given = one({ ttftMs: 100, e2eMs: 900, outputTokens: 9, tpotMs: 7, ntpotMs: 11 });
    const same = (v: number) => ({ mean: v, min: v, max: v });
    expect(given).toMatchObject({ tpotMs: same(7), ntpotMs: same(11) });
  });

  it("no TPOT from one output token (nothing after the first) nor from zero; no NTPOT from zero or negative tokens", () => {
    const p = one(
      { ttftMs: 100, e2eMs: 100, outputTokens: 1 },
      { ttftMs: 100, e2eMs: 300, outputTokens: 0 },
      { ttftMs: 100, e2eMs: 300, outputTokens: -2 },
    );
    expect(p.tpotMs).toBeUndefined();
    // Only the first record gives an NTPOT: 100 / 1.
    expect(p.ntpotMs).toMatchObject({ mean: 100, min: 100, max: 100 });
  });

  it("TPOT needs e2e, ttft and tokens; NTPOT needs e2e and tokens", () => {
    const p = one(
      { e2eMs: 600, outputTokens: 3 }, // ntpot 200, no tpot (no ttft)
      { ttftMs: 100, outputTokens: 3 }, // neither (no e2e)
      { ttftMs: 100, e2eMs: 600 }, // neither (no tokens)
      { ttftMs: NaN, e2eMs: 600, outputTokens: Infinity }, // neither (not finite)
      { ttftMs: 100, e2eMs: 600, outputTokens: Infinity }, // neither: not 0 per token
    );
    expect(p.tpotMs).toBeUndefined();
    const s = 200;
    const all = { mean: s, min: s, max: s, p50: s, p90: s, p95: s, p99: s, "p99.9": s };
    expect(p.ntpotMs).toStrictEqual(all);
  });
});

describe("RequestAggregator: rps and tokens/s from the span of the timestamps or a given duration", () => {
  it("span from the earliest start to the latest end: 3 requests in 0 … 2,000 ms → 1.5 req/s, tokens 30 + 50 in", () => {
    const p = levels([
      [2, null, { startMs: 500, endMs: 1500, outputTokens: 10, inputTokens: 20 }],
      [2, null, { startMs: 0, endMs: 1000, outputTokens: 10, inputTokens: 20 }],
      [2, null, { startMs: 1000, endMs: 2000, outputTokens: 10, inputTokens: 10 }],
      // A request without timestamps counts but does not change the span.
      [2, null, {}],
    ])[0]!;
    // 4 / 2 s; 30 output tokens / 2 s = 15; (30 + 50) / 2 s = 40
    expect(p).toMatchObject({ rps: 2, outputTokensPerSec: 15, totalTokensPerSec: 40 });
    expect(p.meanOutputTokens).toBe(10);
    expect(p.meanInputTokens).toBeCloseTo(50 / 3, 12);
  });

  it("failed requests widen the span and are counted, but not in rps or the statistics", () => {
    const [p] = levels([
      [2, null, ok({ startMs: 0, endMs: 1000, ttftMs: 5, outputTokens: 4 })],
      [2, null, { ok: false, startMs: 1000, endMs: 4000, ttftMs: 999, outputTokens: 100 }],
    ]);
    // 1 completed / 4 s; 4 tokens / 4 s
    expect(p).toMatchObject({ completed: 1, failed: 1, rps: 0.25, outputTokensPerSec: 1 });
    expect(p).toMatchObject({ ttftMs: { max: 5 }, meanOutputTokens: 4 });
  });

  it("a given duration wins over the timestamps; one of 0 or less falls back to them; without either there is no rate", () => {
    const pts = levels(
      [
        [1, null, { startMs: 0, endMs: 1000, outputTokens: 8 }],
        [2, null, { startMs: 0, endMs: 1000, outputTokens: 8 }],
        [3, null, { outputTokens: 8, inputTokens: 2 }],
        [4, null, { startMs: 0, endMs: 500 }],
        [5, null, { startMs: 0, endMs: 500 }],
        [6, null, { outputTokens: 5 }],
      ],
      (c) => [4, undefined, undefined, 0, -3, -3][c! - 1],
    );
    // c1: 1 / 4 s (given); c2: 1 / 1 s (span); c3: no timestamps, no duration; c4 and c5: 0 and
    // −3 s fall back to the 0.5 s span; c6: no timestamps to fall back to, no rate (not −1/3 req/s).
    const rates = pts.map((p) => `${p.rps} ${p.outputTokensPerSec} ${p.totalTokensPerSec}`);
    const none = "undefined undefined undefined";
    const twoOnly = "2 undefined undefined";
    const rest = [none, twoOnly, twoOnly, none];
    expect(rates).toStrictEqual(["0.25 2 undefined", "1 8 undefined", ...rest]);
    expect(pts[2]).toMatchObject({ meanOutputTokens: 8, meanInputTokens: 2 });
  });

  it("the duration function is asked with the level's concurrency and request rate", () => {
    const asked: unknown[] = [];
    levels([[null, 5, ok({})]], (c, r) => {
      asked.push([c, r]);
      return 2;
    });
    expect(asked).toStrictEqual([[null, 5]]);
  });

  it("only starts, only ends, or a zero span give no rate; a negative start counts", () => {
    const pts = levels([
      [1, null, { startMs: 0 }],
      [1, null, { startMs: 1000 }],
      [2, null, { endMs: 0 }],
      [2, null, { endMs: 1000 }],
      [3, null, { startMs: 700, endMs: 700 }],
      // Timestamps before the epoch: −1,000 … 1,000 ms is 2 s.
      [4, null, { startMs: -1000, endMs: 0 }],
      [4, null, { startMs: 0, endMs: 1000 }],
    ]);
    expect(pts.map((p) => p.rps)).toStrictEqual([undefined, undefined, undefined, 1]);
  });

  it("no tokens counted: no tokens/s; output but no input tokens: no total tokens/s", () => {
    const pts = levels([
      [1, null, { startMs: 0, endMs: 1000 }],
      [2, null, { startMs: 0, endMs: 1000, outputTokens: 6 }],
      [3, null, { startMs: 0, endMs: 1000, inputTokens: 6 }],
    ]);
    const u = undefined;
    expect(
      pts.map((p) => [
        p.rps,
        p.outputTokensPerSec,
        p.totalTokensPerSec,
        p.meanOutputTokens,
        p.meanInputTokens,
      ]),
    ).toStrictEqual([
      [1, u, u, u, u],
      [1, 6, u, 6, u],
      [1, u, u, u, 6],
    ]);
  });
});

describe("RequestAggregator: ITL gaps and absent values", () => {
  it("ITL pools every finite gap of every request: [10, 20] and [30, NaN, 40] → 10, 20, 30, 40", () => {
    const p = one({ itlGapsMs: [10, 20] }, { itlGapsMs: Float64Array.of(30, NaN, 40) }, {});
    // mean 25; p50: h = 1.5 → 25; std √((225 + 25 + 25 + 225)/3)
    expect(p.itlMs).toMatchObject({ mean: 25, min: 10, max: 40, p50: 25 });
    expect(p.itlMs!.std).toBeCloseTo(Math.sqrt(500 / 3), 12);
  });

  it.each([
    // Only failed requests: counts, no statistics, no mean tokens.
    [{ ok: false, ttftMs: 5, e2eMs: 9, outputTokens: 3, inputTokens: 3 }, 0, 1],
    // A record without values adds to completed only.
    [{ ok: true, ttftMs: undefined, e2eMs: Infinity, inputTokens: -Infinity }, 1, 0],
  ])("a level of %j: %d completed, %d failed, nothing else", (rec, completed, failed) => {
    const level = { concurrency: 4, requestRate: null, completed, failed };
    expect(levels([[4, null, rec]])).toStrictEqual([level]);
  });

  it("every metric of a level summarised: ttft, itl, tpot, ntpot, e2e (hand values on three requests)", () => {
    const p = one(
      { ttftMs: 10, e2eMs: 110, outputTokens: 11, itlGapsMs: [10] },
      { ttftMs: 20, e2eMs: 220, outputTokens: 11, itlGapsMs: [20] },
      { ttftMs: 30, e2eMs: 330, outputTokens: 11, itlGapsMs: [30] },
    );
    // tpot: 100/10, 200/10, 300/10 = 10, 20, 30; ntpot: 10, 20, 30; e2e 110, 220, 330
    const s = { mean: 20, p50: 20, std: 10 };
    expect(p).toMatchObject({ ttftMs: s, itlMs: s, tpotMs: s, ntpotMs: s });
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
      // ntpot = e2e / 10 per request.
      const ntpot = summarize(e2e.map((e) => e / 10));
      const want4 = [4, n, summarize(ttft), summarize(e2e), ntpot];
      const got4 = [p4!.concurrency, p4!.completed, p4!.ttftMs, p4!.e2eMs, p4!.ntpotMs];
      expect(got4).toStrictEqual(want4);
      const want8 = [8, other.length, summarize(other)];
      expect([p8!.concurrency, p8!.completed, p8!.ttftMs]).toStrictEqual(want8);
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
