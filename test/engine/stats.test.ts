import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  percentileSorted,
  RADIX_MIN,
  radixSortInPlace,
  radixSorted,
  sortedCopy,
  summarize,
  summarizeSorted,
} from "../../src/engine/curve/stats";

describe("percentileSorted", () => {
  it("matches numpy's linear method", () => {
    // numpy.percentile([1,2,3,4], 99) = 3.97 ; [1,2,3,4] p50 = 2.5 ; p25 = 1.75
    expect(percentileSorted([1, 2, 3, 4], 99)).toBeCloseTo(3.97, 12);
    expect(percentileSorted([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentileSorted([1, 2, 3, 4], 25)).toBe(1.75);
    expect(percentileSorted([7], 99)).toBe(7);
    expect(percentileSorted([], 50)).toBeNaN();
  });
  it("summarize gives mean, sample std (n − 1, contract v2), min, max and percentiles", () => {
    const s = summarize([4, 1, 3, 2]);
    expect(s.mean).toBe(2.5);
    // squares of deviations 2.25 + 0.25 + 0.25 + 2.25 = 5; 5 / (4 − 1)
    expect(s.std).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(summarize([7]).std).toBeUndefined();
    expect(s.min).toBe(1);
    expect(s.max).toBe(4);
    expect(s.p50).toBe(2.5);
    expect(s["p99.9"]).toBeCloseTo(3.997, 12);
  });
});

/** summarize as it was before the radix sort: the reference the fast one must equal bit for bit. */
function summarizeBySort(values: ArrayLike<number>): Record<string, number> {
  const n = values.length;
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = sorted[i]! - mean;
    ss += d * d;
  }
  const out: Record<string, number> = { mean, min: sorted[0]!, max: sorted[n - 1]! };
  if (n > 1) out.std = Math.sqrt(ss / (n - 1));
  for (const q of [50, 90, 95, 99, 99.9]) out[`p${q}`] = percentileSorted(sorted, q);
  return out;
}

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
};

describe("radix sort of doubles (the sort behind summarize on long arrays)", () => {
  it("orders like Float64Array.prototype.sort: negatives, −0 before +0, subnormals, infinities", () => {
    const xs = [3, -0, 0, -1e-310, 5e-324, -Infinity, Infinity, -2.5, 1e308, -1e308, 2.5, 0, -0, 7];
    const long = Array.from({ length: RADIX_MIN }, (_, i) => xs[i % xs.length]! * (1 + (i % 5)));
    const r = radixSorted(long)!;
    expect(sameBits(r, Float64Array.from(long).sort())).toBe(true);
    expect(r[0]).toBe(-Infinity);
    expect(r[r.length - 1]).toBe(Infinity);
    // −0 (0x8000…) sorts before +0: the first zero is negative, the last is positive.
    const firstZero = r.indexOf(0);
    expect(Object.is(r[firstZero], -0)).toBe(true);
    expect(Object.is(r[r.lastIndexOf(0)], 0)).toBe(true);
  });

  it("gives up on NaN (left to the built-in sort) and sortedCopy still sorts it last", () => {
    const xs = Array.from({ length: RADIX_MIN + 1 }, (_, i) => (i === 7 ? NaN : RADIX_MIN - i));
    expect(radixSorted(xs)).toBeNull();
    const s = sortedCopy(xs);
    expect(s[0]).toBe(0);
    expect(s[s.length - 1]).toBeNaN();
  });

  it("in place: leaves the array as it was when it meets a NaN, and sorts into either buffer", () => {
    const xs = Float64Array.from({ length: RADIX_MIN + 10 }, (_, i) => (i % 3 ? -i : i / 7));
    const before = Float64Array.from(xs);
    xs[RADIX_MIN] = NaN;
    before[RADIX_MIN] = NaN;
    expect(radixSortInPlace(xs, new Float64Array(xs.length))).toBeNull();
    expect(sameBits(xs, before)).toBe(true);
    // A scratch buffer longer than the values is fine; the result has exactly their length.
    const ys = Float64Array.from(
      { length: RADIX_MIN },
      (_, i) => ((i * 7919) % RADIX_MIN) - 1000.5,
    );
    const want = Float64Array.from(ys).sort();
    const got = radixSortInPlace(ys, new Float64Array(RADIX_MIN * 3))!;
    expect(got.length).toBe(RADIX_MIN);
    expect(sameBits(got, want)).toBe(true);
    expect(summarizeSorted(got)).toEqual(summarize(want));
  });

  it("equals the built-in sort bit for bit on random doubles of any magnitude and sign", () => {
    const value = fc.oneof(
      fc.double({ noNaN: true }),
      fc.integer({ min: -1000, max: 1000 }).map((i) => i / 100),
      fc.constantFrom(0, -0, 5e-324, -5e-324, Infinity, -Infinity, 1.5, 1.5),
    );
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 0, max: 2 }),
        (base, copies) => {
          // Repeat the sample up to past RADIX_MIN so the radix path runs on every case.
          const xs: number[] = [];
          while (xs.length < RADIX_MIN + copies) for (const v of base) xs.push(v);
          const r = radixSorted(xs);
          return r !== null && sameBits(r, Float64Array.from(xs).sort());
        },
      ),
      { numRuns: 150 },
    );
  });

  it("summarize is bit-identical to sorting the whole array, long and short", () => {
    // Latency-like values (two decimals, exponential spread) and plain doubles.
    const latency = fc.integer({ min: 0, max: 5_000_000 }).map((i) => i / 100);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            latency,
            fc.double({ noNaN: true }),
            fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
          ),
          { minLength: 1, maxLength: 300 },
        ),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (base, rep, long) => {
          const xs: number[] = [];
          for (let r = 0; r < rep || (long && xs.length < RADIX_MIN); r++)
            for (const v of base) xs.push(v * (1 + r / 7));
          const got = summarize(Float64Array.from(xs));
          const want = summarizeBySort(xs);
          return (
            Object.keys(want).every((k) => Object.is(got[k], want[k])) &&
            Object.keys(got).length === Object.keys(want).length
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("keeps numpy's values on a long array (hand-checked ranks)", () => {
    // 0, 1, …, 9999 shuffled: p50 = 4999.5, p99 = 9899.01 (h = 9999·0.99 = 9899.01), p99.9 = 9989.001.
    const n = 10_000;
    const xs = Array.from({ length: n }, (_, i) => (i * 7919) % n);
    const s = summarize(xs);
    expect(s.p50).toBe(4999.5);
    expect(s.p99).toBeCloseTo(9899.01, 9);
    expect(s["p99.9"]).toBeCloseTo(9989.001, 9);
    expect(s.mean).toBe(4999.5);
    expect(s.min).toBe(0);
    expect(s.max).toBe(9999);
  });
});
