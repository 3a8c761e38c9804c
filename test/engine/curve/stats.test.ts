/**
 * Summary statistics of samples (src/engine/curve/stats.ts): numpy's "linear" percentile, against
 * numpy's documented results and a brute-force reference written here; the stat-key helpers; mean
 * and sample std (n − 1) against hand values; and the radix sort behind summarize on long arrays,
 * bit for bit against the built-in sort, including its NaN detection on every NaN bit pattern.
 * Several of these pins were found by mutation testing (docs/mutation-testing.md).
 */
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
  DEFAULT_PERCENTILES,
  percentileKey,
  percentileOfKey,
} from "../../../src/engine/curve/stats";
import { words } from "../../words";

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

/** Selection sort: slow, obviously right, shares nothing with the code under test. */
function bruteSort(xs: readonly number[]): number[] {
  const a = xs.slice();
  for (let i = 0; i < a.length; i++) {
    let m = i;
    for (let j = i + 1; j < a.length; j++) if (a[j]! < a[m]!) m = j;
    [a[i], a[m]] = [a[m]!, a[i]!];
  }
  return a;
}

/**
 * numpy's linear percentile as the piecewise-linear curve through the points (100·i/(n − 1), x_i):
 * find the segment that holds q by walking along it, and interpolate within it.
 */
function numpyLinear(xs: readonly number[], q: number): number {
  const s = bruteSort(xs);
  const n = s.length;
  if (n === 1) return s[0]!;
  const step = 100 / (n - 1);
  for (let i = 0; i < n - 1; i++) {
    const left = i * step;
    const right = (i + 1) * step;
    if (q <= right || i === n - 2)
      return s[i]! + ((q - left) / (right - left)) * (s[i + 1]! - s[i]!);
  }
  throw new Error("unreachable");
}

/** A long array of values with the given bit pattern (two 32-bit halves) written at index `at`. */
function withBits(hi: number, lo: number, at: number): Float64Array {
  const a = Float64Array.from({ length: RADIX_MIN + 3 }, (_, i) => (i % 2 ? i : -i / 3));
  const u = new Uint32Array(a.buffer);
  u[2 * at] = lo;
  u[2 * at + 1] = hi;
  return a;
}

describe("percentileSorted", () => {
  it.each([
    // [sorted values, q's, exact values]: numpy.percentile with its default ("linear") method;
    // q = 100: h = n − 1, the upper neighbour is clamped to the last value (not past the end)
    [
      [1, 2, 3, 4],
      [50, 25, 100, 0],
      [2.5, 1.75, 4, 1],
    ],
    [[-3, 10], [100], [10]],
    // two values: the straight line between them
    [
      [10, 20],
      [25, 75, 50],
      [12.5, 17.5, 15],
    ],
    // one value is every percentile of it, even ±Infinity (no 0 · (∞ − ∞) = NaN)
    [[7], [99], [7]],
    [[Infinity], [50, 0], [Infinity, Infinity]],
    [[-Infinity], [99], [-Infinity]],
    [Float64Array.of(42.5), [100], [42.5]],
    // empty input is NaN for any q
    [[], [0, 50, 100], [Number.NaN, Number.NaN, Number.NaN]],
  ] as [ArrayLike<number>, number[], number[]][])("%j at %j → %j", (xs, qs, want) => {
    expect(qs.map((q) => percentileSorted(xs, q))).toEqual(want);
  });

  it("gives numpy's own examples to 12 digits, and the brute-force reference on random data", () => {
    expect(percentileSorted([1, 2, 3, 4], 99)).toBeCloseTo(3.97, 12);
    expect(percentileSorted([15, 20, 35, 40, 50], 40)).toBeCloseTo(29, 12);
    expect(percentileSorted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBeCloseTo(9.1, 12);
    // The piecewise-linear reference, on random data and percentiles.
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -100_000, max: 100_000 }).map((i) => i / 100),
          { minLength: 1, maxLength: 60 },
        ),
        fc.oneof(
          fc.integer({ min: 0, max: 100 }),
          fc.double({ min: 0, max: 100, noNaN: true }),
          fc.constantFrom(0, 50, 90, 95, 99, 99.9, 100),
        ),
        (xs, q) => {
          const got = percentileSorted(bruteSort(xs), q);
          const want = numpyLinear(xs, q);
          return Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("percentileKey", () => {
  it("50 → p50, 99.9 → p99.9, 99.99 → p99.99, 100/3 → p33.333 (three decimals), 90.0 → p90", () => {
    expect([50, 99.9, 99.99, 100 / 3, 90.0, 0].map(percentileKey)).toEqual(
      words("p50 p99.9 p99.99 p33.333 p90 p0"),
    );
  });
});

describe("percentileOfKey", () => {
  it("median → 50, pN and pN.M → their number; anything else → null", () => {
    expect(words("median p50 p5 p100 p99.9 p99.99").map(percentileOfKey)).toEqual([
      50, 50, 5, 100, 99.9, 99.99,
    ]);
    const bad = words("mean std min max p p.9 p99. xp50 p50x P50 p9a p99.9.9 pp50 Median");
    bad.push("", " p50", "median ");
    expect(bad.map(percentileOfKey)).toEqual(bad.map(() => null));
  });
});

describe("summarize", () => {
  it("mean, sample std (n − 1, contract v2), min, max and percentiles: hand values, short and long", () => {
    // squares of deviations 2.25 + 0.25 + 0.25 + 2.25 = 5; 5 / (4 − 1)
    const s = summarize([4, 1, 3, 2]);
    expect(s).toMatchObject({ mean: 2.5, min: 1, max: 4, p50: 2.5 });
    expect(s.std).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(s["p99.9"]).toBeCloseTo(3.997, 12);
    // Deviations from 3: 3, −2, 0, −1 → squares 9 + 4 + 0 + 1 = 14; 14 / (4 − 1).
    const t = summarize([6, 1, 3, 2]);
    expect(t).toMatchObject({ mean: 3, min: 1, max: 6, p50: 2.5 });
    expect(t.std).toBeCloseTo(Math.sqrt(14 / 3), 12);
    // h = 3 · 0.9 = 2.7 → 3 + 0.7 · (6 − 3) = 5.1
    expect(t.p90).toBeCloseTo(5.1, 12);
    // one value: no std; two equal values: std 0 (not NaN, not left out)
    expect([summarize([7]).std, summarize([5, 5]).std]).toStrictEqual([undefined, 0]);
    // numpy's values on a long array (hand-checked ranks): 0, 1, …, 9999 shuffled: p50 = 4999.5,
    // p99 = 9899.01 (h = 9999·0.99 = 9899.01), p99.9 = 9989.001.
    const n = 10_000;
    const u = summarize(Array.from({ length: n }, (_, i) => (i * 7919) % n));
    expect(u).toMatchObject({ mean: 4999.5, min: 0, max: 9999, p50: 4999.5 });
    expect(u.p99).toBeCloseTo(9899.01, 9);
    expect(u["p99.9"]).toBeCloseTo(9989.001, 9);
  });

  it("gives the default percentiles 50, 90, 95, 99, 99.9, or only those asked, and {} for no value", () => {
    expect(DEFAULT_PERCENTILES).toStrictEqual([50, 90, 95, 99, 99.9]);
    expect(Object.keys(summarize([1, 2, 3])).sort()).toStrictEqual(
      words("max mean min p50 p90 p95 p99 p99.9 std"),
    );
    const four = { mean: 2.5, min: 1, max: 4, std: Math.sqrt(5 / 3) };
    expect(summarize([4, 1, 3, 2], [25, 75])).toStrictEqual({ ...four, p25: 1.75, p75: 3.25 });
    expect(summarizeSorted([1, 2, 3, 4], [])).toStrictEqual(four);
    expect(summarize([])).toStrictEqual({});
    expect(summarizeSorted([])).toStrictEqual({});
    expect(summarizeSorted(new Float64Array(0))).toStrictEqual({});
    // and does not modify its input
    const xs = [3, 1, 2];
    summarize(xs);
    expect(xs).toStrictEqual([3, 1, 2]);
  });

  it("mean and sample std equal a brute-force two-pass reference on random data", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -1_000_000, max: 1_000_000 }).map((i) => i / 1000),
          { minLength: 2, maxLength: 80 },
        ),
        (xs) => {
          let sum = 0;
          for (const x of xs) sum += x;
          const mean = sum / xs.length;
          let ss = 0;
          for (const x of xs) ss += (x - mean) ** 2;
          const std = Math.sqrt(ss / (xs.length - 1));
          const s = summarize(xs);
          const close = (a: number | undefined, b: number) =>
            a !== undefined && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
          return (
            close(s.mean, mean) &&
            close(s.std, std) &&
            s.min === Math.min(...xs) &&
            s.max === Math.max(...xs)
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("is bit-identical to sorting the whole array, long and short", () => {
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
});

describe("radixSorted (the sort behind summarize on long arrays)", () => {
  it("orders like Float64Array.prototype.sort: negatives, −0 before +0, subnormals, infinities", () => {
    const xs = [3, -0, 0, -1e-310, 5e-324, -Infinity, Infinity, -2.5, 1e308, -1e308, 2.5, 0, -0, 7];
    const long = Array.from({ length: RADIX_MIN }, (_, i) => xs[i % xs.length]! * (1 + (i % 5)));
    const r = radixSorted(long)!;
    expect(sameBits(r, Float64Array.from(long).sort())).toBe(true);
    // −0 (0x8000…) sorts before +0: the first zero is negative, the last is positive.
    expect([r[0], r[r.length - 1], r[r.indexOf(0)], r[r.lastIndexOf(0)]]).toEqual([
      -Infinity,
      Infinity,
      -0,
      0,
    ]);
  });

  it("±Infinity (exponent all ones, fraction 0) sorts to the ends; the largest finite values just inside", () => {
    const xs = Array.from(
      { length: RADIX_MIN },
      (_, i) => [Infinity, -Infinity, Number.MAX_VALUE, -Number.MAX_VALUE, i, -i][i % 6]!,
    );
    const r = radixSorted(xs)!;
    expect(r).not.toBeNull();
    const n = xs.length;
    // 2,048 = 6 · 341 + 2: indices ≡ 0 and 1 (mod 6), the two infinities, come 342 times each.
    const k = 342;
    expect([r[0], r[k - 1], r[k], r[n - 1], r[n - k], r[n - k - 1]]).toEqual([
      -Infinity,
      -Infinity,
      -Number.MAX_VALUE,
      Infinity,
      Infinity,
      Number.MAX_VALUE,
    ]);
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
});

describe("radixSortInPlace", () => {
  it.each([
    // [high half, low half, index]: the only set fraction bit the lowest (high fraction 0);
    // negative NaNs (sign bit set), quiet or not; a NaN at index 0
    [0x7ff00000, 1, 5],
    [0xfff80000, 0, 9],
    [0xfff00000, 7, 9],
    [0x7ff00001, 0, 0],
  ])(
    "gives up on the NaN %s:%s at %d (null), leaving the array bit for bit as it was",
    (hi, lo, at) => {
      const a = withBits(hi, lo, at);
      expect(Number.isNaN(a[at]!)).toBe(true);
      const before = Uint32Array.from(new Uint32Array(a.buffer));
      expect(radixSortInPlace(a, new Float64Array(a.length))).toBeNull();
      expect(Array.from(new Uint32Array(a.buffer))).toStrictEqual(Array.from(before));
    },
  );

  it("leaves the array as it was when it meets a NaN, and sorts into either buffer", () => {
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

  it("values that differ only in their lowest 33 bits (digits 0–2 of the key) sort like the built-in sort", () => {
    // Random doubles almost always differ in their top 31 bits, so the low passes never decide
    // their order; these share sign, exponent and the top 19 fraction bits (±1.0000001…).
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(0x3ff00000, 0x3ff00001, 0xbff00000, 0xbff00001),
            fc.integer({ min: 0, max: 0xffffffff }),
          ),
          { minLength: 1, maxLength: 300 },
        ),
        (pairs) => {
          const a = new Float64Array(RADIX_MIN + 1);
          const u = new Uint32Array(a.buffer);
          for (let i = 0; i < a.length; i++) {
            const [hi, lo] = pairs[i % pairs.length]!;
            u[2 * i] = (lo + i * 2654435761) >>> 0;
            u[2 * i + 1] = hi;
          }
          const want = Float64Array.from(a).sort();
          const got = radixSortInPlace(a, new Float64Array(a.length));
          return got !== null && got.every((v, i) => Object.is(v, want[i]));
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe("sortedCopy", () => {
  it("sorts NaN last, where radixSorted gives up on it (left to the built-in sort)", () => {
    const xs = Array.from({ length: RADIX_MIN + 1 }, (_, i) => (i === 7 ? NaN : RADIX_MIN - i));
    expect(radixSorted(xs)).toBeNull();
    const s = sortedCopy(xs);
    expect(s[0]).toBe(0);
    expect(s[s.length - 1]).toBeNaN();
    // A long array with a NaN first: numbers ascending, the NaN last.
    const ys = Array.from({ length: RADIX_MIN + 5 }, (_, i) => (i === 0 ? NaN : (i * 37) % 101));
    const t = sortedCopy(ys);
    expect(t.length).toBe(ys.length);
    for (let i = 1; i < t.length - 1; i++) expect(t[i - 1]! <= t[i]!).toBe(true);
    expect(t[t.length - 1]).toBeNaN();
  });
});
