/**
 * Money in minor units (docs/allocation.md, docs/mutation-testing.md): tests that pin down the
 * largest-remainder split and the rounding helpers with hand-calculated numbers and an oracle that
 * does not share the code's sort (issue #15).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fromMinor,
  isCurrencyCode,
  isExactAmount,
  largestRemainder,
  maxExactAmount,
  minorUnitDigits,
  roundMoney,
  toMinor,
} from "../../../src/engine/finops/money";

/** `Object.is` on every element: NaN ≠ 0, −0 ≠ +0 (toEqual/toBe would not see a −0 or accept NaN ≡ NaN). */
function expectStrictNumbers(got: readonly number[], want: readonly number[]): void {
  expect(got.length).toBe(want.length);
  got.forEach((g, i) => {
    if (!Object.is(g, want[i]))
      throw new Error(
        `element ${i}: got ${Object.is(g, -0) ? "-0" : String(g)}, want ${String(want[i])} (got ${JSON.stringify(got)})`,
      );
  });
}

/**
 * Brute-force largest remainder over integer thousandths of a minor unit: part i gets
 * ⌊k_i / 1000⌋, every part the whole rounds of the gap, and the rest one unit to each part that
 * ranks among the first |gap| when parts are ranked by remainder (largest first when units are
 * missing, smallest first when there are too many; ties to the earlier part). Ranks are counted
 * pairwise, without sorting.
 */
function referenceSplit(thousandths: readonly number[], totalMinor: number): number[] {
  const n = thousandths.length;
  const floors = thousandths.map((k) => Math.floor(k / 1000));
  const rems = thousandths.map((k, i) => k - 1000 * floors[i]!);
  let gap = totalMinor - floors.reduce((s, x) => s + x, 0);
  const whole = gap >= 0 ? Math.floor(gap / n) : -Math.floor(-gap / n);
  gap -= whole * n;
  return floors.map((f, i) => {
    let rank = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const before = gap > 0 ? rems[j]! > rems[i]! : rems[j]! < rems[i]!;
      if (before || (rems[j] === rems[i] && j < i)) rank++;
    }
    return f + whole + (rank < Math.abs(gap) ? Math.sign(gap) : 0);
  });
}

describe("largestRemainder", () => {
  it("hits the total exactly: the 1920 split of docs/allocation.md, units from nothing, too many units", () => {
    const seed = largestRemainder([443.0769230769, 1476.923076923], 192000, 2);
    expectStrictNumbers(seed, [44308, 147692]);
    expectStrictNumbers(largestRemainder([0, 0], 5, 0), [3, 2]);
    // 10.005 × 3 = 30.015 → 3002 cents: floors 1000 each (.5 each) → +2 to the first two.
    expectStrictNumbers(largestRemainder([10.005, 10.005, 10.005], 3002, 2), [1001, 1001, 1000]);
    // Too many units: 3 × 1.006 (floors 100, .6 each) with a total of 299 → −1 from the first.
    expectStrictNumbers(largestRemainder([1.006, 1.006, 1.006], 299, 2), [99, 100, 100]);
  });

  it("gives a missing cent to the largest remainder even when it is not the first part", () => {
    // 10.1 and 10.9 cents: floors 10 + 10 = 20, one cent missing → the 0.9 remainder (part 2)
    expectStrictNumbers(largestRemainder([0.101, 0.109], 21, 2), [10, 11]);
    // three parts, largest remainder in the middle: 10.2, 10.7, 10.4 → floors 30, total 31
    expectStrictNumbers(largestRemainder([0.102, 0.107, 0.104], 31, 2), [10, 11, 10]);
    // two cents missing: the two largest remainders (0.7 and 0.4), not the first two parts
    expectStrictNumbers(largestRemainder([0.102, 0.107, 0.104], 32, 2), [10, 11, 11]);
  });

  it("takes excess cents back from the smallest remainders first", () => {
    // 10.4, 10.8, 10.1 → floors 30; total 29: one cent too many → from the 0.1 remainder (part 3)
    expectStrictNumbers(largestRemainder([0.104, 0.108, 0.101], 29, 2), [10, 10, 9]);
    // total 28: two too many → from 0.1 (part 3), then 0.4 (part 1); the 0.8 part keeps its floor
    expectStrictNumbers(largestRemainder([0.104, 0.108, 0.101], 28, 2), [9, 10, 9]);
  });

  it("breaks ties of equal remainders toward the earlier part, both when adding and when taking back", () => {
    // adding: 10.5, 10.5, 10.1 → total 31: one cent to the first of the tied 0.5 parts
    expectStrictNumbers(largestRemainder([0.105, 0.105, 0.101], 31, 2), [11, 10, 10]);
    // taking back: 10.5, 10.5, 10.9 → total 29: one cent from the first of the tied 0.5 parts
    expectStrictNumbers(largestRemainder([0.105, 0.105, 0.109], 29, 2), [9, 10, 10]);
  });

  it("ties equal decimal remainders even when binary noise makes them differ (0.999 vs 1.999 − 1)", () => {
    // 0.999 and 1.999 cents: floors 0 + 1, total 2 → the tie goes to the first part.
    // In doubles 1.999 − 1 = 0.9990000000000001 > 0.999, which used to hand the cent to the second.
    expectStrictNumbers(largestRemainder([0.00999, 0.01999], 2, 2), [1, 1]);
    // taking back: 2.333 and 12.333 cents, total 13 → one cent from the first of the tied parts
    expectStrictNumbers(largestRemainder([0.02333, 0.12333], 13, 2), [1, 12]);
    // large amounts: 123456789.25 + 1.25 cents, total 123456791 → the tie goes to the first
    expectStrictNumbers(largestRemainder([1234567.8925, 0.0125], 123456791, 2), [123456790, 1]);
    // 0.333 and 12345678.333 cents: in doubles the second remainder is 0.33300000057, rounded to the
    // 7 decimals an 8-digit amount can have it is 0.333 again → the tie goes to the first part
    expectStrictNumbers(largestRemainder([0.00333, 123456.78333], 12345679, 2), [1, 12345678]);
  });

  it("spreads a gap larger than the number of parts in whole rounds first", () => {
    // 100 + 200 cents, total 501: gap 201 = 100 rounds of 2 parts + 1 (to the first, remainders tied at 0)
    expectStrictNumbers(largestRemainder([1, 2], 501, 2), [201, 300]);
    // total 100: gap −200 = −100 per part
    expectStrictNumbers(largestRemainder([1, 2], 100, 2), [0, 100]);
    // total 97: gap −203 = −101 per part and one more from the first
    expectStrictNumbers(largestRemainder([1, 2], 97, 2), [-2, 99]);
    // a gap of exactly the number of parts is one whole round, nothing left for the remainders
    expectStrictNumbers(largestRemainder([0.101, 0.109], 22, 2), [11, 11]);
  });

  it("returns the floors untouched when the total needs no correction, and no −0", () => {
    expectStrictNumbers(largestRemainder([0.123, 0.456], 57, 2), [12, 45]);
    expectStrictNumbers(largestRemainder([0, 0, 0], 0, 2), [0, 0, 0]);
    expectStrictNumbers(largestRemainder([-0, 0.004], 0, 2), [0, 0]);
    expectStrictNumbers(largestRemainder([], 5, 2), []);
  });

  it("counts a non-finite amount as 0 and rounds the total to whole minor units", () => {
    expectStrictNumbers(
      largestRemainder([Number.NaN, 0.05, Number.POSITIVE_INFINITY], 5, 2),
      [0, 5, 0],
    );
    // total 5.4 → 5 minor units; 5.6 → 6
    expectStrictNumbers(largestRemainder([0.02, 0.02], 5.4, 2), [3, 2]);
    expectStrictNumbers(largestRemainder([0.02, 0.02], 5.6, 2), [3, 3]);
  });

  it("works in the currency's own minor unit (JPY 0 digits, KWD 3)", () => {
    // 1.5 yen and 2.5 yen → floors 1 + 2, total 5: one yen to the first of the tied 0.5 remainders
    expectStrictNumbers(largestRemainder([1.5, 2.5], 5, 0), [2, 3]);
    // 1.2345 and 2.7655 dinar → 1234.5 + 2765.5 fils, total 4000: one fils to the first
    expectStrictNumbers(largestRemainder([1.2345, 2.7655], 4000, 3), [1235, 2765]);
  });

  it("matches a brute-force reference on random amounts (conservation, floors, largest remainders, ties)", () => {
    fc.assert(
      fc.property(
        // floors up to 5,000 cents; remainders often from a few shared values, so that ties happen
        fc.array(
          fc
            .tuple(
              fc.integer({ min: 0, max: 5_000 }),
              fc.oneof(fc.constantFrom(0, 1, 333, 500, 999), fc.integer({ min: 0, max: 999 })),
            )
            .map(([f, r]) => f * 1000 + r),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: -30, max: 30 }),
        (thousandths, extra) => {
          // amount in currency units whose cents have exactly three decimals: k thousandths of a cent
          const amounts = thousandths.map((k) => k / 100_000);
          const floorSum = thousandths.reduce((s, k) => s + Math.floor(k / 1000), 0);
          const total = floorSum + extra;
          const got = largestRemainder(amounts, total, 2);
          expectStrictNumbers(got, referenceSplit(thousandths, total));
          expect(got.reduce((s, x) => s + x, 0)).toBe(total);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("toMinor / fromMinor / roundMoney", () => {
  it("toMinor(0) is +0, not NaN and not −0", () => {
    expectStrictNumbers(
      [toMinor(0, 2), toMinor(-0, 2), toMinor(-0.001, 2), toMinor(0.004, 2), toMinor(0, 0)],
      [0, 0, 0, 0, 0],
    );
  });

  it("toMinor rounds halves away from zero after cutting binary noise", () => {
    expectStrictNumbers(
      [
        toMinor(1.005, 2),
        toMinor(-1.005, 2),
        toMinor(0.5, 0),
        toMinor(-0.5, 0),
        toMinor(2.5, 0),
        toMinor(1.0004, 3),
        toMinor(1.0005, 3),
        toMinor(443.0769, 2),
      ],
      [101, -101, 1, -1, 3, 1000, 1001, 44308],
    );
  });

  it("toMinor of a non-finite amount is 0", () => {
    expectStrictNumbers(
      [
        toMinor(Number.NaN, 2),
        toMinor(Number.POSITIVE_INFINITY, 2),
        toMinor(Number.NEGATIVE_INFINITY, 0),
      ],
      [0, 0, 0],
    );
  });

  it("fromMinor turns minor units back into the decimal amount on both paths (below and from 2^40)", () => {
    expectStrictNumbers(
      [
        fromMinor(44308, 2),
        fromMinor(-44308, 2),
        fromMinor(5, 0),
        fromMinor(1, 3),
        fromMinor(0, 2),
        fromMinor(2 ** 40, 2),
        fromMinor(-(2 ** 40), 2),
        fromMinor(12.5, 1),
      ],
      [443.08, -443.08, 5, 0.001, 0, 10995116277.76, -10995116277.76, 1.3],
    );
  });

  it("fromMinor divides integer minor units exactly like the toFixed round trip", () => {
    // 44308 cents → 443.08; 1 fils (3 digits) → 0.001; 0 stays +0.
    expectStrictNumbers(
      [fromMinor(44308, 2), fromMinor(1, 3), fromMinor(-0, 2)],
      [443.08, 0.001, 0],
    );
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 40) + 1, max: 2 ** 40 - 1 }),
        fc.integer({ min: 0, max: 4 }),
        (m, d) => {
          expect(fromMinor(m, d)).toBe(Number((m / 10 ** d).toFixed(d)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("roundMoney rounds to the currency's minor unit", () => {
    expectStrictNumbers(
      [
        roundMoney(443.0769, "USD"),
        roundMoney(443.5, "JPY"),
        roundMoney(1.23456, "KWD"),
        roundMoney(-0.001, "USD"),
      ],
      [443.08, 444, 1.235, 0],
    );
  });
});

describe("currencies", () => {
  it("minor-unit digits come from Intl, trimmed and upper-cased, with 2 for codes Intl rejects", () => {
    expectStrictNumbers(
      [
        minorUnitDigits(" jpy "),
        minorUnitDigits("kwd"),
        minorUnitDigits("usd"),
        minorUnitDigits(""),
        minorUnitDigits("US"),
      ],
      [0, 3, 2, 2, 2],
    );
    expectStrictNumbers(
      ["USD", "CNY", "JPY", "KWD", "not a code"].map(minorUnitDigits),
      [2, 2, 0, 3, 2],
    );
    // four digits exist (Chile's unidad de fomento)
    expectStrictNumbers([minorUnitDigits("CLF"), maxExactAmount("CLF")], [4, 1e8]);
  });

  it("isCurrencyCode tells codes Intl accepts from malformed ones", () => {
    expect([
      isCurrencyCode("usd"),
      isCurrencyCode(" EUR "),
      isCurrencyCode("US"),
      isCurrencyCode(""),
      isCurrencyCode("EURO"),
    ]).toEqual([true, true, false, false, false]);
  });

  it("maxExactAmount is the largest power of ten whose minor units stay exact with room for 1024 parts", () => {
    // ⌊log10(2^53 / 10^d / 1024)⌋: USD 10.94 → 1e10, JPY 12.94 → 1e12, KWD 9.94 → 1e9
    expectStrictNumbers(
      [maxExactAmount("USD"), maxExactAmount("JPY"), maxExactAmount("KWD")],
      [1e10, 1e12, 1e9],
    );
  });

  it("isExactAmount holds up to 2^53 − 1 minor units and not beyond, nor for non-finite amounts", () => {
    const limit = Number.MAX_SAFE_INTEGER; // 9007199254740991 minor units
    expect([
      isExactAmount(limit, 0),
      isExactAmount(-limit, 0),
      isExactAmount(limit + 2, 0),
      isExactAmount(-(limit + 2), 0),
    ]).toEqual([true, true, false, false]);
    expect([isExactAmount(90071992547409, 2), isExactAmount(90071992547410, 2)]).toEqual([
      true,
      false,
    ]);
    expect([
      isExactAmount(Number.NaN, 2),
      isExactAmount(Number.POSITIVE_INFINITY, 0),
      isExactAmount(0, 2),
    ]).toEqual([false, false, true]);
  });
});
