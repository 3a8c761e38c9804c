import { describe, expect, it } from "vitest";
import { words } from "../words";
import { compareSweeps } from "../../src/report/compare";
import { base, cand } from "./compare-sweeps";
import { pt, sweepOf } from "./helpers";

describe("compareSweeps", () => {
  const r = compareSweeps(base, cand, 5);

  it("matches load levels by concurrency, else by request rate, and lists the rest", () => {
    expect(r.rows.map((x) => [x.concurrency, x.requestRate, x.matchedBy])).toEqual([
      [8, null, "concurrency"],
      [null, 10, "requestRate"],
    ]);
    expect(r.unmatched).toEqual([
      { side: "baseline", concurrency: 1, requestRate: null, rps: 1.2 },
      { side: "candidate", concurrency: 64, requestRate: null, rps: 20 },
    ]);
  });

  it("computes absolute and relative deltas only for statistics both sides have", () => {
    const d = r.rows[0]!.deltas;
    // rps 12.3 → 11.0: abs −1.3, pct (11 − 12.3)/12.3 × 100 = −10.569 %
    expect(d.rps!.abs).toBeCloseTo(-1.3, 12);
    expect(d.rps!.pct).toBeCloseTo(-10.5691, 4);
    // tokens/s 1000 → 1020: +2 %
    expect(d.outputTokensPerSec!.pct).toBeCloseTo(2, 12);
    // P99 TTFT 200 → 230: +15 %
    expect(d["ttft.p99"]!.pct).toBeCloseTo(15, 12);
    // P95 TTFT exists only in the baseline: not compared
    expect(d["ttft.p95"]).toBeUndefined();
    expect(Object.keys(d).sort()).toEqual(
      words("itl.p95 itl.p99 outputTokensPerSec rps ttft.p50 ttft.p99"),
    );
  });

  it("flags throughput drops and latency rises beyond the threshold, not improvements or exactly 5 %", () => {
    // regressions: rps −10.57 % and P99 TTFT +15 %. Not: P50 TTFT +4 %, P99 ITL 30 → 31.5 = exactly +5 %,
    // tokens/s +2 % (better), open-loop P99 TTFT 300 → 270 = −10 % (better).
    expect(r.regressions.map((g) => [g.concurrency, g.key])).toEqual([
      [8, "rps"],
      [8, "ttft.p99"],
    ]);
    expect(r.rows[0]!.deltas["itl.p99"]!.regression).toBe(false);
    // worst adverse change: P99 TTFT +15 % (rps dropped 10.57 %)
    expect(r.worstPct).toBeCloseTo(15, 12);
    expect(r.worst).toMatchObject({ concurrency: 8, key: "ttft.p99" });
  });

  it("uses the threshold given", () => {
    expect(compareSweeps(base, cand, 20).regressions).toEqual([]);
    const keys = compareSweeps(base, cand, 3).regressions.map((g) => g.key);
    expect(keys).toEqual(words("rps ttft.p50 ttft.p99 itl.p99"));
  });

  it("reports negative worstPct when everything improved and null when nothing matched", () => {
    const better = compareSweeps(sweepOf([pt(8, { rps: 10 })]), sweepOf([pt(8, { rps: 11 })]));
    expect(better.worstPct).toBeCloseTo(-10, 12);
    expect(better.regressions).toEqual([]);
    const none = compareSweeps(sweepOf([pt(8, { rps: 10 })]), sweepOf([pt(16, { rps: 11 })]));
    expect([none.rows, none.worstPct]).toEqual([[], null]);
  });
});
