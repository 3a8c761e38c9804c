/** src/import/formats/guidellm-common.ts: GuideLLM distributions and strategies, JSON and CSV alike. */
import { describe, expect, it } from "vitest";
import {
  distStats,
  loadOfStrategy,
  strategyFromProfile,
} from "../../../src/import/formats/guidellm-common";

describe("distStats", () => {
  it.each([
    [
      { mean: 0.5, min: 0.1, std_dev: 0.2, percentiles: { p001: 0.01, p50: 0.4, p999: 0.9 } },
      1000,
      { mean: 500, min: 100, std: 200, "p0.1": 10, p50: 400, "p99.9": 900 },
    ],
    [{ mean: 2, median: 3 }, 1, { mean: 2, p50: 3 }],
    // An all-zero status distribution is no measurement.
    [{ count: 0, mean: 0 }, 1, undefined],
    [{ count: 4 }, 1, undefined],
    ["x", 1, undefined],
  ])("%j × %d → %j", (d, scale, stats) => expect(distStats(d, scale)).toEqual(stats));
});

describe("loadOfStrategy", () => {
  it.each([
    [{ type_: "synchronous" }, { concurrency: 1, requestRate: null }],
    [
      { type_: "Concurrent", streams: 8 },
      { concurrency: 8, requestRate: null },
    ],
    [{ type_: "concurrent", streams: 0 }, null],
    [{ type_: "throughput" }, { concurrency: null, requestRate: "inf" }],
    [
      { type_: "poisson", rate: 2.5 },
      { concurrency: null, requestRate: 2.5 },
    ],
    [{ type_: "constant", rate: -1 }, null],
    [{ type_: "sweep" }, null],
    [null, null],
  ])("%j → %j", (s, load) => expect(loadOfStrategy(s)).toEqual(load));
});

describe("strategyFromProfile", () => {
  it.each([
    [{ completed_strategies: [{ type_: "x" }, { type_: "y" }] }, 1, undefined, { type_: "y" }],
    [{ type_: "concurrent", streams: [1, 4] }, 1, undefined, { type_: "concurrent", streams: 4 }],
    [{ rate: [2, 5] }, 0, "poisson", { type_: "poisson", rate: 2 }],
    [{ type_: "synchronous" }, undefined, undefined, { type_: "synchronous" }],
    [null, 0, "throughput", { type_: "throughput" }],
    [{}, 0, undefined, undefined],
  ])("%j at %j (%s) → %j", (profile, i, type, s) =>
    expect(strategyFromProfile(profile, i, type)).toEqual(s),
  );
});
