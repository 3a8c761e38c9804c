/**
 * Schedules in the plan (docs/schedules.md, "In the plan file"): `workloads[].schedule` through
 * resolve and computePlan to `skus[].schedule`, checked on hand-computed numbers: the worked
 * example of docs/schedules.md, a workload without a schedule adding its peak to every interval,
 * N+k, formulas in the rates, a schedule from a trace, errors with paths, `recommendBy`, and the
 * incremental engine equal to a fresh computation after edits.
 */
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../../src/engine/plan/incremental";
import { computePlan } from "../../../src/engine/plan/plan";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { trafficOf } from "../../../src/engine/demand/traffic";
import type { PlanFile } from "../../../src/engine/base/types";
import { planJson } from "../../../src/report/plan-output";
import type { SkuCapacityInput } from "../../../src/engine/chain/capacity";
import type { SkuResult } from "../../../src/engine/plan/plan-result";
import {
  DEFAULT_INTERVAL_SEC,
  planSchedules,
  recommendCost,
  skuSchedule,
} from "../../../src/engine/plan/plan-schedule";
import type {
  ResolvedPlan,
  ResolvedSchedule,
  ResolvedWorkload,
} from "../../../src/engine/plan/resolved-plan-types";
import type { TrafficSummary } from "../../../src/engine/base/traffic-types";
import { englishOf } from "../../../src/engine/base/problems";

/** A sweep of one given capacity per replica. */
const given = (n: number) => ({ replicaOutputTokensPerSec: n });
const sku = (over: Record<string, unknown> = {}) => ({
  ...{ name: "H100", gpusPerReplica: 4, pricePerGpuHour: 20, reservedPricePerGpuHour: 10 },
  ...{ sweep: given(1500), ...over },
});
/** chat: 50 req/s of 300 + 300 tokens, with this schedule (none when absent). */
const chat = (schedule?: Record<string, unknown>) => ({
  ...{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 },
  ...(schedule ? { schedule } : {}),
});
const ones = { peakRps: 1, inputTokens: 1, outputTokens: 1 };
/** A one-token workload with this schedule (for the validation cases). */
const tiny = (name: string, schedule: Record<string, unknown>) => ({ name, ...ones, schedule });

function plan(over: Record<string, unknown>): PlanFile {
  return {
    format: "capplan.plan/v1",
    workloads: [chat({ intervalSec: 3600, rps: [50, 25, 5, 0], minReplicas: 1, leadIntervals: 1 })],
    factors: { elasticity: 1.2, redundancy: 1.2 },
    skus: [sku()],
    ...over,
  } as PlanFile;
}

function compute(p: PlanFile) {
  const v = validatePlan(p);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return computePlan(resolvePlan(v.plan));
}

describe("schedules in the plan", () => {
  it("gives the worked example of docs/schedules.md: replicas 15·8·2·15, static 4,800, autoscaled 3,200, 8 reserved, blended 2,400", () => {
    const r = compute(plan({}));
    expect(r.errors).toEqual([]);
    const s = r.skus[0]!.schedule!;
    expect(s.replicas).toEqual([15, 8, 2, 15]);
    expect(s).toMatchObject({ staticReplicas: 15, staticCost: 4800, autoscaledCost: 3200 });
    expect(s).toMatchObject({ reservedReplicas: 8, blendedCost: 2400 });
    const savings = { autoscaled: 1600, autoscaledFraction: 1 / 3, blended: 2400 };
    expect(s.savings).toEqual({ ...savings, blendedFraction: 0.5 });
    // The constant plan is unchanged: 15 replicas at 80 per replica-hour.
    expect(r.skus[0]!.capacity?.costPerHour).toBe(1200);
  });

  it("a plan without schedules has no schedule key (outputs of v1 plans are unchanged)", () => {
    expect("schedule" in compute(plan({ workloads: [chat()] })).skus[0]!).toBe(false);
  });

  it("a workload without a schedule demands its peakRps in every interval; N+k adds k in each; formulas in the rates", () => {
    const r = compute(
      plan({
        cells: { night: 5 },
        workloads: [
          chat({ intervalSec: 3600, rps: [50, "=night * 5", "=night"] }),
          { name: "batch", peakRps: 10, inputTokens: 100, outputTokens: 150 },
        ],
        factors: { elasticity: 1, redundancy: { spare: 2 } },
      }),
    );
    expect(r.errors).toEqual([]);
    const s = r.skus[0]!.schedule!;
    // base_i = rps_i × 300 ÷ 1500 + 10 × 150 ÷ 1500 = rps_i ÷ 5 + 1 → 11, 6, 2; + 2 spare
    expect([s.replicasBase, s.replicas]).toEqual([
      [11, 6, 2],
      [13, 8, 4],
    ]);
    // 13 × 3 × 80 = 3,120; (13 + 8 + 4) × 80 = 2,000
    expect(s).toMatchObject({ staticCost: 3120, autoscaledCost: 2000 });
  });

  it("fromTrace: each interval takes its peak bin rate of the workload's trace", () => {
    // 60-s bins: minute 0 has 120 requests (2 rps), minute 1 has 60 (1 rps), minute 2 has 30 (0.5 rps).
    const recs: { t: number; input: number; output: number }[] = [];
    for (const [minute, n] of [120, 60, 30].entries())
      for (let k = 0; k < n; k++)
        recs.push({ t: 1_700_000_040 + minute * 60 + (k * 60) / n, input: 100, output: 750 });
    const t = trafficOf(recs, 60);
    if (!t.ok) throw new Error(t.error);
    expect(t.value.series).toEqual([2, 1, 0.5]);
    /** The plan's one workload "code" read from the trace, in intervals of this length. */
    const code = (intervalSec: number, over: Record<string, unknown> = {}, name?: string) =>
      compute(
        plan({
          workloads: [
            {
              name: "code",
              trace: { binSec: 60, ...(name ? { name } : {}), traffic: t.value },
              schedule: { intervalSec, fromTrace: true },
            },
          ],
          ...over,
        }),
      );
    const r = code(60, { factors: { elasticity: 1, redundancy: 1 } }, "code.csv");
    expect(r.errors).toEqual([]);
    expect(r.workloads[0]).toMatchObject({ peakRps: 2, outputTokens: 750 });
    const s = r.skus[0]!.schedule!;
    expect(s.demandRps).toEqual([2, 1, 0.5]);
    // 2 × 750 ÷ 1500 = 1, 0.5, 0.25 → 1, 1, 1
    expect(s.replicas).toEqual([1, 1, 1]);
    // 120-s intervals: the bins pair up from the epoch (1,700,000,040 is minute 28,333,334 → interval 14,166,667 holds minutes 0–1)
    expect(code(120).skus[0]!.schedule!.demandRps).toEqual([2, 0.5]);
    const bad = code(90);
    expect(bad.errors.map((e) => [e.path, e.problem?.code])).toEqual([
      ["workloads[0].schedule.intervalSec", "trace.intervalNotMultiple"],
    ]);
    expect(bad.skus[0]!.schedule).toBeNull();
  });

  it("schedules of different lengths or intervals are errors naming the path; the constant plan still computes", () => {
    const w5 = { peakRps: 5, inputTokens: 1, outputTokens: 300 };
    const r = compute(
      plan({
        workloads: [
          { ...w5, name: "a", schedule: { intervalSec: 3600, rps: [1, 2, 3] } },
          { ...w5, name: "b", schedule: { intervalSec: 1800, rps: [1, 2] } },
        ],
      }),
    );
    expect(r.errors.map((e) => [e.path, e.problem?.code])).toEqual([
      ["workloads[1].schedule.rps", "schedule.lengthMismatch"],
      ["workloads[1].schedule.intervalSec", "schedule.intervalMismatch"],
    ]);
    expect(r.skus[0]!.schedule).toBeNull();
    expect(r.skus[0]!.capacity?.replicas).toBe(Math.ceil(((10 * 300) / 1500) * 1.44));
  });

  it("validation: rps values, fromTrace without a trace, rps with fromTrace", () => {
    const v = validatePlan(
      plan({ workloads: [tiny("a", { rps: [1, -2, "x"], minReplicas: -1 })] }),
    );
    expect(v.ok).toBe(false);
    if (!v.ok)
      expect(v.errors.map((e) => e.path)).toEqual([
        "workloads[0].schedule.minReplicas",
        "workloads[0].schedule.rps[1]",
        "workloads[0].schedule.rps[2]",
      ]);
    const w = validatePlan(plan({ workloads: [tiny("a", { fromTrace: true, rps: [1] })] }));
    expect(w.ok).toBe(false);
    if (!w.ok)
      expect(w.errors.map((e) => e.path)).toEqual([
        "workloads[0].schedule.fromTrace",
        "workloads[0].schedule.rps",
      ]);
  });

  describe("recommendBy", () => {
    // A: 8 GPUs at 10 (80 per replica-hour), 15,000 tok/s per replica; B: 1 GPU at 9, 1,500 tok/s.
    // Demand 50, 1, 1, 1 rps × 300 output tokens = 15,000, 300, 300, 300 tok/s.
    // A: 1 replica in every hour: 80/h at peak, static = autoscaled = 320.
    // B: 10, 1, 1, 1 replicas: 90/h at peak, static 360, autoscaled 13 × 9 = 117.
    const two = (recommendBy?: string) =>
      compute(
        plan({
          workloads: [chat({ rps: [50, 1, 1, 1] })],
          factors: { elasticity: 1, redundancy: 1 },
          skus: [
            { name: "A", gpusPerReplica: 8, pricePerGpuHour: 10, sweep: given(15000) },
            { name: "B", gpusPerReplica: 1, pricePerGpuHour: 9, sweep: given(1500) },
          ],
          ...(recommendBy ? { recommendBy } : {}),
        }),
      );
    it("peak (default) and static pick A; autoscaled and blended (no reserved price: all on demand) pick B", () => {
      const r = two();
      const row = (s: SkuResult) => [s.capacity?.costPerHour, s.schedule!.staticCost];
      expect(r.skus.map((s) => [...row(s), s.schedule!.autoscaledCost])).toEqual([
        [80, 320, 320],
        [90, 360, 117],
      ]);
      expect(r.cheapest).toBe("A");
      expect("recommendBy" in r).toBe(false);
      expect(two("static").cheapest).toBe("A");
      expect(two("autoscaled").cheapest).toBe("B");
      expect(two("blended")).toMatchObject({ cheapest: "B", recommendBy: "blended" });
    });
    it("a schedule cost without any schedule falls back to peak with a warning", () => {
      const r = compute(plan({ workloads: [chat()], recommendBy: "autoscaled" }));
      expect(r.recommendBy).toBe("peak");
      expect(r.problems?.map((p) => p.code)).toContain("trace.recommendByNoSchedule");
    });
  });

  it("the incremental engine equals a fresh computation after edits of the rates, prices, reserved price and factors", () => {
    const lead1 = { minReplicas: 1, leadIntervals: 1 };
    const start = plan({
      cells: { night: 5 },
      workloads: [chat({ intervalSec: 3600, rps: [50, 25, "=night", 0], ...lead1 })],
    });
    const engine = createPlanEngine(start);
    let current = structuredClone(start) as unknown as Record<string, unknown>;
    const edits: [string, unknown][] = [
      ["cells.night", 30],
      ["workloads[0].schedule.rps[1]", 45],
      ["workloads[0].schedule.rps[3]", "=night / 2"],
      ["skus[0].reservedPricePerGpuHour", 15],
      ["skus[0].pricePerGpuHour", 12],
      ["workloads[0].schedule.leadIntervals", 0],
      ["factors.elasticity", 1.5],
      ["workloads[0].peakRps", 60],
    ];
    for (const [path, value] of edits) {
      const got = engine.edit(path, value);
      current = structuredClone(engine.sheet.plan()) as unknown as Record<string, unknown>;
      const fresh = computePlan(resolvePlan(current as unknown as PlanFile));
      expect(JSON.stringify(planJson(got)), path).toBe(JSON.stringify(planJson(fresh)));
    }
    // After the edits: rates 50, 45, 30, 15; price 12, reserved 15 (not cheaper: nothing reserved).
    const s = engine.result().skus[0]!.schedule!;
    expect(s.demandRps).toEqual([50, 45, 30, 15]);
    expect(s).toMatchObject({ reservedReplicas: 0, blendedCost: s.autoscaledCost });
  });
});

describe("planSchedules, skuSchedule and recommendCost, by hand", () => {
  /**
   * Schedules in the plan (src/engine/plan/plan-schedule.ts, docs/schedules.md "In the plan file"): which
   * workloads' schedules are aligned, the default interval, a schedule taken from a trace, errors
   * with their paths, the factors handed to each SKU, and the cost a recommendation compares
   * (issue #15). Hand-built resolved plans; hand-calculated numbers.
   */
  const sched = (over: Partial<ResolvedSchedule> = {}): ResolvedSchedule => ({
    ...{ intervalSec: 3600, rps: [10, 5], minReplicas: null, leadIntervals: null },
    ...{ fromTrace: false, ...over },
  });
  const wl = (name: string, over: Partial<ResolvedWorkload> = {}): ResolvedWorkload => ({
    ...{ name, peakRps: 10, avgRps: null, dailyRequests: null, inputTokens: 100 },
    ...{ outputTokens: 300, ...over },
  });
  /** A resolved SKU of 2 GPUs at 5 an hour, named and priced as given. */
  const rsku = (name: string, over: Record<string, unknown> = {}) =>
    Object.assign({ name, gpu: null, gpusPerReplica: 2, pricePerGpuHour: 5, sweeps: {} }, over);
  const plan = (workloads: ResolvedWorkload[], over: Partial<ResolvedPlan> = {}): ResolvedPlan => ({
    ...{ title: "t", currency: "USD", cells: {}, workloads, slo: [], sloMode: "measured" },
    ...{ maxErrorRatePct: 0, elasticity: 1, redundancy: { factor: 1 }, skus: [rsku("S")] },
    ...{ tenants: null, errors: [], ...over },
  });
  /** A trace summary: 60-s bins starting at t = 0 with rates 4, 1, 2, 6. */
  const traffic = { series: [4, 1, 2, 6], binSec: 60, seriesStartSec: 0 } as TrafficSummary;
  /** What planSchedules gives when the schedules are left out. */
  const leftOut = { aligned: null, errors: [], warnings: [] };
  const nameErrors = (path: string) => [{ path, kind: "NAME" as const, message: "x" }];

  describe("planSchedules", () => {
    it("is null when no workload has a schedule", () => {
      expect(planSchedules(plan([wl("a"), wl("b")]))).toBeNull();
    });

    it("aligns the schedules: a workload without one demands its peak in every interval; the interval defaults to an hour", () => {
      expect(DEFAULT_INTERVAL_SEC).toBe(3600);
      const r = planSchedules(
        plan([
          wl("a", {
            schedule: sched({ intervalSec: null, rps: [10, 5], minReplicas: 2, leadIntervals: 1 }),
          }),
          wl("b", { peakRps: 3 }),
        ]),
      )!;
      expect(r.errors).toEqual([]);
      expect(r.warnings).toEqual([]);
      const rps = [
        [10, 5],
        [3, 3],
      ];
      const counts = { intervalSec: 3600, intervals: 2, minReplicas: 2, leadIntervals: 1 };
      expect(r.aligned).toEqual({ ...counts, rps, demandRps: [13, 8], warnings: [] });
    });

    it("a rate whose formula gave null is NaN (an invalid rate at its index); no rps list is an empty schedule", () => {
      const r = planSchedules(plan([wl("a", { schedule: sched({ rps: [1, null] }) })]))!;
      expect(r.aligned).toBeNull();
      expect(r.errors.map((e) => [e.path, e.kind, e.problem?.code])).toEqual([
        ["workloads[0].schedule.rps[1]", "VALUE", "schedule.rpsInvalid"],
      ]);
      expect(englishOf(r.errors[0]!.problem)).toContain("NaN");
      const e = planSchedules(plan([wl("a", { schedule: sched({ rps: null }) })]))!;
      expect(e.errors.map((x) => [x.path, x.problem?.code])).toEqual([
        ["workloads[0].schedule.rps", "schedule.empty"],
      ]);
    });

    it("a formula error in a workload's schedule leaves the schedules out without a second error; one elsewhere does not", () => {
      const s = plan([wl("a", { schedule: sched() })]);
      const withError = (path: string) => planSchedules({ ...s, errors: nameErrors(path) });
      expect(withError("workloads[0].schedule.rps[0]")).toEqual(leftOut);
      expect(withError("workloads[0].schedule")).toEqual(leftOut);
      // An error of the workload's peak, of another workload's schedule, or of a cell is not the schedule's.
      for (const p of [
        "workloads[0].peakRps",
        "workloads[1].schedule.rps[0]",
        "cells.workloads[0].schedule",
      ])
        expect(withError(p)!.aligned?.demandRps, p).toEqual([10, 5]);
    });

    it("a formula error in one workload's schedule leaves out every schedule, not only its own (no half-aligned plan)", () => {
      // Both schedules aligned: 10 + 10 and 5 + 5. Without the rule, b alone would be aligned beside a's peak (20, 15).
      const two = plan([wl("a", { schedule: sched() }), wl("b", { schedule: sched() })]);
      expect(planSchedules(two)!.aligned?.demandRps).toEqual([20, 10]);
      const errors = nameErrors("workloads[0].schedule.rps[1]");
      expect(planSchedules({ ...two, errors })).toEqual(leftOut);
    });

    it("the warnings of the aligned schedules (a rate above the constant peak) are the plan's, with no error", () => {
      const r = planSchedules(plan([wl("a", { peakRps: 4, schedule: sched({ rps: [10, 5] }) })]))!;
      expect(r.errors).toEqual([]);
      expect(r.warnings.map((w) => [w.code, w.path])).toEqual([
        ["schedule.aboveConstantPeak", "workloads[0].schedule.rps"],
      ]);
      expect(r.aligned!.warnings).toBe(r.warnings);
    });

    it("alignment errors are plan errors of kind VALUE with their path and English message", () => {
      const r = planSchedules(
        plan([
          wl("a", { schedule: sched({ rps: [1, 2] }) }),
          wl("b", { schedule: sched({ rps: [1, 2, 3] }) }),
        ]),
      )!;
      expect(r.aligned).toBeNull();
      expect(r.warnings).toEqual([]);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatchObject({
        path: "workloads[1].schedule.rps",
        kind: "VALUE",
        problem: { code: "schedule.lengthMismatch" },
      });
      expect(englishOf(r.errors[0]!.problem)).toBe(
        'workload "b": the schedule has 3 values but "a"\'s has 2; schedules of one plan share their length',
      );
    });

    describe("fromTrace", () => {
      /** planSchedules of workload a with the trace and a fromTrace schedule written as `over`. */
      const fromTrace = (over: Partial<ResolvedSchedule>) =>
        planSchedules(plan([wl("a", { traffic, schedule: sched({ ...over, fromTrace: true }) })]))!;
      it("takes each interval's peak bin rate of the trace (120-s intervals: max(4, 1), max(2, 6))", () => {
        const r = fromTrace({ intervalSec: 120, rps: null });
        expect(r.errors).toEqual([]);
        expect(r.aligned!.rps).toEqual([[4, 6]]);
        expect(r.aligned!.intervalSec).toBe(120);
        // With the default interval of an hour every bin falls in one interval.
        expect(fromTrace({ intervalSec: null, rps: null }).aligned!.rps).toEqual([[6]]);
      });

      it("ignores written rates when it takes the trace's", () => {
        expect(fromTrace({ intervalSec: 60, rps: [100, 100] }).aligned!.rps).toEqual([
          [4, 1, 2, 6],
        ]);
      });

      it("without a trace it is an error at schedule.fromTrace naming the workload", () => {
        const r = planSchedules(
          plan([wl("a"), wl("b", { traffic: null, schedule: sched({ fromTrace: true }) })]),
        )!;
        expect(r.aligned).toBeNull();
        expect(r.errors.map((e) => [e.path, e.kind, e.problem?.code])).toEqual([
          ["workloads[1].schedule.fromTrace", "VALUE", "trace.fromTraceWithoutTrace"],
        ]);
        expect(englishOf(r.errors[0]!.problem)).toBe(
          'workload "b": the schedule is fromTrace but the workload has no imported trace',
        );
      });

      it("an interval that is not a whole multiple of the bins, zero, negative or not finite is an error at schedule.intervalSec", () => {
        const cases: [number, string][] = [
          [90, "90"],
          [0, "0"],
          [-60, "-60"],
          [Number.NaN, "n/a"],
          [Number.POSITIVE_INFINITY, "∞"],
        ];
        for (const [intervalSec, shown] of cases) {
          const r = fromTrace({ intervalSec });
          expect(r.aligned, String(intervalSec)).toBeNull();
          expect(
            r.errors.map((e) => [e.path, e.problem?.code, englishOf(e.problem!)]),
            String(intervalSec),
          ).toEqual([
            [
              "workloads[0].schedule.intervalSec",
              "trace.intervalNotMultiple",
              `workload "a": the schedule's intervalSec ${shown} is not a whole multiple of the trace's 60-s bins`,
            ],
          ]);
        }
      });
    });
  });

  describe("skuSchedule", () => {
    /** One workload's part of a SKU's capacity: its demand and the replica capacity for it. */
    const part = (name: string, peakRps: number, inT: number, outT: number, replica: number) => ({
      workload: { name, peakRps, inputTokens: inT, outputTokens: outT },
      replicaOutputTokensPerSec: replica,
    });
    const cap = (over: Partial<SkuCapacityInput> = {}): SkuCapacityInput => ({
      ...{ gpusPerReplica: 2, pricePerGpuHour: 5, perWorkload: [part("a", 10, 100, 300, 1000)] },
      ...over,
    });
    const one = (over: Partial<ResolvedPlan> = {}, s: Partial<ResolvedSchedule> = {}) => {
      const p = plan([wl("a", { schedule: sched(s) })], over);
      return { p, aligned: planSchedules(p)!.aligned! };
    };

    it("replicas and costs of each interval: 10 and 5 rps × 300 ÷ 1,000 = 3 and 1.5 → 3 and 2 replicas × 2 GPUs × 5", () => {
      const { p, aligned } = one();
      const r = skuSchedule(p, 0, cap(), aligned);
      expect(r.problems).toEqual([]);
      expect(r.value!.replicas).toEqual([3, 2]);
      const costs = { staticCost: 60, autoscaledCost: 50 };
      expect(r.value).toMatchObject({ ...costs, reservedReplicas: null, blendedCost: null });
    });

    it("hands elasticity and the redundancy factor or N+k spare to the schedule", () => {
      // × 1.5 × 2: 9 and 4.5 → 9 and 5
      const f = one({ elasticity: 1.5, redundancy: { factor: 2 } });
      expect(skuSchedule(f.p, 0, cap(), f.aligned).value!.replicas).toEqual([9, 5]);
      // + 2 spare: 5 and 4
      const s = one({ redundancy: { spare: 2 } });
      expect(skuSchedule(s.p, 0, cap(), s.aligned).value!.replicas).toEqual([5, 4]);
    });

    it("a missing elasticity, spare or factor is invalid factors (no schedule), not a default", () => {
      for (const [over, code] of [
        [{ elasticity: null }, "capacity.elasticityInvalid"],
        [{ redundancy: { spare: null } }, "capacity.spareInvalid"],
        [{ redundancy: { factor: null } }, "capacity.redundancyInvalid"],
      ] as [Partial<ResolvedPlan>, string][]) {
        const { p, aligned } = one(over);
        const r = skuSchedule(p, 0, cap(), aligned);
        expect(r.value, JSON.stringify(over)).toBeNull();
        expect(r.problems.map((x) => x.code)).toEqual([code]);
        expect(r.problems[0]!.params).toMatchObject({ got: "NaN" });
      }
    });

    it("uses the SKU's reserved price (blend) and its path; the SKU index picks the SKU", () => {
      const skus = [rsku("X"), rsku("Y", { reservedPricePerGpuHour: 2 })];
      const { p, aligned } = one({ skus });
      const r = skuSchedule(p, 1, cap(), aligned);
      // 3 reserved at 3 × 2 GPUs × 2 = 12 per hour → 24 (2 reserved + 1 on demand in hour 0: 16 + 10 = 26)
      expect(r.value!.reservedReplicas).toBe(3);
      expect(r.value!.blendedCost).toBe(24);
      expect(skuSchedule(p, 0, cap(), aligned).value!.reservedReplicas).toBeNull();
      // A negative reserved price is an error at that SKU's path.
      const bad = one({ skus: [skus[0]!, { ...skus[1]!, reservedPricePerGpuHour: -1 }] });
      const e = skuSchedule(bad.p, 1, cap(), bad.aligned);
      expect(e.value).toBeNull();
      expect(e.problems.map((x) => [x.code, x.path])).toEqual([
        ["schedule.skuInputInvalid", "skus[1].reservedPricePerGpuHour"],
      ]);
    });

    it("hands each workload's output tokens and replica capacity in order", () => {
      const p = plan([wl("a", { schedule: sched({ rps: [10, 0] }) }), wl("b", { peakRps: 2 })]);
      const aligned = planSchedules(p)!.aligned!;
      const c = cap({ perWorkload: [part("a", 10, 1, 300, 1000), part("b", 2, 1, 1000, 500)] });
      // hour 0: 10 × 0.3 + 2 × 2 = 7; hour 1: 0 + 4 = 4
      expect(skuSchedule(p, 0, c, aligned).value!.replicasBase).toEqual([7, 4]);
    });

    it("keeps only the SKU's own problems: the aligned schedules' warnings are the plan's", () => {
      const skus = [rsku("X", { reservedPricePerGpuHour: 6 })];
      const p = plan([wl("a", { peakRps: 4, schedule: sched({ rps: [10, 5] }) })], { skus });
      const aligned = planSchedules(p)!.aligned!;
      expect(aligned.warnings.map((w) => w.code)).toEqual(["schedule.aboveConstantPeak"]);
      const r = skuSchedule(p, 0, cap(), aligned);
      expect(r.problems.map((x) => [x.code, x.path])).toEqual([
        ["schedule.reservedNotCheaper", "skus[0].reservedPricePerGpuHour"],
      ]);
      expect(r.value!.problems).toEqual(r.problems);
    });
  });

  describe("recommendCost", () => {
    const s = (
      capacity: number | null,
      schedule?: Partial<NonNullable<SkuResult["schedule"]>> | null,
    ): SkuResult =>
      ({
        name: "s",
        capacity: capacity === null ? null : { costPerHour: capacity },
        ...(schedule === undefined ? {} : { schedule }),
      }) as unknown as SkuResult;

    const sc = { staticCost: 320, autoscaledCost: 117, blendedCost: 90 };
    // peak: the cost per hour; a SKU without a schedule key also gives its cost per hour whatever
    // is asked; static, autoscaled and blended take the schedule's cost; blended without a reserved
    // price is the autoscaled cost; a SKU whose schedule did not compute (null) has no cost to compare
    it.each([
      ["peak", s(80, { staticCost: 1, autoscaledCost: 2, blendedCost: 3 }), 80],
      ["autoscaled", s(80), 80],
      ["peak", s(null), undefined],
      ["static", s(80, sc), 320],
      ["autoscaled", s(80, sc), 117],
      ["blended", s(80, sc), 90],
      ["blended", s(80, { ...sc, blendedCost: null }), 117],
      ["static", s(80, null), undefined],
      ["blended", s(80, null), undefined],
    ] as const)("by %s: %j → %s", (by, sku, cost) => {
      expect(recommendCost(sku, by)).toBe(cost);
    });
  });
});
