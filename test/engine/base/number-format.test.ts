/**
 * The one number formatter (src/engine/base/number-format.ts, docs/architecture.md): the limits of its
 * Intl-free fast path, non-finite values, −0, absent values and the digits of fmtValue, with
 * texts written by hand (issue #15, docs/mutation-testing.md). English and Chinese write numbers
 * alike, so the Chinese locale's Intl output is checked to be the same.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT_NUMBER, finite, fmtNum, fmtValue } from "../../../src/engine/base/number-format";

describe("finite", () => {
  it("is true for finite numbers only, never for a numeric string", () => {
    expect([0, -0, 1.5, -1e308, Number.MAX_VALUE].map(finite)).toEqual(Array(5).fill(true));
    const no = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, "1", null];
    expect([...no, undefined, true, {}].map(finite)).toEqual(Array(8).fill(false));
  });
});

describe("fmtNum", () => {
  const intl = (x: number, max = 1, min = 0) =>
    new Intl.NumberFormat("en", { minimumFractionDigits: min, maximumFractionDigits: max }).format(
      x,
    );

  it.each([
    // non-finite values, whatever the digits
    [Number.POSITIVE_INFINITY, 1, 0, "∞"],
    [Number.NEGATIVE_INFINITY, 2, 0, "−∞"],
    [Number.NaN, 0, 0, "n/a"],
    // integers grouped by threes at every length up to 1e15
    [0, 1, 0, "0"],
    [7, 1, 0, "7"],
    [12, 1, 0, "12"],
    [123, 1, 0, "123"],
    [1234, 1, 0, "1,234"],
    [12345, 1, 0, "12,345"],
    [123456, 1, 0, "123,456"],
    [1234567, 1, 0, "1,234,567"],
    [999, 2, 0, "999"],
    [-1234567, 2, 0, "-1,234,567"],
    [999999999999999, 1, 0, "999,999,999,999,999"],
    [1e15, 1, 0, "1,000,000,000,000,000"],
    [-1e15, 1, 0, "-1,000,000,000,000,000"],
    // too large for String's plain digits: still grouped (Intl), never with an exponent
    [1e21, 1, 0, "1,000,000,000,000,000,000,000"],
    [-1e21, 0, 0, "-1,000,000,000,000,000,000,000"],
    [1.5e21, 0, 0, "1,500,000,000,000,000,000,000"],
    // fractions: at most max digits, at least min (padding), half away from zero
    [12345.678, 1, 0, "12,345.7"],
    [12345.678, 2, 0, "12,345.68"],
    [0.125, 2, 0, "0.13"],
    [-0.125, 2, 0, "-0.13"],
    [1.5, 2, 2, "1.50"],
    [3, 2, 1, "3.0"],
    [1234.4, 0, 0, "1,234"],
    [1234.5, 0, 0, "1,235"],
    [0.5, 0, 0, "1"],
    [-0.5, 0, 0, "-1"],
    [0.4, 0, 0, "0"],
    // half away from zero on the exact binary value
    [2.5, 0, 0, "3"],
    [-2.5, 0, 0, "-3"],
    [0.49999999999999994, 0, 0, "0"],
    // Intl writes a negative number that rounds to zero, and −0, with a sign
    [-0.3, 0, 0, "-0"],
    [-0, 1, 0, "-0"],
    [-0, 2, 2, "-0.00"],
    [0, 2, 2, "0.00"],
  ])("fmtNum(%d, %d, %d) is %s", (x, max, min, text) => {
    expect(fmtNum(x, max, min)).toBe(text);
  });

  it("the same number with other digits is not served from another format's memo", () => {
    const texts = [fmtNum(2.345, 1), fmtNum(2.345, 2), fmtNum(2.345, 3, 3), fmtNum(2.345, 1)];
    expect(texts).toEqual(["2.3", "2.35", "2.345", "2.3"]);
  });

  it("0 and −0 keep their own text with min digits, in either order", () => {
    expect([fmtNum(0, 1, 1), fmtNum(-0, 1, 1), fmtNum(0, 1, 1)]).toEqual(["0.0", "-0.0", "0.0"]);
  });

  it("Chinese writes numbers as English does (grouping ',', decimal point '.')", () => {
    const zh = new Intl.NumberFormat("zh-CN", { maximumFractionDigits: 2 });
    for (const x of [1234567.891, -0.5, 12.3]) expect(fmtNum(x, 2)).toBe(zh.format(x));
  });

  it("gives the same text as Intl.NumberFormat for any number and digits", () => {
    const x = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e16, max: 1e16 }),
      fc.integer().map((i) => i / 2),
      fc.integer().map((i) => i / 100),
    );
    const digits = fc.constantFrom([0, 0], [1, 0], [2, 0], [3, 0], [1, 1], [2, 2]);
    fc.assert(
      fc.property(x, digits, (v, [max, min]) => {
        expect(fmtNum(v, max, min)).toBe(intl(v, max, min));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("fmtValue", () => {
  it("— for absent or non-finite values, two fraction digits by default", () => {
    expect(ABSENT_NUMBER).toBe("—");
    const absent = [
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    expect(absent.map((x) => fmtValue(x))).toEqual(Array(5).fill("—"));
    expect([fmtValue(1234.5678), fmtValue(1234.5678, 0), fmtValue(0)]).toEqual([
      "1,234.57",
      "1,235",
      "0",
    ]);
  });
});
