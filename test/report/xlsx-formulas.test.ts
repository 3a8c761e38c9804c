// The formula templates of the workbook export: keyed by the plan result's quantity names, each
// rendering the step of docs/capacity.md with capplan's ceiling tolerance.
import { describe, expect, it } from "vitest";
import {
  ceilTol,
  SKU_FORMULAS,
  type SkuRefs,
  sumOf,
  TEAM_FORMULAS,
  WORKLOAD_FORMULAS,
} from "../../src/report/xlsx-formulas";
import { capacityValue, COMPARISON_QUANTITIES } from "../../src/report/xlsx-model";
import { compute, seedPlan } from "./alloc-helpers";

const refs: SkuRefs = {
  ...{ gpusPerReplica: "G", pricePerGpuHour: "P", singleReplicaOutputTokensPerSec: null },
  workloadReplicasBase: ["B1", "B2"],
  workloads: [
    { peakRps: "R1", outputTokens: "O1" },
    { peakRps: "R2", outputTokens: "O2" },
  ],
  forecast: [
    { kind: "avgRps", avgRps: "A1", outputTokens: "O1" },
    { kind: "dailyRequests", dailyRequests: "D2", outputTokens: "O2" },
  ],
  ...{ replicasBase: "BASE", replicasRaw: "RAW", replicas: "N", costPerHour: "CPH" },
  ...{ costPerOutputToken: "CPT", replicaOutputTokensPerSec: "C" },
  ...{ peakOutputTokensPerSec: "PEAK", forecastOutputTokensPerSec: "FC" },
};

describe("SKU_FORMULAS", () => {
  it("is keyed by the quantity names of the plan result: each names a number of a planned SKU", () => {
    const c = compute(seedPlan()).skus[0]!.capacity!;
    for (const key of Object.keys(SKU_FORMULAS)) expect(capacityValue(c, key), key).not.toBeNull();
    expect(COMPARISON_QUANTITIES.map(([k]) => k).sort()).toEqual(Object.keys(SKU_FORMULAS).sort());
  });

  it.each([
    ["replicasBase", "factor", "B1+B2"],
    ["replicasRaw", "factor", "BASE*elasticity*redundancy"],
    ["replicasRaw", "spare", "BASE*elasticity+CEILING(spare,1)"],
    ["replicas", "factor", "CEILING(RAW-1E-9,1)"],
    ["replicas", "spare", "CEILING(BASE*elasticity-1E-9,1)+CEILING(spare,1)"],
    ["gpus", "factor", "N*G"],
    ["costPerHour", "factor", "N*G*P"],
    ["costPerDay", "factor", "CPH*24"],
    ["costPerMonth", "factor", "CPH*hours_per_month"],
    ["replicaOutputTokensPerSec", "factor", "PEAK/BASE"],
    ["costPerOutputToken", "factor", "G*P/(C*3600)"],
    ["costPerMillionOutputTokens", "factor", "CPT*1E6"],
    ["costPerRequest", "factor", "CPT*(PEAK/(R1+R2))"],
    ["peak.outputTokensPerSec", "factor", "R1*O1+R2*O2"],
    ["forecast.outputTokensPerSec", "factor", "A1*O1+D2/86400*O2"],
    ["utilizationAtPeak", "factor", "PEAK/(N*C)"],
  ] as const)("%s (%s) = %s", (key, mode, want) => {
    expect(SKU_FORMULAS[key](refs, mode)).toBe(want);
  });

  it("takes one workload's replica tok/s as given (no blended division)", () => {
    const single = { ...refs, singleReplicaOutputTokensPerSec: "T1" };
    expect(SKU_FORMULAS.replicaOutputTokensPerSec(single)).toBe("T1");
  });
});

describe("ceilTol and sumOf", () => {
  it.each([
    ["X", "CEILING(X-1E-9,1)"],
    ["A*B", "CEILING(A*B-1E-9,1)"],
  ])("ceilTol(%s) = %s", (x, want) => expect(ceilTol(x)).toBe(want));

  it.each([
    [["A"], "A"],
    [["A", "B", "C"], "A+B+C"],
  ])("sumOf(%j) = %s", (terms, want) => expect(sumOf(terms)).toBe(want));
});

describe("WORKLOAD_FORMULAS and TEAM_FORMULAS", () => {
  it("render tokens per request, tokens/s and one workload's base replicas", () => {
    const W = WORKLOAD_FORMULAS;
    expect(W.tokensPerRequest({ inputTokens: "I", outputTokens: "O" })).toBe("I+O");
    expect(W.tokensPerSec({ peakRps: "R", tokensPerRequest: "T" })).toBe("R*T");
    const base = { peakRps: "R", outputTokens: "O", replicaOutputTokensPerSec: "C" };
    expect(W.replicasBase(base)).toBe("R*O/C");
  });

  it("render the usage-basis allocation with its idle policies", () => {
    const T = TEAM_FORMULAS;
    expect(T.tokens({ inputTokens: "I", outputTokens: "O" })).toBe(
      "input_weight*I+output_weight*O",
    );
    expect(T.costProportional({ tokens: "T", poolTokens: "W", poolCost: "K" })).toBe("T/W*K");
    expect(T.costSeparate({ tokens: "T", poolCost: "K", capacityTokens: "CAP" })).toBe("T*(K/CAP)");
    expect(T.idle({ poolCost: "K", range: "G2:G3" })).toBe("MAX(0,K-SUM(G2:G3))");
    const teamCost = T.teamCost({ teams: "B2:B9", team: "A12", costs: "G2:G9" });
    expect(teamCost).toBe("SUMPRODUCT(EXACT(B2:B9,A12)*G2:G9)");
  });
});
