/**
 * Demand schedules (src/engine/chain/schedule.ts, docs/schedules.md): every check exactly at its bound
 * (0 is a valid rate, minimum, lead, price and spare count; 0 is not a valid interval, GPU count,
 * elasticity or redundancy factor), the exact texts of the problems, the reference schedule a
 * length mismatch is measured against, the peakRps tolerance, and the costs and savings at a free
 * price, on hand-calculated numbers (issue #15).
 */
import { describe, expect, it } from "vitest";
import { scheduleMessages as M } from "../../src/engine/chain/schedule-messages";
import type { Problem } from "../../src/engine/base/problems";
import {
  alignSchedules,
  bestReserved,
  computeSchedule,
  leadMax,
  scheduleForSku,
  type AlignedSchedules,
  type ScheduleFactors,
  type ScheduleResult,
  type ScheduleSku,
  type ScheduleSpec,
  type ScheduleWorkload,
} from "../../src/engine/chain/schedule";

const one: ScheduleFactors = { elasticity: 1, redundancy: { factor: 1 } };
const wl = (
  schedule: Partial<ScheduleSpec> | null,
  name = "chat",
  path = "workloads[0]",
  peakRps: number | null = 1000,
): ScheduleWorkload => ({
  name,
  path,
  peakRps,
  schedule: schedule === null ? null : { intervalSec: 3600, rps: [10], ...schedule },
});
/** 1 GPU a replica at 10 an hour; 100 output tokens a request at 1,000 tok/s a replica: 10 req/s fill one replica. */
const sku = (over: Partial<ScheduleSku> = {}, n = 1): ScheduleSku => ({
  path: "skus[0]",
  gpusPerReplica: 1,
  pricePerGpuHour: 10,
  reservedPricePerGpuHour: null,
  perWorkload: Array.from({ length: n }, (_, i) => ({
    name: `w${i}`,
    outputTokens: 100,
    replicaOutputTokensPerSec: 1000,
  })),
  ...over,
});
const texts = (ps: readonly Problem[]) => ps.map((p) => [p.path, M.en(p)]);
function problemsOf(
  r: ReturnType<typeof alignSchedules> | ReturnType<typeof scheduleForSku>,
): Problem[] {
  if (r === null || r.ok) throw new Error(`expected problems, got ${JSON.stringify(r)}`);
  return r.problems;
}
function ok(r: ReturnType<typeof computeSchedule>): ScheduleResult {
  if (r === null || !r.ok) throw new Error(`expected a schedule, got ${JSON.stringify(r)}`);
  return r.value;
}
function aligned(ws: ScheduleWorkload[]): AlignedSchedules {
  const a = alignSchedules(ws);
  if (a === null || !a.ok) throw new Error(`expected aligned schedules, got ${JSON.stringify(a)}`);
  return a.value;
}

describe("alignSchedules: each check at its bound, with its text", () => {
  it("intervalSec must be above 0: 0, −1, NaN and a missing one are errors; 0.5 s is fine", () => {
    for (const [v, got] of [
      [0, "0"],
      [-1, "-1"],
      [Number.NaN, "NaN"],
      [null, "nothing"],
    ] as const) {
      expect(texts(problemsOf(alignSchedules([wl({ intervalSec: v as number })])))).toEqual([
        [
          "workloads[0].schedule.intervalSec",
          `workload "chat": schedule intervalSec must be a number > 0, got ${got}`,
        ],
      ]);
    }
    expect(aligned([wl({ intervalSec: 0.5 })]).intervalSec).toBe(0.5);
  });

  it("a rate of 0 is fine; below 0, infinite or missing is an error naming the value's position", () => {
    expect(aligned([wl({ rps: [0, 0] })]).demandRps).toEqual([0, 0]);
    expect(
      texts(
        problemsOf(
          alignSchedules([
            wl({ rps: [1, -0.001, Number.POSITIVE_INFINITY, null as unknown as number] }),
          ]),
        ),
      ),
    ).toEqual([
      [
        "workloads[0].schedule.rps[1]",
        'workload "chat": schedule value 2 must be a request rate ≥ 0, got -0.001',
      ],
      [
        "workloads[0].schedule.rps[2]",
        'workload "chat": schedule value 3 must be a request rate ≥ 0, got Infinity',
      ],
      [
        "workloads[0].schedule.rps[3]",
        'workload "chat": schedule value 4 must be a request rate ≥ 0, got nothing',
      ],
    ]);
    expect(texts(problemsOf(alignSchedules([wl({ rps: [] })])))).toEqual([
      ["workloads[0].schedule.rps", 'workload "chat": the schedule has no values'],
    ]);
  });

  it("minReplicas and leadIntervals: 0 is fine; −1, 1.5 and NaN are errors; missing means 0", () => {
    const a = aligned([wl({ minReplicas: 0, leadIntervals: 0 })]);
    expect([a.minReplicas, a.leadIntervals]).toEqual([0, 0]);
    const d = aligned([wl({ minReplicas: null, leadIntervals: null })]);
    expect([d.minReplicas, d.leadIntervals]).toEqual([0, 0]);
    for (const [v, got] of [
      [-1, "-1"],
      [1.5, "1.5"],
      [Number.NaN, "NaN"],
      [Number.POSITIVE_INFINITY, "Infinity"],
    ] as const) {
      expect(texts(problemsOf(alignSchedules([wl({ minReplicas: v, leadIntervals: v })])))).toEqual(
        [
          [
            "workloads[0].schedule.minReplicas",
            `workload "chat": schedule minReplicas must be a whole number ≥ 0, got ${got}`,
          ],
          [
            "workloads[0].schedule.leadIntervals",
            `workload "chat": schedule leadIntervals must be a whole number ≥ 0, got ${got}`,
          ],
        ],
      );
    }
  });

  it("the largest minReplicas and leadIntervals of the workloads apply", () => {
    const a = aligned([
      wl({ rps: [1, 2], minReplicas: 2, leadIntervals: 1 }, "a", "workloads[0]"),
      wl({ rps: [3, 4], minReplicas: 3, leadIntervals: 0 }, "b", "workloads[1]"),
    ]);
    expect([a.minReplicas, a.leadIntervals, a.intervals, a.intervalSec]).toEqual([3, 1, 2, 3600]);
    expect(a.rps).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(a.demandRps).toEqual([4, 6]);
    const b = aligned([
      wl({ rps: [1, 2], minReplicas: 3, leadIntervals: 0 }, "a", "workloads[0]"),
      wl({ rps: [3, 4], minReplicas: 1, leadIntervals: 1 }, "b", "workloads[1]"),
    ]);
    expect([b.minReplicas, b.leadIntervals]).toEqual([3, 1]);
  });

  it("length and interval mismatches name the first valid schedule, with their texts", () => {
    const p = problemsOf(
      alignSchedules([
        wl({ rps: [1, 2, 3] }, "a", "workloads[0]"),
        wl({ rps: [1, 2], intervalSec: 1800.5 }, "b", "workloads[1]"),
      ]),
    );
    expect(texts(p)).toEqual([
      [
        "workloads[1].schedule.rps",
        `workload "b": the schedule has 2 values but "a"'s has 3; schedules of one plan share their length`,
      ],
      [
        "workloads[1].schedule.intervalSec",
        `workload "b": schedule intervalSec 1,800.5 differs from "a"'s 3,600; schedules of one plan share their interval`,
      ],
    ]);
  });

  it("a schedule with its own errors is not the one the others are measured against", () => {
    // a is invalid (3 values, one negative): b (2 values) is the reference for c (2 values), no mismatch
    const p = problemsOf(
      alignSchedules([
        wl({ rps: [1, -1, 1] }, "a", "workloads[0]"),
        wl({ rps: [1, 2] }, "b", "workloads[1]"),
        wl({ rps: [5, 6] }, "c", "workloads[2]"),
      ]),
    );
    expect(p.map((x) => x.code)).toEqual(["schedule.rpsInvalid"]);
  });

  it("a schedule above peakRps warns only beyond a relative 1e-9", () => {
    expect(aligned([wl({ rps: [5, 10] }, "chat", "workloads[0]", 10)]).warnings).toEqual([]);
    expect(aligned([wl({ rps: [10 * (1 + 5e-10)] }, "chat", "workloads[0]", 10)]).warnings).toEqual(
      [],
    );
    const w = aligned([wl({ rps: [1, 10 * (1 + 1e-8)] }, "chat", "workloads[0]", 10)]).warnings;
    expect(texts(w)).toEqual([
      [
        "workloads[0].schedule.rps",
        'workload "chat": the schedule\'s highest rate (10 req/s) is above its peakRps (10 req/s); the static fleet of the schedule is larger than the one sized for peakRps',
      ],
    ]);
    expect(w[0]!.params).toMatchObject({ max: 10 * (1 + 1e-8), peak: 10 });
    // without a peakRps nothing is compared
    expect(aligned([wl({ rps: [50] }, "chat", "workloads[0]", null)]).warnings).toEqual([]);
  });

  it("a workload without a schedule needs a peakRps ≥ 0; 0 demands nothing", () => {
    const a = aligned([wl({ rps: [4, 8] }), wl(null, "idle", "workloads[1]", 0)]);
    expect(a.rps).toEqual([
      [4, 8],
      [0, 0],
    ]);
    for (const [peak, got] of [
      [null, "nothing"],
      [-1, "-1"],
      [Number.NaN, "NaN"],
    ] as const) {
      expect(
        texts(
          problemsOf(alignSchedules([wl({ rps: [4, 8] }), wl(null, "docs", "workloads[1]", peak)])),
        ),
      ).toEqual([
        [
          "workloads[1].peakRps",
          `workload "docs": schedule value 1 must be a request rate ≥ 0, got ${got}`,
        ],
      ]);
    }
  });
});

describe("scheduleForSku: each check at its bound, with its text", () => {
  const a = () => aligned([wl({ rps: [10, 20] })]);

  it("GPUs per replica must be above 0; a price and a reserved price of 0 are fine", () => {
    expect(texts(problemsOf(scheduleForSku(a(), sku({ gpusPerReplica: 0 }), one)))).toEqual([
      ["skus[0].gpusPerReplica", "the schedule needs gpusPerReplica as a number ≥ 0, got 0"],
    ]);
    expect(
      texts(
        problemsOf(
          scheduleForSku(a(), sku({ pricePerGpuHour: -0.01, reservedPricePerGpuHour: -1 }), one),
        ),
      ),
    ).toEqual([
      ["skus[0].pricePerGpuHour", "the schedule needs pricePerGpuHour as a number ≥ 0, got -0.01"],
      [
        "skus[0].reservedPricePerGpuHour",
        "the schedule needs reservedPricePerGpuHour as a number ≥ 0, got -1",
      ],
    ]);
    expect(
      texts(problemsOf(scheduleForSku(a(), sku({ reservedPricePerGpuHour: Number.NaN }), one))),
    ).toEqual([
      [
        "skus[0].reservedPricePerGpuHour",
        "the schedule needs reservedPricePerGpuHour as a number ≥ 0, got NaN",
      ],
    ]);
    const free = scheduleForSku(a(), sku({ pricePerGpuHour: 0, reservedPricePerGpuHour: 0 }), one);
    if (!free.ok) throw new Error("free");
    // nothing costs anything: savings 0, fractions NaN (0 ÷ 0 is not a fraction); no "not cheaper" note at a price of 0
    expect([
      free.value.staticCost,
      free.value.autoscaledCost,
      free.value.blendedCost,
      free.value.reservedReplicas,
    ]).toEqual([0, 0, 0, 0]);
    expect(free.value.savings).toEqual({
      autoscaled: 0,
      autoscaledFraction: Number.NaN,
      blended: 0,
      blendedFraction: Number.NaN,
    });
    expect(free.value.problems).toEqual([]);
  });

  it("elasticity and a redundancy factor must be above 0; a spare count of 0 is fine, below 0 is not", () => {
    expect(
      texts(problemsOf(scheduleForSku(a(), sku(), { elasticity: 0, redundancy: { factor: 1 } }))),
    ).toEqual([
      [
        undefined,
        "the schedule needs elasticity and redundancy as positive numbers (spare replicas ≥ 0), got elasticity 0, redundancy 1",
      ],
    ]);
    expect(
      texts(problemsOf(scheduleForSku(a(), sku(), { elasticity: 1, redundancy: { factor: 0 } }))),
    ).toEqual([
      [
        undefined,
        "the schedule needs elasticity and redundancy as positive numbers (spare replicas ≥ 0), got elasticity 1, redundancy 0",
      ],
    ]);
    expect(
      texts(
        problemsOf(
          scheduleForSku(a(), sku(), { elasticity: Number.NaN, redundancy: { spare: -1 } }),
        ),
      ),
    ).toEqual([
      [
        undefined,
        "the schedule needs elasticity and redundancy as positive numbers (spare replicas ≥ 0), got elasticity NaN, spare -1",
      ],
    ]);
    expect(
      problemsOf(
        scheduleForSku(a(), sku(), { elasticity: 1, redundancy: { spare: Number.NaN } }),
      ).map((p) => p.code),
    ).toEqual(["schedule.factorsInvalid"]);
    expect(
      problemsOf(
        scheduleForSku(a(), sku(), {
          elasticity: 1,
          redundancy: { factor: Number.POSITIVE_INFINITY },
        }),
      ).map((p) => p.code),
    ).toEqual(["schedule.factorsInvalid"]);
    const r = scheduleForSku(a(), sku(), { elasticity: 1, redundancy: { spare: 0 } });
    expect(r.ok && r.value.needed).toEqual([1, 2]);
  });

  it("a fractional spare count is rounded up: 1.5 spare replicas are 2", () => {
    const r = scheduleForSku(a(), sku(), { elasticity: 1, redundancy: { spare: 1.5 } });
    expect(r.ok && r.value.needed).toEqual([3, 4]);
  });

  it("one capacity per workload, each with a positive throughput and output length", () => {
    expect(texts(problemsOf(scheduleForSku(a(), sku({}, 2), one)))).toEqual([
      [
        "skus[0]",
        'workload "?": the schedule needs a positive replica output tokens/s and output length, got 2 workloads for 1 schedules',
      ],
    ]);
    expect(
      texts(
        problemsOf(
          scheduleForSku(
            a(),
            sku({
              perWorkload: [{ name: "chat", outputTokens: 100, replicaOutputTokensPerSec: 0 }],
            }),
            one,
          ),
        ),
      ),
    ).toEqual([
      [
        "skus[0]",
        'workload "chat": the schedule needs a positive replica output tokens/s and output length, got 0 tok/s, 100 output tokens',
      ],
    ]);
    expect(
      texts(
        problemsOf(
          scheduleForSku(
            a(),
            sku({
              perWorkload: [{ name: "chat", outputTokens: 0, replicaOutputTokensPerSec: 1000 }],
            }),
            one,
          ),
        ),
      ),
    ).toEqual([
      [
        "skus[0]",
        'workload "chat": the schedule needs a positive replica output tokens/s and output length, got 1000 tok/s, 0 output tokens',
      ],
    ]);
    expect(
      problemsOf(
        scheduleForSku(
          a(),
          sku({
            perWorkload: [
              {
                name: "chat",
                outputTokens: Number.NaN,
                replicaOutputTokensPerSec: Number.POSITIVE_INFINITY,
              },
            ],
          }),
          one,
        ),
      ).map((p) => p.code),
    ).toEqual(["schedule.capacityInvalid"]);
  });

  it("the reserved price is 'not cheaper' from equal to on-demand up, not just below it", () => {
    const at = scheduleForSku(a(), sku({ reservedPricePerGpuHour: 10 }), one);
    if (!at.ok) throw new Error("at");
    expect(texts(at.value.problems)).toEqual([
      [
        "skus[0].reservedPricePerGpuHour",
        "the reserved price (10 per GPU-hour) is not below the on-demand price (10): reserving never pays, so no replica is reserved",
      ],
    ]);
    expect(at.value.problems[0]!.severity).toBe("info");
    const below = scheduleForSku(a(), sku({ reservedPricePerGpuHour: 9.99 }), one);
    expect(below.ok && below.value.problems).toEqual([]);
  });
});

describe("schedule costs and replicas (hand values)", () => {
  it("minReplicas lifts quiet intervals; the static fleet is the busiest interval; costs per interval length", () => {
    // rps 0, 10, 35, 5 → base 0, 1, 3.5, 0.5 → needed 0, 1, 4, 1 → min 2 → 2, 2, 4, 2
    const r = ok(
      computeSchedule(
        [wl({ rps: [0, 10, 35, 5], minReplicas: 2, intervalSec: 900 })],
        sku({ gpusPerReplica: 2, reservedPricePerGpuHour: 4 }),
        one,
      ),
    );
    expect([r.replicasBase, r.needed, r.replicas, r.staticReplicas]).toEqual([
      [0, 1, 3.5, 0.5],
      [0, 1, 4, 1],
      [2, 2, 4, 2],
      4,
    ]);
    // interval cost of one replica: 2 GPUs × 10 × 900/3600 = 5; static 4 × 4 × 5 = 80, autoscaled (2+2+4+2) × 5 = 50
    expect([
      r.staticCost,
      r.autoscaledCost,
      r.periodSec,
      r.intervals,
      r.intervalSec,
      r.minReplicas,
      r.leadIntervals,
    ]).toEqual([80, 50, 3600, 4, 900, 2, 0]);
    // reserved at 4 (a reserved replica-interval costs 2): R = 2 → 4 × 2 × 2 + 2 × 5 = 26 (R = 3: 24 + 5 = 29, R = 4: 32)
    expect([r.reservedReplicas, r.blendedCost]).toEqual([2, 26]);
    expect(r.savings).toEqual({
      autoscaled: 30,
      autoscaledFraction: 30 / 80,
      blended: 54,
      blendedFraction: 54 / 80,
    });
    expect(r.demandRps).toEqual([0, 10, 35, 5]);
  });
});

describe("leadMax and bestReserved at their edges", () => {
  it("leadMax: no values, a lead of 0 or below (a copy), a lead of n − 1 or more (the maximum everywhere)", () => {
    expect(leadMax([], 3)).toEqual([]);
    const v = [3, 1, 2];
    const copy = leadMax(v, -1);
    expect(copy).toEqual([3, 1, 2]);
    expect(copy).not.toBe(v);
    expect(leadMax(v, 0)).toEqual([3, 1, 2]);
    expect(leadMax(v, 1)).toEqual([3, 2, 3]);
    expect(leadMax(v, 2)).toEqual([3, 3, 3]);
    expect(leadMax(v, 9)).toEqual([3, 3, 3]);
    expect(leadMax([-5, -7], 4)).toEqual([-5, -5]);
    // equal values in the window
    expect(leadMax([2, 2, 1, 2, 0], 2)).toEqual([2, 2, 2, 2, 2]);
    expect(leadMax([0, 1, 0, 0, 0, 0], 1)).toEqual([1, 1, 0, 0, 0, 0]);
  });

  it("bestReserved never reserves more than the static fleet (counted and sorted paths)", () => {
    // reserving is cheap (1 × 2 intervals = 2 per replica vs 10 × 2 saved): the walk reaches 5, capped at 3
    expect(bestReserved([5, 5], 3, 10, 1)).toBe(3);
    expect(bestReserved([5.5, 5.5], 3, 10, 1)).toBe(3);
    // the sorted path (fractional replicas 1.5 and 2.5, price 10): R walks 0 → 1.5 → 2.5; going past R saves
    // 10 × #{intervals above R} (20 at 0, 10 at 1.5) and costs reserved × 2 intervals (8, 12, 22 for 4, 6, 11)
    expect(bestReserved([1.5, 2.5], 2.5, 10, 4)).toBe(2.5);
    expect(bestReserved([1.5, 2.5], 2.5, 10, 6)).toBe(1.5);
    expect(bestReserved([1.5, 2.5], 2.5, 10, 11)).toBe(0);
    // zeros count as already covered by R = 0
    expect(bestReserved([0, 0, 0.5], 0.5, 10, 4)).toBe(0);
    expect(bestReserved([0, 0, 0.5], 0.5, 10, 3)).toBe(0.5);
  });
});

describe("schedule edges found by the 11:59 mutation run", () => {
  it("a rate exactly at peakRps × (1 + 1e-9) does not warn", () => {
    expect(aligned([wl({ rps: [1 * (1 + 1e-9)] }, "chat", "workloads[0]", 1)]).warnings).toEqual(
      [],
    );
  });

  it("a negative spare count is an error even with a valid elasticity", () => {
    expect(
      texts(
        problemsOf(
          scheduleForSku(aligned([wl({ rps: [10] })]), sku(), {
            elasticity: 1,
            redundancy: { spare: -1 },
          }),
        ),
      ),
    ).toEqual([
      [
        undefined,
        "the schedule needs elasticity and redundancy as positive numbers (spare replicas ≥ 0), got elasticity 1, spare -1",
      ],
    ]);
  });

  it("a missing intervalSec reads 'nothing'", () => {
    expect(
      texts(problemsOf(alignSchedules([wl({ intervalSec: undefined as unknown as number })]))),
    ).toEqual([
      [
        "workloads[0].schedule.intervalSec",
        'workload "chat": schedule intervalSec must be a number > 0, got nothing',
      ],
    ]);
  });

  it("the aligned rates are a copy of the schedule's", () => {
    const rps = [1, 2];
    const a = aligned([wl({ rps })]);
    expect(a.rps[0]).toEqual([1, 2]);
    expect(a.rps[0]).not.toBe(rps);
  });

  it("without a reserved price the blended savings are null, not the static cost", () => {
    const r = ok(computeSchedule([wl({ rps: [10, 20] })], sku(), one));
    expect(r.savings).toEqual({
      autoscaled: 10,
      autoscaledFraction: 10 / 40,
      blended: null,
      blendedFraction: null,
    });
  });

  it("computeSchedule passes on null (no schedule) and the problems of invalid schedules", () => {
    expect(computeSchedule([wl(null)], sku(), one)).toBeNull();
    const r = computeSchedule([wl({ rps: [-1] })], sku(), one);
    expect(r !== null && !r.ok && r.problems.map((p) => p.code)).toEqual(["schedule.rpsInvalid"]);
  });
});
