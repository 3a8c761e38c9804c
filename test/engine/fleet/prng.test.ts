/** The seeded generator (src/engine/fleet/prng.ts): determinism, and its draws against their distributions. */
import { describe, expect, it } from "vitest";
import { Prng } from "../../../src/engine/fleet/prng";

const N = 200_000;

describe("Prng", () => {
  it("gives the same stream for the same seed and different streams for nearby seeds", () => {
    const a = new Prng(1);
    const b = new Prng(1);
    const c = new Prng(2);
    const xa = Array.from({ length: 8 }, () => a.next32());
    expect(Array.from({ length: 8 }, () => b.next32())).toEqual(xa);
    const xc = Array.from({ length: 8 }, () => c.next32());
    expect(xc.filter((x, i) => x === xa[i])).toEqual([]);
  });
  it("keeps the high bits of seeds above 2^32", () => {
    expect(new Prng(2 ** 40 + 5).next32()).not.toBe(new Prng(5).next32());
  });
  it("draws 32-bit words whose bits are each set half the time (±5 σ)", () => {
    const r = new Prng(99);
    const ones = new Array(32).fill(0);
    for (let i = 0; i < N; i++) {
      const x = r.next32();
      expect(x).toBeGreaterThanOrEqual(0);
      for (let b = 0; b < 32; b++) if ((x >>> b) & 1) ones[b]++;
    }
    const sigma = Math.sqrt(N / 4);
    for (const o of ones) expect(Math.abs(o - N / 2)).toBeLessThan(5 * sigma);
  });
  it("uniform: in [0, 1), mean 1/2 and variance 1/12 (±5 σ), deciles filled evenly (χ², 9 df, < 30)", () => {
    const r = new Prng(3);
    let s = 0;
    let s2 = 0;
    const dec = new Array(10).fill(0);
    for (let i = 0; i < N; i++) {
      const u = r.uniform();
      expect(u >= 0 && u < 1).toBe(true);
      s += u;
      s2 += u * u;
      dec[Math.floor(u * 10)]++;
    }
    expect(Math.abs(s / N - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / N));
    expect(Math.abs(s2 / N - (s / N) ** 2 - 1 / 12)).toBeLessThan(0.002);
    const chi2 = dec.reduce((a, c) => a + (c - N / 10) ** 2 / (N / 10), 0);
    expect(chi2).toBeLessThan(30);
  });
  it.each([[0.5], [10], [1000]])("exponential(%d): mean and P(X > mean) = e^−1 (±5 σ)", (mean) => {
    const r = new Prng(11);
    let s = 0;
    let over = 0;
    for (let i = 0; i < N; i++) {
      const x = r.exponential(mean);
      s += x;
      if (x > mean) over++;
    }
    expect(Math.abs(s / N / mean - 1)).toBeLessThan(5 / Math.sqrt(N));
    const p = Math.exp(-1);
    expect(Math.abs(over / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N));
  });
  it.each([[1], [2], [7.5], [200]])(
    "geometric(%d): on 1, 2, …, with that mean and P(X = 1) = 1/mean (±5 σ)",
    (mean) => {
      const r = new Prng(5);
      let s = 0;
      let ones = 0;
      for (let i = 0; i < N; i++) {
        const x = r.geometric(mean);
        expect(Number.isInteger(x) && x >= 1).toBe(true);
        s += x;
        if (x === 1) ones++;
      }
      const p = 1 / mean;
      const sdMean = Math.sqrt((1 - p) / p ** 2 / N);
      expect(Math.abs(s / N - mean)).toBeLessThanOrEqual(5 * sdMean);
      expect(Math.abs(ones / N - p)).toBeLessThanOrEqual(5 * Math.sqrt((p * (1 - p)) / N));
    },
  );
});
