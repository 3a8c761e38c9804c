import { describe, expect, it } from "vitest";
import { compareSweeps } from "../../src/report/compare";
import { compareMarkdown, compareSummary } from "../../src/report/compare-table";
import { pt, sweepOf } from "./helpers";

const base = sweepOf(
  [
    pt(1, {
      rps: 1.2,
      outputTokensPerSec: 120,
      ttftMs: { p50: 50, p99: 80 },
      itlMs: { p95: 10, p99: 12 },
    }),
    pt(8, {
      rps: 12.3,
      outputTokensPerSec: 1000,
      ttftMs: { p50: 100, p95: 150, p99: 200 },
      itlMs: { p95: 20, p99: 30 },
    }),
    { concurrency: null, requestRate: 10, rps: 9.5, ttftMs: { p99: 300 } },
  ],
  "base",
);
const cand = sweepOf(
  [
    pt(8, {
      rps: 11.0,
      outputTokensPerSec: 1020,
      ttftMs: { p50: 104, p99: 230 },
      itlMs: { p95: 20, p99: 31.5 },
    }),
    pt(64, { rps: 20 }),
    { concurrency: null, requestRate: 10, rps: 9.6, ttftMs: { p99: 270 } },
  ],
  "cand",
);

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
    expect(Object.keys(d).sort()).toEqual([
      "itl.p95",
      "itl.p99",
      "outputTokensPerSec",
      "rps",
      "ttft.p50",
      "ttft.p99",
    ]);
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
    expect(compareSweeps(base, cand, 3).regressions.map((g) => g.key)).toEqual([
      "rps",
      "ttft.p50",
      "ttft.p99",
      "itl.p99",
    ]);
  });

  it("reports negative worstPct when everything improved and null when nothing matched", () => {
    const better = compareSweeps(sweepOf([pt(8, { rps: 10 })]), sweepOf([pt(8, { rps: 11 })]));
    expect(better.worstPct).toBeCloseTo(-10, 12);
    expect(better.regressions).toEqual([]);
    const none = compareSweeps(sweepOf([pt(8, { rps: 10 })]), sweepOf([pt(16, { rps: 11 })]));
    expect(none.rows).toEqual([]);
    expect(none.worstPct).toBeNull();
  });

  it("prints the table with deltas, markers, unmatched levels and a summary", () => {
    const md = compareMarkdown(base, cand, r, "en");
    expect(md).toContain(
      "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL | Result |",
    );
    expect(md).toContain(
      "| 8 | 12.30 → 11.00 (\u221210.6 %) ▲ | 1000 → 1020 (+2.0 %) | 100.0 → 104.0 (+4.0 %) | 200.0 → 230.0 (+15.0 %) ▲ | 20.0 → 20.0 (0.0 %) | 30.0 → 31.5 (+5.0 %) | ▲ regression |",
    );
    expect(md).toContain(
      "| rate 10 | 9.50 → 9.60 (+1.1 %) | — | — | 300.0 → 270.0 (\u221210.0 %) | — | — | ok |",
    );
    expect(md).toContain("- concurrency 1 (only in baseline)");
    expect(md).toContain("- concurrency 64 (only in candidate)");
    expect(md).toContain("- ▲ concurrency 8: P99 TTFT 200.0 → 230.0 ms (+15.0 %)");
    expect(compareSummary(r, "en")).toBe(
      "2 regressions over 5 % at 2 matched load levels; worst change: P99 TTFT +15.0 % (concurrency 8).",
    );
    expect(compareSummary(r, "zh")).toBe(
      "2 项退化超过 5 %（共 2 个匹配档位）；最差变化：P99 TTFT +15.0 %（并发 8）。",
    );
  });

  it("names a side that lists no files without an empty ()", () => {
    const inline = { ...base, label: "H100 SXM ×1", source: { ...base.source, files: [] } };
    const md = compareMarkdown(inline, cand, compareSweeps(inline, cand, 5), "en");
    expect(md.split("\n")[0]).toBe("Baseline: H100 SXM ×1");
    expect(md).not.toContain("()");
    expect(md.split("\n")[1]).toMatch(/^Candidate: .+ \(test\.csv\)$/);
  });
});
