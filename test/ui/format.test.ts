import { describe, expect, it } from "vitest";
import { fmtValue as engineValue } from "../../src/engine/base/number-format";
import { fmtMoney as reportMoney } from "../../src/report/plan-output";
import { fmtComputed, fmtMoney, fmtMoneyAxis, fmtValue } from "../../src/ui/format";

describe("fmtMoneyAxis", () => {
  // Chart.js's ticks of a monthly-cost axis from 0 to 16,000.
  const ticks = [0, 2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000];
  it.each([
    ["zh", "USD", ["$0万", "$0.2万", "$0.8万", "$1万", "$1.6万"]],
    ["en", "USD", ["$0K", "$2K", "$8K", "$10K", "$16K"]],
    ["zh", "CNY", ["¥0万", "¥0.2万", "¥0.8万", "¥1万", "¥1.6万"]],
  ] as const)("writes one axis (%s, %s) in one unit", (lang, cur, want) => {
    const got = [0, 2000, 8000, 10000, 16000].map((v) => fmtMoneyAxis(v, cur, lang, ticks));
    expect(got).toEqual(want);
  });
  it.each([
    [[0, 200, 400, 800], 800, "$800"],
    [[0, 5e8, 1e9, 1.5e9], 1.5e9, "$1.5B"],
  ])("ticks %j: %d → %s", (all, v, want) => {
    expect(fmtMoneyAxis(v, "USD", "en", all)).toBe(want);
  });
  it.each([
    // A cost-per-1M axis: Chart.js's ticks 0 … 0.6 (0.30000000000000004 among them).
    [[0, 0.1, 0.2, 0.30000000000000004, 0.6], "$0.00 $0.10 $0.20 $0.30 $0.60"],
    [[0, 0.25, 0.5], "$0.00 $0.25 $0.50"],
    [[0, 0.0005, 0.001], "$0.0000 $0.0005 $0.0010"],
    [[0, 1, 2.5], "$0.00 $1.00 $2.50"],
  ])("ticks %j below one unit share their decimals: %s", (all, want) => {
    expect(all.map((v) => fmtMoneyAxis(v, "USD", "en", all))).toEqual(want.split(" "));
  });
  it("zh 亿 above 10^8, and a currency Intl rejects falls back to the plain number", () => {
    expect(fmtMoneyAxis(2e8, "CNY", "zh", [0, 1e8, 2e8])).toBe("¥2亿");
    expect(fmtMoneyAxis(1500, "<x>", "en", [0, 1500])).toContain("<x>");
  });
});

describe("fmtComputed", () => {
  it.each([
    // The H200 estimate of the multi-SKU example: 1662.06137162 × 1.4328… tok/s.
    [2381.46106978, "2,381.5"],
    [1.43, "1.43"],
    [12.3456, "12.346"],
    [123456.7, "123,457"],
    [0.000123456, "0.000123"],
    [0, "0"],
  ])("%d → %s", (x, want) => {
    expect(fmtComputed(x)).toBe(want);
  });
});

describe("fmtValue / fmtMoney (cached)", () => {
  it("format exactly like the report's fmtValue and fmtMoney", () => {
    const numbers = [0, 1, -1, 0.5, 0.00123, 0.00001234, 1234.5678, 1e9, -0.25, 12_345_678.9];
    const xs = [...numbers, NaN, null, undefined];
    for (const x of xs) {
      for (const lang of ["en", "zh"] as const) {
        for (const d of [0, 1, 2]) expect(fmtValue(x, d)).toBe(engineValue(x, d));
        for (const c of ["USD", "CNY", "EUR"])
          expect(fmtMoney(x, c, lang)).toBe(reportMoney(x, c, lang));
      }
    }
    // By hand: 1234.5678 with 2 digits → "1,234.57"; $0.00001234 → "$0.0000123" (fixed, 3 significant digits).
    expect(fmtValue(1234.5678)).toBe("1,234.57");
    expect(fmtMoney(0.00001234, "USD")).toBe("$0.0000123");
  });
});
