/**
 * Pins of src/engine/demand/workload-trace.ts found by mutation testing (docs/mutation-testing.md): every
 * key the stored-summary check reads (which key is named, in order), binSec at 0 and just above,
 * null where null is allowed, series entries at 0 / negative / NaN; resolveTrace's fallbacks for
 * the bin and the peak; traceNumbers' choice of peak and its empty-trace nulls; and the daily
 * usage rows (tokens ÷ days, with and without a pool). Oracles are hand values.
 */
import { describe, expect, it } from "vitest";
import { englishOf } from "../../../src/engine/base/problems";
import type { TrafficGroup, TrafficSummary } from "../../../src/engine/base/traffic-types";
import {
  DEFAULT_TRACE_BIN_SEC,
  resolveTrace,
  traceNumbers,
  trafficSummaryProblem,
  usageFromTraffic,
} from "../../../src/engine/demand/workload-trace";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { localizeError, renderProblem } from "../../../src/report/messages";

const summary = {
  requests: 10,
  binSec: 60,
  peakRps: 1,
  p99Rps: 0.9,
  durationSec: 600,
  seriesStartSec: 0,
  meanRps: 0.1,
  inputTokens: { mean: 100 },
  outputTokens: { mean: 50 },
  series: [1, 0],
};

const why = (v: unknown): string | null => {
  const p = trafficSummaryProblem(v);
  return p === null ? null : englishOf(p);
};

describe("trafficSummaryProblem: what a stored summary must hold", () => {
  it("each required number is checked, and the message names it", () => {
    for (const k of ["requests", "binSec", "peakRps", "p99Rps", "durationSec", "seriesStartSec"]) {
      expect(why({ ...summary, [k]: "1" })).toBe(`${k} must be a number`);
      expect(why({ ...summary, [k]: Number.NaN })).toBe(`${k} must be a number`);
      expect(why({ ...summary, [k]: Number.POSITIVE_INFINITY })).toBe(`${k} must be a number`);
      const { [k as keyof typeof summary]: _, ...without } = summary;
      expect(why(without)).toBe(`${k} must be a number`);
    }
  });
  it("the first missing number in the order requests, binSec, peakRps, p99Rps, durationSec, seriesStartSec is named", () => {
    expect(why({ ...summary, requests: null, seriesStartSec: null })).toBe(
      "requests must be a number",
    );
    expect(why({ ...summary, p99Rps: null, durationSec: null })).toBe("p99Rps must be a number");
  });
  it("not an object: null, an array, a number", () => {
    for (const v of [null, [summary], 3, "x", undefined])
      expect(why(v)).toBe("expected an object (the summary of `capplan traffic --json`)");
  });
  it("binSec 0 or negative is refused, the smallest positive bin is accepted", () => {
    expect(why({ ...summary, binSec: 0 })).toBe("binSec must be > 0");
    expect(why({ ...summary, binSec: -60 })).toBe("binSec must be > 0");
    expect(why({ ...summary, binSec: 1e-9 })).toBeNull();
  });
  it("meanRps may be null or a number, not a string or NaN", () => {
    expect(why({ ...summary, meanRps: null })).toBeNull();
    expect(why({ ...summary, meanRps: "0.1" })).toBe("meanRps must be a number or null");
    expect(why({ ...summary, meanRps: Number.NaN })).toBe("meanRps must be a number or null");
    expect(why({ ...summary, meanRps: undefined })).toBe("meanRps must be a number or null");
  });
  it("input and output token means may be null; a missing or non-object length block is named", () => {
    expect(
      why({ ...summary, inputTokens: { mean: null }, outputTokens: { mean: null } }),
    ).toBeNull();
    expect(why({ ...summary, inputTokens: null })).toBe(
      "inputTokens.mean must be a number or null",
    );
    expect(why({ ...summary, inputTokens: [100] })).toBe(
      "inputTokens.mean must be a number or null",
    );
    expect(why({ ...summary, inputTokens: { mean: "100" } })).toBe(
      "inputTokens.mean must be a number or null",
    );
    expect(why({ ...summary, outputTokens: 50 })).toBe(
      "outputTokens.mean must be a number or null",
    );
    expect(why({ ...summary, inputTokens: {}, outputTokens: {} })).toBe(
      "inputTokens.mean must be a number or null",
    );
  });
  it("series: an array of finite rates ≥ 0; 0 and an empty series pass", () => {
    expect(why({ ...summary, series: [0, 0] })).toBeNull();
    expect(why({ ...summary, series: [] })).toBeNull();
    for (const series of [
      [1, -0.001],
      [Number.NaN],
      [Number.POSITIVE_INFINITY],
      ["1"],
      "1,0",
      { 0: 1 },
      null,
    ]) {
      expect(why({ ...summary, series })).toBe("series must be an array of rates ≥ 0");
    }
  });
});

describe("resolveTrace", () => {
  const traffic = { ...summary, binSec: 300 };
  it("not an object: no trace", () => {
    expect(resolveTrace(null)).toBeNull();
    expect(resolveTrace([{ binSec: 60 }])).toBeNull();
    expect(resolveTrace("trace.jsonl")).toBeNull();
  });
  it("the bin is the written one when positive, else the summary's, else 60 s", () => {
    expect(resolveTrace({ binSec: 30, traffic })!.binSec).toBe(30);
    expect(resolveTrace({ binSec: 0, traffic })!.binSec).toBe(300);
    expect(resolveTrace({ binSec: -30, traffic })!.binSec).toBe(300);
    expect(resolveTrace({ binSec: "30", traffic })!.binSec).toBe(300);
    expect(resolveTrace({ binSec: Number.POSITIVE_INFINITY, traffic })!.binSec).toBe(300);
    expect(resolveTrace({})!.binSec).toBe(DEFAULT_TRACE_BIN_SEC);
    expect(DEFAULT_TRACE_BIN_SEC).toBe(60);
    expect(resolveTrace({ binSec: 0 })!.binSec).toBe(60);
  });
  it("a file or name that is not a string is null; nothing written gives the defaults", () => {
    expect(resolveTrace({ file: 7, name: 5 })).toEqual({
      file: null,
      name: null,
      binSec: 60,
      peak: "max",
      traffic: null,
    });
    expect(resolveTrace({})).toEqual({
      file: null,
      name: null,
      binSec: 60,
      peak: "max",
      traffic: null,
    });
  });
  it("the whole resolved trace, with a usable summary and with one that is not", () => {
    expect(resolveTrace({ file: "t.jsonl", name: "T", binSec: 120, peak: "p99", traffic })).toEqual(
      { file: "t.jsonl", name: "T", binSec: 120, peak: "p99", traffic },
    );
    // An unusable summary is dropped (and the bin falls back to the default, not to its binSec).
    expect(
      resolveTrace({ file: 3, name: null, peak: "P99", traffic: { ...traffic, series: [-1] } }),
    ).toEqual({ file: null, name: null, binSec: 60, peak: "max", traffic: null });
  });
});

describe("traceNumbers", () => {
  const s = {
    requests: 4,
    peakRps: 2,
    p99Rps: 1.5,
    meanRps: 0.5,
    inputTokens: { mean: 300 },
    outputTokens: { mean: 40 },
  } as unknown as TrafficSummary;
  it("peak max takes the highest bin rate, p99 the 99th percentile of the bins", () => {
    expect(traceNumbers(s, "max")).toEqual({
      peakRps: 2,
      avgRps: 0.5,
      inputTokens: 300,
      outputTokens: 40,
    });
    expect(traceNumbers(s, "p99")).toEqual({
      peakRps: 1.5,
      avgRps: 0.5,
      inputTokens: 300,
      outputTokens: 40,
    });
  });
  it("no requests: no token means; a null mean rate stays null", () => {
    expect(traceNumbers({ ...s, requests: 0, meanRps: null }, "max")).toEqual({
      peakRps: 2,
      avgRps: null,
      inputTokens: null,
      outputTokens: null,
    });
  });
  it("one request is enough for token means; non-finite numbers become null", () => {
    expect(traceNumbers({ ...s, requests: 1 }, "max").inputTokens).toBe(300);
    expect(traceNumbers({ ...s, requests: 1 }, "max").outputTokens).toBe(40);
    const bad = {
      ...s,
      p99Rps: Number.NaN,
      peakRps: Number.POSITIVE_INFINITY,
      inputTokens: { mean: null },
      outputTokens: { mean: Number.NaN },
    } as unknown as TrafficSummary;
    expect(traceNumbers(bad, "p99")).toEqual({
      peakRps: null,
      avgRps: 0.5,
      inputTokens: null,
      outputTokens: null,
    });
    expect(traceNumbers(bad, "max").peakRps).toBeNull();
  });
});

describe("usageFromTraffic", () => {
  const teams = [
    { name: "search", totalInputTokens: 86400, totalOutputTokens: 8640 },
    { name: "chat", totalInputTokens: 1000, totalOutputTokens: 0 },
  ] as unknown as TrafficGroup[];
  it("tokens ÷ duration in days: half a day doubles the totals", () => {
    expect(usageFromTraffic({ teams, durationSec: 43200 })).toEqual([
      { team: "search", inputTokens: 172800, outputTokens: 17280 },
      { team: "chat", inputTokens: 2000, outputTokens: 0 },
    ]);
  });
  it("with a pool every row names it", () => {
    expect(usageFromTraffic({ teams, durationSec: 172800 }, "70b")).toEqual([
      { team: "search", pool: "70b", inputTokens: 43200, outputTokens: 4320 },
      { team: "chat", pool: "70b", inputTokens: 500, outputTokens: 0 },
    ]);
    expect(Object.keys(usageFromTraffic({ teams, durationSec: 86400 })![0]!)).toEqual([
      "team",
      "inputTokens",
      "outputTokens",
    ]);
  });
  it("no team column, or no duration (0, negative, NaN): no rows", () => {
    expect(usageFromTraffic({ durationSec: 86400 })).toBeNull();
    expect(usageFromTraffic({ teams, durationSec: 0 })).toBeNull();
    expect(usageFromTraffic({ teams, durationSec: -1 })).toBeNull();
    expect(usageFromTraffic({ teams, durationSec: Number.NaN })).toBeNull();
    expect(usageFromTraffic({ teams, durationSec: 1e-3 })![1]!.inputTokens).toBeCloseTo(
      1000 * 86400 * 1000,
      3,
    );
  });
});

describe("trace summary problems", () => {
  /**
   * A traffic summary stored in a plan (`trace.traffic`) that cannot be used is a plan-file issue
   * whose problem nests the reason (code `traffic.summary*`, docs/problems.md), so `capplan plan
   * --lang zh` and the app say it in Chinese; the English is the old text byte for byte.
   */
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
      [
        { ...summary, meanRps: "x" },
        "meanRps must be a number or null",
        "meanRps 必须是数字或 null",
      ],
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

    it("accepts a usable summary", () => expect(trafficSummaryProblem(summary)).toBeNull());
  });
});
