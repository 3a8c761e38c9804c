/**
 * Schedules in the plan (docs/schedules.md, "In the plan file"): `workloads[].schedule` through
 * resolve and computePlan to `skus[].schedule`, checked on hand-computed numbers: the worked
 * example of docs/schedules.md, a workload without a schedule adding its peak to every interval,
 * N+k, formulas in the rates, a schedule from a trace, errors with paths, `recommendBy`, and the
 * incremental engine equal to a fresh computation after edits.
 */
import { describe, expect, it } from "vitest";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { computePlan } from "../../src/engine/plan/plan";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { trafficOf } from "../../src/engine/demand/traffic";
import type { PlanFile } from "../../src/engine/base/types";
import { planJson } from "../../src/report/plan-output";

const sku = (over: Record<string, unknown> = {}) => ({
  name: "H100",
  gpusPerReplica: 4,
  pricePerGpuHour: 20,
  reservedPricePerGpuHour: 10,
  sweep: { replicaOutputTokensPerSec: 1500 },
  ...over,
});

function plan(over: Record<string, unknown>): PlanFile {
  return {
    format: "capplan.plan/v1",
    workloads: [
      {
        name: "chat",
        peakRps: 50,
        inputTokens: 300,
        outputTokens: 300,
        schedule: { intervalSec: 3600, rps: [50, 25, 5, 0], minReplicas: 1, leadIntervals: 1 },
      },
    ],
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
    expect(s.staticReplicas).toBe(15);
    expect(s.staticCost).toBe(4800);
    expect(s.autoscaledCost).toBe(3200);
    expect(s.reservedReplicas).toBe(8);
    expect(s.blendedCost).toBe(2400);
    expect(s.savings).toEqual({
      autoscaled: 1600,
      autoscaledFraction: 1 / 3,
      blended: 2400,
      blendedFraction: 0.5,
    });
    // The constant plan is unchanged: 15 replicas at 80 per replica-hour.
    expect(r.skus[0]!.capacity?.costPerHour).toBe(1200);
  });

  it("a plan without schedules has no schedule key (outputs of v1 plans are unchanged)", () => {
    const r = compute(
      plan({ workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 }] }),
    );
    expect("schedule" in r.skus[0]!).toBe(false);
  });

  it("a workload without a schedule demands its peakRps in every interval; N+k adds k in each; formulas in the rates", () => {
    const r = compute(
      plan({
        cells: { night: 5 },
        workloads: [
          {
            name: "chat",
            peakRps: 50,
            inputTokens: 300,
            outputTokens: 300,
            schedule: { intervalSec: 3600, rps: [50, "=night * 5", "=night"] },
          },
          { name: "batch", peakRps: 10, inputTokens: 100, outputTokens: 150 },
        ],
        factors: { elasticity: 1, redundancy: { spare: 2 } },
      }),
    );
    expect(r.errors).toEqual([]);
    const s = r.skus[0]!.schedule!;
    // base_i = rps_i × 300 ÷ 1500 + 10 × 150 ÷ 1500 = rps_i ÷ 5 + 1 → 11, 6, 2; + 2 spare
    expect(s.replicasBase).toEqual([11, 6, 2]);
    expect(s.replicas).toEqual([13, 8, 4]);
    // 13 × 3 × 80 = 3,120; (13 + 8 + 4) × 80 = 2,000
    expect(s.staticCost).toBe(3120);
    expect(s.autoscaledCost).toBe(2000);
  });

  it("fromTrace: each interval takes its peak bin rate of the workload's trace", () => {
    // 60-s bins: minute 0 has 120 requests (2 rps), minute 1 has 60 (1 rps), minute 2 has 30 (0.5 rps).
    const recs: { t: number; input: number; output: number }[] = [];
    const add = (minute: number, n: number) => {
      for (let k = 0; k < n; k++)
        recs.push({ t: 1_700_000_040 + minute * 60 + (k * 60) / n, input: 100, output: 750 });
    };
    add(0, 120);
    add(1, 60);
    add(2, 30);
    const t = trafficOf(recs, 60);
    if (!t.ok) throw new Error(t.error);
    expect(t.value.series).toEqual([2, 1, 0.5]);
    const r = compute(
      plan({
        workloads: [
          {
            name: "code",
            trace: { binSec: 60, name: "code.csv", traffic: t.value },
            schedule: { intervalSec: 60, fromTrace: true },
          },
        ],
        factors: { elasticity: 1, redundancy: 1 },
      }),
    );
    expect(r.errors).toEqual([]);
    const w = r.workloads[0]!;
    expect(w.peakRps).toBe(2);
    expect(w.outputTokens).toBe(750);
    const s = r.skus[0]!.schedule!;
    expect(s.demandRps).toEqual([2, 1, 0.5]);
    // 2 × 750 ÷ 1500 = 1, 0.5, 0.25 → 1, 1, 1
    expect(s.replicas).toEqual([1, 1, 1]);
    // 120-s intervals: the bins pair up from the epoch (1,700,000,040 is minute 28,333,334 → interval 14,166,667 holds minutes 0–1)
    const r2 = compute(
      plan({
        workloads: [
          {
            name: "code",
            trace: { binSec: 60, traffic: t.value },
            schedule: { intervalSec: 120, fromTrace: true },
          },
        ],
      }),
    );
    expect(r2.skus[0]!.schedule!.demandRps).toEqual([2, 0.5]);
    const bad = compute(
      plan({
        workloads: [
          {
            name: "code",
            trace: { binSec: 60, traffic: t.value },
            schedule: { intervalSec: 90, fromTrace: true },
          },
        ],
      }),
    );
    expect(bad.errors.map((e) => [e.path, e.problem?.code])).toEqual([
      ["workloads[0].schedule.intervalSec", "trace.intervalNotMultiple"],
    ]);
    expect(bad.skus[0]!.schedule).toBeNull();
  });

  it("schedules of different lengths or intervals are errors naming the path; the constant plan still computes", () => {
    const r = compute(
      plan({
        workloads: [
          {
            name: "a",
            peakRps: 5,
            inputTokens: 1,
            outputTokens: 300,
            schedule: { intervalSec: 3600, rps: [1, 2, 3] },
          },
          {
            name: "b",
            peakRps: 5,
            inputTokens: 1,
            outputTokens: 300,
            schedule: { intervalSec: 1800, rps: [1, 2] },
          },
        ],
      }),
    );
    expect(r.errors.map((e) => e.path)).toEqual([
      "workloads[1].schedule.rps",
      "workloads[1].schedule.intervalSec",
    ]);
    expect(r.errors.map((e) => e.problem?.code)).toEqual([
      "schedule.lengthMismatch",
      "schedule.intervalMismatch",
    ]);
    expect(r.skus[0]!.schedule).toBeNull();
    expect(r.skus[0]!.capacity?.replicas).toBe(Math.ceil(((10 * 300) / 1500) * 1.44));
  });

  it("validation: rps values, fromTrace without a trace, rps with fromTrace", () => {
    const v = validatePlan(
      plan({
        workloads: [
          {
            name: "a",
            peakRps: 1,
            inputTokens: 1,
            outputTokens: 1,
            schedule: { rps: [1, -2, "x"], minReplicas: -1 },
          },
        ],
      }),
    );
    expect(v.ok).toBe(false);
    if (!v.ok)
      expect(v.errors.map((e) => e.path)).toEqual([
        "workloads[0].schedule.minReplicas",
        "workloads[0].schedule.rps[1]",
        "workloads[0].schedule.rps[2]",
      ]);
    const w = validatePlan(
      plan({
        workloads: [
          {
            name: "a",
            peakRps: 1,
            inputTokens: 1,
            outputTokens: 1,
            schedule: { fromTrace: true, rps: [1] },
          },
        ],
      }),
    );
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
          workloads: [
            {
              name: "chat",
              peakRps: 50,
              inputTokens: 300,
              outputTokens: 300,
              schedule: { rps: [50, 1, 1, 1] },
            },
          ],
          factors: { elasticity: 1, redundancy: 1 },
          skus: [
            {
              name: "A",
              gpusPerReplica: 8,
              pricePerGpuHour: 10,
              sweep: { replicaOutputTokensPerSec: 15000 },
            },
            {
              name: "B",
              gpusPerReplica: 1,
              pricePerGpuHour: 9,
              sweep: { replicaOutputTokensPerSec: 1500 },
            },
          ],
          ...(recommendBy ? { recommendBy } : {}),
        }),
      );
    it("peak (default) and static pick A; autoscaled and blended (no reserved price: all on demand) pick B", () => {
      const r = two();
      expect(
        r.skus.map((s) => [
          s.capacity?.costPerHour,
          s.schedule!.staticCost,
          s.schedule!.autoscaledCost,
        ]),
      ).toEqual([
        [80, 320, 320],
        [90, 360, 117],
      ]);
      expect(r.cheapest).toBe("A");
      expect("recommendBy" in r).toBe(false);
      expect(two("static").cheapest).toBe("A");
      expect(two("autoscaled").cheapest).toBe("B");
      const b = two("blended");
      expect(b.cheapest).toBe("B");
      expect(b.recommendBy).toBe("blended");
    });
    it("a schedule cost without any schedule falls back to peak with a warning", () => {
      const r = compute(
        plan({
          workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 }],
          recommendBy: "autoscaled",
        }),
      );
      expect(r.recommendBy).toBe("peak");
      expect(r.problems?.map((p) => p.code)).toContain("trace.recommendByNoSchedule");
    });
  });

  it("the incremental engine equals a fresh computation after edits of the rates, prices, reserved price and factors", () => {
    const start = plan({
      cells: { night: 5 },
      workloads: [
        {
          name: "chat",
          peakRps: 50,
          inputTokens: 300,
          outputTokens: 300,
          schedule: {
            intervalSec: 3600,
            rps: [50, 25, "=night", 0],
            minReplicas: 1,
            leadIntervals: 1,
          },
        },
      ],
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
    expect(s.reservedReplicas).toBe(0);
    expect(s.blendedCost).toBe(s.autoscaledCost);
  });
});
