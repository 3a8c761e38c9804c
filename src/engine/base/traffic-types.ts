/**
 * The shapes of a trace's traffic statistics (docs/traffic.md), apart from the accumulator
 * (traffic.ts) so that the plan file's types (types.ts) can name a stored summary without
 * importing the statistics code. Pure data.
 */
import type { Problem } from "./problems";

/** Length statistics of input or output tokens per request; percentiles null when only per-bin sums are known. */
export interface LengthStats {
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

/** Rates of one hour of the day (UTC; hours since the start for relative timestamps). */
export interface HourStat {
  hour: number;
  /** Requests in bins starting in this hour ÷ those bins' total length. */
  meanRps: number;
  /** Highest bin rate among bins starting in this hour. */
  peakRps: number;
  /** How many bins of the trace start in this hour of the day. */
  bins: number;
}

/** Rates of one day of the week (0 = Monday … 6 = Sunday, UTC). */
export interface WeekdayStat {
  weekday: number;
  meanRps: number;
  peakRps: number;
  bins: number;
}

/** Statistics of one team or one model. */
export interface TrafficGroup {
  name: string;
  requests: number;
  /** Share of the trace's requests, 0…1. */
  share: number;
  /** requests ÷ the whole trace's durationSec (null when the duration is 0). */
  meanRps: number | null;
  /** Highest bin rate of this group's requests at the summary's binSec (null when not kept: docs/traffic.md). */
  peakRps: number | null;
  inputTokens: LengthStats;
  outputTokens: LengthStats;
  totalInputTokens: number;
  totalOutputTokens: number;
  /** Tokens per day: total ÷ the trace's duration in days (null when the duration is 0). */
  dailyInputTokens: number | null;
  dailyOutputTokens: number | null;
}

/** Everything `capplan traffic --json` prints (docs/traffic.md). */
export interface TrafficSummary {
  requests: number;
  /** Rows left out as failed requests (status column, or BurstGPT's 0-token responses). */
  failed: number;
  /** Last − first timestamp, in seconds. */
  durationSec: number;
  /** requests ÷ durationSec; null when the duration is 0. */
  meanRps: number | null;
  binSec: number;
  /** Number of bins from the one holding the first request to the one holding the last. */
  bins: number;
  peakRps: number;
  p99Rps: number;
  p50Rps: number;
  /** peakRps ÷ meanRps (null when meanRps is). */
  peakToMean: number | null;
  /** Start of the first bin, seconds since the Unix epoch (or since the start for relative times). */
  seriesStartSec: number;
  /** Start of the first bin as an ISO date-time (null for relative timestamps). */
  seriesStart: string | null;
  /** Rate (requests ÷ binSec) of every bin, empty bins included. */
  series: number[];
  /** First and last request, ISO (null for relative timestamps). */
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  /** True when the timestamps were seconds from the start, not dates. */
  relativeTime: boolean;
  /** Standard deviation ÷ mean of the gaps between consecutive requests; null when unknown (docs/traffic.md). */
  interarrivalCv: number | null;
  inputTokens: LengthStats;
  outputTokens: LengthStats;
  totalInputTokens: number;
  totalOutputTokens: number;
  dailyInputTokens: number | null;
  dailyOutputTokens: number | null;
  /** Per team / per model, most requests first; absent when the trace has no such column. */
  teams?: TrafficGroup[];
  models?: TrafficGroup[];
  /** Mean and peak rate per hour of the day (24 entries); null when binSec does not divide an hour. */
  hourly: HourStat[] | null;
  /** Mean and peak rate per weekday, for traces longer than a day; null otherwise. */
  weekdays: WeekdayStat[] | null;
  /** True when the trace was per-bin sums (no per-request lengths, no gaps). */
  aggregated: boolean;
  /** Readable notes on anything estimated or left out (English). */
  notes: string[];
  /**
   * The notes as problems (code `traffic.*`), index for index, to render them in another
   * language; absent from summaries stored before they existed.
   */
  problems?: Problem<object>[];
}
