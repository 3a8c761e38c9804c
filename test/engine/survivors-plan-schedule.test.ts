/**
 * Schedules in the plan (src/engine/plan/plan-schedule.ts, docs/schedules.md "In the plan file"): which
 * workloads' schedules are aligned, the default interval, a schedule taken from a trace, errors
 * with their paths, the factors handed to each SKU, and the cost a recommendation compares
 * (issue #15). Hand-built resolved plans; hand-calculated numbers.
 */
import { describe, expect, it } from "vitest";
import type { SkuCapacityInput } from "../../src/engine/chain/capacity";
import type { SkuResult } from "../../src/engine/plan/plan-result";
import {
  DEFAULT_INTERVAL_SEC,
  planSchedules,
  recommendCost,
  skuSchedule,
} from "../../src/engine/plan/plan-schedule";
import type {
  ResolvedPlan,
  ResolvedSchedule,
  ResolvedWorkload,
} from "../../src/engine/plan/resolved-plan-types";
import type { TrafficSummary } from "../../src/engine/base/traffic-types";

const sched = (over: Partial<ResolvedSchedule> = {}): ResolvedSchedule => ({
  intervalSec: 3600,
  rps: [10, 5],
  minReplicas: null,
  leadIntervals: null,
  fromTrace: false,
  ...over,
});
const wl = (name: string, over: Partial<ResolvedWorkload> = {}): ResolvedWorkload => ({
  name,
  peakRps: 10,
  avgRps: null,
  dailyRequests: null,
  inputTokens: 100,
  outputTokens: 300,
  ...over,
});
const plan = (workloads: ResolvedWorkload[], over: Partial<ResolvedPlan> = {}): ResolvedPlan => ({
  title: "t",
  currency: "USD",
  cells: {},
  workloads,
  slo: [],
  sloMode: "measured",
  maxErrorRatePct: 0,
  elasticity: 1,
  redundancy: { factor: 1 },
  skus: [{ name: "S", gpu: null, gpusPerReplica: 2, pricePerGpuHour: 5, sweeps: {} }],
  tenants: null,
  errors: [],
  ...over,
});
/** A trace summary: 60-s bins starting at t = 0 with rates 4, 1, 2, 6. */
const traffic = {
  series: [4, 1, 2, 6],
  binSec: 60,
  seriesStartSec: 0,
} as unknown as TrafficSummary;

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
    expect(r.aligned).toEqual({
      intervalSec: 3600,
      intervals: 2,
      minReplicas: 2,
      leadIntervals: 1,
      rps: [
        [10, 5],
        [3, 3],
      ],
      demandRps: [13, 8],
      warnings: [],
    });
  });

  it("a rate whose formula gave null is NaN (an invalid rate at its index); no rps list is an empty schedule", () => {
    const r = planSchedules(plan([wl("a", { schedule: sched({ rps: [1, null] }) })]))!;
    expect(r.aligned).toBeNull();
    expect(r.errors.map((e) => [e.path, e.kind, e.problem?.code])).toEqual([
      ["workloads[0].schedule.rps[1]", "VALUE", "schedule.rpsInvalid"],
    ]);
    expect(r.errors[0]!.message).toContain("NaN");
    const e = planSchedules(plan([wl("a", { schedule: sched({ rps: null }) })]))!;
    expect(e.errors.map((x) => [x.path, x.problem?.code])).toEqual([
      ["workloads[0].schedule.rps", "schedule.empty"],
    ]);
  });

  it("a formula error in a workload's schedule leaves the schedules out without a second error; one elsewhere does not", () => {
    const errs = (path: string) => [{ path, kind: "NAME" as const, message: "x" }];
    const s = plan([wl("a", { schedule: sched() })]);
    expect(planSchedules({ ...s, errors: errs("workloads[0].schedule.rps[0]") })).toEqual({
      aligned: null,
      errors: [],
      warnings: [],
    });
    expect(planSchedules({ ...s, errors: errs("workloads[0].schedule") })).toEqual({
      aligned: null,
      errors: [],
      warnings: [],
    });
    // An error of the workload's peak, of another workload's schedule, or of a cell is not the schedule's.
    for (const p of [
      "workloads[0].peakRps",
      "workloads[1].schedule.rps[0]",
      "cells.workloads[0].schedule",
    ]) {
      expect(planSchedules({ ...s, errors: errs(p) })!.aligned?.demandRps, p).toEqual([10, 5]);
    }
  });

  it("a formula error in one workload's schedule leaves out every schedule, not only its own (no half-aligned plan)", () => {
    // Both schedules aligned: 10 + 10 and 5 + 5. Without the rule, b alone would be aligned beside a's peak (20, 15).
    const two = plan([wl("a", { schedule: sched() }), wl("b", { schedule: sched() })]);
    expect(planSchedules(two)!.aligned?.demandRps).toEqual([20, 10]);
    const errs = [{ path: "workloads[0].schedule.rps[1]", kind: "NAME" as const, message: "x" }];
    expect(planSchedules({ ...two, errors: errs })).toEqual({
      aligned: null,
      errors: [],
      warnings: [],
    });
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
    expect(r.errors[0]!.message).toBe(
      'workload "b": the schedule has 3 values but "a"\'s has 2; schedules of one plan share their length',
    );
  });

  describe("fromTrace", () => {
    it("takes each interval's peak bin rate of the trace (120-s intervals: max(4, 1), max(2, 6))", () => {
      const r = planSchedules(
        plan([
          wl("a", { traffic, schedule: sched({ intervalSec: 120, rps: null, fromTrace: true }) }),
        ]),
      )!;
      expect(r.errors).toEqual([]);
      expect(r.aligned!.rps).toEqual([[4, 6]]);
      expect(r.aligned!.intervalSec).toBe(120);
      // With the default interval of an hour every bin falls in one interval.
      const h = planSchedules(
        plan([
          wl("a", { traffic, schedule: sched({ intervalSec: null, rps: null, fromTrace: true }) }),
        ]),
      )!;
      expect(h.aligned!.rps).toEqual([[6]]);
    });

    it("ignores written rates when it takes the trace's", () => {
      const r = planSchedules(
        plan([
          wl("a", {
            traffic,
            schedule: sched({ intervalSec: 60, rps: [100, 100], fromTrace: true }),
          }),
        ]),
      )!;
      expect(r.aligned!.rps).toEqual([[4, 1, 2, 6]]);
    });

    it("without a trace it is an error at schedule.fromTrace naming the workload", () => {
      const r = planSchedules(
        plan([wl("a"), wl("b", { traffic: null, schedule: sched({ fromTrace: true }) })]),
      )!;
      expect(r.aligned).toBeNull();
      expect(r.errors.map((e) => [e.path, e.kind, e.problem?.code])).toEqual([
        ["workloads[1].schedule.fromTrace", "VALUE", "trace.fromTraceWithoutTrace"],
      ]);
      expect(r.errors[0]!.message).toContain("b");
    });

    it("an interval that is not a whole multiple of the bins, zero, negative or not finite is an error at schedule.intervalSec", () => {
      for (const intervalSec of [90, 0, -60, Number.NaN, Number.POSITIVE_INFINITY]) {
        const r = planSchedules(
          plan([wl("a", { traffic, schedule: sched({ intervalSec, fromTrace: true }) })]),
        )!;
        expect(r.aligned, String(intervalSec)).toBeNull();
        expect(
          r.errors.map((e) => [e.path, e.problem?.code]),
          String(intervalSec),
        ).toEqual([["workloads[0].schedule.intervalSec", "trace.intervalNotMultiple"]]);
      }
    });
  });
});

describe("skuSchedule", () => {
  const cap = (over: Partial<SkuCapacityInput> = {}): SkuCapacityInput => ({
    gpusPerReplica: 2,
    pricePerGpuHour: 5,
    perWorkload: [
      {
        workload: { name: "a", peakRps: 10, inputTokens: 100, outputTokens: 300 },
        replicaOutputTokensPerSec: 1000,
      },
    ],
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
    expect(r.value!.staticCost).toBe(60);
    expect(r.value!.autoscaledCost).toBe(50);
    expect(r.value!.reservedReplicas).toBeNull();
    expect(r.value!.blendedCost).toBeNull();
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
    const skus = [
      { name: "X", gpu: null, gpusPerReplica: 2, pricePerGpuHour: 5, sweeps: {} },
      {
        name: "Y",
        gpu: null,
        gpusPerReplica: 2,
        pricePerGpuHour: 5,
        reservedPricePerGpuHour: 2,
        sweeps: {},
      },
    ];
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
    const c = cap({
      perWorkload: [
        {
          workload: { name: "a", peakRps: 10, inputTokens: 1, outputTokens: 300 },
          replicaOutputTokensPerSec: 1000,
        },
        {
          workload: { name: "b", peakRps: 2, inputTokens: 1, outputTokens: 1000 },
          replicaOutputTokensPerSec: 500,
        },
      ],
    });
    // hour 0: 10 × 0.3 + 2 × 2 = 7; hour 1: 0 + 4 = 4
    expect(skuSchedule(p, 0, c, aligned).value!.replicasBase).toEqual([7, 4]);
  });

  it("keeps only the SKU's own problems: the aligned schedules' warnings are the plan's", () => {
    const skus = [
      {
        name: "X",
        gpu: null,
        gpusPerReplica: 2,
        pricePerGpuHour: 5,
        reservedPricePerGpuHour: 6,
        sweeps: {},
      },
    ];
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

  it("peak: the cost per hour; a SKU without a schedule key also gives its cost per hour whatever is asked", () => {
    expect(recommendCost(s(80, { staticCost: 1, autoscaledCost: 2, blendedCost: 3 }), "peak")).toBe(
      80,
    );
    expect(recommendCost(s(80), "autoscaled")).toBe(80);
    expect(recommendCost(s(null), "peak")).toBeUndefined();
  });

  it("static, autoscaled and blended take the schedule's cost; blended without a reserved price is the autoscaled cost", () => {
    const sc = { staticCost: 320, autoscaledCost: 117, blendedCost: 90 };
    expect(recommendCost(s(80, sc), "static")).toBe(320);
    expect(recommendCost(s(80, sc), "autoscaled")).toBe(117);
    expect(recommendCost(s(80, sc), "blended")).toBe(90);
    expect(recommendCost(s(80, { ...sc, blendedCost: null }), "blended")).toBe(117);
  });

  it("a SKU whose schedule did not compute (null) has no cost to compare", () => {
    expect(recommendCost(s(80, null), "static")).toBeUndefined();
    expect(recommendCost(s(80, null), "blended")).toBeUndefined();
  });
});
