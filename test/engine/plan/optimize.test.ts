import fc from "fast-check";
import loadHighs from "highs";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { highsSolver } from "../../../src/engine/plan/milp-highs";
import { bestSingleSku, fleetLp, fleetModel, reasonText } from "../../../src/engine/plan/optimize";
import { optimizeFleet, optimizePlan, type FleetReason } from "../../../src/engine/plan/optimize";
import type { FleetModel, MilpSolver } from "../../../src/engine/plan/optimize";
import { englishOf } from "../../../src/engine/base/problems";
/** A reason with its details in English, as `capplan optimize --json` writes it. */
const reasonEn = (x: FleetReason): string => reasonText(x.problem, x.details, englishOf);
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";

let solver: MilpSolver;
beforeAll(async () => {
  solver = highsSolver(await loadHighs());
});

/** A SKU of a fleet model, checked against the SLOs. */
function sku(name: string, gpus: number, price: number, cap: number | null = null) {
  return { name, gpusPerReplica: gpus, pricePerGpuHour: price, maxReplicas: cap, sloChecked: true };
}

/** A fleet-model workload with its base replicas on each SKU (no reason for any). */
const wl = (name: string, ...base: number[]) => ({ name, base, why: base.map(() => null) });
const fleet = (
  skus: FleetModel["skus"],
  workloads: FleetModel["workloads"],
  elasticity: number,
  redundancy: FleetModel["redundancy"],
): FleetModel => ({ skus, workloads, elasticity, redundancy });

function planOf(file: PlanFile) {
  const resolved = resolvePlan(file);
  return fleetModel(resolved, computePlan(resolved));
}

/**
 * Mélange's published toy example (Griggs et al., "Mélange: Cost Efficient Large Language Model
 * Serving by Exploiting GPU Heterogeneity", arXiv:2404.14527; github.com/tyler-griggs/melange-release,
 * melange/main.py and README.md): A10G at $1.01/h with profiled max throughputs [[5, 1], [10, 5]]
 * req/s per request-size bucket, A100 at $3.67/h with [[20, 2], [50, 20]], bucket shares
 * [[0.25, 0.5], [0.25, 0.25]] of 16 req/s, slice factor 1. Its README prints the answer:
 * { "A10G": 10.0, "A100": 0.0, "cost": 10.1 }. Each bucket is one workload here; a throughput
 * of r req/s is a given capacity of r × outputTokens tok/s, so b = rate ÷ r as in Mélange.
 */
function melangePlan(): PlanFile {
  const buckets = [
    { name: "b00", share: 0.25, a10g: 5, a100: 20 },
    { name: "b01", share: 0.5, a10g: 1, a100: 2 },
    { name: "b10", share: 0.25, a10g: 10, a100: 50 },
    { name: "b11", share: 0.25, a10g: 5, a100: 20 },
  ];
  const out = 100;
  const lengths = { inputTokens: 100, outputTokens: out };
  const sweeps = (k: "a10g" | "a100") =>
    Object.fromEntries(buckets.map((b) => [b.name, { replicaOutputTokensPerSec: b[k] * out }]));
  return {
    format: "capplan.plan/v1",
    workloads: buckets.map((b) => ({ name: b.name, peakRps: 16 * b.share, ...lengths })),
    skus: [
      { name: "A10G", gpusPerReplica: 1, pricePerGpuHour: 1.01, sweeps: sweeps("a10g") },
      { name: "A100", gpusPerReplica: 1, pricePerGpuHour: 3.67, sweeps: sweeps("a100") },
    ],
  } as PlanFile;
}

describe("optimizeFleet", () => {
  it("reproduces Mélange's published example: 10 A10G, 0 A100, $10.10/h", () => {
    const { model } = planOf(melangePlan());
    const r = optimizeFleet(model!, solver);
    expect([r.feasible, r.optimal]).toEqual([true, true]);
    expect(r.skus).toEqual([{ name: "A10G", replicas: 10, gpus: 10, costPerHour: 10.1 }]);
    expect(r.costPerHour).toBeCloseTo(10.1, 12);
    expect(r.bestSingle).toEqual({ name: "A10G", costPerHour: r.costPerHour });
    expect(r.savingsPct).toBeCloseTo(0, 12);
    const all = ["b00", "b01", "b10", "b11"].map((w) => `${w}:A10G:1`);
    expect(r.assignment.map((a) => `${a.workload}:${a.sku}:${a.share}`)).toEqual(all);
  });

  it("with a cap on A10G (which Mélange has no notion of) the mix moves b01 to A100", () => {
    const plan = melangePlan();
    (plan.skus[0] as { maxReplicas?: number }).maxReplicas = 6;
    const { model } = planOf(plan);
    const r = optimizeFleet(model!, solver);
    // Without b01 (8 base replicas on A10G, 4 on A100) A10G serves 0.8 + 0.4 + 0.8 = 2 → 2
    // replicas; b01 on A100 needs 4: 2 × 1.01 + 4 × 3.67 = 16.70. All on A100: ceil(4.48) = 5 →
    // 18.35. Best single under the cap: A100 (A10G would need 10 > 6).
    expect(r.skus.map((s) => [s.name, s.replicas])).toEqual([
      ["A10G", 2],
      ["A100", 4],
    ]);
    expect(r.costPerHour).toBeCloseTo(2 * 1.01 + 4 * 3.67, 12);
    expect(r.bestSingle?.name).toBe("A100");
    expect(r.bestSingle?.costPerHour).toBeCloseTo(5 * 3.67, 12);
    expect(r.savingsPct).toBeCloseTo(((18.35 - 16.7) / 18.35) * 100, 9);
  });

  it("adds N+k spares once per SKU used, never to a SKU left empty", () => {
    const skus = [sku("big", 2, 3), sku("small", 1, 1)];
    const model = fleet(skus, [wl("chat", 1, 1.5), wl("docs", 2, 9)], 1, { spare: 2 });
    // chat+docs on big: ceil(3) + 2 = 5 replicas × 6 = 30; chat on small (ceil(1.5) + 2 = 4 → 4)
    // + docs on big (2 + 2 = 4 → 24) = 28; everything on small: ceil(10.5) + 2 = 13 → 13.
    const r = optimizeFleet(model, solver);
    expect(r.costPerHour).toBe(13);
    expect(r.skus).toEqual([{ name: "small", replicas: 13, gpus: 13, costPerHour: 13 }]);
    expect(bestSingleSku(model)).toEqual({ name: "small", costPerHour: 13 });
    model.skus[1]!.maxReplicas = 5;
    const capped = optimizeFleet(model, solver);
    expect(capped.costPerHour).toBe(28);
    expect(capped.skus.map((s) => s.replicas)).toEqual([4, 4]);
  });

  it("a workload that fits no SKU: feasible false, exit reason per workload with each SKU's why", () => {
    const plan = melangePlan();
    plan.workloads!.push({ name: "huge", peakRps: 1, inputTokens: 1, outputTokens: 1 });
    const { model } = planOf(plan);
    const r = optimizeFleet(model!, solver);
    expect([r.feasible, r.costPerHour, r.bestSingle]).toEqual([false, null, null]);
    expect(r.reasons.map((x) => x.workload)).toEqual(["huge"]);
    expect(reasonEn(r.reasons[0]!)).toMatch(
      /^no SKU can serve huge \(A10G: no sweep for this workload; A100: /,
    );
  });

  it("caps too small for a workload alone, and together", () => {
    const model = fleet([sku("g", 1, 1, 3)], [wl("a", 2.5), wl("b", 4.2)], 1, { factor: 1 });
    expect(optimizeFleet(model, solver).reasons.map(reasonEn)).toEqual([
      "b alone needs more replicas than any cap allows (g 5 > 3)",
    ]);
    model.workloads[1]!.base = [1.2];
    const together = optimizeFleet(model, solver);
    expect(together.feasible).toBe(false);
    expect(together.reasons.map((x) => x.problem.code)).toEqual([
      "optimize.capsTogether",
      "optimize.capsTogether",
    ]);
  });
});

/** Every assignment of workloads to SKUs (each wholly on one), costed by the capacity formulas of docs/capacity.md: independent of the module. */
function bruteForce(m: FleetModel): number | null {
  let best: number | null = null;
  const n = m.workloads.length;
  const pick = new Array<number>(n).fill(0);
  const rec = (i: number): void => {
    if (i === n) {
      let cost = 0;
      for (let j = 0; j < m.skus.length; j++) {
        const on = m.workloads.filter((_, w) => pick[w] === j);
        if (!on.length) continue;
        const load = on.reduce((a, w) => a + w.base[j]!, 0) * m.elasticity;
        const y =
          "spare" in m.redundancy
            ? Math.ceil(load - 1e-9) + m.redundancy.spare
            : Math.ceil(load * m.redundancy.factor - 1e-9);
        const s = m.skus[j]!;
        if (s.maxReplicas !== null && y > s.maxReplicas) return;
        cost += y * s.gpusPerReplica * s.pricePerGpuHour;
      }
      if (best === null || cost < best) best = cost;
      return;
    }
    m.workloads[i]!.base.forEach((b, j) => {
      if (b === null) return;
      pick[i] = j;
      rec(i + 1);
    });
  };
  rec(0);
  return best;
}

const exactly = <T>(n: number, a: fc.Arbitrary<T>) => fc.array(a, { minLength: n, maxLength: n });
const instance = fc
  .record({
    nSku: fc.integer({ min: 1, max: 3 }),
    nWl: fc.integer({ min: 1, max: 4 }),
    seedB: exactly(12, fc.option(fc.double({ min: 0.05, max: 6, noNaN: true }), { freq: 5 })),
    caps: exactly(3, fc.option(fc.integer({ min: 0, max: 9 }), { freq: 2 })),
    gpus: exactly(3, fc.integer({ min: 1, max: 4 })),
    prices: exactly(3, fc.double({ min: 0.3, max: 5, noNaN: true })),
    elasticity: fc.double({ min: 1, max: 1.4, noNaN: true }),
    redundancy: fc.oneof(
      fc.record({ factor: fc.double({ min: 1, max: 1.5, noNaN: true }) }),
      fc.record({ spare: fc.integer({ min: 0, max: 2 }) }),
    ),
  })
  .map(
    (r): FleetModel => ({
      skus: Array.from({ length: r.nSku }, (_, j) => ({
        name: `s${j}`,
        gpusPerReplica: r.gpus[j]!,
        pricePerGpuHour: r.prices[j]!,
        maxReplicas: r.caps[j] ?? null,
        sloChecked: true,
      })),
      workloads: Array.from({ length: r.nWl }, (_, w) => ({
        name: `w${w}`,
        base: Array.from({ length: r.nSku }, (_, j) => r.seedB[w * 3 + j] ?? null),
        why: Array.from({ length: r.nSku }, () => null),
      })),
      elasticity: r.elasticity,
      redundancy: r.redundancy,
    }),
  );

describe("optimizeFleet against brute force", () => {
  it("agrees with enumerating every assignment (N+k, caps, workloads that fit no SKU)", () => {
    fc.assert(
      fc.property(instance, (m) => {
        const r = optimizeFleet(m, solver);
        const brute = bruteForce(m);
        expect(r.feasible).toBe(brute !== null);
        if (brute === null) {
          expect(r.reasons.length).toBeGreaterThan(0);
          return;
        }
        expect(r.optimal).toBe(true);
        expect(r.costPerHour!).toBeCloseTo(brute, 9);
        // The reported fleet is the one its assignment needs, within every cap.
        for (const s of r.skus) {
          const sku = m.skus.find((x) => x.name === s.name)!;
          if (sku.maxReplicas !== null) expect(s.replicas).toBeLessThanOrEqual(sku.maxReplicas);
          expect(Number.isInteger(s.replicas)).toBe(true);
        }
      }),
      { numRuns: 80, seed: 30 },
    );
  });

  it("--split is never dearer than the unsplit optimum, and feasible whenever it is", () => {
    fc.assert(
      fc.property(instance, (m) => {
        const whole = optimizeFleet(m, solver);
        const split = optimizeFleet(m, solver, { split: true });
        if (whole.feasible) {
          expect(split.feasible).toBe(true);
          expect(split.costPerHour!).toBeLessThanOrEqual(whole.costPerHour! + 1e-9);
        }
        for (const w of m.workloads) {
          const shares = split.assignment.filter((a) => a.workload === w.name);
          if (split.feasible) expect(shares.reduce((a, x) => a + x.share, 0)).toBeCloseTo(1, 12);
        }
      }),
      { numRuns: 60, seed: 31 },
    );
  });
});

describe("optimizePlan", () => {
  const solved = (file: PlanFile) => {
    const resolved = resolvePlan(file);
    return { resolved, result: computePlan(resolved) };
  };

  it("solves the plan's model: the same answer as fleetModel then optimizeFleet", () => {
    const { resolved, result } = solved(melangePlan());
    expect(optimizePlan(resolved, result, solver, { split: true })).toEqual(
      optimizeFleet(fleetModel(resolved, result).model!, solver, { split: true }),
    );
  });

  it("without a model (factors unusable): not feasible, each workload with the model's problem", () => {
    const file = { ...melangePlan(), factors: { elasticity: 0, redundancy: 1 } } as PlanFile;
    const { resolved, result } = solved(file);
    const r = optimizePlan(resolved, result, solver);
    const got = [r.feasible, r.costPerHour, r.skus, r.assignment, r.bestSingle, r.optimal];
    expect(got).toEqual([false, null, [], [], null, false]);
    expect([r.solver, r.split]).toEqual([solver.name, false]);
    expect(r.reasons.map((x) => [x.workload, x.problem.code])).toEqual(
      ["b00", "b01", "b10", "b11"].map((w) => [w, "optimize.factorsInvalid"]),
    );
    expect(reasonEn(r.reasons[0]!)).toBe(
      "factors.elasticity or factors.redundancy has no valid value, so no fleet is sized",
    );
  });
});

describe("fleetLp", () => {
  it("writes one assignment row per workload, one ceiling row per SKU, caps as bounds", () => {
    const lp = fleetLp(fleet([sku("g", 2, 1.5, 4)], [wl("a", 1.25)], 1.2, { spare: 1 }), false);
    expect(lp).toContain(" obj: 3 y_0");
    expect(lp).toContain(" a_0: x_0_0 = 1");
    expect(lp).toContain(" c_0: y_0 - 1.5 x_0_0 - 1 u_0 >= -5e-10");
    expect(lp).toContain(" u_0_0: u_0 - x_0_0 >= 0");
    expect(lp).toContain(" 0 <= y_0 <= 4");
  });
});
