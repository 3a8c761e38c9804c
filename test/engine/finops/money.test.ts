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
  it.each([
    // hits the total exactly: the 1920 split of docs/allocation.md, units from nothing
    [[443.0769230769, 1476.923076923], 192000, 2, [44308, 147692]],
    [[0, 0], 5, 0, [3, 2]],
    // 10.005 × 3 = 30.015 → 3002 cents: floors 1000 each (.5 each) → +2 to the first two.
    [[10.005, 10.005, 10.005], 3002, 2, [1001, 1001, 1000]],
    // Too many units: 3 × 1.006 (floors 100, .6 each) with a total of 299 → −1 from the first.
    [[1.006, 1.006, 1.006], 299, 2, [99, 100, 100]],
    // A missing cent goes to the largest remainder even when it is not the first part:
    // 10.1 and 10.9 cents: floors 10 + 10 = 20, one cent missing → the 0.9 remainder (part 2)
    [[0.101, 0.109], 21, 2, [10, 11]],
    // three parts, largest remainder in the middle: 10.2, 10.7, 10.4 → floors 30, total 31
    [[0.102, 0.107, 0.104], 31, 2, [10, 11, 10]],
    // two cents missing: the two largest remainders (0.7 and 0.4), not the first two parts
    [[0.102, 0.107, 0.104], 32, 2, [10, 11, 11]],
    // Excess cents come back from the smallest remainders first:
    // 10.4, 10.8, 10.1 → floors 30; total 29: one cent too many → from the 0.1 remainder (part 3)
    [[0.104, 0.108, 0.101], 29, 2, [10, 10, 9]],
    // total 28: two too many → from 0.1 (part 3), then 0.4 (part 1); the 0.8 part keeps its floor
    [[0.104, 0.108, 0.101], 28, 2, [9, 10, 9]],
    // Ties of equal remainders go toward the earlier part, both when adding and when taking back:
    // adding: 10.5, 10.5, 10.1 → total 31: one cent to the first of the tied 0.5 parts
    [[0.105, 0.105, 0.101], 31, 2, [11, 10, 10]],
    // taking back: 10.5, 10.5, 10.9 → total 29: one cent from the first of the tied 0.5 parts
    [[0.105, 0.105, 0.109], 29, 2, [9, 10, 10]],
    // Equal decimal remainders tie even when binary noise makes them differ (0.999 vs 1.999 − 1):
    // 0.999 and 1.999 cents: floors 0 + 1, total 2 → the tie goes to the first part.
    // In doubles 1.999 − 1 = 0.9990000000000001 > 0.999, which used to hand the cent to the second.
    [[0.00999, 0.01999], 2, 2, [1, 1]],
    // taking back: 2.333 and 12.333 cents, total 13 → one cent from the first of the tied parts
    [[0.02333, 0.12333], 13, 2, [1, 12]],
    // large amounts: 123456789.25 + 1.25 cents, total 123456791 → the tie goes to the first
    [[1234567.8925, 0.0125], 123456791, 2, [123456790, 1]],
    // 0.333 and 12345678.333 cents: in doubles the second remainder is 0.33300000057, rounded to the
    // 7 decimals an 8-digit amount can have it is 0.333 again → the tie goes to the first part
    [[0.00333, 123456.78333], 12345679, 2, [1, 12345678]],
    // A gap larger than the number of parts is spread in whole rounds first:
    // 100 + 200 cents, total 501: gap 201 = 100 rounds of 2 parts + 1 (to the first, remainders tied at 0)
    [[1, 2], 501, 2, [201, 300]],
    // total 100: gap −200 = −100 per part
    [[1, 2], 100, 2, [0, 100]],
    // total 97: gap −203 = −101 per part and one more from the first
    [[1, 2], 97, 2, [-2, 99]],
    // a gap of exactly the number of parts is one whole round, nothing left for the remainders
    [[0.101, 0.109], 22, 2, [11, 11]],
    // The floors stay untouched when the total needs no correction, and there is no −0:
    [[0.123, 0.456], 57, 2, [12, 45]],
    [[0, 0, 0], 0, 2, [0, 0, 0]],
    [[-0, 0.004], 0, 2, [0, 0]],
    [[], 5, 2, []],
    // A non-finite amount counts as 0, and the total is rounded to whole minor units:
    [[Number.NaN, 0.05, Number.POSITIVE_INFINITY], 5, 2, [0, 5, 0]],
    // total 5.4 → 5 minor units; 5.6 → 6
    [[0.02, 0.02], 5.4, 2, [3, 2]],
    [[0.02, 0.02], 5.6, 2, [3, 3]],
    // In the currency's own minor unit (JPY 0 digits, KWD 3):
    // 1.5 yen and 2.5 yen → floors 1 + 2, total 5: one yen to the first of the tied 0.5 remainders
    [[1.5, 2.5], 5, 0, [2, 3]],
    // 1.2345 and 2.7655 dinar → 1234.5 + 2765.5 fils, total 4000: one fils to the first
    [[1.2345, 2.7655], 4000, 3, [1235, 2765]],
  ])("%j to a total of %s minor units (%s digits) → %j", (amounts, total, digits, want) => {
    expectStrictNumbers(largestRemainder(amounts, total, digits), want);
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
  it.each([
    // toMinor(0) is +0, not NaN and not −0
    [0, 2, 0],
    [-0, 2, 0],
    [-0.001, 2, 0],
    [0.004, 2, 0],
    [0, 0, 0],
    // halves round away from zero after cutting binary noise
    [1.005, 2, 101],
    [-1.005, 2, -101],
    [0.5, 0, 1],
    [-0.5, 0, -1],
    [2.5, 0, 3],
    [1.0004, 3, 1000],
    [1.0005, 3, 1001],
    [443.0769, 2, 44308],
    // a non-finite amount is 0
    [Number.NaN, 2, 0],
    [Number.POSITIVE_INFINITY, 2, 0],
    [Number.NEGATIVE_INFINITY, 0, 0],
  ])("toMinor(%s, %s) = %s", (amount, digits, minor) => {
    expectStrictNumbers([toMinor(amount, digits)], [minor]);
  });

  // Minor units back into the decimal amount on both paths (below and from 2^40); 0 stays +0.
  it.each([
    [44308, 2, 443.08],
    [-44308, 2, -443.08],
    [5, 0, 5],
    [1, 3, 0.001],
    [0, 2, 0],
    [-0, 2, 0],
    [2 ** 40, 2, 10995116277.76],
    [-(2 ** 40), 2, -10995116277.76],
    [12.5, 1, 1.3],
  ])("fromMinor(%s, %s) = %s", (minor, digits, amount) => {
    expectStrictNumbers([fromMinor(minor, digits)], [amount]);
  });

  it("fromMinor divides integer minor units exactly like the toFixed round trip", () => {
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

  it.each([
    [443.0769, "USD", 443.08],
    [443.5, "JPY", 444],
    [1.23456, "KWD", 1.235],
    [-0.001, "USD", 0],
  ])("roundMoney(%s, %s) = %s: to the currency's minor unit", (amount, code, rounded) => {
    expectStrictNumbers([roundMoney(amount, code)], [rounded]);
  });
});

describe("currencies", () => {
  // Minor-unit digits come from Intl, trimmed and upper-cased, with 2 for codes Intl rejects;
  // four digits exist (Chile's unidad de fomento).
  it.each([
    [" jpy ", 0],
    ["kwd", 3],
    ["usd", 2],
    ["", 2],
    ["US", 2],
    ["USD", 2],
    ["CNY", 2],
    ["JPY", 0],
    ["KWD", 3],
    ["not a code", 2],
    ["CLF", 4],
  ])("minorUnitDigits(%j) = %s", (code, digits) => {
    expectStrictNumbers([minorUnitDigits(code)], [digits]);
  });

  it.each([
    ["usd", true],
    [" EUR ", true],
    ["US", false],
    ["", false],
    ["EURO", false],
  ])("isCurrencyCode(%j) = %s: codes Intl accepts, not malformed ones", (code, ok) => {
    expect(isCurrencyCode(code)).toBe(ok);
  });

  // The largest power of ten whose minor units stay exact with room for 1024 parts:
  // ⌊log10(2^53 / 10^d / 1024)⌋: USD 10.94 → 1e10, JPY 12.94 → 1e12, KWD 9.94 → 1e9, CLF → 1e8
  it.each([
    ["USD", 1e10],
    ["JPY", 1e12],
    ["KWD", 1e9],
    ["CLF", 1e8],
  ])("maxExactAmount(%s) = %s", (code, amount) => {
    expectStrictNumbers([maxExactAmount(code)], [amount]);
  });

  // Exact up to 2^53 − 1 = 9007199254740991 minor units and not beyond, nor for non-finite amounts.
  const limit = Number.MAX_SAFE_INTEGER;
  it.each([
    [limit, 0, true],
    [-limit, 0, true],
    [limit + 2, 0, false],
    [-(limit + 2), 0, false],
    [90071992547409, 2, true],
    [90071992547410, 2, false],
    [Number.NaN, 2, false],
    [Number.POSITIVE_INFINITY, 0, false],
    [0, 2, true],
  ])("isExactAmount(%s, %s) = %s", (amount, digits, exact) => {
    expect(isExactAmount(amount, digits)).toBe(exact);
  });
});
