/** The Traffic sheet's number formats: counts, rates with their unit, chart ticks, durations. */
import { describe, expect, it } from "vitest";
import { SECONDS_PER_HOUR } from "../../../../src/engine/base/units";
import { duration, num, rateTick, rps } from "../../../../src/ui/components/traffic/trace-format";
import { setLang } from "../../../../src/ui/state/i18n";

describe("num", () => {
  it.each<[number | null | undefined, number | undefined, string]>([
    [1234.5678, undefined, "1,234.57"],
    [1234.5678, 0, "1,235"],
    [null, 2, "—"],
    [undefined, 0, "—"],
  ])("%s (%s digits) → %s", (v, d, text) => expect(num(v, d)).toBe(text));
});

describe("rps", () => {
  it.each<[number | null, string]>([
    [0.12345, "0.123"],
    [12.345, "12.35"],
    [123.45, "123.5"],
    [null, "—"],
  ])("%s → a rate of %s", (v, digits) => {
    setLang("en");
    const text = rps(v);
    expect(text.startsWith(digits)).toBe(true);
    if (v !== null) expect(text.length).toBeGreaterThan(digits.length);
  });
});

describe("rateTick", () => {
  it.each([
    [1.2345, "1.23"],
    [12.345, "12.3"],
    [123.45, "123"],
  ])("%s → %s", (v, text) => expect(rateTick(v)).toBe(text));
});

describe("duration", () => {
  it("says seconds, and hours beside them from an hour up", () => {
    setLang("en");
    expect(duration(90.25)).toContain("90.3");
    expect(duration(90.25)).not.toContain("(");
    const d = duration(2.5 * SECONDS_PER_HOUR);
    expect(d).toContain("9,000");
    expect(d).toMatch(/\(2\.5 /);
  });
});
