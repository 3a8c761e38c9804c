/**
 * The lineage of a plan's numbers (src/engine/plan/lineage.ts, docs/lineage.md), lines 451–800 of the
 * builder: a SKU workload's sweep properties and operating point, the SKU's steps, its peak and
 * forecast, and the pools' cost, capacity, replicas and reservations. Each test pins a behaviour a
 * mutant changed without any test noticing (issue #15): paths that name no number, the SLO that
 * binds among SLOs sharing a metric, a stat or a limit, SKUs without a capacity, numbers too large
 * for a double (Infinity is shown as n/a, and recomputes to nothing), negative forecast rates, and
 * which usage rows a team's reservation sums. Whole explanations are asserted line by line
 * (`show`, test/engine/survivors-lineage-b-plans.ts); the numbers are worked out in the comments.
 */
import { describe, expect, it } from "vitest";
import { consistent, explainPath, lineageNodes } from "../../../src/engine/plan/lineage";
import type { PlanFile } from "../../../src/engine/base/types";
import { PLANS } from "./lineage-plans-a";
import { NO_CAPACITY, ctxOf, reservation, show, showAll } from "./lineage-plans-b";

const base = (over: Partial<PlanFile>): PlanFile => ({
  format: "capplan.plan/v1",
  currency: "USD",
  skus: [],
  ...over,
});
const none = (path: string) => [`ERROR ${path}: no number with a lineage at this path`];
/** 10^e as fmtNum writes it (`1e6` → "1,000,000"). */
const big = (e: number) => `1${"0".repeat(e % 3)}${",000".repeat(Math.floor(e / 3))}`;
const G = (over: Record<string, unknown> = {}) => ({
  name: "G",
  gpusPerReplica: 1,
  pricePerGpuHour: 2,
  sweep: { replicaOutputTokensPerSec: 100 },
  ...over,
});

describe("a SKU workload's paths that name no number", () => {
  it("a workload on a given capacity has no zones: zones.length is no number (the sweep's own has 4)", () => {
    expect(show(ctxOf(PLANS.given as PlanFile), "skus[0].workloads[0].zones.length")).toEqual(
      none("skus[0].workloads[0].zones.length"),
    );
    expect(show(ctxOf(PLANS.spare as PlanFile), "skus[0].workloads[0].zones.length")).toEqual([
      "skus[0].workloads[0].zones.length [sweep] = 4 | zones of the sweep (idle, linear, saturated)",
    ]);
  });

  it("failure and missing are no zones: their length has no lineage, with a sweep or without", () => {
    for (const plan of [PLANS.spare, PLANS.given] as PlanFile[]) {
      const c = ctxOf(plan);
      for (const p of [
        "skus[0].workloads[0].failure.length",
        "skus[0].workloads[0].missing.length",
        "skus[0].workloads[0].failure",
        "skus[0].workloads[0].missing",
      ])
        expect(show(c, p)).toEqual(none(p));
    }
  });

  it("an operating point's bindingSlo names a number only at bindingSlo.maxMs", () => {
    const c = ctxOf(PLANS.spare as PlanFile);
    for (const p of [
      "skus[0].operatingPoint.bindingSlo",
      "skus[0].operatingPoint.bindingSlo.metric",
      "skus[0].operatingPoint.bindingSlo.maxMs.x",
      "skus[0].operatingPoint.foo",
      "skus[0].workloads[0].operatingPoint.bindingSlo",
      "skus[0].workloads[0].operatingPoint.maxMs",
    ])
      expect(show(c, p)).toEqual(none(p));
    expect(show(c, "skus[0].operatingPoint.bindingSlo.maxMs")).toEqual([
      "skus[0].operatingPoint.bindingSlo.maxMs [computed] = 1000 | the limit of the SLO that binds (slo[0]) | 1,000 = 1,000 | re 1000",
      "  slo[0].maxMs [field] = 1000 | raw 1000",
    ]);
  });

  it("a SKU of a plan without workloads has no operating point: its binding SLO is no number (not an exception)", () => {
    const c = ctxOf(base({ slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }], skus: [G()] }));
    expect(show(c, "skus[0].operatingPoint.bindingSlo.maxMs")).toEqual(
      none("skus[0].operatingPoint.bindingSlo.maxMs"),
    );
  });

  it("a given capacity is checked against no SLO: with SLOs in the plan, its binding SLO is no number (not an exception)", () => {
    const c = ctxOf(
      base({
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 100 }],
        slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
        skus: [G()],
      }),
    );
    expect(show(c, "skus[0].operatingPoint.bindingSlo.maxMs")).toEqual(
      none("skus[0].operatingPoint.bindingSlo.maxMs"),
    );
    expect(show(c, "skus[0].workloads[0].operatingPoint.bindingSlo.maxMs")).toEqual(
      none("skus[0].workloads[0].operatingPoint.bindingSlo.maxMs"),
    );
  });
});

describe("the SLO that binds is the one with its metric, stat and limit", () => {
  const pt = (c: number, ttftP99: number) => ({
    concurrency: c,
    requestRate: null,
    rps: c,
    outputTokensPerSec: 100 * c,
    ttftMs: { p99: ttftP99, p50: 100 },
    itlMs: { p99: 20, p50: 10 },
    sources: [{ file: "s.csv", line: c + 1 }],
  });
  // TTFT p99 is 300, 600, 900 ms at concurrency 1, 2, 3: only "ttft p99 ≤ 800" fails (at 3); the
  // others pass everywhere. Before it: the same metric and stat with another limit (5,000), the
  // same metric and limit with another stat (ttft p50), the same stat and limit with another metric
  // (itl p99), the same limit only (itl p50).
  const plan = base({
    workloads: [{ name: "w", peakRps: 10, inputTokens: 10, outputTokens: 100 }],
    sloMode: "measured",
    slo: [
      { metric: "ttft", stat: "p99", maxMs: 5000 },
      { metric: "ttft", stat: "p50", maxMs: 800 },
      { metric: "itl", stat: "p99", maxMs: 800 },
      { metric: "itl", stat: "p50", maxMs: 800 },
      { metric: "ttft", stat: "p99", maxMs: 800 },
    ],
    skus: [
      {
        name: "S",
        gpusPerReplica: 1,
        pricePerGpuHour: 1,
        sweep: { label: "s", points: [pt(1, 300), pt(2, 600), pt(3, 900)] },
      },
    ],
  });

  it("ttft p99 ≤ 800 binds at concurrency 2: its limit is slo[4], not an earlier SLO sharing two of the three", () => {
    const c = ctxOf(plan);
    expect(c.result.skus[0]!.workloads[0]!.operatingPoint?.concurrency).toBe(2);
    for (const p of [
      "skus[0].workloads[0].operatingPoint.bindingSlo.maxMs",
      "skus[0].operatingPoint.bindingSlo.maxMs",
    ]) {
      expect(show(c, p)).toEqual([
        `${p} [computed] = 800 | the limit of the SLO that binds (slo[4]) | 800 = 800 | re 800`,
        "  slo[4].maxMs [field] = 800 | raw 800",
      ]);
    }
  });
});

describe("a SKU's replicas when one workload's capacity has no lineage", () => {
  // Workload a's peak is a formula that fails: it has no replicasBase; b has 1 × 300 ÷ 100 = 3.
  const HALF = base({
    workloads: [
      { name: "a", peakRps: "=nope", inputTokens: 10, outputTokens: 100 },
      { name: "b", peakRps: 1, inputTokens: 10, outputTokens: 300 },
    ],
    skus: [G()],
  });

  it("the SKU's sum over workloads has no lineage (not an exception), though b's own replicasBase has one", () => {
    const c = ctxOf(HALF);
    for (const p of [
      "skus[0].replicasBase",
      "skus[0].replicaOutputTokensPerSec",
      "skus[0].workloads[0].replicasBase",
    ])
      expect(show(c, p)).toEqual(none(p));
    expect(show(c, "skus[0].workloads[1].replicasBase")).toEqual([
      "skus[0].workloads[1].replicasBase [computed] = 3 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 1 × 300 ÷ 100 = 3 | re 3",
      "  workloads[1].peakRps [field] = 1 | raw 1",
      "  workloads[1].outputTokens [field] = 300 | raw 300",
      "  skus[0].workloads[1].operatingPoint.outputTokensPerSec [computed] = 100 | given capacity (not checked against SLOs) | 100 = 100 | re 100",
    ]);
  });
});

describe("a SKU's GPUs per replica and price", () => {
  it("GPUs per replica never names the catalogue entry (only a price not written does): written 2, or not written", () => {
    expect(show(ctxOf(PLANS.given as PlanFile), "skus[0].gpusPerReplica")).toEqual([
      "skus[0].gpusPerReplica [field] = 2 | raw 2",
    ]);
    const c = ctxOf(
      base({
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 100 }],
        skus: [
          {
            name: "G",
            gpu: "h100-sxm",
            pricePerGpuHour: 2,
            sweep: { replicaOutputTokensPerSec: 100 },
          } as unknown as NonNullable<PlanFile["skus"]>[number],
        ],
      }),
    );
    expect(showAll(c, ["skus[0].gpusPerReplica", "skus[0].pricePerGpuHour"])).toEqual([
      "skus[0].gpusPerReplica [field] = null",
      "skus[0].pricePerGpuHour [field] = 2 | raw 2",
    ]);
  });
});

describe("a SKU without a capacity (0 GPUs per replica): its steps have no number and recompute to none", () => {
  // replicasBase 2 × 100 ÷ 100 = 2 recomputes, but the SKU's capacity is refused: every SKU number is null.
  const SPARE = { ...NO_CAPACITY, factors: { redundancy: { spare: 1 } } };

  it("N+1 replicasRaw and replicas: n/a × 1 + 1 is n/a, not 1", () => {
    const c = ctxOf(SPARE);
    const baseLine =
      "  skus[0].replicasBase [computed] = null | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 2 × 100 ÷ 100 = 2 | re 2";
    expect(showAll(c, ["skus[0].replicasRaw", "skus[0].replicas"])).toEqual([
      "ERROR skus[0].replicasRaw: no number with a lineage at this path",
      "ERROR skus[0].replicas: no number with a lineage at this path",
    ]);
  });

  it("cost per output token 0 × 2 ÷ (n/a × 3600) and utilization n/a ÷ (n/a × n/a) recompute to none (not NaN, not 0)", () => {
    const c = ctxOf(NO_CAPACITY);
    const capLine =
      "  skus[0].replicaOutputTokensPerSec [computed] = null | given capacity (not checked against SLOs) | 100 = 100 | re 100";
    expect(showAll(c, ["skus[0].costPerOutputToken", "skus[0].utilizationAtPeak"])).toEqual([
      "ERROR skus[0].costPerOutputToken: no number with a lineage at this path",
      "ERROR skus[0].utilizationAtPeak: no number with a lineage at this path",
    ]);
  });
});

describe("numbers beyond a double: Infinity is no number, and a step over it recomputes to none (not 0)", () => {
  it("a price of 1e308 × 2 GPUs costs Infinity an hour: the SKU has no numbers (null) and no lineage, and an error says why", () => {
    // 1 req/s × 1,000 tokens ÷ 500 per replica = 2 replicas of 1 GPU; 2 × 1e308 overflows.
    const c = ctxOf(
      base({
        workloads: [{ name: "a", peakRps: 1, avgRps: 0.5, inputTokens: 10, outputTokens: 1000 }],
        skus: [G({ pricePerGpuHour: 1e308, sweep: { replicaOutputTokensPerSec: 500 } })],
      }),
    );
    expect(c.result.skus[0]!.capacity).toBeNull();
    expect(c.result.skus[0]!.problems.map((p) => p.code)).toContain("capacity.notFinite");
    for (const path of ["skus[0].peak.costPerOutputToken", "skus[0].forecast.costPerOutputToken"])
      expect(show(c, path)).toEqual([`ERROR ${path}: no number with a lineage at this path`]);
  });

  it("a forecast of 1e300 req/s × 1e10 tokens is Infinity tokens/s: forecast utilization and cost per token have no number (not Infinity, not 0)", () => {
    // Peak 1 × 1e10 ÷ 1e9 per replica = 10 replicas of 1 GPU at 2 = 20 an hour.
    const c = ctxOf(
      base({
        workloads: [{ name: "a", peakRps: 1, avgRps: 1e300, inputTokens: 10, outputTokens: 1e10 }],
        skus: [G({ sweep: { replicaOutputTokensPerSec: 1e9 } })],
      }),
    );
    // The overflowing forecast rate is absent (null), never Infinity, and a warning says so.
    expect(c.result.skus[0]!.problems.map((p) => p.code)).toContain("capacity.forecastNotFinite");
    const out = `  skus[0].forecast.outputTokensPerSec [computed] = null | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | ${big(300)} × 10,000,000,000 = n/a | re Infinity`;
    expect(
      showAll(c, ["skus[0].forecast.utilization", "skus[0].forecast.costPerOutputToken"]),
    ).toEqual([
      "skus[0].forecast.utilization [computed] = null | forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | n/a ÷ (10 × 1,000,000,000) = n/a | re null",
      "  skus[0].forecast.outputTokensPerSec [computed] = null | forecast rate × outputTokens | 1,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000 × 10,000,000,000 = n/a | re null",
      "  skus[0].replicas [computed] = 10 | ceil(replicasRaw) | ceil(10) = 10 | re 10",
      "  skus[0].replicaOutputTokensPerSec [computed] = 1000000000 | given capacity (not checked against SLOs) | 1,000,000,000 = 1,000,000,000 | re 1000000000",
      "skus[0].forecast.costPerOutputToken [computed] = null | costPerHour ÷ (forecast output tokens/s × 3600) | 20 ÷ (n/a × 3600) = n/a | re null",
      "  skus[0].costPerHour [computed] = 20 | gpus × pricePerGpuHour | 10 × 2 = 20 | re 20",
      "  skus[0].forecast.outputTokensPerSec [computed] = null | forecast rate × outputTokens | 1,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000 × 10,000,000,000 = n/a | re null",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
    ]);
  });
});

describe("forecast rates that are negative are not taken", () => {
  it("avgRps −1 falls back to the peak (2), dailyRequests −86,400 too; an avgRps of 1 is taken before a negative dailyRequests: 2 × 100 + 1 × 100 + 2 × 100 = 500", () => {
    const c = ctxOf(
      base({
        workloads: [
          { name: "a", peakRps: 2, avgRps: -1, inputTokens: 10, outputTokens: 100 },
          {
            name: "b",
            peakRps: 2,
            avgRps: 1,
            dailyRequests: -86400,
            inputTokens: 10,
            outputTokens: 100,
          },
          { name: "c", peakRps: 2, dailyRequests: -86400, inputTokens: 10, outputTokens: 100 },
        ],
        skus: [G()],
      }),
    );
    expect(show(c, "skus[0].forecast.outputTokensPerSec")).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 500 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (200 + 100 + 200) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 500 | re 500",
      "  workloads[0] · forecast rate × outputTokens [computed] = 200 | forecast rate × outputTokens | 2 × 100 = 200 | re 200",
      "  workloads[1] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "  workloads[2] · forecast rate × outputTokens [computed] = 200 | forecast rate × outputTokens | 2 × 100 = 200 | re 200",
    ]);
  });

  it("avgRps −1 with dailyRequests 86,400: the daily rate 1 is taken (1 × 100 = 100)", () => {
    const c = ctxOf(
      base({
        workloads: [
          {
            name: "a",
            peakRps: 2,
            avgRps: -1,
            dailyRequests: 86400,
            inputTokens: 10,
            outputTokens: 100,
          },
        ],
        skus: [G()],
      }),
    );
    expect(show(c, "skus[0].forecast.outputTokensPerSec")).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "  workloads[0] · forecast rate [computed] = 1 | dailyRequests ÷ 86,400 | 86,400 ÷ 86,400 = 1 | re 1",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
    ]);
  });
});

describe("a team's reserved replicas in a pool: the rows of that team in that pool", () => {
  it("two pools: a's rows in gpu (3 + 1), in cpu (2); a row without a pool is an error with two pools and counts in neither", () => {
    const c = ctxOf(
      reservation(
        {
          idle: "separate",
          pools: [
            { name: "gpu", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 },
            { name: "cpu", costPerDay: 100, replicas: 4, capacityTokensPerDay: 4e6 },
          ],
        },
        [
          { team: "a", pool: "gpu", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
          { team: "a", pool: "cpu", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 2 },
          { team: "a", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 7 },
          { team: "a", pool: "gpu", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 1 },
          { team: "b", pool: "gpu", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
        ],
      ),
    );
    expect(
      c.result.tenants?.pools.map((p) => [
        p.name,
        p.teams.map((t) => [t.name, t.reservedReplicas]),
      ]),
    ).toEqual([
      [
        "gpu",
        [
          ["a", 4],
          ["b", 1],
        ],
      ],
      ["cpu", [["a", 2]]],
    ]);
    expect(
      showAll(c, [
        "tenants.pools[0].teams[0].reservedReplicas",
        "tenants.pools[1].teams[0].reservedReplicas",
        "tenants.pools[0].teams[1].reservedReplicas",
      ]),
    ).toEqual([
      "tenants.pools[0].teams[0].reservedReplicas [computed] = 4 | Σ reservedReplicas of the team's usage rows | 3 + 1 = 4 | re 4",
      "  tenants.usage[0].reservedReplicas [field] = 3 | raw 3",
      "  tenants.usage[3].reservedReplicas [field] = 1 | raw 1",
      "tenants.pools[1].teams[0].reservedReplicas [computed] = 2 | Σ reservedReplicas of the team's usage rows | 2 = 2 | re 2",
      "  tenants.usage[1].reservedReplicas [field] = 2 | raw 2",
      "tenants.pools[0].teams[1].reservedReplicas [computed] = 1 | Σ reservedReplicas of the team's usage rows | 1 = 1 | re 1",
      "  tenants.usage[4].reservedReplicas [field] = 1 | raw 1",
    ]);
  });

  it("one pool: a's row naming it (3) and a's row naming none (2) count; a row naming a pool that does not exist (7) does not", () => {
    const c = ctxOf(
      reservation({ idle: "separate" }, [
        { team: "a", pool: "gpu", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
        { team: "a", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 2 },
        { team: "a", pool: "nope", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 7 },
        { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
      ]),
    );
    expect(c.result.tenants?.pools[0]?.teams.map((t) => t.reservedReplicas)).toEqual([5, 1]);
    expect(show(c, "tenants.pools[0].teams[0].reservedReplicas")).toEqual([
      "tenants.pools[0].teams[0].reservedReplicas [computed] = 5 | Σ reservedReplicas of the team's usage rows | 3 + 2 = 5 | re 5",
      "  tenants.usage[0].reservedReplicas [field] = 3 | raw 3",
      "  tenants.usage[1].reservedReplicas [field] = 2 | raw 2",
    ]);
  });
});

describe("a SKU with no peak traffic on two workloads: the blends capacity.ts uses then", () => {
  // Peaks of 0: replicasBase 0 + 0. Capacity per replica: Σ outputTokens ÷ Σ(outputTokens ÷ capacity)
  // = (100 + 300) ÷ (100 ÷ 100 + 300 ÷ 600) = 400 ÷ 1.5 = 266.67; mean output tokens per request:
  // the plain mean (100 + 300) ÷ 2 = 200. Cost per token 1 × 2 ÷ (266.67 × 3600) = 2 ÷ 960,000.
  const IDLE_MIX = base({
    workloads: [
      { name: "a", peakRps: 0, inputTokens: 10, outputTokens: 100 },
      { name: "b", peakRps: 0, inputTokens: 10, outputTokens: 300 },
    ],
    skus: [
      {
        name: "G",
        gpusPerReplica: 1,
        pricePerGpuHour: 2,
        sweeps: { a: { replicaOutputTokensPerSec: 100 }, b: { replicaOutputTokensPerSec: 600 } },
      } as unknown as NonNullable<PlanFile["skus"]>[number],
    ],
  });

  it("capacity per replica is 400 ÷ 1.5 = 266.67 (not (0 + 0) ÷ 0), and every step recomputes to its value", () => {
    const c = ctxOf(IDLE_MIX);
    expect(c.result.skus[0]!.capacity?.replicaOutputTokensPerSec).toBeCloseTo(800 / 3, 12);
    expect(show(c, "skus[0].replicaOutputTokensPerSec")).toEqual([
      "skus[0].replicaOutputTokensPerSec [computed] = 266.6666666666667 | Σ outputTokens ÷ Σ (outputTokens ÷ replicaOutputTokensPerSec) (no peak traffic: blended by output tokens per request) | Σ (100 + 300) ÷ Σ (1 + 0.5) (no peak traffic: blended by output tokens per request) = 266.6667 | re 266.6666666666667",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
      "  workloads[1].outputTokens [field] = 300 | raw 300",
      "  workloads[0] · (outputTokens ÷ replicaOutputTokensPerSec) [computed] = 1 | outputTokens ÷ replicaOutputTokensPerSec | 100 ÷ 100 = 1 | re 1",
      "  workloads[1] · (outputTokens ÷ replicaOutputTokensPerSec) [computed] = 0.5 | outputTokens ÷ replicaOutputTokensPerSec | 300 ÷ 600 = 0.5 | re 0.5",
    ]);
    for (const p of [
      "skus[0].replicaOutputTokensPerSec",
      "skus[0].costPerRequest",
      "skus[0].costPerOutputToken",
      "skus[0].utilizationAtPeak",
    ]) {
      const a = explainPath(c, p);
      if (!a.ok) throw new Error(a.error);
      expect(
        lineageNodes(a.node)
          .filter((n) => !consistent(n))
          .map((n) => n.path),
        p,
      ).toEqual([]);
    }
  });

  it("cost per request is the cost per token × the plain mean of output tokens, (100 + 300) ÷ 2 = 200 (not n/a)", () => {
    const c = ctxOf(IDLE_MIX);
    const cpt = 2 / (3600 * (400 / 1.5));
    expect(c.result.skus[0]!.capacity?.costPerRequest).toBeCloseTo(200 * (2 / 960000), 15);
    const got = show(c, "skus[0].costPerRequest", 2);
    expect(got.slice(1)).toEqual([
      `  skus[0].costPerOutputToken [computed] = ${cpt} | gpusPerReplica × pricePerGpuHour ÷ (replicaOutputTokensPerSec × 3600) | 1 × 2 ÷ (266.6667 × 3600) = 0.000002083 | re ${cpt}`,
      "    skus[0].gpusPerReplica [field] = 1 | raw 1",
      "    skus[0].pricePerGpuHour [field] = 2 | raw 2",
      `    skus[0].replicaOutputTokensPerSec [computed] = ${400 / 1.5} | Σ outputTokens ÷ Σ (outputTokens ÷ replicaOutputTokensPerSec) (no peak traffic: blended by output tokens per request) | Σ (100 + 300) ÷ Σ (1 + 0.5) (no peak traffic: blended by output tokens per request) = 266.6667 | re ${400 / 1.5}`,
      "    secondsPerHour [constant] = 3600 | seconds per hour",
      "  mean output tokens per request [computed] = 200 | the plain mean of outputTokens (no peak traffic) | the plain mean of (100 + 300) (no peak traffic) = 200 | re 200",
      "    workloads[0].outputTokens [field] = 100 | raw 100",
      "    workloads[1].outputTokens [field] = 300 | raw 300",
    ]);
    const v = c.result.skus[0]!.capacity!.costPerRequest;
    expect(got[0]).toBe(
      `skus[0].costPerRequest [computed] = ${v} | costPerOutputToken × mean output tokens per request | 0.000002083 × 200 = 0.0004167 | re ${cpt * 200}`,
    );
  });
});

describe("a SKU whose workloads' replicas add up below 0 (a negative peak: the capacity refuses it)", () => {
  // replicasBase −2 × 100 ÷ 100 + 1 × 100 ÷ 100 = −1; output −200 + 100 = −100; peaks −2 + 1 = −1.
  const NEG = base({
    workloads: [
      { name: "a", peakRps: -2, inputTokens: 10, outputTokens: 100 },
      { name: "b", peakRps: 1, inputTokens: 10, outputTokens: 100 },
    ],
    skus: [G()],
  });

  it("capacity per replica and the request-weighted mean are no number (not −100 ÷ −1 = 100)", () => {
    const c = ctxOf(NEG);
    expect(c.result.skus[0]!.capacity).toBe(null);
    expect(showAll(c, ["skus[0].replicaOutputTokensPerSec", "skus[0].costPerRequest"])).toEqual([
      "ERROR skus[0].replicaOutputTokensPerSec: no number with a lineage at this path",
      "ERROR skus[0].costPerRequest: no number with a lineage at this path",
    ]);
  });
});
