/**
 * The CLI's text tables measure each cell once and take the length as the width below U+1100
 * (src/report/plan-output.ts textWidth); money formats are cached per locale and currency. Both
 * must give the text they gave before, character for character.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fmtMoney, textWidth } from "../../src/report/plan-output";

/** The width as it was measured before: every code point, wide ones twice. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const slowWidth = (s: string) => [...s].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0);

describe("textWidth", () => {
  it("counts wide characters twice and a surrogate pair once", () => {
    expect(textWidth("sku-12 h100")).toBe(11);
    expect(textWidth("团队")).toBe(4);
    expect(textWidth("ｘ1")).toBe(3);
    expect(textWidth("𝑥")).toBe(1);
    expect(textWidth("é")).toBe(1);
    expect(textWidth("ᄀ")).toBe(2);
    expect(textWidth("")).toBe(0);
  });

  it("equals the code-point measure on random text of every plane", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme" }),
          fc.string({ unit: "binary" }),
          fc.string({
            unit: fc.constantFrom(
              "a",
              "1",
              "团",
              "ｘ",
              "é",
              "\u10ff",
              "\u1100",
              "\ud83d",
              "\ude00",
            ),
          }),
        ),
        (s) => textWidth(s) === slowWidth(s),
      ),
      { numRuns: 3000 },
    );
  });
});

describe("fmtMoney with cached formats", () => {
  it("formats as a fresh Intl.NumberFormat does, per currency and language, small amounts to 3 digits", () => {
    const fresh = (x: number, c: string, loc: string, sig?: boolean) =>
      new Intl.NumberFormat(loc, {
        style: "currency",
        currency: c,
        currencyDisplay: "narrowSymbol",
        ...(sig ? { minimumSignificantDigits: 3, maximumSignificantDigits: 3 } : {}),
      }).format(x);
    for (const c of ["USD", "EUR", "JPY", "CNY"]) {
      for (const [lang, loc] of [
        ["en", "en-US"],
        ["zh", "zh-CN"],
      ] as const) {
        expect(fmtMoney(1234.5, c, lang)).toBe(fresh(1234.5, c, loc));
        expect(fmtMoney(0.0074, c, lang)).toBe(fresh(0.0074, c, loc, true));
        expect(fmtMoney(-0.5, c, lang)).toBe(fresh(-0.5, c, loc, true));
      }
    }
    expect(fmtMoney(0.0074, "USD")).toBe("$0.00740");
    // Per-token costs in fixed form, never e-notation.
    expect(fmtMoney(1.48e-5, "USD")).toBe("$0.0000148");
    expect(fmtMoney(5e-7, "USD")).toBe("$0.000000500");
    expect(fmtMoney(1.48e-5, "CNY", "zh")).toBe("¥0.0000148");
    // A code Intl rejects falls back to the plain number and the code, every time (nothing cached).
    expect(fmtMoney(12, "€")).toBe(fmtMoney(12, "€"));
    expect(fmtMoney(12, "€")).toContain("€");
  });
});
