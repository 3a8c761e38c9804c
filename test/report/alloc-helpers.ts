/**
 * Plans for the allocation CSV and FOCUS tests (and `capplan actuals`): the seed example, a
 * separate-idle pool, and a FinOps plan with every line kind.
 */
import { readFileSync } from "node:fs";
import { computePlan, type PlanResult } from "../../src/engine/plan/plan";
import { readPlanText } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";

/** models/examples/seed.json, validated. */
export function seedPlan(): PlanFile {
  const v = readPlanText(
    readFileSync(new URL("../../models/examples/seed.json", import.meta.url), "utf8"),
    "seed.json",
  );
  if (!v.ok) throw new Error(v.errors.map((e) => e.message).join("; "));
  return v.plan;
}

/** Compute a plan file. */
export function compute(plan: PlanFile): PlanResult {
  return computePlan(resolvePlan(plan));
}

const tok = (replicaOutputTokensPerSec: number) => ({ replicaOutputTokensPerSec });

/**
 * A 1000 USD/day pool with capacity 2e8 tokens/day, idle kept separate, and teams whose names
 * are spreadsheet formulas: price 1000 / 2e8 = 5e-6 per token; `=HYPERLINK("x")` 3e7 tokens → 150,
 * `-2+3` 1e8 tokens → 500, idle 1000 − 650 = 350.
 */
export function separatePlan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    title: "Idle kept apart",
    currency: "USD",
    skus: [{ name: "H100 TP4", gpusPerReplica: 4, pricePerGpuHour: 2, sweep: tok(1500) }],
    workloads: [{ name: "chat", peakRps: 10, inputTokens: 300, outputTokens: 300 }],
    tenants: {
      method: "tokens",
      idle: "separate",
      pools: [{ name: "70b", costPerDay: 1000, capacityTokensPerDay: 2e8 }],
      usage: [
        { team: '=HYPERLINK("x")', pool: "70b", inputTokens: 1e7, outputTokens: 2e7 },
        { team: "-2+3", pool: "70b", inputTokens: 6e7, outputTokens: 4e7 },
      ],
    },
  };
}

/**
 * A plan with every line kind: reservation basis, idle kept separate, shared costs of every split
 * (the even one `licences` a day), in `currency`.
 */
export function finopsPlan(currency: string, licences = 1 / 3 + 7): PlanFile {
  return {
    format: "capplan.plan/v1",
    title: "FinOps",
    currency,
    workload: { peakRps: 1, inputTokens: 100, outputTokens: 100 },
    skus: [],
    tenants: {
      basis: "reservation",
      idle: "separate",
      pools: [
        { name: "gpu", costPerDay: 240.05, replicas: 8, capacityTokensPerDay: 8e6 },
        { name: "small", costPerDay: 33.333, replicas: 3, capacityTokensPerDay: 3e6 },
      ],
      usage: [
        { team: "b", pool: "gpu", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
        { team: "a", pool: "gpu", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
        { team: "c", pool: "small", inputTokens: 1e5, outputTokens: 2e5 },
        { team: "a", pool: "small", inputTokens: 1e5, outputTokens: 1e5 },
      ],
      shared: [
        { name: "platform", costPerDay: 10 },
        { name: "licences", costPerDay: licences, split: "even" },
        { name: "monitoring", costPerDay: 5.55, split: "none" },
      ],
    },
  };
}
