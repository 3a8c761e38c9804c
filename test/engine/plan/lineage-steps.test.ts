/**
 * The lineage of a plan's numbers (src/engine/plan/lineage.ts, docs/lineage.md), second half: the peak
 * and forecast steps of a SKU, the team allocation (pools, teams, shared costs, idle, rounding) and
 * the entry paths (SLO limits, factors, cells, top-level settings). Whole explanations of hand-built
 * plans (test/engine/survivors-lineage-b-plans.ts) are asserted line by line: kind, value, formula,
 * the numbers plugged in and the recomputed value of each step and of its inputs, in order
 * (issue #15). The numbers are worked out in the comments.
 */
import { describe, expect, it } from "vitest";
import {
  NO_POOLS_OUTPUT,
  POOLS_JPY,
  RESERVATION_EMPTY,
  RESERVATION_OVERFULL,
  RESERVATION_PROPORTIONAL,
  RESERVATION_SEPARATE,
  USAGE_SEPARATE,
  ctxOf,
  show,
} from "./lineage-plans-b";

describe("allocation by usage, idle separate, a pool priced from a SKU, weights 1 : 3 (USAGE_SEPARATE)", () => {
  it("the pool: cost 2 replicas \u00d7 10/h \u00d7 24 = 480 from SKU G, capacity 10 \u00d7 (1 \u00d7 100 + 3 \u00d7 50) \u00d7 (2 \u00f7 1) \u00d7 86,400 = 432,000,000, replicas of G, used 36e6 + 33e6", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.pools[0].cost")).toEqual([
      'tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480',
      "  skus[0].costPerDay [computed] = 480 | costPerHour × 24 | 20 × 24 = 480 | re 480",
    ]);
    expect(show(c, "tenants.pools[0].costRounded")).toEqual([
      "tenants.pools[0].costRounded [computed] = 480 | the pool cost rounded to the currency's minor unit | round(480, 2) → 480 | re 480",
      '  tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480',
    ]);
    expect(show(c, "tenants.pools[0].capacityTokens")).toEqual([
      "tenants.pools[0].capacityTokens [computed] = 432000000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 2,500 × (2 ÷ 1) × 86,400 = 432,000,000 | re 432000000",
      "  peak weighted tokens/s [computed] = 2500 | Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) | 10 × (1 × 100 + 3 × 50) = 2,500 | re 2500",
      "  skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2",
      "  skus[0].replicasBase [computed] = 1 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 10 × 50 ÷ 500 = 1 | re 1",
    ]);
    expect(show(c, "tenants.pools[0].replicas")).toEqual([
      'tenants.pools[0].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2',
      "  skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2",
    ]);
    expect(show(c, "tenants.pools[0].usedTokens")).toEqual([
      "tenants.pools[0].usedTokens [computed] = 69000000 | Σ teams' weighted tokens | 36,000,000 + 33,000,000 = 69,000,000 | re 69000000",
      "  tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000",
      "  tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000",
    ]);
  });

  it("idle kept separate: 480 \u2212 (40 + 36.6667) = 403.3333, rounded 403.33; per 1M weighted 480 \u00f7 69e6 \u00d7 1e6, input \u00d7 1, output \u00d7 3", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.pools[0].idle")).toEqual([
      "tenants.pools[0].idle [computed] = 403.33333333333337 | pool cost − Σ teams' cost | 480 − (40 + 36.6667) = 403.3333 | re 403.33333333333337",
      '  tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480',
      "  tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40",
      "  tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664",
    ]);
    expect(show(c, "tenants.pools[0].idleRounded")).toEqual([
      "tenants.pools[0].idleRounded [computed] = 403.33 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(403.3333, 2) → 403.33 | re 403.33",
      "  tenants.pools[0].idle [computed] = 403.33333333333337 | pool cost − Σ teams' cost | 480 − (40 + 36.6667) = 403.3333 | re 403.33333333333337",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionTokens")).toEqual([
      "tenants.pools[0].costPerMillionTokens [computed] = 6.956521739130435 | pool cost ÷ used weighted tokens × 1,000,000 | 480 ÷ 69,000,000 × 1,000,000 = 6.9565 | re 6.956521739130435",
      '  tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480',
      "  tenants.pools[0].usedTokens [computed] = 69000000 | Σ teams' weighted tokens | 36,000,000 + 33,000,000 = 69,000,000 | re 69000000",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].costPerMillionInputTokens [computed] = 6.956521739130435 | inputWeight × cost per 1M weighted tokens | 1 × 6.9565 = 6.9565 | re 6.956521739130435",
      "  tenants.inputWeight [field] = 1 | raw 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 6.956521739130435 | pool cost ÷ used weighted tokens × 1,000,000 | 480 ÷ 69,000,000 × 1,000,000 = 6.9565 | re 6.956521739130435",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].costPerMillionOutputTokens [computed] = 20.869565217391305 | outputWeight × cost per 1M weighted tokens | 3 × 6.9565 = 20.8696 | re 20.869565217391305",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.pools[0].costPerMillionTokens [computed] = 6.956521739130435 | pool cost ÷ used weighted tokens × 1,000,000 | 480 ÷ 69,000,000 × 1,000,000 = 6.9565 | re 6.956521739130435",
    ]);
  });

  it("team a: rows 0 and 2 summed (1e7 + 2e7 input), weighted 1 \u00d7 3e7 + 3 \u00d7 2e6 = 3.6e7, cost 3.6e7 \u00d7 480 \u00f7 4.32e8 = 40, share 36 \u00f7 69", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.pools[0].teams[0].tokens")).toEqual([
      "tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000",
      "  tenants.inputWeight [field] = 1 | raw 1",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 30000000 | Σ inputTokens of the team's usage rows | 10,000,000 + 20,000,000 = 30,000,000 | re 30000000",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 2000000 | Σ outputTokens of the team's usage rows | 2,000,000 + 0 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].share")).toEqual([
      "tenants.pools[0].teams[0].share [computed] = 0.5217391304347826 | team's weighted tokens ÷ pool's weighted tokens | 36,000,000 ÷ 69,000,000 = 0.5217 | re 0.5217391304347826",
      "  tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000",
      "  tenants.pools[0].usedTokens [computed] = 69000000 | Σ teams' weighted tokens | 36,000,000 + 33,000,000 = 69,000,000 | re 69000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].cost")).toEqual([
      "tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40",
      "  tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000",
      '  tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480',
      "  tenants.pools[0].capacityTokens [computed] = 432000000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 2,500 × (2 ÷ 1) × 86,400 = 432,000,000 | re 432000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costRounded")).toEqual([
      "tenants.pools[0].teams[0].costRounded [computed] = 40 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(40, 2) → 40 | re 40",
      "  tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
      "  tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40",
      "  tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111",
      "  tenants.inputWeight [field] = 1 | raw 1",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].inputTokens")).toEqual([
      "tenants.pools[0].teams[0].inputTokens [computed] = 30000000 | Σ inputTokens of the team's usage rows | 10,000,000 + 20,000,000 = 30,000,000 | re 30000000",
      "  tenants.usage[0].inputTokens [field] = 10000000 | raw 10000000",
      "  tenants.usage[2].inputTokens [field] = 20000000 | raw 20000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].outputTokens")).toEqual([
      "tenants.pools[0].teams[0].outputTokens [computed] = 2000000 | Σ outputTokens of the team's usage rows | 2,000,000 + 0 = 2,000,000 | re 2000000",
      "  tenants.usage[0].outputTokens [field] = 2000000 | raw 2000000",
      "  tenants.usage[2].outputTokens [field] = 0 | raw 0",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].usedReplicas")).toEqual([
      "tenants.pools[0].teams[0].usedReplicas [computed] = 0.16666666666666666 | weighted tokens ÷ pool capacity × pool replicas | 36,000,000 ÷ 432,000,000 × 2 = 0.1667 | re 0.16666666666666666",
      "  tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000",
      "  tenants.pools[0].capacityTokens [computed] = 432000000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 2,500 × (2 ÷ 1) × 86,400 = 432,000,000 | re 432000000",
      '  tenants.pools[0].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2',
    ]);
  });

  it("team b: one row (the row without a pool goes to the only pool), cost 3.3e7 \u00d7 480 \u00f7 4.32e8 = 36.6667 \u2192 36.67", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.pools[0].teams[1].tokens")).toEqual([
      "tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000",
      "  tenants.inputWeight [field] = 1 | raw 1",
      "  tenants.pools[0].teams[1].inputTokens [computed] = 30000000 | inputTokens of the team's usage row | 30,000,000 = 30,000,000 | re 30000000",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.pools[0].teams[1].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].share")).toEqual([
      "tenants.pools[0].teams[1].share [computed] = 0.4782608695652174 | team's weighted tokens ÷ pool's weighted tokens | 33,000,000 ÷ 69,000,000 = 0.4783 | re 0.4782608695652174",
      "  tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000",
      "  tenants.pools[0].usedTokens [computed] = 69000000 | Σ teams' weighted tokens | 36,000,000 + 33,000,000 = 69,000,000 | re 69000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].cost")).toEqual([
      "tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664",
      "  tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000",
      '  tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480',
      "  tenants.pools[0].capacityTokens [computed] = 432000000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 2,500 × (2 ÷ 1) × 86,400 = 432,000,000 | re 432000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costRounded")).toEqual([
      "tenants.pools[0].teams[1].costRounded [computed] = 36.67 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(36.6667, 2) → 36.67 | re 36.67",
      "  tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
      "  tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664",
      "  tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111",
      "  tenants.inputWeight [field] = 1 | raw 1",
      "  tenants.pools[0].teams[1].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.pools[0].teams[1].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].inputTokens")).toEqual([
      "tenants.pools[0].teams[1].inputTokens [computed] = 30000000 | inputTokens of the team's usage row | 30,000,000 = 30,000,000 | re 30000000",
      "  tenants.usage[1].inputTokens [field] = 30000000 | raw 30000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].outputTokens")).toEqual([
      "tenants.pools[0].teams[1].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.usage[1].outputTokens [field] = 1000000 | raw 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].usedReplicas")).toEqual([
      "tenants.pools[0].teams[1].usedReplicas [computed] = 0.1527777777777778 | weighted tokens ÷ pool capacity × pool replicas | 33,000,000 ÷ 432,000,000 × 2 = 0.1528 | re 0.1527777777777778",
      "  tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000",
      "  tenants.pools[0].capacityTokens [computed] = 432000000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 2,500 × (2 ÷ 1) × 86,400 = 432,000,000 | re 432000000",
      '  tenants.pools[0].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2',
    ]);
  });

  it("a team's totals over pools: cost, rounded cost, tokens, per 1M; own + shared (15 + 31.3043) = 86.3043, rounded 40 + 46.3", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.teams[0].cost")).toEqual([
      "tenants.teams[0].cost [computed] = 40 | Σ the team's cost over pools | 40 = 40 | re 40",
      "  tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40",
    ]);
    expect(show(c, "tenants.teams[0].costRounded")).toEqual([
      "tenants.teams[0].costRounded [computed] = 40 | Σ the team's costRounded over pools | 40 = 40 | re 40",
      "  tenants.pools[0].teams[0].costRounded [computed] = 40 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(40, 2) → 40 | re 40",
    ]);
    expect(show(c, "tenants.teams[0].sharedCost")).toEqual([
      "tenants.teams[0].sharedCost [computed] = 46.30434782608696 | Σ the team's part of each shared cost | 15 + 31.3043 = 46.3043 | re 46.30434782608696",
      "  tenants.shared[0].teams[0].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15",
      "  tenants.shared[1].teams[0].cost [computed] = 31.30434782608696 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 40 ÷ 76.6667 = 31.3043 | re 31.30434782608696",
    ]);
    expect(show(c, "tenants.teams[0].sharedCostRounded")).toEqual([
      "tenants.teams[0].sharedCostRounded [computed] = 46.3 | Σ the team's rounded part of each shared cost | 15 + 31.3 = 46.3 | re 46.3",
      "  tenants.shared[0].teams[0].costRounded [computed] = 15 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(15, 2) → 15 | re 15",
      "  tenants.shared[1].teams[0].costRounded [computed] = 31.3 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(31.3043, 2) → 31.3 | re 31.3",
    ]);
    expect(show(c, "tenants.teams[0].total")).toEqual([
      "tenants.teams[0].total [computed] = 86.30434782608697 | own (pool) cost + shared cost | 40 + 46.3043 = 86.3043 | re 86.30434782608697",
      "  tenants.teams[0].cost [computed] = 40 | Σ the team's cost over pools | 40 = 40 | re 40",
      "  tenants.teams[0].sharedCost [computed] = 46.30434782608696 | Σ the team's part of each shared cost | 15 + 31.3043 = 46.3043 | re 46.30434782608696",
    ]);
    expect(show(c, "tenants.teams[0].totalRounded")).toEqual([
      "tenants.teams[0].totalRounded [computed] = 86.3 | own (pool) cost + shared cost | 40 + 46.3 = 86.3 | re 86.3",
      "  tenants.teams[0].costRounded [computed] = 40 | Σ the team's costRounded over pools | 40 = 40 | re 40",
      "  tenants.teams[0].sharedCostRounded [computed] = 46.3 | Σ the team's rounded part of each shared cost | 15 + 31.3 = 46.3 | re 46.3",
    ]);
    expect(show(c, "tenants.teams[0].tokens")).toEqual([
      "tenants.teams[0].tokens [computed] = 36000000 | Σ the team's tokens over pools | 36,000,000 = 36,000,000 | re 36000000",
      "  tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000",
    ]);
    expect(show(c, "tenants.teams[0].inputTokens")).toEqual([
      "tenants.teams[0].inputTokens [computed] = 30000000 | Σ the team's inputTokens over pools | 30,000,000 = 30,000,000 | re 30000000",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 30000000 | Σ inputTokens of the team's usage rows | 10,000,000 + 20,000,000 = 30,000,000 | re 30000000",
    ]);
    expect(show(c, "tenants.teams[0].outputTokens")).toEqual([
      "tenants.teams[0].outputTokens [computed] = 2000000 | Σ the team's outputTokens over pools | 2,000,000 = 2,000,000 | re 2000000",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 2000000 | Σ outputTokens of the team's usage rows | 2,000,000 + 0 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionTokens")).toEqual([
      "tenants.teams[0].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
      "  tenants.teams[0].cost [computed] = 40 | Σ the team's cost over pools | 40 = 40 | re 40",
      "  tenants.teams[0].tokens [computed] = 36000000 | Σ the team's tokens over pools | 36,000,000 = 36,000,000 | re 36000000",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.teams[0].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111",
      "  tenants.inputWeight [field] = 1 | raw 1",
      "  tenants.teams[0].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.teams[0].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.teams[0].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
  });

  it("team b's totals: shared 15 (even) + 28.6957 (60 \u00d7 36.6667 \u00f7 76.6667), total 80.3623, rounded 36.67 + 43.7 = 80.37", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.teams[1].cost")).toEqual([
      "tenants.teams[1].cost [computed] = 36.666666666666664 | Σ the team's cost over pools | 36.6667 = 36.6667 | re 36.666666666666664",
      "  tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664",
    ]);
    expect(show(c, "tenants.teams[1].costRounded")).toEqual([
      "tenants.teams[1].costRounded [computed] = 36.67 | Σ the team's costRounded over pools | 36.67 = 36.67 | re 36.67",
      "  tenants.pools[0].teams[1].costRounded [computed] = 36.67 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(36.6667, 2) → 36.67 | re 36.67",
    ]);
    expect(show(c, "tenants.teams[1].sharedCost")).toEqual([
      "tenants.teams[1].sharedCost [computed] = 43.69565217391305 | Σ the team's part of each shared cost | 15 + 28.6957 = 43.6957 | re 43.69565217391305",
      "  tenants.shared[0].teams[1].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15",
      "  tenants.shared[1].teams[1].cost [computed] = 28.695652173913043 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 36.6667 ÷ 76.6667 = 28.6957 | re 28.695652173913043",
    ]);
    expect(show(c, "tenants.teams[1].sharedCostRounded")).toEqual([
      "tenants.teams[1].sharedCostRounded [computed] = 43.7 | Σ the team's rounded part of each shared cost | 15 + 28.7 = 43.7 | re 43.7",
      "  tenants.shared[0].teams[1].costRounded [computed] = 15 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(15, 2) → 15 | re 15",
      "  tenants.shared[1].teams[1].costRounded [computed] = 28.7 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(28.6957, 2) → 28.7 | re 28.7",
    ]);
    expect(show(c, "tenants.teams[1].total")).toEqual([
      "tenants.teams[1].total [computed] = 80.36231884057972 | own (pool) cost + shared cost | 36.6667 + 43.6957 = 80.3623 | re 80.36231884057972",
      "  tenants.teams[1].cost [computed] = 36.666666666666664 | Σ the team's cost over pools | 36.6667 = 36.6667 | re 36.666666666666664",
      "  tenants.teams[1].sharedCost [computed] = 43.69565217391305 | Σ the team's part of each shared cost | 15 + 28.6957 = 43.6957 | re 43.69565217391305",
    ]);
    expect(show(c, "tenants.teams[1].totalRounded")).toEqual([
      "tenants.teams[1].totalRounded [computed] = 80.37 | own (pool) cost + shared cost | 36.67 + 43.7 = 80.37 | re 80.37",
      "  tenants.teams[1].costRounded [computed] = 36.67 | Σ the team's costRounded over pools | 36.67 = 36.67 | re 36.67",
      "  tenants.teams[1].sharedCostRounded [computed] = 43.7 | Σ the team's rounded part of each shared cost | 15 + 28.7 = 43.7 | re 43.7",
    ]);
    expect(show(c, "tenants.teams[1].tokens")).toEqual([
      "tenants.teams[1].tokens [computed] = 33000000 | Σ the team's tokens over pools | 33,000,000 = 33,000,000 | re 33000000",
      "  tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000",
    ]);
    expect(show(c, "tenants.teams[1].inputTokens")).toEqual([
      "tenants.teams[1].inputTokens [computed] = 30000000 | Σ the team's inputTokens over pools | 30,000,000 = 30,000,000 | re 30000000",
      "  tenants.pools[0].teams[1].inputTokens [computed] = 30000000 | inputTokens of the team's usage row | 30,000,000 = 30,000,000 | re 30000000",
    ]);
    expect(show(c, "tenants.teams[1].outputTokens")).toEqual([
      "tenants.teams[1].outputTokens [computed] = 1000000 | Σ the team's outputTokens over pools | 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].teams[1].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.teams[1].costPerMillionTokens")).toEqual([
      "tenants.teams[1].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
      "  tenants.teams[1].cost [computed] = 36.666666666666664 | Σ the team's cost over pools | 36.6667 = 36.6667 | re 36.666666666666664",
      "  tenants.teams[1].tokens [computed] = 33000000 | Σ the team's tokens over pools | 33,000,000 = 33,000,000 | re 33000000",
    ]);
    expect(show(c, "tenants.teams[1].costPerMillionInputTokens")).toEqual([
      "tenants.teams[1].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111",
      "  tenants.inputWeight [field] = 1 | raw 1",
      "  tenants.teams[1].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
    expect(show(c, "tenants.teams[1].costPerMillionOutputTokens")).toEqual([
      "tenants.teams[1].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333",
      "  tenants.outputWeight [field] = 3 | raw 3",
      "  tenants.teams[1].costPerMillionTokens [computed] = 1.111111111111111 | own cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111",
    ]);
  });

  it("shared costs: even 30 \u00f7 2 teams, weighted by own cost 60 \u00d7 40 \u00f7 76.6667, none left unallocated (10)", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.shared[0].cost")).toEqual([
      "tenants.shared[0].cost [field] = 30 | raw 30",
    ]);
    expect(show(c, "tenants.shared[0].costRounded")).toEqual([
      "tenants.shared[0].costRounded [computed] = 30 | the shared cost rounded to the currency's minor unit | round(30, 2) → 30 | re 30",
      "  tenants.shared[0].costPerDay [field] = 30 | raw 30",
    ]);
    expect(show(c, "tenants.shared[0].unallocated")).toEqual([
      "tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[0].unallocatedRounded")).toEqual([
      "tenants.shared[0].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 2) → 0 | re 0",
      "  tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[0].teams[0].cost")).toEqual([
      "tenants.shared[0].teams[0].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15",
      "  tenants.shared[0].costPerDay [field] = 30 | raw 30",
      "  teams [constant] = 2",
    ]);
    expect(show(c, "tenants.shared[0].teams[0].costRounded")).toEqual([
      "tenants.shared[0].teams[0].costRounded [computed] = 15 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(15, 2) → 15 | re 15",
      "  tenants.shared[0].teams[0].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15",
    ]);
    expect(show(c, "tenants.shared[0].teams[1].cost")).toEqual([
      "tenants.shared[0].teams[1].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15",
      "  tenants.shared[0].costPerDay [field] = 30 | raw 30",
      "  teams [constant] = 2",
    ]);
    expect(show(c, "tenants.shared[0].teams[1].costRounded")).toEqual([
      "tenants.shared[0].teams[1].costRounded [computed] = 15 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(15, 2) → 15 | re 15",
      "  tenants.shared[0].teams[1].cost [computed] = 15 | shared cost ÷ number of teams (split even) | 30 ÷ 2 = 15 | re 15",
    ]);
    expect(show(c, "tenants.shared[1].cost")).toEqual([
      "tenants.shared[1].cost [field] = 60 | raw 60",
    ]);
    expect(show(c, "tenants.shared[1].costRounded")).toEqual([
      "tenants.shared[1].costRounded [computed] = 60 | the shared cost rounded to the currency's minor unit | round(60, 2) → 60 | re 60",
      "  tenants.shared[1].costPerDay [field] = 60 | raw 60",
    ]);
    expect(show(c, "tenants.shared[1].unallocated")).toEqual([
      "tenants.shared[1].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[1].unallocatedRounded")).toEqual([
      "tenants.shared[1].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 2) → 0 | re 0",
      "  tenants.shared[1].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[1].teams[0].cost")).toEqual([
      "tenants.shared[1].teams[0].cost [computed] = 31.30434782608696 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 40 ÷ 76.6667 = 31.3043 | re 31.30434782608696",
      "  tenants.shared[1].costPerDay [field] = 60 | raw 60",
      "  tenants.teams[0].cost [computed] = 40 | Σ the team's cost over pools | 40 = 40 | re 40",
      "  Σ teams' own cost [computed] = 76.66666666666666 | Σ teams' pool costs | 76.6667 | re 76.66666666666666",
    ]);
    expect(show(c, "tenants.shared[1].teams[0].costRounded")).toEqual([
      "tenants.shared[1].teams[0].costRounded [computed] = 31.3 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(31.3043, 2) → 31.3 | re 31.3",
      "  tenants.shared[1].teams[0].cost [computed] = 31.30434782608696 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 40 ÷ 76.6667 = 31.3043 | re 31.30434782608696",
    ]);
    expect(show(c, "tenants.shared[1].teams[1].cost")).toEqual([
      "tenants.shared[1].teams[1].cost [computed] = 28.695652173913043 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 36.6667 ÷ 76.6667 = 28.6957 | re 28.695652173913043",
      "  tenants.shared[1].costPerDay [field] = 60 | raw 60",
      "  tenants.teams[1].cost [computed] = 36.666666666666664 | Σ the team's cost over pools | 36.6667 = 36.6667 | re 36.666666666666664",
      "  Σ teams' own cost [computed] = 76.66666666666666 | Σ teams' pool costs | 76.6667 | re 76.66666666666666",
    ]);
    expect(show(c, "tenants.shared[1].teams[1].costRounded")).toEqual([
      "tenants.shared[1].teams[1].costRounded [computed] = 28.7 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(28.6957, 2) → 28.7 | re 28.7",
      "  tenants.shared[1].teams[1].cost [computed] = 28.695652173913043 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 60 × 36.6667 ÷ 76.6667 = 28.6957 | re 28.695652173913043",
    ]);
    expect(show(c, "tenants.shared[2].cost")).toEqual([
      "tenants.shared[2].cost [field] = 10 | raw 10",
    ]);
    expect(show(c, "tenants.shared[2].costRounded")).toEqual([
      "tenants.shared[2].costRounded [computed] = 10 | the shared cost rounded to the currency's minor unit | round(10, 2) → 10 | re 10",
      "  tenants.shared[2].costPerDay [field] = 10 | raw 10",
    ]);
    expect(show(c, "tenants.shared[2].unallocated")).toEqual([
      "tenants.shared[2].unallocated [computed] = 10 | the whole shared cost (split none, or no teams) | 10 | re 10",
      "  tenants.shared[2].costPerDay [field] = 10 | raw 10",
    ]);
    expect(show(c, "tenants.shared[2].unallocatedRounded")).toEqual([
      "tenants.shared[2].unallocatedRounded [computed] = 10 | the unallocated part in minor units | round(10, 2) → 10 | re 10",
      "  tenants.shared[2].unallocated [computed] = 10 | the whole shared cost (split none, or no teams) | 10 | re 10",
    ]);
  });
});

describe("allocation by reservation (the worked example of docs/allocation.md: 8 replicas, 240 a day)", () => {
  it("idle separate: a billed max(3, 1) = 3 of 8 \u2192 90, b max(1, 1) = 1 \u2192 30, idle 240 \u2212 (90 + 30) = 120 (the unbilled replicas)", () => {
    const c = ctxOf(RESERVATION_SEPARATE);
    expect(show(c, "tenants.pools[0].cost")).toEqual([
      "tenants.pools[0].cost [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].costRounded")).toEqual([
      "tenants.pools[0].costRounded [computed] = 240 | the pool cost rounded to the currency's minor unit | round(240, 2) → 240 | re 240",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].idle")).toEqual([
      "tenants.pools[0].idle [computed] = 120 | pool cost − Σ teams' cost (the unbilled replicas) | 240 − (90 + 30) = 120 | re 120",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
      "  tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90",
      "  tenants.pools[0].teams[1].cost [computed] = 30 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 1 ÷ 8 × 240 = 30 | re 30",
    ]);
    expect(show(c, "tenants.pools[0].idleRounded")).toEqual([
      "tenants.pools[0].idleRounded [computed] = 120 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(120, 2) → 120 | re 120",
      "  tenants.pools[0].idle [computed] = 120 | pool cost − Σ teams' cost (the unbilled replicas) | 240 − (90 + 30) = 120 | re 120",
    ]);
    expect(show(c, "tenants.pools[0].usedTokens")).toEqual([
      "tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].capacityTokens")).toEqual([
      "tenants.pools[0].capacityTokens [field] = 8000000 | raw 8000000",
    ]);
    expect(show(c, "tenants.pools[0].replicas")).toEqual([
      "tenants.pools[0].replicas [field] = 8 | raw 8",
    ]);
    expect(show(c, "tenants.pools[0].billedReplicas")).toEqual([
      "tenants.pools[0].billedReplicas [computed] = 4 | Σ teams' billed replicas | 3 + 1 = 4 | re 4",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 1 | max(reserved replicas, used replicas) | max(1, 1) = 1 | re 1",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionTokens")).toEqual([
      "tenants.pools[0].costPerMillionTokens [computed] = 120 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 2,000,000 × 1,000,000 = 120 | re 120",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
      "  tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].costPerMillionInputTokens [computed] = 120 | inputWeight × cost per 1M weighted tokens | 1 × 120 = 120 | re 120",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 120 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 2,000,000 × 1,000,000 = 120 | re 120",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].costPerMillionOutputTokens [computed] = 120 | outputWeight × cost per 1M weighted tokens | 1 × 120 = 120 | re 120",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 120 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 2,000,000 × 1,000,000 = 120 | re 120",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].tokens")).toEqual([
      "tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 600000 | inputTokens of the team's usage row | 600,000 = 600,000 | re 600000",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 400000 | outputTokens of the team's usage row | 400,000 = 400,000 | re 400000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].share")).toEqual([
      "tenants.pools[0].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].cost")).toEqual([
      "tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costRounded")).toEqual([
      "tenants.pools[0].teams[0].costRounded [computed] = 90 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(90, 2) → 90 | re 90",
      "  tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionTokens [computed] = 90 | cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90",
      "  tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 90 | inputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 90 | cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 90 | outputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 90 | cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].inputTokens")).toEqual([
      "tenants.pools[0].teams[0].inputTokens [computed] = 600000 | inputTokens of the team's usage row | 600,000 = 600,000 | re 600000",
      "  tenants.usage[0].inputTokens [field] = 600000 | raw 600000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].outputTokens")).toEqual([
      "tenants.pools[0].teams[0].outputTokens [computed] = 400000 | outputTokens of the team's usage row | 400,000 = 400,000 | re 400000",
      "  tenants.usage[0].outputTokens [field] = 400000 | raw 400000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].reservedReplicas")).toEqual([
      "tenants.pools[0].teams[0].reservedReplicas [computed] = 3 | Σ reservedReplicas of the team's usage rows | 3 = 3 | re 3",
      "  tenants.usage[0].reservedReplicas [field] = 3 | raw 3",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].usedReplicas")).toEqual([
      "tenants.pools[0].teams[0].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].capacityTokensPerDay [field] = 8000000 | raw 8000000",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].billedReplicas")).toEqual([
      "tenants.pools[0].teams[0].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3",
      "  tenants.pools[0].teams[0].reservedReplicas [computed] = 3 | Σ reservedReplicas of the team's usage rows | 3 = 3 | re 3",
      "  tenants.pools[0].teams[0].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].tokens")).toEqual([
      "tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].inputTokens [computed] = 500000 | inputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].outputTokens [computed] = 500000 | outputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].share")).toEqual([
      "tenants.pools[0].teams[1].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].cost")).toEqual([
      "tenants.pools[0].teams[1].cost [computed] = 30 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 1 ÷ 8 × 240 = 30 | re 30",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 1 | max(reserved replicas, used replicas) | max(1, 1) = 1 | re 1",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costRounded")).toEqual([
      "tenants.pools[0].teams[1].costRounded [computed] = 30 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(30, 2) → 30 | re 30",
      "  tenants.pools[0].teams[1].cost [computed] = 30 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 1 ÷ 8 × 240 = 30 | re 30",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionTokens [computed] = 30 | cost ÷ weighted tokens × 1,000,000 | 30 ÷ 1,000,000 × 1,000,000 = 30 | re 30",
      "  tenants.pools[0].teams[1].cost [computed] = 30 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 1 ÷ 8 × 240 = 30 | re 30",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionInputTokens [computed] = 30 | inputWeight × cost per 1M weighted tokens | 1 × 30 = 30 | re 30",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].costPerMillionTokens [computed] = 30 | cost ÷ weighted tokens × 1,000,000 | 30 ÷ 1,000,000 × 1,000,000 = 30 | re 30",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionOutputTokens [computed] = 30 | outputWeight × cost per 1M weighted tokens | 1 × 30 = 30 | re 30",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].costPerMillionTokens [computed] = 30 | cost ÷ weighted tokens × 1,000,000 | 30 ÷ 1,000,000 × 1,000,000 = 30 | re 30",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].inputTokens")).toEqual([
      "tenants.pools[0].teams[1].inputTokens [computed] = 500000 | inputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
      "  tenants.usage[1].inputTokens [field] = 500000 | raw 500000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].outputTokens")).toEqual([
      "tenants.pools[0].teams[1].outputTokens [computed] = 500000 | outputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
      "  tenants.usage[1].outputTokens [field] = 500000 | raw 500000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].reservedReplicas")).toEqual([
      "tenants.pools[0].teams[1].reservedReplicas [computed] = 1 | Σ reservedReplicas of the team's usage rows | 1 = 1 | re 1",
      "  tenants.usage[1].reservedReplicas [field] = 1 | raw 1",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].usedReplicas")).toEqual([
      "tenants.pools[0].teams[1].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].capacityTokensPerDay [field] = 8000000 | raw 8000000",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].billedReplicas")).toEqual([
      "tenants.pools[0].teams[1].billedReplicas [computed] = 1 | max(reserved replicas, used replicas) | max(1, 1) = 1 | re 1",
      "  tenants.pools[0].teams[1].reservedReplicas [computed] = 1 | Σ reservedReplicas of the team's usage rows | 1 = 1 | re 1",
      "  tenants.pools[0].teams[1].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1",
    ]);
  });

  it("a team's totals over pools under reservation", () => {
    const c = ctxOf(RESERVATION_SEPARATE);
    expect(show(c, "tenants.teams[0].cost")).toEqual([
      "tenants.teams[0].cost [computed] = 90 | Σ the team's cost over pools | 90 = 90 | re 90",
      "  tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90",
    ]);
    expect(show(c, "tenants.teams[0].costRounded")).toEqual([
      "tenants.teams[0].costRounded [computed] = 90 | Σ the team's costRounded over pools | 90 = 90 | re 90",
      "  tenants.pools[0].teams[0].costRounded [computed] = 90 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(90, 2) → 90 | re 90",
    ]);
    expect(show(c, "tenants.teams[0].sharedCost")).toEqual([
      "tenants.teams[0].sharedCost [computed] = 0 | Σ the team's part of each shared cost |  = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].sharedCostRounded")).toEqual([
      "tenants.teams[0].sharedCostRounded [computed] = 0 | Σ the team's rounded part of each shared cost |  = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].total")).toEqual([
      "tenants.teams[0].total [computed] = 90 | own (pool) cost + shared cost | 90 + 0 = 90 | re 90",
      "  tenants.teams[0].cost [computed] = 90 | Σ the team's cost over pools | 90 = 90 | re 90",
      "  tenants.teams[0].sharedCost [computed] = 0 | Σ the team's part of each shared cost |  = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].totalRounded")).toEqual([
      "tenants.teams[0].totalRounded [computed] = 90 | own (pool) cost + shared cost | 90 + 0 = 90 | re 90",
      "  tenants.teams[0].costRounded [computed] = 90 | Σ the team's costRounded over pools | 90 = 90 | re 90",
      "  tenants.teams[0].sharedCostRounded [computed] = 0 | Σ the team's rounded part of each shared cost |  = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].tokens")).toEqual([
      "tenants.teams[0].tokens [computed] = 1000000 | Σ the team's tokens over pools | 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.teams[0].inputTokens")).toEqual([
      "tenants.teams[0].inputTokens [computed] = 600000 | Σ the team's inputTokens over pools | 600,000 = 600,000 | re 600000",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 600000 | inputTokens of the team's usage row | 600,000 = 600,000 | re 600000",
    ]);
    expect(show(c, "tenants.teams[0].outputTokens")).toEqual([
      "tenants.teams[0].outputTokens [computed] = 400000 | Σ the team's outputTokens over pools | 400,000 = 400,000 | re 400000",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 400000 | outputTokens of the team's usage row | 400,000 = 400,000 | re 400000",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionTokens")).toEqual([
      "tenants.teams[0].costPerMillionTokens [computed] = 90 | own cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90",
      "  tenants.teams[0].cost [computed] = 90 | Σ the team's cost over pools | 90 = 90 | re 90",
      "  tenants.teams[0].tokens [computed] = 1000000 | Σ the team's tokens over pools | 1,000,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.teams[0].costPerMillionInputTokens [computed] = 90 | inputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.teams[0].costPerMillionTokens [computed] = 90 | own cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.teams[0].costPerMillionOutputTokens [computed] = 90 | outputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.teams[0].costPerMillionTokens [computed] = 90 | own cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90",
    ]);
  });

  it("idle proportional: no idle; a 3 \u00f7 \u03a3 4 billed \u00d7 240 = 180, b 60", () => {
    const c = ctxOf(RESERVATION_PROPORTIONAL);
    expect(show(c, "tenants.pools[0].idle")).toEqual([
      "tenants.pools[0].idle [computed] = 0 | 0 (idle is spread by billed replicas, or the reservations fill the pool) | 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].idleRounded")).toEqual([
      "tenants.pools[0].idleRounded [computed] = 0 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(0, 2) → 0 | re 0",
      "  tenants.pools[0].idle [computed] = 0 | 0 (idle is spread by billed replicas, or the reservations fill the pool) | 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].billedReplicas")).toEqual([
      "tenants.pools[0].billedReplicas [computed] = 4 | Σ teams' billed replicas | 3 + 1 = 4 | re 4",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 1 | max(reserved replicas, used replicas) | max(1, 1) = 1 | re 1",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].cost")).toEqual([
      "tenants.pools[0].teams[0].cost [computed] = 180 | billed replicas ÷ Σ billed replicas × pool cost | 3 ÷ 4 × 240 = 180 | re 180",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3",
      "  tenants.pools[0].billedReplicas [computed] = 4 | Σ teams' billed replicas | 3 + 1 = 4 | re 4",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].cost")).toEqual([
      "tenants.pools[0].teams[1].cost [computed] = 60 | billed replicas ÷ Σ billed replicas × pool cost | 1 ÷ 4 × 240 = 60 | re 60",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 1 | max(reserved replicas, used replicas) | max(1, 1) = 1 | re 1",
      "  tenants.pools[0].billedReplicas [computed] = 4 | Σ teams' billed replicas | 3 + 1 = 4 | re 4",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costRounded")).toEqual([
      "tenants.pools[0].teams[1].costRounded [computed] = 60 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(60, 2) → 60 | re 60",
      "  tenants.pools[0].teams[1].cost [computed] = 60 | billed replicas ÷ Σ billed replicas × pool cost | 1 ÷ 4 × 240 = 60 | re 60",
    ]);
  });

  it("reservations of 6 + (2 + 2) exceed the pool's 8: no idle even when kept separate; a 6 \u00f7 10 \u00d7 240 = 144, b 96", () => {
    const c = ctxOf(RESERVATION_OVERFULL);
    expect(show(c, "tenants.pools[0].idle")).toEqual([
      "tenants.pools[0].idle [computed] = 0 | 0 (idle is spread by billed replicas, or the reservations fill the pool) | 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].billedReplicas")).toEqual([
      "tenants.pools[0].billedReplicas [computed] = 10 | Σ teams' billed replicas | 6 + 4 = 10 | re 10",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 6 | max(reserved replicas, used replicas) | max(6, 1) = 6 | re 6",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 4 | max(reserved replicas, used replicas) | max(4, 1) = 4 | re 4",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].cost")).toEqual([
      "tenants.pools[0].teams[0].cost [computed] = 144 | billed replicas ÷ Σ billed replicas × pool cost | 6 ÷ 10 × 240 = 144 | re 144",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 6 | max(reserved replicas, used replicas) | max(6, 1) = 6 | re 6",
      "  tenants.pools[0].billedReplicas [computed] = 10 | Σ teams' billed replicas | 6 + 4 = 10 | re 10",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].reservedReplicas")).toEqual([
      "tenants.pools[0].teams[0].reservedReplicas [computed] = 6 | Σ reservedReplicas of the team's usage rows | 6 = 6 | re 6",
      "  tenants.usage[0].reservedReplicas [field] = 6 | raw 6",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].billedReplicas")).toEqual([
      "tenants.pools[0].teams[0].billedReplicas [computed] = 6 | max(reserved replicas, used replicas) | max(6, 1) = 6 | re 6",
      "  tenants.pools[0].teams[0].reservedReplicas [computed] = 6 | Σ reservedReplicas of the team's usage rows | 6 = 6 | re 6",
      "  tenants.pools[0].teams[0].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].cost")).toEqual([
      "tenants.pools[0].teams[1].cost [computed] = 96 | billed replicas ÷ Σ billed replicas × pool cost | 4 ÷ 10 × 240 = 96 | re 96",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 4 | max(reserved replicas, used replicas) | max(4, 1) = 4 | re 4",
      "  tenants.pools[0].billedReplicas [computed] = 10 | Σ teams' billed replicas | 6 + 4 = 10 | re 10",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].reservedReplicas")).toEqual([
      "tenants.pools[0].teams[1].reservedReplicas [computed] = 4 | Σ reservedReplicas of the team's usage rows | 2 + 2 = 4 | re 4",
      "  tenants.usage[1].reservedReplicas [field] = 2 | raw 2",
      "  tenants.usage[2].reservedReplicas [field] = 2 | raw 2",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].billedReplicas")).toEqual([
      "tenants.pools[0].teams[1].billedReplicas [computed] = 4 | max(reserved replicas, used replicas) | max(4, 1) = 4 | re 4",
      "  tenants.pools[0].teams[1].reservedReplicas [computed] = 4 | Σ reservedReplicas of the team's usage rows | 2 + 2 = 4 | re 4",
      "  tenants.pools[0].teams[1].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1",
    ]);
  });

  it("nothing used or reserved: the whole pool (240) is idle; billed max(0 none given, 0); a shared cost weighted by own costs of 0 is split evenly (9 \u00f7 1)", () => {
    const c = ctxOf(RESERVATION_EMPTY);
    expect(show(c, "tenants.pools[0].cost")).toEqual([
      "tenants.pools[0].cost [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].costRounded")).toEqual([
      "tenants.pools[0].costRounded [computed] = 240 | the pool cost rounded to the currency's minor unit | round(240, 2) → 240 | re 240",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].idle")).toEqual([
      "tenants.pools[0].idle [computed] = 240 | the whole pool cost (no usage, no reservation) | 240 | re 240",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].idleRounded")).toEqual([
      "tenants.pools[0].idleRounded [computed] = 240 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(240, 2) → 240 | re 240",
      "  tenants.pools[0].idle [computed] = 240 | the whole pool cost (no usage, no reservation) | 240 | re 240",
    ]);
    expect(show(c, "tenants.pools[0].usedTokens")).toEqual([
      "tenants.pools[0].usedTokens [computed] = 0 | Σ teams' weighted tokens | 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].capacityTokens")).toEqual([
      "tenants.pools[0].capacityTokens [field] = 8000000 | raw 8000000",
    ]);
    expect(show(c, "tenants.pools[0].replicas")).toEqual([
      "tenants.pools[0].replicas [field] = 8 | raw 8",
    ]);
    expect(show(c, "tenants.pools[0].billedReplicas")).toEqual([
      "tenants.pools[0].billedReplicas [computed] = 0 | Σ teams' billed replicas | 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 0 | max(reserved replicas, used replicas) | max(0, 0) = 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].tokens")).toEqual([
      "tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].share")).toEqual([
      "tenants.pools[0].teams[0].share [computed] = 0 | team's weighted tokens ÷ pool's weighted tokens | 0 ÷ 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0",
      "  tenants.pools[0].usedTokens [computed] = 0 | Σ teams' weighted tokens | 0 = 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].cost")).toEqual([
      "tenants.pools[0].teams[0].cost [computed] = 0 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 0 ÷ 8 × 240 = 0 | re 0",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 0 | max(reserved replicas, used replicas) | max(0, 0) = 0 | re 0",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
      "  tenants.pools[0].costPerDay [field] = 240 | raw 240",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costRounded")).toEqual([
      "tenants.pools[0].teams[0].costRounded [computed] = 0 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0, 2) → 0 | re 0",
      "  tenants.pools[0].teams[0].cost [computed] = 0 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 0 ÷ 8 × 240 = 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].inputTokens")).toEqual([
      "tenants.pools[0].teams[0].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0",
      "  tenants.usage[0].inputTokens [field] = 0 | raw 0",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].outputTokens")).toEqual([
      "tenants.pools[0].teams[0].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0",
      "  tenants.usage[0].outputTokens [field] = 0 | raw 0",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].usedReplicas")).toEqual([
      "tenants.pools[0].teams[0].usedReplicas [computed] = 0 | weighted tokens ÷ pool capacity × pool replicas | 0 ÷ 8,000,000 × 8 = 0 | re 0",
      "  tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0",
      "  tenants.pools[0].capacityTokensPerDay [field] = 8000000 | raw 8000000",
      "  tenants.pools[0].replicas [field] = 8 | raw 8",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].billedReplicas")).toEqual([
      "tenants.pools[0].teams[0].billedReplicas [computed] = 0 | max(reserved replicas, used replicas) | max(0, 0) = 0 | re 0",
      "  reservedReplicas (none given) [constant] = 0",
      "  tenants.pools[0].teams[0].usedReplicas [computed] = 0 | weighted tokens ÷ pool capacity × pool replicas | 0 ÷ 8,000,000 × 8 = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].cost")).toEqual([
      "tenants.teams[0].cost [computed] = 0 | Σ the team's cost over pools | 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].cost [computed] = 0 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 0 ÷ 8 × 240 = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].costRounded")).toEqual([
      "tenants.teams[0].costRounded [computed] = 0 | Σ the team's costRounded over pools | 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].costRounded [computed] = 0 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0, 2) → 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].sharedCost")).toEqual([
      "tenants.teams[0].sharedCost [computed] = 9 | Σ the team's part of each shared cost | 9 = 9 | re 9",
      "  tenants.shared[0].teams[0].cost [computed] = 9 | shared cost ÷ number of teams (split even) | 9 ÷ 1 = 9 | re 9",
    ]);
    expect(show(c, "tenants.teams[0].sharedCostRounded")).toEqual([
      "tenants.teams[0].sharedCostRounded [computed] = 9 | Σ the team's rounded part of each shared cost | 9 = 9 | re 9",
      "  tenants.shared[0].teams[0].costRounded [computed] = 9 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(9, 2) → 9 | re 9",
    ]);
    expect(show(c, "tenants.teams[0].total")).toEqual([
      "tenants.teams[0].total [computed] = 9 | own (pool) cost + shared cost | 0 + 9 = 9 | re 9",
      "  tenants.teams[0].cost [computed] = 0 | Σ the team's cost over pools | 0 = 0 | re 0",
      "  tenants.teams[0].sharedCost [computed] = 9 | Σ the team's part of each shared cost | 9 = 9 | re 9",
    ]);
    expect(show(c, "tenants.teams[0].totalRounded")).toEqual([
      "tenants.teams[0].totalRounded [computed] = 9 | own (pool) cost + shared cost | 0 + 9 = 9 | re 9",
      "  tenants.teams[0].costRounded [computed] = 0 | Σ the team's costRounded over pools | 0 = 0 | re 0",
      "  tenants.teams[0].sharedCostRounded [computed] = 9 | Σ the team's rounded part of each shared cost | 9 = 9 | re 9",
    ]);
    expect(show(c, "tenants.teams[0].tokens")).toEqual([
      "tenants.teams[0].tokens [computed] = 0 | Σ the team's tokens over pools | 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].inputTokens")).toEqual([
      "tenants.teams[0].inputTokens [computed] = 0 | Σ the team's inputTokens over pools | 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[0].outputTokens")).toEqual([
      "tenants.teams[0].outputTokens [computed] = 0 | Σ the team's outputTokens over pools | 0 = 0 | re 0",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[0].cost")).toEqual([
      "tenants.shared[0].cost [field] = 9 | raw 9",
    ]);
    expect(show(c, "tenants.shared[0].costRounded")).toEqual([
      "tenants.shared[0].costRounded [computed] = 9 | the shared cost rounded to the currency's minor unit | round(9, 2) → 9 | re 9",
      "  tenants.shared[0].costPerDay [field] = 9 | raw 9",
    ]);
    expect(show(c, "tenants.shared[0].unallocated")).toEqual([
      "tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[0].unallocatedRounded")).toEqual([
      "tenants.shared[0].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 2) → 0 | re 0",
      "  tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[0].teams[0].cost")).toEqual([
      "tenants.shared[0].teams[0].cost [computed] = 9 | shared cost ÷ number of teams (split even) | 9 ÷ 1 = 9 | re 9",
      "  tenants.shared[0].costPerDay [field] = 9 | raw 9",
      "  teams [constant] = 1",
    ]);
    expect(show(c, "tenants.shared[0].teams[0].costRounded")).toEqual([
      "tenants.shared[0].teams[0].costRounded [computed] = 9 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(9, 2) → 9 | re 9",
      "  tenants.shared[0].teams[0].cost [computed] = 9 | shared cost ÷ number of teams (split even) | 9 ÷ 1 = 9 | re 9",
    ]);
  });
});

describe("allocation without pools: the recommended SKU's cost, method output (NO_POOLS_OUTPUT)", () => {
  it("the pool is SKU B's: cost 5 replicas \u00d7 2/h \u00d7 24 = 240, replicas 5, capacity 1,500 \u00d7 (5 \u00f7 5) \u00d7 86,400 with input weight 0", () => {
    const c = ctxOf(NO_POOLS_OUTPUT);
    expect(show(c, "tenants.pools[0].cost")).toEqual([
      'tenants.pools[0].cost [computed] = 240 | costPerDay of the recommended SKU "B" (no pools given) | 240 = 240 | re 240',
      "  skus[1].costPerDay [computed] = 240 | costPerHour × 24 | 10 × 24 = 240 | re 240",
    ]);
    expect(show(c, "tenants.pools[0].replicas")).toEqual([
      'tenants.pools[0].replicas [computed] = 5 | replicas of SKU "B" | 5 = 5 | re 5',
      "  skus[1].replicas [computed] = 5 | ceil(replicasRaw) | ceil(5) = 5 | re 5",
    ]);
    expect(show(c, "tenants.pools[0].capacityTokens")).toEqual([
      "tenants.pools[0].capacityTokens [computed] = 129600000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 1,500 × (5 ÷ 5) × 86,400 = 129,600,000 | re 129600000",
      "  peak weighted tokens/s [computed] = 1500 | Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) | 4 × (0 × 1,000 + 1 × 250) + 1 × (0 × 3,000 + 1 × 500) = 1,500 | re 1500",
      "  skus[1].replicas [computed] = 5 | ceil(replicasRaw) | ceil(5) = 5 | re 5",
      "  skus[1].replicasBase [computed] = 5 | Σ workloads' replicasBase | Σ (3.3333 + 1.6667) = 5 | re 5",
    ]);
    expect(show(c, "tenants.pools[0].usedTokens")).toEqual([
      "tenants.pools[0].usedTokens [computed] = 4000000 | Σ teams' weighted tokens | 1,000,000 + 3,000,000 = 4,000,000 | re 4000000",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].teams[1].tokens [computed] = 3000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 1,000,000 + 1 × 3,000,000 = 3,000,000 | re 3000000",
    ]);
    expect(show(c, "tenants.pools[0].idle")).toEqual([
      "tenants.pools[0].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].costPerMillionInputTokens [computed] = 0 | inputWeight × cost per 1M weighted tokens | 0 × 60 = 0 | re 0",
      "  inputWeight (method output) [constant] = 0",
      "  tenants.pools[0].costPerMillionTokens [computed] = 60 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 4,000,000 × 1,000,000 = 60 | re 60",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].costPerMillionOutputTokens [computed] = 60 | outputWeight × cost per 1M weighted tokens | 1 × 60 = 60 | re 60",
      "  outputWeight (method output) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 60 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 4,000,000 × 1,000,000 = 60 | re 60",
    ]);
  });

  it("idle proportional: each team pays its share \u00d7 pool cost (0.25 \u00d7 240 = 60, 0.75 \u00d7 240 = 180); weights are the method's constants 0 and 1", () => {
    const c = ctxOf(NO_POOLS_OUTPUT);
    expect(show(c, "tenants.pools[0].teams[0].tokens")).toEqual([
      "tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000",
      "  inputWeight (method output) [constant] = 0",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 5000000 | inputTokens of the team's usage row | 5,000,000 = 5,000,000 | re 5000000",
      "  outputWeight (method output) [constant] = 1",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].share")).toEqual([
      "tenants.pools[0].teams[0].share [computed] = 0.25 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 4,000,000 = 0.25 | re 0.25",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].usedTokens [computed] = 4000000 | Σ teams' weighted tokens | 1,000,000 + 3,000,000 = 4,000,000 | re 4000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].cost")).toEqual([
      "tenants.pools[0].teams[0].cost [computed] = 60 | share × pool cost | 0.25 × 240 = 60 | re 60",
      "  tenants.pools[0].teams[0].share [computed] = 0.25 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 4,000,000 = 0.25 | re 0.25",
      '  tenants.pools[0].cost [computed] = 240 | costPerDay of the recommended SKU "B" (no pools given) | 240 = 240 | re 240',
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costRounded")).toEqual([
      "tenants.pools[0].teams[0].costRounded [computed] = 60 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(60, 2) → 60 | re 60",
      "  tenants.pools[0].teams[0].cost [computed] = 60 | share × pool cost | 0.25 × 240 = 60 | re 60",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionTokens [computed] = 60 | cost ÷ weighted tokens × 1,000,000 | 60 ÷ 1,000,000 × 1,000,000 = 60 | re 60",
      "  tenants.pools[0].teams[0].cost [computed] = 60 | share × pool cost | 0.25 × 240 = 60 | re 60",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 0 | inputWeight × cost per 1M weighted tokens | 0 × 60 = 0 | re 0",
      "  inputWeight (method output) [constant] = 0",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 60 | cost ÷ weighted tokens × 1,000,000 | 60 ÷ 1,000,000 × 1,000,000 = 60 | re 60",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 60 | outputWeight × cost per 1M weighted tokens | 1 × 60 = 60 | re 60",
      "  outputWeight (method output) [constant] = 1",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 60 | cost ÷ weighted tokens × 1,000,000 | 60 ÷ 1,000,000 × 1,000,000 = 60 | re 60",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].inputTokens")).toEqual([
      "tenants.pools[0].teams[0].inputTokens [computed] = 5000000 | inputTokens of the team's usage row | 5,000,000 = 5,000,000 | re 5000000",
      "  tenants.usage[0].inputTokens [field] = 5000000 | raw 5000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].outputTokens")).toEqual([
      "tenants.pools[0].teams[0].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.usage[0].outputTokens [field] = 1000000 | raw 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].usedReplicas")).toEqual([
      "tenants.pools[0].teams[0].usedReplicas [computed] = 0.038580246913580245 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 129,600,000 × 5 = 0.0386 | re 0.038580246913580245",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].capacityTokens [computed] = 129600000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 1,500 × (5 ÷ 5) × 86,400 = 129,600,000 | re 129600000",
      '  tenants.pools[0].replicas [computed] = 5 | replicas of SKU "B" | 5 = 5 | re 5',
    ]);
    expect(show(c, "tenants.pools[0].teams[1].cost")).toEqual([
      "tenants.pools[0].teams[1].cost [computed] = 180 | share × pool cost | 0.75 × 240 = 180 | re 180",
      "  tenants.pools[0].teams[1].share [computed] = 0.75 | team's weighted tokens ÷ pool's weighted tokens | 3,000,000 ÷ 4,000,000 = 0.75 | re 0.75",
      '  tenants.pools[0].cost [computed] = 240 | costPerDay of the recommended SKU "B" (no pools given) | 240 = 240 | re 240',
    ]);
    expect(show(c, "tenants.pools[0].teams[1].tokens")).toEqual([
      "tenants.pools[0].teams[1].tokens [computed] = 3000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 1,000,000 + 1 × 3,000,000 = 3,000,000 | re 3000000",
      "  inputWeight (method output) [constant] = 0",
      "  tenants.pools[0].teams[1].inputTokens [computed] = 1000000 | inputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
      "  outputWeight (method output) [constant] = 1",
      "  tenants.pools[0].teams[1].outputTokens [computed] = 3000000 | outputTokens of the team's usage row | 3,000,000 = 3,000,000 | re 3000000",
    ]);
    expect(show(c, "tenants.teams[1].costPerMillionInputTokens")).toEqual([
      "tenants.teams[1].costPerMillionInputTokens [computed] = 0 | inputWeight × cost per 1M weighted tokens | 0 × 60 = 0 | re 0",
      "  inputWeight (method output) [constant] = 0",
      "  tenants.teams[1].costPerMillionTokens [computed] = 60 | own cost ÷ weighted tokens × 1,000,000 | 180 ÷ 3,000,000 × 1,000,000 = 60 | re 60",
    ]);
    expect(show(c, "tenants.teams[1].costPerMillionOutputTokens")).toEqual([
      "tenants.teams[1].costPerMillionOutputTokens [computed] = 60 | outputWeight × cost per 1M weighted tokens | 1 × 60 = 60 | re 60",
      "  outputWeight (method output) [constant] = 1",
      "  tenants.teams[1].costPerMillionTokens [computed] = 60 | own cost ÷ weighted tokens × 1,000,000 | 180 ÷ 3,000,000 × 1,000,000 = 60 | re 60",
    ]);
    expect(show(c, "tenants.teams[1].total")).toEqual([
      "tenants.teams[1].total [computed] = 180 | own (pool) cost + shared cost | 180 + 0 = 180 | re 180",
      "  tenants.teams[1].cost [computed] = 180 | Σ the team's cost over pools | 180 = 180 | re 180",
      "  tenants.teams[1].sharedCost [computed] = 0 | Σ the team's part of each shared cost |  = 0 | re 0",
    ]);
    expect(show(c, "tenants.teams[1].sharedCost")).toEqual([
      "tenants.teams[1].sharedCost [computed] = 0 | Σ the team's part of each shared cost |  = 0 | re 0",
    ]);
  });
});

describe("allocation over three pools in yen (POOLS_JPY)", () => {
  it("pool x has its own cost, replicas and capacity and is over-used: idle spread, each team 0.5 \u00d7 1,000", () => {
    const c = ctxOf(POOLS_JPY);
    expect(show(c, "tenants.pools[0].cost")).toEqual([
      "tenants.pools[0].cost [field] = 1000 | raw 1000",
    ]);
    expect(show(c, "tenants.pools[0].costRounded")).toEqual([
      "tenants.pools[0].costRounded [computed] = 1000 | the pool cost rounded to the currency's minor unit | round(1,000, 0) → 1,000 | re 1000",
      "  tenants.pools[0].costPerDay [field] = 1000 | raw 1000",
    ]);
    expect(show(c, "tenants.pools[0].idle")).toEqual([
      "tenants.pools[0].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].idleRounded")).toEqual([
      "tenants.pools[0].idleRounded [computed] = 0 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(0, 0) → 0 | re 0",
      "  tenants.pools[0].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].usedTokens")).toEqual([
      "tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].capacityTokens")).toEqual([
      "tenants.pools[0].capacityTokens [field] = 1000000 | raw 1000000",
    ]);
    expect(show(c, "tenants.pools[0].replicas")).toEqual([
      "tenants.pools[0].replicas [field] = 4 | raw 4",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionTokens")).toEqual([
      "tenants.pools[0].costPerMillionTokens [computed] = 500 | pool cost ÷ used weighted tokens × 1,000,000 | 1,000 ÷ 2,000,000 × 1,000,000 = 500 | re 500",
      "  tenants.pools[0].costPerDay [field] = 1000 | raw 1000",
      "  tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].costPerMillionInputTokens [computed] = 500 | inputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 500 | pool cost ÷ used weighted tokens × 1,000,000 | 1,000 ÷ 2,000,000 × 1,000,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].costPerMillionOutputTokens [computed] = 500 | outputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].costPerMillionTokens [computed] = 500 | pool cost ÷ used weighted tokens × 1,000,000 | 1,000 ÷ 2,000,000 × 1,000,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].tokens")).toEqual([
      "tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 900000 | inputTokens of the team's usage row | 900,000 = 900,000 | re 900000",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 100000 | outputTokens of the team's usage row | 100,000 = 100,000 | re 100000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].share")).toEqual([
      "tenants.pools[0].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].cost")).toEqual([
      "tenants.pools[0].teams[0].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500",
      "  tenants.pools[0].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5",
      "  tenants.pools[0].costPerDay [field] = 1000 | raw 1000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costRounded")).toEqual([
      "tenants.pools[0].teams[0].costRounded [computed] = 500 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(500, 0) → 500 | re 500",
      "  tenants.pools[0].teams[0].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500",
      "  tenants.pools[0].teams[0].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 500 | inputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 500 | outputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[0].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].inputTokens")).toEqual([
      "tenants.pools[0].teams[0].inputTokens [computed] = 900000 | inputTokens of the team's usage row | 900,000 = 900,000 | re 900000",
      "  tenants.usage[0].inputTokens [field] = 900000 | raw 900000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].outputTokens")).toEqual([
      "tenants.pools[0].teams[0].outputTokens [computed] = 100000 | outputTokens of the team's usage row | 100,000 = 100,000 | re 100000",
      "  tenants.usage[0].outputTokens [field] = 100000 | raw 100000",
    ]);
    expect(show(c, "tenants.pools[0].teams[0].usedReplicas")).toEqual([
      "tenants.pools[0].teams[0].usedReplicas [computed] = 4 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 1,000,000 × 4 = 4 | re 4",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].capacityTokensPerDay [field] = 1000000 | raw 1000000",
      "  tenants.pools[0].replicas [field] = 4 | raw 4",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].tokens")).toEqual([
      "tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].inputTokens [computed] = 500000 | inputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].outputTokens [computed] = 500000 | outputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].share")).toEqual([
      "tenants.pools[0].teams[1].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].cost")).toEqual([
      "tenants.pools[0].teams[1].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500",
      "  tenants.pools[0].teams[1].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5",
      "  tenants.pools[0].costPerDay [field] = 1000 | raw 1000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costRounded")).toEqual([
      "tenants.pools[0].teams[1].costRounded [computed] = 500 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(500, 0) → 500 | re 500",
      "  tenants.pools[0].teams[1].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500",
      "  tenants.pools[0].teams[1].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionInputTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionInputTokens [computed] = 500 | inputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[0].teams[1].costPerMillionOutputTokens [computed] = 500 | outputWeight × cost per 1M weighted tokens | 1 × 500 = 500 | re 500",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[0].teams[1].costPerMillionTokens [computed] = 500 | cost ÷ weighted tokens × 1,000,000 | 500 ÷ 1,000,000 × 1,000,000 = 500 | re 500",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].inputTokens")).toEqual([
      "tenants.pools[0].teams[1].inputTokens [computed] = 500000 | inputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
      "  tenants.usage[1].inputTokens [field] = 500000 | raw 500000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].outputTokens")).toEqual([
      "tenants.pools[0].teams[1].outputTokens [computed] = 500000 | outputTokens of the team's usage row | 500,000 = 500,000 | re 500000",
      "  tenants.usage[1].outputTokens [field] = 500000 | raw 500000",
    ]);
    expect(show(c, "tenants.pools[0].teams[1].usedReplicas")).toEqual([
      "tenants.pools[0].teams[1].usedReplicas [computed] = 4 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 1,000,000 × 4 = 4 | re 4",
      "  tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000",
      "  tenants.pools[0].capacityTokensPerDay [field] = 1000000 | raw 1000000",
      "  tenants.pools[0].replicas [field] = 4 | raw 4",
    ]);
  });

  it("pool y is priced from SKU G (4,800 a day, capacity 800 \u00d7 (2 \u00f7 2) \u00d7 86,400): team a 1.2e6 \u00d7 4,800 \u00f7 69.12e6 = 83.3333 \u2192 83, idle 4,716.6667 \u2192 4,717", () => {
    const c = ctxOf(POOLS_JPY);
    expect(show(c, "tenants.pools[1].cost")).toEqual([
      'tenants.pools[1].cost [computed] = 4800 | costPerDay of SKU "G" (tenants.pools[1].sku) | 4,800 = 4,800 | re 4800',
      "  skus[0].costPerDay [computed] = 4800 | costPerHour × 24 | 200 × 24 = 4,800 | re 4800",
    ]);
    expect(show(c, "tenants.pools[1].costRounded")).toEqual([
      "tenants.pools[1].costRounded [computed] = 4800 | the pool cost rounded to the currency's minor unit | round(4,800, 0) → 4,800 | re 4800",
      '  tenants.pools[1].cost [computed] = 4800 | costPerDay of SKU "G" (tenants.pools[1].sku) | 4,800 = 4,800 | re 4800',
    ]);
    expect(show(c, "tenants.pools[1].idle")).toEqual([
      "tenants.pools[1].idle [computed] = 4716.666666666667 | pool cost − Σ teams' cost | 4,800 − (83.3333) = 4,716.6667 | re 4716.666666666667",
      '  tenants.pools[1].cost [computed] = 4800 | costPerDay of SKU "G" (tenants.pools[1].sku) | 4,800 = 4,800 | re 4800',
      "  tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333",
    ]);
    expect(show(c, "tenants.pools[1].idleRounded")).toEqual([
      "tenants.pools[1].idleRounded [computed] = 4717 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(4,716.6667, 0) → 4,717 | re 4717",
      "  tenants.pools[1].idle [computed] = 4716.666666666667 | pool cost − Σ teams' cost | 4,800 − (83.3333) = 4,716.6667 | re 4716.666666666667",
    ]);
    expect(show(c, "tenants.pools[1].usedTokens")).toEqual([
      "tenants.pools[1].usedTokens [computed] = 1200000 | Σ teams' weighted tokens | 1,200,000 = 1,200,000 | re 1200000",
      "  tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000",
    ]);
    expect(show(c, "tenants.pools[1].capacityTokens")).toEqual([
      "tenants.pools[1].capacityTokens [computed] = 69120000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 800 × (2 ÷ 2) × 86,400 = 69,120,000 | re 69120000",
      "  peak weighted tokens/s [computed] = 800 | Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) | 2 × (1 × 300 + 1 × 100) = 800 | re 800",
      "  skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2",
      "  skus[0].replicasBase [computed] = 2 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 2 × 100 ÷ 100 = 2 | re 2",
    ]);
    expect(show(c, "tenants.pools[1].replicas")).toEqual([
      'tenants.pools[1].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2',
      "  skus[0].replicas [computed] = 2 | ceil(replicasRaw) | ceil(2) = 2 | re 2",
    ]);
    expect(show(c, "tenants.pools[1].costPerMillionTokens")).toEqual([
      "tenants.pools[1].costPerMillionTokens [computed] = 4000 | pool cost ÷ used weighted tokens × 1,000,000 | 4,800 ÷ 1,200,000 × 1,000,000 = 4,000 | re 4000",
      '  tenants.pools[1].cost [computed] = 4800 | costPerDay of SKU "G" (tenants.pools[1].sku) | 4,800 = 4,800 | re 4800',
      "  tenants.pools[1].usedTokens [computed] = 1200000 | Σ teams' weighted tokens | 1,200,000 = 1,200,000 | re 1200000",
    ]);
    expect(show(c, "tenants.pools[1].costPerMillionInputTokens")).toEqual([
      "tenants.pools[1].costPerMillionInputTokens [computed] = 4000 | inputWeight × cost per 1M weighted tokens | 1 × 4,000 = 4,000 | re 4000",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[1].costPerMillionTokens [computed] = 4000 | pool cost ÷ used weighted tokens × 1,000,000 | 4,800 ÷ 1,200,000 × 1,000,000 = 4,000 | re 4000",
    ]);
    expect(show(c, "tenants.pools[1].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[1].costPerMillionOutputTokens [computed] = 4000 | outputWeight × cost per 1M weighted tokens | 1 × 4,000 = 4,000 | re 4000",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[1].costPerMillionTokens [computed] = 4000 | pool cost ÷ used weighted tokens × 1,000,000 | 4,800 ÷ 1,200,000 × 1,000,000 = 4,000 | re 4000",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].tokens")).toEqual([
      "tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[1].teams[0].inputTokens [computed] = 1000000 | inputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[1].teams[0].outputTokens [computed] = 200000 | outputTokens of the team's usage row | 200,000 = 200,000 | re 200000",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].share")).toEqual([
      "tenants.pools[1].teams[0].share [computed] = 1 | team's weighted tokens ÷ pool's weighted tokens | 1,200,000 ÷ 1,200,000 = 1 | re 1",
      "  tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000",
      "  tenants.pools[1].usedTokens [computed] = 1200000 | Σ teams' weighted tokens | 1,200,000 = 1,200,000 | re 1200000",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].cost")).toEqual([
      "tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333",
      "  tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000",
      '  tenants.pools[1].cost [computed] = 4800 | costPerDay of SKU "G" (tenants.pools[1].sku) | 4,800 = 4,800 | re 4800',
      "  tenants.pools[1].capacityTokens [computed] = 69120000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 800 × (2 ÷ 2) × 86,400 = 69,120,000 | re 69120000",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].costRounded")).toEqual([
      "tenants.pools[1].teams[0].costRounded [computed] = 83 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(83.3333, 0) → 83 | re 83",
      "  tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].costPerMillionTokens")).toEqual([
      "tenants.pools[1].teams[0].costPerMillionTokens [computed] = 69.44444444444444 | cost ÷ weighted tokens × 1,000,000 | 83.3333 ÷ 1,200,000 × 1,000,000 = 69.4444 | re 69.44444444444444",
      "  tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333",
      "  tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.pools[1].teams[0].costPerMillionInputTokens [computed] = 69.44444444444444 | inputWeight × cost per 1M weighted tokens | 1 × 69.4444 = 69.4444 | re 69.44444444444444",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.pools[1].teams[0].costPerMillionTokens [computed] = 69.44444444444444 | cost ÷ weighted tokens × 1,000,000 | 83.3333 ÷ 1,200,000 × 1,000,000 = 69.4444 | re 69.44444444444444",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.pools[1].teams[0].costPerMillionOutputTokens [computed] = 69.44444444444444 | outputWeight × cost per 1M weighted tokens | 1 × 69.4444 = 69.4444 | re 69.44444444444444",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.pools[1].teams[0].costPerMillionTokens [computed] = 69.44444444444444 | cost ÷ weighted tokens × 1,000,000 | 83.3333 ÷ 1,200,000 × 1,000,000 = 69.4444 | re 69.44444444444444",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].inputTokens")).toEqual([
      "tenants.pools[1].teams[0].inputTokens [computed] = 1000000 | inputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
      "  tenants.usage[2].inputTokens [field] = 1000000 | raw 1000000",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].outputTokens")).toEqual([
      "tenants.pools[1].teams[0].outputTokens [computed] = 200000 | outputTokens of the team's usage row | 200,000 = 200,000 | re 200000",
      "  tenants.usage[2].outputTokens [field] = 200000 | raw 200000",
    ]);
    expect(show(c, "tenants.pools[1].teams[0].usedReplicas")).toEqual([
      "tenants.pools[1].teams[0].usedReplicas [computed] = 0.034722222222222224 | weighted tokens ÷ pool capacity × pool replicas | 1,200,000 ÷ 69,120,000 × 2 = 0.0347 | re 0.034722222222222224",
      "  tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000",
      "  tenants.pools[1].capacityTokens [computed] = 69120000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 800 × (2 ÷ 2) × 86,400 = 69,120,000 | re 69120000",
      '  tenants.pools[1].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2',
    ]);
  });

  it("pool z has no usage: the whole pool cost (7) is idle", () => {
    const c = ctxOf(POOLS_JPY);
    expect(show(c, "tenants.pools[2].cost")).toEqual(["tenants.pools[2].cost [field] = 7 | raw 7"]);
    expect(show(c, "tenants.pools[2].idle")).toEqual([
      "tenants.pools[2].idle [computed] = 7 | the whole pool cost (no usage) | 7 | re 7",
      "  tenants.pools[2].costPerDay [field] = 7 | raw 7",
    ]);
    expect(show(c, "tenants.pools[2].idleRounded")).toEqual([
      "tenants.pools[2].idleRounded [computed] = 7 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(7, 0) → 7 | re 7",
      "  tenants.pools[2].idle [computed] = 7 | the whole pool cost (no usage) | 7 | re 7",
    ]);
    expect(show(c, "tenants.pools[2].usedTokens")).toEqual([
      "tenants.pools[2].usedTokens [computed] = 0 | Σ teams' weighted tokens |  = 0 | re 0",
    ]);
  });

  it("team a's totals add its parts in pools x and y (500 + 83.3333); rounded in yen (583); shared 100 \u00d7 583.3333 \u00f7 1,083.3333 \u2192 54", () => {
    const c = ctxOf(POOLS_JPY);
    expect(show(c, "tenants.teams[0].cost")).toEqual([
      "tenants.teams[0].cost [computed] = 583.3333333333334 | Σ the team's cost over pools | 500 + 83.3333 = 583.3333 | re 583.3333333333334",
      "  tenants.pools[0].teams[0].cost [computed] = 500 | share × pool cost | 0.5 × 1,000 = 500 | re 500",
      "  tenants.pools[1].teams[0].cost [computed] = 83.33333333333333 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 1,200,000 × 4,800 ÷ 69,120,000 = 83.3333 | re 83.33333333333333",
    ]);
    expect(show(c, "tenants.teams[0].costRounded")).toEqual([
      "tenants.teams[0].costRounded [computed] = 583 | Σ the team's costRounded over pools | 500 + 83 = 583 | re 583",
      "  tenants.pools[0].teams[0].costRounded [computed] = 500 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(500, 0) → 500 | re 500",
      "  tenants.pools[1].teams[0].costRounded [computed] = 83 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(83.3333, 0) → 83 | re 83",
    ]);
    expect(show(c, "tenants.teams[0].sharedCost")).toEqual([
      "tenants.teams[0].sharedCost [computed] = 53.84615384615385 | Σ the team's part of each shared cost | 53.8462 = 53.8462 | re 53.84615384615385",
      "  tenants.shared[0].teams[0].cost [computed] = 53.84615384615385 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 583.3333 ÷ 1,083.3333 = 53.8462 | re 53.84615384615385",
    ]);
    expect(show(c, "tenants.teams[0].sharedCostRounded")).toEqual([
      "tenants.teams[0].sharedCostRounded [computed] = 54 | Σ the team's rounded part of each shared cost | 54 = 54 | re 54",
      "  tenants.shared[0].teams[0].costRounded [computed] = 54 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(53.8462, 0) → 54 | re 54",
    ]);
    expect(show(c, "tenants.teams[0].total")).toEqual([
      "tenants.teams[0].total [computed] = 637.1794871794872 | own (pool) cost + shared cost | 583.3333 + 53.8462 = 637.1795 | re 637.1794871794872",
      "  tenants.teams[0].cost [computed] = 583.3333333333334 | Σ the team's cost over pools | 500 + 83.3333 = 583.3333 | re 583.3333333333334",
      "  tenants.teams[0].sharedCost [computed] = 53.84615384615385 | Σ the team's part of each shared cost | 53.8462 = 53.8462 | re 53.84615384615385",
    ]);
    expect(show(c, "tenants.teams[0].totalRounded")).toEqual([
      "tenants.teams[0].totalRounded [computed] = 637 | own (pool) cost + shared cost | 583 + 54 = 637 | re 637",
      "  tenants.teams[0].costRounded [computed] = 583 | Σ the team's costRounded over pools | 500 + 83 = 583 | re 583",
      "  tenants.teams[0].sharedCostRounded [computed] = 54 | Σ the team's rounded part of each shared cost | 54 = 54 | re 54",
    ]);
    expect(show(c, "tenants.teams[0].tokens")).toEqual([
      "tenants.teams[0].tokens [computed] = 2200000 | Σ the team's tokens over pools | 1,000,000 + 1,200,000 = 2,200,000 | re 2200000",
      "  tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 900,000 + 1 × 100,000 = 1,000,000 | re 1000000",
      "  tenants.pools[1].teams[0].tokens [computed] = 1200000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1,000,000 + 1 × 200,000 = 1,200,000 | re 1200000",
    ]);
    expect(show(c, "tenants.teams[0].inputTokens")).toEqual([
      "tenants.teams[0].inputTokens [computed] = 1900000 | Σ the team's inputTokens over pools | 900,000 + 1,000,000 = 1,900,000 | re 1900000",
      "  tenants.pools[0].teams[0].inputTokens [computed] = 900000 | inputTokens of the team's usage row | 900,000 = 900,000 | re 900000",
      "  tenants.pools[1].teams[0].inputTokens [computed] = 1000000 | inputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000",
    ]);
    expect(show(c, "tenants.teams[0].outputTokens")).toEqual([
      "tenants.teams[0].outputTokens [computed] = 300000 | Σ the team's outputTokens over pools | 100,000 + 200,000 = 300,000 | re 300000",
      "  tenants.pools[0].teams[0].outputTokens [computed] = 100000 | outputTokens of the team's usage row | 100,000 = 100,000 | re 100000",
      "  tenants.pools[1].teams[0].outputTokens [computed] = 200000 | outputTokens of the team's usage row | 200,000 = 200,000 | re 200000",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionTokens")).toEqual([
      "tenants.teams[0].costPerMillionTokens [computed] = 265.1515151515152 | own cost ÷ weighted tokens × 1,000,000 | 583.3333 ÷ 2,200,000 × 1,000,000 = 265.1515 | re 265.1515151515152",
      "  tenants.teams[0].cost [computed] = 583.3333333333334 | Σ the team's cost over pools | 500 + 83.3333 = 583.3333 | re 583.3333333333334",
      "  tenants.teams[0].tokens [computed] = 2200000 | Σ the team's tokens over pools | 1,000,000 + 1,200,000 = 2,200,000 | re 2200000",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionInputTokens")).toEqual([
      "tenants.teams[0].costPerMillionInputTokens [computed] = 265.1515151515152 | inputWeight × cost per 1M weighted tokens | 1 × 265.1515 = 265.1515 | re 265.1515151515152",
      "  inputWeight (method tokens) [constant] = 1",
      "  tenants.teams[0].costPerMillionTokens [computed] = 265.1515151515152 | own cost ÷ weighted tokens × 1,000,000 | 583.3333 ÷ 2,200,000 × 1,000,000 = 265.1515 | re 265.1515151515152",
    ]);
    expect(show(c, "tenants.teams[0].costPerMillionOutputTokens")).toEqual([
      "tenants.teams[0].costPerMillionOutputTokens [computed] = 265.1515151515152 | outputWeight × cost per 1M weighted tokens | 1 × 265.1515 = 265.1515 | re 265.1515151515152",
      "  outputWeight (method tokens) [constant] = 1",
      "  tenants.teams[0].costPerMillionTokens [computed] = 265.1515151515152 | own cost ÷ weighted tokens × 1,000,000 | 583.3333 ÷ 2,200,000 × 1,000,000 = 265.1515 | re 265.1515151515152",
    ]);
    expect(show(c, "tenants.shared[0].cost")).toEqual([
      "tenants.shared[0].cost [field] = 100 | raw 100",
    ]);
    expect(show(c, "tenants.shared[0].costRounded")).toEqual([
      "tenants.shared[0].costRounded [computed] = 100 | the shared cost rounded to the currency's minor unit | round(100, 0) → 100 | re 100",
      "  tenants.shared[0].costPerDay [field] = 100 | raw 100",
    ]);
    expect(show(c, "tenants.shared[0].unallocated")).toEqual([
      "tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[0].unallocatedRounded")).toEqual([
      "tenants.shared[0].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 0) → 0 | re 0",
      "  tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
    ]);
    expect(show(c, "tenants.shared[0].teams[0].cost")).toEqual([
      "tenants.shared[0].teams[0].cost [computed] = 53.84615384615385 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 583.3333 ÷ 1,083.3333 = 53.8462 | re 53.84615384615385",
      "  tenants.shared[0].costPerDay [field] = 100 | raw 100",
      "  tenants.teams[0].cost [computed] = 583.3333333333334 | Σ the team's cost over pools | 500 + 83.3333 = 583.3333 | re 583.3333333333334",
      "  Σ teams' own cost [computed] = 1083.3333333333335 | Σ teams' pool costs | 1,083.3333 | re 1083.3333333333335",
    ]);
    expect(show(c, "tenants.shared[0].teams[0].costRounded")).toEqual([
      "tenants.shared[0].teams[0].costRounded [computed] = 54 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(53.8462, 0) → 54 | re 54",
      "  tenants.shared[0].teams[0].cost [computed] = 53.84615384615385 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 583.3333 ÷ 1,083.3333 = 53.8462 | re 53.84615384615385",
    ]);
    expect(show(c, "tenants.shared[0].teams[1].cost")).toEqual([
      "tenants.shared[0].teams[1].cost [computed] = 46.153846153846146 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 500 ÷ 1,083.3333 = 46.1538 | re 46.153846153846146",
      "  tenants.shared[0].costPerDay [field] = 100 | raw 100",
      "  tenants.teams[1].cost [computed] = 500 | Σ the team's cost over pools | 500 = 500 | re 500",
      "  Σ teams' own cost [computed] = 1083.3333333333335 | Σ teams' pool costs | 1,083.3333 | re 1083.3333333333335",
    ]);
    expect(show(c, "tenants.shared[0].teams[1].costRounded")).toEqual([
      "tenants.shared[0].teams[1].costRounded [computed] = 46 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(46.1538, 0) → 46 | re 46",
      "  tenants.shared[0].teams[1].cost [computed] = 46.153846153846146 | shared cost × team's own cost ÷ Σ teams' own cost (split weighted) | 100 × 500 ÷ 1,083.3333 = 46.1538 | re 46.153846153846146",
    ]);
  });
});
