/**
 * The calendar and counting constants of capplan, in one place. Every hour, day and month
 * conversion in the engine, the reports and the app reads them from here, so that the cost chain,
 * its explanations and the charts' clocks can never disagree about how long a month is.
 * `test/architecture.test.ts` fails when one of these numbers is written as a literal elsewhere.
 */

/** Hours in a day: costPerDay = costPerHour × this; the hours of a daily profile. */
export const HOURS_PER_DAY = 24;
/** Hours in a month (8,760 ÷ 12): costPerMonth = costPerHour × this. */
export const HOURS_PER_MONTH = 730;
/** Days in a week: the length of a weekly schedule in days. */
export const DAYS_PER_WEEK = 7;
/** Seconds in a minute. */
export const SECONDS_PER_MINUTE = 60;
/** Seconds in an hour: per-second rates to hourly prices, and the clock of charts. */
export const SECONDS_PER_HOUR = 3600;
/** Seconds in a day: a daily request volume to a rate. */
export const SECONDS_PER_DAY = HOURS_PER_DAY * SECONDS_PER_HOUR;
/** Milliseconds in a day: date arithmetic on `Date` timestamps. */
export const MS_PER_DAY = SECONDS_PER_DAY * 1000;
/** Days in a month as the allocation writes it (a month is 730 ÷ 24 days). */
export const DAYS_PER_MONTH = HOURS_PER_MONTH / HOURS_PER_DAY;
/** Tokens in the "per 1M tokens" prices. */
export const MILLION = 1e6;
