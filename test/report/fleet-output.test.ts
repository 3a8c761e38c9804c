/**
 * The answer of `capplan optimize` (docs/optimize.md) as text and JSON. The mix is the one of
 * test/cli/commands/optimize.test.ts: chat on 9 L4 at $0.80, docs on 3 H100 at $3.50 = $17.70/h
 * against all on L4 at $23.20/h, a saving of 5.50 ÷ 23.20 = 23.7 %.
 */
import { describe, expect, it } from "vitest";
import type { FleetResult } from "../../src/engine/plan/optimize";
import { optimizeMessages as O } from "../../src/engine/plan/optimize-messages";
import { fleetJson, fleetText } from "../../src/report/fleet-output";

const mix: FleetResult = {
  ...{ feasible: true, costPerHour: 17.7, optimal: true, split: false, reasons: [] },
  skus: [
    { name: "L4", replicas: 9, gpus: 9, costPerHour: 7.2 },
    { name: "H100", replicas: 3, gpus: 3, costPerHour: 10.5 },
  ],
  assignment: [
    { workload: "chat", sku: "L4", share: 1 },
    { workload: "docs", sku: "H100", share: 1 },
  ],
  bestSingle: { name: "L4", costPerHour: 23.2 },
  savingsPct: (5.5 / 23.2) * 100,
  solver: "HiGHS 1.15.1",
  problems: [O.problem("uncheckedUsed", { sku: "L4" })],
};
const none: FleetResult = {
  ...mix,
  ...{ feasible: false, split: true, costPerHour: null, skus: [], assignment: [] },
  ...{ bestSingle: null, savingsPct: null, problems: [] },
};

describe("fleetText", () => {
  it.each([
    [
      "en",
      mix,
      "Cheapest mix: $17.70/h (each workload on one SKU; HiGHS 1.15.1; optimal)\n  SKU   replicas  GPUs  cost per hour\n  L4           9     9          $7.20\n  H100         3     3         $10.50\n\nAssignment:\n  chat → L4 (100 %)\n  docs → H100 (100 %)\n\nBest single SKU: L4, $23.20/h; savings 23.7 %\nwarning: L4 is in the mix, but its capacity was never checked against the SLOs (a given capacity)\n",
    ],
    [
      "zh",
      mix,
      "最低成本组合：$17.70/小时（每个负载只用一种 SKU；HiGHS 1.15.1；最优）\n  SKU   副本  GPU   每小时成本\n  L4     9    9   $7.20\n  H100   3    3  $10.50\n\n分配：\n  chat → L4 (100 %)\n  docs → H100 (100 %)\n\n最佳单一 SKU：L4，$23.20/小时；节省 23.7 %\nwarning: 组合中使用了 L4，但其容量从未按 SLO 检查（给定容量）\n",
    ],
    [
      "en",
      none,
      "No feasible mix (split workloads; HiGHS 1.15.1)\n\nBest single SKU: none serves every workload within its cap\n",
    ],
  ] as const)("%s", (lang, r, text) => {
    expect(fleetText(r, "USD", lang)).toBe(text);
  });
});

describe("fleetJson", () => {
  it("has the contract's keys in order, the currency, and the problems as warnings", () => {
    const j = fleetJson(mix, "USD") as Record<string, unknown>;
    expect(Object.keys(j)).toEqual([
      ...["feasible", "currency", "costPerHour", "skus", "assignment", "bestSingle"],
      ...["savingsPct", "optimal", "solver", "split", "reasons", "warnings"],
    ]);
    expect(j).toMatchObject({ currency: "USD", costPerHour: 17.7, bestSingle: mix.bestSingle });
    expect(j.warnings).toEqual([
      "L4 is in the mix, but its capacity was never checked against the SLOs (a given capacity)",
    ]);
  });
});
