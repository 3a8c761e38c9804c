/**
 * How an SLO is named (src/engine/curve/slo-label.ts, docs/metrics.md): the canonical stat keys and the
 * one spelling of an SLO label, character by character (issue #15, docs/mutation-testing.md).
 */
import { describe, expect, it } from "vitest";
import { metricLabel, normStat, sloText, statLabel } from "../../../src/engine/curve/slo-label";
import { words } from "../../words";

describe("normStat", () => {
  it("median and P50 are p50; avg and average are mean; case and surrounding spaces do not matter", () => {
    expect(["median", "MEDIAN", " Median ", "P50", "p50"].map(normStat)).toEqual(
      words("p50 p50 p50 p50 p50"),
    );
    expect(["avg", "AVG", "average", " Average", "Mean", "mean"].map(normStat)).toEqual(
      words("mean mean mean mean mean mean"),
    );
  });

  it("a percentile is written as its number: P95.0 and p095 are p95, P99.90 is p99.9", () => {
    expect(["P95.0", "p095", "P99.90", "p99.9", "p0"].map(normStat)).toEqual(
      words("p95 p95 p99.9 p99.9 p0"),
    );
  });

  it("anything else is only trimmed and lower-cased (no partial percentile match)", () => {
    expect(["Max", "std", "xp95", "p95x", "p95.", "p.5", "pct", "", "  "].map(normStat)).toEqual([
      "max",
      "std",
      "xp95",
      "p95x",
      "p95.",
      "p.5",
      "pct",
      "",
      "",
    ]);
  });

  it("asked twice, the same answer (the cache keeps the raw key)", () => {
    expect(normStat("P90")).toBe("p90");
    expect(normStat("P90")).toBe("p90");
    expect(normStat("p90")).toBe("p90");
  });
});

describe("labels", () => {
  it("statLabel upper-cases a percentile only", () => {
    expect(["p95", "median", "P99.9", "mean", "max", "pct", "avg"].map(statLabel)).toEqual(
      words("P95 P50 P99.9 mean max pct mean"),
    );
    // a digit after a p elsewhere in the key is no percentile
    expect(["xp5", "top5", "p"].map(statLabel)).toEqual(["xp5", "top5", "p"]);
  });

  it("metricLabel: the known metrics, and any other upper-cased", () => {
    expect(["ttft", "itl", "tpot", "ntpot", "e2e", "queue"].map(metricLabel)).toEqual(
      words("TTFT ITL TPOT NTPOT E2E QUEUE"),
    );
  });

  it("sloText: name only, or with its limit (≤ by default, < on request, a custom number format, ? when absent)", () => {
    const slo = { metric: "ttft", stat: "p99", maxMs: 1500 };
    expect(sloText(slo)).toBe("P99 TTFT");
    expect(sloText({ metric: "itl", stat: "p95", maxMs: 100 })).toBe("P95 ITL");
    expect(sloText({ metric: "ttft", stat: "median" })).toBe("P50 TTFT");
    expect(sloText({ metric: "e2e", stat: "mean" })).toBe("mean E2E");
    expect(sloText(slo, {})).toBe("P99 TTFT ≤ 1500 ms");
    expect(sloText(slo, { sign: "<" })).toBe("P99 TTFT < 1500 ms");
    expect(sloText(slo, { sign: "≤", format: (v) => `${v / 1000}k` })).toBe("P99 TTFT ≤ 1.5k ms");
    expect(sloText({ metric: "itl", stat: "median", maxMs: null }, {})).toBe("P50 ITL ≤ ? ms");
    expect(sloText({ metric: "e2e", stat: "mean" }, { sign: "<", format: () => "never" })).toBe(
      "mean E2E < ? ms",
    );
    expect(sloText({ metric: "itl", stat: "p95", maxMs: 0 }, { format: (v) => `[${v}]` })).toBe(
      "P95 ITL ≤ [0] ms",
    );
  });
});
