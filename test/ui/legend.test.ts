import { describe, expect, test } from "vitest";
import type { LegendItem } from "chart.js";
import type { SweepPoint } from "../../src/engine/base/types";
import {
  latencyChart,
  throughputChart,
  type ChartSeries,
  type ChartWords,
} from "../../src/ui/charts/sweep-charts";

const words: ChartWords = {
  load: "c",
  throughput: "t",
  latency: "l",
  operatingPoint: "op",
  zones: { idle: "idle", linear: "linear", saturated: "saturated" },
};
const pts: SweepPoint[] = [1, 2, 4].map(
  (c) =>
    ({
      concurrency: c,
      requestRate: null,
      outputTokensPerSec: c * 100,
      ttftMs: { p99: c * 10 },
    }) as SweepPoint,
);
const series = (name: string): ChartSeries => ({
  name,
  color: "#123456",
  points: pts,
  zones: [],
  op: { load: 2, outputTokensPerSec: 200 },
  focused: false,
});

/** The legend labels Chart.js would list: every dataset passed through the configured filter. */
function legend(cfg: {
  data: { datasets: { label?: string | undefined }[] };
  options?: unknown;
}): string[] {
  const filter = (
    cfg.options as {
      plugins: { legend: { labels: { filter: (i: LegendItem, d: unknown) => boolean } } };
    }
  ).plugins.legend.labels.filter;
  return cfg.data.datasets.flatMap((d, i) =>
    filter({ text: d.label ?? "", datasetIndex: i } as LegendItem, cfg.data) ? [d.label ?? ""] : [],
  );
}

describe("chart legends", () => {
  test("imported sweeps named with ' · ' and per-workload series are listed; operating-point markers are not", () => {
    const s = [series("vllm · h100 · c1..c32"), series("H100 · chat"), series("L40S")];
    expect(legend(throughputChart(s, words))).toEqual([
      "vllm · h100 · c1..c32",
      "H100 · chat",
      "L40S",
    ]);
    expect(
      legend(latencyChart(s, { metric: "ttft", stat: "p99", x: "load", slos: [] }, words)),
    ).toEqual(["vllm · h100 · c1..c32", "H100 · chat", "L40S"]);
  });
});
