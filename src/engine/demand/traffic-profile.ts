/**
 * The hour-of-day and weekday profile of a trace (docs/traffic.md): from request counts in bins
 * of at most an hour that divide it, each hour's (and weekday's) mean and peak rate in UTC. The
 * epoch, 1970-01-01, was a Thursday: weekday 0 is Monday, 3 Thursday, 6 Sunday.
 */
import type { HourStat, WeekdayStat } from "../base/traffic-types";
import { HOURS_PER_DAY, SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../base/units";

/**
 * The profile of `counts` (requests per bin of `binSec` seconds, the first bin being bin
 * `firstBin` since the epoch); the weekdays only when `withWeekdays` (a trace over more than a
 * day, in real time).
 */
export function hourProfile(
  counts: ArrayLike<number>,
  firstBin: number,
  binSec: number,
  withWeekdays: boolean,
): { hourly: HourStat[]; weekdays: WeekdayStat[] | null } {
  const hs = Array.from({ length: HOURS_PER_DAY }, (_, hour) => ({
    hour,
    sum: 0,
    peak: 0,
    bins: 0,
  }));
  const ws = Array.from({ length: 7 }, (_, weekday) => ({ weekday, sum: 0, peak: 0, bins: 0 }));
  for (let j = 0; j < counts.length; j++) {
    const s = (firstBin + j) * binSec;
    const day = Math.floor(s / SECONDS_PER_DAY);
    const hour = Math.floor((s - day * SECONDS_PER_DAY) / SECONDS_PER_HOUR);
    const c = counts[j]!;
    const h = hs[hour]!;
    h.sum += c;
    h.bins++;
    if (c > h.peak) h.peak = c;
    const w = ws[(((day + 3) % 7) + 7) % 7]!;
    w.sum += c;
    w.bins++;
    if (c > w.peak) w.peak = c;
  }
  const hourly = hs.map((h) => ({
    hour: h.hour,
    meanRps: h.bins ? h.sum / (h.bins * binSec) : 0,
    peakRps: h.peak / binSec,
    bins: h.bins,
  }));
  const weekdays = withWeekdays
    ? ws.map((w) => ({
        weekday: w.weekday,
        meanRps: w.bins ? w.sum / (w.bins * binSec) : 0,
        peakRps: w.peak / binSec,
        bins: w.bins,
      }))
    : null;
  return { hourly, weekdays };
}
