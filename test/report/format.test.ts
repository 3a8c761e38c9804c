import { describe, expect, it } from "vitest";
import {
  fmtMs,
  fmtPct,
  fmtPlain,
  fmtReadable,
  fmtRps,
  fmtTokensPerSec,
} from "../../src/report/format";

describe("report number formatting", () => {
  it("formats table cells without thousands separators", () => {
    expect(fmtRps(3.9)).toBe("3.90");
    expect(fmtRps(1234.567)).toBe("1234.57");
    expect(fmtRps(0.004)).toBe("0.004");
    expect(fmtTokensPerSec(12345.67)).toBe("12345.7");
    expect(fmtTokensPerSec(1500)).toBe("1500");
    expect(fmtMs(1234.56)).toBe("1234.6");
    expect(fmtMs(61)).toBe("61.0");
    expect(fmtMs(0.0421)).toBe("0.042");
    expect(fmtPlain(8)).toBe("8");
    expect(fmtPlain(7.456)).toBe("7.46");
  });

  it("prints absent values as an em dash, never 0", () => {
    expect(fmtRps(null)).toBe("—");
    expect(fmtMs(undefined)).toBe("—");
    expect(fmtTokensPerSec(NaN)).toBe("—");
    expect(fmtPct(null)).toBe("—");
  });

  it("signs percentages with a real minus sign", () => {
    // (11.0 - 12.3) / 12.3 * 100 = -10.569… → −10.6 %
    expect(fmtPct(((11.0 - 12.3) / 12.3) * 100)).toBe("\u221210.6 %");
    expect(fmtPct(2.5)).toBe("+2.5 %");
    expect(fmtPct(-0.01)).toBe("0.0 %");
  });

  it("groups digits only in readable prose", () => {
    expect(fmtReadable(1234567.89, "en")).toBe("1,234,567.9");
    expect(fmtReadable(1234567.89, "zh")).toBe("1,234,567.9");
    expect(fmtReadable(null, "en")).toBe("—");
  });
});
