import { describe, expect, it, vi } from "vitest";
import { decimalMark, readNumberText } from "../../../src/engine/base/number-text";
import { words } from "../../words";

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

describe("boundaries and edge cases", () => {
  /**
   * Numbers written as text (src/engine/base/number-text.ts, docs/grid.md): each absent spelling and its
   * near misses, signs and accounting negatives, currency before and after (what is kept as the
   * currency), percent with a currency, magnitude suffixes, separators in both decimal-mark styles,
   * the exact value of a typed number, −0 (issue #15, docs/mutation-testing.md).
   */
  const num = (s: string | number | null | undefined, opts = {}) => {
    const r = readNumberText(s, opts);
    return r.kind === "number" ? r.value : r.kind;
  };

  describe("values that are not text", () => {
    it("a number is taken as it is (∞ too); NaN, null and undefined are absent", () => {
      expect(readNumberText(12.5)).toEqual({
        kind: "number",
        value: 12.5,
        percent: false,
        currency: null,
      });
      expect(readNumberText(Number.NEGATIVE_INFINITY)).toEqual({
        kind: "number",
        value: Number.NEGATIVE_INFINITY,
        percent: false,
        currency: null,
      });
      expect([readNumberText(Number.NaN), readNumberText(null), readNumberText(undefined)]).toEqual(
        [{ kind: "absent" }, { kind: "absent" }, { kind: "absent" }],
      );
    });
  });

  describe("absent and infinite spellings", () => {
    it("every absent spelling, in any case, with spaces or quotes around", () => {
      const absent = [
        "",
        "  ",
        "n/a",
        "N/A",
        "na",
        "NA",
        "nan",
        "NaN",
        "none",
        "None",
        "null",
        "NULL",
        "-",
        "—",
        "undefined",
        ' "" ',
        '"N/A"',
      ];
      expect(absent.map((s) => num(s))).toEqual(absent.map(() => "absent"));
    });

    it("near misses of the absent spellings are invalid, with the text kept", () => {
      for (const s of ["nana", "xnull", "nulls", "n/ab", "--", "——", "nonez", "n\\a"])
        expect(readNumberText(s)).toEqual({ kind: "invalid", text: s });
    });

    it("inf, infinity and ∞ with an optional sign; nothing else around them", () => {
      expect(["inf", "+inf", "Infinity", "INF", "∞", "+∞", '"inf"'].map((s) => num(s))).toEqual(
        Array(7).fill(Number.POSITIVE_INFINITY),
      );
      expect(["-inf", "-Infinity", "-∞", "-INF"].map((s) => num(s))).toEqual(
        Array(4).fill(Number.NEGATIVE_INFINITY),
      );
      expect(readNumberText("inf")).toEqual({
        kind: "number",
        value: Number.POSITIVE_INFINITY,
        percent: false,
        currency: null,
      });
      expect(readNumberText("-inf")).toEqual({
        kind: "number",
        value: Number.NEGATIVE_INFINITY,
        percent: false,
        currency: null,
      });
      expect(
        ["info", "xinf", "infinity!", "-info", "--inf", "+-inf", "1inf"].map((s) => num(s)),
      ).toEqual(Array(7).fill("invalid"));
    });
  });

  describe("signs", () => {
    it("+, - and the minus sign −, with spaces after; accounting parentheses negate once more", () => {
      expect(
        ["+7", "-7", "−7", "- 7", "+ 7", "(7)", "( 7 )", "(-7)", "(−7)", "(+7)"].map((s) => num(s)),
      ).toEqual([7, -7, -7, -7, 7, -7, -7, 7, 7, -7]);
    });

    it("one sign before and one after a currency symbol at most", () => {
      expect(
        ["-$3", "$-3", "-$-3", "USD -3", "--3", "$--3", "(7", "7)"].map((s) => num(s)),
      ).toEqual([-3, -3, 3, -3, "invalid", "invalid", "invalid", "invalid"]);
    });

    it("−0 reads as 0", () => {
      expect(Object.is(num("-0"), 0)).toBe(true);
      expect(Object.is(num("(0)"), 0)).toBe(true);
      expect(Object.is(num("-0.0k"), 0)).toBe(true);
    });
  });

  describe("currency", () => {
    it("keeps the currency as written, before or after", () => {
      const cur = (s: string) => {
        const r = readNumberText(s);
        return r.kind === "number" ? [r.value, r.currency] : r.kind;
      };
      expect(cur("US$1")).toEqual([1, "US$"]);
      expect(cur("usd 12")).toEqual([12, "usd"]);
      expect(cur("USD12")).toEqual([12, "USD"]);
      expect(cur("12 EUR")).toEqual([12, "EUR"]);
      expect(cur("12.5EUR")).toEqual([12.5, "EUR"]);
      expect(cur("12 €")).toEqual([12, "€"]);
      expect(cur("3 zł")).toEqual([3, "zł"]);
      expect(cur("CN¥ 7")).toEqual([7, "CN¥"]);
      expect(cur("HK$8")).toEqual([8, "HK$"]);
      expect(cur("12円")).toEqual([12, "円"]);
    });

    it("a code must be followed by the number and preceded by it: letters around it are invalid", () => {
      expect(
        ["USDX 12", "12 XUSD", "ABC12", "12ABC", "USD", "$", "EUR.5"].map((s) => num(s)),
      ).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid", "invalid", 0.5]);
    });

    it("percent after a currency code, before or after it", () => {
      expect(readNumberText("12% USD")).toEqual({
        kind: "number",
        value: 12,
        percent: true,
        currency: "USD",
      });
      expect(readNumberText("$12 %")).toEqual({
        kind: "number",
        value: 12,
        percent: true,
        currency: "$",
      });
      expect(readNumberText("12 USD%")).toEqual({
        kind: "number",
        value: 12,
        percent: true,
        currency: "USD",
      });
      expect(num("%")).toBe("invalid");
      expect(num("12%%")).toBe("invalid");
    });
  });

  describe("magnitude suffixes", () => {
    it("k, M (and m), B, G, T, 万, 亿 — after a number only", () => {
      expect(
        ["1k", "1K", "1 k", "2m", "2M", "3B", "3G", "4T", "5万", "6亿"].map((s) => num(s)),
      ).toEqual([1e3, 1e3, 1e3, 2e6, 2e6, 3e9, 3e9, 4e12, 5e4, 6e8]);
      expect(["k", " M", "$k", "1kk", "1 x"].map((s) => num(s))).toEqual(
        words("invalid invalid invalid invalid invalid"),
      );
    });

    it("rounds a scaled value to 15 significant digits, but keeps an unscaled one exactly as typed", () => {
      expect(num("0.3k")).toBe(300);
      expect(num("1.015k")).toBe(1015);
      expect(num("0.30000000000000004")).toBe(0.30000000000000004);
      expect(num("-2.5k")).toBe(-2500);
    });
  });

  describe("separators and decimal marks", () => {
    it("point locales: ',' groups of exactly three, a '.' decimal; anything else is invalid", () => {
      expect(["1,234", "12,345,678.5", "123,456"].map((s) => num(s))).toEqual([
        1234, 12345678.5, 123456,
      ]);
      expect(
        ["1,23", "1234,567", "1,2345", ",123", "1,234,56", "1.234,5"].map((s) => num(s)),
      ).toEqual(Array(6).fill("invalid"));
    });

    it("comma locales: '.' groups of three with an optional ',' decimal, or a lone ',' decimal", () => {
      const de = { locale: "de-DE" };
      expect(
        ["1.234", "1.234.567,89", "12.345,5", ",5", "3,25", "1.5", "1234"].map((s) => num(s, de)),
      ).toEqual([1234, 1234567.89, 12345.5, 0.5, 3.25, 1.5, 1234]);
      expect(["1.23,4", "1,2,3", "1.2345,6"].map((s) => num(s, de))).toEqual([
        "invalid",
        "invalid",
        "invalid",
      ]);
      expect(num("1.234,5", { decimalComma: true })).toBe(1234.5);
      expect(num("1.234", { decimalComma: false })).toBe(1.234);
    });

    it("spaces of every kind, apostrophes (straight and curly) and underscores group digits", () => {
      expect(
        [
          "1 234",
          "1\u00a0234",
          "1\u202f234",
          "1\u2009234",
          "1\u2007234",
          "1'234",
          "1’234",
          "1_234",
          "1\t234",
        ].map((s) => num(s)),
      ).toEqual(Array(9).fill(1234));
    });

    it("the number itself: digits with at most one point, an optional exponent", () => {
      expect(["1.", ".5", "0.5", "1e3", "1E+3", "2.5e-3", "007"].map((s) => num(s))).toEqual([
        1, 0.5, 0.5, 1000, 1000, 0.0025, 7,
      ]);
      expect(
        ["e3", "1e", "1e+", ".", "1..2", "1.2.3", "0x10", "1e3.5", "١٢"].map((s) => num(s)),
      ).toEqual(Array(9).fill("invalid"));
    });

    it("a value beyond the double range is invalid, not ∞", () => {
      expect(readNumberText("1e400")).toEqual({ kind: "invalid", text: "1e400" });
      expect(num("1e300T")).toBe("invalid");
    });
  });

  describe("decimalMark", () => {
    it("',' or '.' from Intl; '.' for no locale, an unknown locale, or another mark", () => {
      expect([undefined, "", "de-DE", "fr-FR", "en-GB", "de-CH"].map(decimalMark)).toEqual(
        words(". . , , . ."),
      );
      expect(decimalMark("not a locale!")).toBe(".");
      expect(decimalMark("not a locale!")).toBe(".");
      // Arabic (Egypt) writes the Arabic decimal separator: neither ',' nor '.', so '.'
      expect(decimalMark("ar-EG")).toBe(".");
      expect(decimalMark("de-DE")).toBe(",");
    });
  });

  describe("edges found by mutation testing (round 2)", () => {
    it("a plain number has no currency and no percent", () => {
      expect(readNumberText("12")).toEqual({
        kind: "number",
        value: 12,
        percent: false,
        currency: null,
      });
      expect(readNumberText("-1.5")).toEqual({
        kind: "number",
        value: -1.5,
        percent: false,
        currency: null,
      });
    });

    it("one double quote at each end is dropped, with spaces inside; a quote in the middle is invalid", () => {
      expect(['"12"', '"12', '12"', ' " 12 " '].map((s) => num(s))).toEqual([12, 12, 12, 12]);
      expect(num('1"2')).toBe("invalid");
    });

    it("percent after a currency written after the number, with a space before the %", () => {
      expect(readNumberText("12 USD %")).toEqual({
        kind: "number",
        value: 12,
        percent: true,
        currency: "USD",
      });
      expect(readNumberText("12 € %")).toEqual({
        kind: "number",
        value: 12,
        percent: true,
        currency: "€",
      });
    });

    it("comma locales: a point is a thousands group only when every group after the first has three digits", () => {
      const de = { locale: "de-DE" };
      expect(num("1234.567", de)).toBe(1234.567);
      expect(num("1.2345", de)).toBe(1.2345);
      expect(num("1.234.5678", de)).toBe("invalid");
    });
  });

  describe("decimalMark without a locale", () => {
    it("is '.' whatever Intl's default locale writes: Intl is not asked", () => {
      const spy = vi.spyOn(Intl, "NumberFormat").mockImplementation(function stub() {
        return { formatToParts: () => [{ type: "decimal", value: "," }] };
      } as unknown as typeof Intl.NumberFormat);
      try {
        expect(decimalMark(undefined)).toBe(".");
        expect(decimalMark("")).toBe(".");
        expect(spy).not.toHaveBeenCalled();
        // A locale not seen before is asked (the stub writes ',').
        expect(decimalMark("xx-stub-comma")).toBe(",");
      } finally {
        spy.mockRestore();
      }
    });
  });
});
