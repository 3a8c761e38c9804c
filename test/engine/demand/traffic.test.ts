import { describe, expect, it } from "vitest";
import {
  peakPerInterval,
  REORDER_WINDOW,
  TrafficAccumulator,
  trafficOf,
  isoOf,
  MAX_BASE_BINS,
  MAX_GROUPS,
  type TrafficResult,
} from "../../../src/engine/demand/traffic";
import fc from "fast-check";
import type { TrafficSummary } from "../../../src/engine/base/traffic-types";

const ok = (r: TrafficResult): TrafficSummary => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
/** A failed summary's English message and problem code. */
const err = (r: TrafficResult): [string, string] => {
  if (r.ok) throw new Error("expected an error");
  return [r.error, r.problem.code];
};
/** Requests of 1 input and 1 output token at `times`. */
const at = (times: number[]) => times.map((t) => ({ t, input: 1, output: 1 }));
/** The summary of requests of 1 input and 1 output token at `times`, over `binSec`-second bins. */
const ones = (times: number[], binSec: number) => ok(trafficOf(at(times), binSec));
/** An accumulator fed per-request rows [t, input, output, team?, model?]. */
type Row = Parameters<TrafficAccumulator["add"]>;
const fed = (...rows: Row[]) => {
  const acc = new TrafficAccumulator();
  for (const r of rows) acc.add(...r);
  return acc;
};
/** An accumulator of base bin `baseSec` fed per-bin rows [start, requests, input, output, …]. */
const binned = (baseSec: number, ...rows: Parameters<TrafficAccumulator["addBin"]>[]) => {
  const acc = new TrafficAccumulator({ baseSec });
  for (const r of rows) acc.addBin(...r);
  return acc;
};
/** Length statistics that are all `v`. */
const same = (v: number | null) => ({ mean: v, p50: v, p90: v, p95: v, p99: v, max: v });

describe("traffic statistics (hand-computed)", () => {
  // Requests at 10.0, 10.5, 11.2, 14.9 s, 15.0 s: with 2-s bins aligned to multiples of 2 since the
  // epoch the bins are [10,12) 3, [12,14) 0, [14,16) 2.
  const recs = [
    { t: 10.0, input: 100, output: 10 },
    { t: 10.5, input: 200, output: 20 },
    { t: 11.2, input: 300, output: 30 },
    { t: 14.9, input: 400, output: 40 },
    { t: 15.0, input: 1000, output: 50 },
  ];
  it("rates over aligned bins, empty bins included; per-bin sums give the same rates and means", () => {
    const s = ok(trafficOf(recs, 2));
    expect(s.requests).toBe(5);
    expect(s.durationSec).toBeCloseTo(5, 12);
    expect(s.meanRps).toBeCloseTo(1, 12);
    expect(s).toMatchObject({ bins: 3, seriesStartSec: 10 });
    expect(s).toMatchObject({ series: [1.5, 0, 1], peakRps: 1.5 });
    // numpy linear over [0, 1, 1.5]: p99 → h = 1.98 → 1 + 0.98 × 0.5; p50 → 1.
    expect(s.p99Rps).toBeCloseTo(1.49, 12);
    expect(s.p50Rps).toBe(1);
    expect(s.peakToMean).toBeCloseTo(1.5, 12);
    // Per-bin sums give the raw trace's rates and means.
    const acc = binned(
      2,
      [10, 3, 600, 60, null, null, 10.0, 11.2],
      [14, 2, 1400, 90, null, null, 14.9, 15.0],
    );
    const agg = ok(acc.summary(2));
    expect(agg.series).toEqual(s.series);
    const rates = (x: TrafficSummary) => [x.peakRps, x.p99Rps, x.p50Rps, x.meanRps, x.durationSec];
    expect(rates(agg)).toEqual(rates(s));
    expect(agg.inputTokens.mean).toBe(s.inputTokens.mean);
    expect(agg.outputTokens.mean).toBe(s.outputTokens.mean);
    expect(agg.inputTokens.p99).toBeNull();
    expect(agg.interarrivalCv).toBeNull();
    // A bin finer than the per-bin rows' spacing is flagged.
    expect(agg.notes.join(" ")).not.toMatch(/multiples of/);
    const fine = binned(1, [60, 3, 1, 1], [180, 3, 1, 1]);
    expect(ok(fine.summary(1)).notes.join(" ")).toMatch(/multiples of 60 s/);
  });
  it("bins start at multiples of binSec since the epoch, not at the first request", () => {
    const s = ok(trafficOf(recs, 3));
    // [9,12) 3, [12,15) 1 (14.9), [15,18) 1.
    expect(s.seriesStartSec).toBe(9);
    expect(s.series.map((r) => r * 3)).toEqual([3, 1, 1]);
  });
  it("1-s bins: interarrival CV (population std ÷ mean of the gaps), numpy-linear length percentiles, peaks per interval", () => {
    const s = ok(trafficOf(recs, 1));
    // gaps 0.5, 0.7, 3.7, 0.1
    const g = [0.5, 0.7, 3.7, 0.1];
    const m = g.reduce((a, b) => a + b) / 4;
    const sd = Math.sqrt(g.reduce((a, b) => a + (b - m) ** 2, 0) / 4);
    expect(s.interarrivalCv).toBeCloseTo(sd / m, 12);
    // Evenly spaced requests have CV 0.
    const even = Array.from({ length: 50 }, (_, i) => ({ t: i * 0.2, input: 1, output: 1 }));
    expect(ok(trafficOf(even, 1)).interarrivalCv).toBeCloseTo(0, 9);
    // input sorted [100,200,300,400,1000]: p90 → h = 3.6 → 400 + 0.6 × 600 = 760; p99 → h = 3.96 → 976.
    const { p95, ...rest } = s.inputTokens;
    expect(rest).toEqual({ mean: 400, p50: 300, p90: 760, p99: 976, max: 1000 });
    expect(p95).toBeCloseTo(880, 9);
    expect(s.outputTokens.mean).toBe(30);
    expect(s.outputTokens.p90).toBeCloseTo(46, 12);
    // peakPerInterval: each interval takes its peak bin rate; bins 10..15: [2,1,0,0,1,1]
    expect(s.series).toEqual([2, 1, 0, 0, 1, 1]);
    expect(peakPerInterval(s, 3)).toEqual({ startSec: 9, rps: [2, 1, 1] });
    expect(peakPerInterval(s, 1.5)).toBeNull();
  });
  it("out-of-order rows within the reorder window give the sorted answer", () => {
    const shuffled = [recs[3]!, recs[0]!, recs[4]!, recs[2]!, recs[1]!];
    const a = ok(trafficOf(recs, 1));
    const b = ok(trafficOf(shuffled, 1));
    expect(b.interarrivalCv).toBeCloseTo(a.interarrivalCv!, 12);
    expect(b.series).toEqual(a.series);
    expect(b.durationSec).toBe(a.durationSec);
  });

  it("per team and per model, with daily tokens = tokens ÷ duration in days", () => {
    const rows = [
      { t: 0, input: 10, output: 1, team: "a", model: "m" },
      { t: 43200, input: 30, output: 3, team: "b", model: "m" },
      { t: 86400, input: 50, output: 5, team: "a", model: "m" },
    ];
    const s = ok(trafficOf(rows, 3600));
    const teams = s.teams!.map((t) => [
      t.name,
      t.requests,
      t.dailyInputTokens,
      t.dailyOutputTokens,
    ]);
    expect(teams).toEqual([
      ["a", 2, 60, 6],
      ["b", 1, 30, 3],
    ]);
    expect(s.models!.map((m) => m.requests)).toEqual([3]);
    expect(s.teams![0]!.peakRps).toBeCloseTo(1 / 3600, 15);
  });
  it("hourly profile: mean and peak per hour of the day; weekdays only beyond a day", () => {
    // 1970-01-05 was a Monday. Hour 9 of two Mondays? No: Monday 09:00 (3 requests in one 60-s bin), Tuesday 09:30 (1).
    const mon9 = 4 * 86400 + 9 * 3600;
    const s = ones([mon9, mon9 + 1, mon9 + 2, mon9 + 86400 + 1800], 60);
    const h9 = s.hourly![9]!;
    expect(h9.peakRps).toBeCloseTo(3 / 60, 15);
    // Hour 9 holds 60 bins on Monday and 31 on Tuesday (09:00 … 09:30, the last bin): 4 requests over 91 × 60 s.
    expect(h9.bins).toBe(91);
    expect(h9.meanRps).toBeCloseTo(4 / (91 * 60), 15);
    const busy = [true, true, false, false, false, false, false];
    expect(s.weekdays!.map((d) => d.bins > 0)).toEqual(busy);
    expect(s.weekdays![0]!.peakRps).toBeCloseTo(3 / 60, 15);
    expect(ok(trafficOf(recs, 1)).weekdays).toBeNull();
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Pins of src/engine/demand/traffic.ts found by mutation testing (docs/mutation-testing.md): rates per bin
   * against a brute-force count (bins growing at either end, negative timestamps), exact length
   * percentiles against a sorted copy (dense growth, the dense/sparse boundary), the interarrival CV
   * through the reorder window (more rows than it holds, ties, late rows), every error and note with
   * its exact English, the per-bin rows' duration and step, groups (order, ties, "(other)"), the
   * hourly and weekday profile at its boundaries, and peakPerInterval. Oracles are hand values and
   * brute-force references written here.
   */

  /** numpy-linear percentile of a list, by sorting a copy (the oracle). */
  function numpyLinear(xs: readonly number[], q: number): number {
    const s = [...xs].sort((a, b) => a - b);
    const h = ((s.length - 1) * q) / 100;
    const lo = Math.floor(h);
    const hi = Math.min(lo + 1, s.length - 1);
    return s[lo]! + (h - lo) * (s[hi]! - s[lo]!);
  }

  /** Population std ÷ mean of the gaps of the sorted times (the oracle of interarrivalCv). */
  function cvOf(times: readonly number[]): number {
    const s = [...times].sort((a, b) => a - b);
    const g = s.slice(1).map((t, i) => t - s[i]!);
    const m = g.reduce((a, b) => a + b, 0) / g.length;
    return Math.sqrt(g.reduce((a, b) => a + (b - m) ** 2, 0) / g.length) / m;
  }

  /** A small deterministic generator (LCG) for long traces. */
  function lcg(seed: number): () => number {
    let x = seed >>> 0;
    return () => {
      x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
      return x / 2 ** 32;
    };
  }

  describe("errors, each with its exact English", () => {
    it("a bin that is not a positive finite number", () => {
      const acc = fed([0, 1, 1]);
      for (const b of [0, -60, Number.NaN, Number.POSITIVE_INFINITY]) {
        const text = `the bin must be a positive number of seconds (got ${b})`;
        expect(err(acc.summary(b))).toEqual([text, "traffic.binInvalid"]);
      }
    });
    it("a bin that is not a whole multiple of the base bin, or smaller than it; rounding errors pass", () => {
      const acc = new TrafficAccumulator({ baseSec: 60 });
      acc.add(0, 1, 1);
      for (const b of [90, 20, 30]) {
        const text = `the bin (${b} s) must be a whole multiple of 60 s`;
        expect(err(acc.summary(b))).toEqual([text, "traffic.binNotMultiple"]);
      }
      for (const b of [60, 120, 180]) expect(ok(acc.summary(b)).binSec).toBe(b);
      // A whole multiple up to a rounding error relative to the bin is accepted:
      // 0.1 × 3 = 0.30000000000000004 ≠ 0.3; and 3 × (1e5 / 3) = 100000.00000000001 ≠ 1e5 (an error of ~1e-11 s,
      // far below 1e-9 × 1e5 but far above 1e-9 ÷ 1e5).
      const a = new TrafficAccumulator({ baseSec: 0.1 });
      a.add(0, 1, 1);
      expect(ok(a.summary(0.3)).binSec).toBe(0.3);
      const b = new TrafficAccumulator({ baseSec: 1e5 / 3 });
      b.add(0, 1, 1);
      expect(ok(b.summary(1e5)).binSec).toBe(1e5);
    });
    it("no requests (per-bin rows of 0 or fewer requests are not requests)", () => {
      const acc = new TrafficAccumulator();
      expect(err(acc.summary(60))).toEqual(["the trace has no requests", "traffic.noRequests"]);
      acc.addBin(0, 0, 10, 10);
      acc.addBin(60, -2, 10, 10);
      expect(acc.count).toBe(0);
      expect(err(acc.summary(60))).toEqual(["the trace has no requests", "traffic.noRequests"]);
    });
    it("a span longer than the bin limit stops accumulation; later rows are ignored", () => {
      const acc = new TrafficAccumulator({ baseSec: 2 });
      acc.add(0, 1, 1);
      expect(acc).toMatchObject({ problem: null, stopProblem: null });
      acc.add(2 * MAX_BASE_BINS, 1, 1); // bins 0 … 40,000,000: one more than the limit
      const text = "the trace spans more than 40,000,000 bins of 2 s; use a larger bin";
      expect(acc.problem).toBe(text);
      expect(acc.stopProblem!.code).toBe("traffic.spanTooLong");
      expect(acc.count).toBe(1);
      acc.add(4, 1, 1);
      acc.addBin(6, 5, 1, 1);
      expect(acc.count).toBe(1);
      expect(err(acc.summary(2))).toEqual([text, "traffic.spanTooLong"]);
    });
    it("a span of exactly the bin limit is accepted; one past it is refused even inside the array's headroom", () => {
      const acc = fed([0, 1, 1]);
      // bins 0 … 39,999,999: accepted (the array is only reserved, not filled), and it now reaches a
      // few bins further: the span counts, not the array
      acc.add(MAX_BASE_BINS - 1, 1, 1);
      expect(acc).toMatchObject({ problem: null, count: 2 });
      acc.add(MAX_BASE_BINS, 1, 1); // bins 0 … 40,000,000
      const problem = "the trace spans more than 40,000,000 bins of 1 s; use a larger bin";
      expect(acc).toMatchObject({ problem, count: 2 });
      // per-bin rows spanning too long stop it as well
      const bins = binned(1, [0, 1, 1, 1], [MAX_BASE_BINS, 1, 1, 1]);
      expect(bins).toMatchObject({ problem, count: 1 });
    });
    it("a base bin that is not a positive finite number falls back to 1 s", () => {
      for (const baseSec of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
        expect(new TrafficAccumulator({ baseSec }).baseSec).toBe(1);
      expect(new TrafficAccumulator({ baseSec: 0.5 }).baseSec).toBe(0.5);
      expect(new TrafficAccumulator().relativeTime).toBe(false);
    });
  });

  describe("rates per bin against a brute-force count", () => {
    /** Bin counts by a plain map: the series from the first to the last non-empty bin, as rates. */
    function bruteSeries(
      times: readonly number[],
      binSec: number,
    ): { start: number; series: number[] } {
      const m = new Map<number, number>();
      for (const t of times) {
        const b = Math.floor(t / binSec);
        m.set(b, (m.get(b) ?? 0) + 1);
      }
      const keys = [...m.keys()];
      const lo = Math.min(...keys);
      const hi = Math.max(...keys);
      const series: number[] = [];
      for (let b = lo; b <= hi; b++) series.push((m.get(b) ?? 0) / binSec);
      return { start: lo * binSec, series };
    }

    it("whole-second times in any order, growing the bins at either end (negative times too)", () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: -3000, max: 3000 }), { minLength: 1, maxLength: 60 }),
          fc.constantFrom(1, 2, 5, 60),
          (times, binSec) => {
            const s = ones(times, binSec);
            const b = bruteSeries(times, binSec);
            expect(s.series).toEqual(b.series);
            expect(s.seriesStartSec).toBe(b.start);
            expect(s.bins).toBe(b.series.length);
            expect(s.peakRps).toBe(Math.max(...b.series));
            expect(s.p99Rps).toBeCloseTo(numpyLinear(b.series, 99), 12);
            expect(s.p50Rps).toBeCloseTo(numpyLinear(b.series, 50), 12);
            expect(s.durationSec).toBe(Math.max(...times) - Math.min(...times));
          },
        ),
        { numRuns: 150 },
      );
    });
    it("summaries at multiples of the base bin regroup the same counts", () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: -500, max: 2000 }), { minLength: 1, maxLength: 40 }),
          fc.constantFrom(2, 3, 7, 60),
          (times, k) => {
            const acc = new TrafficAccumulator({ baseSec: 1 });
            for (const t of times) acc.add(t, 1, 1);
            const s = ok(acc.summary(k));
            const b = bruteSeries(times, k);
            expect(s.series).toEqual(b.series);
            expect(s.seriesStartSec).toBe(b.start);
          },
        ),
        { numRuns: 80 },
      );
    });
    it("a first request far after, then one far before: both ends grow (hand-counted)", () => {
      const s = ones([1000, 1000.5, 5000, 1, -200.5], 100);
      // Bins of 100 s: -201 … → bin -3 (−300 … −200), bin 0 (1), bin 10 (1000, 1000.5), bin 50 (5000).
      expect(s).toMatchObject({ seriesStartSec: -300, bins: 54 });
      expect([0, 3, 13, 53].map((i) => s.series[i])).toEqual([0.01, 0.01, 0.02, 0.01]);
      expect(s.series.reduce((a, b) => a + b, 0) * 100).toBeCloseTo(5, 12);
      expect(s.durationSec).toBe(5200.5);
    });
    it("the percentiles are of the sorted rates, not of the series in time order", () => {
      // Rates per 1-s bin in time order: 3, 0, 1, 0, 0, 2 → sorted 0, 0, 0, 1, 2, 3.
      const s = ones([0, 0, 0, 2, 5, 5], 1);
      // p50: h = 2.5 → 0 + 0.5 × 1; p99: h = 4.95 → 2 + 0.95 × 1
      expect(s).toMatchObject({ series: [3, 0, 1, 0, 0, 2], p50Rps: 0.5, peakRps: 3 });
      expect(s.p99Rps).toBeCloseTo(2.95, 12);
      expect(s.meanRps).toBeCloseTo(6 / 5, 12);
      expect(s.peakToMean).toBeCloseTo(3 / 1.2, 12);
    });
  });

  describe("length percentiles against a sorted copy", () => {
    it("random lengths, including past the first dense array and in the sparse map", () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(
              fc.integer({ min: 0, max: 3000 }),
              fc.integer({ min: 4_194_304, max: 4_194_400 }),
              fc.constant(1024),
            ),
            { minLength: 1, maxLength: 30 },
          ),
          (lens) => {
            const acc = new TrafficAccumulator();
            lens.forEach((v, i) =>
              acc.add(i, v, lens.length - 1 - i < 0 ? 0 : lens[lens.length - 1 - i]!),
            );
            const st = ok(acc.summary(1)).inputTokens;
            expect(st.mean).toBeCloseTo(lens.reduce((a, b) => a + b, 0) / lens.length, 6);
            for (const q of [50, 90, 95, 99] as const)
              expect(st[`p${q}`]).toBeCloseTo(numpyLinear(lens, q), 6);
            expect(st.max).toBe(Math.max(...lens));
          },
        ),
        { numRuns: 120 },
      );
    });
    it("lengths exactly at the dense array's size (1024, 2048) and at the sparse boundary (2^22) are counted", () => {
      const lens = [1024, 2048, 4_194_303, 4_194_304, 4_194_304, 7];
      const st = ok(fed(...lens.map((v, i): Row => [i, v, 1])).summary(1)).inputTokens;
      // Sorted 7, 1024, 2048, 4194303, 4194304, 4194304: p50 h = 2.5 → 2048 + 0.5 × 4192255.
      expect(st.p50).toBe(2048 + 0.5 * (4_194_303 - 2048));
      expect(st).toMatchObject({ p90: 4_194_304, max: 4_194_304 });
      const lo = fed(...[1024, 1024, 3].map((v, i): Row => [i, v, 1]));
      expect(ok(lo.summary(1)).inputTokens).toEqual({ ...same(1024), mean: 2051 / 3 });
    });
    it("sparse lengths arriving in descending order are sorted for the percentiles", () => {
      const acc = fed(...[6_000_000, 5_000_000, 5_500_000].map((v, i): Row => [i, v, 0]));
      const st = ok(acc.summary(1)).inputTokens;
      expect(st).toMatchObject({ p50: 5_500_000, p90: 5_500_000 + 0.8 * 500_000, max: 6_000_000 });
    });
    it("lengths added after a summary count in the next summary (long lengths too)", () => {
      const acc = fed([0, 5_000_000, 1], [1, 6_000_000, 1]);
      expect(ok(acc.summary(1)).inputTokens.p50).toBe(5_500_000);
      acc.add(2, 4_194_400, 1);
      acc.add(3, 4_194_500, 1);
      // Sorted 4,194,400, 4,194,500, 5,000,000, 6,000,000: p50 h = 1.5 → 4,194,500 + 0.5 × 805,500.
      const st = ok(acc.summary(1)).inputTokens;
      const p90 = 5_000_000 + 0.7 * 1_000_000;
      expect(st).toMatchObject({ p50: 4_597_250, p90, max: 6_000_000 });
    });
    it("two requests: percentiles interpolate between them; one request: every percentile is its length", () => {
      const rows = [0, 1].map((t) => ({ t, input: 10 + 10 * t, output: 0 }));
      const two = ok(trafficOf(rows, 1));
      const between = { mean: 15, p50: 15, p90: 19, p95: 19.5, p99: 19.9, max: 20 };
      expect(two.inputTokens).toEqual(between);
      expect(two.outputTokens).toEqual(same(0));
      const one = ok(trafficOf([{ t: 5, input: 123, output: 7 }], 1));
      expect([one.inputTokens, one.outputTokens]).toEqual([same(123), same(7)]);
    });
    it("the length histograms are of input or output lengths as asked", () => {
      const acc = fed([0, 3, 1000], [1, 5, 0]);
      expect(acc.lengthHistogram("input")!.buckets.map((b) => b.count)).toEqual([0, 0, 0, 1, 0, 1]);
      expect(acc.lengthHistogram("output")!.width).toBe(50);
      expect(acc.lengthHistogram("input", 2)!.width).toBe(5);
    });
  });

  describe("interarrival CV through the reorder window", () => {
    it("more requests than the window holds, shuffled locally: the sorted trace's CV", () => {
      const rnd = lcg(7);
      const n = REORDER_WINDOW + 3000;
      const times: number[] = [];
      let t = 1_700_000_000;
      for (let i = 0; i < n; i++) {
        t += rnd() < 0.1 ? 0 : rnd() * 2; // some ties
        times.push(t);
      }
      // Swap neighbours here and there (at most 50 rows late: well within the window).
      const rows = times.slice();
      for (let i = 0; i + 50 < n; i += 97) [rows[i], rows[i + 50]] = [rows[i + 50]!, rows[i]!];
      const s = ok(fed(...rows.map((r): Row => [r, 1, 1])).summary(60));
      expect(s.interarrivalCv).not.toBeNull();
      expect(s.interarrivalCv!).toBeCloseTo(cvOf(times), 9);
      expect(s.notes.filter((x) => x.startsWith("interarrivalCv"))).toEqual([]);
    });
    it("equal timestamps in order are gaps of 0, not late rows (in and beyond the window)", () => {
      // Small: times 0, 0, 1, 3 → gaps 0, 1, 2: mean 1, variance 2/3.
      expect(ones([0, 0, 1, 3], 1).interarrivalCv).toBeCloseTo(Math.sqrt(2 / 3), 12);
      // Long: pairs of equal times, 1 s apart: gaps alternate 0 and 1 → mean ½, std ½ → CV 1 (up to the one odd gap).
      const n = REORDER_WINDOW * 2 + 2;
      const times = Array.from({ length: n }, (_, i) => Math.floor(i / 2));
      const acc = fed(...times.map((t): Row => [t, 1, 1]));
      expect(ok(acc.summary(1)).interarrivalCv!).toBeCloseTo(cvOf(times), 9);
    });
    it("one request late beyond the window: no CV and the note counts it", () => {
      const acc = new TrafficAccumulator();
      for (let i = 0; i <= REORDER_WINDOW + 10; i++) acc.add(1000 + i, 1, 1);
      acc.add(5, 1, 1);
      for (let i = 0; i <= REORDER_WINDOW + 10; i++) acc.add(100000 + i, 1, 1);
      const s = ok(acc.summary(60));
      expect(s.interarrivalCv).toBeNull();
      expect(s.notes).toContain(
        "interarrivalCv left out: 1 requests arrive more than 16384 rows after later ones; sort the trace by time to get it",
      );
      const late = s.problems!.find((p) => p.code === "traffic.cvUnsorted")!;
      expect(late.params).toEqual({ late: 1, window: 16384 });
    });
    it("late rows still in the window when the summary is asked are counted too", () => {
      // The window has popped 1000 … 1010 (11 rows) when the last 3 early rows arrive; they stay in the window.
      const acc = new TrafficAccumulator();
      for (let i = 0; i < REORDER_WINDOW + 11; i++) acc.add(1000 + i, 1, 1);
      for (const t of [1, 2, 3]) acc.add(t, 1, 1);
      const s = ok(acc.summary(60));
      expect(s.interarrivalCv).toBeNull();
      expect(s.notes).toContain(
        "interarrivalCv left out: 3 requests arrive more than 16384 rows after later ones; sort the trace by time to get it",
      );
    });
    it("every request at one time: no CV and a note, no mean rate, no daily tokens; one request: no CV and no CV note", () => {
      const same = ones([7, 7, 7], 1);
      expect(same.interarrivalCv).toBeNull();
      expect(same.notes).toEqual([
        "interarrivalCv left out: every request has the same timestamp",
        "every request has the same timestamp: no mean rate",
      ]);
      expect(same).toMatchObject({ meanRps: null, peakToMean: null, durationSec: 0 });
      expect(same).toMatchObject({ dailyInputTokens: null, dailyOutputTokens: null });
      // Two requests at one time: one gap of 0 s is already "every request at one time".
      const two = ones([7, 7], 1);
      expect(two.interarrivalCv).toBeNull();
      expect(two.notes).toContain("interarrivalCv left out: every request has the same timestamp");
      const one = ok(trafficOf([{ t: 7, input: 1, output: 1 }], 1));
      expect(one.interarrivalCv).toBeNull();
      expect(one.notes).toEqual(["every request has the same timestamp: no mean rate"]);
      expect(one.problems!.map((p) => p.code)).toEqual(["traffic.noMeanRate"]);
    });
    it("two requests: one gap, CV 0", () => expect(ones([3, 5], 1).interarrivalCv).toBe(0));
  });

  describe("per-bin rows", () => {
    it("without last timestamps the trace runs to the end of its last bin, and the notes say so", () => {
      const acc = binned(60, [60, 3, 300, 30], [180, 3, 600, 60]);
      const s = ok(acc.summary(60));
      // First 60, last 180 + 60 = 240: 180 s, 6 requests.
      expect(s).toMatchObject({ durationSec: 180, series: [3 / 60, 0, 3 / 60], aggregated: true });
      expect(s.meanRps).toBeCloseTo(6 / 180, 15);
      expect(s.inputTokens).toEqual({ ...same(null), mean: 150 });
      expect(s.outputTokens.mean).toBe(15);
      expect(s).toMatchObject({ totalInputTokens: 900, interarrivalCv: null });
      expect(s.notes).toEqual([
        "durationSec runs to the end of the last bin: the per-bin rows have no lastTs column (docs/traffic.md)",
        "interarrivalCv and length percentiles need the per-request rows; a per-bin trace gives rates and means only",
      ]);
      const codes = ["traffic.durationToLastBin", "traffic.perBinMeansOnly"];
      expect(s.problems!.map((p) => p.code)).toEqual(codes);
    });
    it("rows all starting at 0 without last timestamps: the trace is one summary bin long", () => {
      const acc = binned(60, [0, 5, 50, 5], [0, 1, 10, 1]);
      const s = ok(acc.summary(120));
      expect(s).toMatchObject({ durationSec: 120, meanRps: 6 / 120, series: [6 / 120] });
      expect(s.notes.some((n) => n.startsWith("the per-bin rows start"))).toBe(false);
    });
    it("a row of 0 requests moves neither the start nor the end of the trace", () => {
      const acc = binned(
        60,
        [0, 0, 10, 10, null, null, 0, 0],
        [120, 1, 10, 10, null, null, 120, 130],
        [600, 0, 10, 10],
      );
      const s = ok(acc.summary(60));
      expect(s).toMatchObject({ durationSec: 10, seriesStartSec: 120, bins: 1 });
      expect(s.totalInputTokens).toBe(10);
    });
    it("rows with and without last timestamps: the end is the later of the last request and the last bin's end", () => {
      const acc = binned(60, [0, 1, 1, 1, null, null, 0, 100], [60, 1, 1, 1]);
      // Last request at 100 s, last bin ends at 60 + 60 = 120 s.
      expect(ok(acc.summary(60)).durationSec).toBe(120);
      const late = binned(
        60,
        [60, 1, 1, 1],
        [120, 1, 1, 1, null, null, 120, 175],
        [0, 1, 1, 1, null, null, 10, 20],
      );
      // Last bin (120) ends at 180; starts 0, 60, 120: the step is 60.
      expect(ok(late.summary(60)).durationSec).toBe(170);
    });
    it("the last bin's end is the finer of the rows' step and the summary bin", () => {
      const acc = new TrafficAccumulator({ baseSec: 60 });
      for (const t of [60, 180]) acc.addBin(t, 1, 1, 1);
      // Rows every 60 s; a 120-s summary bin: the trace ends at 180 + 60.
      expect(ok(acc.summary(120)).durationSec).toBe(180);
      const coarse = new TrafficAccumulator({ baseSec: 60 });
      for (const t of [600, 1200]) coarse.addBin(t, 1, 1, 1);
      // Rows every 600 s, 60-s summary bins: the trace ends at 1200 + 60, and the note on the coarse rows.
      const s = ok(coarse.summary(60));
      expect(s.durationSec).toBe(660);
      expect(s.notes[0]).toBe(
        "the per-bin rows start at multiples of 600 s: if that is their bin, rates over 60-s bins put each row's requests at its start and overstate the peak (docs/traffic.md)",
      );
      expect(s.problems![0]!.params).toEqual({ aggStep: 600, binSec: 60 });
    });
    it("with first and last timestamps the duration is exact, and a last bin earlier than the last request does not shorten it", () => {
      const acc = binned(
        60,
        [60, 2, 1, 1, null, null, 70, 100],
        [120, 2, 1, 1, null, null, 125, 170],
      );
      const s = ok(acc.summary(60));
      const [firstTimestamp, lastTimestamp] = [
        "1970-01-01T00:01:10.000Z",
        "1970-01-01T00:02:50.000Z",
      ];
      expect(s).toMatchObject({ durationSec: 100, firstTimestamp, lastTimestamp });
      expect(s.notes).toEqual([
        "interarrivalCv and length percentiles need the per-request rows; a per-bin trace gives rates and means only",
      ]);
    });
    it("no step note when the summary bin equals the rows' step, is not a whole fraction of it, or every row starts at 0", () => {
      const mk = (starts: number[], bin: number) => {
        const acc = new TrafficAccumulator({ baseSec: 1 });
        for (const s of starts) acc.addBin(s, 1, 1, 1, null, null, s, s);
        return ok(acc.summary(bin)).notes.filter((n) => n.startsWith("the per-bin rows start"));
      };
      expect(mk([60, 120, 240], 60)).toEqual([]);
      expect(mk([60, 120, 240], 45)).toEqual([]);
      expect(mk([60, 120, 240], 30)).toHaveLength(1);
      expect(mk([60, 120, 240], 59)).toEqual([]);
      expect(mk([0], 30)).toEqual([]);
      // Starts 90 and 150: their gcd is 30 s.
      expect(mk([90, 150], 10)[0]).toBe(
        "the per-bin rows start at multiples of 30 s: if that is their bin, rates over 10-s bins put each row's requests at its start and overstate the peak (docs/traffic.md)",
      );
      // Negative starts count by their size.
      expect(mk([-120, 60], 20)[0]).toMatch(/^the per-bin rows start at multiples of 60 s:/);
    });
    it("a bin start a hair below a bin boundary (a rounding error) falls in that bin", () => {
      const acc = binned(
        0.1,
        [0.30000000000000004 - 1e-12, 1, 1, 1, null, null, 0.3, 0.3],
        [0.7, 1, 1, 1, null, null, 0.7, 0.7],
      );
      const s = ok(acc.summary(0.1));
      // 0.3 − 1e-12 over 0.1 is 2.99999999999 → bin 3 with the 1e-9 tolerance; 0.7 → bin 7 (0.7/0.1 = 6.999…).
      expect(s.seriesStartSec).toBeCloseTo(0.3, 12);
      expect(s.bins).toBe(5);
    });
    it("per-bin groups: means but no percentiles; failed rows counted apart", () => {
      const acc = binned(
        60,
        [0, 4, 400, 40, "a", "m", 0, 50],
        [60, 2, 100, 10, "b", null, 60, 100],
      );
      acc.addFailed();
      acc.addFailed(3);
      const s = ok(acc.summary(60));
      expect(s.failed).toBe(4);
      expect(s.teams).toMatchObject([
        { name: "a", requests: 4, inputTokens: { mean: 100, p50: null }, peakRps: 4 / 60 },
        { name: "b", requests: 2, inputTokens: { mean: 50, p50: null }, peakRps: 2 / 60 },
      ]);
      expect(s.models!.map((m) => [m.name, m.requests, m.share])).toEqual([["m", 4, 4 / 6]]);
    });
  });

  describe("groups", () => {
    it("most requests first, ties by name; shares, rates, lengths and peaks per group (hand values)", () => {
      const recs = [
        { t: 0, input: 10, output: 1, team: "b" },
        { t: 10, input: 20, output: 2, team: "a" },
        { t: 20, input: 30, output: 3, team: "c" },
        { t: 30, input: 40, output: 4, team: "c" },
        { t: 100, input: 50, output: 5, team: "c" },
      ];
      const s = ok(trafficOf(recs, 60, { baseSec: 10 }));
      expect(s.teams!.map((t) => t.name)).toEqual(["c", "a", "b"]);
      const c = s.teams![0]!;
      // c: 3 of 5 requests over 100 s; bins of 60 s: [0,60) 2, [60,120) 1 → peak 2 / 60.
      expect(c).toEqual({
        name: "c",
        requests: 3,
        share: 0.6,
        meanRps: 0.03,
        peakRps: 2 / 60,
        inputTokens: { mean: 40, p50: 40, p90: 48, p95: 49, p99: 49.8, max: 50 },
        outputTokens: { mean: 4, p50: 4, p90: 4.8, p95: 4.9, p99: 4.98, max: 5 },
        totalInputTokens: 120,
        totalOutputTokens: 12,
        dailyInputTokens: 120 * 864,
        dailyOutputTokens: 12 * 864,
      });
      expect(s.teams![1]!.share).toBe(0.2);
      expect(s.models).toBeUndefined();
    });
    it("groups over too long a span lose their peak rates (not their counts), with a note; exactly the budget keeps them", () => {
      // One team over bins 0 … 8,000,000: its bins take 2 × 8,000,001 = 16,000,002 cells, over the 16,000,000 budget.
      const acc = fed([0, 1, 1, "a", "m"], [8_000_000, 1, 1, "a", "m"], [10, 1, 1, "b", null]);
      const s = ok(acc.summary(3600));
      expect(s.teams!.map((t) => [t.name, t.requests, t.peakRps])).toEqual([
        ["a", 2, null],
        ["b", 1, null],
      ]);
      expect(s.models!.map((t) => [t.name, t.requests, t.peakRps])).toEqual([["m", 2, null]]);
      expect(s.notes).toContain(
        "per-team and per-model peak rates left out: too many groups over too long a span (docs/traffic.md)",
      );
      // Without groups the same span has no such note.
      const plain = fed([0, 1, 1], [8_000_000, 1, 1]);
      expect(ok(plain.summary(3600)).notes.some((n) => n.startsWith("per-team"))).toBe(false);
      // Models alone over too long a span: the note as well.
      const m = ok(fed([0, 1, 1, null, "m"], [8_000_000, 1, 1, null, "m"]).summary(3600));
      expect(m.teams).toBeUndefined();
      expect(m.models!.map((t) => [t.name, t.requests, t.peakRps])).toEqual([["m", 2, null]]);
      expect(m.notes).toContain(
        "per-team and per-model peak rates left out: too many groups over too long a span (docs/traffic.md)",
      );
      // Bins 0 … 7,999,999: 2 × 8,000,000 = 16,000,000 cells, exactly the budget: peaks kept.
      const rows = [0, 7_999_999, 7_999_999.5].map((t): Row => [t, 1, 1, "a", null]);
      const full = ok(fed(...rows).summary(3600));
      expect(full.teams![0]!.peakRps).toBe(2 / 3600);
      expect(full.notes.some((n) => n.startsWith("per-team"))).toBe(false);
    });
    it("an empty team name is a team; null and undefined are not", () => {
      const acc = fed([0, 1, 1, "", null], [1, 1, 1, null, undefined], [2, 1, 1, undefined, ""]);
      const s = ok(acc.summary(1));
      expect(s.teams!.map((t) => [t.name, t.requests])).toEqual([["", 1]]);
      expect(s.models!.map((t) => [t.name, t.requests])).toEqual([["", 1]]);
    });
    it("per-bin rows without a team or model make no group; with a team only, no model groups", () => {
      const none = binned(1, [0, 5, 50, 5], [60, 3, 30, 3, null, null]);
      const n = ok(none.summary(60));
      expect(n.requests).toBe(8);
      expect(n.teams ?? []).toEqual([]);
      expect(n.models ?? []).toEqual([]);
      const team = binned(1, [0, 5, 50, 5, "a", null], [60, 3, 30, 3, "b"]);
      const t = ok(team.summary(60));
      expect(t.teams!.map((g) => [g.name, g.requests])).toEqual([
        ["a", 5],
        ["b", 3],
      ]);
      expect(t.models ?? []).toEqual([]);
    });
    it(`per-bin rows of more than ${MAX_GROUPS} teams: the rest are summed as "(other)", with the teams' note`, () => {
      const acc = new TrafficAccumulator();
      for (let i = 0; i < MAX_GROUPS + 3; i++)
        acc.addBin(i * 60, 2, 20, 2, `t${String(i).padStart(3, "0")}`, null);
      const s = ok(acc.summary(60));
      expect(s.teams).toHaveLength(MAX_GROUPS + 1);
      expect(s.teams![0]!).toMatchObject({ name: "(other)", requests: 6 });
      expect(s.notes).toContain('more than 500 teams: the rest are summed as "(other)"');
      expect(s.notes.some((n) => n.includes("models"))).toBe(false);
    });
    it("a zero-length trace: group rates and daily tokens are null", () => {
      const s = ok(trafficOf([{ t: 5, input: 1, output: 1, team: "a", model: "m" }], 1));
      expect(s.teams![0]!).toMatchObject({ meanRps: null, dailyInputTokens: null });
      expect(s.teams![0]!).toMatchObject({ dailyOutputTokens: null, peakRps: 1 });
    });
    it(`more than ${MAX_GROUPS} teams or models: the rest are summed as "(other)", with a note`, () => {
      const id = (i: number) => String(i).padStart(3, "0");
      const acc = fed(
        ...Array.from(
          { length: MAX_GROUPS + 2 },
          (_, i): Row => [i, 1, 1, `t${id(i)}`, `m${id(i)}`],
        ),
      );
      acc.add(600, 1, 1, "t000", "m000");
      const s = ok(acc.summary(1));
      expect(s.teams).toHaveLength(MAX_GROUPS + 1);
      const [other, t000] = s.teams!;
      expect([other, t000]).toMatchObject([
        { name: "(other)", requests: 2 },
        { name: "t000", requests: 2 },
      ]);
      expect(s.teams!.some((t) => t.name === "t500")).toBe(false);
      expect(s.models![0]!.name).toBe("(other)");
      expect(s.notes).toContain('more than 500 teams: the rest are summed as "(other)"');
      expect(s.notes).toContain('more than 500 models: the rest are summed as "(other)"');
      // Exactly 500 groups: no "(other)".
      const full = new TrafficAccumulator();
      for (let i = 0; i < MAX_GROUPS; i++) full.add(i, 1, 1, `t${i}`, null);
      const f = ok(full.summary(1));
      expect(f.teams).toHaveLength(MAX_GROUPS);
      expect(f.notes.some((n) => n.includes("(other)"))).toBe(false);
    });
  });

  describe("hourly and weekday profile", () => {
    const at = (times: number[]) => times.map((t) => ({ t, input: 1, output: 1 }));
    it("bins of 1800 or 3600 s give an hourly profile; 2400 or 7200 s do not, and say why", () => {
      for (const b of [1800, 3600]) expect(ones([0, 5000], b).hourly).toHaveLength(24);
      for (const b of [2400, 7200]) {
        const s = ones([0, 5000], b);
        expect(s.hourly).toBeNull();
        expect(s.notes).toEqual([`no hourly profile: the bin (${b} s) does not divide an hour`]);
      }
    });
    it("hours without bins have rate 0; hours with bins their mean and peak (hand values)", () => {
      // 1-hour bins: 00:00 3 requests, 01:00 none, 02:00 1 request.
      const s = ok(trafficOf(at([0, 10, 20, 7200]), 3600));
      const h = s.hourly!;
      expect(h[0]).toEqual({ hour: 0, meanRps: 3 / 3600, peakRps: 3 / 3600, bins: 1 });
      expect(h[1]).toEqual({ hour: 1, meanRps: 0, peakRps: 0, bins: 1 });
      expect(h[2]).toEqual({ hour: 2, meanRps: 1 / 3600, peakRps: 1 / 3600, bins: 1 });
      expect(h[3]).toEqual({ hour: 3, meanRps: 0, peakRps: 0, bins: 0 });
      expect(h.map((x) => x.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    });
    it("weekdays from exactly one day plus a second, not from exactly one day", () => {
      expect(ok(trafficOf(at([0, 86400]), 3600)).weekdays).toBeNull();
      const w = ok(trafficOf(at([0, 86401]), 3600)).weekdays!;
      // 1970-01-01 was a Thursday (weekday 3): 24 bins that day, 1 on Friday.
      expect(w.map((d) => d.bins)).toEqual([0, 0, 0, 24, 1, 0, 0]);
      expect(w[3]).toEqual({ weekday: 3, meanRps: 1 / (24 * 3600), peakRps: 1 / 3600, bins: 24 });
      expect(w[0]).toEqual({ weekday: 0, meanRps: 0, peakRps: 0, bins: 0 });
    });
    it("before 1970 the weekday still counts from Monday (negative days)", () => {
      // 1969-12-28 was a Sunday (day −4), 1969-12-31 a Wednesday (day −1).
      const w = ok(trafficOf(at([-4 * 86400 + 3600, -86400 + 3600]), 3600)).weekdays!;
      expect(w[6]!.peakRps).toBe(1 / 3600);
      expect(w[2]!.peakRps).toBe(1 / 3600);
      expect(w.map((d) => d.bins)).toEqual([24, 24, 2, 0, 0, 0, 23]);
      const s = ok(trafficOf(at([-3600 * 5]), 3600));
      expect(s.hourly![19]!.bins).toBe(1);
      expect(s.seriesStart).toBe("1969-12-31T19:00:00.000Z");
    });
    it("relative times: hours since the start, no weekdays, no dates, and a note", () => {
      const s = ok(trafficOf(at([0, 90000, 200000]), 3600, { relativeTime: true }));
      expect(s).toMatchObject({ relativeTime: true, weekdays: null });
      expect(s.hourly![1]!.bins).toBeGreaterThan(0);
      expect([s.seriesStart, s.firstTimestamp, s.lastTimestamp]).toEqual([null, null, null]);
      expect(s.notes).toEqual([
        "timestamps are seconds from the start: the hourly profile counts hours since the start, not hours of the day",
      ]);
    });
    it("absolute times: dates of the first bin, the first and the last request", () => {
      const s = ok(trafficOf(at([90, 200.25]), 60));
      expect([s.seriesStart, s.firstTimestamp, s.lastTimestamp]).toEqual([
        "1970-01-01T00:01:00.000Z",
        "1970-01-01T00:01:30.000Z",
        "1970-01-01T00:03:20.250Z",
      ]);
      expect(s.dailyInputTokens).toBeCloseTo(2 * (86400 / 110.25), 9);
      expect(s.dailyOutputTokens).toBeCloseTo(2 * (86400 / 110.25), 9);
    });
  });

  describe("isoOf and peakPerInterval", () => {
    it("isoOf: dates in Date's range, null outside it", () => {
      expect(isoOf(0)).toBe("1970-01-01T00:00:00.000Z");
      expect(isoOf(-1.5)).toBe("1969-12-31T23:59:58.500Z");
      expect(isoOf(8.64e12)).toBe("+275760-09-13T00:00:00.000Z");
      expect(isoOf(8.64e12 + 1)).toBeNull();
      expect(isoOf(Number.NaN)).toBeNull();
    });
    it("intervals aligned to multiples of the interval, each taking its peak", () => {
      // Series of 60-s bins starting at 120 s: bins 2 … 7. 180-s intervals: bins 0-2, 3-5, 6-8.
      const s = { series: [1, 5, 2, 3, 0.5, 4], binSec: 60, seriesStartSec: 120 };
      expect(peakPerInterval(s, 180)).toEqual({ startSec: 0, rps: [1, 5, 4] });
      expect(peakPerInterval(s, 60)).toEqual({ startSec: 120, rps: [1, 5, 2, 3, 0.5, 4] });
      expect(peakPerInterval(s, 30)).toBeNull();
      expect(peakPerInterval(s, 90)).toBeNull();
      expect(peakPerInterval(s, 0)).toBeNull();
      // Negative starts and zero rates: every interval gets a rate. Bins −2 … 1 in 120-s
      // intervals: [−2, −1] → interval −1, [0, 1] → interval 0.
      const neg = { series: [0, 0, 0, 2], binSec: 60, seriesStartSec: -120 };
      expect(peakPerInterval(neg, 120)).toEqual({ startSec: -120, rps: [0, 2] });
    });
    it("a whole multiple up to a rounding error relative to the interval", () => {
      const s = { series: [1, 2, 3], binSec: 1e5 / 3, seriesStartSec: 0 };
      expect(peakPerInterval(s, 1e5)).toEqual({ startSec: 0, rps: [3] });

      expect(
        peakPerInterval({ series: [1, 2, 3, 4], binSec: 0.1, seriesStartSec: 0 }, 0.3)!.rps,
      ).toEqual([3, 4]);
    });
  });
});
