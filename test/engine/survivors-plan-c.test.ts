/**
 * The plan computation (src/engine/plan/plan.ts), round 3 of issue #15: where each plan-level problem
 * points (its `path` as a value, not only the error entry's), a SKU without a sweep for a
 * workload, an unread sweep file, the inline sweep's defaults, a SKU's GPUs / price at 0 and
 * Infinity, the failed-share reason against an SLO that fails by more, the saturated warning of a
 * point without a load value, the recommendation with a SKU that has no cost, and the allocation
 * only when the plan has teams. Hand-computed numbers, exact texts.
 */
import { describe, expect, it } from "vitest";
import { assemblePlan, computePlan, computeSku, planLevel } from "../../src/engine/plan/plan";
import type { FileSweep } from "../../src/engine/plan/plan-result";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";
import { base, point, skuA } from "./plan-builders";
import { englishOf } from "../../src/engine/base/problems";

type Resolved = ReturnType<typeof resolvePlan>;
const resolve = (p: unknown): Resolved => resolvePlan(structuredClone(p) as PlanFile);
const compute = (p: unknown, files?: ReadonlyMap<string, FileSweep>) =>
  computePlan(resolve(p), files);

/** A resolved plan written by hand (for planLevel: no parsing in between). */
const rp = (workloads: unknown[], over: Record<string, unknown> = {}) =>
  ({
    title: "t",
    currency: "USD",
    cells: {},
    workloads,
    slo: [],
    sloMode: "measured",
    maxErrorRatePct: 1,
    elasticity: 1,
    redundancy: { factor: 1 },
    skus: [],
    tenants: null,
    errors: [],
    ...over,
  }) as unknown as Resolved;
const wl = (over: Record<string, unknown> = {}) => ({
  name: "w",
  peakRps: 2,
  avgRps: 1,
  dailyRequests: 50,
  inputTokens: 10,
  outputTokens: 20,
  ...over,
});

describe("planLevel: each problem points where its error entry does", () => {
  it("a trace not read: the problem's path is workloads[0].trace", () => {
    const r = planLevel(
      rp([
        wl({
          peakRps: null,
          trace: { file: "t.csv", name: null, binSec: 60, peak: "max" },
          traffic: null,
        }),
      ]),
    );
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.problem).toEqual({
      code: "trace.notRead",
      severity: "error",
      params: { workload: "w", file: "t.csv" },
      path: "workloads[0].trace",
    });
  });

  it("a read trace without a number: the problem's path is the field's (workloads[0].peakRps), and another part's error does not hide it", () => {
    const w = wl({
      peakRps: null,
      trace: { file: "t.csv", name: null, binSec: 60, peak: "max" },
      traffic: {},
    });
    const r = planLevel(rp([w], { errors: [{ path: "cells.x", kind: "NAME", message: "m" }] }));
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

  it("a workload missing a number: the problem's path is workloads[1]", () => {
    const r = planLevel(rp([wl(), wl({ name: "v", outputTokens: null })]));
    expect(r.errors.map((e) => e.problem)).toEqual([
      { code: "plan.workloadNumbers", severity: "error", params: {}, path: "workloads[1]" },
    ]);
  });

  it("an elasticity that is not a number: its problem is at factors.elasticity, also beside another error", () => {
    const r = planLevel(rp([wl({ inputTokens: null })], { elasticity: Number.NaN }));
    expect(r.errors.map((e) => [e.path, e.kind, e.message])).toEqual([
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
});

describe("computeSku: sweeps", () => {
  it("a SKU with no sweep for a workload: unknown, 'no sweep for this workload' at skus[0].sweeps.docs", () => {
    const plan = resolve(
      base({
        workloads: [
          { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 },
          { name: "docs", peakRps: 1, inputTokens: 100, outputTokens: 100 },
        ],
        skus: [
          {
            name: "A",
            gpusPerReplica: 2,
            pricePerGpuHour: 3,
            sweeps: { chat: { points: [point()] } },
          },
        ],
      }),
    );
    const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
    expect(s.feasible).toBeNull();
    expect(s.errorProblems.map(englishOf)).toEqual(["skus[0] (docs): no sweep for this workload"]);
    expect(s.errorProblems).toEqual([
      {
        code: "plan.noSweep",
        severity: "error",
        params: {},
        subject: "skus[0] (docs)",
        path: "skus[0].sweeps.docs",
      },
    ]);
    expect(s.capacity).toBeNull();
  });

  it("a sweep file that could not be read (errors as text): each error is an error problem at the workload's sweep", () => {
    const plan = resolve(base({ skus: [skuA({ sweep: { file: "s.csv" } })] }));
    const files = new Map<string, FileSweep>([
      ["s.csv", { ok: false, errors: ["s.csv: no header"] }],
    ]);
    const s = computeSku(plan, 0, planLevel(plan).wlInputs, files);
    expect(s.feasible).toBeNull();
    expect(s.errorProblems).toHaveLength(1);
    expect(s.errorProblems[0]).toMatchObject({
      severity: "error",
      subject: "skus[0] (chat)",
      path: "skus[0].sweeps.chat",
    });
    expect(s.errorProblems.map(englishOf)).toEqual(["skus[0] (chat): s.csv: no header"]);
  });

  it("an inline sweep without a label or warnings is 'inline sweep' with no warnings; its own warnings are kept", () => {
    const plan = resolve(base());
    const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
    expect(s.workloads[0]!.sweep!.label).toBe("inline sweep");
    expect(s.workloads[0]!.sweep!.warnings).toEqual([]);
    const withWarnings = {
      ...plan,
      skus: [
        {
          ...plan.skus[0]!,
          sweeps: { chat: { kind: "points" as const, points: [point()], warnings: ["w1"] } },
        },
      ],
    } as unknown as Resolved;
    expect(
      computeSku(withWarnings, 0, planLevel(withWarnings).wlInputs, new Map()).workloads[0]!.sweep!
        .warnings,
    ).toEqual(["w1"]);
  });

  it("a given capacity beside an SLO without a limit: no 'SLOs not checked' warning (no SLO is checkable), 2,500 ÷ 500 = 5 replicas", () => {
    const plan = resolve(
      base({
        slo: [{ metric: "ttft", stat: "p99", maxMs: null }],
        skus: [skuA({ sweep: { replicaOutputTokensPerSec: 500 } })],
      }),
    );
    const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
    expect(s.workloads[0]!.problems).toEqual([]);
    expect(s.workloads[0]!.replicasBase).toBe(5);
    // With a limit, the warning is there.
    const checked = resolve(base({ skus: [skuA({ sweep: { replicaOutputTokensPerSec: 500 } })] }));
    expect(
      computeSku(checked, 0, planLevel(checked).wlInputs, new Map()).workloads[0]!.problems.map(
        englishOf,
      ),
    ).toEqual([
      "A: capacity for chat is given (500 tok/s), so the SLOs were not checked against a sweep",
    ]);
  });

  it("problems without a path get none (no path key at all), problems with one keep it", () => {
    const plan = resolve(base());
    const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
    const p = s.workloads[0]!.problems[0]!;
    expect(p.code).toBe("slo.allPassHighest");
    expect(Object.hasOwn(p, "path")).toBe(false);
    // A sweep file's problems that point somewhere keep their path (not the workload's sweep).
    const fp = resolve(base({ skus: [skuA({ sweep: { file: "s.csv" } })] }));
    const files = new Map<string, FileSweep>([
      [
        "s.csv",
        {
          ok: false,
          errors: ["x"],
          problems: [{ code: "plan.noSweep", severity: "error", params: {}, path: "somewhere" }],
        },
      ],
    ]);
    expect(computeSku(fp, 0, planLevel(fp).wlInputs, files).errorProblems).toEqual([
      {
        code: "plan.noSweep",
        severity: "error",
        params: {},
        subject: "skus[0] (chat)",
        path: "somewhere",
      },
    ]);
  });
});

describe("computeSku: why infeasible or unknown", () => {
  it("the lowest load fails an SLO by 100 % and the failed share by 50 %: the SLO is the reason (the larger overrun)", () => {
    // TTFT 2,000 ms against 1,000: +100 %; failed 3 of 200 = 1.5 % against 1 %: +50 %.
    const s = compute(
      base({
        maxErrorRatePct: 1,
        skus: [
          skuA({
            sweep: { points: [point({ ttftMs: { p99: 2000 }, completed: 197, failed: 3 })] },
          }),
        ],
      }),
    ).skus[0]!;
    expect(s.feasible).toBe(false);
    expect(s.infeasibleProblem!.code).toBe("plan.sloAtLowest");
    expect(s.infeasibleProblem!.params).toMatchObject({
      valueMs: 2000,
      overMs: 1000,
      overPct: 100,
    });
  });

  it("a point whose failed share is unknown: unknown, and no 'statistics missing' reason (every SLO statistic is there)", () => {
    const s = compute(base({ skus: [skuA({ sweep: { points: [point({ failed: 2 })] } })] }))
      .skus[0]!;
    expect(s.feasible).toBeNull();
    expect(s.infeasibleProblem).toBeNull();
    expect(s.sloChecked).toBe(false);
  });
});

describe("computeSku: when capacity is computed", () => {
  const withSku = (over: Record<string, unknown>) => {
    const plan = resolve(base());
    const sku = { ...plan.skus[0]!, ...over };
    const p = { ...plan, skus: [sku] } as Resolved;
    return computeSku(p, 0, planLevel(p).wlInputs, new Map());
  };

  it("0 GPUs per replica: an error, no capacity (not 5 replicas × 0 GPUs)", () => {
    const s = withSku({ gpusPerReplica: 0 });
    expect(s.capacity).toBeNull();
    expect(s.errorProblems.map(englishOf)).toEqual([
      "skus[0].gpusPerReplica: needs a positive number",
    ]);
  });

  it("Infinity GPUs per replica or price: an error, no capacity", () => {
    const g = withSku({ gpusPerReplica: Infinity });
    expect(g.capacity).toBeNull();
    expect(g.errorProblems.map((p) => p.path)).toEqual(["skus[0].gpusPerReplica"]);
    const p = withSku({ pricePerGpuHour: Infinity });
    expect(p.capacity).toBeNull();
    expect(p.errorProblems.map((q) => q.path)).toEqual(["skus[0].pricePerGpuHour"]);
  });

  it("a price of exactly 0: capacity with 5 replicas × 2 GPUs at 0 an hour", () => {
    const s = withSku({ pricePerGpuHour: 0 });
    expect(s.capacity).toMatchObject({ replicas: 5, gpus: 10, costPerHour: 0 });
    expect(s.errorProblems.map(englishOf)).toEqual([]);
  });

  it("a formula error elsewhere in the plan does not hide the SKU's own input error", () => {
    const plan = resolve(base());
    const p = {
      ...plan,
      skus: [{ ...plan.skus[0]!, gpusPerReplica: 0 }],
      errors: [{ path: "cells.x", kind: "NAME", message: "m" }],
    } as unknown as Resolved;
    expect(
      computeSku(p, 0, planLevel(p).wlInputs, new Map()).errorProblems.map((q) => q.path),
    ).toEqual(["skus[0].gpusPerReplica"]);
    // Its own formula error does.
    const q = {
      ...p,
      errors: [{ path: "skus[0].gpusPerReplica", kind: "NAME", message: "m" }],
    } as unknown as Resolved;
    expect(computeSku(q, 0, planLevel(q).wlInputs, new Map()).errorProblems).toEqual([]);
  });

  it("an elasticity of 0.5: the capacity's 'below 1' warning is a problem of the SKU too", () => {
    const s = compute(base({ factors: { elasticity: 0.5, redundancy: 1 } })).skus[0]!;
    expect(s.problems.map((p) => [p.code, p.path])).toEqual([
      ["slo.allPassHighest", undefined],
      ["capacity.factorBelowOne", "factors.elasticity"],
    ]);
  });
});

describe("the saturated warning", () => {
  const TAIL =
    ": throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee";

  it("a sweep along achieved req/s (no concurrency, no request rate): the operating point is at its rps, 4 req/s, not 'an unknown load'", () => {
    // 1 → 2 req/s: throughput 100 → 190 (+90 % for +100 %), TTFT × 1.2: linear; 2 → 4: 190 → 200 (+5.3 % for +100 %,
    // efficiency 0.053 < 0.2): saturated, the knee at the third point. Every point passes: the operating point is the
    // one with the most throughput, the third (4 req/s).
    const points = [
      { rps: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
      { rps: 2, outputTokensPerSec: 190, ttftMs: { p99: 120 } },
      { rps: 4, outputTokensPerSec: 200, ttftMs: { p99: 400 } },
    ];
    const s = compute(base({ skus: [skuA({ sweep: { points } })] })).skus[0]!;
    expect(s.workloads[0]!.zones).toEqual(["linear", "linear", "saturated"]);
    expect(s.operatingPoint).toMatchObject({ concurrency: null, requestRate: null, rps: 4 });
    const sat = s.problems.find((p) => p.code === "plan.saturated")!;
    expect(sat.params).toEqual({ kind: "rps", at: 4, kneeKind: "rps", knee: 4 });
    expect(s.problems.map(englishOf)).toContain(
      `A: the operating point (4 req/s achieved) lies in the saturated zone (the knee is at 4 req/s achieved)${TAIL}`,
    );
  });

  it("an operating point with no load value at all (after a saturated step): 'an unknown load' of the sweep's axis", () => {
    // c 1 → 2: throughput 100 → 110 (efficiency 0.1 < 0.2): saturated from the first point, the knee at c 1. The third
    // point has no concurrency and no rps (sorted last, saturated like the step before) and the most throughput (120).
    const points = [
      { concurrency: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
      { concurrency: 2, outputTokensPerSec: 110, ttftMs: { p99: 150 } },
      { outputTokensPerSec: 120, ttftMs: { p99: 160 } },
    ];
    const s = compute(base({ skus: [skuA({ sweep: { points } })] })).skus[0]!;
    expect(s.workloads[0]!.zones).toEqual(["saturated", "saturated", "saturated"]);
    const sat = s.problems.find((p) => p.code === "plan.saturated")!;
    expect(sat.params).toEqual({ kind: "concurrency", at: null, kneeKind: "concurrency", knee: 1 });
    expect(s.problems.map(englishOf)).toContain(
      `A: the operating point (an unknown load) lies in the saturated zone (the knee is at concurrency 1)${TAIL}`,
    );
  });
});

describe("assemblePlan", () => {
  it("a feasible SKU without a cost (0 GPUs) is never recommended over one with a cost", () => {
    const r = compute(base({ skus: [skuA(), skuA({ name: "B", gpusPerReplica: 0 })] }));
    expect(r.skus[1]!.feasible).toBe(true);
    expect(r.skus[1]!.capacity).toBeNull();
    expect(r.cheapest).toBe("A");
  });

  it("a schedule cost without schedules: the warning names the cost asked for", () => {
    const r = compute(base({ recommendBy: "autoscaled" }));
    expect(r.warnings).toEqual([
      'recommendBy is "autoscaled" but the plan has no schedule; the recommendation compares the cost at peak',
    ]);
  });

  it("the aligned schedules' warnings are plan problems as well as plan warnings", () => {
    const r = compute(
      base({
        workloads: [
          {
            name: "chat",
            peakRps: 10,
            inputTokens: 100,
            outputTokens: 250,
            schedule: { intervalSec: 3600, rps: [10, 20] },
          },
        ],
      }),
    );
    expect(r.problems!.map((p) => [p.code, p.path])).toEqual([
      ["schedule.aboveConstantPeak", "workloads[0].schedule.rps"],
    ]);
    expect(r.warnings).toHaveLength(1);
  });

  it("two SKUs reporting the same error at the same path: one plan error", () => {
    const plan = resolve(base());
    const level = planLevel(plan);
    const sku = computeSku(
      { ...plan, skus: [{ ...plan.skus[0]!, gpusPerReplica: 0 }] } as Resolved,
      0,
      level.wlInputs,
      new Map(),
    );
    const r = assemblePlan(plan, [sku, sku], level);
    expect(r.errors.map((e) => [e.path, e.message])).toEqual([
      ["skus[0].gpusPerReplica", "needs a positive number"],
    ]);
  });

  it("without teams the allocation is not computed (tenants null, the allocator never called)", () => {
    const plan = resolve(base());
    let calls = 0;
    const r = assemblePlan(
      plan,
      [computeSku(plan, 0, planLevel(plan).wlInputs, new Map())],
      planLevel(plan),
      () => {
        calls += 1;
        return {
          tenants: null,
          errors: [{ path: "tenants", kind: "VALUE", message: "x" }],
          warnings: ["y"],
          problems: [],
        };
      },
    );
    expect(calls).toBe(0);
    expect(r.tenants).toBeNull();
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });
});

describe("sloChecked", () => {
  it("one workload from a checked sweep and one with a given capacity: the SKU is not checked (every workload must be)", () => {
    const two = base({
      workloads: [
        { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 },
        { name: "docs", peakRps: 1, inputTokens: 100, outputTokens: 100 },
      ],
      skus: [
        {
          name: "A",
          gpusPerReplica: 2,
          pricePerGpuHour: 3,
          sweeps: { chat: { points: [point()] }, docs: { replicaOutputTokensPerSec: 100 } },
        },
      ],
    });
    const s = compute(two).skus[0]!;
    expect(s.feasible).toBe(true);
    expect(s.sloChecked).toBe(false);
    // 2,500 ÷ 500 + 100 ÷ 100 = 6 replicas.
    expect(s.capacity).toMatchObject({ replicasBase: 6, replicas: 6 });
  });
});
