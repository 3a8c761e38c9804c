/**
 * src/import/trace-time.ts: the timestamps of a trace. ISO-8601 date-times are read without Date;
 * the expected seconds are those of Python's `datetime.fromisoformat(s).timestamp()` (a second,
 * independent reader), or worked out by hand where noted.
 */
import { describe, expect, it } from "vitest";
import { rows } from "./helpers";
import { numericTimeKind, parseIsoSeconds, plainInt } from "../../src/import/trace-time";

/** 2024-01-01T00:00:00Z: 19,723 days after 1970-01-01 × 86,400 s. */
const NEW_YEAR_2024 = 19_723 * 86_400;

describe("parseIsoSeconds", () => {
  it.each([
    ["1970-01-01T00:00Z", 0],
    ["1970-01-01T00:00:00Z", 0],
    ["1970-01-02 00:00:01.5", 86_401.5],
    ["1969-12-31T23:59:59Z", -1],
    ["2024-01-01T00:00:00Z", NEW_YEAR_2024],
    ["2024-01-01t00:00:00z", NEW_YEAR_2024],
    ["2024-01-01T00:00:00,5Z", NEW_YEAR_2024 + 0.5],
    ["2024-01-01T00:00:00-05:30", 1_704_087_000],
    ["2024-01-01T00:00:00-0530", 1_704_087_000],
    ["2024-01-01T00:00:00+05", 1_704_049_200],
    ["2024-05-10T12:34:56", 1_715_344_496],
    ["2000-02-29T23:59:00+01:00", 951_865_140],
    // 24:00 is the end of the day: the next midnight (2025-01-01, 1,735,689,600 s).
    ["2024-12-31T24:00:00Z", 1_735_689_600],
    // A leap second (60) is read as the next second's start.
    ["2024-01-01T00:00:60Z", NEW_YEAR_2024 + 60],
    ["1600-03-01T00:00:00Z", -11_670_912_000],
  ])("%s → %d s", (s, expected) => {
    expect(parseIsoSeconds(s)).toBe(expected);
  });

  it("reads more than 15 fractional digits through Number (no overflow of the integer reader)", () => {
    const long = parseIsoSeconds("1970-01-01T00:00:00.1234567890123456789Z");
    expect(long).toBeCloseTo(0.1234567890123456789, 15);
    expect(parseIsoSeconds("1970-01-01T00:00:00.000000000000000001")).toBe(1e-18);
  });

  it.each([
    ["2023-02-29T00:00:00Z", "29 February of a common year"],
    ["1900-02-29T00:00:00Z", "29 February of a century not divisible by 400"],
    ["2024-04-31T00:00:00Z", "31 April"],
    ["2024-13-01T00:00:00Z", "month 13"],
    ["2024-00-10T00:00:00Z", "month 0"],
    ["2024-01-00T00:00:00Z", "day 0"],
    ["2024-01-01T25:00:00Z", "hour 25"],
    ["2024-01-01T10:60:00Z", "minute 60"],
    ["2024-01-01T10:00:61Z", "second 61"],
    ["2024-01-01X10:00:00Z", "a separator other than T, t or space"],
    ["2024-01-01T10-00:00Z", "no colon between hour and minute"],
    ["2024-01-01T10:00:00.Z", "a decimal point without digits"],
    ["2024-01-01T10:00:00Zjunk", "text after Z"],
    ["2024-01-01T10:00:00+5:30", "a one-digit offset hour"],
    ["2024-01-01T10:00:00 UTC", "a zone name"],
    ["2024-01-01", "a date alone (shorter than 16 characters)"],
    ["2024/01/01T10:00:00Z", "slashes in the date"],
    ["20x4-01-01T10:00:00Z", "a letter in the year"],
  ])("%s is not a date-time (%s): NaN", (s) => {
    expect(parseIsoSeconds(s)).toBeNaN();
  });

  it("gives the right day after the cached date changes, and for the cached date again", () => {
    expect(parseIsoSeconds("2024-01-01T00:00:01Z")).toBe(NEW_YEAR_2024 + 1);
    expect(parseIsoSeconds("2024-01-02T00:00:01Z")).toBe(NEW_YEAR_2024 + 86_401);
    expect(parseIsoSeconds("2024-01-02T00:00:02Z")).toBe(NEW_YEAR_2024 + 86_402);
    // An invalid date after a valid one is still refused, not taken from the cache.
    expect(parseIsoSeconds("2024-02-30T00:00:00Z")).toBeNaN();
    expect(parseIsoSeconds("2024-01-01T00:00:00Z")).toBe(NEW_YEAR_2024);
  });
});

describe("numericTimeKind", () => {
  it.each([
    ...[1.7e12, 1e11].map((v) => [v, "unix-ms"] as const),
    ...[99_999_999_999, 1.7e9, 1e8].map((v) => [v, "unix-s"] as const),
    ...[99_999_999, 0.5, 0].map((v) => [v, "relative"] as const),
  ])("%d → %s", (v, kind) => {
    expect(numericTimeKind(v)).toBe(kind);
  });
});

describe("plainInt", () => {
  it.each([
    ["0", 0],
    ["7", 7],
    ["1234", 1234],
    ["000123", 123],
    ["999999999999999", 999_999_999_999_999],
    ...rows("1000000000000000||-1|+1|1.5|1e3| 12|12a", -1),
  ])("%j → %d", (s, v) => {
    expect(plainInt(s)).toBe(v);
  });
});
