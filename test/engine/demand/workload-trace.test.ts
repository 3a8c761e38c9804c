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
const S = (over: object) => ({ ...summary, ...over });
const NOT_OBJECT = "expected an object (the summary of `capplan traffic --json`)";
const orNull = (k: string) => `${k} must be a number or null`;
const SERIES = "series must be an array of rates ≥ 0";

describe("trafficSummaryProblem: what a stored summary must hold", () => {
  it("each required number is checked, and the message names it", () => {
    for (const k of ["requests", "binSec", "peakRps", "p99Rps", "durationSec", "seriesStartSec"]) {
      for (const bad of ["1", Number.NaN, Number.POSITIVE_INFINITY])
        expect(why(S({ [k]: bad }))).toBe(`${k} must be a number`);
      const { [k as keyof typeof summary]: _, ...without } = summary;
      expect(why(without)).toBe(`${k} must be a number`);
    }
  });
  it.each([
    // the first missing number in the order requests, binSec, peakRps, p99Rps, durationSec,
    // seriesStartSec is named
    [S({ requests: null, seriesStartSec: null }), "requests must be a number"],
    [S({ p99Rps: null, durationSec: null }), "p99Rps must be a number"],
    // not an object: null, an array, a number
    [null, NOT_OBJECT],
    [[summary], NOT_OBJECT],
    [3, NOT_OBJECT],
    ["x", NOT_OBJECT],
    [undefined, NOT_OBJECT],
    // binSec 0 or negative is refused, the smallest positive bin is accepted
    [S({ binSec: 0 }), "binSec must be > 0"],
    [S({ binSec: -60 }), "binSec must be > 0"],
    [S({ binSec: 1e-9 }), null],
    // meanRps may be null or a number, not a string or NaN
    [S({ meanRps: null }), null],
    [S({ meanRps: "0.1" }), orNull("meanRps")],
    [S({ meanRps: Number.NaN }), orNull("meanRps")],
    [S({ meanRps: undefined }), orNull("meanRps")],
    // input and output token means may be null; a missing or non-object length block is named
    [S({ inputTokens: { mean: null }, outputTokens: { mean: null } }), null],
    [S({ inputTokens: null }), orNull("inputTokens.mean")],
    [S({ inputTokens: [100] }), orNull("inputTokens.mean")],
    [S({ inputTokens: { mean: "100" } }), orNull("inputTokens.mean")],
    [S({ outputTokens: 50 }), orNull("outputTokens.mean")],
    [S({ inputTokens: {}, outputTokens: {} }), orNull("inputTokens.mean")],
    // series: an array of finite rates ≥ 0; 0 and an empty series pass
    [S({ series: [0, 0] }), null],
    [S({ series: [] }), null],
    [S({ series: [1, -0.001] }), SERIES],
    [S({ series: [Number.NaN] }), SERIES],
    [S({ series: [Number.POSITIVE_INFINITY] }), SERIES],
    [S({ series: ["1"] }), SERIES],
    [S({ series: "1,0" }), SERIES],
    [S({ series: { 0: 1 } }), SERIES],
    [S({ series: null }), SERIES],
  ])("%#: %j → %s", (value, want) => {
    expect(why(value)).toBe(want);
  });
});

describe("resolveTrace", () => {
  const traffic = S({ binSec: 300 });
  const defaults = { file: null, name: null, binSec: 60, peak: "max", traffic: null };
  it.each([
    // not an object: no trace
    [null, null],
    [[{ binSec: 60 }], null],
    ["trace.jsonl", null],
    // a file or name that is not a string is null; nothing written gives the defaults
    [{ file: 7, name: 5 }, defaults],
    [{}, defaults],
    // the whole resolved trace, with a usable summary and with one that is not: an unusable
    // summary is dropped (and the bin falls back to the default, not to its binSec)
    [
      { file: "t.jsonl", name: "T", binSec: 120, peak: "p99", traffic },
      { file: "t.jsonl", name: "T", binSec: 120, peak: "p99", traffic },
    ],
    [{ file: 3, name: null, peak: "P99", traffic: { ...traffic, series: [-1] } }, defaults],
  ])("%#: %j → %j", (written, want) => {
    expect(resolveTrace(written)).toEqual(want);
  });
  it.each([
    // the bin is the written one when positive, else the summary's, else 60 s
    [{ binSec: 30, traffic }, 30],
    [{ binSec: 0, traffic }, 300],
    [{ binSec: -30, traffic }, 300],
    [{ binSec: "30", traffic }, 300],
    [{ binSec: Number.POSITIVE_INFINITY, traffic }, 300],
    [{}, DEFAULT_TRACE_BIN_SEC],
    [{ binSec: 0 }, 60],
  ])("%#: the bin of %j is %s", (written, binSec) => {
    expect(resolveTrace(written)!.binSec).toBe(binSec);
  });
  it("defaults to a 60 s bin", () => expect(DEFAULT_TRACE_BIN_SEC).toBe(60));
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
  const bad = {
    ...s,
    p99Rps: Number.NaN,
    peakRps: Number.POSITIVE_INFINITY,
    inputTokens: { mean: null },
    outputTokens: { mean: Number.NaN },
  } as unknown as TrafficSummary;
  const nums = (
    peakRps: unknown,
    avgRps: unknown,
    inputTokens: unknown,
    outputTokens: unknown,
  ) => ({
    peakRps,
    avgRps,
    inputTokens,
    outputTokens,
  });
  it.each([
    // peak max takes the highest bin rate, p99 the 99th percentile of the bins
    ["max", s, nums(2, 0.5, 300, 40)],
    ["p99", s, nums(1.5, 0.5, 300, 40)],
    // no requests: no token means; a null mean rate stays null
    ["max", { ...s, requests: 0, meanRps: null }, nums(2, null, null, null)],
    // one request is enough for token means
    ["max", { ...s, requests: 1 }, nums(2, 0.5, 300, 40)],
    // non-finite numbers become null
    ["p99", bad, nums(null, 0.5, null, null)],
    ["max", bad, nums(null, 0.5, null, null)],
  ] as const)("%#: peak %s", (peak, summaryIn, want) => {
    expect(traceNumbers(summaryIn as TrafficSummary, peak)).toEqual(want);
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
    const none = [
      { durationSec: 86400 },
      ...[0, -1, Number.NaN].map((d) => ({ teams, durationSec: d })),
    ];
    expect(none.map((t) => usageFromTraffic(t))).toEqual([null, null, null, null]);
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
  const usable = S({ p99Rps: 1 });

  describe("stored traffic summary checks", () => {
    it.each([
      [[1], NOT_OBJECT, "应为对象（`capplan traffic --json` 的摘要）"],
      [{ ...usable, p99Rps: "x" }, "p99Rps must be a number", "p99Rps 必须是数字"],
      [{ ...usable, binSec: 0 }, "binSec must be > 0", "binSec 必须 > 0"],
      [{ ...usable, meanRps: "x" }, orNull("meanRps"), "meanRps 必须是数字或 null"],
      [
        { ...usable, outputTokens: {} },
        orNull("outputTokens.mean"),
        "outputTokens.mean 必须是数字或 null",
      ],
      [{ ...usable, series: [1, -1] }, SERIES, "series 必须是由 ≥ 0 的速率组成的数组"],
    ])("%j", (traffic, en, zh) => {
      const p = trafficSummaryProblem(traffic);
      expect(p && [renderProblem(p, "en"), renderProblem(p, "zh")]).toEqual([en, zh]);
      const plan = { format: "capplan.plan/v1", workload: { trace: { traffic } }, skus: [] };
      const v = validatePlan(plan);
      expect(v.ok).toBe(false);
      const e = !v.ok ? v.errors.find((x) => x.path === "workload.trace.traffic") : undefined;
      expect(e && [e.message, e.problem?.code, localizeError(e, "zh")]).toEqual([
        `expected a traffic summary (capplan traffic --json): ${en}`,
        "traffic.summaryInvalid",
        `应为流量摘要（capplan traffic --json）：${zh}`,
      ]);
    });

    it("accepts a usable summary", () => expect(trafficSummaryProblem(usable)).toBeNull());
  });
});
