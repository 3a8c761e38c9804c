import { describe, expect, it } from "vitest";
import type { SweepPoint } from "../../../src/engine/base/types";
import { UI } from "../../../src/ui/i18n";
import { sweepColumns } from "../../../src/ui/components/sweep-columns";

const labels = (w: string) => ({
  concurrency: w,
  requestRate: w,
  rps: w,
  outputTokensPerSec: w,
  totalTokensPerSec: w,
  meanInputTokens: w,
  meanOutputTokens: w,
});
const pt = (extra: Partial<SweepPoint>) =>
  ({ concurrency: 1, requestRate: null, ...extra }) as SweepPoint;

describe("sweepColumns", () => {
  it("lists load and throughput, then percentiles in ascending order with English words", () => {
    const ttftMs = { p99: 1, p1: 1, mean: 1, p50: 1, max: 1, "p99.9": 1 };
    const cols = sweepColumns([pt({ ttftMs })], {
      ...labels("x"),
      concurrency: "C",
      rps: "RPS",
      outputTokensPerSec: "O",
    });
    expect(cols.map((c) => [c.key, c.label])).toEqual([
      ["concurrency", "C"],
      ["rps", "RPS"],
      ["outputTokensPerSec", "O"],
      ["ttftMs.mean", "TTFT mean"],
      ["ttftMs.p1", "TTFT P1"],
      ["ttftMs.p50", "TTFT P50"],
      ["ttftMs.p99", "TTFT P99"],
      ["ttftMs.p99.9", "TTFT P99.9"],
      ["ttftMs.max", "TTFT max"],
    ]);
  });

  it("takes the app's words for statistics that are words; percentiles stay P50 in Chinese", () => {
    const zh = sweepColumns([pt({ ttftMs: { mean: 1, std: 1, p50: 1, max: 1 } })], labels("x"), {
      mean: UI.zh.statMean,
      std: UI.zh.statStd,
      min: UI.zh.statMin,
      max: UI.zh.statMax,
    });
    expect(zh.map((c) => c.label).slice(3)).toEqual([
      "TTFT 均值",
      "TTFT P50",
      "TTFT 最大",
      "TTFT 标准差",
    ]);
  });
});
