/**
 * A traffic summary stored in a plan (`trace.traffic`) that cannot be used is a plan-file issue
 * whose problem nests the reason (code `traffic.summary*`, docs/problems.md), so `capplan plan
 * --lang zh` and the app say it in Chinese; the English is the old text byte for byte.
 */
import { describe, expect, it } from "vitest";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { trafficSummaryProblem } from "../../src/engine/demand/workload-trace";
import { localizeError, renderProblem } from "../../src/report/messages";

const summary = {
  requests: 10,
  binSec: 60,
  peakRps: 1,
  p99Rps: 1,
  durationSec: 600,
  seriesStartSec: 0,
  meanRps: 0.1,
  inputTokens: { mean: 100 },
  outputTokens: { mean: 50 },
  series: [1, 0],
};

describe("stored traffic summary checks", () => {
  it.each([
    [
      [1],
      "expected an object (the summary of `capplan traffic --json`)",
      "应为对象（`capplan traffic --json` 的摘要）",
    ],
    [{ ...summary, p99Rps: "x" }, "p99Rps must be a number", "p99Rps 必须是数字"],
    [{ ...summary, binSec: 0 }, "binSec must be > 0", "binSec 必须 > 0"],
    [{ ...summary, meanRps: "x" }, "meanRps must be a number or null", "meanRps 必须是数字或 null"],
    [
      { ...summary, outputTokens: {} },
      "outputTokens.mean must be a number or null",
      "outputTokens.mean 必须是数字或 null",
    ],
    [
      { ...summary, series: [1, -1] },
      "series must be an array of rates ≥ 0",
      "series 必须是由 ≥ 0 的速率组成的数组",
    ],
  ])("%j", (traffic, en, zh) => {
    const p = trafficSummaryProblem(traffic);
    expect(p && renderProblem(p, "en")).toBe(en);
    expect(p && renderProblem(p, "zh")).toBe(zh);
    const plan = { format: "capplan.plan/v1", workload: { trace: { traffic } }, skus: [] };
    const v = validatePlan(plan);
    expect(v.ok).toBe(false);
    const e = !v.ok ? v.errors.find((x) => x.path === "workload.trace.traffic") : undefined;
    expect(e?.message).toBe(`expected a traffic summary (capplan traffic --json): ${en}`);
    expect(e?.problem?.code).toBe("traffic.summaryInvalid");
    expect(e && localizeError(e, "zh")).toBe(`应为流量摘要（capplan traffic --json）：${zh}`);
  });

  it("accepts a usable summary", () => {
    expect(trafficSummaryProblem(summary)).toBeNull();
  });
});
