/**
 * The vocabulary of src/engine/base/types.ts (issue #15): the metric keys a plan's SLO may name, the
 * sweep field each one reads, and the standard statistics, pinned as values and through their use
 * (an SLO on each metric reads that metric's field), plus src/engine/base/append.ts.
 */
import { describe, expect, it } from "vitest";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { operatingPoint } from "../../../src/engine/curve/slo";
import {
  METRIC_FIELD,
  METRIC_KEYS,
  STANDARD_STATS,
  type MetricKey,
  type Sweep,
} from "../../../src/engine/base/types";
import { words } from "../../words";

describe("metric keys and fields", () => {
  it("five metrics, each read from its own <metric>Ms field; nine standard statistics", () => {
    expect(METRIC_KEYS).toEqual(["ttft", "itl", "tpot", "ntpot", "e2e"]);
    expect(METRIC_FIELD).toEqual({
      ttft: "ttftMs",
      itl: "itlMs",
      tpot: "tpotMs",
      ntpot: "ntpotMs",
      e2e: "e2eMs",
    });
    expect(STANDARD_STATS).toEqual(words("mean p50 p90 p95 p99 p99.9 min max std"));
  });

  it.each(METRIC_KEYS.map((m) => [m]))(
    "an SLO on %s reads only that metric's statistics",
    (metric: MetricKey) => {
      // every metric is 100 ms at c = 1 and 300 ms at c = 2, except the SLO's own, which is 300 ms already at c = 1:
      // so the SLO (≤ 200 ms) fails at the lowest load exactly when it reads its own field.
      const stats = (own: boolean, c: number) => ({ p99: own ? 300 : c === 1 ? 100 : 300 });
      const point = (c: number) => {
        const p: Record<string, unknown> = {
          concurrency: c,
          requestRate: null,
          outputTokensPerSec: 100 * c,
        };
        for (const m of METRIC_KEYS) p[METRIC_FIELD[m]] = stats(m === metric, c);
        return p;
      };
      const sweep = {
        label: "s",
        source: { files: [], format: "inline" },
        meta: {},
        points: [point(1), point(2)],
        warnings: [],
      } as unknown as Sweep;
      const op = operatingPoint(sweep, [{ metric, stat: "p99", maxMs: 200 }], "measured");
      expect(op.feasible).toBe(false);
      const other = METRIC_KEYS.find((m) => m !== metric)!;
      const op2 = operatingPoint(sweep, [{ metric: other, stat: "p99", maxMs: 200 }], "measured");
      expect(op2).toMatchObject({ feasible: true, outputTokensPerSec: 100 });
    },
  );

  it("a plan's SLO may name each metric and no other; the refusal lists them in order", () => {
    const plan = (metric: string) => ({
      format: "capplan.plan/v1",
      title: "t",
      workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
      slo: [{ metric, stat: "p99", maxMs: 100 }],
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { replicaOutputTokensPerSec: 10 },
        },
      ],
    });
    for (const m of METRIC_KEYS) expect(validatePlan(plan(m)).ok, m).toBe(true);
    const bad = validatePlan(plan("latency"));
    expect(bad.ok).toBe(false);
    expect(bad.ok ? null : bad.errors.map((e) => [e.path, e.message])).toEqual([
      ["slo[0].metric", 'expected one of "ttft", "itl", "tpot", "ntpot", "e2e", got "latency"'],
    ]);
  });
});
