import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";
import { latencyChart, zoneBands, type ChartWords } from "../../src/ui/charts/sweep-charts";
import { formulaWithValues, skuDerivations } from "../../src/ui/explain";
import { UI } from "../../src/ui/i18n";
import { sweepColumns } from "../../src/ui/components/sweep-columns";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;
const words: ChartWords = {
  load: "c",
  throughput: "t",
  latency: "l",
  operatingPoint: "op",
  zones: { idle: "idle", linear: "linear", saturated: "saturated" },
};

describe("explanations", () => {
  test("the seed worked example reads replicas = ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15", () => {
    const r = computePlan(resolvePlan(seed));
    const d = skuDerivations(r, r.skus[0]!, "en");
    const byKey = Object.fromEntries(d.map((x) => [x.key, x]));
    expect(byKey.replicas!.formula).toBe("ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15");
    // 15 replicas × 4 GPUs = 60 GPUs; 60 × 20 CNY = 1,200 CNY/h.
    expect(byKey.gpus!.formula).toBe("15 × 4 = 60");
    expect(byKey.costPerHour!.formula).toBe("60 × ¥20.00 = ¥1,200.00");
  });
  test("a formula shows its names with their values plugged in", () => {
    expect(formulaWithValues("=peak * 0.8", { peak: 50 }, 40)).toBe("peak * 0.8 = 50 * 0.8 = 40");
  });
});

describe("sweep charts", () => {
  test("zone bands meet halfway (geometric mean on a log axis) and merge equal zones", () => {
    const bands = zoneBands(
      [1, 4, 16, 64],
      ["linear", "linear", "linear", "saturated"],
      true,
      words,
    );
    // Boundary between 16 and 64 on a log axis: sqrt(16 × 64) = 32.
    expect(bands.map((b) => [b.x0, b.x1, b.label])).toEqual([
      [null, 32, "linear"],
      [32, null, "saturated"],
    ]);
  });
  test("the latency chart plots the chosen statistic, marks the operating point and draws the SLO line", () => {
    const points = [
      { concurrency: 1, requestRate: null, outputTokensPerSec: 100, ttftMs: { p99: 30 } },
      { concurrency: 4, requestRate: null, outputTokensPerSec: 350, ttftMs: { p99: 60 } },
      { concurrency: 16, requestRate: null, outputTokensPerSec: 900, ttftMs: { p99: 2400 } },
    ];
    const cfg = latencyChart(
      [
        {
          name: "A",
          color: "#000",
          points,
          zones: ["idle", "linear", "saturated"],
          op: { load: 4, outputTokensPerSec: 350 },
          focused: true,
        },
      ],
      { metric: "ttft", stat: "p99", x: "load", slos: [{ y: 1000, color: "red", label: "SLO" }] },
      words,
    );
    expect(cfg.data.datasets[0]!.data).toEqual([
      { x: 1, y: 30 },
      { x: 4, y: 60 },
      { x: 16, y: 2400 },
    ]);
    expect(cfg.data.datasets[1]!.data).toEqual([{ x: 4, y: 60 }]);
    // 30 → 2400 ms spans 80×: the y axis is logarithmic; loads 1…16 span 16×: log x.
    expect((cfg.options!.scales!.y as { type: string }).type).toBe("logarithmic");
    expect((cfg.options!.scales!.x as { type: string }).type).toBe("logarithmic");
  });
  test("sweep grid columns list percentiles in ascending order", () => {
    const cols = sweepColumns(
      [
        {
          concurrency: 1,
          requestRate: null,
          ttftMs: { p99: 1, p1: 1, mean: 1, p50: 1, max: 1, "p99.9": 1 },
        },
      ],
      {
        concurrency: "C",
        requestRate: "R",
        rps: "RPS",
        outputTokensPerSec: "O",
        totalTokensPerSec: "T",
        meanInputTokens: "I",
        meanOutputTokens: "M",
      },
    );
    expect(cols.map((c) => c.key)).toEqual([
      "concurrency",
      "rps",
      "outputTokensPerSec",
      "ttftMs.mean",
      "ttftMs.p1",
      "ttftMs.p50",
      "ttftMs.p99",
      "ttftMs.p99.9",
      "ttftMs.max",
    ]);
    // Statistics that are words take the app's words; percentiles stay P50, P99.
    expect(cols.map((c) => c.label).slice(3)).toEqual([
      "TTFT mean",
      "TTFT P1",
      "TTFT P50",
      "TTFT P99",
      "TTFT P99.9",
      "TTFT max",
    ]);
    const zh = sweepColumns(
      [{ concurrency: 1, requestRate: null, ttftMs: { mean: 1, std: 1, p50: 1, max: 1 } }],
      { ...labelsOf("x") },
      { mean: UI.zh.statMean, std: UI.zh.statStd, min: UI.zh.statMin, max: UI.zh.statMax },
    );
    expect(zh.map((c) => c.label).slice(3)).toEqual([
      "TTFT 均值",
      "TTFT P50",
      "TTFT 最大",
      "TTFT 标准差",
    ]);
  });
});

function labelsOf(w: string) {
  return {
    concurrency: w,
    requestRate: w,
    rps: w,
    outputTokensPerSec: w,
    totalTokensPerSec: w,
    meanInputTokens: w,
    meanOutputTokens: w,
  };
}
