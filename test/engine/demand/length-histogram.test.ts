import { describe, expect, it } from "vitest";
import { bucketLengths, roundWidth } from "../../../src/engine/demand/length-histogram";
import { TrafficAccumulator } from "../../../src/engine/demand/traffic";

describe("length histograms for the Traffic sheet", () => {
  it("round widths are 1, 2 or 5 × 10^k, at least the asked width", () => {
    expect([0.3, 1, 2.5, 10, 11, 26, 101, 4999].map(roundWidth)).toEqual([
      1, 1, 5, 10, 20, 50, 200, 5000,
    ]);
  });

  it("counts land in [from, to) buckets (hand-counted)", () => {
    // Lengths 0, 1, 1, 5, 10, 99: max 99 is not above 3 × p99, so buckets run to 99.
    const dense = new Array<number>(100).fill(0);
    dense[0] = 1;
    dense[1] = 2;
    dense[5] = 1;
    dense[10] = 1;
    dense[99] = 1;
    const h = bucketLengths(dense, null, 95, 99)!;
    // (99 + 1) / 40 = 2.5 → width 5; floor(99 / 5) + 1 = 20 buckets.
    expect(h.width).toBe(5);
    expect(h.buckets).toHaveLength(20);
    expect(h.total).toBe(6);
    expect(h.buckets[0]).toEqual({ from: 0, to: 5, count: 3 });
    expect(h.buckets[1]).toEqual({ from: 5, to: 10, count: 1 });
    expect(h.buckets[2]).toEqual({ from: 10, to: 15, count: 1 });
    expect(h.buckets[19]).toEqual({ from: 95, to: 100, count: 1 });
    expect(h.buckets.reduce((s, b) => s + b.count, 0)).toBe(6);
  });

  it("a long tail stops the buckets at p99 and sums the rest in one open bucket", () => {
    const dense = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
    const h = bucketLengths(
      dense,
      new Map([
        [5_000_000, 2],
        [30, 1],
      ]),
      20,
      5_000_000,
    )!;
    // Capped at p99 = 20: width roundWidth(21 / 40) = 1, 21 buckets, then [21, ∞) with 3.
    expect(h.width).toBe(1);
    expect(h.buckets).toHaveLength(22);
    expect(h.buckets[20]).toEqual({ from: 20, to: 21, count: 4 });
    expect(h.buckets[21]).toEqual({ from: 21, to: null, count: 3 });
    expect(h.total).toBe(7);
  });

  it("the accumulator's histogram counts every request once", () => {
    const acc = new TrafficAccumulator();
    const outs = [10, 20, 30, 40, 1000];
    outs.forEach((o, i) => acc.add(100 + i, 7 * (i + 1), o));
    const h = acc.lengthHistogram("output")!;
    // p99 of [10, 20, 30, 40, 1000] = 40 + 0.96 × 960 = 961.6; max 1000 is not above 3 × that.
    expect(h.width).toBe(50); // (1000 + 1) / 40 = 25.025 → 50
    expect(h.buckets[0]).toEqual({ from: 0, to: 50, count: 4 });
    expect(h.buckets[20]).toEqual({ from: 1000, to: 1050, count: 1 });
    expect(h.total).toBe(5);
    const inp = acc.lengthHistogram("input")!;
    expect(inp.width).toBe(1); // max 35 → 36 / 40 → 1
    expect(inp.buckets.filter((b) => b.count > 0).map((b) => b.from)).toEqual([7, 14, 21, 28, 35]);
  });

  it("no requests, no histogram", () => {
    expect(new TrafficAccumulator().lengthHistogram("input")).toBeNull();
    expect(bucketLengths([], null, null, null)).toBeNull();
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Pins of src/engine/demand/length-histogram.ts found by mutation testing (docs/mutation-testing.md):
   * the round widths just above 5 × 10^k and at the 1e-9 tolerance, the long-tail cap exactly at
   * 3 × p99 and with p99 = 0, a length exactly at the first open-bucket boundary, the bucket count
   * limit, and the missing-input cases. Oracles are hand-counted buckets.
   */
  /** Dense counts from a list of lengths (one count per occurrence). */
  function denseOf(lengths: readonly number[], size: number): number[] {
    const d = new Array<number>(size).fill(0);
    for (const v of lengths) d[v]!++;
    return d;
  }

  describe("roundWidth: smallest 1, 2 or 5 × 10^k at least x", () => {
    it("between 5 × 10^k and 10^(k+1) the width is the next power of ten", () => {
      expect([5.5, 7, 9.99, 60, 999].map(roundWidth)).toEqual([10, 10, 10, 100, 1000]);
    });
    it("exactly at 1, 2 and 5 × 10^k the width is that value", () => {
      expect([2, 5, 20, 50, 100, 500, 1000].map(roundWidth)).toEqual([
        2, 5, 20, 50, 100, 500, 1000,
      ]);
    });
    it("a rounding error below 1e-9 above a round width keeps it; a larger excess goes to the next", () => {
      expect(roundWidth(2 + 1e-10)).toBe(2);
      expect(roundWidth(5 + 1e-10)).toBe(5);
      // 2 + 1e-9 − 1e-9 is exactly 2 in floating point: still at least the asked width.
      expect(roundWidth(2 + 1e-9)).toBe(2);
      expect(roundWidth(2 + 1e-6)).toBe(5);
      expect(roundWidth(5 + 1e-6)).toBe(10);
    });
    it("1 and anything at or below it (and NaN) give 1", () => {
      expect([1, 0.999, 0, -5, Number.NaN].map(roundWidth)).toEqual([1, 1, 1, 1, 1]);
      expect(roundWidth(1.0001)).toBe(2);
    });
  });

  describe("bucketLengths", () => {
    it("no histogram without a p99 or with an infinite maximum", () => {
      expect(bucketLengths([1], null, null, 0)).toBeNull();
      expect(bucketLengths([1], null, 0, null)).toBeNull();
      expect(bucketLengths([1], null, 0, Number.POSITIVE_INFINITY)).toBeNull();
    });

    it("max exactly 3 × p99 is not capped: the buckets run to the maximum", () => {
      // Lengths 0…9 once each and 30: p99 10, max 30 = 3 × 10. Width roundWidth(31 / 40) = 1, 31 buckets.
      const dense = denseOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30], 31);
      const h = bucketLengths(dense, null, 10, 30)!;
      expect(h.width).toBe(1);
      expect(h.buckets).toHaveLength(31);
      expect(h.buckets[30]).toEqual({ from: 30, to: 31, count: 1 });
      expect(h.buckets.every((b) => b.to !== null)).toBe(true);
      expect(h.total).toBe(11);
    });

    it("max just above 3 × p99 is capped at p99 with an open last bucket", () => {
      const dense = denseOf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 31], 32);
      const h = bucketLengths(dense, null, 10, 31)!;
      // Capped at 10: width roundWidth(11 / 40) = 1, 11 buckets [0,1) … [10,11), then [11, ∞) holding 31.
      expect(h.width).toBe(1);
      expect(h.buckets).toHaveLength(12);
      expect(h.buckets[10]).toEqual({ from: 10, to: 11, count: 0 });
      expect(h.buckets[11]).toEqual({ from: 11, to: null, count: 1 });
      expect(h.total).toBe(11);
    });

    it("a p99 of 0 never caps (all buckets would be empty): the buckets run to the maximum", () => {
      // 100 requests of length 0 and one of 7: p99 0, max 7 > 3 × 0.
      const dense = denseOf([7], 8);
      dense[0] = 100;
      const h = bucketLengths(dense, null, 0, 7)!;
      expect(h.width).toBe(1);
      expect(h.buckets.map((b) => b.count)).toEqual([100, 0, 0, 0, 0, 0, 0, 1]);
      expect(h.buckets[7]).toEqual({ from: 7, to: 8, count: 1 });
      expect(h.total).toBe(101);
    });

    it("a length exactly at the end of the last closed bucket goes to the open bucket", () => {
      // Capped at p99 = 20 (max 100 > 60): width 1, buckets [0,1) … [20,21); 21 is the open bucket's start.
      const dense = denseOf([20, 21, 21, 100], 101);
      const h = bucketLengths(dense, null, 20, 100)!;
      expect(h.buckets).toHaveLength(22);
      expect(h.buckets[20]).toEqual({ from: 20, to: 21, count: 1 });
      expect(h.buckets[21]).toEqual({ from: 21, to: null, count: 3 });
      expect(h.total).toBe(4);
    });

    it("the open bucket starts where the last closed one ends, for a width above 1", () => {
      // Capped at p99 = 100 (max 1000 > 300): width roundWidth(101 / 40 = 2.525) = 5, 21 buckets to 105.
      const dense = denseOf([0, 100, 104, 105, 1000], 1001);
      const h = bucketLengths(dense, null, 100, 1000)!;
      expect(h.width).toBe(5);
      expect(h.buckets).toHaveLength(22);
      expect(h.buckets[20]).toEqual({ from: 100, to: 105, count: 2 });
      expect(h.buckets[21]).toEqual({ from: 105, to: null, count: 2 });
    });

    it("lengths on a bucket edge fall into the bucket that starts there ([from, to))", () => {
      // Max 99 (not capped at p99 90): width roundWidth(100 / 40 = 2.5) = 5.
      const dense = denseOf([4, 5, 9, 10, 94, 95, 99], 100);
      const h = bucketLengths(dense, null, 90, 99)!;
      expect(h.width).toBe(5);
      expect(h.buckets).toHaveLength(20);
      expect(h.buckets[0]).toEqual({ from: 0, to: 5, count: 1 });
      expect(h.buckets[1]).toEqual({ from: 5, to: 10, count: 2 });
      expect(h.buckets[2]).toEqual({ from: 10, to: 15, count: 1 });
      expect(h.buckets[18]).toEqual({ from: 90, to: 95, count: 1 });
      expect(h.buckets[19]).toEqual({ from: 95, to: 100, count: 2 });
    });

    it("maxBuckets sets the width: 10 buckets over 0…99 are 10 wide", () => {
      const dense = denseOf([0, 9, 10, 99], 100);
      const h = bucketLengths(dense, null, 90, 99, 10)!;
      expect(h.width).toBe(10);
      expect(h.buckets.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
      expect(h.buckets[9]).toEqual({ from: 90, to: 100, count: 1 });
    });

    it("sparse lengths are counted into their buckets, zero counts add nothing", () => {
      // Max 5,000,000, p99 4,000,000 (not capped): width roundWidth(5,000,001 / 40) = 200,000; 26 buckets.
      const sparse = new Map([
        [4_999_999, 2],
        [5_000_000, 1],
        [200_000, 0],
      ]);
      const h = bucketLengths([3], sparse, 4_000_000, 5_000_000)!;
      expect(h.width).toBe(200_000);
      expect(h.buckets).toHaveLength(26);
      expect(h.buckets[0]).toEqual({ from: 0, to: 200_000, count: 3 });
      expect(h.buckets[1]!.count).toBe(0);
      expect(h.buckets[24]).toEqual({ from: 4_800_000, to: 5_000_000, count: 2 });
      expect(h.buckets[25]).toEqual({ from: 5_000_000, to: 5_200_000, count: 1 });
      expect(h.total).toBe(6);
    });

    it("one request of length 0: one bucket [0, 1)", () => {
      expect(bucketLengths([1], null, 0, 0)).toEqual({
        width: 1,
        buckets: [{ from: 0, to: 1, count: 1 }],
        total: 1,
      });
    });
  });
});
