/**
 * The lineage of a plan's numbers (src/engine/plan/lineage.ts, docs/lineage.md): the boundaries of the
 * allocation's explanations — usage or reservations exactly filling a pool, a pool without a
 * capacity, the method weighted with a default weight, rows left out of the allocation, and sums
 * of cents that binary floating point does not add exactly (issue #15). Plans in
 * test/engine/survivors-lineage-b-plans.ts.
 */
import { describe, expect, it } from "vitest";
import { explainPath } from "../../../src/engine/plan/lineage";
import {
  CENTS,
  FORECAST_NONE,
  IDLE,
  NO_CAPACITY,
  RESERVATION_EMPTY,
  RESERVATION_FULL,
  SKU_MIX,
  TOKENS_WRITTEN_WEIGHTS,
  USAGE_FULL,
  WEIGHTED_2_3,
  WEIGHTED_DEFAULT,
  ctxOf,
  show,
  showAll,
} from "./lineage-plans-b";

describe("exactly at the boundaries", () => {
  it("usage exactly at the pool's capacity (600 + 400 of 1,000): teams still pay by capacity (60, 40) and the idle is 100 \u2212 (60 + 40) = 0", () => {
    const c = ctxOf(USAGE_FULL);
    expect(
      showAll(c, [
        "tenants.pools[0].idle",
        "tenants.pools[0].usedTokens",
        "tenants.pools[0].teams[0].cost",
        "tenants.pools[0].teams[1].cost",
      ]),
    ).toEqual([
      "tenants.pools[0].idle [computed] = 0 | pool cost − Σ teams' cost | 100 − (60 + 40) = 0 | re 0",
      "  tenants.pools[0].costPerDay [field] = 100 | raw 100",
      "  tenants.pools[0].teams[0].cost [computed] = 60 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 600 × 100 ÷ 1,000 = 60 | re 60",
      "  tenants.pools[0].teams[1].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 400 × 100 ÷ 1,000 = 40 | re 40",
      "tenants.pools[0].usedTokens [computed] = 1000 | Σ teams' weighted tokens | 600 + 400 = 1,000 | re 1000",
      "  tenants.pools[0].teams[0].tokens [computed] = 600 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500 + 1 × 100 = 600 | re 600",
      "  tenants.pools[0].teams[1].tokens [computed] = 400 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 400 = 400 | re 400",
      "tenants.pools[0].teams[0].cost [computed] = 60 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 600 × 100 ÷ 1,000 = 60 | re 60",
      "  tenants.pools[0].teams[0].tokens [computed] = 600 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500 + 1 × 100 = 600 | re 600",
      "  tenants.pools[0].costPerDay [field] = 100 | raw 100",
      "  tenants.pools[0].capacityTokensPerDay [field] = 1000 | raw 1000",
      "tenants.pools[0].teams[1].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 400 × 100 ÷ 1,000 = 40 | re 40",
      "  tenants.pools[0].teams[1].tokens [computed] = 400 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 400 = 400 | re 400",
      "  tenants.pools[0].costPerDay [field] = 100 | raw 100",
      "  tenants.pools[0].capacityTokensPerDay [field] = 1000 | raw 1000",
    ]);
  });

  it("a pool without a capacity spreads its idle even when kept separate: each team pays share \u00d7 cost (0.5 \u00d7 50)", () => {
    const c = ctxOf(USAGE_FULL);
    expect(
      showAll(c, [
        "tenants.pools[1].idle",
        "tenants.pools[1].teams[0].cost",
        "tenants.pools[1].teams[1].cost",
        "tenants.pools[1].teams[0].share",
      ]),
    ).toEqual([
      "tenants.pools[1].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0",
      "tenants.pools[1].teams[0].cost [computed] = 25 | share × pool cost | 0.5 × 50 = 25 | re 25",
      "  tenants.pools[1].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 2 ÷ 4 = 0.5 | re 0.5",
      "  tenants.pools[1].costPerDay [field] = 50 | raw 50",
      "tenants.pools[1].teams[1].cost [computed] = 25 | share × pool cost | 0.5 × 50 = 25 | re 25",
      "  tenants.pools[1].teams[1].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 2 ÷ 4 = 0.5 | re 0.5",
      "  tenants.pools[1].costPerDay [field] = 50 | raw 50",
      "tenants.pools[1].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 2 ÷ 4 = 0.5 | re 0.5",
      "  tenants.pools[1].teams[0].tokens [computed] = 2 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1 + 1 × 1 = 2 | re 2",
      "  tenants.pools[1].usedTokens [computed] = 4 | Σ teams' weighted tokens | 2 + 2 = 4 | re 4",
    ]);
  });

  it("rows left out of the allocation (no pool named among two, a number that failed) are left out of the explanation too", () => {
    const c = ctxOf(USAGE_FULL);
    expect(
      showAll(c, [
        "tenants.pools[0].teams[1].inputTokens",
        "tenants.pools[0].teams[1].outputTokens",
        "tenants.pools[1].teams[0].inputTokens",
        "tenants.pools[1].teams[1].inputTokens",
        "tenants.teams[0].cost",
        "tenants.teams[2].tokens",
      ]),
    ).toEqual([
      "tenants.pools[0].teams[1].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0",
      "  tenants.usage[1].inputTokens [field] = 0 | raw 0",
      "tenants.pools[0].teams[1].outputTokens [computed] = 400 | outputTokens of the team's usage row | 400 = 400 | re 400",
      "  tenants.usage[1].outputTokens [field] = 400 | raw 400",
      "tenants.pools[1].teams[0].inputTokens [computed] = 1 | inputTokens of the team's usage row | 1 = 1 | re 1",
      "  tenants.usage[2].inputTokens [field] = 1 | raw 1",
      "tenants.pools[1].teams[1].inputTokens [computed] = 2 | inputTokens of the team's usage row | 2 = 2 | re 2",
      "  tenants.usage[3].inputTokens [field] = 2 | raw 2",
      "tenants.teams[0].cost [computed] = 85 | Σ the team's cost over pools | 60 + 25 = 85 | re 85",
      "  tenants.pools[0].teams[0].cost [computed] = 60 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 600 × 100 ÷ 1,000 = 60 | re 60",
      "  tenants.pools[1].teams[1].cost [computed] = 25 | share × pool cost | 0.5 × 50 = 25 | re 25",
      "tenants.teams[2].tokens [computed] = 2 | Σ the team's tokens over pools | 2 = 2 | re 2",
      "  tenants.pools[1].teams[0].tokens [computed] = 2 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1 + 1 × 1 = 2 | re 2",
    ]);
  });

  it("reservations exactly filling the pool (5 + 3 of 8): split by pool replicas, idle 240 \u2212 (150 + 90) = 0; a row without a reservation adds nothing", () => {
    const c = ctxOf(RESERVATION_FULL);
    expect(
      showAll(c, [
        "tenants.pools[0].idle",
        "tenants.pools[0].billedReplicas",
        "tenants.pools[0].teams[0].cost",
        "tenants.pools[0].teams[1].cost",
        "tenants.pools[0].teams[1].reservedReplicas",
      ]),
    ).toEqual([
      "tenants.pools[0].idle [computed] = 0 | pool cost − Σ teams' cost (the unbilled replicas) | 240 − (150 + 90) = 0 | re 0",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
      "  tenants.pools[0].teams[0].cost [computed] = 150 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 5 ÷ 8 × 240 = 150 | re 150",
      "  tenants.pools[0].teams[1].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90",
      "tenants.pools[0].billedReplicas [computed] = 8 | Σ teams' billed replicas | 5 + 3 = 8 | re 8",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 5 | max(reserved replicas, used replicas) | max(5, 1) = 5 | re 5",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3",
      "tenants.pools[0].teams[0].cost [computed] = 150 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 5 ÷ 8 × 240 = 150 | re 150",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 5 | max(reserved replicas, used replicas) | max(5, 1) = 5 | re 5",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
      "tenants.pools[0].teams[1].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
      "tenants.pools[0].teams[1].reservedReplicas [computed] = 3 | Σ reservedReplicas of the team's usage rows | 3 = 3 | re 3",
      "  tenants.usage[1].reservedReplicas [field] = 3 | raw 3",
    ]);
  });
});

describe("weights of the method weighted", () => {
  it("only the output weight written: the input weight is the method's 1 (a constant), the output weight the field (2)", () => {
    const c = ctxOf(WEIGHTED_DEFAULT);
    expect(
      showAll(c, [
        "tenants.pools[0].teams[0].tokens",
        "tenants.pools[0].teams[1].tokens",
        "tenants.pools[0].costPerMillionInputTokens",
        "tenants.pools[0].costPerMillionOutputTokens",
      ]),
    ).toEqual([
      "tenants.pools[0].teams[0].tokens [computed] = 300 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 100 + 2 × 100 = 300 | re 300",
      "  inputWeight (method weighted) [constant] = 1",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 100 | inputTokens of the team's usage row | 100 = 100 | re 100",
      "  tenants.outputWeight [field] = 2 | raw 2",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 100 | outputTokens of the team's usage row | 100 = 100 | re 100",
      "tenants.pools[0].teams[1].tokens [computed] = 300 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 300 + 2 × 0 = 300 | re 300",
      "  inputWeight (method weighted) [constant] = 1",
      "  tenants.pools[0].teams[1].inputTokens [computed] = 300 | inputTokens of the team's usage row | 300 = 300 | re 300",
      "  tenants.outputWeight [field] = 2 | raw 2",
      "  tenants.pools[0].teams[1].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0",
      "tenants.pools[0].costPerMillionInputTokens [computed] = 100000 | inputWeight × cost per 1M weighted tokens | 1 × 100,000 = 100,000 | re 100000",
      "  inputWeight (method weighted) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 100000 | pool cost ÷ used weighted tokens × 1,000,000 | 60 ÷ 600 × 1,000,000 = 100,000 | re 100000",
      "tenants.pools[0].costPerMillionOutputTokens [computed] = 200000 | outputWeight × cost per 1M weighted tokens | 2 × 100,000 = 200,000 | re 200000",
      "  tenants.outputWeight [field] = 2 | raw 2",
      "  tenants.pools[0].costPerMillionTokens [computed] = 100000 | pool cost ÷ used weighted tokens × 1,000,000 | 60 ÷ 600 × 1,000,000 = 100,000 | re 100000",
    ]);
  });
});

describe("cents that binary floating point does not add exactly", () => {
  it("team a's rounded totals are rounded again after adding: 0.1 + 0.2 \u2192 0.3 (the unrounded sums stay 0.30000000000000004)", () => {
    const c = ctxOf(CENTS);
    expect(
      showAll(c, [
        "tenants.teams[0].cost",
        "tenants.teams[0].costRounded",
        "tenants.teams[0].sharedCost",
        "tenants.teams[0].sharedCostRounded",
        "tenants.teams[0].total",
        "tenants.teams[0].totalRounded",
      ]),
    ).toEqual([
      "tenants.teams[0].cost [computed] = 0.30000000000000004 | Σ the team's cost over pools | 0.1 + 0.2 = 0.3 | re 0.30000000000000004",
      "  tenants.pools[0].teams[0].cost [computed] = 0.1 | share × pool cost | 1 × 0.1 = 0.1 | re 0.1",
      "  tenants.pools[1].teams[0].cost [computed] = 0.2 | share × pool cost | 1 × 0.2 = 0.2 | re 0.2",
      "tenants.teams[0].costRounded [computed] = 0.3 | Σ the team's costRounded over pools | 0.1 + 0.2 = 0.3 | re 0.3",
      "  tenants.pools[0].teams[0].costRounded [computed] = 0.1 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0.1, 2) → 0.1 | re 0.1",
      "  tenants.pools[1].teams[0].costRounded [computed] = 0.2 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0.2, 2) → 0.2 | re 0.2",
      "tenants.teams[0].sharedCost [computed] = 0.30000000000000004 | Σ the team's part of each shared cost | 0.1 + 0.2 = 0.3 | re 0.30000000000000004",
      "  tenants.shared[0].teams[0].cost [computed] = 0.1 | shared cost ÷ number of teams (split even) | 0.2 ÷ 2 = 0.1 | re 0.1",
      "  tenants.shared[1].teams[0].cost [computed] = 0.2 | shared cost ÷ number of teams (split even) | 0.4 ÷ 2 = 0.2 | re 0.2",
      "tenants.teams[0].sharedCostRounded [computed] = 0.3 | Σ the team's rounded part of each shared cost | 0.1 + 0.2 = 0.3 | re 0.3",
      "  tenants.shared[0].teams[0].costRounded [computed] = 0.1 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(0.1, 2) → 0.1 | re 0.1",
      "  tenants.shared[1].teams[0].costRounded [computed] = 0.2 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(0.2, 2) → 0.2 | re 0.2",
      "tenants.teams[0].total [computed] = 0.6000000000000001 | own (pool) cost + shared cost | 0.3 + 0.3 = 0.6 | re 0.6000000000000001",
      "  tenants.teams[0].cost [computed] = 0.30000000000000004 | Σ the team's cost over pools | 0.1 + 0.2 = 0.3 | re 0.30000000000000004",
      "  tenants.teams[0].sharedCost [computed] = 0.30000000000000004 | Σ the team's part of each shared cost | 0.1 + 0.2 = 0.3 | re 0.30000000000000004",
      "tenants.teams[0].totalRounded [computed] = 0.6 | own (pool) cost + shared cost | 0.3 + 0.3 = 0.6 | re 0.6",
      "  tenants.teams[0].costRounded [computed] = 0.3 | Σ the team's costRounded over pools | 0.1 + 0.2 = 0.3 | re 0.3",
      "  tenants.teams[0].sharedCostRounded [computed] = 0.3 | Σ the team's rounded part of each shared cost | 0.1 + 0.2 = 0.3 | re 0.3",
    ]);
  });
});

describe("numbers a team or pool does not have", () => {
  it("no tokens: the cost per 1M tokens is absent (not 0 ÷ 0)", () => {
    const c = ctxOf(RESERVATION_EMPTY);
    expect(show(c, "tenants.teams[0].costPerMillionTokens")[0]).toBe(
      "tenants.teams[0].costPerMillionTokens [computed] = null | own cost ÷ weighted tokens × 1,000,000 | 0 ÷ 0 × 1,000,000 = n/a | re null",
    );
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionTokens")[0]).toBe(
      "tenants.pools[0].teams[0].costPerMillionTokens [computed] = null | cost ÷ weighted tokens × 1,000,000 | 0 ÷ 0 × 1,000,000 = n/a | re null",
    );
    expect(show(c, "tenants.pools[0].costPerMillionTokens")[0]).toBe(
      "tenants.pools[0].costPerMillionTokens [computed] = null | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 0 × 1,000,000 = n/a | re null",
    );
  });

  it("no reservation given, no capacity or replicas of a pool: no number", () => {
    const u = ctxOf(USAGE_FULL);
    for (const p of [
      "tenants.pools[0].teams[0].reservedReplicas",
      "tenants.pools[1].capacityTokens",
      "tenants.pools[1].replicas",
      "tenants.pools[0].replicas",
      "tenants.pools[1].teams[0].usedReplicas",
      "tenants.pools[0].billedReplicas",
    ]) {
      expect(show(u, p)).toEqual([`ERROR ${p}: no number with a lineage at this path`]);
    }
  });
});

describe("weights of each method", () => {
  it("method tokens ignores the weights written (5 and 7): the method's constants 1 and 1", () => {
    const c = ctxOf(TOKENS_WRITTEN_WEIGHTS);
    expect(
      showAll(c, [
        "tenants.pools[0].teams[1].tokens",
        "tenants.pools[0].costPerMillionOutputTokens",
      ]),
    ).toEqual([
      "tenants.pools[0].teams[1].tokens [computed] = 400 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 300 + 1 × 100 = 400 | re 400",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].inputTokens [computed] = 300 | inputTokens of the team's usage row | 300 = 300 | re 300",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].outputTokens [computed] = 100 | outputTokens of the team's usage row | 100 = 100 | re 100",
      "tenants.pools[0].costPerMillionOutputTokens [computed] = 100000 | outputWeight × cost per 1M weighted tokens | 1 × 100,000 = 100,000 | re 100000",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 100000 | pool cost ÷ used weighted tokens × 1,000,000 | 60 ÷ 600 × 1,000,000 = 100,000 | re 100000",
    ]);
  });
  it("method weighted 2 : 3 written: both are the fields (2 \u00d7 100 + 3 \u00d7 100 = 500)", () => {
    const c = ctxOf(WEIGHTED_2_3);
    expect(
      showAll(c, [
        "tenants.pools[0].teams[0].tokens",
        "tenants.pools[0].costPerMillionInputTokens",
      ]),
    ).toEqual([
      "tenants.pools[0].teams[0].tokens [computed] = 500 | inputWeight × inputTokens + outputWeight × outputTokens | 2 × 100 + 3 × 100 = 500 | re 500",
      "  tenants.inputWeight [field] = 2 | raw 2",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 100 | inputTokens of the team's usage row | 100 = 100 | re 100",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 100 | outputTokens of the team's usage row | 100 = 100 | re 100",
      "tenants.pools[0].costPerMillionInputTokens [computed] = 109090.90909090909 | inputWeight × cost per 1M weighted tokens | 2 × 54,545.4545 = 109,090.9091 | re 109090.90909090909",
      "  tenants.inputWeight [field] = 2 | raw 2",
      "  tenants.pools[0].costPerMillionTokens [computed] = 54545.454545454544 | pool cost ÷ used weighted tokens × 1,000,000 | 60 ÷ 1,100 × 1,000,000 = 54,545.4545 | re 54545.454545454544",
    ]);
  });
});

describe("forecast steps without a forecast", () => {
  it("forecast rates all 0: forecast output 0 tokens/s and no forecast cost per token (not \u00f7 0)", () => {
    const c = ctxOf(FORECAST_NONE);
    expect(
      showAll(c, ["skus[0].forecast.outputTokensPerSec", "skus[0].forecast.costPerOutputToken"]),
    ).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 0 | forecast rate × outputTokens | 0 × 100 = 0 | re 0",
      "  workloads[0].avgRps [field] = 0 | raw 0",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
      "skus[0].forecast.costPerOutputToken [computed] = null | costPerHour ÷ (forecast output tokens/s × 3600) | 4 ÷ (0 × 3600) = n/a | re null",
      "  skus[0].costPerHour [computed] = 4 | gpus × pricePerGpuHour | 2 × 2 = 4 | re 4",
      "  skus[0].forecast.outputTokensPerSec [computed] = 0 | forecast rate × outputTokens | 0 × 100 = 0 | re 0",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
    ]);
  });

  it("a SKU without capacity has no peak or forecast numbers; a plan without forecast rates has no forecast", () => {
    const n = ctxOf(NO_CAPACITY);
    const i = ctxOf(IDLE);
    for (const [c, p] of [
      [n, "skus[0].peak.outputTokensPerSec"],
      [n, "skus[0].peak.costPerOutputToken"],
      [n, "skus[0].forecast.outputTokensPerSec"],
      [n, "skus[0].forecast.utilization"],
      [i, "skus[0].forecast.outputTokensPerSec"],
      [i, "skus[0].forecast.utilization"],
      [i, "skus[0].forecast.costPerMillionOutputTokens"],
    ] as const) {
      expect(show(c, p)).toEqual([`ERROR ${p}: no number with a lineage at this path`]);
    }
    // A step over the peak of a SKU without capacity has no lineage (its chain was never
    // evaluated), and asking for it is an answer, not an exception.
    expect(explainPath(n, "skus[0].utilizationAtPeak")).toEqual({
      ok: false,
      error: "skus[0].utilizationAtPeak: no number with a lineage at this path",
    });
    expect(showAll(n, ["skus[0].forecast[0]", "workloads[0].avgRps"])).toEqual([
      "ERROR skus[0].forecast[0]: no number with a lineage at this path",
      "workloads[0].avgRps [field] = null | 0 - 1 | 0 - 1 = n/a | raw =0 - 1",
    ]);
  });

  it("nothing below a forecast number", () => {
    const c = ctxOf(SKU_MIX);
    expect(
      showAll(c, ["skus[0].forecast.utilization.x", "skus[0].forecast.outputTokensPerSec.x"]),
    ).toEqual([
      "ERROR skus[0].forecast.utilization.x: no number with a lineage at this path",
      "ERROR skus[0].forecast.outputTokensPerSec.x: no number with a lineage at this path",
    ]);
  });

  it("the forecast rate of dailyRequests ÷ 86,400 has the field as its input", () => {
    const c = ctxOf(SKU_MIX);
    expect(show(c, "skus[0].forecast.outputTokensPerSec", 2)).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 1000 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (800 + 100 + 100) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 1,000 | re 1000",
      "  workloads[0] · forecast rate × outputTokens [computed] = 800 | forecast rate × outputTokens | 4 × 200 = 800 | re 800",
      "    workloads[0].avgRps [field] = 4 | raw 4",
      "    workloads[0].outputTokens [field] = 200 | out | 200 = 200 | raw =out",
      "  workloads[1] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "    workloads[1] · forecast rate [computed] = 1 | dailyRequests ÷ 86,400 | 86,400 ÷ 86,400 = 1 | re 1",
      "    workloads[1].outputTokens [field] = 100 | raw 100",
      "  workloads[2] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 2 × 50 = 100 | re 100",
      "    workloads[2].peakRps [field] = 2 | raw 2",
      "    workloads[2].outputTokens [field] = 50 | raw 50",
    ]);
  });
});
