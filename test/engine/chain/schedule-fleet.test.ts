/**
 * src/engine/chain/schedule-fleet.ts: the wrapped maximum over the autoscaler's lead against a
 * direct loop and at its edges, and the cheapest reserved count against the sorted walk it
 * replaced, on hand-computed schedules.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestReserved, leadMax } from "../../../src/engine/chain/schedule-fleet";

/** scheduled_i as a direct loop: the maximum of values i … i + lead (wrapping). */
const naiveLead = (v: number[], lead: number): number[] =>
  v.map((_, i) => Math.max(...Array.from({ length: lead + 1 }, (_, j) => v[(i + j) % v.length]!)));

describe("leadMax", () => {
  it("scheduled_i is the wrapped maximum over the lead window (against a direct loop)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 50 }),
        (v, lead) => {
          expect(leadMax(v, lead)).toEqual(naiveLead(v, Math.min(lead, v.length - 1)));
        },
      ),
    );
  });

  it("leadMax: no values, a lead of 0 or below (a copy), a lead of n − 1 or more (the maximum everywhere)", () => {
    expect(leadMax([], 3)).toEqual([]);
    const v = [3, 1, 2];
    const copy = leadMax(v, -1);
    expect(copy).toEqual([3, 1, 2]);
    expect(copy).not.toBe(v);
    expect(leadMax(v, 0)).toEqual([3, 1, 2]);
    expect(leadMax(v, 1)).toEqual([3, 2, 3]);
    expect(leadMax(v, 2)).toEqual([3, 3, 3]);
    expect(leadMax(v, 9)).toEqual([3, 3, 3]);
    expect(leadMax([-5, -7], 4)).toEqual([-5, -5]);
    // equal values in the window
    expect(leadMax([2, 2, 1, 2, 0], 2)).toEqual([2, 2, 2, 2, 2]);
    expect(leadMax([0, 1, 0, 0, 0, 0], 1)).toEqual([1, 1, 0, 0, 0, 0]);
  });
});

describe("bestReserved", () => {
  it("bestReserved counts replica counts instead of sorting: the same R as the sorted walk", () => {
    // The walk over a sorted copy, as bestReserved computed it before counting.
    const bySort = (
      scheduled: number[],
      staticReplicas: number,
      price: number,
      reservedPrice: number,
    ): number => {
      const n = scheduled.length;
      if (n === 0) return 0;
      const cost = reservedPrice * n;
      const sorted = Float64Array.from(scheduled).sort();
      let j = 0;
      while (j < n && sorted[j]! <= 0) j++;
      if (price * (n - j) <= cost) return 0;
      while (j < n) {
        const R = sorted[j]!;
        while (j < n && sorted[j]! <= R) j++;
        if (price * (n - j) <= cost) return Math.min(R, staticReplicas);
      }
      return staticReplicas;
    };
    // Hand check: 10 intervals at 2 replicas and 10 at 6, price 3, reserved 1 (cost 20 per replica):
    // R = 2 saves 3 × 10 = 30 > 20 for the third replica → go on; at R = 6 nothing is left → 6.
    // With reserved 2 (cost 40): the third replica saves 30 ≤ 40 → R = 2.
    const s = [...Array(10).fill(2), ...Array(10).fill(6)];
    expect(bestReserved(s, 6, 3, 1)).toBe(6);
    expect(bestReserved(s, 6, 3, 2)).toBe(2);
    const counts = fc.array(fc.nat(40), { maxLength: 300 });
    const mixed = fc.array(fc.oneof(fc.nat(40), fc.double({ min: 0, max: 40, noNaN: true })), {
      maxLength: 300,
    });
    fc.assert(
      fc.property(
        fc.oneof(counts, mixed),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (v, price, reserved) => {
          const st = v.reduce((m, x) => Math.max(m, x), 0);
          return bestReserved(v, st, price, reserved) === bySort(v, st, price, reserved);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("bestReserved handles an empty schedule and a free on-demand price", () => {
    expect(bestReserved([], 0, 10, 5)).toBe(0);
    expect(bestReserved([3, 3], 3, 0, 0)).toBe(0); // nothing to save: tie at 0 cost → R = 0
  });

  it("bestReserved never reserves more than the static fleet (counted and sorted paths)", () => {
    // reserving is cheap (1 × 2 intervals = 2 per replica vs 10 × 2 saved): the walk reaches 5, capped at 3
    expect(bestReserved([5, 5], 3, 10, 1)).toBe(3);
    expect(bestReserved([5.5, 5.5], 3, 10, 1)).toBe(3);
    // the sorted path (fractional replicas 1.5 and 2.5, price 10): R walks 0 → 1.5 → 2.5; going past R saves
    // 10 × #{intervals above R} (20 at 0, 10 at 1.5) and costs reserved × 2 intervals (8, 12, 22 for 4, 6, 11)
    expect(bestReserved([1.5, 2.5], 2.5, 10, 4)).toBe(2.5);
    expect(bestReserved([1.5, 2.5], 2.5, 10, 6)).toBe(1.5);
    expect(bestReserved([1.5, 2.5], 2.5, 10, 11)).toBe(0);
    // zeros count as already covered by R = 0
    expect(bestReserved([0, 0, 0.5], 0.5, 10, 4)).toBe(0);
    expect(bestReserved([0, 0, 0.5], 0.5, 10, 3)).toBe(0.5);
    // the same on the counted path: one interval of 3 above R = 0 saves 10 ≤ 4 × 3 intervals
    expect([bestReserved([0, 0, 2], 2, 10, 4), bestReserved([0, 0, 2], 2, 10, 3)]).toEqual([0, 2]);
  });

  // A tie (one more reserved replica saves exactly what it costs) keeps the smaller R, on both
  // paths; the random property above almost never draws an exact tie with fractions.
  it.each([
    // [1.5, 2.5] at price 10: going past 0 saves 20, past 1.5 saves 10; reserved 10 and 5 × 2 intervals tie
    [[1.5, 2.5], 2.5, 10, 10, 0],
    [[1.5, 2.5], 2.5, 10, 5, 1.5],
    [[1, 2], 2, 10, 10, 0],
    [[1, 2], 2, 10, 5, 1],
  ])(
    "a tie keeps the smaller R: bestReserved(%j, %d, %d, %d) = %d",
    (s, st, price, reserved, r) => {
      expect(bestReserved(s, st, price, reserved)).toBe(r);
    },
  );

  it("never reserves more replicas than the schedule ever runs, even below a larger static fleet", () => {
    // reserving is cheap: the walk goes to the schedule's largest value (2 or 2.5), not to 5
    expect([bestReserved([2, 2], 5, 10, 1), bestReserved([2.5, 2.5], 5, 10, 1)]).toEqual([2, 2.5]);
  });
});
