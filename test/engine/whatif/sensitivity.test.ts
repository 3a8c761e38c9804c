import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { pickSku, sensitivity, sensitivityInputs } from "../../../src/engine/whatif/sensitivity";
import { evaluate } from "../../../src/engine/whatif/model";
import { words } from "../../words";

const seed = JSON.parse(
  readFileSync(join(__dirname, "../../../models/examples/seed.json"), "utf8"),
) as PlanFile;

describe("sensitivityInputs", () => {
  it("the seed's inputs are its named cells (each changed instead of the field it feeds)", () => {
    expect(sensitivityInputs(seed, 0)).toEqual(
      words(`
      cells.peak_rps cells.input_tokens cells.output_tokens cells.elasticity cells.redundancy
      cells.gpu_hour cells.replica_tok_s`),
    );
  });
  it("a number is its own input; N+k redundancy is no factor; a sweep's capacity is the SKU's", () => {
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ name: "chat", peakRps: 10, inputTokens: "=100*2", outputTokens: 250 }],
      factors: { elasticity: 1.2, redundancy: { spare: 1 } },
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points: [] } }],
    } as unknown as PlanFile;
    expect(sensitivityInputs(plan, 0)).toEqual(
      words(`
      workloads[0].peakRps workloads[0].inputTokens workloads[0].outputTokens factors.elasticity
      skus[0].pricePerGpuHour skus[0].replicaOutputTokensPerSec`),
    );
  });
});

describe("sensitivity", () => {
  it("seed ±10 % of peak RPS gives 13 and 16 replicas; the price leaves replicas alone", () => {
    const s = sensitivity({ plan: seed }, { of: "replicas" })!;
    expect(s.result).toBe(15);
    const peak = s.rows.find((r) => r.input === "cells.peak_rps")!;
    // 45 × 300 ÷ 1500 × 1.44 = 12.96 → 13; 55 × 300 ÷ 1500 × 1.44 = 15.84 → 16.
    expect([peak.low.value, peak.high.value]).toEqual([45, 55.00000000000001]);
    expect([peak.low.result, peak.high.result, peak.swing]).toEqual([13, 16, 3]);
    const price = s.rows.find((r) => r.input === "cells.gpu_hour")!;
    expect([price.low.result, price.high.result, price.swing]).toEqual([15, 15, 0]);
    // Largest swing first.
    const swings = s.rows.map((r) => r.swing ?? -1);
    expect(swings).toEqual([...swings].sort((a, b) => b - a));
  });
  it("cost per month: the price swings it by ±10 % of 15 replicas × 4 GPUs × 730 h × 20", () => {
    const s = sensitivity({ plan: seed })!;
    expect(s.of).toBe("costPerMonth");
    expect(s.result).toBe(15 * 4 * 20 * 730);
    const price = s.rows.find((r) => r.input === "cells.gpu_hour")!;
    expect(price.low.result).toBeCloseTo(15 * 4 * 18 * 730, 6);
    expect(price.high.result).toBeCloseTo(15 * 4 * 22 * 730, 6);
    expect(price.swing).toBeCloseTo(15 * 4 * 4 * 730, 6);
    // Input tokens feed no cost: swing 0.
    expect(s.rows.find((r) => r.input === "cells.input_tokens")!.swing).toBe(0);
  });
  it("an unknown SKU gives null", () => {
    expect(sensitivity({ plan: seed }, { sku: "nope" })).toBeNull();
  });
});

describe("pickSku", () => {
  it("the named SKU, else the cheapest", () => {
    const r = evaluate({ plan: seed });
    expect(pickSku(r)).toBe(0);
    expect(pickSku(r, "H100 TP4")).toBe(0);
    expect(pickSku(r, "x")).toBe(-1);
  });
});
