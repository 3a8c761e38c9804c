/**
 * src/engine/plan/lineage-team-totals.ts: a team's totals over pools (cost, rounded cost, tokens,
 * per 1M tokens, own + shared) and the shared cost lines, each summed or split as the allocation
 * does, rounding included. Whole explanations of hand-built plans (lineage-plans-b.ts) asserted
 * line by line; the numbers are worked out in the test names.
 */
import { describe, expect, it } from "vitest";
import {
  POOLS_JPY,
  RESERVATION_SEPARATE,
  USAGE_SEPARATE,
  ctxOf,
  CENTS,
  showPaths,
  TEAM_TOTAL_KEYS,
  full,
} from "./lineage-plans-b";

describe("allocation by usage, idle separate, a pool priced from a SKU, weights 1 : 3 (USAGE_SEPARATE)", () => {
  it("a team's totals over pools: cost, rounded cost, tokens, per 1M; own + shared (15 + 31.3043) = 86.3043, rounded 40 + 46.3; team b's totals: shared 15 (even) + 28.6957 (60 \u00d7 36.6667 \u00f7 76.6667), total 80.3623, rounded 36.67 + 43.7 = 80.37; shared costs: even 30 \u00f7 2 teams, weighted by own cost 60 \u00d7 40 \u00f7 76.6667, none left unallocated (10)", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(showPaths(c)`
      tenants.teams[0]. ${TEAM_TOTAL_KEYS}
      tenants.teams[1]. ${TEAM_TOTAL_KEYS}
      tenants.shared[0]. cost costRounded unallocated unallocatedRounded
      tenants.shared[0].teams[0]. cost costRounded
      tenants.shared[0].teams[1]. cost costRounded
      tenants.shared[1]. cost costRounded unallocated unallocatedRounded
      tenants.shared[1].teams[0]. cost costRounded
      tenants.shared[1].teams[1]. cost costRounded
      tenants.shared[2]. cost costRounded unallocated unallocatedRounded
    `).toEqual(full`
      tenants.teams[0].cost [computed] = 40 | Σ the team's cost over pools | 40 = 40 | re 40
        tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40
      tenants.teams[0].costRounded [computed] = 40 | Σ the team's costRounded over pools | 40 = 40 | re 40
        tenants.pools[0].teams[0].costRounded [computed] = 40 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(40, 2) → 40 | re 40
      tenants.teams[0].sharedCost [computed] = 46.30434782608696 | Σ the team's part of each shared cost | 15 + 31.3043 = 46.3043 | re 46.30434782608696
        = tenants.shared[0].teams[0].cost tenants.shared[1].teams[0].cost
      tenants.teams[0].sharedCostRounded [computed] = 46.3 | Σ the team's rounded part of each shared cost | 15 + 31.3 = 46.3 | re 46.3
        = tenants.shared[0].teams[0].costRounded tenants.shared[1].teams[0].costRounded
      tenants.teams[0].total [computed] = 86.30434782608697 | own (pool) cost + shared cost | 40 + 46.3043 = 86.3043 | re 86.30434782608697
        = tenants.teams[0]. cost sharedCost
      tenants.teams[0].totalRounded [computed] = 86.3 | own (pool) cost + shared cost | 40 + 46.3 = 86.3 | re 86.3
        = tenants.teams[0]. costRounded sharedCostRounded
      tenants.teams[0].tokens [computed] = 36000000 | Σ the team's tokens over pools | 36,000,000 = 36,000,000 | re 36000000
        tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000
      tenants.teams[0].inputTokens [computed] = 30000000 | Σ the team's inputTokens over pools | 30,000,000 = 30,000,000 | re 30000000
        tenants.pools[0].teams[0].inputTokens [computed] = 30000000 | Σ inputTokens of the team's usage rows | 10,000,000 + 20,000,000 = 30,000,000 | re 30000000
      tenants.teams[0].outputTokens [computed] = 2000000 | Σ the team's outputTokens over pools | 2,000,000 = 2,000,000 | re 2000000
        tenants.pools[0].teams[0].outputTokens [computed] = 2000000 | Σ outputTokens of the team's usage rows | 2,000,000 + 0 = 2,000,000 | re 2000000
      tenants.teams[0].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111
        = tenants.teams[0]. cost tokens
      tenants.teams[0].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111
        tenants.inputWeight [field] = 1 | raw 1
        tenants.teams[0].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111
      tenants.teams[0].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333
        tenants.outputWeight [field] = 3 | raw 3
        tenants.teams[0].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111
      tenants.teams[1].cost [computed] = 36.666666666666664 | Σ the team's cost over pools | 36.6667 = 36.6667 | re 36.666666666666664
        tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664
      tenants.teams[1].costRounded [computed] = 36.67 | Σ the team's costRounded over pools | 36.67 = 36.67 | re 36.67
        tenants.pools[0].teams[1].costRounded [computed] = 36.67 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(36.6667, 2) → 36.67 | re 36.67
      tenants.teams[1].sharedCost [computed] = 43.69565217391305 | Σ the team's part of each shared cost | 15 + 28.6957 = 43.6957 | re 43.69565217391305
        = tenants.shared[0].teams[1].cost tenants.shared[1].teams[1].cost
      tenants.teams[1].sharedCostRounded [computed] = 43.7 | Σ the team's rounded part of each shared cost | 15 + 28.7 = 43.7 | re 43.7
        = tenants.shared[0].teams[1].costRounded tenants.shared[1].teams[1].costRounded
      tenants.teams[1].total [computed] = 80.36231884057972 | own (pool) cost + shared cost | 36.6667 + 43.6957 = 80.3623 | re 80.36231884057972
        = tenants.teams[1]. cost sharedCost
      tenants.teams[1].totalRounded [computed] = 80.37 | own (pool) cost + shared cost | 36.67 + 43.7 = 80.37 | re 80.37
        = tenants.teams[1]. costRounded sharedCostRounded
      tenants.teams[1].tokens [computed] = 33000000 | Σ the team's tokens over pools | 33,000,000 = 33,000,000 | re 33000000
        tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000
      tenants.teams[1].inputTokens [computed] = 30000000 | Σ the team's inputTokens over pools | 30,000,000 = 30,000,000 | re 30000000
        tenants.pools[0].teams[1].inputTokens [computed] = 30000000 | inputTokens of the team's usage row | 30,000,000 = 30,000,000 | re 30000000
      tenants.teams[1].outputTokens [computed] = 1000000 | Σ the team's outputTokens over pools | 1,000,000 = 1,000,000 | re 1000000
        tenants.pools[0].teams[1].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000
      tenants.teams[1].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111
        = tenants.teams[1]. cost tokens
      tenants.teams[1].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111
        = tenants.inputWeight tenants.teams[1].costPerMillionTokens
      tenants.teams[1].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333
        = tenants.outputWeight tenants.teams[1].costPerMillionTokens
      tenants.shared[0].cost [field] = 30 | raw 30
      tenants.shared[0].costRounded [computed] = 30 | the shared cost rounded to the currency's minor unit | round(30, 2) → 30 | re 30
        tenants.shared[0].costPerDay [field] = 30 | raw 30
      tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[0].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 2) → 0 | re 0
        tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[0].teams[0].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15
        tenants.shared[0].costPerDay [field] = 30 | raw 30
        teams [constant] = 2
      tenants.shared[0].teams[0].costRounded [computed] = 15 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(15, 2) → 15 | re 15
        tenants.shared[0].teams[0].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15
      tenants.shared[0].teams[1].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15
        = tenants.shared[0].costPerDay teams
      tenants.shared[0].teams[1].costRounded [computed] = 15 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(15, 2) → 15 | re 15
        tenants.shared[0].teams[1].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15
      tenants.shared[1].cost [field] = 60 | raw 60
      tenants.shared[1].costRounded [computed] = 60 | the shared cost rounded to the currency's minor unit | round(60, 2) → 60 | re 60
        tenants.shared[1].costPerDay [field] = 60 | raw 60
      tenants.shared[1].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[1].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 2) → 0 | re 0
        tenants.shared[1].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[1].teams[0].cost [computed] = 31.30434782608696 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 40 ÷ 76.6667 = 31.3043 | re 31.30434782608696
        = tenants.shared[1].costPerDay tenants.teams[0].cost
        Σ teams' own cost [computed] = 76.66666666666666 | Σ teams' pool costs | 76.6667 | re 76.66666666666666
      tenants.shared[1].teams[0].costRounded [computed] = 31.3 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(31.3043, 2) → 31.3 | re 31.3
        tenants.shared[1].teams[0].cost [computed] = 31.30434782608696 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 40 ÷ 76.6667 = 31.3043 | re 31.30434782608696
      tenants.shared[1].teams[1].cost [computed] = 28.695652173913043 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 36.6667 ÷ 76.6667 = 28.6957 | re 28.695652173913043
        = tenants.shared[1].costPerDay, tenants.teams[1].cost, Σ teams' own cost
      tenants.shared[1].teams[1].costRounded [computed] = 28.7 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(28.6957, 2) → 28.7 | re 28.7
        tenants.shared[1].teams[1].cost [computed] = 28.695652173913043 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 36.6667 ÷ 76.6667 = 28.6957 | re 28.695652173913043
      tenants.shared[2].cost [field] = 10 | raw 10
      tenants.shared[2].costRounded [computed] = 10 | the shared cost rounded to the currency's minor unit | round(10, 2) → 10 | re 10
        tenants.shared[2].costPerDay [field] = 10 | raw 10
      tenants.shared[2].unallocated [computed] = 10 | the whole shared cost (split none, or no teams) | 10 | re 10
        tenants.shared[2].costPerDay [field] = 10 | raw 10
      tenants.shared[2].unallocatedRounded [computed] = 10 | the unallocated part in minor units | round(10, 2) → 10 | re 10
        tenants.shared[2].unallocated [computed] = 10 | the whole shared cost (split none, or no teams) | 10 | re 10
    `);
  });
});

describe("allocation by reservation (the worked example of docs/allocation.md: 8 replicas, 240 a day)", () => {
  it("a team's totals over pools under reservation", () => {
    const c = ctxOf(RESERVATION_SEPARATE);
    expect(showPaths(c)`
      tenants.teams[0]. ${TEAM_TOTAL_KEYS}
    `).toEqual(full`
      tenants.teams[0].cost [computed] = 90 | Σ the team's cost over pools | 90 = 90 | re 90
        tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90
      tenants.teams[0].costRounded [computed] = 90 | Σ the team's costRounded over pools | 90 = 90 | re 90
        tenants.pools[0].teams[0].costRounded [computed] = 90 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(90, 2) → 90 | re 90
      tenants.teams[0].sharedCost [computed] = 0 | Σ the team's part of each shared cost |  = 0 | re 0
      tenants.teams[0].sharedCostRounded [computed] = 0 | Σ the team's rounded part of each shared cost |  = 0 | re 0
      tenants.teams[0].total [computed] = 90 | own (pool) cost + shared cost | 90 + 0 = 90 | re 90
        = tenants.teams[0]. cost sharedCost
      tenants.teams[0].totalRounded [computed] = 90 | own (pool) cost + shared cost | 90 + 0 = 90 | re 90
        = tenants.teams[0]. costRounded sharedCostRounded
      tenants.teams[0].tokens [computed] = 1000000 | Σ the team's tokens over pools | 1,000,000 = 1,000,000 | re 1000000
        tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000
      tenants.teams[0].inputTokens [computed] = 600000 | Σ the team's inputTokens over pools | 600,000 = 600,000 | re 600000
        tenants.pools[0].teams[0].inputTokens [computed] = 600000 | inputTokens of the team's usage row | 600,000 = 600,000 | re 600000
      tenants.teams[0].outputTokens [computed] = 400000 | Σ the team's outputTokens over pools | 400,000 = 400,000 | re 400000
        tenants.pools[0].teams[0].outputTokens [computed] = 400000 | outputTokens of the team's usage row | 400,000 = 400,000 | re 400000
      tenants.teams[0].costPerMillionTokens [computed] = 90 | own cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90
        = tenants.teams[0]. cost tokens
      tenants.teams[0].costPerMillionInputTokens [computed] = 90 | inputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90
        inputWeight (method tokens) [constant] = 1
        tenants.teams[0].costPerMillionTokens [computed] = 90 | own cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90
      tenants.teams[0].costPerMillionOutputTokens [computed] = 90 | outputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90
        outputWeight (method tokens) [constant] = 1
        tenants.teams[0].costPerMillionTokens [computed] = 90 | own cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90
    `);
  });
});

describe("allocation over three pools in yen (POOLS_JPY)", () => {
  it("team a's totals add its parts in pools x and y (500 + 83.3333); rounded in yen (583); shared 100 \u00d7 583.3333 \u00f7 1,083.3333 \u2192 54", () => {
    const c = ctxOf(POOLS_JPY);
    expect(showPaths(c)`
      tenants.teams[0]. ${TEAM_TOTAL_KEYS}
      tenants.shared[0]. cost costRounded unallocated unallocatedRounded
      tenants.shared[0].teams[0]. cost costRounded
      tenants.shared[0].teams[1]. cost costRounded
    `).toEqual(full`
      tenants.teams[0].cost [computed] = 583.3333333333334 | Σ the team's cost over pools | 500 + 83.3333 = 583.3333 | re 583.3333333333334
        tenants.pools[0].teams[0].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500
        tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333
      tenants.teams[0].costRounded [computed] = 583 | Σ the team's costRounded over pools | 500 + 83 = 583 | re 583
        tenants.pools[0].teams[0].costRounded [computed] = 500 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(500, 0) → 500 | re 500
        tenants.pools[1].teams[0].costRounded [computed] = 83 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(83.3333, 0) → 83 | re 83
      tenants.teams[0].sharedCost [computed] = 53.84615384615385 | Σ the team's part of each shared cost | 53.8462 = 53.8462 | re 53.84615384615385
        tenants.shared[0].teams[0].cost [computed] = 53.84615384615385 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 583.3333 ÷ 1,083.3333 = 53.8462 | re 53.84615384615385
      tenants.teams[0].sharedCostRounded [computed] = 54 | Σ the team's rounded part of each shared cost | 54 = 54 | re 54
        tenants.shared[0].teams[0].costRounded [computed] = 54 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(53.8462, 0) → 54 | re 54
      tenants.teams[0].total [computed] = 637.1794871794872 | own (pool) cost + shared cost | 583.3333 + 53.8462 = 637.1795 | re 637.1794871794872
        = tenants.teams[0]. cost sharedCost
      tenants.teams[0].totalRounded [computed] = 637 | own (pool) cost + shared cost | 583 + 54 = 637 | re 637
        = tenants.teams[0]. costRounded sharedCostRounded
      tenants.teams[0].tokens [computed] = 2200000 | Σ the team's tokens over pools | 1,000,000 + 1,200,000 = 2,200,000 | re 2200000
        tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000
        tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000
      tenants.teams[0].inputTokens [computed] = 1900000 | Σ the team's inputTokens over pools | 900,000 + 1,000,000 = 1,900,000 | re 1900000
        tenants.pools[0].teams[0].inputTokens [computed] = 900000 | inputTokens of the team's usage row | 900,000 = 900,000 | re 900000
        tenants.pools[1].teams[0].inputTokens [computed] = 1000000 | inputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000
      tenants.teams[0].outputTokens [computed] = 300000 | Σ the team's outputTokens over pools | 100,000 + 200,000 = 300,000 | re 300000
        tenants.pools[0].teams[0].outputTokens [computed] = 100000 | outputTokens of the team's usage row | 100,000 = 100,000 | re 100000
        tenants.pools[1].teams[0].outputTokens [computed] = 200000 | outputTokens of the team's usage row | 200,000 = 200,000 | re 200000
      tenants.teams[0].costPerMillionTokens [computed] = 265.1515151515152 | own cost ÷ weighted tokens × 1,000,000 | 583.3333 ÷ 2,200,000 × 1,000,000 = 265.1515 | re 265.1515151515152
        = tenants.teams[0]. cost tokens
      tenants.teams[0].costPerMillionInputTokens [computed] = 265.1515151515152 | inputWeight × cost per 1M weighted tokens | 1 × 265.1515 = 265.1515 | re 265.1515151515152
        inputWeight (method tokens) [constant] = 1
        tenants.teams[0].costPerMillionTokens [computed] = 265.1515151515152 | own cost ÷ weighted tokens × 1,000,000 | 583.3333 ÷ 2,200,000 × 1,000,000 = 265.1515 | re 265.1515151515152
      tenants.teams[0].costPerMillionOutputTokens [computed] = 265.1515151515152 | outputWeight × cost per 1M weighted tokens | 1 × 265.1515 = 265.1515 | re 265.1515151515152
        outputWeight (method tokens) [constant] = 1
        tenants.teams[0].costPerMillionTokens [computed] = 265.1515151515152 | own cost ÷ weighted tokens × 1,000,000 | 583.3333 ÷ 2,200,000 × 1,000,000 = 265.1515 | re 265.1515151515152
      tenants.shared[0].cost [field] = 100 | raw 100
      tenants.shared[0].costRounded [computed] = 100 | the shared cost rounded to the currency's minor unit | round(100, 0) → 100 | re 100
        tenants.shared[0].costPerDay [field] = 100 | raw 100
      tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[0].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 0) → 0 | re 0
        tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[0].teams[0].cost [computed] = 53.84615384615385 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 583.3333 ÷ 1,083.3333 = 53.8462 | re 53.84615384615385
        = tenants.shared[0].costPerDay tenants.teams[0].cost
        Σ teams' own cost [computed] = 1083.3333333333335 | Σ teams' pool costs | 1,083.3333 | re 1083.3333333333335
      tenants.shared[0].teams[0].costRounded [computed] = 54 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(53.8462, 0) → 54 | re 54
        tenants.shared[0].teams[0].cost [computed] = 53.84615384615385 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 583.3333 ÷ 1,083.3333 = 53.8462 | re 53.84615384615385
      tenants.shared[0].teams[1].cost [computed] = 46.153846153846146 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 500 ÷ 1,083.3333 = 46.1538 | re 46.153846153846146
        tenants.shared[0].costPerDay [field] = 100 | raw 100
        tenants.teams[1].cost [computed] = 500 | Σ the team's cost over pools | 500 = 500 | re 500
        Σ teams' own cost [computed] = 1083.3333333333335 | Σ teams' pool costs | 1,083.3333 | re 1083.3333333333335
      tenants.shared[0].teams[1].costRounded [computed] = 46 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(46.1538, 0) → 46 | re 46
        tenants.shared[0].teams[1].cost [computed] = 46.153846153846146 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 500 ÷ 1,083.3333 = 46.1538 | re 46.153846153846146
    `);
  });
});

describe("cents that binary floating point does not add exactly", () => {
  it("team a's rounded totals are rounded again after adding: 0.1 + 0.2 \u2192 0.3 (the unrounded sums stay 0.30000000000000004)", () => {
    const c = ctxOf(CENTS);
    expect(showPaths(c)`
      tenants.teams[0]. cost costRounded sharedCost sharedCostRounded total totalRounded
    `).toEqual(full`
      tenants.teams[0].cost [computed] = 0.30000000000000004 | Σ the team's cost over pools | 0.1 + 0.2 = 0.3 | re 0.30000000000000004
        tenants.pools[0].teams[0].cost [computed] = 0.1 | share × pool cost | 1 × 0.1 = 0.1 | re 0.1
        tenants.pools[1].teams[0].cost [computed] = 0.2 | share × pool cost | 1 × 0.2 = 0.2 | re 0.2
      tenants.teams[0].costRounded [computed] = 0.3 | Σ the team's costRounded over pools | 0.1 + 0.2 = 0.3 | re 0.3
        tenants.pools[0].teams[0].costRounded [computed] = 0.1 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0.1, 2) → 0.1 | re 0.1
        tenants.pools[1].teams[0].costRounded [computed] = 0.2 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0.2, 2) → 0.2 | re 0.2
      tenants.teams[0].sharedCost [computed] = 0.30000000000000004 | Σ the team's part of each shared cost | 0.1 + 0.2 = 0.3 | re 0.30000000000000004
        tenants.shared[0].teams[0].cost [computed] = 0.1 | shared cost ÷ number of teams (split even) | 0.2 ÷ 2 = 0.1 | re 0.1
        tenants.shared[1].teams[0].cost [computed] = 0.2 | shared cost ÷ number of teams (split even) | 0.4 ÷ 2 = 0.2 | re 0.2
      tenants.teams[0].sharedCostRounded [computed] = 0.3 | Σ the team's rounded part of each shared cost | 0.1 + 0.2 = 0.3 | re 0.3
        tenants.shared[0].teams[0].costRounded [computed] = 0.1 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(0.1, 2) → 0.1 | re 0.1
        tenants.shared[1].teams[0].costRounded [computed] = 0.2 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(0.2, 2) → 0.2 | re 0.2
      tenants.teams[0].total [computed] = 0.6000000000000001 | own (pool) cost + shared cost | 0.3 + 0.3 = 0.6 | re 0.6000000000000001
        = tenants.teams[0]. cost sharedCost
      tenants.teams[0].totalRounded [computed] = 0.6 | own (pool) cost + shared cost | 0.3 + 0.3 = 0.6 | re 0.6
        = tenants.teams[0]. costRounded sharedCostRounded
    `);
  });
});
