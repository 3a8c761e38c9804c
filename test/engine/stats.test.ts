import { describe, expect, it } from "vitest";
import { percentileSorted, summarize } from "../../src/engine/stats";

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
