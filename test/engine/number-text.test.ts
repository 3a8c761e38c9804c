import { describe, expect, it } from "vitest";
import { decimalMark, readNumberText } from "../../src/engine/base/number-text";

const num = (s: string, opts = {}) => {
  const r = readNumberText(s, opts);
  return r.kind === "number" ? r.value : r.kind;
};

describe("readNumberText: numbers as people type them (docs/grid.md)", () => {
  it("reads currency symbols and ISO codes before or after", () => {
    expect(num("$2.99")).toBe(2.99);
    expect(num("US$ 1,234.50")).toBe(1234.5);
    expect(num("-$3")).toBe(-3);
    expect(num("$-3")).toBe(-3);
    expect(num("¥20")).toBe(20);
    expect(num("￥1,920")).toBe(1920);
    expect(num("20元")).toBe(20);
    expect(num("€ 8")).toBe(8);
    expect(num("USD 12")).toBe(12);
    expect(num("12 EUR")).toBe(12);
    expect(num("12eur")).toBe(12);
    expect(readNumberText("$2.99")).toEqual({
      kind: "number",
      value: 2.99,
      percent: false,
      currency: "$",
    });
    expect(num("12 ABC")).toBe("invalid");
    expect(num("USD")).toBe("invalid");
  });
  it("reads percent as written, flagged", () => {
    expect(readNumberText("50%")).toEqual({
      kind: "number",
      value: 50,
      percent: true,
      currency: null,
    });
    expect(readNumberText("12.5 %")).toMatchObject({ value: 12.5, percent: true });
  });
  it("reads thousands separators: comma, spaces (also no-break), apostrophe, underscore", () => {
    expect(num("1,500")).toBe(1500);
    expect(num("1 500")).toBe(1500);
    expect(num("1\u00a0500")).toBe(1500);
    expect(num("1\u202f500,5", { locale: "fr-FR" })).toBe(1500.5);
    expect(num("1'500")).toBe(1500);
    expect(num("1_000_000")).toBe(1e6);
    expect(num('"1,234.56"')).toBe(1234.56);
  });
  it("reads k/M/B suffixes and 万/亿 without float noise", () => {
    expect(num("1.5k")).toBe(1500);
    expect(num("1.1k")).toBe(1100);
    expect(num("2M")).toBe(2e6);
    expect(num("$1.5M")).toBe(1.5e6);
    expect(num("3B")).toBe(3e9);
    expect(num("1.2万")).toBe(12000);
    expect(num("k")).toBe("invalid");
  });
  it("reads a decimal comma only in a locale that writes one (or when told)", () => {
    expect(decimalMark("de-DE")).toBe(",");
    expect(decimalMark("en-US")).toBe(".");
    expect(decimalMark("zh-CN")).toBe(".");
    expect(num("2,5", { locale: "de-DE" })).toBe(2.5);
    expect(num("1.234,5", { locale: "de-DE" })).toBe(1234.5);
    expect(num("2,5", { locale: "en-US" })).toBe("invalid");
    expect(num("2,5")).toBe("invalid");
    expect(num("0,25", { decimalComma: true })).toBe(0.25);
  });
  it("reads signs, exponents, accounting negatives, absent and infinite values", () => {
    expect(num("-0.5")).toBe(-0.5);
    expect(num("+7")).toBe(7);
    expect(num("1e6")).toBe(1e6);
    expect(num("(1,234)")).toBe(-1234);
    expect(num("N/A")).toBe("absent");
    expect(num("")).toBe("absent");
    expect(num("inf")).toBe(Infinity);
    expect(num("abc")).toBe("invalid");
    expect(num("1.2.3")).toBe("invalid");
    expect(num("=peak")).toBe("invalid");
  });
});
