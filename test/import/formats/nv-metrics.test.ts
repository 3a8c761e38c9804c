/** src/import/formats/nv-metrics.ts: GenAI-Perf / AIPerf metric names, units and statistics. */
import { describe, expect, it } from "vitest";
import {
  msFactor,
  NV_METRICS,
  nvName,
  readNvJsonMetric,
  splitLabel,
  statKeyOf,
} from "../../../src/import/formats/nv-metrics";

describe("NV_METRICS and nvName", () => {
  // Inter Token Latency is per request (e2e − ttft)/(out − 1): TPOT, never ITL.
  it.each([
    ["Inter_Token_Latency", "stats", "tpotMs"],
    ["  Inter  Chunk Latency", "stats", "itlMs"],
    ["Time To First Token", "stats", "ttftMs"],
    ["request_latency", "stats", "e2eMs"],
    ["Error Request Count", "scalar", "failed"],
  ])("%s → %s %s", (name, kind, field) =>
    expect(NV_METRICS[nvName(name)]).toMatchObject({ kind, field }),
  );
});

describe("splitLabel, msFactor and statKeyOf", () => {
  it.each([
    ["Time To First Token (ms)", { name: "Time To First Token", unit: "ms" }],
    ["HTTP Duration (excl. conn) (ms)", { name: "HTTP Duration (excl. conn)", unit: "ms" }],
    ["Request Count", { name: "Request Count", unit: null }],
  ])("splitLabel(%s) → %j", (label, parts) => expect(splitLabel(label)).toEqual(parts));
  it.each([
    ["ms", 1],
    ["sec", 1000],
    [" S ", 1000],
    ["us", 0.001],
    ["ns", 1e-6],
    ["tokens", null],
    [null, null],
  ])("msFactor(%j) → %j", (unit, f) => expect(msFactor(unit)).toBe(f));
  it.each([
    ["avg", "mean"],
    ["Average", "mean"],
    ["median", "p50"],
    ["p05", "p5"],
    ["P99", "p99"],
    ["std", "std"],
    ["sum", null],
    ["count", null],
  ])("statKeyOf(%s) → %j", (col, key) => expect(statKeyOf(col)).toBe(key));
});

describe("readNvJsonMetric", () => {
  it("converts times to ms by unit, reads numbers written as strings and names a bad one", () => {
    const ns = readNvJsonMetric({ unit: "ns", avg: 2e6, p99: "3e6", sum: 9 }, "ttft", true);
    expect(ns).toEqual({ ok: true, stats: { mean: 2, p99: 3 } });
    const s = readNvJsonMetric({ unit: "s", avg: 2, p50: null }, "x", false);
    expect(s).toEqual({ ok: true, stats: { mean: 2 } });
    const bad = readNvJsonMetric({ avg: "fast" }, "ttft", true);
    expect(bad).toMatchObject({ ok: false, key: "ttft.avg" });
  });
});
