/** Money in the plan currency as the report, the CLI and the app print it (src/report/money.ts). */
import { describe, expect, it } from "vitest";
import { fmtMoney } from "../../src/report/money";

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
