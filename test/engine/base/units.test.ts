/** src/engine/base/units.ts: the calendar constants agree with each other and with the calendar. */
import { describe, expect, it } from "vitest";
import * as u from "../../../src/engine/base/units";

describe("calendar and counting constants", () => {
  it.each([
    ["HOURS_PER_DAY", u.HOURS_PER_DAY, 24],
    ["HOURS_PER_MONTH (a 365-day year in 12 months)", u.HOURS_PER_MONTH, (365 * 24) / 12],
    ["DAYS_PER_WEEK", u.DAYS_PER_WEEK, 7],
    ["SECONDS_PER_MINUTE", u.SECONDS_PER_MINUTE, 60],
    ["SECONDS_PER_HOUR", u.SECONDS_PER_HOUR, 60 * 60],
    ["SECONDS_PER_DAY", u.SECONDS_PER_DAY, 86_400],
    ["MS_PER_DAY", u.MS_PER_DAY, 86_400_000],
    ["DAYS_PER_MONTH", u.DAYS_PER_MONTH, 365 / 12],
    ["MILLION", u.MILLION, 1_000_000],
  ])("%s is %d", (_, value, expected) => {
    expect(value).toBe(expected);
  });
});
