/**
 * src/engine/plan/lineage-pools.ts: a pool's cost, capacity, replicas and idle, each from its own
 * definition — priced from a SKU or given, over three pools in yen, and without pools (the
 * recommended SKU's cost).
 */
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import {
  ctxOf,
  NO_POOLS_OUTPUT,
  show,
  base,
  none,
  G,
  POOLS_JPY,
  USAGE_SEPARATE,
  showPaths,
  POOL_TEAM_KEYS,
  full,
} from "./lineage-plans-b";

describe("a pool's capacity and replicas", () => {
  it("a pool on SKU G with its own cost takes neither capacity nor replicas from G: both are no number", () => {
    const c = ctxOf(
      base({
        workloads: [{ name: "a", peakRps: 10, inputTokens: 10, outputTokens: 100 }],
        skus: [G()],
        tenants: {
          pools: [{ name: "p", sku: "G", costPerDay: 50 }],
          usage: [{ team: "a", inputTokens: 1, outputTokens: 1 }],
        },
      }),
    );
    expect(c.result.tenants?.pools[0]?.capacityTokens).toBe(null);
    expect(c.result.tenants?.pools[0]?.replicas).toBe(null);
    for (const p of ["tenants.pools[0].capacityTokens", "tenants.pools[0].replicas"])
      expect(show(c, p)).toEqual(none(p));
    expect(show(c, "tenants.pools[0].cost")).toEqual([
      "tenants.pools[0].cost [field] = 50 | raw 50",
    ]);
  });
});

describe("pools that share a name (an error of the plan, which still computes): each is explained from its own definition", () => {
  const plan = (pools: NonNullable<NonNullable<PlanFile["tenants"]>["pools"]>) =>
    base({
      workloads: [{ name: "a", peakRps: 1, inputTokens: 10, outputTokens: 100 }],
      skus: [G()],
      tenants: { pools, usage: [{ team: "a", pool: "p", inputTokens: 1, outputTokens: 1 }] },
    });

  it("the first 'p' names a SKU that does not exist and is dropped: the pool kept is the second, with cost 10, capacity 100 and 2 replicas", () => {
    const c = ctxOf(
      plan([
        { name: "p", sku: "nope" },
        { name: "p", costPerDay: 10, capacityTokensPerDay: 100, replicas: 2 },
      ]),
    );
    expect(
      c.result.tenants?.pools.map((p) => [p.name, p.cost, p.capacityTokens, p.replicas]),
    ).toEqual([["p", 10, 100, 2]]);
    expect(showPaths(c)`tenants.pools[0]. cost capacityTokens replicas`).toEqual([
      "tenants.pools[0].cost [field] = 10 | raw 10",
      "tenants.pools[0].capacityTokens [field] = 100 | raw 100",
      "tenants.pools[0].replicas [field] = 2 | raw 2",
    ]);
  });
});

describe("the fleet's daily capacity in weighted tokens", () => {
  it("peak weighted tokens/s reads each workload's peakRps, inputTokens and outputTokens, then the method's weights (output: 0 and 1)", () => {
    const c = ctxOf(NO_POOLS_OUTPUT);
    expect(show(c, "tenants.pools[0].capacityTokens", 2)).toEqual([
      "tenants.pools[0].capacityTokens [computed] = 129600000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 1,500 × (5 ÷ 5) × 86,400 = 129,600,000 | re 129600000",
      "  peak weighted tokens/s [computed] = 1500 | Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) | 4 × (0 × 1,000 + 1 × 250) + 1 × (0 × 3,000 + 1 × 500) = 1,500 | re 1500",
      "    workloads[0].peakRps [field] = 4 | raw 4",
      "    workloads[0].inputTokens [field] = 1000 | raw 1000",
      "    workloads[0].outputTokens [field] = 250 | raw 250",
      "    workloads[1].peakRps [field] = 1 | raw 1",
      "    workloads[1].inputTokens [field] = 3000 | raw 3000",
      "    workloads[1].outputTokens [field] = 500 | raw 500",
      "    inputWeight (method output) [constant] = 0",
      "    outputWeight (method output) [constant] = 1",
      "  skus[1].replicas [computed] = 5 | ceil(replicasRaw) | ceil(5) = 5 | re 5",
      "    skus[1].replicasRaw [computed] = 5 | replicasBase × elasticity × redundancy | 5 × 1 × 1 = 5 | re 5",
      "  skus[1].replicasBase [computed] = 5 | Σ workloads' replicasBase | Σ (3.3333 + 1.6667) = 5 | re 5",
      "    skus[1].workloads[0].replicasBase [computed] = 3.3333333333333335 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 4 × 250 ÷ 300 = 3.3333 | re 3.3333333333333335",
      "    skus[1].workloads[1].replicasBase [computed] = 1.6666666666666667 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 1 × 500 ÷ 300 = 1.6667 | re 1.6666666666666667",
    ]);
  });
});

describe("allocation by usage, idle separate, a pool priced from a SKU, weights 1 : 3 (USAGE_SEPARATE)", () => {
  it("the pool: cost 2 replicas \u00d7 10/h \u00d7 24 = 480 from SKU G, capacity 10 \u00d7 (1 \u00d7 100 + 3 \u00d7 50) \u00d7 (2 \u00f7 1) \u00d7 86,400 = 432,000,000, replicas of G, used 36e6 + 33e6; idle kept separate: 480 \u2212 (40 + 36.6667) = 403.3333, rounded 403.33; per 1M weighted 480 \u00f7 69e6 \u00d7 1e6, input \u00d7 1, output \u00d7 3", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(showPaths(c)`
      tenants.pools[0]. cost costRounded capacityTokens replicas usedTokens
      tenants.pools[0]. idle idleRounded costPerMillionTokens costPerMillionInputTokens
        costPerMillionOutputTokens
    `).toEqual(full`
      tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480
        skus[0].costPerDay [computed] = 480 | costPerHour × 24 | 20 × 24 = 480 | re 480
      tenants.pools[0].costRounded [computed] = 480 | the pool cost rounded to the currency's minor unit | round(480, 2) → 480 | re 480
        tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480
      tenants.pools[0].capacityTokens [computed] = 432000000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 2,500 × (2 ÷ 1) × 86,400 = 432,000,000 | re 432000000
        peak weighted tokens/s [computed] = 2500 | Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) | 10 × (1 × 100 + 3 × 50) = 2,500 | re 2500
        skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2
        skus[0].replicasBase [computed] = 1 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 10 × 50 ÷ 500 = 1 | re 1
      tenants.pools[0].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2
        skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2
      tenants.pools[0].usedTokens [computed] = 69000000 | Σ teams' weighted tokens | 36,000,000 + 33,000,000 = 69,000,000 | re 69000000
        tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000
        tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000
      tenants.pools[0].idle [computed] = 403.33333333333337 | pool cost − Σ teams' cost | 480 − (40 + 36.6667) = 403.3333 | re 403.33333333333337
        tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480
        tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40
        tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664
      tenants.pools[0].idleRounded [computed] = 403.33 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(403.3333, 2) → 403.33 | re 403.33
        tenants.pools[0].idle [computed] = 403.33333333333337 | pool cost − Σ teams' cost | 480 − (40 + 36.6667) = 403.3333 | re 403.33333333333337
      tenants.pools[0].costPerMillionTokens [computed] = 6.956521739130435 | pool cost ÷ used weighted tokens × 1,000,000 | 480 ÷ 69,000,000 × 1,000,000 = 6.9565 | re 6.956521739130435
        = tenants.pools[0]. cost usedTokens
      tenants.pools[0].costPerMillionInputTokens [computed] = 6.956521739130435 | inputWeight × cost per 1M weighted tokens | 1 × 6.9565 = 6.9565 | re 6.956521739130435
        tenants.inputWeight [field] = 1 | raw 1
        tenants.pools[0].costPerMillionTokens [computed] = 6.956521739130435 | pool cost ÷ used weighted tokens × 1,000,000 | 480 ÷ 69,000,000 × 1,000,000 = 6.9565 | re 6.956521739130435
      tenants.pools[0].costPerMillionOutputTokens [computed] = 20.869565217391305 | outputWeight × cost per 1M weighted tokens | 3 × 6.9565 = 20.8696 | re 20.869565217391305
        tenants.outputWeight [field] = 3 | raw 3
        tenants.pools[0].costPerMillionTokens [computed] = 6.956521739130435 | pool cost ÷ used weighted tokens × 1,000,000 | 480 ÷ 69,000,000 × 1,000,000 = 6.9565 | re 6.956521739130435
    `);
  });
});

describe("allocation without pools: the recommended SKU's cost, method output (NO_POOLS_OUTPUT)", () => {
  it("the pool is SKU B's: cost 5 replicas \u00d7 2/h \u00d7 24 = 240, replicas 5, capacity 1,500 \u00d7 (5 \u00f7 5) \u00d7 86,400 with input weight 0", () => {
    const c = ctxOf(NO_POOLS_OUTPUT);
    expect(showPaths(c)`
      tenants.pools[0]. cost replicas capacityTokens usedTokens idle costPerMillionInputTokens
        costPerMillionOutputTokens
    `).toEqual([
      'tenants.pools[0].cost [computed] = 240 | costPerDay of the recommended SKU "B" (no pools given) | 240 = 240 | re 240',
      "  skus[1].costPerDay [computed] = 240 | costPerHour × 24 | 10 × 24 = 240 | re 240",
      'tenants.pools[0].replicas [computed] = 5 | replicas of SKU "B" | 5 = 5 | re 5',
      "  skus[1].replicas [computed] = 5 | ceil(replicasRaw) | ceil(5) = 5 | re 5",
      "tenants.pools[0].capacityTokens [computed] = 129600000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 1,500 × (5 ÷ 5) × 86,400 = 129,600,000 | re 129600000",
      "  peak weighted tokens/s [computed] = 1500 | Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) | 4 × (0 × 1,000 + 1 × 250) + 1 × (0 × 3,000 + 1 × 500) = 1,500 | re 1500",
      "  skus[1].replicas [computed] = 5 | ceil(replicasRaw) | ceil(5) = 5 | re 5",
      "  skus[1].replicasBase [computed] = 5 | Σ workloads' replicasBase | Σ (3.3333 + 1.6667) = 5 | re 5",
      "tenants.pools[0].usedTokens [computed] = 4000000 | Σ teams' weighted tokens | 1,000,000 + 3,000,000 = 4,000,000 | re 4000000",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].teams[1].tokens [computed] = 3000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 1,000,000 + 1 × 3,000,000 = 3,000,000 | re 3000000",
      "tenants.pools[0].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0",
      "tenants.pools[0].costPerMillionInputTokens [computed] = 0 | inputWeight × cost per 1M weighted tokens | 0 × 60 = 0 | re 0",
      "  inputWeight (method output) [constant] = 0",
      "  tenants.pools[0].costPerMillionTokens [computed] = 60 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 4,000,000 × 1,000,000 = 60 | re 60",
      "tenants.pools[0].costPerMillionOutputTokens [computed] = 60 | outputWeight × cost per 1M weighted tokens | 1 × 60 = 60 | re 60",
      "  outputWeight (method output) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 60 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 4,000,000 × 1,000,000 = 60 | re 60",
    ]);
  });
});

describe("allocation over three pools in yen (POOLS_JPY)", () => {
  it("pool x has its own cost, replicas and capacity and is over-used: idle spread, each team 0.5 \u00d7 1,000; pool y is priced from SKU G (4,800 a day, capacity 800 \u00d7 (2 \u00f7 2) \u00d7 86,400): team a 1.2e6 \u00d7 4,800 \u00f7 69.12e6 = 83.3333 \u2192 83, idle 4,716.6667 \u2192 4,717; pool z has no usage: the whole pool cost (7) is idle", () => {
    const c = ctxOf(POOLS_JPY);
    expect(showPaths(c)`
      tenants.pools[0]. cost costRounded idle idleRounded usedTokens capacityTokens replicas
        costPerMillionTokens costPerMillionInputTokens costPerMillionOutputTokens
      tenants.pools[0].teams[0]. ${POOL_TEAM_KEYS}
      tenants.pools[0].teams[1]. ${POOL_TEAM_KEYS}
      tenants.pools[1]. cost costRounded idle idleRounded usedTokens capacityTokens replicas
        costPerMillionTokens costPerMillionInputTokens costPerMillionOutputTokens
      tenants.pools[1].teams[0]. ${POOL_TEAM_KEYS}
      tenants.pools[2]. cost idle idleRounded usedTokens
    `).toEqual(full`
      tenants.pools[0].cost [field] = 1000 | raw 1000
      tenants.pools[0].costRounded [computed] = 1000 | the pool cost rounded to the currency's minor unit | round(1,000, 0) → 1,000 | re 1000
        tenants.pools[0].costPerDay [field] = 1000 | raw 1000
      tenants.pools[0].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0
      tenants.pools[0].idleRounded [computed] = 0 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(0, 0) → 0 | re 0
        tenants.pools[0].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0
      tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000
        = tenants.pools[0]. teams[0].tokens teams[1].tokens
      tenants.pools[0].capacityTokens [field] = 1000000 | raw 1000000
      tenants.pools[0].replicas [field] = 4 | raw 4
      tenants.pools[0].costPerMillionTokens [computed] = 500 | pool cost ÷ used weighted tokens × 1,000,000 | 1,000 ÷ 2,000,000 × 1,000,000 = 500 | re 500
        = tenants.pools[0]. costPerDay usedTokens
      tenants.pools[0].costPerMillionInputTokens [computed] = 500 | inputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500
        inputWeight (method tokens) [constant] = 1
        tenants.pools[0].costPerMillionTokens [computed] = 500 | pool cost ÷ used weighted tokens × 1,000,000 | 1,000 ÷ 2,000,000 × 1,000,000 = 500 | re 500
      tenants.pools[0].costPerMillionOutputTokens [computed] = 500 | outputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500
        outputWeight (method tokens) [constant] = 1
        tenants.pools[0].costPerMillionTokens [computed] = 500 | pool cost ÷ used weighted tokens × 1,000,000 | 1,000 ÷ 2,000,000 × 1,000,000 = 500 | re 500
      tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000
        = inputWeight (method tokens), tenants.pools[0].teams[0].inputTokens, outputWeight (method tokens), tenants.pools[0].teams[0].outputTokens
      tenants.pools[0].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5
        = tenants.pools[0]. teams[0].tokens usedTokens
      tenants.pools[0].teams[0].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500
        = tenants.pools[0]. teams[0].share costPerDay
      tenants.pools[0].teams[0].costRounded [computed] = 500 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(500, 0) → 500 | re 500
        tenants.pools[0].teams[0].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500
      tenants.pools[0].teams[0].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500
        = tenants.pools[0].teams[0]. cost tokens
      tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 500 | inputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500
        = inputWeight (method tokens), tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 500 | outputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500
        = outputWeight (method tokens), tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].inputTokens [computed] = 900000 | inputTokens of the team's usage row | 900,000 = 900,000 | re 900000
        tenants.usage[0].inputTokens [field] = 900000 | raw 900000
      tenants.pools[0].teams[0].outputTokens [computed] = 100000 | outputTokens of the team's usage row | 100,000 = 100,000 | re 100000
        tenants.usage[0].outputTokens [field] = 100000 | raw 100000
      tenants.pools[0].teams[0].usedReplicas [computed] = 4 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 1,000,000 × 4 = 4 | re 4
        tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000
        tenants.pools[0].capacityTokensPerDay [field] = 1000000 | raw 1000000
        tenants.pools[0].replicas [field] = 4 | raw 4
      tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000
        = inputWeight (method tokens), tenants.pools[0].teams[1].inputTokens, outputWeight (method tokens), tenants.pools[0].teams[1].outputTokens
      tenants.pools[0].teams[1].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5
        = tenants.pools[0]. teams[1].tokens usedTokens
      tenants.pools[0].teams[1].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500
        = tenants.pools[0]. teams[1].share costPerDay
      tenants.pools[0].teams[1].costRounded [computed] = 500 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(500, 0) → 500 | re 500
        tenants.pools[0].teams[1].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500
      tenants.pools[0].teams[1].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500
        = tenants.pools[0].teams[1]. cost tokens
      tenants.pools[0].teams[1].costPerMillionInputTokens [computed] = 500 | inputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500
        = inputWeight (method tokens), tenants.pools[0].teams[1].costPerMillionTokens
      tenants.pools[0].teams[1].costPerMillionOutputTokens [computed] = 500 | outputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500
        = outputWeight (method tokens), tenants.pools[0].teams[1].costPerMillionTokens
      tenants.pools[0].teams[1].inputTokens [computed] = 500000 | inputTokens of the team's usage row | 500,000 = 500,000 | re 500000
        tenants.usage[1].inputTokens [field] = 500000 | raw 500000
      tenants.pools[0].teams[1].outputTokens [computed] = 500000 | outputTokens of the team's usage row | 500,000 = 500,000 | re 500000
        tenants.usage[1].outputTokens [field] = 500000 | raw 500000
      tenants.pools[0].teams[1].usedReplicas [computed] = 4 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 1,000,000 × 4 = 4 | re 4
        = tenants.pools[0]. teams[1].tokens capacityTokensPerDay replicas
      tenants.pools[1].cost [computed] = 4800 | costPerDay of SKU "G" (tenants.pools[1].sku) | 4,800 = 4,800 | re 4800
        skus[0].costPerDay [computed] = 4800 | costPerHour × 24 | 200 × 24 = 4,800 | re 4800
      tenants.pools[1].costRounded [computed] = 4800 | the pool cost rounded to the currency's minor unit | round(4,800, 0) → 4,800 | re 4800
        tenants.pools[1].cost [computed] = 4800 | costPerDay of SKU "G" (tenants.pools[1].sku) | 4,800 = 4,800 | re 4800
      tenants.pools[1].idle [computed] = 4716.666666666667 | pool cost − Σ teams' cost | 4,800 − (83.3333) = 4,716.6667 | re 4716.666666666667
        = tenants.pools[1]. cost teams[0].cost
      tenants.pools[1].idleRounded [computed] = 4717 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(4,716.6667, 0) → 4,717 | re 4717
        tenants.pools[1].idle [computed] = 4716.666666666667 | pool cost − Σ teams' cost | 4,800 − (83.3333) = 4,716.6667 | re 4716.666666666667
      tenants.pools[1].usedTokens [computed] = 1200000 | Σ teams' weighted tokens | 1,200,000 = 1,200,000 | re 1200000
        tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000
      tenants.pools[1].capacityTokens [computed] = 69120000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 800 × (2 ÷ 2) × 86,400 = 69,120,000 | re 69120000
        peak weighted tokens/s [computed] = 800 | Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) | 2 × (1 × 300 + 1 × 100) = 800 | re 800
        skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2
        skus[0].replicasBase [computed] = 2 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 2 × 100 ÷ 100 = 2 | re 2
      tenants.pools[1].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2
        skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2
      tenants.pools[1].costPerMillionTokens [computed] = 4000 | pool cost ÷ used weighted tokens × 1,000,000 | 4,800 ÷ 1,200,000 × 1,000,000 = 4,000 | re 4000
        = tenants.pools[1]. cost usedTokens
      tenants.pools[1].costPerMillionInputTokens [computed] = 4000 | inputWeight × cost per 1M weighted tokens | 1 × 4,000 = 4,000 | re 4000
        = inputWeight (method tokens), tenants.pools[1].costPerMillionTokens
      tenants.pools[1].costPerMillionOutputTokens [computed] = 4000 | outputWeight × cost per 1M weighted tokens | 1 × 4,000 = 4,000 | re 4000
        = outputWeight (method tokens), tenants.pools[1].costPerMillionTokens
      tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000
        = inputWeight (method tokens), tenants.pools[1].teams[0].inputTokens, outputWeight (method tokens), tenants.pools[1].teams[0].outputTokens
      tenants.pools[1].teams[0].share [computed] = 1 | team's weighted tokens ÷ pool's weighted tokens | 1,200,000 ÷ 1,200,000 = 1 | re 1
        = tenants.pools[1]. teams[0].tokens usedTokens
      tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333
        = tenants.pools[1]. teams[0].tokens cost capacityTokens
      tenants.pools[1].teams[0].costRounded [computed] = 83 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(83.3333, 0) → 83 | re 83
        tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333
      tenants.pools[1].teams[0].costPerMillionTokens [computed] = 69.44444444444444 | cost ÷ weighted tokens × 1,000,000 | 83.3333 ÷ 1,200,000 × 1,000,000 = 69.4444 | re 69.44444444444444
        = tenants.pools[1].teams[0]. cost tokens
      tenants.pools[1].teams[0].costPerMillionInputTokens [computed] = 69.44444444444444 | inputWeight × cost per 1M weighted tokens | 1 × 69.4444 = 69.4444 | re 69.44444444444444
        = inputWeight (method tokens), tenants.pools[1].teams[0].costPerMillionTokens
      tenants.pools[1].teams[0].costPerMillionOutputTokens [computed] = 69.44444444444444 | outputWeight × cost per 1M weighted tokens | 1 × 69.4444 = 69.4444 | re 69.44444444444444
        = outputWeight (method tokens), tenants.pools[1].teams[0].costPerMillionTokens
      tenants.pools[1].teams[0].inputTokens [computed] = 1000000 | inputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000
        tenants.usage[2].inputTokens [field] = 1000000 | raw 1000000
      tenants.pools[1].teams[0].outputTokens [computed] = 200000 | outputTokens of the team's usage row | 200,000 = 200,000 | re 200000
        tenants.usage[2].outputTokens [field] = 200000 | raw 200000
      tenants.pools[1].teams[0].usedReplicas [computed] = 0.034722222222222224 | weighted tokens ÷ pool capacity × pool replicas | 1,200,000 ÷ 69,120,000 × 2 = 0.0347 | re 0.034722222222222224
        = tenants.pools[1]. teams[0].tokens capacityTokens replicas
      tenants.pools[2].cost [field] = 7 | raw 7
      tenants.pools[2].idle [computed] = 7 | the whole pool cost (no usage) | 7 | re 7
        tenants.pools[2].costPerDay [field] = 7 | raw 7
      tenants.pools[2].idleRounded [computed] = 7 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(7, 0) → 7 | re 7
        tenants.pools[2].idle [computed] = 7 | the whole pool cost (no usage) | 7 | re 7
      tenants.pools[2].usedTokens [computed] = 0 | Σ teams' weighted tokens |  = 0 | re 0
    `);
  });
});
