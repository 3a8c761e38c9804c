/**
 * Capacity and cost of a SKU through the declared chain (src/engine/chain/capacity.ts,
 * docs/capacity.md): the seed worked examples, the validation bounds exactly at their minimum,
 * division by zero (null, never NaN), forecasts mixing workloads with and without an average rate,
 * and the cost per 1M output tokens at peak and at forecast. Every number is hand-calculated;
 * warnings (the English of the problems) are compared as whole arrays.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { englishOf, type Problem } from "../../../src/engine/base/problems";
import {
  capacity as computeCapacity,
  ceilTol,
  HOURS_PER_MONTH,
  LENGTH_MISMATCH,
  replicasFromBase,
  tokensPerRequest,
  tokensPerSec,
  type CapacityNumbers,
  type SkuCapacityInput,
  type WorkloadInput,
} from "../../../src/engine/chain/capacity";

/** The numbers flat (as plan --json writes them), with the problems and their English; `value` null: invalid. */
type Flat = CapacityNumbers & {
  value: CapacityNumbers | null;
  problems: Problem[];
  warnings: string[];
};
function capacity(...a: Parameters<typeof computeCapacity>): Flat {
  const r = computeCapacity(...a);
  return {
    ...(r.value ?? ({} as CapacityNumbers)),
    value: r.value,
    problems: r.problems,
    warnings: r.problems.map(englishOf),
  };
}
type Factors = Parameters<typeof capacity>[1];
type PerWorkload = SkuCapacityInput["perWorkload"][number];
/** A SKU of several workloads, each `[name, peakRps, inputTokens, outputTokens, capacity]`. */
function several(
  gpusPerReplica: number,
  pricePerGpuHour: number,
  ...ws: [string, number, number, number, number, Partial<WorkloadInput>?][]
): SkuCapacityInput {
  return {
    gpusPerReplica,
    pricePerGpuHour,
    perWorkload: ws.map(([name, peakRps, inputTokens, outputTokens, cap, extra]) => ({
      workload: { name, peakRps, inputTokens, outputTokens, ...extra },
      replicaOutputTokensPerSec: cap,
    })),
  };
}
const chat: WorkloadInput = { name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 };

/** One workload (chat unless changed) at 1,500 output tok/s a replica, 4 GPUs at 2.5 an hour. */
const one = (
  w: Partial<WorkloadInput> = {},
  sku: Partial<SkuCapacityInput> = {},
  c = 1500,
  extra: Partial<PerWorkload> = {},
): SkuCapacityInput => ({
  gpusPerReplica: 4,
  pricePerGpuHour: 2.5,
  perWorkload: [{ workload: { ...chat, ...w }, replicaOutputTokensPerSec: c, ...extra }],
  ...sku,
});
const F = { elasticity: 1.2, redundancy: { factor: 1.2 } };
describe("capacity: seed examples and properties", () => {
  /** The seed's SKU: TP4 at 20 per GPU-hour. */
  const seedSku = (w: Partial<WorkloadInput> = {}, extra: Partial<PerWorkload> = {}) =>
    one(w, { pricePerGpuHour: 20 }, 1500, extra);

  describe("seed worked examples (docs/capacity.md)", () => {
    it("reproduces docs/capacity.md token rates: 300 + 300 at 50 RPS = 30,000 tok/s and 3000 + 500 at 50 RPS = 175,000 tok/s", () => {
      const docs = { name: "docs", peakRps: 50, inputTokens: 3000, outputTokens: 500 };
      expect([tokensPerRequest(chat), tokensPerSec(chat)]).toEqual([600, 30000]);
      expect([tokensPerRequest(docs), tokensPerSec(docs)]).toEqual([3500, 175000]);
    });

    it("reproduces docs/capacity.md: 50 × 300 / 1500 = 10 base replicas, × 1.2 × 1.2 → 14.4 → 15; costs for TP=4 at 20 per GPU-hour: 1,200 per hour, 28,800 per day", () => {
      const r = capacity(seedSku(), F);
      expect(r.replicasRaw).toBeCloseTo(14.4, 12);
      expect(r).toMatchObject({ replicasBase: 10, replicas: 15, gpus: 60, warnings: [] });
      // 15 × 4 × 20 = 1,200 per hour; × 730 = 876,000 per month
      expect(r).toMatchObject({ costPerHour: 1200, costPerDay: 28800, costPerMonth: 876000 });
      expect(r.costPerOutputToken).toBe((4 * 20) / (1500 * 3600)); // 1.4815e-5
      expect(r.costPerMillionOutputTokens).toBeCloseTo(14.814814814814815, 9);
      expect(r.costPerRequest).toBeCloseTo((300 * 80) / 5.4e6, 15); // 0.004444 for 300 output tokens
      // peak basis: 1200 / (50 × 300 × 3600) = 2.2222e-5; utilization 10 / 15
      expect(r.peak.outputTokensPerSec).toBe(15000);
      expect(r.peak.costPerOutputToken).toBeCloseTo(1200 / 5.4e7, 15);
      expect(r.utilizationAtPeak).toBeCloseTo(10 / 15, 12);
      expect(r.forecast).toBeNull();
    });

    it("gives about 0.007 per request for 500 output tokens (docs/capacity.md: 约 0.007 元)", () => {
      const r = capacity(seedSku({ ...chat, outputTokens: 500 }), F);
      // 80 / 5.4e6 × 500 = 0.0074074…
      expect(r.costPerRequest).toBeCloseTo(0.0074074074, 9);
      expect(r.costPerRequest.toFixed(3)).toBe("0.007");
    });
  });

  describe("capacity", () => {
    it("adds N+k spare replicas after the ceiling", () => {
      const r = capacity(seedSku(), { elasticity: 1.25, redundancy: { spare: 2 } });
      // base 10 × 1.25 = 12.5 → 13, + 2 = 15; replicasRaw = 12.5 + 2
      expect(r).toMatchObject({ replicasRaw: 14.5, replicas: 15 });
    });

    it("sums base replicas over workloads and uses the output-token-weighted harmonic capacity for cost per token", () => {
      const sku = several(4, 20, ["chat", 40, 300, 300, 1500], ["docs", 10, 3000, 500, 1000]);
      const r = capacity(sku, F);
      // chat 40 × 300 / 1500 = 8; docs 10 × 500 / 1000 = 5 → 13; × 1.44 = 18.72 → 19
      expect(r).toMatchObject({ replicasBase: 13, replicas: 19 });
      // C = (12000 + 5000) / 13 = 1307.69 tok/s; cost/token = 80 × 13 / (17000 × 3600) = 1.69935e-5
      // = 80/3600 × (12/17 / 1500 + 5/17 / 1000): replica-hours per token weighted by output share
      expect(r.replicaOutputTokensPerSec).toBeCloseTo(17000 / 13, 9);
      expect(r.costPerOutputToken).toBeCloseTo((80 / 3600) * (12 / 17 / 1500 + 5 / 17 / 1000), 15);
      // request-weighted mean output = 17000 / 50 = 340 tokens
      expect(r.costPerRequest).toBeCloseTo(r.costPerOutputToken * 340, 15);
      expect(r.utilizationAtPeak).toBeCloseTo(13 / 19, 12);
    });

    it("reports cost and utilization at forecast volume from avgRps or dailyRequests", () => {
      const a = capacity(seedSku({ ...chat, avgRps: 16 }), F);
      // 16 × 300 = 4800 tok/s; 1200 / (4800 × 3600) = 6.944e-5; utilization 4800 / (15 × 1500) = 0.21333
      expect(a.forecast!.outputTokensPerSec).toBe(4800);
      expect(a.forecast!.costPerOutputToken).toBeCloseTo(1200 / (4800 * 3600), 15);
      expect(a.forecast!.utilization).toBeCloseTo(4800 / 22500, 12);
      const d = capacity(seedSku({ ...chat, dailyRequests: 16 * 86400 }), F);
      expect(d.forecast!.outputTokensPerSec).toBeCloseTo(4800, 9);
    });

    it("warns when the sweep's mean lengths differ from the workload's by more than 25 %, naming both numbers", () => {
      const at = (extra: Partial<PerWorkload>) => capacity(seedSku(chat, extra), F).warnings;
      // input: |1000 − 300| / 300 = 233 % → warning; output: 10 % → none
      expect(at({ sweepMeanInputTokens: 1000, sweepMeanOutputTokens: 330 })).toEqual([
        "chat: the sweep's mean input length (1,000 tokens) differs from the workload's (300 tokens) by 233 %; capacity measured at other lengths may not hold (docs/capacity.md)",
      ]);
      expect(at({ sweepMeanInputTokens: 375 })).toEqual([]); // exactly 25 %
    });

    it("returns no numbers (null) with a problem for a non-positive replica capacity instead of throwing", () => {
      const r = capacity(seedSku(chat, { replicaOutputTokensPerSec: 0 }), F);
      expect(r.value).toBeNull();
      expect(r.warnings[0]).toContain("replica output tokens/s must be positive");
    });
  });

  describe("capacity properties", () => {
    const arb = fc.record({
      rps: fc.double({ min: 0, max: 1e4, noNaN: true }),
      out: fc.double({ min: 1, max: 1e4, noNaN: true }),
      cap: fc.double({ min: 1, max: 1e5, noNaN: true }),
      el: fc.double({ min: 1, max: 3, noNaN: true }),
      red: fc.double({ min: 1, max: 3, noNaN: true }),
      g: fc.integer({ min: 1, max: 16 }),
      price: fc.double({ min: 0, max: 100, noNaN: true }),
    });
    type X = typeof arb extends fc.Arbitrary<infer T> ? T : never;
    const run = (x: X, rps = x.rps) =>
      capacity(several(x.g, x.price, ["w", rps, 100, x.out, x.cap]), {
        elasticity: x.el,
        redundancy: { factor: x.red },
      });

    it("never decreases replicas as peak RPS rises", () => {
      fc.assert(
        fc.property(arb, fc.double({ min: 0, max: 1e3, noNaN: true }), (x, d) => {
          expect(run(x, x.rps + d).replicas).toBeGreaterThanOrEqual(run(x).replicas);
        }),
      );
    });

    it("keeps replicas ≥ replicasRaw (within the 1e-9 ceiling tolerance) ≥ replicasBase for factors ≥ 1, and costPerDay = 24 × costPerHour", () => {
      fc.assert(
        fc.property(arb, (x) => {
          const r = run(x);
          expect(r.replicas).toBeGreaterThanOrEqual(r.replicasRaw - 1e-9);
          expect(r.replicasRaw).toBeGreaterThanOrEqual(r.replicasBase);
          expect(r.costPerDay).toBe(24 * r.costPerHour);
        }),
      );
    });
  });
});

describe("capacity: bounds, division by zero, forecasts", () => {
  /** |got − want| ≤ 1e-12 × |want| (exact up to binary rounding). */
  function near(got: number | null | undefined, want: number): void {
    expect(got).toBeTypeOf("number");
    if (!(Math.abs(got! - want) <= 1e-12 * Math.abs(want)))
      throw new Error(`got ${String(got)}, want ${want}`);
  }

  const NUMBERS = (
    "replicasBase replicasRaw replicas gpus costPerHour costPerDay costPerMonth costPerOutputToken " +
    "costPerMillionOutputTokens costPerRequest utilizationAtPeak"
  ).split(" ") as (keyof CapacityNumbers)[];
  /** An invalid input: no numbers at all (null), never NaN, and these warnings. */
  function expectInvalid(r: Flat, warnings: string[]): void {
    expect(r.value).toBeNull();
    for (const k of NUMBERS) expect([k, r[k]]).toEqual([k, undefined]);
    expect(r.warnings).toEqual(warnings);
  }

  describe("one workload, every result", () => {
    it("50 RPS × 300 tokens at 1,500 tok/s per replica, 4 GPUs at 2.5/h, × 1.2 × 1.2", () => {
      const r = capacity(one(), F);
      // base = 50 × 300 / 1500 = 10; raw = 14.4 → 15 replicas, 60 GPUs, 150 per hour
      near(r.replicasBase, 10);
      near(r.replicasRaw, 14.4);
      expect([r.replicas, r.gpus, r.costPerHour, r.costPerDay, r.costPerMonth]).toEqual([
        15, 60, 150, 3600, 109500,
      ]);
      // per output token at replica capacity: 4 × 2.5 / (1500 × 3600) = 1.85185e-6; 1.85185 per 1M; × 300 tokens per request
      near(r.costPerOutputToken, 10 / 5_400_000);
      near(r.costPerMillionOutputTokens, 1e7 / 5_400_000);
      near(r.costPerRequest, 3000 / 5_400_000);
      // at peak: 150 / (15000 × 3600) = 2.7778e-6, 2.7778 per 1M
      expect(r.peak.outputTokensPerSec).toBe(15000);
      near(r.peak.costPerOutputToken, 150 / 54_000_000);
      near(r.peak.costPerMillionOutputTokens, 1.5e8 / 54_000_000);
      // 15000 / (15 × 1500) = 2/3
      near(r.utilizationAtPeak, 2 / 3);
      expect(r).toMatchObject({ replicaOutputTokensPerSec: 1500, forecast: null, warnings: [] });
      expect(HOURS_PER_MONTH).toBe(730);
    });
  });

  describe("forecast", () => {
    it("a workload without an average rate uses its peak beside one that has one, with a warning", () => {
      const sku = several(
        1,
        2,
        ["chat", 50, 300, 300, 1500, { avgRps: 20 }],
        ["docs", 10, 3000, 500, 1000],
      );
      const r = capacity(sku, { elasticity: 1, redundancy: { factor: 1 } });
      // base = 50 × 300 / 1500 + 10 × 500 / 1000 = 10 + 5 = 15 replicas, 30 per hour; C = 20000 / 15
      expect([r.replicasBase, r.replicas, r.costPerHour]).toEqual([15, 15, 30]);
      near(r.replicaOutputTokensPerSec!, 20000 / 15);
      // forecast: 20 × 300 + 10 (peak) × 500 = 11000 tok/s; 30 / (11000 × 3600) per token; 11000 / 20000 utilization
      expect(r.forecast!.outputTokensPerSec).toBe(11000);
      near(r.forecast!.costPerOutputToken, 30 / 39_600_000);
      near(r.forecast!.costPerMillionOutputTokens, 3e7 / 39_600_000);
      near(r.forecast!.utilization, 0.55);
      // peak: 30 / (20000 × 3600); request-weighted mean output 20000 / 60 tokens
      near(r.peak.costPerMillionOutputTokens, 3e7 / 72_000_000);
      near(r.costPerOutputToken, 2 / ((20000 / 15) * 3600));
      near(r.costPerRequest, (2 / ((20000 / 15) * 3600)) * (20000 / 60));
      expect(r.warnings).toEqual([
        "docs: no average rate or daily volume; the forecast uses its peak (10 req/s)",
      ]);
    });

    it("daily requests ÷ 86,400 when there is no average rate; avgRps first when both are given", () => {
      // 864,000 per day = 10 req/s → 3000 tok/s
      const d = capacity(one({ dailyRequests: 864_000 }), F);
      expect(d.forecast!.outputTokensPerSec).toBe(3000);
      near(d.forecast!.costPerMillionOutputTokens, 1.5e8 / (3000 * 3600));
      near(d.forecast!.utilization, 3000 / 22500);
      const both = capacity(one({ avgRps: 5, dailyRequests: 864_000 }), F);
      expect(both.forecast!.outputTokensPerSec).toBe(1500);
    });

    it("an average rate or a daily volume of 0 is a forecast of no load (not a missing one): cost per token absent (null), utilization 0", () => {
      const r = capacity(one({ avgRps: 0 }), F);
      expect(r.forecast!).toMatchObject({ outputTokensPerSec: 0, costPerOutputToken: null });
      expect(r.forecast!).toMatchObject({ costPerMillionOutputTokens: null, utilization: 0 });
      expect(r.warnings).toEqual([]);
      const d = capacity(one({ dailyRequests: 0 }), F);
      expect(d.forecast).toMatchObject({ outputTokensPerSec: 0, utilization: 0 });
    });

    it("a negative or non-finite average rate is ignored (no forecast)", () => {
      expect(capacity(one({ avgRps: -1 }), F).forecast).toBeNull();
      expect(capacity(one({ avgRps: Number.NaN, dailyRequests: -5 }), F).forecast).toBeNull();
    });

    it("warns when the forecast rate is above the peak, not when it equals it", () => {
      expect(capacity(one({ avgRps: 50 }), F).warnings).toEqual([]);
      expect(capacity(one({ avgRps: 60 }), F).warnings).toEqual([
        "chat: the forecast rate 60 req/s is above the peak 50 req/s",
      ]);
    });

    it("a forecast on a fleet of 0 replicas has utilization 0, not NaN", () => {
      const r = capacity(one({ peakRps: 0, avgRps: 1 }), F);
      const f = r.forecast!;
      expect([r.replicas, f.outputTokensPerSec, f.utilization]).toEqual([0, 300, 0]);
      expect(r.warnings).toEqual([
        "peak RPS is 0: the load itself needs no replicas",
        "chat: the forecast rate 1 req/s is above the peak 0 req/s",
      ]);
    });
  });

  describe("division by zero", () => {
    it("no peak load with a spare replica: cost per peak output token is null, not Infinity", () => {
      const r = capacity(one({ peakRps: 0 }), { elasticity: 1, redundancy: { spare: 1 } });
      // base 0 → 0 + 1 spare = 1 replica at 10 per hour; 0 output tokens at peak
      expect([r.replicasBase, r.replicas, r.costPerHour]).toEqual([0, 1, 10]);
      expect(r.peak).toMatchObject({ outputTokensPerSec: 0, costPerOutputToken: null });
      expect(r.peak).toMatchObject({ costPerMillionOutputTokens: null });
      expect(r.utilizationAtPeak).toBe(0);
      // request-weighted mean output falls back to the workloads' mean length: 300 tokens
      near(r.costPerRequest, 3000 / 5_400_000);
      expect(r.warnings).toEqual(["peak RPS is 0: the load itself needs no replicas"]);
    });

    it("no peak load without spares: 0 replicas, 0 cost, utilization 0", () => {
      const r = capacity(one({ peakRps: 0 }), F);
      expect([r.replicas, r.gpus, r.costPerHour, r.utilizationAtPeak]).toEqual([0, 0, 0, 0]);
      expect(r.peak.costPerOutputToken).toBeNull();
    });

    it("several workloads without peak load: capacity weighted by output tokens per request", () => {
      const r = capacity(several(1, 3.6, ["a", 0, 0, 100, 1000], ["b", 0, 0, 300, 500]), F);
      // C = (100 + 300) / (100/1000 + 300/500) = 400 / 0.7; per token 3.6 / (C × 3600) = 0.7 / 400 / 1000
      near(r.replicaOutputTokensPerSec!, 400 / 0.7);
      near(r.costPerOutputToken, 0.7 / 400_000);
      // mean output (100 + 300) / 2 = 200 tokens per request
      near(r.costPerRequest, (0.7 / 400_000) * 200);
    });

    it("an overflowing fleet has no numbers at all (null) and an error saying so", () => {
      // 1e306 req/s × 1000 tokens overflows to Infinity replicas
      const r = capacity(one({ peakRps: 1e306, outputTokens: 1000, avgRps: 1 }), F);
      expect(r.value).toBeNull();
      expect(r.warnings).toEqual([
        "replicasBase is too large to be a number (the inputs overflow): no replicas or costs",
      ]);
    });

    it("a forecast that overflows alone keeps the peak numbers and warns that it has none", () => {
      // avgRps 1e306 × 1000 output tokens is Infinity tokens/s; the peak (1 req/s) is finite
      const r = capacity(one({ peakRps: 1, outputTokens: 1000, avgRps: 1e306 }), F);
      expect([r.replicas, r.forecast, r.warnings]).toEqual([
        1,
        {
          outputTokensPerSec: null,
          costPerOutputToken: null,
          costPerMillionOutputTokens: null,
          utilization: null,
        },
        [
          // the forecast is above the peak (1 req/s) and says so, with all 307 digits of 1e306
          expect.stringMatching(
            /^chat: the forecast rate 1(,000){102} req\/s is above the peak 1 req\/s$/,
          ),
          "the forecast output tokens/s is too large to be a number: no cost or utilization at forecast",
        ],
      ]);
    });

    it("one workload without peak load beside one with load gives no zero-peak note", () => {
      const r = capacity(several(1, 3.6, ["a", 0, 0, 100, 1000], ["b", 2, 0, 300, 500]), F);
      // replicasBase = 0 + 2 × 300 / 500 = 1.2 → 2 replicas
      expect([r.replicasBase, r.replicas, r.warnings]).toEqual([1.2, 2, []]);
    });

    it("one workload reports its replica capacity exactly as given (7.7, not 1 / (1 / 7.7))", () => {
      const r = capacity(one({ peakRps: 1, outputTokens: 1 }, {}, 7.7), F);
      expect(r.replicaOutputTokensPerSec).toBe(7.7);
      near(r.costPerOutputToken, 10 / (7.7 * 3600));
    });
  });

  describe("validation bounds", () => {
    const factors = (elasticity: number, redundancy: Factors["redundancy"]) => ({
      elasticity,
      redundancy,
    });
    const f1 = factors(1, { factor: 1 });

    it.each([
      ["GPUs per replica must be a positive number, got 0", one({}, { gpusPerReplica: 0 })],
      ["price per GPU-hour must be a number ≥ 0, got -0.01", one({}, { pricePerGpuHour: -0.01 })],
      [
        "price per GPU-hour must be a number ≥ 0, got Infinity",
        one({}, { pricePerGpuHour: 1 / 0 }),
      ],
      ["elasticity must be a positive number, got 0", one(), factors(0, { factor: 1 })],
      ["spare replicas must be a number ≥ 0, got -1", one(), factors(1, { spare: -1 })],
      ["chat: replica output tokens/s must be positive, got 0", one({}, {}, 0)],
      ["chat: peak RPS must be a number ≥ 0, got -1", one({ peakRps: -1 })],
      ["chat: output tokens must be positive, got 0", one({ outputTokens: 0 })],
      ["chat: input tokens must be a number ≥ 0, got -1", one({ inputTokens: -1 })],
      ["no workloads to plan for", one({}, { perWorkload: [] })],
    ] as [string, SkuCapacityInput, Factors?][])(
      "invalid, no numbers: %s",
      (warning, sku, f = F) => {
        expectInvalid(capacity(sku, f), [warning]);
      },
    );

    it("at the bounds: 0.5 GPUs, a price of 0, input tokens of 0 and factors of exactly 1 are fine", () => {
      expect(capacity(one({}, { gpusPerReplica: 0.5 }), F).gpus).toBe(7.5);
      const free = capacity(one({}, { pricePerGpuHour: 0 }), F);
      expect([free.costPerHour, free.costPerOutputToken, free.warnings]).toEqual([0, 0, []]);
      const in0 = capacity(one({ inputTokens: 0 }), F);
      expect([in0.replicas, in0.warnings]).toEqual([15, []]);
      expect(capacity(one(), f1)).toMatchObject({ replicas: 10, warnings: [] });
    });

    it("a redundancy of 0 is refused; elasticity and redundancy below 1 are allowed with a warning naming the plan key", () => {
      expect(capacity(one(), factors(1, { factor: 0 })).warnings).toEqual([
        "redundancy must be a positive number, got 0",
      ]);
      const below = (what: string, v: number) =>
        `${what} ${v} is below 1: the plan has less than the measured need`;
      const low = capacity(one(), factors(0.5, { factor: 1 }));
      expect([low.replicas, low.warnings]).toEqual([5, [below("elasticity", 0.5)]]);
      const lowR = capacity(one(), factors(1, { factor: 0.8 }));
      expect([lowR.replicas, lowR.warnings]).toEqual([8, [below("redundancy", 0.8)]]);
      const paths = (f: Factors) => capacity(one(), f).problems.map((p) => [p.code, p.path]);
      expect(paths(factors(0.5, { factor: 0.8 }))).toEqual([
        ["capacity.factorBelowOne", "factors.elasticity"],
        ["capacity.factorBelowOne", "factors.redundancy"],
      ]);
      expect(paths(factors(1, { spare: 1.5 }))).toEqual([
        ["capacity.spareFractional", "factors.redundancy.spare"],
      ]);
    });

    it("spare replicas may be 0; a fraction is rounded up with a warning", () => {
      const zero = capacity(one(), factors(1, { spare: 0 }));
      expect([zero.replicas, zero.replicasRaw, zero.warnings]).toEqual([10, 10, []]);
      const frac = capacity(one(), factors(1, { spare: 1.5 }));
      expect([frac.replicas, frac.replicasRaw, frac.warnings]).toEqual([
        12,
        12,
        ["spare replicas 1.5 is not a whole number: using 2"],
      ]);
    });

    it("an invalid plan has no numbers and reports every problem in order", () => {
      const sku = one(
        { peakRps: 50, outputTokens: 300 },
        { gpusPerReplica: Number.NaN, pricePerGpuHour: -1 },
      );
      const r = capacity(sku, factors(-2, { spare: -1 }));
      expect(r.value).toBeNull();
      expect(r.warnings).toEqual([
        "GPUs per replica must be a positive number, got NaN",
        "price per GPU-hour must be a number ≥ 0, got -1",
        "elasticity must be a positive number, got -2",
        "spare replicas must be a number ≥ 0, got -1",
      ]);
    });
  });

  describe("length mismatch", () => {
    const warnings = (extra: Partial<PerWorkload>, w: Partial<WorkloadInput> = {}) =>
      capacity(one(w, {}, 1500, extra), F).warnings;

    it("warns beyond 25 % either way, not at exactly 25 %", () => {
      expect(LENGTH_MISMATCH).toBe(0.25);
      expect(capacity(one({}, {}, 1500), F).warnings).toEqual([]);
      const w = (m: number) => warnings({ sweepMeanOutputTokens: m }).length;
      // 300 ± 75 is exactly 25 %
      expect([w(375), w(225), w(376), w(224)]).toEqual([0, 0, 1, 1]);
      expect(warnings({ sweepMeanOutputTokens: 224 })).toEqual([
        "chat: the sweep's mean output length (224 tokens) differs from the workload's (300 tokens) by 25 %; capacity measured at other lengths may not hold (docs/capacity.md)",
      ]);
    });

    it("a sweep mean of 0 is compared; a missing or negative one is not; nor is a workload of 0 input tokens", () => {
      const at = (m: number | null) => warnings({ sweepMeanInputTokens: m }).length;
      expect([at(0), at(null), at(-5)]).toEqual([1, 0, 0]);
      expect(warnings({ sweepMeanInputTokens: 100 }, { inputTokens: 0 })).toEqual([]);
    });
  });

  describe("ceilTol and replicasFromBase", () => {
    it.each([
      [14.4000000001, 15],
      [15.0000000001, 15],
      [15, 15],
      [10 * 1.2 * 1.2, 15], // 14.399999999999999
      [15.00001, 16],
      [15 + 1e-9, 15],
      [15 + 3e-9, 16],
      [14.000000001, 14],
      [-0.5, 0],
      [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
    ])("ceilTol(%s) is %s: a ceiling with exactly 1e-9 of tolerance", (x, want) => {
      expect(ceilTol(x)).toBe(want);
    });

    it("ceilTol gives no negative zero and passes NaN on", () => {
      expect([Object.is(ceilTol(-0.5), 0), Object.is(ceilTol(0), 0)]).toEqual([true, true]);
      expect(ceilTol(Number.NaN)).toBeNaN();
    });

    it("N+k adds the spares after the ceiling; a factor multiplies before it", () => {
      expect([
        replicasFromBase(10, 1.25, { spare: 2 }),
        replicasFromBase(10, 1.25, { factor: 1.2 }),
        replicasFromBase(0, 1, { spare: 3 }),
      ]).toEqual([15, 15, 3]);
      expect(replicasFromBase(7, 1.1, { factor: 1.3 })).toBe(11); // 7 × 1.43 = 10.01 → 11
    });
  });
});
