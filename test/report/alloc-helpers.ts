/** Plans for the allocation CSV and FOCUS tests: the seed example and a separate-idle pool. */
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
    skus: [
      {
        name: "H100 TP4",
        gpusPerReplica: 4,
        pricePerGpuHour: 2,
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
    ],
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
