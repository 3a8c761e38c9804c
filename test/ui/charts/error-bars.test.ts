import { describe, expect, it } from "vitest";
import type { SweepPoint } from "../../../src/engine/base/types";
import { errorBarsPlugin } from "../../../src/ui/charts/error-bars";
import {
  latencyChart,
  throughputChart,
  type ChartWords,
} from "../../../src/ui/charts/sweep-charts";
import { combineRepeats } from "../../../src/import/repeats";

const words: ChartWords = {
  load: "load",
  throughput: "tok/s",
  latency: "ms",
  operatingPoint: "op",
  zones: { idle: "i", linear: "l", saturated: "s" },
};
const run = (c: number, tps: number, p99: number): SweepPoint => ({
  concurrency: c,
  requestRate: null,
  outputTokensPerSec: tps,
  ttftMs: { p99 },
});
const bars = (cfg: { plugins?: unknown[] }) =>
  cfg.plugins!.flatMap((p) => (p as { bars?: unknown[] }).bars ?? []);

describe("errorBarsPlugin", () => {
  it("keeps its bars and draws nothing without a chart area", () => {
    const p = errorBarsPlugin([{ x: 1, lo: 2, hi: 3, color: "red" }]);
    expect(p.id).toBe("capplanErrorBars");
    expect(p.bars).toHaveLength(1);
  });
});

describe("error bars on the sweep charts", () => {
  const repeated = combineRepeats([run(8, 1450, 600), run(8, 1500, 700), run(8, 1550, 800)]).point;
  const series = [
    {
      name: "H100",
      color: "#2f6feb",
      points: [repeated, run(16, 2500, 2000)],
      zones: ["linear", "saturated"] as const,
      op: null,
      focused: false,
    },
  ];
  it("throughput: a bar over the 95 % t-interval at each repeated level", () => {
    const b = bars(throughputChart(series as never, words));
    const bar = { x: 8, lo: expect.closeTo(1375.7931144, 6), hi: expect.closeTo(1624.2068856, 6) };
    expect(b).toMatchObject([bar]);
  });
  it("latency: the bar of the statistic drawn (P99 TTFT), none for one not repeated", () => {
    const of = (stat: "p99" | "mean") =>
      bars(latencyChart(series as never, { metric: "ttft", stat, x: "load", slos: [] }, words));
    expect(of("p99")).toMatchObject([{ hi: expect.closeTo(700 + 248.4137712, 6) }]);
    expect(of("mean")).toHaveLength(0);
  });
});
