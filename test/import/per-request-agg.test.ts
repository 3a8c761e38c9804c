/**
 * RequestAggregator keeps a column in blocks and summarises it in shared buffers
 * (docs/import-speed.md); the statistics must be those of `summarize` over the plain array, bit
 * for bit, whatever the column's length (one block, several, short of the radix sort).
 */
import { describe, expect, it } from "vitest";
import { RADIX_MIN, summarize } from "../../src/engine/curve/stats";
import { RequestAggregator } from "../../src/import/per-request";

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
    expect(s.p50).toBe(24_999.5);
    expect(s.p99).toBeCloseTo(49_499.01, 9);
    expect(s.mean).toBe(24_999.5);
    expect(s.min).toBe(0);
    expect(s.max).toBe(49_999);
  });
});
