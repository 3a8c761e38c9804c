/** The readable comparison of two sweeps (`capplan compare`, docs/cli.md). */
import { describe, expect, it } from "vitest";
import { compareSweeps } from "../../src/report/compare";
import { compareMarkdown, compareSummary } from "../../src/report/compare-table";
import { base, cand } from "./compare-sweeps";

describe("compareMarkdown and compareSummary", () => {
  const r = compareSweeps(base, cand, 5);

  it("prints the table with deltas, markers, unmatched levels and a summary", () => {
    const md = compareMarkdown(base, cand, r, "en");
    for (const line of [
      "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL | Result |",
      "| 8 | 12.30 → 11.00 (\u221210.6 %) ▲ | 1000 → 1020 (+2.0 %) | 100.0 → 104.0 (+4.0 %) | 200.0 → 230.0 (+15.0 %) ▲ | 20.0 → 20.0 (0.0 %) | 30.0 → 31.5 (+5.0 %) | ▲ regression |",
      "| rate 10 | 9.50 → 9.60 (+1.1 %) | — | — | 300.0 → 270.0 (\u221210.0 %) | — | — | ok |",
      "- concurrency 1 (only in baseline)",
      "- concurrency 64 (only in candidate)",
      "- ▲ concurrency 8: P99 TTFT 200.0 → 230.0 ms (+15.0 %)",
    ])
      expect(md).toContain(line);
    expect([compareSummary(r, "en"), compareSummary(r, "zh")]).toEqual([
      "2 regressions over 5 % at 2 matched load levels; worst change: P99 TTFT +15.0 % (concurrency 8).",
      "2 项退化超过 5 %（共 2 个匹配档位）；最差变化：P99 TTFT +15.0 %（并发 8）。",
    ]);
  });

  it("names a side that lists no files without an empty ()", () => {
    const inline = { ...base, label: "H100 SXM ×1", source: { ...base.source, files: [] } };
    const md = compareMarkdown(inline, cand, compareSweeps(inline, cand, 5), "en");
    const [first, second] = md.split("\n");
    expect([first, second]).toEqual([
      "Baseline: H100 SXM ×1",
      expect.stringMatching(/^Candidate: .+ \(test\.csv\)$/),
    ]);
    expect(md).not.toContain("()");
  });
});
