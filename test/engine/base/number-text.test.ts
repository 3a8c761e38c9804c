/**
 * Numbers written as text (src/engine/base/number-text.ts, docs/grid.md): each absent spelling and
 * its near misses, signs and accounting negatives, currency before and after (what is kept as the
 * currency), percent with a currency, magnitude suffixes, separators in both decimal-mark styles,
 * the exact value of a typed number, −0 (issue #15, docs/mutation-testing.md).
 */
import { describe, expect, it, vi } from "vitest";
import { decimalMark, readNumberText } from "../../../src/engine/base/number-text";
import { words } from "../../words";

/** The value read, or the kind when it is not a number. */
const num = (s: string | number | null | undefined, opts = {}) => {
  const r = readNumberText(s, opts);
  return r.kind === "number" ? r.value : r.kind;
};
const de = { locale: "de-DE" };
const inv = "invalid";

describe("readNumberText", () => {
  it.each([
    // [text or value, value, percent, currency]: the whole result
    ["$2.99", 2.99, false, "$"],
    ["50%", 50, true, null],
    ["12.5 %", 12.5, true, null],
    [12.5, 12.5, false, null], // a number is taken as it is (∞ too)
    [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, false, null],
    ["inf", Number.POSITIVE_INFINITY, false, null],
    ["-inf", Number.NEGATIVE_INFINITY, false, null],
    ["12", 12, false, null], // a plain number has no currency and no percent
    ["-1.5", -1.5, false, null],
    // the currency is kept as written, before or after
    ["US$1", 1, false, "US$"],
    ["usd 12", 12, false, "usd"],
    ["USD12", 12, false, "USD"],
    ["12 EUR", 12, false, "EUR"],
    ["12.5EUR", 12.5, false, "EUR"],
    ["12 €", 12, false, "€"],
    ["3 zł", 3, false, "zł"],
    ["CN¥ 7", 7, false, "CN¥"],
    ["HK$8", 8, false, "HK$"],
    ["12円", 12, false, "円"],
    // percent after a currency code, before or after it, with or without a space before the %
    ["12% USD", 12, true, "USD"],
    ["$12 %", 12, true, "$"],
    ["12 USD%", 12, true, "USD"],
    ["12 USD %", 12, true, "USD"],
    ["12 € %", 12, true, "€"],
  ] as [string | number, number, boolean, string | null][])(
    "%j → %d, percent %s, currency %j",
    (s, value, percent, currency) => {
      expect(readNumberText(s)).toEqual({ kind: "number", value, percent, currency });
    },
  );

  it("NaN, null and undefined are absent", () => {
    expect([readNumberText(Number.NaN), readNumberText(null), readNumberText(undefined)]).toEqual([
      { kind: "absent" },
      { kind: "absent" },
      { kind: "absent" },
    ]);
  });

  it.each(["nana", "xnull", "nulls", "n/ab", "--", "——", "nonez", "n\\a", "1e400"])(
    "%j is invalid, with the text kept (near misses of absent; beyond the double range, not ∞)",
    (s) => expect(readNumberText(s)).toEqual({ kind: "invalid", text: s }),
  );

  it.each([
    // [text, options, value or kind]
    // currency symbols and ISO codes before or after
    ["US$ 1,234.50", {}, 1234.5],
    ["¥20", {}, 20],
    ["￥1,920", {}, 1920],
    ["20元", {}, 20],
    ["€ 8", {}, 8],
    ["USD 12", {}, 12],
    ["12eur", {}, 12],
    ["12 ABC", {}, inv],
    // thousands separators: comma, spaces (also no-break), apostrophe, underscore
    ["1,500", {}, 1500],
    ["1 500", {}, 1500],
    ["1\u00a0500", {}, 1500],
    ["1\u202f500,5", { locale: "fr-FR" }, 1500.5],
    ["1'500", {}, 1500],
    ["1_000_000", {}, 1e6],
    ['"1,234.56"', {}, 1234.56],
    // k/M/B suffixes and 万/亿 without float noise; a scaled value rounds to 15 digits
    ["1.5k", {}, 1500],
    ["1.1k", {}, 1100],
    ["$1.5M", {}, 1.5e6],
    ["1.2万", {}, 12000],
    ["0.3k", {}, 300],
    ["1.015k", {}, 1015],
    ["-2.5k", {}, -2500],
    ["0.30000000000000004", {}, 0.30000000000000004], // unscaled: exactly as typed
    ["1e300T", {}, inv],
    // a decimal comma only in a locale that writes one (or when told)
    ["2,5", de, 2.5],
    ["1.234,5", de, 1234.5],
    ["2,5", { locale: "en-US" }, inv],
    ["2,5", {}, inv],
    ["0,25", { decimalComma: true }, 0.25],
    ["1.234,5", { decimalComma: true }, 1234.5],
    ["1.234", { decimalComma: false }, 1.234],
    // comma locales: a point groups thousands only when every later group has three digits
    ["1234.567", de, 1234.567],
    ["1.2345", de, 1.2345],
    ["1.234.5678", de, inv],
    // signs, exponents, accounting negatives, absent and infinite values
    ["-0.5", {}, -0.5],
    ["1e6", {}, 1e6],
    ["(1,234)", {}, -1234],
    ["N/A", {}, "absent"],
    ["abc", {}, inv],
    ["=peak", {}, inv],
    // −0 reads as 0 (toBe tells −0 from 0)
    ["-0", {}, 0],
    ["(0)", {}, 0],
    ["-0.0k", {}, 0],
    // one double quote at each end is dropped; a quote in the middle is invalid
    ['1"2', {}, inv],
    ["%", {}, inv],
    ["12%%", {}, inv],
  ] as [string, object, number | string][])("%j with %j → %s", (s, opts, want) => {
    expect(num(s, opts)).toBe(want);
  });

  it.each([
    // [texts separated by "|", what each reads as, options]
    ["|  |n/a|N/A|na|NA|nan|NaN|none", Array(9).fill("absent")],
    ['None|null|NULL|-|—|undefined| "" |"N/A"', Array(8).fill("absent")],
    ['inf|+inf|Infinity|INF|∞|+∞|"inf"', Array(7).fill(Infinity)],
    ["-inf|-Infinity|-∞|-INF", Array(4).fill(-Infinity)],
    ["info|xinf|infinity!|-info|--inf|+-inf|1inf", Array(7).fill(inv)],
    // +, - and the minus sign −, with spaces after; accounting parentheses negate once more
    ["+7|-7|−7|- 7|+ 7", [7, -7, -7, -7, 7]],
    ["(7)|( 7 )|(-7)|(−7)|(+7)", [-7, -7, 7, 7, -7]],
    // one sign before and one after a currency symbol at most
    ["-$3|$-3|-$-3|USD -3|--3|$--3|(7|7)", [-3, -3, 3, -3, inv, inv, inv, inv]],
    // a code must be followed by the number and preceded by it: letters around it are invalid
    ["USDX 12|12 XUSD|ABC12|12ABC|USD|$|EUR.5", [...Array(6).fill(inv), 0.5]],
    // k, M (and m), B, G, T, 万, 亿 — after a number only
    ["1k|1K|1 k|2m|2M|3B|3G", [1e3, 1e3, 1e3, 2e6, 2e6, 3e9, 3e9]],
    ["4T|5万|6亿", [4e12, 5e4, 6e8]],
    ["k| M|$k|1kk|1 x", words("invalid invalid invalid invalid invalid")],
    // point locales: ',' groups of exactly three, a '.' decimal; anything else is invalid
    ["1,234|12,345,678.5|123,456", [1234, 12345678.5, 123456]],
    ["1,23|1234,567|1,2345|,123|1,234,56|1.234,5", Array(6).fill(inv)],
    // comma locales: '.' groups of three with an optional ',' decimal, or a lone ',' decimal
    ["1.234|1.234.567,89|12.345,5|,5", [1234, 1234567.89, 12345.5, 0.5], de],
    ["3,25|1.5|1234", [3.25, 1.5, 1234], de],
    ["1.23,4|1,2,3|1.2345,6", [inv, inv, inv], de],
    // spaces of every kind, apostrophes (straight and curly) and underscores group digits
    ["1 234|1\u00a0234|1\u202f234|1\u2009234|1\u2007234", Array(5).fill(1234)],
    ["1'234|1’234|1_234|1\t234", Array(4).fill(1234)],
    // the number itself: digits with at most one point, an optional exponent
    ["1.|.5|0.5|1e3|1E+3|2.5e-3|007", [1, 0.5, 0.5, 1000, 1000, 0.0025, 7]],
    ["e3|1e|1e+|.|1..2|1.2.3|0x10|1e3.5|١٢", Array(9).fill(inv)],
    // one double quote at each end is dropped, with spaces inside
    ['"12"|"12|12"| " 12 " ', [12, 12, 12, 12]],
  ] as [string, (number | string)[], object?][])("%j → %j (options %j)", (texts, want, opts) => {
    expect(texts.split("|").map((s) => num(s, opts))).toEqual(want);
  });
});

describe("decimalMark", () => {
  it("',' or '.' from Intl; '.' for no locale, an unknown locale, or another mark", () => {
    expect([undefined, "", "de-DE", "fr-FR", "en-GB", "de-CH"].map(decimalMark)).toEqual(
      words(". . , , . ."),
    );
    expect(["en-US", "zh-CN", "de-DE"].map(decimalMark)).toEqual(words(". . ,"));
    // Asked twice: the second answer comes from the cache.
    expect(decimalMark("not a locale!")).toBe(".");
    expect(decimalMark("not a locale!")).toBe(".");
    // Arabic (Egypt) writes the Arabic decimal separator: neither ',' nor '.', so '.'
    expect(decimalMark("ar-EG")).toBe(".");
  });

  it("is '.' without a locale whatever Intl's default locale writes: Intl is not asked", () => {
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
