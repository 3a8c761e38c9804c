import { describe, expect, it } from "vitest";
import {
  peakPerInterval,
  REORDER_WINDOW,
  TrafficAccumulator,
  trafficOf,
} from "../../src/engine/demand/traffic";

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

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
  it("rates over aligned bins, empty bins included", () => {
    const s = ok(trafficOf(recs, 2));
    expect(s.requests).toBe(5);
    expect(s.durationSec).toBeCloseTo(5, 12);
    expect(s.meanRps).toBeCloseTo(1, 12);
    expect(s.bins).toBe(3);
    expect(s.seriesStartSec).toBe(10);
    expect(s.series).toEqual([1.5, 0, 1]);
    expect(s.peakRps).toBe(1.5);
    // numpy linear over [0, 1, 1.5]: p99 → h = 1.98 → 1 + 0.98 × 0.5; p50 → 1.
    expect(s.p99Rps).toBeCloseTo(1.49, 12);
    expect(s.p50Rps).toBe(1);
    expect(s.peakToMean).toBeCloseTo(1.5, 12);
  });
  it("bins start at multiples of binSec since the epoch, not at the first request", () => {
    const s = ok(trafficOf(recs, 3));
    // [9,12) 3, [12,15) 1 (14.9), [15,18) 1.
    expect(s.seriesStartSec).toBe(9);
    expect(s.series.map((r) => r * 3)).toEqual([3, 1, 1]);
  });
  it("interarrival CV: gaps 0.5, 0.7, 3.7, 0.1 (population std ÷ mean)", () => {
    const g = [0.5, 0.7, 3.7, 0.1];
    const m = g.reduce((a, b) => a + b) / 4;
    const sd = Math.sqrt(g.reduce((a, b) => a + (b - m) ** 2, 0) / 4);
    expect(ok(trafficOf(recs, 1)).interarrivalCv).toBeCloseTo(sd / m, 12);
    // Evenly spaced requests have CV 0.
    const even = Array.from({ length: 50 }, (_, i) => ({ t: i * 0.2, input: 1, output: 1 }));
    expect(ok(trafficOf(even, 1)).interarrivalCv).toBeCloseTo(0, 9);
  });
  it("length percentiles are exact numpy-linear percentiles", () => {
    const s = ok(trafficOf(recs, 1));
    // input sorted [100,200,300,400,1000]: p90 → h = 3.6 → 400 + 0.6 × 600 = 760; p99 → h = 3.96 → 976.
    const { p95, ...rest } = s.inputTokens;
    expect(rest).toEqual({ mean: 400, p50: 300, p90: 760, p99: 976, max: 1000 });
    expect(p95).toBeCloseTo(880, 9);
    expect(s.outputTokens.mean).toBe(30);
    expect(s.outputTokens.p90).toBeCloseTo(46, 12);
  });
  it("out-of-order rows within the reorder window give the sorted answer", () => {
    const shuffled = [recs[3]!, recs[0]!, recs[4]!, recs[2]!, recs[1]!];
    const a = ok(trafficOf(recs, 1));
    const b = ok(trafficOf(shuffled, 1));
    expect(b.interarrivalCv).toBeCloseTo(a.interarrivalCv!, 12);
    expect(b.series).toEqual(a.series);
    expect(b.durationSec).toBe(a.durationSec);
  });
  it("a request later than the reorder window: no interarrival CV, and a note says why", () => {
    const acc = new TrafficAccumulator();
    for (let i = 0; i <= REORDER_WINDOW + 10; i++) acc.add(1000 + i, 1, 1);
    acc.add(5, 1, 1);
    for (let i = 0; i <= REORDER_WINDOW + 10; i++) acc.add(100000 + i, 1, 1);
    const s = ok(acc.summary(60));
    expect(s.interarrivalCv).toBeNull();
    expect(s.notes.join(" ")).toMatch(/sort the trace/);
  });
  it("per team and per model, with daily tokens = tokens ÷ duration in days", () => {
    const s = ok(
      trafficOf(
        [
          { t: 0, input: 10, output: 1, team: "a", model: "m" },
          { t: 43200, input: 30, output: 3, team: "b", model: "m" },
          { t: 86400, input: 50, output: 5, team: "a", model: "m" },
        ],
        3600,
      ),
    );
    expect(
      s.teams!.map((t) => [t.name, t.requests, t.dailyInputTokens, t.dailyOutputTokens]),
    ).toEqual([
      ["a", 2, 60, 6],
      ["b", 1, 30, 3],
    ]);
    expect(s.models!.map((m) => m.requests)).toEqual([3]);
    expect(s.teams![0]!.peakRps).toBeCloseTo(1 / 3600, 15);
  });
  it("hourly profile: mean and peak per hour of the day; weekdays only beyond a day", () => {
    // 1970-01-05 was a Monday. Hour 9 of two Mondays? No: Monday 09:00 (3 requests in one 60-s bin), Tuesday 09:30 (1).
    const mon9 = 4 * 86400 + 9 * 3600;
    const recs2 = [mon9, mon9 + 1, mon9 + 2, mon9 + 86400 + 1800].map((t) => ({
      t,
      input: 1,
      output: 1,
    }));
    const s = ok(trafficOf(recs2, 60));
    const h9 = s.hourly![9]!;
    expect(h9.peakRps).toBeCloseTo(3 / 60, 15);
    // Hour 9 holds 60 bins on Monday and 31 on Tuesday (09:00 … 09:30, the last bin): 4 requests over 91 × 60 s.
    expect(h9.bins).toBe(91);
    expect(h9.meanRps).toBeCloseTo(4 / (91 * 60), 15);
    expect(s.weekdays!.map((d) => d.bins > 0)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(s.weekdays![0]!.peakRps).toBeCloseTo(3 / 60, 15);
    expect(ok(trafficOf(recs, 1)).weekdays).toBeNull();
  });
  it("per-bin sums give the raw trace's rates and means", () => {
    const raw = ok(trafficOf(recs, 2));
    const acc = new TrafficAccumulator({ baseSec: 2 });
    acc.addBin(10, 3, 600, 60, null, null, 10.0, 11.2);
    acc.addBin(14, 2, 1400, 90, null, null, 14.9, 15.0);
    const agg = ok(acc.summary(2));
    expect(agg.series).toEqual(raw.series);
    expect([agg.peakRps, agg.p99Rps, agg.p50Rps, agg.meanRps, agg.durationSec]).toEqual([
      raw.peakRps,
      raw.p99Rps,
      raw.p50Rps,
      raw.meanRps,
      raw.durationSec,
    ]);
    expect(agg.inputTokens.mean).toBe(raw.inputTokens.mean);
    expect(agg.outputTokens.mean).toBe(raw.outputTokens.mean);
    expect(agg.inputTokens.p99).toBeNull();
    expect(agg.interarrivalCv).toBeNull();
    // A bin finer than the per-bin rows' spacing is flagged.
    expect(agg.notes.join(" ")).not.toMatch(/multiples of/);
    const fine = new TrafficAccumulator({ baseSec: 1 });
    fine.addBin(60, 3, 1, 1);
    fine.addBin(180, 3, 1, 1);
    expect(ok(fine.summary(1)).notes.join(" ")).toMatch(/multiples of 60 s/);
  });
  it("a summary bin must be a whole multiple of the base bin", () => {
    const acc = new TrafficAccumulator({ baseSec: 60 });
    acc.add(0, 1, 1);
    expect(acc.summary(90).ok).toBe(false);
    expect(acc.summary(120).ok).toBe(true);
  });
  it("peakPerInterval: each interval takes its peak bin rate", () => {
    const s = ok(trafficOf(recs, 1)); // bins 10..15: [2,1,0,0,1,1]
    expect(s.series).toEqual([2, 1, 0, 0, 1, 1]);
    expect(peakPerInterval(s, 3)).toEqual({ startSec: 9, rps: [2, 1, 1] });
    expect(peakPerInterval(s, 1.5)).toBeNull();
  });
});
