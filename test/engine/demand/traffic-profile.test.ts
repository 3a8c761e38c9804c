/**
 * src/engine/demand/traffic-profile.ts: each hour's and weekday's mean and peak rate in UTC from
 * per-bin counts, on a hand-built trace (the epoch, 1970-01-01, was a Thursday; weekday 0 is Monday).
 */
import { describe, expect, it } from "vitest";
import { hourProfile } from "../../../src/engine/demand/traffic-profile";

describe("hourProfile", () => {
  it("half-hour bins over two days from Thursday 00:00: hour 0 has 4 bins, mean and peak per second", () => {
    // 96 bins of 1,800 s; bin j holds j % 4 requests, so hour 0 holds 0 and 1, hour 1 holds 2 and 3.
    const counts = Array.from({ length: 96 }, (_, j) => j % 4);
    const { hourly, weekdays } = hourProfile(counts, 0, 1800, true);
    expect(hourly).toHaveLength(24);
    expect(hourly[0]).toEqual({ hour: 0, meanRps: 2 / (4 * 1800), peakRps: 1 / 1800, bins: 4 });
    expect(hourly[1]).toEqual({ hour: 1, meanRps: 10 / (4 * 1800), peakRps: 3 / 1800, bins: 4 });
    // Weekday 3 (Thursday) and 4 (Friday) have 48 bins each; the rest none.
    expect(weekdays!.map((w) => w.bins)).toEqual([0, 0, 0, 48, 48, 0, 0]);
    expect(weekdays![3]).toEqual({
      weekday: 3,
      meanRps: 72 / (48 * 1800),
      peakRps: 3 / 1800,
      bins: 48,
    });
    expect(weekdays![0]).toEqual({ weekday: 0, meanRps: 0, peakRps: 0, bins: 0 });
  });

  it("starts at the bin given (Sunday 23:00 is hour 23 of weekday 6, then Monday 00:00); no weekdays when not asked", () => {
    // Sunday 1970-01-04 23:00 UTC = 3 days and 23 hours after the epoch.
    const first = (3 * 24 + 23) * 1;
    const { hourly, weekdays } = hourProfile([6, 12], first, 3600, false);
    expect(weekdays).toBeNull();
    expect(hourly[23]).toEqual({ hour: 23, meanRps: 6 / 3600, peakRps: 6 / 3600, bins: 1 });
    expect(hourly[0]).toEqual({ hour: 0, meanRps: 12 / 3600, peakRps: 12 / 3600, bins: 1 });
    const withDays = hourProfile([6, 12], first, 3600, true).weekdays!;
    expect([withDays[6]!.bins, withDays[0]!.bins]).toEqual([1, 1]);
  });
});
