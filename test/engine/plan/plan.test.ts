/**
 * The plan computation (src/engine/plan/plan.ts, docs/operating-point.md, docs/capacity.md): the
 * plan-level errors (at which path), the recommendation's tie-breaks and checked-before-unchecked
 * rule (issue #15), and how a plan result is assembled from its SKUs. Hand-calculated numbers,
 * exact texts. One SKU is tested in sku.test.ts, a sweep's analysis in sweep-analysis.test.ts.
 */
import { describe, expect, it } from "vitest";
import { assemblePlan, computePlan, computeSku, planLevel } from "../../../src/engine/plan/plan";
import type { SkuResult } from "../../../src/engine/plan/plan-result";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { base, point, skuA } from "../plan-builders";
import { englishOf, textProblem, type Problem } from "../../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

const compute = (p: unknown) => computePlan(resolvePlan(structuredClone(p) as PlanFile));

/** A resolved plan written by hand (for planLevel: no parsing in between). */
const RESOLVED = { title: "t", currency: "USD", cells: {}, slo: [], sloMode: "measured", skus: [] };
const MORE = { maxErrorRatePct: 1, elasticity: 1, redundancy: { factor: 1 }, errors: [] };
type Resolved = Parameters<typeof planLevel>[0];
const blank = () => ({ ...structuredClone({ ...RESOLVED, ...MORE }), tenants: null });
const rp = (workloads: unknown[], over: Record<string, unknown> = {}) =>
  ({ ...blank(), workloads, ...over }) as never as Resolved;
const WL = { name: "w", peakRps: 2, avgRps: 1, dailyRequests: 50, inputTokens: 10 };
const wl = (over: Record<string, unknown> = {}) => ({ ...WL, outputTokens: 20, ...over });

describe("the recommendation", () => {
  const two = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    compute(base({ skus: [skuA({ name: "A", ...a }), skuA({ name: "B", ...b })] }));
  /** A SKU at `price` a GPU-hour with a given capacity (unchecked), or failing its only point. */
  const given = (p: number) => ({ pricePerGpuHour: p, sweep: { replicaOutputTokensPerSec: 500 } });
  const slow = { points: [point({ ttftMs: { p99: 5000 } })] };
  const failing = (p: number) => ({ pricePerGpuHour: p, sweep: slow });

  it("the cheapest feasible SKU by cost per hour; on a tie the first; an infeasible cheaper SKU is not recommended", () => {
    expect(two({ pricePerGpuHour: 3 }, { pricePerGpuHour: 2 }).cheapest).toBe("B");
    expect(two({ pricePerGpuHour: 2 }, { pricePerGpuHour: 3 }).cheapest).toBe("A");
    expect(two({ pricePerGpuHour: 3 }, { pricePerGpuHour: 3 }).cheapest).toBe("A");
    expect(two({ pricePerGpuHour: 3 }, failing(1)).cheapest).toBe("A");
  });

  it("a checked SKU is recommended over a cheaper unchecked one; an unchecked one only when no checked one is feasible", () => {
    const r = two({ pricePerGpuHour: 3 }, given(1));
    expect([r.cheapest, r.recommendationChecked, enW(r)]).toEqual(["A", true, []]);
    const u = two(failing(3), given(1));
    expect([u.cheapest, u.recommendationChecked]).toEqual(["B", false]);
    expect(enW(u)).toEqual([
      "B is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): no SKU with a checked sweep is feasible",
    ]);
    expect(u.problems!.map((p) => [p.code, p.path])).toEqual([
      ["plan.uncheckedRecommended", "skus[1]"],
    ]);
    // Among unchecked SKUs, the cheapest; on a tie the first.
    expect(two(given(3), given(1)).cheapest).toBe("B");
    expect(two(given(1), given(1)).cheapest).toBe("A");
  });

  it("no recommendBy key unless the plan writes one; a schedule cost without schedules falls back to peak with a warning at recommendBy that names the cost asked for", () => {
    expect("recommendBy" in compute(base())).toBe(false);
    const r = compute(base({ recommendBy: "static" }));
    expect([r.recommendBy, r.cheapest]).toEqual(["peak", "A"]);
    expect(r.problems!.map((p) => [p.code, p.path])).toEqual([
      ["trace.recommendByNoSchedule", "recommendBy"],
    ]);
    expect(enW(r)).toHaveLength(1);
    const p = compute(base({ recommendBy: "peak" }));
    expect([p.recommendBy, enW(p)]).toEqual(["peak", []]);
    expect(enW(compute(base({ recommendBy: "autoscaled" })))).toEqual([
      'recommendBy is "autoscaled" but the plan has no schedule; the recommendation compares the cost at peak',
    ]);
  });

  it("a feasible SKU without a cost (0 GPUs) is never recommended over one with a cost", () => {
    const r = compute(base({ skus: [skuA(), skuA({ name: "B", gpusPerReplica: 0 })] }));
    expect([r.skus[1]!.feasible, r.skus[1]!.capacity, r.cheapest]).toEqual([true, null, "A"]);
  });
});

describe("planLevel", () => {
  const errs = (r: ReturnType<typeof planLevel>) =>
    r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)]);
  const trace = (file: string | null, name: string | null, traffic: object | null = null) => ({
    peakRps: null,
    trace: { file, name, binSec: 60, peak: "max" },
    traffic,
  });

  it("keeps the tokens per request when only peakRps has an error; tokens per second need all three", () => {
    const chat = { name: "chat", peakRps: "=nosuch", inputTokens: 100, outputTokens: 250 };
    const r = compute(base({ workloads: [chat] }));
    expect([r.workloads[0]!.tokensPerRequest, r.workloads[0]!.tokensPerSec]).toEqual([350, null]);
    // The formula error is the workload's only error.
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([["workloads[0].peakRps", "NAME"]]);
    const ok = compute(base());
    expect([ok.workloads[0]!.tokensPerRequest, ok.workloads[0]!.tokensPerSec]).toEqual([350, 3500]);
  });

  it("a complete workload is an input with its tokens per request and per second", () => {
    const r = planLevel(rp([wl()]));
    expect(r.wlInputs).toEqual([
      { name: "w", peakRps: 2, inputTokens: 10, outputTokens: 20, avgRps: 1, dailyRequests: 50 },
    ]);
    expect(r.workloads[0]).toMatchObject({ tokensPerRequest: 30, tokensPerSec: 60 });
    expect([r.errors, r.schedules]).toEqual([[], null]);
  });

  it("a trace that was not read: an INPUT error at workloads[0].trace naming the file, else its name, else ?", () => {
    expect(errs(planLevel(rp([wl(trace("t.csv", "n"))])))).toEqual([
      [
        "workloads[0].trace",
        "INPUT",
        'workload "w": the trace t.csv has not been read, so the workload has no rates or lengths (capplan plan reads it; the app stores the imported numbers in the plan)',
      ],
    ]);
    expect(englishOf(planLevel(rp([wl(trace(null, "n"))])).errors[0]!.problem)).toContain(
      "the trace n has not been read",
    );
    expect(englishOf(planLevel(rp([wl(trace(null, null))])).errors[0]!.problem)).toContain(
      "the trace ? has not been read",
    );
    const r = planLevel(rp([wl(trace("t.csv", null))]));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.problem).toEqual({
      code: "trace.notRead",
      severity: "error",
      params: { workload: "w", file: "t.csv" },
      path: "workloads[0].trace",
    });
  });

  it("a read trace that gives no number: one error per missing field at its path, in order, unless the workload has a formula error; another part's error does not hide it", () => {
    const w = wl({ ...trace("t.csv", null, {}), outputTokens: null });
    expect(errs(planLevel(rp([w])))).toEqual(
      ["peakRps", "outputTokens"].map((f) => [
        `workloads[0].${f}`,
        "VALUE",
        `workload "w": the trace gives no ${f} (an empty or aggregated trace); write it in the workload`,
      ]),
    );
    const withFormulaError = planLevel(
      rp([w], { errors: [{ path: "workloads[0].inputTokens", kind: "NAME", message: "m" }] }),
    );
    expect(withFormulaError.errors.map((e) => e.path)).toEqual(["workloads[0].inputTokens"]);
    const one = wl(trace("t.csv", null, {}));
    const r = planLevel(rp([one], { errors: [{ path: "cells.x", kind: "NAME", message: "m" }] }));
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([
      ["cells.x", "NAME"],
      ["workloads[0].peakRps", "VALUE"],
    ]);
    expect(r.errors[1]!.problem).toEqual({
      code: "trace.noNumber",
      severity: "error",
      params: { workload: "w", field: "peakRps" },
      path: "workloads[0].peakRps",
    });
  });

  it.each(["inputTokens", "outputTokens"])(
    "a workload missing %s without a formula error: one VALUE error (its problem) at the workload",
    (k) => {
      const r = planLevel(rp([wl(), wl({ name: "v", [k]: null })]));
      expect(errs(r)).toEqual([
        ["workloads[1]", "VALUE", "peakRps, inputTokens and outputTokens are required numbers"],
      ]);
      expect(r.errors.map((e) => e.problem)).toEqual([
        { code: "plan.workloadNumbers", severity: "error", params: {}, path: "workloads[1]" },
      ]);
    },
  );

  it("a formula error of another workload does not count", () => {
    expect(
      planLevel(
        rp([wl({ inputTokens: null })], {
          errors: [{ path: "workloads[1].peakRps", kind: "NAME", message: "m" }],
        }),
      ).errors.map((e) => e.path),
    ).toEqual(["workloads[1].peakRps", "workloads[0]"]);
  });

  it("the plan's formula errors come first, with their problem (text without a code as it is written)", () => {
    const problem = { code: "formula.unknownName", severity: "error" as const, params: {} };
    const r = planLevel(
      rp([wl()], {
        errors: [
          { path: "cells.a", kind: "NAME", message: "m", problem },
          { path: "cells.b", kind: "PARSE", message: "n", cycle: ["x"] },
        ],
      }),
    );
    expect(r.errors).toEqual([
      { path: "cells.a", kind: "NAME", problem },
      { path: "cells.b", kind: "PARSE", problem: textProblem("n", "error", "cells.b") },
    ]);
  });

  it("an elasticity that is not a number is an error at factors.elasticity (also beside another error), unless its formula already is", () => {
    expect(errs(planLevel(rp([wl()], { elasticity: null })))).toEqual([
      ["factors.elasticity", "VALUE", "elasticity must be a number"],
    ]);
    expect(
      planLevel(
        rp([wl()], {
          elasticity: null,
          errors: [{ path: "factors.elasticity", kind: "NAME", message: "m" }],
        }),
      ).errors.map((e) => e.path),
    ).toEqual(["factors.elasticity"]);
    const r = planLevel(rp([wl({ inputTokens: null })], { elasticity: Number.NaN }));
    expect(errs(r)).toEqual([
      ["workloads[0]", "VALUE", "peakRps, inputTokens and outputTokens are required numbers"],
      ["factors.elasticity", "VALUE", "elasticity must be a number"],
    ]);
    expect(r.errors[1]!.problem).toEqual({
      code: "plan.elasticityNotNumber",
      severity: "error",
      params: {},
      path: "factors.elasticity",
    });
  });

  it("the schedules' errors are plan errors after the workloads'", () => {
    const schedule = { intervalSec: 3600, rps: [1, -1], minReplicas: null, leadIntervals: null };
    const r = planLevel(
      rp([
        wl({ inputTokens: null }),
        wl({ name: "v", schedule: { ...schedule, fromTrace: false } }),
      ]),
    );
    expect(r.errors.map((e) => e.path)).toEqual(["workloads[0]", "workloads[1].schedule.rps[1]"]);
    expect(r.schedules!.aligned).toBeNull();
  });
});

describe("assemblePlan", () => {
  // A fresh plan, level and SKU per test: assemblePlan may add to what it is given.
  const fresh = () => {
    const plan = resolvePlan(structuredClone(base()) as unknown as PlanFile);
    const level = planLevel(plan);
    return { plan, level, sku: computeSku(plan, 0, level.wlInputs, new Map()) };
  };

  it("a SKU's input error becomes a plan error once, without its subject; an error without a path is at the SKU", () => {
    const { plan, level, sku } = fresh();
    const p = { code: "plan.noSweep", severity: "error" as const, params: {} };
    const subject = "skus[0] (chat)";
    const sweepsChat = { ...p, subject, path: "skus[0].sweeps.chat" };
    const withErrors: SkuResult = {
      ...sku,
      errorProblems: [{ ...p, subject }, sweepsChat, sweepsChat],
    };
    const r = assemblePlan(plan, [withErrors], level);
    expect(r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)])).toEqual([
      ["skus[0]", "INPUT", "no sweep for this workload"],
      ["skus[0].sweeps.chat", "INPUT", "no sweep for this workload"],
    ]);
    expect(r.errors[0]!.problem).not.toHaveProperty("subject");
  });

  it("the aligned schedules' warnings are plan problems as well as plan warnings", () => {
    const chat = { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 };
    const schedule = { intervalSec: 3600, rps: [10, 20] };
    const r = compute(base({ workloads: [{ ...chat, schedule }] }));
    expect(r.problems!.map((p) => [p.code, p.path])).toEqual([
      ["schedule.aboveConstantPeak", "workloads[0].schedule.rps"],
    ]);
    expect(enW(r)).toHaveLength(1);
  });

  it("two SKUs reporting the same error at the same path: one plan error", () => {
    const { plan, level } = fresh();
    const noGpus = { ...plan, skus: [{ ...plan.skus[0]!, gpusPerReplica: 0 }] };
    const bad = computeSku(noGpus, 0, level.wlInputs, new Map());
    const r = assemblePlan(plan, [bad, bad], level);
    expect(r.errors.map((e) => [e.path, englishOf(e.problem)])).toEqual([
      ["skus[0].gpusPerReplica", "needs a positive number"],
    ]);
  });

  it("without teams the allocation is not computed (tenants null, the allocator never called)", () => {
    const { plan, level, sku } = fresh();
    let calls = 0;
    const r = assemblePlan(plan, [sku], level, () => {
      calls += 1;
      return {
        tenants: null,
        errors: [{ path: "tenants", kind: "VALUE", problem: textProblem("x", "error") }],
        problems: [textProblem("y")],
      };
    });
    expect([calls, r.tenants, r.errors, enW(r)]).toEqual([0, null, [], []]);
  });
});
