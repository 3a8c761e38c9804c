/**
 * The run-history chart (src/ui/charts/history-chart.ts): one line per deployment on a shared
 * date axis, gaps where a deployment has no run, regressions drawn as red triangles.
 */
import { describe, expect, it } from "vitest";
import type { History } from "../../../src/report/history";
import {
  deploymentName,
  historyChart,
  REGRESSION_COLOR,
  runLabel,
} from "../../../src/ui/charts/history-chart";

const run = (date: string, file: string, value: number, regression = false) => ({
  file,
  date,
  value,
  changePct: null,
  regression,
});

const H: History = {
  metric: "ttft.p99",
  threshold: 5,
  deployments: [
    {
      model: "m",
      engine: "vllm",
      gpu: "H100",
      gpuCount: 1,
      at: { concurrency: 8, requestRate: null },
      runs: [
        run("2026-01-01T10:00:00Z", "a1.json", 100),
        run("2026-01-03T10:00:00Z", "a3.json", 130, true),
      ],
      regression: true,
    },
    {
      model: "m",
      engine: "vllm",
      gpu: null,
      gpuCount: null,
      at: null,
      runs: [run("2026-01-02T10:00:00Z", "b.json", 7)],
      regression: false,
    },
  ],
};

describe("runLabel", () => {
  it.each([
    ["2026-01-03T10:05:59.123Z", "x.json", "2026-01-03 10:05"],
    [null, "x.json", "x.json"],
    ["yesterday", "x.json", "x.json"],
  ])("%s / %s → %s", (date, file, want) => expect(runLabel(date, file)).toBe(want));
});

describe("deploymentName", () => {
  it("names model, engine and GPU × count, or ? when unknown", () => {
    expect(deploymentName(H.deployments[0]!)).toBe("m · vllm · H100 × 1");
    expect(deploymentName({ ...H.deployments[1]!, model: null })).toBe("? · vllm");
  });
});

describe("historyChart", () => {
  it("puts every run on one date axis, with gaps, and marks the regression", () => {
    const c = historyChart(H, "ttft.p99", String);
    expect(c.data.labels).toEqual(["2026-01-01 10:00", "2026-01-02 10:00", "2026-01-03 10:00"]);
    const [a, b] = c.data.datasets;
    expect(a!.data).toEqual([100, null, 130]);
    expect(b!.data).toEqual([null, 7, null]);
    expect(a!.pointStyle).toEqual(["circle", "circle", "triangle"]);
    expect((a!.pointBackgroundColor as string[])[2]).toBe(REGRESSION_COLOR);
    // No line is drawn in the regression colour.
    expect(c.data.datasets.map((d) => d.borderColor)).not.toContain(REGRESSION_COLOR);
  });
});
