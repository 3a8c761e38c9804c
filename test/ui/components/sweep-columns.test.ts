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
    const words = { ...labels("x"), concurrency: "C", rps: "RPS", outputTokensPerSec: "O" };
    const cols = sweepColumns([pt({ ttftMs })], words);
    // Each column's key and label, in order.
    const stats = ["mean", "p1", "p50", "p99", "p99.9", "max"];
    const keys = ["concurrency", "rps", "outputTokensPerSec", ...stats.map((s) => `ttftMs.${s}`)];
    expect(cols.map((c) => c.key)).toEqual(keys);
    const shown = "C|RPS|O|TTFT mean|TTFT P1|TTFT P50|TTFT P99|TTFT P99.9|TTFT max";
    expect(cols.map((c) => c.label)).toEqual(shown.split("|"));
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
