/**
 * Demand schedules (src/engine/chain/schedule.ts, docs/schedules.md): alignment, the replicas of
 * each interval through the declared chain, lead time, the three costs and the reserved count;
 * every check exactly at its bound (0 is a valid rate, minimum, lead, price and spare count; 0 is
 * not a valid interval, GPU count, elasticity or redundancy factor; the SKU's inputs are checked
 * once, by capacity), the exact texts of the problems, and the costs and savings at a free price,
 * on hand-calculated numbers.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { englishOf, type Problem } from "../../../src/engine/base/problems";
import {
  alignSchedules,
  computeSchedule,
  scheduleForSku,
  type AlignedSchedules,
  type ScheduleFactors,
  type ScheduleResult,
  type ScheduleSku,
  type ScheduleSpec,
  type ScheduleWorkload,
} from "../../../src/engine/chain/schedule";
import { renderProblem } from "../../../src/report/messages";

function ok(r: ReturnType<typeof computeSchedule>): ScheduleResult {
  if (r === null || !r.ok) throw new Error(`expected a schedule, got ${JSON.stringify(r)}`);
  return r.value;
}

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
const w0 = { name: "w0", outputTokens: 100, replicaOutputTokensPerSec: 1000 };
const sku = (over: Partial<ScheduleSku> = {}): ScheduleSku => ({
  path: "skus[0]",
  gpusPerReplica: 1,
  pricePerGpuHour: 10,
  reservedPricePerGpuHour: null,
  perWorkload: [w0],
  ...over,
});
// Input errors of the SKU are capacity's (one check for both), so any catalogue renders here.
const texts = (ps: readonly Problem[]) => ps.map((p) => `${p.path}: ${englishOf(p)}`);
function problemsOf(
  r: ReturnType<typeof alignSchedules> | ReturnType<typeof scheduleForSku>,
): Problem[] {
  if (r === null || r.ok) throw new Error(`expected problems, got ${JSON.stringify(r)}`);
  return r.problems;
}
function aligned(ws: ScheduleWorkload[]): AlignedSchedules {
  const a = alignSchedules(ws);
  if (a === null || !a.ok) throw new Error(`expected aligned schedules, got ${JSON.stringify(a)}`);
  return a.value;
}

const seedFactors: ScheduleFactors = { elasticity: 1.2, redundancy: { factor: 1.2 } };
// The seed's SKU: TP4 at 20 per GPU-hour, 1,500 output tok/s per replica, 300 output tokens per request.
const seedSku = (reservedPricePerGpuHour: number | null = null): ScheduleSku =>
  sku({
    gpusPerReplica: 4,
    pricePerGpuHour: 20,
    reservedPricePerGpuHour,
    perWorkload: [{ name: "w0", outputTokens: 300, replicaOutputTokensPerSec: 1500 }],
  });

describe("schedules: alignment, replicas and costs", () => {
  /** The seed SKU on the 50, 25, 5, 0 req/s schedule (or `rps`), at the seed factors unless given. */
  const seed = (
    extra = {},
    reserved: number | null = null,
    f = seedFactors,
    rps = [50, 25, 5, 0],
  ) =>
    ok(computeSchedule([wl({ rps, ...extra }, "chat", "workloads[0]", 50)], seedSku(reserved), f));

  describe("schedule formulas on hand-computed cases", () => {
    // rps 50, 25, 5, 0 → base 50 × 300 / 1500 = 10, 5, 1, 0 → × 1.44 = 14.4, 7.2, 1.44, 0 → needed 15, 8, 2, 0.
    it("needed_i is the replicas formula of docs/capacity.md per interval (seed: 50 RPS → 10 base → 15)", () => {
      const r = seed();
      expect(r).toMatchObject({ replicasBase: [10, 5, 1, 0], needed: [15, 8, 2, 0] });
      expect(r).toMatchObject({ replicas: [15, 8, 2, 0], staticReplicas: 15 });
      // 4 intervals × 15 replicas × 4 GPUs × 20 per hour = 4,800; autoscaled (15 + 8 + 2 + 0) × 80 = 2,000
      expect(r).toMatchObject({ staticCost: 4800, autoscaledCost: 2000, reservedReplicas: null });
      expect(r).toMatchObject({ blendedCost: null, periodSec: 4 * 3600 });
      expect(r.savings.autoscaled).toBe(2800);
      expect(r.savings.autoscaledFraction).toBeCloseTo(2800 / 4800, 12);
    });

    it("minReplicas and leadIntervals wrap around the period: the last interval starts the first one's replicas", () => {
      const r = seed({ minReplicas: 1, leadIntervals: 1 }, 10);
      // replicas_i = max(1, needed) = 15, 8, 2, 1; scheduled_i = max(replicas_i, replicas_{i+1 mod 4}) = 15, 8, 2, 15
      // autoscaled 40 × 80 = 3,200
      expect(r).toMatchObject({ replicas: [15, 8, 2, 15], staticReplicas: 15, staticCost: 4800 });
      // reserved 10 per GPU-hour: blended(R) = 4 × R × 40 + Σ max(0, s_i − R) × 80
      // R = 0: 3,200; R = 2: 320 + 32 × 80 = 2,880; R = 8: 1,280 + 14 × 80 = 2,400; R = 15: 2,400 (tie → 8)
      expect(r).toMatchObject({ autoscaledCost: 40 * 80, reservedReplicas: 8, blendedCost: 2400 });
      expect(r.savings.blended).toBe(2400);
    });

    it("a lead of the whole period keeps the peak in every interval", () => {
      const r = seed({ leadIntervals: 3 });
      expect(r.replicas).toEqual([15, 15, 15, 15]);
      expect(r.autoscaledCost).toBe(r.staticCost);
    });

    it("N+k: ceil(base × elasticity) + k in every interval, also at zero demand", () => {
      const r = seed({}, null, { elasticity: 1.2, redundancy: { spare: 2 } });
      // base × 1.2 = 12, 6, 1.2, 0 → 12, 6, 2, 0 → + 2
      expect(r).toMatchObject({
        needed: [14, 8, 4, 2],
        staticReplicas: 14,
        autoscaledCost: 28 * 80,
      });
    });

    it.each([20, 25])(
      "a reserved price (%s) at or above on-demand makes reserving pointless: R = 0 and blended = autoscaled",
      (price) => {
        const r = seed({}, price);
        expect(r.reservedReplicas).toBe(0);
        expect(r.blendedCost).toBe(r.autoscaledCost);
        expect(r.problems.map((p) => p.code)).toContain("schedule.reservedNotCheaper");
      },
    );

    it("a cheap reservation reserves the whole static fleet: blended = static at the reserved price", () => {
      // reserving replica R+1 costs 1 × 4 × 4 intervals = 16 and saves 80 per interval running it: worth it while one interval runs it
      expect(seed({}, 1)).toMatchObject({ reservedReplicas: 15, blendedCost: 15 * 4 * 1 * 4 });
    });

    it("several workloads: each interval's base is the sum over workloads; one without a schedule demands its peakRps throughout", () => {
      const ws: ScheduleWorkload[] = [
        wl({ rps: [50, 0] }),
        { name: "docs", path: "workloads[1]", peakRps: 10, schedule: null },
      ];
      const s: ScheduleSku = {
        ...seedSku(),
        perWorkload: [
          { name: "chat", outputTokens: 300, replicaOutputTokensPerSec: 1500 },
          { name: "docs", outputTokens: 500, replicaOutputTokensPerSec: 1000 },
        ],
      };
      const r = ok(computeSchedule(ws, s, { elasticity: 1, redundancy: { factor: 1 } }));
      // docs: 10 × 500 / 1000 = 5 in each interval; chat 10 then 0
      expect(r).toMatchObject({ demandRps: [60, 10], replicasBase: [15, 5], replicas: [15, 5] });
    });

    it("a 30-minute interval costs half an hour; a schedule peak above peakRps is a warning", () => {
      // 2 half-hours of 15 replicas
      expect(seed({ intervalSec: 1800 }, null, seedFactors, [50, 50]).staticCost).toBe(15 * 80);
      const r = seed({}, null, seedFactors, [60, 10]);
      expect(r.problems.map((p) => p.code)).toEqual(["schedule.aboveConstantPeak"]);
    });
  });

  // Brute-force references straight from the formulas.
  const blended = (s: readonly number[], R: number, g: number, dt: number, p: number, rp: number) =>
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
  const run = (c: Case, reserved = c.reserved): ScheduleResult => {
    const { intervalSec, minReplicas, leadIntervals } = c;
    const w = wl({ rps: c.rps, intervalSec, minReplicas, leadIntervals }, "w", "workloads[0]", 1e9);
    const perWorkload = [{ name: "w", outputTokens: 300, replicaOutputTokensPerSec: c.capacity }];
    const s = {
      ...seedSku(reserved),
      gpusPerReplica: c.gpus,
      pricePerGpuHour: c.price,
      perWorkload,
    };
    return ok(computeSchedule([w], s, { elasticity: c.elasticity, redundancy: c.redundancy }));
  };

  describe("schedule properties", () => {
    it("autoscaled ≤ static, blended ≤ min(static on demand, autoscaled), and reservedReplicas is the least blended(R) over 0…staticReplicas, ties to the smaller R (brute force)", () => {
      fc.assert(
        fc.property(arbCase, (c) => {
          const r = run(c);
          expect(r.autoscaledCost).toBeLessThanOrEqual(r.staticCost);
          expect(r.blendedCost!).toBeLessThanOrEqual(
            Math.min(r.staticCost, r.autoscaledCost) * (1 + 1e-12),
          );
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
        { numRuns: 300 },
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
  });
});

describe("schedules: every check at its bound", () => {
  const one: ScheduleFactors = { elasticity: 1, redundancy: { factor: 1 } };
  /** The problems ("path: English") of aligning `ws`. */
  const alignErrs = (ws: ScheduleWorkload[]) => texts(problemsOf(alignSchedules(ws)));
  /** The warnings of chat's schedule `rps` against a peakRps of `peak`. */
  const warningsAt = (rps: number[], peak: number | null) =>
    aligned([wl({ rps }, "chat", "workloads[0]", peak)]).warnings;
  const chat = (what: string) => `workload "chat": schedule ${what}`;
  const savings = (
    autoscaled: number,
    autoscaledFraction: number | null,
    blended: number | null,
    blendedFraction: number | null,
  ) => ({ autoscaled, autoscaledFraction, blended, blendedFraction });

  describe("alignSchedules: each check at its bound, with its text", () => {
    it.each([
      [0, "0"],
      [-1, "-1"],
      [Number.NaN, "NaN"],
      [null, "nothing"],
      [undefined, "nothing"],
    ])("intervalSec %s is an error that reads %s (it must be above 0)", (v, got) => {
      expect(alignErrs([wl({ intervalSec: v as number })])).toEqual([
        `workloads[0].schedule.intervalSec: ${chat(`intervalSec must be a number > 0, got ${got}`)}`,
      ]);
    });

    it("0.5 s is a valid interval; a rate of 0 is fine; below 0, infinite or missing is an error naming the value's position", () => {
      expect(aligned([wl({ intervalSec: 0.5 })]).intervalSec).toBe(0.5);
      expect(aligned([wl({ rps: [0, 0] })]).demandRps).toEqual([0, 0]);
      const rate = (i: number, got: string) =>
        `workloads[0].schedule.rps[${i}]: ${chat(`value ${i + 1} must be a request rate ≥ 0, got ${got}`)}`;
      const rps = [1, -0.001, Number.POSITIVE_INFINITY, null as unknown as number];
      expect(alignErrs([wl({ rps })])).toEqual([
        rate(1, "-0.001"),
        rate(2, "Infinity"),
        rate(3, "nothing"),
      ]);
      expect(alignErrs([wl({ rps: [] })])).toEqual([
        `workloads[0].schedule.rps: workload "chat": the schedule has no values`,
      ]);
      const n = problemsOf(alignSchedules([wl({ rps: [5, -1, Number.NaN] })]));
      expect(n.map((p) => p.path)).toEqual([
        "workloads[0].schedule.rps[1]",
        "workloads[0].schedule.rps[2]",
      ]);
      expect(renderProblem(n[0]!, "en")).toBe(
        'workload "chat": schedule value 2 must be a request rate ≥ 0, got -1',
      );
      expect(renderProblem(n[0]!, "zh")).toContain("第 2 个值");
      expect(problemsOf(alignSchedules([wl({ rps: [] })]))[0]!.code).toBe("schedule.empty");
    });

    it("minReplicas and leadIntervals: 0 is fine; missing means 0", () => {
      const a = aligned([wl({ minReplicas: 0, leadIntervals: 0 })]);
      expect([a.minReplicas, a.leadIntervals]).toEqual([0, 0]);
      const d = aligned([wl({ minReplicas: null, leadIntervals: null })]);
      expect([d.minReplicas, d.leadIntervals]).toEqual([0, 0]);
    });

    it.each([
      [-1, "-1"],
      [1.5, "1.5"],
      [Number.NaN, "NaN"],
      [Number.POSITIVE_INFINITY, "Infinity"],
    ])("minReplicas and leadIntervals of %s are errors reading %s", (v, got) => {
      const whole = `must be a whole number ≥ 0, got ${got}`;
      expect(alignErrs([wl({ minReplicas: v, leadIntervals: v })])).toEqual([
        `workloads[0].schedule.minReplicas: ${chat(`minReplicas ${whole}`)}`,
        `workloads[0].schedule.leadIntervals: ${chat(`leadIntervals ${whole}`)}`,
      ]);
    });

    it("the largest minReplicas and leadIntervals of the workloads apply; the aligned rates are a copy", () => {
      const rps = [1, 2];
      const a = aligned([
        wl({ rps, minReplicas: 2, leadIntervals: 1 }, "a", "workloads[0]"),
        wl({ rps: [3, 4], minReplicas: 3, leadIntervals: 0 }, "b", "workloads[1]"),
      ]);
      expect([a.minReplicas, a.leadIntervals, a.intervals, a.intervalSec]).toEqual([3, 1, 2, 3600]);
      expect(a).toMatchObject({ rps: [rps, [3, 4]], demandRps: [4, 6] });
      expect(a.rps[0]).not.toBe(rps);
      const b = aligned([
        wl({ rps: [1, 2], minReplicas: 3, leadIntervals: 0 }, "a", "workloads[0]"),
        wl({ rps: [3, 4], minReplicas: 1, leadIntervals: 1 }, "b", "workloads[1]"),
      ]);
      expect([b.minReplicas, b.leadIntervals]).toEqual([3, 1]);
    });

    it("schedules must share intervalSec and length: mismatches name the first valid schedule, with their texts and codes; a schedule with its own errors is not the reference; minReplicas, leadIntervals and intervalSec are checked", () => {
      const p = alignErrs([
        wl({ rps: [1, 2, 3] }, "a", "workloads[0]"),
        wl({ rps: [1, 2], intervalSec: 1800.5 }, "b", "workloads[1]"),
      ]);
      expect(p).toEqual([
        `workloads[1].schedule.rps: workload "b": the schedule has 2 values but "a"'s has 3; schedules of one plan share their length`,
        `workloads[1].schedule.intervalSec: workload "b": schedule intervalSec 1,800.5 differs from "a"'s 3,600; schedules of one plan share their interval`,
      ]);
      // a is invalid (3 values, one negative): b (2 values) is the reference for c (2 values), no mismatch
      const q = problemsOf(
        alignSchedules([
          wl({ rps: [1, -1, 1] }, "a", "workloads[0]"),
          wl({ rps: [1, 2] }, "b", "workloads[1]"),
          wl({ rps: [5, 6] }, "c", "workloads[2]"),
        ]),
      );
      expect(q.map((x) => x.code)).toEqual(["schedule.rpsInvalid"]);
      const c = alignSchedules([
        wl({ rps: [1, 2, 3] }, "a", "workloads[0]"),
        wl({ rps: [1, 2], intervalSec: 1800 }, "b", "workloads[1]"),
      ]);
      expect(c && !c.ok && c.problems.map((p) => [p.code, p.path])).toEqual([
        ["schedule.lengthMismatch", "workloads[1].schedule.rps"],
        ["schedule.intervalMismatch", "workloads[1].schedule.intervalSec"],
      ]);
      const d = alignSchedules([
        wl({ rps: [1], minReplicas: 1.5, leadIntervals: -1, intervalSec: 0 }),
      ]);
      expect(d && !d.ok && d.problems.map((p) => p.path).sort()).toEqual([
        "workloads[0].schedule.intervalSec",
        "workloads[0].schedule.leadIntervals",
        "workloads[0].schedule.minReplicas",
      ]);
    });

    it("a schedule above peakRps warns only beyond a relative 1e-9", () => {
      expect(warningsAt([5, 10], 10)).toEqual([]);
      expect(warningsAt([10 * (1 + 5e-10)], 10)).toEqual([]);
      // exactly at peakRps × (1 + 1e-9) does not warn
      expect(warningsAt([1 * (1 + 1e-9)], 1)).toEqual([]);
      const w = warningsAt([1, 10 * (1 + 1e-8)], 10);
      expect(texts(w)).toEqual([
        `workloads[0].schedule.rps: workload "chat": the schedule's highest rate (10 req/s) is above its peakRps (10 req/s); the static fleet of the schedule is larger than the one sized for peakRps`,
      ]);
      expect(w[0]!.params).toMatchObject({ max: 10 * (1 + 1e-8), peak: 10 });
      // without a peakRps nothing is compared
      expect(warningsAt([50], null)).toEqual([]);
    });

    it("a workload without a schedule with a peakRps of 0 demands nothing; no schedule anywhere is null (nothing to compute)", () => {
      const a = aligned([wl({ rps: [4, 8] }), wl(null, "idle", "workloads[1]", 0)]);
      expect(a.rps).toEqual([
        [4, 8],
        [0, 0],
      ]);
      const none = { name: "chat", path: "workloads[0]", peakRps: 5, schedule: null };
      expect(alignSchedules([none])).toBeNull();
    });

    it.each([
      [null, "nothing"],
      [-1, "-1"],
      [Number.NaN, "NaN"],
    ])("a workload without a schedule needs a peakRps ≥ 0: %s reads %s", (peak, got) => {
      expect(alignErrs([wl({ rps: [4, 8] }), wl(null, "docs", "workloads[1]", peak)])).toEqual([
        `workloads[1].peakRps: workload "docs": schedule value 1 must be a request rate ≥ 0, got ${got}`,
      ]);
    });
  });

  describe("scheduleForSku: each check at its bound, with its text", () => {
    /** The SKU on the aligned 10, 20 req/s schedule. */
    const forSku = (s: ScheduleSku, f = one) =>
      scheduleForSku(aligned([wl({ rps: [10, 20] })]), s, f);
    /** The problems ("path: English"), or their codes, of the SKU on that schedule. */
    const skuErrs = (s: ScheduleSku, f = one) => texts(problemsOf(forSku(s, f)));
    const codes = (s: ScheduleSku, f = one) => problemsOf(forSku(s, f)).map((p) => p.code);
    const needed = (f: ScheduleFactors) => {
      const r = forSku(sku(), f);
      return r.ok && r.value.needed;
    };
    const reservedNeeds = "the schedule needs reservedPricePerGpuHour as a number ≥ 0, got";

    it("GPUs per replica must be above 0; a price and a reserved price of 0 are fine; a negative reserved price or a missing price is an error of the SKU's field", () => {
      expect(skuErrs(sku({ gpusPerReplica: 0 }))).toEqual([
        "skus[0].gpusPerReplica: GPUs per replica must be a positive number, got 0",
      ]);
      expect(skuErrs(sku({ pricePerGpuHour: -0.01, reservedPricePerGpuHour: -1 }))).toEqual([
        "skus[0].pricePerGpuHour: price per GPU-hour must be a number ≥ 0, got -0.01",
        `skus[0].reservedPricePerGpuHour: ${reservedNeeds} -1`,
      ]);
      expect(skuErrs(sku({ reservedPricePerGpuHour: Number.NaN }))).toEqual([
        `skus[0].reservedPricePerGpuHour: ${reservedNeeds} NaN`,
      ]);
      const free = forSku(sku({ pricePerGpuHour: 0, reservedPricePerGpuHour: 0 }));
      if (!free.ok) throw new Error("free");
      // nothing costs anything: savings 0, fractions null (0 ÷ 0 is not a fraction); no "not cheaper" note at a price of 0
      const v = free.value;
      expect([v.staticCost, v.autoscaledCost, v.blendedCost, v.reservedReplicas]).toEqual([
        0, 0, 0, 0,
      ]);
      expect(v.savings).toEqual(savings(0, null, 0, null));
      expect(v.problems).toEqual([]);
      const p = alignSchedules([wl({ rps: [1, 2] })]);
      if (!p?.ok) throw new Error("aligned");
      const r = scheduleForSku(
        p.value,
        { ...seedSku(-1), pricePerGpuHour: Number.NaN },
        seedFactors,
      );
      expect(!r.ok && r.problems.map((p) => p.path)).toEqual([
        "skus[0].pricePerGpuHour",
        "skus[0].reservedPricePerGpuHour",
      ]);
    });

    it.each([
      [0, { factor: 1 }, ["factors.elasticity: elasticity must be a positive number, got 0"]],
      [1, { factor: 0 }, ["factors.redundancy: redundancy must be a positive number, got 0"]],
      [1, { spare: -1 }, ["factors.redundancy.spare: spare replicas must be a number ≥ 0, got -1"]],
      [
        Number.NaN,
        { spare: -1 },
        [
          "factors.elasticity: elasticity must be a positive number, got NaN",
          "factors.redundancy.spare: spare replicas must be a number ≥ 0, got -1",
        ],
      ],
    ])(
      "elasticity %s with redundancy %j is refused with its text",
      (elasticity, redundancy, want) => {
        expect(skuErrs(sku(), { elasticity, redundancy })).toEqual(want);
      },
    );

    it("a non-finite spare count or factor is refused; a spare count of 0 is fine; a fractional one is rounded up (1.5 is 2)", () => {
      expect(codes(sku(), { elasticity: 1, redundancy: { spare: Number.NaN } })).toEqual([
        "capacity.spareInvalid",
      ]);
      const inf = { elasticity: 1, redundancy: { factor: Number.POSITIVE_INFINITY } };
      expect(codes(sku(), inf)).toEqual(["capacity.redundancyInvalid"]);
      expect(needed({ elasticity: 1, redundancy: { spare: 0 } })).toEqual([1, 2]);
      expect(needed({ elasticity: 1, redundancy: { spare: 1.5 } })).toEqual([3, 4]);
    });

    it("one capacity per workload, each with a positive throughput and output length", () => {
      expect(skuErrs(sku({ perWorkload: [w0, { ...w0, name: "w1" }] }))).toEqual([
        `skus[0]: workload "?": the schedule needs a positive replica output tokens/s and output length, got 2 workloads for 1 schedules`,
      ]);
      const chatAt = (outputTokens: number, replicaOutputTokensPerSec: number) =>
        sku({ perWorkload: [{ name: "chat", outputTokens, replicaOutputTokensPerSec }] });
      expect(skuErrs(chatAt(100, 0))).toEqual([
        "skus[0]: chat: replica output tokens/s must be positive, got 0",
      ]);
      expect(skuErrs(chatAt(0, 1000))).toEqual([
        "skus[0]: chat: output tokens must be positive, got 0",
      ]);
      expect(codes(chatAt(Number.NaN, Number.POSITIVE_INFINITY))).toEqual([
        "capacity.capacityInvalid",
        "capacity.outputInvalid",
      ]);
    });

    it("the reserved price is 'not cheaper' from equal to on-demand up, not just below it", () => {
      const at = forSku(sku({ reservedPricePerGpuHour: 10 }));
      if (!at.ok) throw new Error("at");
      expect(texts(at.value.problems)).toEqual([
        "skus[0].reservedPricePerGpuHour: the reserved price (10 per GPU-hour) is not below the on-demand price (10): reserving never pays, so no replica is reserved",
      ]);
      expect(at.value.problems[0]!.severity).toBe("info");
      const below = forSku(sku({ reservedPricePerGpuHour: 9.99 }));
      expect(below.ok && below.value.problems).toEqual([]);
    });
  });

  describe("schedule costs and replicas (hand values)", () => {
    it("minReplicas lifts quiet intervals; the static fleet is the busiest interval; costs per interval length", () => {
      // rps 0, 10, 35, 5 → base 0, 1, 3.5, 0.5 → needed 0, 1, 4, 1 → min 2 → 2, 2, 4, 2
      const w = wl({ rps: [0, 10, 35, 5], minReplicas: 2, intervalSec: 900 });
      const r = ok(
        computeSchedule([w], sku({ gpusPerReplica: 2, reservedPricePerGpuHour: 4 }), one),
      );
      expect(r).toMatchObject({
        replicasBase: [0, 1, 3.5, 0.5],
        needed: [0, 1, 4, 1],
        replicas: [2, 2, 4, 2],
        staticReplicas: 4,
        demandRps: [0, 10, 35, 5],
      });
      // interval cost of one replica: 2 GPUs × 10 × 900/3600 = 5; static 4 × 4 × 5 = 80, autoscaled (2+2+4+2) × 5 = 50
      expect(r).toMatchObject({
        staticCost: 80,
        autoscaledCost: 50,
        periodSec: 3600,
        intervals: 4,
      });
      expect(r).toMatchObject({ intervalSec: 900, minReplicas: 2, leadIntervals: 0 });
      // reserved at 4 (a reserved replica-interval costs 2): R = 2 → 4 × 2 × 2 + 2 × 5 = 26 (R = 3: 24 + 5 = 29, R = 4: 32)
      expect([r.reservedReplicas, r.blendedCost]).toEqual([2, 26]);
      expect(r.savings).toEqual(savings(30, 30 / 80, 54, 54 / 80));
    });

    it("without a reserved price the blended savings are null, not the static cost", () => {
      const r = ok(computeSchedule([wl({ rps: [10, 20] })], sku(), one));
      expect(r.savings).toEqual(savings(10, 10 / 40, null, null));
    });

    it("computeSchedule passes on null (no schedule) and the problems of invalid schedules", () => {
      expect(computeSchedule([wl(null)], sku(), one)).toBeNull();
      const r = computeSchedule([wl({ rps: [-1] })], sku(), one);
      expect(r !== null && !r.ok && r.problems.map((p) => p.code)).toEqual(["schedule.rpsInvalid"]);
    });
  });
});
