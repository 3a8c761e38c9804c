import { describe, expect, test } from "vitest";
import type { LegendItem } from "chart.js";
import type { SweepPoint } from "../../../src/engine/base/types";
import {
  latencyChart,
  throughputChart,
  zoneBands,
  type ChartSeries,
  type ChartWords,
} from "../../../src/ui/charts/sweep-charts";

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

describe("throughputChart and latencyChart legends", () => {
  test("imported sweeps named with ' · ' and per-workload series are listed; operating-point markers are not", () => {
    const s = [series("vllm · h100 · c1..c32"), series("H100 · chat"), series("L40S")];
    const names = ["vllm · h100 · c1..c32", "H100 · chat", "L40S"];
    expect(legend(throughputChart(s, words))).toEqual(names);
    const latency = latencyChart(s, { metric: "ttft", stat: "p99", x: "load", slos: [] }, words);
    expect(legend(latency)).toEqual(names);
  });
});

describe("zoneBands", () => {
  test("zone bands meet halfway (geometric mean on a log axis) and merge equal zones", () => {
    const zones = ["linear", "linear", "linear", "saturated"] as const;
    // Boundary between 16 and 64 on a log axis: sqrt(16 × 64) = 32.
    expect(
      zoneBands([1, 4, 16, 64], [...zones], true, words).map((b) => [b.x0, b.x1, b.label]),
    ).toEqual([
      [null, 32, "linear"],
      [32, null, "saturated"],
    ]);
  });
});

describe("latencyChart", () => {
  test("plots the chosen statistic, marks the operating point and draws the SLO line", () => {
    const points = [
      { concurrency: 1, requestRate: null, outputTokensPerSec: 100, ttftMs: { p99: 30 } },
      { concurrency: 4, requestRate: null, outputTokensPerSec: 350, ttftMs: { p99: 60 } },
      { concurrency: 16, requestRate: null, outputTokensPerSec: 900, ttftMs: { p99: 2400 } },
    ];
    const cfg = latencyChart(
      [
        {
          ...series("A"),
          points,
          zones: ["idle", "linear", "saturated"],
          op: { load: 4, outputTokensPerSec: 350 },
          focused: true,
        },
      ],
      { metric: "ttft", stat: "p99", x: "load", slos: [{ y: 1000, color: "red", label: "SLO" }] },
      words,
    );
    const xy = (x: number, y: number) => ({ x, y });
    expect(cfg.data.datasets[0]!.data).toEqual([xy(1, 30), xy(4, 60), xy(16, 2400)]);
    expect(cfg.data.datasets[1]!.data).toEqual([xy(4, 60)]);
    // 30 → 2400 ms spans 80×: the y axis is logarithmic; loads 1…16 span 16×: log x.
    expect((cfg.options!.scales!.y as { type: string }).type).toBe("logarithmic");
    expect((cfg.options!.scales!.x as { type: string }).type).toBe("logarithmic");
  });
});
