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
    expect([3.9, 1234.567, 0.004].map((x) => fmtRps(x))).toEqual(["3.90", "1234.57", "0.004"]);
    expect([12345.67, 1500].map((x) => fmtTokensPerSec(x))).toEqual(["12345.7", "1500"]);
    expect([1234.56, 61, 0.0421].map((x) => fmtMs(x))).toEqual(["1234.6", "61.0", "0.042"]);
    expect([8, 7.456].map((x) => fmtPlain(x))).toEqual(["8", "7.46"]);
  });

  it("prints absent values as an em dash, never 0", () => {
    const absent = [fmtRps(null), fmtMs(undefined), fmtTokensPerSec(NaN), fmtPct(null)];
    expect(absent).toEqual(["—", "—", "—", "—"]);
  });

  it("signs percentages with a real minus sign", () => {
    // (11.0 - 12.3) / 12.3 * 100 = -10.569… → −10.6 %
    expect([((11.0 - 12.3) / 12.3) * 100, 2.5, -0.01].map((x) => fmtPct(x))).toEqual([
      "\u221210.6 %",
      "+2.5 %",
      "0.0 %",
    ]);
  });

  it("groups digits only in readable prose", () => {
    const readable = [
      fmtReadable(1234567.89, "en"),
      fmtReadable(1234567.89, "zh"),
      fmtReadable(null, "en"),
    ];
    expect(readable).toEqual(["1,234,567.9", "1,234,567.9", "—"]);
  });
});
