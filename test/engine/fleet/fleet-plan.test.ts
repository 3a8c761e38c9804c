/**
 * A plan's fleet simulation (src/engine/fleet/fleet-plan.ts): the SKU picked, its curve, slots and
 * replicas from the computed plan, burstiness of the arrivals, and the notes of the answer.
 */
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { poissonArrivals, traceArrivals } from "../../../src/engine/fleet/arrivals";
import {
  burstiness,
  fleetSetup,
  pickSku,
  simulatePlanFleet,
} from "../../../src/engine/fleet/fleet-plan";
import { computePlan } from "../../../src/engine/plan/plan";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";

const POINTS = [
  { c: 1, rps: 0.8, ttft: 20, tpot: 7 },
  { c: 4, rps: 2.8, ttft: 30, tpot: 10 },
  { c: 16, rps: 8.3, ttft: 48, tpot: 22 },
  { c: 64, rps: 15, ttft: 900, tpot: 40 },
].map((p) => ({
  concurrency: p.c,
  rps: p.rps,
  outputTokensPerSec: p.rps * 200,
  meanInputTokens: 1000,
  meanOutputTokens: 200,
  ttftMs: { mean: p.ttft, p99: p.ttft * 2 },
  tpotMs: { mean: p.tpot, p95: p.tpot * 1.1 },
  ntpotMs: { mean: p.tpot, p50: p.tpot },
}));

function compute(over: Partial<PlanFile> = {}) {
  const plan = {
    format: "capplan.plan/v1",
    title: "t",
    workloads: [{ name: "chat", peakRps: 20, inputTokens: 1000, outputTokens: 200 }],
    slo: [
      { metric: "ttft", stat: "p99", maxMs: 500 },
      { metric: "itl", stat: "p95", maxMs: 30 },
      { metric: "ntpot", stat: "p50", maxMs: 30 },
    ],
    factors: { elasticity: 1, redundancy: 1 },
    skus: [
      {
        name: "given",
        gpusPerReplica: 1,
        pricePerGpuHour: 1,
        sweep: { replicaOutputTokensPerSec: 1000 },
      },
      { name: "H100", gpusPerReplica: 1, pricePerGpuHour: 3, sweep: { points: POINTS } },
    ],
    ...over,
  } as unknown as PlanFile;
  const v = validatePlan(plan);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return computePlan(resolvePlan(v.plan));
}

describe("pickSku", () => {
  const r = compute();
  it("takes the named SKU, or says which exist", () => {
    const s = pickSku(r, "H100");
    expect(s.ok && s.sku.name).toBe("H100");
    const u = pickSku(r, "B200");
    expect(!u.ok && u.problem.params).toEqual({ sku: "B200", known: "given, H100" });
  });
  it("by default takes the recommended SKU", () => {
    const s = pickSku(r);
    expect(s.ok && s.sku.name).toBe(r.cheapest);
  });
});

describe("fleetSetup", () => {
  const r = compute();
  it("reads the curve, the operating point's concurrency as slots and the formula's replicas", () => {
    const s = fleetSetup(r, r.skus[1]!);
    if (!s.ok) throw new Error("setup");
    const h = r.skus[1]!;
    expect(s.setup.slots).toBe(h.operatingPoint!.concurrency);
    expect(s.setup.formulaReplicas).toBe(h.capacity!.replicas);
    expect(s.setup.levels.map((l) => l.concurrency)).toEqual([1, 4, 16, 64]);
    expect([s.setup.peakRps, s.setup.inputTokens, s.setup.outputTokens]).toEqual([20, 1000, 200]);
    expect([s.setup.sweepInputTokens, s.setup.sweepOutputTokens]).toEqual([1000, 200]);
  });
  it("a SKU with only a given capacity has no curve to simulate", () => {
    const s = fleetSetup(r, r.skus[0]!);
    expect(!s.ok && s.problem.code).toBe("fleet.noSweep");
  });
  it("with several workloads: their rates add, lengths are weighted by rate, and a note says so", () => {
    const r2 = compute({
      workloads: [
        { name: "chat", peakRps: 15, inputTokens: 1000, outputTokens: 200 },
        { name: "docs", peakRps: 5, inputTokens: 3000, outputTokens: 400 },
      ],
    } as Partial<PlanFile>);
    const s = fleetSetup(r2, r2.skus[1]!);
    if (!s.ok) throw new Error("setup");
    expect([s.setup.peakRps, s.setup.inputTokens, s.setup.outputTokens]).toEqual([20, 1500, 250]);
    expect(s.setup.problems.map((p) => p.code)).toContain("fleet.severalWorkloads");
  });
});

describe("burstiness", () => {
  it("of evenly spaced arrivals: CV 0; of Poisson arrivals: CV ≈ 1", () => {
    const even = traceArrivals([0, 1, 2, 3, 4], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1]);
    expect(burstiness(even)).toEqual({ meanRps: 1.25, interarrivalCv: 0 });
    const p = poissonArrivals({
      rps: 10,
      requests: 100_000,
      input: { kind: "fixed", tokens: 1 },
      output: { kind: "fixed", tokens: 1 },
      seed: 2,
    });
    if (!p.ok) throw new Error("arrivals");
    expect(Math.abs(burstiness(p.arrivals).interarrivalCv! - 1)).toBeLessThan(0.02);
  });
  it("of fewer than two arrivals: unknown", () => {
    expect(burstiness(traceArrivals([5], [1], [1]))).toEqual({
      meanRps: null,
      interarrivalCv: null,
    });
  });
});

describe("simulatePlanFleet", () => {
  const r = compute();
  const s = fleetSetup(r, r.skus[1]!);
  if (!s.ok) throw new Error("setup");
  const arr = poissonArrivals({
    rps: 20,
    requests: 5000,
    input: { kind: "fixed", tokens: 2000 },
    output: { kind: "exp", mean: 200 },
    seed: 1,
  });
  if (!arr.ok) throw new Error("arrivals");
  const a = simulatePlanFleet(s.setup, arr.arrivals, {
    replicas: s.setup.formulaReplicas!,
    slots: s.setup.slots!,
    seed: 1,
    source: "poisson",
    slos: r.slo as never,
  });
  it("searches 1 … 4× the formula's replicas and judges the ITL SLO on TPOT", () => {
    expect(a.searchedUpTo).toBe(4 * s.setup.formulaReplicas!);
    expect(a.slo.map((x) => [x.metric, x.judgedOn])).toEqual([
      ["ttft", "ttft"],
      ["itl", "tpot"],
    ]);
    expect(a.replicasForSlo).not.toBeNull();
  });
  it("notes what it cannot judge, the ITL substitution and the input length off the sweep's", () => {
    expect(a.problems.map((p) => p.code)).toEqual([
      "fleet.itlJudgedOnTpot",
      "fleet.sloNotJudged",
      "fleet.lengthMismatch",
    ]);
  });
  it("reports the arrivals' mean lengths and rate", () => {
    expect(a.arrivals.meanInputTokens).toBe(2000);
    expect(Math.abs(a.arrivals.meanRps! - 20)).toBeLessThan(1.5);
  });
});
