/** The run archive over time (src/report/history.ts), on hand-made runs. */
import { describe, expect, it } from "vitest";
import type { Sweep, SweepPoint } from "../../src/engine/base/types";
import { historyLoad, historyMarkdown, historyMetric, runHistory } from "../../src/report/history";

function sweep(date: string, gpu: string, pts: [number, number, number][]): Sweep {
  const points: SweepPoint[] = pts.map(([concurrency, ttft, rps]) => {
    return { concurrency, requestRate: null, ttftMs: { p99: ttft }, rps };
  });
  return {
    label: "x",
    source: { files: [], format: "capplan-sweep" },
    meta: { model: "m", engine: "vllm", gpu, gpuCount: 1, date },
    points,
    warnings: [],
  };
}

describe("historyMetric", () => {
  it.each([
    ["ttft.p99", "down"],
    ["itl.p50", "down"],
    ["e2e.mean", "down"],
    ["rps", "up"],
    ["outputTokensPerSec", "up"],
    ["ttft", null],
    ["speed.p50", null],
    ["ttft.p", null],
  ])("%s → %s", (k, better) => {
    expect(historyMetric(k)?.better ?? null).toBe(better);
  });
});

describe("historyLoad", () => {
  it.each([
    ["concurrency=16", { concurrency: 16, requestRate: null }],
    ["rate=2.5", { concurrency: null, requestRate: 2.5 }],
    ["concurrency=", null],
    ["c=4", null],
  ])("%s", (s, want) => expect(historyLoad(s)).toEqual(want));
});

describe("runHistory", () => {
  // Each level: concurrency, P99 TTFT, RPS.
  type L = [number, number, number];
  const [c1, c8]: L[] = [
    [1, 40, 5],
    [8, 100, 30],
  ];
  const slower: L[] = [
    [1, 41, 5],
    [8, 106, 28],
  ];
  const runs = [
    { file: "b.json", sweep: sweep("2026-12-02", "H100", [c1!, c8!]) },
    { file: "a.json", sweep: sweep("2026-12-01", "H100", [c1!, c8!, [16, 300, 40]]) },
    { file: "c.json", sweep: sweep("2026-12-03", "H100", slower) },
    { file: "d.json", sweep: sweep("2026-12-01", "L40S", [[4, 90, 9]]) },
  ];
  it("groups by deployment, orders by date, reads the highest shared level, flags the latest regression", () => {
    const h = runHistory(runs, historyMetric("ttft.p99")!, 5, null);
    const [h100, l40s] = h.deployments;
    expect([h.deployments.length, h100!.regression, l40s!.regression]).toEqual([2, true, false]);
    expect(h100!.runs.map((r) => `${r.file} ${r.value}`)).toEqual([
      "a.json 100",
      "b.json 100",
      "c.json 106",
    ]);
    // Concurrency 16 is not in every run: the highest shared level is 8.
    expect(h100!.at).toEqual({ concurrency: 8, requestRate: null });
    expect(h100!.runs[2]!.changePct).toBeCloseTo(6, 12);
    expect(historyMarkdown(h)).toContain("| 2026-12-03 | c.json | 106.00 | +6.0 % ⚠ regression |");
  });
  it("a throughput regresses when it drops; a smaller rise than the threshold is no regression", () => {
    const rps = runHistory(runs, historyMetric("rps")!, 5, null);
    expect(rps.deployments[0]!.runs[2]!.changePct).toBeCloseTo((28 / 30 - 1) * 100, 12);
    const loose = runHistory(runs, historyMetric("ttft.p99")!, 10, null);
    expect([rps.deployments[0]!.regression, loose.deployments[0]!.regression]).toEqual([
      true,
      false,
    ]);
    // At concurrency 1: 40 → 40 → 41 (+2.5 %).
    const at1 = runHistory(runs, historyMetric("ttft.p99")!, 5, historyLoad("concurrency=1"));
    const h100 = at1.deployments[0]!;
    expect([h100.runs.map((r) => r.value), h100.regression]).toEqual([[40, 40, 41], false]);
  });
});
