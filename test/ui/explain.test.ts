/**
 * The app's derived-cell explanations (src/ui/explain.ts), rendered from the trace of the declared
 * chain: the seed worked example (docs/capacity.md) step by step, N+k, two workloads, and the
 * traced values equal to the plan's.
 */
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../src/engine/base/types";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import {
  formulaWithValues,
  skuDerivations,
  skuTrace,
  workloadDerivations,
} from "../../src/ui/explain";
import { seed } from "./state/bench-plan";

const planOf = (p: PlanFile) => computePlan(resolvePlan(p));
const formulas = (p: PlanFile, lang: "en" | "zh" = "en") => {
  const r = planOf(p);
  return Object.fromEntries(skuDerivations(r, r.skus[0]!, lang).map((d) => [d.key, d.formula]));
};

describe("skuDerivations", () => {
  it("writes the seed example out: 50 × 300 ÷ 1,500 = 10 → ceil(14.4) = 15 replicas, 60 GPUs, ¥1,200/h", () => {
    // 4 GPUs × ¥20 ÷ (1,500 tok/s × 3,600 s) × 1e6 = ¥14.8148… per 1M output tokens.
    const want = {
      replicasBase: "50 × 300 ÷ 1,500 = 10",
      replicas: "ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15",
      gpus: "15 × 4 = 60",
      costPerHour: "60 × ¥20.00 = ¥1,200.00",
      costPerDay: "¥1,200.00 × 24 = ¥28,800.00",
      costPerMonth: "¥1,200.00 × 730 = ¥876,000.00",
      costPerMillionOutputTokens: "4 × ¥20.00 ÷ (1,500 × 3600) × 1,000,000 = ¥14.81",
    };
    expect(formulas(seed)).toEqual(want);
    // The numbers are the same in the Chinese app (money in the plan's currency either way).
    expect(formulas(seed, "zh")).toEqual(want);
  });

  it("N+k: ceil(base × elasticity) + spare", () => {
    const p = { ...seed, factors: { elasticity: 1.2, redundancy: { spare: 1 } } } as PlanFile;
    // ceil(10 × 1.2) + 1 = 13
    expect(formulas(p).replicas).toBe("ceil(50 × 300 ÷ 1,500 × 1.2) + 1 = ceil(10 × 1.2) + 1 = 13");
  });

  it("two workloads: the base replicas are the sum of the terms, in parentheses", () => {
    const p = structuredClone(seed) as PlanFile & { workloads: Record<string, unknown>[] };
    p.workloads.push({ ...p.workloads[0]!, name: "second", peakRps: 25 });
    // 50 × 300 ÷ 1,500 + 25 × 300 ÷ 1,500 = 10 + 5 = 15 → × 1.44 = 21.6 → 22
    const f = formulas(p);
    expect(f.replicasBase).toBe("(50 × 300 ÷ 1,500 + 25 × 300 ÷ 1,500) = 15");
    expect(f.replicas).toBe(
      "ceil((50 × 300 ÷ 1,500 + 25 × 300 ÷ 1,500) × 1.2 × 1.2) = ceil(21.6) = 22",
    );
  });

  it("a SKU without a result has no derivations", () => {
    const r = planOf(seed);
    const s = { ...r.skus[0]!, capacity: null };
    expect(skuDerivations(r, s, "en")).toEqual([]);
    expect(skuTrace(r, s)).toBeNull();
  });
});

describe("skuTrace", () => {
  it("traces the same numbers the plan computed", () => {
    const r = planOf(seed);
    const c = r.skus[0]!.capacity!;
    const trace = skuTrace(r, r.skus[0]!)!;
    const at = (k: string) => trace.find((s) => s.key === k && s.workload === undefined)!.value;
    for (const k of ["replicasBase", "replicasRaw", "replicas", "gpus", "costPerHour"] as const)
      expect([k, at(k)]).toEqual([k, c[k]]);
    expect(at("costPerMillionOutputTokens")).toBe(c.costPerMillionOutputTokens);
  });
});

describe("workloadDerivations", () => {
  it("300 + 300 = 600 tokens per request; 50 × 600 = 30,000 tokens/s", () => {
    expect(workloadDerivations(planOf(seed))).toEqual([
      [
        { key: "tokensPerRequest", value: "600", formula: "300 + 300 = 600" },
        { key: "tokensPerSec", value: "30,000", formula: "50 × 600 = 30,000" },
      ],
    ]);
  });
});

describe("formulaWithValues", () => {
  it("shows a formula's names with their values plugged in", () => {
    expect(formulaWithValues("=peak * 0.8", { peak: 50 }, 40)).toBe("peak * 0.8 = 50 * 0.8 = 40");
  });
});
