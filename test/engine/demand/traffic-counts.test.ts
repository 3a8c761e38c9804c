/**
 * src/engine/demand/traffic-counts.ts: bin counts growing at either end within a span limit, the
 * exact length histogram's numpy-linear percentiles (dense and past 2²² tokens), the reorder
 * window's min-heap, a group's peak over merged bins and the length statistics; on hand values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BinCounts,
  Histogram,
  lengthStats,
  MinHeap,
  peakCount,
} from "../../../src/engine/demand/traffic-counts";
import { percentileSorted } from "../../../src/engine/curve/stats";

describe("BinCounts", () => {
  it("keeps counts at either end of the span, and refuses a bin that would stretch it past the limit", () => {
    const b = new BinCounts();
    expect(b.add(100, 2, 1000)).toBe(true);
    expect(b.add(10, 1, 1000)).toBe(true);
    expect(b.add(300, 4, 1000)).toBe(true);
    expect(b.add(100, 1, 1000)).toBe(true);
    expect([b.min, b.max]).toEqual([10, 300]);
    expect([b.arr[100 - b.lo], b.arr[10 - b.lo], b.arr[300 - b.lo]]).toEqual([3, 1, 4]);
    // 10 … 1010 is 1,001 bins: one over the limit, and nothing changes.
    expect(b.add(1010, 1, 1000)).toBe(false);
    expect(b.add(1009, 1, 1000)).toBe(true);
    expect(b.max).toBe(1009);
  });
});

describe("Histogram", () => {
  it.each([
    [[5], 50, 5],
    [[1, 2, 3, 4], 50, 2.5],
    [[1, 2, 3, 4], 100, 4],
    [[1, 2, 3, 4], 0, 1],
    [[10, 20], 25, 12.5],
    // Lengths past the dense range (2²² tokens) are counted in the map, in order.
    [[1, 5_000_000, 4_500_000], 50, 4_500_000],
    [[1, 5_000_000, 4_500_000], 100, 5_000_000],
  ])("%j: percentile %d = %d", (values, q, want) => {
    const h = new Histogram();
    for (const v of values) h.add(v);
    expect(h.percentile(q)).toBe(want);
    expect(h.max).toBe(Math.max(...values));
  });

  it("equals the numpy-linear percentile of the values (src/engine/curve/stats.ts)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(3000), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 100 }),
        (values, q) => {
          const h = new Histogram();
          for (const v of values) h.add(v);
          expect(h.percentile(q)).toBeCloseTo(
            percentileSorted(Float64Array.from(values).sort(), q),
            9,
          );
        },
      ),
    );
  });
});

describe("MinHeap", () => {
  it("pops in ascending order", () => {
    const heap = new MinHeap(8);
    for (const v of [5, 1, 4, 1.5, 9, 0]) heap.push(v);
    const out: number[] = [];
    while (heap.n > 0) out.push(heap.pop());
    expect(out).toEqual([0, 1, 1.5, 4, 5, 9]);
  });
});

describe("peakCount", () => {
  it("sums base bins into bins of k and gives the largest sum", () => {
    const b = new BinCounts();
    // Base bins 0–5 with 1, 2, 0, 4, 1, 1: in pairs 3, 4, 2 → 4; in threes 3, 6 → 6.
    [1, 2, 0, 4, 1, 1].forEach((c, i) => c && b.add(i, c, 100));
    expect(peakCount(b, 1)).toBe(4);
    expect(peakCount(b, 2)).toBe(4);
    expect(peakCount(b, 3)).toBe(6);
    expect(peakCount(new BinCounts(), 2)).toBe(0);
  });
});

describe("lengthStats", () => {
  it("gives the mean and percentiles of the lengths; per-bin sums (aggregated) the mean only", () => {
    const h = new Histogram();
    for (const v of [100, 200, 300, 400]) h.add(v);
    expect(lengthStats(h, 1000, 4, false)).toEqual({
      mean: 250,
      p50: 250,
      p90: 370,
      p95: 385,
      p99: 397,
      max: 400,
    });
    const none = { p50: null, p90: null, p95: null, p99: null, max: null };
    expect(lengthStats(h, 1000, 4, true)).toEqual({ mean: 250, ...none });
    expect(lengthStats(new Histogram(), 0, 0, false)).toEqual({ mean: null, ...none });
  });
});
