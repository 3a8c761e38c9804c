import { describe, expect, it } from "vitest";
import { bucketLengths, roundWidth } from "../../src/engine/demand/length-histogram";
import { TrafficAccumulator } from "../../src/engine/demand/traffic";

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
