/**
 * src/engine/plan/plan-checker.ts: the range of a numeric field as a problem and in English, and
 * how a value is described in a message.
 */
import { describe, expect, it } from "vitest";
import { describeValue, rangeIssue, rangeProblem } from "../../../src/engine/plan/plan-checker";

describe("rangeIssue / rangeProblem: the range of a numeric field", () => {
  it("an inclusive minimum accepts the minimum and refuses just below it ('from')", () => {
    expect(rangeProblem("workloads[0].peakRps", 0)).toBeNull();
    expect(rangeProblem("workloads[0].peakRps", -0.001)).toBe(
      "expected from 0 up to 1e9 (requests per second), got -0.001",
    );
  });

  it("an exclusive minimum refuses the minimum itself and accepts just above it ('more than')", () => {
    expect(rangeProblem("skus[0].gpusPerReplica", 0)).toBe(
      "expected more than 0 up to 1e6 (GPUs), got 0",
    );
    expect(rangeProblem("skus[0].gpusPerReplica", 0.001)).toBeNull();
  });

  it("the maximum is allowed, just above it is refused", () => {
    expect(rangeProblem("workloads[0].peakRps", 1e9)).toBeNull();
    expect(rangeProblem("workloads[0].peakRps", 1e9 + 1)).toBe(
      "expected from 0 up to 1e9 (requests per second), got 1.000000001e9",
    );
    expect(rangeProblem("skus[0].gpusPerReplica", 1e6)).toBeNull();
    expect(rangeProblem("skus[0].gpusPerReplica", 1e6 + 0.5)).toBe(
      "expected more than 0 up to 1e6 (GPUs), got 1.0000005e6",
    );
  });

  it("writes limits and values from 1e6 up in exponent form without '+' or trailing zeros, below 1e6 as plain numbers", () => {
    expect(rangeProblem("workloads[0].peakRps", 1.5e12)).toBe(
      "expected from 0 up to 1e9 (requests per second), got 1.5e12",
    );
    expect(rangeProblem("workloads[0].peakRps", 2e9)).toBe(
      "expected from 0 up to 1e9 (requests per second), got 2e9",
    );
    // 999,999 is the last plain number; 1,000,000 is the first in exponent form
    expect(rangeProblem("factors.elasticity", 999_999)).toBe(
      "expected more than 0 up to 1000 (factor), got 999999",
    );
    expect(rangeProblem("factors.elasticity", 1e6)).toBe(
      "expected more than 0 up to 1000 (factor), got 1e6",
    );
    expect(rangeProblem("workloads[0].schedule.minReplicas", 1_000_001)).toBe(
      "expected from 0 up to 1e6 (replicas), got 1.000001e6",
    );
    expect(rangeProblem("slo[0].maxMs", -999_999)).toBe(
      "expected more than 0 up to 1e9 (ms), got -999999",
    );
  });

  it("the price's maximum and unit follow the currency (default USD)", () => {
    expect(rangeProblem("skus[0].pricePerGpuHour", 1e20)).toBe(
      "expected from 0 up to 1e7 (USD per GPU-hour), got 1e20",
    );
    expect(rangeProblem("skus[0].pricePerGpuHour", 1e20, "JPY")).toBe(
      "expected from 0 up to 1e9 (JPY per GPU-hour), got 1e20",
    );
    expect(rangeProblem("skus[0].pricePerGpuHour", 1e7)).toBeNull();
    expect(rangeProblem("skus[0].pricePerGpuHour", 1e8, "JPY")).toBeNull();
  });

  it("a field without a range (cells, sweep data, maxErrorRatePct) has no problem, whatever the value", () => {
    expect(rangeProblem("cells.x", -1e30)).toBeNull();
    expect(rangeProblem("skus[0].sweep.points[0].rps", -5)).toBeNull();
    expect(rangeProblem("maxErrorRatePct", 500)).toBeNull();
  });

  it("the issue is a problem with code planFile.range, its path and its parameters", () => {
    expect(rangeIssue("skus[2].gpusPerReplica", -1)).toEqual({
      code: "planFile.range",
      severity: "error",
      path: "skus[2].gpusPerReplica",
      params: { exclusive: true, min: "0", max: "1e6", unit: "GPUs", got: "-1" },
    });
    expect(rangeIssue("workload.peakRps", -1)?.params).toEqual({
      exclusive: false,
      min: "0",
      max: "1e9",
      unit: "requests per second",
      got: "-1",
    });
    expect(rangeIssue("workload.peakRps", 3)).toBeNull();
    // without a currency: USD
    expect(rangeIssue("skus[0].pricePerGpuHour", 2e7)?.params).toEqual({
      exclusive: false,
      min: "0",
      max: "1e7",
      unit: "USD per GPU-hour",
      got: "2e7",
    });
  });
});

describe("describeValue: the 'got' of a message", () => {
  it("names missing, null, arrays by length and objects", () => {
    expect(describeValue(undefined)).toBe("missing");
    expect(describeValue(null)).toBe("null");
    expect(describeValue([])).toBe("an array of 0");
    expect(describeValue([1, [2], 3])).toBe("an array of 3");
    expect(describeValue({ a: 1 })).toBe("an object");
  });

  it("writes scalars as JSON, and what JSON cannot write as text", () => {
    expect(describeValue("four")).toBe('"four"');
    expect(describeValue(4.5)).toBe("4.5");
    expect(describeValue(false)).toBe("false");
    expect(describeValue(Number.NaN)).toBe("null");
    expect(describeValue(() => 1)).toBe("() => 1");
  });

  it("keeps 60 characters whole and cuts 61 to 57 and an ellipsis", () => {
    const s58 = "a".repeat(58); // JSON: 60 characters with its quotes
    expect(describeValue(s58)).toBe(`"${s58}"`);
    const s59 = "b".repeat(59); // 61 with quotes
    expect(describeValue(s59)).toBe(`"${"b".repeat(56)}…`);
  });
});
