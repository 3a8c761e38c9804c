/**
 * Traffic statistics of a request trace (docs/traffic.md): arrival rates over time bins, their
 * peak and percentiles, burstiness (interarrival CV), request-length percentiles, per team and
 * per model, and the hour-of-day / weekday profile.
 *
 * Streaming and constant memory: {@link TrafficAccumulator} takes one request (or one per-bin
 * aggregate row) at a time and keeps only
 * - request counts per base bin (a typed array over the trace's time span),
 * - exact length histograms (a typed array of counts indexed by token count), so length
 *   percentiles are exact without keeping the rows,
 * - a small reorder window of timestamps for the interarrival gaps (traces written by several
 *   servers are sorted only roughly).
 * Memory therefore depends on the time span and the longest request, not on the row count.
 *
 * Pure TypeScript, no I/O: importers (src/import/trace.ts) feed it; errors are values.
 */
import { bucketLengths, type LengthHistogram } from "./length-histogram";
import { BinCounts, Histogram, lengthStats, MinHeap, peakCount } from "./traffic-counts";
import { hourProfile } from "./traffic-profile";
import { trafficMessages as T } from "./traffic-messages";
import type { Problem } from "../base/problems";
import { percentileSorted } from "../curve/stats";

import type { TrafficGroup, TrafficSummary } from "../base/traffic-types";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../base/units";

export type {
  HourStat,
  LengthStats,
  TrafficGroup,
  TrafficSummary,
  WeekdayStat,
} from "../base/traffic-types";

/** `error` is the English text of `problem` (kept as a string: it is what callers print and JSON carries). */
export type TrafficResult =
  | { ok: true; value: TrafficSummary }
  | { ok: false; error: string; problem: Problem<object> };

function fail(problem: Problem<object>): TrafficResult {
  return { ok: false, error: T.en(problem), problem };
}

/** Most base bins one trace may span (8 bytes each): a year of 1-s bins does not fit, a month does. */
export const MAX_BASE_BINS = 40_000_000;
/** Teams or models kept apart; the rest are summed as "(other)". */
export const MAX_GROUPS = 500;
/** Base-bin cells kept for all groups together (per-group peaks beyond this are left out). */
const GROUP_BIN_BUDGET = 16_000_000;
/** Reorder window for interarrival gaps: a request may arrive this many rows late and still be placed. */
export const REORDER_WINDOW = 1 << 14;
interface GroupAcc {
  requests: number;
  input: Histogram;
  output: Histogram;
  inSum: number;
  outSum: number;
  bins: BinCounts | null;
}

function newGroup(withBins: boolean): GroupAcc {
  return {
    requests: 0,
    input: new Histogram(),
    output: new Histogram(),
    inSum: 0,
    outSum: 0,
    bins: withBins ? new BinCounts() : null,
  };
}

export interface AccumulatorOptions {
  /** Resolution of the kept bins in seconds; summaries may use any whole multiple of it (default 1). */
  baseSec?: number;
  /** Timestamps are seconds from the start, not dates. */
  relativeTime?: boolean;
}

/** Streaming accumulator of a trace: feed it with {@link add} / {@link addBin}, then ask {@link summary}. */
export class TrafficAccumulator {
  readonly baseSec: number;
  relativeTime: boolean;
  private bins = new BinCounts();
  private input = new Histogram();
  private output = new Histogram();
  private inSum = 0;
  private outSum = 0;
  private requests = 0;
  private failedRows = 0;
  private first = Infinity;
  private last = -Infinity;
  private heap = new MinHeap(REORDER_WINDOW);
  private lastGapT = NaN;
  private gapN = 0;
  private gapMean = 0;
  private gapM2 = 0;
  private late = 0;
  private aggRows = 0;
  private aggGcdMs = 0;
  private teams = new Map<string, GroupAcc>();
  private models = new Map<string, GroupAcc>();
  private groupCells = 0;
  private groupBinsDropped = false;
  private otherGroups = { teams: 0, models: 0 };
  private error: Problem<object> | null = null;

  constructor(opts: AccumulatorOptions = {}) {
    const b = opts.baseSec ?? 1;
    this.baseSec = Number.isFinite(b) && b > 0 ? b : 1;
    this.relativeTime = opts.relativeTime ?? false;
  }

  /** English text of the first problem that stopped accumulation (span too long), or null. */
  get problem(): string | null {
    return this.error ? T.en(this.error) : null;
  }

  /** The first problem that stopped accumulation (span too long), or null. */
  get stopProblem(): Problem<object> | null {
    return this.error;
  }

  /** Count one failed request (left out of every statistic). */
  addFailed(n = 1): void {
    this.failedRows += n;
  }

  /** One request at `tSec` (seconds since the epoch or the start) with its token counts (whole numbers ≥ 0). */
  add(
    tSec: number,
    inputTokens: number,
    outputTokens: number,
    team?: string | null,
    model?: string | null,
  ): void {
    if (this.error) return;
    const bi = Math.floor(tSec / this.baseSec);
    if (!this.bins.add(bi, 1, MAX_BASE_BINS)) return this.spanError();
    this.requests++;
    if (tSec < this.first) this.first = tSec;
    if (tSec > this.last) this.last = tSec;
    this.input.add(inputTokens);
    this.output.add(outputTokens);
    this.inSum += inputTokens;
    this.outSum += outputTokens;
    const h = this.heap;
    if (h.n === REORDER_WINDOW) this.gap(h.pop());
    h.push(tSec);
    if (team != null) this.group(this.teams, "teams", team, bi, 1, inputTokens, outputTokens, true);
    if (model != null)
      this.group(this.models, "models", model, bi, 1, inputTokens, outputTokens, true);
  }

  /**
   * One per-bin aggregate row: `requests` requests in the bin starting at `startSec`, with token
   * sums. `firstSec` / `lastSec` (optional): the bin's first and last request, for an exact duration.
   */
  addBin(
    startSec: number,
    requests: number,
    inputSum: number,
    outputSum: number,
    team?: string | null,
    model?: string | null,
    firstSec?: number | null,
    lastSec?: number | null,
  ): void {
    if (this.error || requests <= 0) return;
    const bi = Math.floor(startSec / this.baseSec + 1e-9);
    if (!this.bins.add(bi, requests, MAX_BASE_BINS)) return this.spanError();
    this.aggRows++;
    this.requests += requests;
    const lo = firstSec ?? startSec;
    const hi = lastSec ?? startSec;
    if (lo < this.first) this.first = lo;
    if (hi > this.last) this.last = hi;
    if (lastSec == null) this.aggOpenEnd = true;
    // Bin starts are multiples of the rows' bin since the epoch: their gcd (in ms) bounds it from above.
    const ms = Math.round(startSec * 1000);
    if (ms !== 0) this.aggGcdMs = gcd(this.aggGcdMs, Math.abs(ms));
    if (startSec > this.lastAggBin) this.lastAggBin = startSec;
    this.inSum += inputSum;
    this.outSum += outputSum;
    if (team != null)
      this.group(this.teams, "teams", team, bi, requests, inputSum, outputSum, false);
    if (model != null)
      this.group(this.models, "models", model, bi, requests, inputSum, outputSum, false);
  }
  private aggOpenEnd = false;
  private lastAggBin = -Infinity;

  private spanError(): void {
    this.error = T.problem("spanTooLong", {
      bins: MAX_BASE_BINS.toLocaleString("en-US"),
      baseSec: this.baseSec,
    });
  }

  private gap(t: number): void {
    if (!Number.isNaN(this.lastGapT)) {
      if (t < this.lastGapT) {
        this.late++;
        return;
      }
      const g = t - this.lastGapT;
      this.gapN++;
      const d = g - this.gapMean;
      this.gapMean += d / this.gapN;
      this.gapM2 += d * (g - this.gapMean);
    }
    this.lastGapT = t;
  }

  private group(
    map: Map<string, GroupAcc>,
    kind: "teams" | "models",
    name: string,
    bi: number,
    requests: number,
    inTok: number,
    outTok: number,
    perRequest: boolean,
  ): void {
    let g = map.get(name);
    if (!g) {
      if (map.size >= MAX_GROUPS) {
        this.otherGroups[kind]++;
        name = "(other)";
        g = map.get(name);
      }
      if (!g) {
        g = newGroup(!this.groupBinsDropped);
        map.set(name, g);
      }
    }
    g.requests += requests;
    g.inSum += inTok;
    g.outSum += outTok;
    if (perRequest) {
      g.input.add(inTok);
      g.output.add(outTok);
    }
    if (g.bins) {
      const before = g.bins.arr.length;
      if (!g.bins.add(bi, requests, MAX_BASE_BINS)) {
        this.dropGroupBins();
        return;
      }
      this.groupCells += g.bins.arr.length - before;
      if (this.groupCells > GROUP_BIN_BUDGET) this.dropGroupBins();
    }
  }

  private dropGroupBins(): void {
    this.groupBinsDropped = true;
    for (const g of this.teams.values()) g.bins = null;
    for (const g of this.models.values()) g.bins = null;
    this.groupCells = 0;
  }

  /** Requests accepted so far. */
  get count(): number {
    return this.requests;
  }

  /**
   * Input or output lengths grouped into round buckets for a chart (src/engine/demand/length-histogram.ts);
   * null for per-bin sums, which have no per-request lengths.
   */
  lengthHistogram(which: "input" | "output", maxBuckets?: number): LengthHistogram | null {
    const h = which === "input" ? this.input : this.output;
    if (h.n === 0) return null;
    return bucketLengths(h.dense, h.sparse, h.percentile(99), h.max, maxBuckets);
  }

  /** Summary over bins of `binSec` seconds (a whole multiple of the base bin). */
  summary(binSec: number): TrafficResult {
    if (this.error) return fail(this.error);
    if (!(Number.isFinite(binSec) && binSec > 0))
      return fail(T.problem("binInvalid", { got: binSec }));
    const k = Math.round(binSec / this.baseSec);
    // k = 0 fails this too: |0 − binSec| = binSec.
    if (Math.abs(k * this.baseSec - binSec) > 1e-9 * binSec) {
      return fail(T.problem("binNotMultiple", { binSec, baseSec: this.baseSec }));
    }
    // Drain the reorder window into the gap statistics (a copy, so that later adds still work).
    if (this.requests === 0) return fail(T.problem("noRequests", {}));
    const aggregated = this.aggRows > 0;
    const notes: string[] = [];
    const problems: Problem<object>[] = [];
    /** A note: its English in `notes`, its problem at the same index of `problems`. */
    const note = (p: Problem<object>): void => {
      notes.push(T.en(p));
      problems.push(p);
    };
    const aggStep = this.aggGcdMs > 0 ? this.aggGcdMs / 1000 : binSec;
    if (
      aggregated &&
      binSec + 1e-9 < aggStep &&
      Math.abs(aggStep / binSec - Math.round(aggStep / binSec)) < 1e-9
    ) {
      note(T.problem("aggStepOverstates", { aggStep, binSec }));
    }
    let last = this.last;
    if (aggregated && this.aggOpenEnd) {
      // Without each bin's last request, the trace ends where its last bin ends.
      const step = Math.min(aggStep, binSec);
      last = Math.max(last, this.lastAggBin + step);
      note(T.problem("durationToLastBin", {}));
    }
    const durationSec = last - this.first;
    const meanRps = durationSec > 0 ? this.requests / durationSec : null;

    // Bins at binSec aligned to multiples of binSec since the epoch: base bin i falls in floor(i / k).
    const b = this.bins;
    const firstBin = Math.floor(b.min / k);
    const lastBin = Math.floor(b.max / k);
    const nBins = lastBin - firstBin + 1;
    const counts = new Float64Array(nBins);
    for (let i = b.min; i <= b.max; i++) {
      const c = b.arr[i - b.lo]!;
      if (c) counts[Math.floor(i / k) - firstBin]! += c;
    }
    const series = new Array<number>(nBins);
    let peak = 0;
    for (let j = 0; j < nBins; j++) {
      const r = counts[j]! / binSec;
      series[j] = r;
      if (r > peak) peak = r;
    }
    const sorted = Float64Array.from(series).sort();
    const p99Rps = percentileSorted(sorted, 99);
    const p50Rps = percentileSorted(sorted, 50);
    const seriesStartSec = firstBin * binSec;

    // Interarrival CV: the gaps so far plus the reorder window's remaining timestamps, in order.
    let cv: number | null = null;
    if (aggregated) note(T.problem("perBinMeansOnly", {}));
    else cv = this.interarrivalCv(note);

    const days = durationSec > 0 ? durationSec / SECONDS_PER_DAY : 0;
    const groupSummary = (map: Map<string, GroupAcc>): TrafficGroup[] =>
      this.groupSummary(map, k, binSec, durationSec, aggregated);
    if (this.groupBinsDropped && (this.teams.size || this.models.size)) {
      note(T.problem("groupPeaksDropped", {}));
    }
    if (this.otherGroups.teams) note(T.problem("otherTeams", { max: MAX_GROUPS }));
    if (this.otherGroups.models) note(T.problem("otherModels", { max: MAX_GROUPS }));

    // Hour of day (and weekday) profile from the bins.
    const hourlyBins =
      binSec <= SECONDS_PER_HOUR &&
      Math.abs(SECONDS_PER_HOUR / binSec - Math.round(SECONDS_PER_HOUR / binSec)) < 1e-9;
    const { hourly, weekdays } = hourlyBins
      ? hourProfile(counts, firstBin, binSec, durationSec > SECONDS_PER_DAY && !this.relativeTime)
      : { hourly: null, weekdays: null };
    if (hourlyBins && this.relativeTime) note(T.problem("relativeHours", {}));
    if (!hourlyBins) note(T.problem("noHourly", { binSec }));

    const iso = (s: number) => (this.relativeTime ? null : isoOf(s));
    const summary: TrafficSummary = {
      requests: this.requests,
      failed: this.failedRows,
      durationSec,
      meanRps,
      binSec,
      bins: nBins,
      peakRps: peak,
      p99Rps,
      p50Rps,
      peakToMean: meanRps ? peak / meanRps : null,
      seriesStartSec,
      seriesStart: iso(seriesStartSec),
      series,
      firstTimestamp: iso(this.first),
      lastTimestamp: iso(last),
      relativeTime: this.relativeTime,
      interarrivalCv: cv,
      inputTokens: lengthStats(this.input, this.inSum, this.requests, aggregated),
      outputTokens: lengthStats(this.output, this.outSum, this.requests, aggregated),
      totalInputTokens: this.inSum,
      totalOutputTokens: this.outSum,
      dailyInputTokens: days > 0 ? this.inSum / days : null,
      dailyOutputTokens: days > 0 ? this.outSum / days : null,
      hourly,
      weekdays,
      aggregated,
      notes,
      problems,
    };
    if (this.teams.size) summary.teams = groupSummary(this.teams);
    if (this.models.size) summary.models = groupSummary(this.models);
    if (durationSec === 0) note(T.problem("noMeanRate", {}));
    return { ok: true, value: summary };
  }

  /**
   * The interarrival CV over the gaps so far and the reorder window's remaining timestamps (a
   * copy, so later adds still work); null, with a note, when rows came too late or at one instant.
   */
  private interarrivalCv(note: (p: Problem<object>) => void): number | null {
    const rest = Array.from(this.heap.a.subarray(0, this.heap.n)).sort((x, y) => x - y);
    let n = this.gapN;
    let mean = this.gapMean;
    let m2 = this.gapM2;
    let prev = this.lastGapT;
    let late = this.late;
    for (const t of rest) {
      if (!Number.isNaN(prev)) {
        if (t < prev) {
          late++;
          continue;
        }
        const g = t - prev;
        n++;
        const d = g - mean;
        mean += d / n;
        m2 += d * (g - mean);
      }
      prev = t;
    }
    if (late > 0) note(T.problem("cvUnsorted", { late, window: REORDER_WINDOW }));
    else if (n >= 1 && mean > 0) return Math.sqrt(m2 / n) / mean;
    else if (n >= 1) note(T.problem("cvSameTimestamp", {}));
    return null;
  }

  /** Each team's (or model's) summary, the largest first. */
  private groupSummary(
    map: Map<string, GroupAcc>,
    k: number,
    binSec: number,
    durationSec: number,
    aggregated: boolean,
  ): TrafficGroup[] {
    const days = durationSec > 0 ? durationSec / SECONDS_PER_DAY : 0;
    return [...map.entries()]
      .map(([name, g]): TrafficGroup => {
        const gPeak = g.bins ? peakCount(g.bins, k) / binSec : null;
        return {
          name,
          requests: g.requests,
          share: g.requests / this.requests,
          meanRps: durationSec > 0 ? g.requests / durationSec : null,
          peakRps: gPeak,
          inputTokens: lengthStats(g.input, g.inSum, g.requests, aggregated),
          outputTokens: lengthStats(g.output, g.outSum, g.requests, aggregated),
          totalInputTokens: g.inSum,
          totalOutputTokens: g.outSum,
          dailyInputTokens: days > 0 ? g.inSum / days : null,
          dailyOutputTokens: days > 0 ? g.outSum / days : null,
        };
      })
      .sort((x, y) => y.requests - x.requests || (x.name < y.name ? -1 : 1));
  }
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** ISO date-time (UTC, millisecond precision) of seconds since the epoch; null outside Date's range. */
export function isoOf(sec: number): string | null {
  const d = new Date(sec * 1000);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Summarise plain request records (tests, small traces): the same numbers as streaming them. */
export function trafficOf(
  records: readonly { t: number; input: number; output: number; team?: string; model?: string }[],
  binSec: number,
  opts: AccumulatorOptions = {},
): TrafficResult {
  const acc = new TrafficAccumulator({ baseSec: binSec, ...opts });
  for (const r of records) acc.add(r.t, r.input, r.output, r.team, r.model);
  return acc.summary(binSec);
}

/**
 * Rebin a summary's series to `intervalSec` (a whole multiple of its binSec), each interval
 * taking its peak bin rate (what a schedule built from a trace uses, docs/traffic.md). Returns
 * the intervals' start (seconds) and peak rates.
 */
export function peakPerInterval(
  s: Pick<TrafficSummary, "series" | "binSec" | "seriesStartSec">,
  intervalSec: number,
): { startSec: number; rps: number[] } | null {
  const k = Math.round(intervalSec / s.binSec);
  if (k < 1 || Math.abs(k * s.binSec - intervalSec) > 1e-9 * intervalSec) return null;
  const firstBin = Math.round(s.seriesStartSec / s.binSec);
  const firstInterval = Math.floor(firstBin / k);
  const out: number[] = [];
  for (let j = 0; j < s.series.length; j++) {
    const iv = Math.floor((firstBin + j) / k) - firstInterval;
    const r = s.series[j]!;
    if (out[iv] === undefined || r > out[iv]!) out[iv] = r;
  }
  return { startSec: firstInterval * intervalSec, rps: out };
}
