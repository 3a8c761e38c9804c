import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  alignSchedules,
  bestReserved,
  computeSchedule,
  leadMax,
  scheduleForSku,
  type ScheduleFactors,
  type ScheduleResult,
  type ScheduleSku,
  type ScheduleWorkload,
} from "../../src/engine/chain/schedule";
import { renderProblem } from "../../src/report/messages";

const seedFactors: ScheduleFactors = { elasticity: 1.2, redundancy: { factor: 1.2 } };
const wl = (
  rps: number[],
  extra: Partial<ScheduleWorkload["schedule"] & object> = {},
  name = "chat",
  path = "workloads[0]",
): ScheduleWorkload => ({
  name,
  path,
  peakRps: 50,
  schedule: { intervalSec: 3600, rps, ...extra },
});
// The seed's SKU: TP4 at 20 per GPU-hour, 1,500 output tok/s per replica, 300 output tokens per request.
const sku = (reservedPricePerGpuHour: number | null = null, n = 1): ScheduleSku => ({
  path: "skus[0]",
  gpusPerReplica: 4,
  pricePerGpuHour: 20,
  reservedPricePerGpuHour,
  perWorkload: Array.from({ length: n }, (_, i) => ({
    name: `w${i}`,
    outputTokens: 300,
    replicaOutputTokensPerSec: 1500,
  })),
});

function ok(r: ReturnType<typeof computeSchedule>): ScheduleResult {
  if (r === null || !r.ok) throw new Error(`expected a schedule, got ${JSON.stringify(r)}`);
  return r.value;
}

describe("schedule formulas on hand-computed cases", () => {
  // rps 50, 25, 5, 0 → base 50 × 300 / 1500 = 10, 5, 1, 0 → × 1.44 = 14.4, 7.2, 1.44, 0 → needed 15, 8, 2, 0.
  it("needed_i is the §4 replicas formula per interval (seed: 50 RPS → 10 base → 15)", () => {
    const r = ok(computeSchedule([wl([50, 25, 5, 0])], sku(), seedFactors));
    expect(r.replicasBase).toEqual([10, 5, 1, 0]);
    expect(r.needed).toEqual([15, 8, 2, 0]);
    expect(r.replicas).toEqual([15, 8, 2, 0]);
    expect(r.staticReplicas).toBe(15);
    // 4 intervals × 15 replicas × 4 GPUs × 20 per hour = 4,800; autoscaled (15 + 8 + 2 + 0) × 80 = 2,000
    expect(r.staticCost).toBe(4800);
    expect(r.autoscaledCost).toBe(2000);
    expect(r.reservedReplicas).toBeNull();
    expect(r.blendedCost).toBeNull();
    expect(r.savings.autoscaled).toBe(2800);
    expect(r.savings.autoscaledFraction).toBeCloseTo(2800 / 4800, 12);
    expect(r.periodSec).toBe(4 * 3600);
  });

  it("minReplicas and leadIntervals wrap around the period: the last interval starts the first one's replicas", () => {
    const r = ok(
      computeSchedule(
        [wl([50, 25, 5, 0], { minReplicas: 1, leadIntervals: 1 })],
        sku(10),
        seedFactors,
      ),
    );
    // replicas_i = max(1, needed) = 15, 8, 2, 1; scheduled_i = max(replicas_i, replicas_{i+1 mod 4}) = 15, 8, 2, 15
    expect(r.replicas).toEqual([15, 8, 2, 15]);
    expect(r.staticReplicas).toBe(15);
    expect(r.staticCost).toBe(4800);
    expect(r.autoscaledCost).toBe(40 * 80); // 3,200
    // reserved 10 per GPU-hour: blended(R) = 4 × R × 40 + Σ max(0, s_i − R) × 80
    // R = 0: 3,200; R = 2: 320 + 32 × 80 = 2,880; R = 8: 1,280 + 14 × 80 = 2,400; R = 15: 2,400 (tie → 8)
    expect(r.reservedReplicas).toBe(8);
    expect(r.blendedCost).toBe(2400);
    expect(r.savings.blended).toBe(2400);
  });

  it("a lead of the whole period keeps the peak in every interval", () => {
    const r = ok(computeSchedule([wl([50, 25, 5, 0], { leadIntervals: 3 })], sku(), seedFactors));
    expect(r.replicas).toEqual([15, 15, 15, 15]);
    expect(r.autoscaledCost).toBe(r.staticCost);
  });

  it("N+k: ceil(base × elasticity) + k in every interval, also at zero demand", () => {
    const r = ok(
      computeSchedule([wl([50, 25, 5, 0])], sku(), { elasticity: 1.2, redundancy: { spare: 2 } }),
    );
    // base × 1.2 = 12, 6, 1.2, 0 → 12, 6, 2, 0 → + 2
    expect(r.needed).toEqual([14, 8, 4, 2]);
    expect(r.staticReplicas).toBe(14);
    expect(r.autoscaledCost).toBe(28 * 80);
  });

  it("a reserved price at or above on-demand makes reserving pointless: R = 0 and blended = autoscaled", () => {
    for (const price of [20, 25]) {
      const r = ok(computeSchedule([wl([50, 25, 5, 0])], sku(price), seedFactors));
      expect(r.reservedReplicas).toBe(0);
      expect(r.blendedCost).toBe(r.autoscaledCost);
      expect(r.problems.map((p) => p.code)).toContain("schedule.reservedNotCheaper");
    }
  });

  it("a cheap reservation reserves the whole static fleet: blended = static at the reserved price", () => {
    const r = ok(computeSchedule([wl([50, 25, 5, 0])], sku(1), seedFactors));
    // reserving replica R+1 costs 1 × 4 × 4 intervals = 16 and saves 80 per interval running it: worth it while one interval runs it
    expect(r.reservedReplicas).toBe(15);
    expect(r.blendedCost).toBe(15 * 4 * 1 * 4);
  });

  it("several workloads: each interval's base is the sum over workloads; one without a schedule demands its peakRps throughout", () => {
    const ws: ScheduleWorkload[] = [
      wl([50, 0], {}, "chat", "workloads[0]"),
      { name: "docs", path: "workloads[1]", peakRps: 10, schedule: null },
    ];
    const s: ScheduleSku = {
      ...sku(),
      perWorkload: [
        { name: "chat", outputTokens: 300, replicaOutputTokensPerSec: 1500 },
        { name: "docs", outputTokens: 500, replicaOutputTokensPerSec: 1000 },
      ],
    };
    const r = ok(computeSchedule(ws, s, { elasticity: 1, redundancy: { factor: 1 } }));
    // docs: 10 × 500 / 1000 = 5 in each interval; chat 10 then 0
    expect(r.demandRps).toEqual([60, 10]);
    expect(r.replicasBase).toEqual([15, 5]);
    expect(r.replicas).toEqual([15, 5]);
  });

  it("a 30-minute interval costs half an hour", () => {
    const r = ok(computeSchedule([wl([50, 50], { intervalSec: 1800 })], sku(), seedFactors));
    expect(r.staticCost).toBe(15 * 80); // 2 half-hours of 15 replicas
  });
});

describe("schedule errors are values with paths", () => {
  it("negative, non-finite and empty values", () => {
    const a = alignSchedules([wl([5, -1, Number.NaN])]);
    expect(a?.ok).toBe(false);
    if (a && !a.ok) {
      expect(a.problems.map((p) => p.path)).toEqual([
        "workloads[0].schedule.rps[1]",
        "workloads[0].schedule.rps[2]",
      ]);
      expect(renderProblem(a.problems[0]!, "en")).toBe(
        'workload "chat": schedule value 2 must be a request rate ≥ 0, got -1',
      );
      expect(renderProblem(a.problems[0]!, "zh")).toContain("第 2 个值");
    }
    const e = alignSchedules([wl([])]);
    expect(e && !e.ok && e.problems[0]!.code).toBe("schedule.empty");
  });

  it("schedules of several workloads must share intervalSec and length", () => {
    const a = alignSchedules([
      wl([1, 2, 3], {}, "a", "workloads[0]"),
      wl([1, 2], { intervalSec: 1800 }, "b", "workloads[1]"),
    ]);
    expect(a && !a.ok && a.problems.map((p) => [p.code, p.path])).toEqual([
      ["schedule.lengthMismatch", "workloads[1].schedule.rps"],
      ["schedule.intervalMismatch", "workloads[1].schedule.intervalSec"],
    ]);
  });

  it("minReplicas, leadIntervals and intervalSec are checked", () => {
    const a = alignSchedules([wl([1], { minReplicas: 1.5, leadIntervals: -1, intervalSec: 0 })]);
    expect(a && !a.ok && a.problems.map((p) => p.path).sort()).toEqual([
      "workloads[0].schedule.intervalSec",
      "workloads[0].schedule.leadIntervals",
      "workloads[0].schedule.minReplicas",
    ]);
  });

  it("no schedule anywhere: null (nothing to compute)", () => {
    expect(
      alignSchedules([{ name: "chat", path: "workloads[0]", peakRps: 5, schedule: null }]),
    ).toBeNull();
  });

  it("a negative reserved price or a missing price is an error of the SKU's field", () => {
    const a = alignSchedules([wl([1, 2])]);
    if (!a?.ok) throw new Error("aligned");
    const r = scheduleForSku(a.value, { ...sku(-1), pricePerGpuHour: Number.NaN }, seedFactors);
    expect(!r.ok && r.problems.map((p) => p.path)).toEqual([
      "skus[0].pricePerGpuHour",
      "skus[0].reservedPricePerGpuHour",
    ]);
  });

  it("a schedule peak above peakRps is a warning", () => {
    const r = ok(computeSchedule([wl([60, 10])], sku(), seedFactors));
    expect(r.problems.map((p) => p.code)).toEqual(["schedule.aboveConstantPeak"]);
  });
});

// Brute-force references straight from the formulas.
const naiveLead = (v: number[], lead: number): number[] =>
  v.map((_, i) => Math.max(...Array.from({ length: lead + 1 }, (_, j) => v[(i + j) % v.length]!)));
const blended = (
  s: readonly number[],
  R: number,
  g: number,
  dt: number,
  p: number,
  rp: number,
): number =>
  s.reduce((a, x) => a + (R * g * rp * dt) / 3600 + (Math.max(0, x - R) * g * p * dt) / 3600, 0);

const arbCase = fc.record({
  rps: fc.array(fc.double({ min: 0, max: 200, noNaN: true }), { minLength: 1, maxLength: 48 }),
  intervalSec: fc.constantFrom(300, 900, 3600),
  minReplicas: fc.integer({ min: 0, max: 4 }),
  leadIntervals: fc.integer({ min: 0, max: 6 }),
  elasticity: fc.double({ min: 0.5, max: 2, noNaN: true }),
  redundancy: fc.oneof(
    fc.record({ factor: fc.double({ min: 0.5, max: 2, noNaN: true }) }),
    fc.record({ spare: fc.integer({ min: 0, max: 3 }) }),
  ),
  gpus: fc.integer({ min: 1, max: 8 }),
  price: fc.double({ min: 0.1, max: 50, noNaN: true }),
  reserved: fc.double({ min: 0, max: 60, noNaN: true }),
  capacity: fc.double({ min: 50, max: 5000, noNaN: true }),
});
type Case = typeof arbCase extends fc.Arbitrary<infer T> ? T : never;
const run = (c: Case, reserved = c.reserved): ScheduleResult =>
  ok(
    computeSchedule(
      [
        {
          name: "w",
          path: "workloads[0]",
          peakRps: 1e9,
          schedule: {
            intervalSec: c.intervalSec,
            rps: c.rps,
            minReplicas: c.minReplicas,
            leadIntervals: c.leadIntervals,
          },
        },
      ],
      {
        path: "skus[0]",
        gpusPerReplica: c.gpus,
        pricePerGpuHour: c.price,
        reservedPricePerGpuHour: reserved,
        perWorkload: [{ name: "w", outputTokens: 300, replicaOutputTokensPerSec: c.capacity }],
      },
      { elasticity: c.elasticity, redundancy: c.redundancy },
    ),
  );

describe("schedule properties", () => {
  it("autoscaled ≤ static, and blended ≤ min(static on demand, autoscaled)", () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const r = run(c);
        expect(r.autoscaledCost).toBeLessThanOrEqual(r.staticCost);
        expect(r.blendedCost!).toBeLessThanOrEqual(
          Math.min(r.staticCost, r.autoscaledCost) * (1 + 1e-12),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("reservedReplicas is the least blended(R) over 0…staticReplicas, ties to the smaller R (brute force)", () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const r = run(c);
        const costs = Array.from({ length: r.staticReplicas + 1 }, (_, R) =>
          blended(r.replicas, R, c.gpus, c.intervalSec, c.price, c.reserved),
        );
        const least = Math.min(...costs);
        const tol = 1e-9 * Math.max(1, least);
        expect(costs[r.reservedReplicas!]!).toBeLessThanOrEqual(least + tol);
        // no smaller R is (beyond rounding) as cheap
        for (let R = 0; R < r.reservedReplicas!; R++)
          expect(costs[R]!).toBeGreaterThan(least - tol);
        expect(r.blendedCost).toBeCloseTo(costs[r.reservedReplicas!]!, 6);
      }),
      { numRuns: 200 },
    );
  });

  it("a higher reserved price never raises the reserved count", () => {
    fc.assert(
      fc.property(arbCase, fc.double({ min: 0, max: 30, noNaN: true }), (c, more) => {
        expect(run(c, c.reserved + more).reservedReplicas!).toBeLessThanOrEqual(
          run(c).reservedReplicas!,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("scheduled_i is the wrapped maximum over the lead window (against a direct loop)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 50 }),
        (v, lead) => {
          expect(leadMax(v, lead)).toEqual(naiveLead(v, Math.min(lead, v.length - 1)));
        },
      ),
    );
  });

  it("bestReserved counts replica counts instead of sorting: the same R as the sorted walk", () => {
    // The walk over a sorted copy, as bestReserved computed it before counting.
    const bySort = (
      scheduled: number[],
      staticReplicas: number,
      price: number,
      reservedPrice: number,
    ): number => {
      const n = scheduled.length;
      if (n === 0) return 0;
      const cost = reservedPrice * n;
      const sorted = Float64Array.from(scheduled).sort();
      let j = 0;
      while (j < n && sorted[j]! <= 0) j++;
      if (price * (n - j) <= cost) return 0;
      while (j < n) {
        const R = sorted[j]!;
        while (j < n && sorted[j]! <= R) j++;
        if (price * (n - j) <= cost) return Math.min(R, staticReplicas);
      }
      return staticReplicas;
    };
    // Hand check: 10 intervals at 2 replicas and 10 at 6, price 3, reserved 1 (cost 20 per replica):
    // R = 2 saves 3 × 10 = 30 > 20 for the third replica → go on; at R = 6 nothing is left → 6.
    // With reserved 2 (cost 40): the third replica saves 30 ≤ 40 → R = 2.
    const s = [...Array(10).fill(2), ...Array(10).fill(6)];
    expect(bestReserved(s, 6, 3, 1)).toBe(6);
    expect(bestReserved(s, 6, 3, 2)).toBe(2);
    const counts = fc.array(fc.nat(40), { maxLength: 300 });
    const mixed = fc.array(fc.oneof(fc.nat(40), fc.double({ min: 0, max: 40, noNaN: true })), {
      maxLength: 300,
    });
    fc.assert(
      fc.property(
        fc.oneof(counts, mixed),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (v, price, reserved) => {
          const st = v.reduce((m, x) => Math.max(m, x), 0);
          return bestReserved(v, st, price, reserved) === bySort(v, st, price, reserved);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("bestReserved handles an empty schedule and a free on-demand price", () => {
    expect(bestReserved([], 0, 10, 5)).toBe(0);
    expect(bestReserved([3, 3], 3, 0, 0)).toBe(0); // nothing to save: tie at 0 cost → R = 0
  });
});
