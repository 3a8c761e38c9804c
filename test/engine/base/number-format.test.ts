/**
 * The one number formatter (src/engine/base/number-format.ts, docs/architecture.md): the limits of its
 * Intl-free fast path, non-finite values, −0, absent values and the digits of fmtValue, with
 * texts written by hand (issue #15, docs/mutation-testing.md). English and Chinese write numbers
 * alike, so the Chinese locale's Intl output is checked to be the same.
 */
import { describe, expect, it } from "vitest";
import { ABSENT_NUMBER, finite, fmtNum, fmtValue } from "../../../src/engine/base/number-format";

describe("finite", () => {
  it("is true for finite numbers only, never for a numeric string", () => {
    expect([0, -0, 1.5, -1e308, Number.MAX_VALUE].map(finite)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      [
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        "1",
        null,
        undefined,
        true,
        {},
      ].map(finite),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });
});

describe("fmtNum", () => {
  it("writes ∞, −∞ and n/a for non-finite values, whatever the digits", () => {
    expect(fmtNum(Number.POSITIVE_INFINITY)).toBe("∞");
    expect(fmtNum(Number.NEGATIVE_INFINITY, 2)).toBe("−∞");
    expect(fmtNum(Number.NaN, 0, 0)).toBe("n/a");
  });

  it("groups integers by threes at every length up to 1e15", () => {
    expect([0, 7, 12, 123, 1234, 12345, 123456, 1234567].map((x) => fmtNum(x))).toEqual([
      "0",
      "7",
      "12",
      "123",
      "1,234",
      "12,345",
      "123,456",
      "1,234,567",
    ]);
    expect(fmtNum(-1234567, 2)).toBe("-1,234,567");
    expect(fmtNum(999999999999999)).toBe("999,999,999,999,999");
    expect(fmtNum(1e15)).toBe("1,000,000,000,000,000");
    expect(fmtNum(-1e15)).toBe("-1,000,000,000,000,000");
  });

  it("numbers too large for String's plain digits are still grouped (Intl), never written with an exponent", () => {
    expect(fmtNum(1e21)).toBe("1,000,000,000,000,000,000,000");
    expect(fmtNum(-1e21, 0)).toBe("-1,000,000,000,000,000,000,000");
    expect(fmtNum(1.5e21, 0)).toBe("1,500,000,000,000,000,000,000");
  });

  it("fractions: at most max digits, at least min (padding), half away from zero", () => {
    expect(fmtNum(12345.678)).toBe("12,345.7");
    expect(fmtNum(12345.678, 2)).toBe("12,345.68");
    expect(fmtNum(0.125, 2)).toBe("0.13");
    expect(fmtNum(-0.125, 2)).toBe("-0.13");
    expect(fmtNum(1.5, 2, 2)).toBe("1.50");
    expect(fmtNum(3, 2, 1)).toBe("3.0");
    expect(fmtNum(1234.4, 0)).toBe("1,234");
    expect(fmtNum(0.5, 0)).toBe("1");
    expect(fmtNum(-0.5, 0)).toBe("-1");
    expect(fmtNum(0.4, 0)).toBe("0");
  });

  it("the same number with other digits is not served from another format's memo", () => {
    expect(fmtNum(2.345, 1)).toBe("2.3");
    expect(fmtNum(2.345, 2)).toBe("2.35");
    expect(fmtNum(2.345, 3, 3)).toBe("2.345");
    expect(fmtNum(2.345, 1)).toBe("2.3");
  });

  it("0 and −0 keep their own text with min digits, in either order", () => {
    expect(fmtNum(0, 1, 1)).toBe("0.0");
    expect(fmtNum(-0, 1, 1)).toBe("-0.0");
    expect(fmtNum(0, 1, 1)).toBe("0.0");
  });

  it("Chinese writes numbers as English does (grouping ',', decimal point '.')", () => {
    const zh = new Intl.NumberFormat("zh-CN", { maximumFractionDigits: 2 });
    for (const x of [1234567.891, -0.5, 12.3]) expect(fmtNum(x, 2)).toBe(zh.format(x));
  });
});

describe("fmtValue", () => {
  it("— for absent or non-finite values, two fraction digits by default", () => {
    expect(ABSENT_NUMBER).toBe("—");
    expect(
      [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map((x) =>
        fmtValue(x),
      ),
    ).toEqual(["—", "—", "—", "—", "—"]);
    expect(fmtValue(1234.5678)).toBe("1,234.57");
    expect(fmtValue(1234.5678, 0)).toBe("1,235");
    expect(fmtValue(0)).toBe("0");
  });
});
