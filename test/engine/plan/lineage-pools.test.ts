/**
 * src/engine/plan/lineage-pools.ts: a pool's cost, capacity, replicas and idle, each from its own definition.
 */
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { ctxOf, NO_POOLS_OUTPUT, show, showAll } from "./lineage-plans-b";

const base = (over: Partial<PlanFile>): PlanFile => ({
  format: "capplan.plan/v1",
  currency: "USD",
  skus: [],
  ...over,
});
const none = (path: string) => [`ERROR ${path}: no number with a lineage at this path`];
const G = (over: Record<string, unknown> = {}) => ({
  name: "G",
  gpusPerReplica: 1,
  pricePerGpuHour: 2,
  sweep: { replicaOutputTokensPerSec: 100 },
  ...over,
});

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
    expect(
      showAll(c, [
        "tenants.pools[0].cost",
        "tenants.pools[0].capacityTokens",
        "tenants.pools[0].replicas",
      ]),
    ).toEqual([
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
