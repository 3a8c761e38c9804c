import { describe, expect, it } from "vitest";
import { CEIL_TOLERANCE, ceilTol, costPerMillionAt } from "../../../src/engine/chain/quantities";

describe("costPerMillionAt", () => {
  it.each([
    // [GPUs per replica, price per GPU-hour, output tok/s, cost per 1M output tokens]
    // The multi-SKU example's H100: $2.99 ÷ (1,662.0614 tok/s × 3,600 s) × 1e6 (its plan --json).
    [1, 2.99, 1662.061371616147, 0.4997141319444445],
    // The seed: 4 × $5 ÷ (1,500 × 3,600) × 1e6 = 3.7037…
    [4, 5, 1500, (20 / (1500 * 3600)) * 1e6],
    [1, 0, 100, 0],
    [1, 2, 0, null], // no throughput: undefined, not Infinity
  ])("%d GPU × %d/h at %d tok/s → %s per 1M", (g, p, t, want) => {
    const got = costPerMillionAt(g, p, t);
    if (want === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(want, 12);
  });
});

describe("ceilTol", () => {
  it.each([
    [14.4, 15],
    [15 + CEIL_TOLERANCE / 10, 15],
    [15 + CEIL_TOLERANCE * 10, 16],
    [0, 0],
  ])("%d → %d", (x, want) => expect(ceilTol(x)).toBe(want));
});
