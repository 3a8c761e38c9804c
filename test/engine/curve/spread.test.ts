import { describe, expect, it } from "vitest";
import {
  incompleteBeta,
  lnGamma,
  spreadOf,
  tCdf,
  tQuantile,
} from "../../../src/engine/curve/spread";

describe("tQuantile", () => {
  // Student's t table (two-sided 95 %: p = 0.975), and scipy.stats.t.ppf for the digits.
  it.each([
    [1, 12.706204736174694],
    [2, 4.302652729749462],
    [3, 3.1824463052837078],
    [4, 2.7764451051977934],
    [5, 2.5705818356363146],
    [9, 2.262157162798205],
    [29, 2.045229642132703],
    [100, 1.9839715185235518],
  ])("t(0.975, %i) = %f", (df, t) => {
    expect(tQuantile(0.975, df)).toBeCloseTo(t, 9);
  });
  it("gives other levels and is odd around the median", () => {
    expect(tQuantile(0.995, 10)).toBeCloseTo(3.16927267261695, 9);
    expect(tQuantile(0.025, 4)).toBeCloseTo(-2.7764451051977934, 9);
    expect(tQuantile(0.5, 7)).toBe(0);
  });
  it("approaches the normal quantile for many degrees of freedom", () => {
    expect(tQuantile(0.975, 1e7)).toBeCloseTo(1.959964, 5);
  });
  it.each([
    [0, 3],
    [1, 3],
    [0.9, 0],
    [Number.NaN, 3],
  ])("is NaN outside its domain (p %f, df %f)", (p, df) => {
    expect(tQuantile(p, df)).toBeNaN();
  });
});

describe("tCdf", () => {
  it("matches scipy.stats.t.cdf", () => {
    expect(tCdf(2, 3)).toBeCloseTo(0.9303370157205785, 12);
    expect(tCdf(-2, 3)).toBeCloseTo(1 - 0.9303370157205785, 12);
    expect(tCdf(0, 5)).toBeCloseTo(0.5, 15);
  });
});

describe("incompleteBeta", () => {
  it("has its closed forms", () => {
    // I_x(1, 1) = x; I_x(2, 1) = x²; I_x(1, 2) = 1 − (1 − x)².
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    expect(incompleteBeta(0.3, 2, 1)).toBeCloseTo(0.09, 14);
    expect(incompleteBeta(0.8, 1, 2)).toBeCloseTo(0.96, 14);
    expect(incompleteBeta(0, 2, 3)).toBe(0);
    expect(incompleteBeta(1, 2, 3)).toBe(1);
  });
});

describe("lnGamma", () => {
  it.each([
    [1, 0],
    [5, Math.log(24)],
    [0.5, Math.log(Math.sqrt(Math.PI))],
    [10.5, Math.log(1133278.3889487856)],
  ])("ln Γ(%f)", (x, v) => {
    expect(lnGamma(x)).toBeCloseTo(v, 10);
  });
});

describe("spreadOf", () => {
  it("three runs: mean ± t(0.975, 2) × std ÷ √3, by hand", () => {
    // 1450, 1500, 1550: mean 1500, std 50, half width 4.302652729749462 × 50 ÷ √3 = 124.2068856
    const s = spreadOf([1450, 1500, 1550])!;
    expect(s).toMatchObject({ n: 3, mean: 1500 });
    expect(s.std).toBeCloseTo(50, 12);
    expect(s.lo).toBeCloseTo(1375.7931144, 6);
    expect(s.hi).toBeCloseTo(1624.2068856, 6);
    expect(s.values).toEqual([1450, 1500, 1550]);
  });
  it("five runs: mean ± t(0.975, 4) × std ÷ √5, by hand", () => {
    // 1480 … 1520: mean 1500, std √250 = 15.8113883, half width 2.7764451 × 15.8113883 ÷ √5 = 19.6324…
    const s = spreadOf([1480, 1490, 1500, 1510, 1520])!;
    expect(s.n).toBe(5);
    expect(s.std).toBeCloseTo(Math.sqrt(250), 12);
    expect(s.lo).toBeCloseTo(1500 - (2.7764451051977934 * Math.sqrt(250)) / Math.sqrt(5), 9);
    expect(s.hi).toBeCloseTo(1519.6324, 4);
  });
  it("needs two finite values", () => {
    expect(spreadOf([1500])).toBeNull();
    expect(spreadOf([1500, Number.NaN])).toBeNull();
    expect(spreadOf([])).toBeNull();
  });
});
