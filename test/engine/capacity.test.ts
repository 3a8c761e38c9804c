import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  capacity,
  ceilTol,
  tokensPerRequest,
  tokensPerSec,
  type SkuCapacityInput,
  type WorkloadInput,
} from "../../src/engine/chain/capacity";

const chat: WorkloadInput = { name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 };
const seedSku = (
  w: WorkloadInput = chat,
  extra: Partial<SkuCapacityInput["perWorkload"][number]> = {},
): SkuCapacityInput => ({
  gpusPerReplica: 4,
  pricePerGpuHour: 20,
  perWorkload: [{ workload: w, replicaOutputTokensPerSec: 1500, ...extra }],
});
const seedFactors = { elasticity: 1.2, redundancy: { factor: 1.2 } };

describe("seed worked examples (docs/capacity.md)", () => {
  it("reproduces docs/capacity.md token rates: 300 + 300 at 50 RPS = 30,000 tok/s and 3000 + 500 at 50 RPS = 175,000 tok/s", () => {
    expect(tokensPerRequest(chat)).toBe(600);
    expect(tokensPerSec(chat)).toBe(30000);
    const docs = { name: "docs", peakRps: 50, inputTokens: 3000, outputTokens: 500 };
    expect(tokensPerRequest(docs)).toBe(3500);
    expect(tokensPerSec(docs)).toBe(175000);
  });

  it("reproduces docs/capacity.md: 50 × 300 / 1500 = 10 base replicas, × 1.2 × 1.2 → 14.4 → 15", () => {
    const r = capacity(seedSku(), seedFactors);
    expect(r.replicasBase).toBe(10);
    expect(r.replicasRaw).toBeCloseTo(14.4, 12);
    expect(r.replicas).toBe(15);
    expect(r.gpus).toBe(60);
    expect(r.warnings).toEqual([]);
  });

  it("reproduces docs/capacity.md costs for TP=4 at 20 per GPU-hour: 1,200 per hour, 28,800 per day", () => {
    const r = capacity(seedSku(), seedFactors);
    expect(r.costPerHour).toBe(1200); // 15 × 4 × 20
    expect(r.costPerDay).toBe(28800);
    expect(r.costPerMonth).toBe(876000); // 1200 × 730
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
    const r = capacity(seedSku({ ...chat, outputTokens: 500 }), seedFactors);
    // 80 / 5.4e6 × 500 = 0.0074074…
    expect(r.costPerRequest).toBeCloseTo(0.0074074074, 9);
    expect(r.costPerRequest.toFixed(3)).toBe("0.007");
  });
});

describe("ceilTol", () => {
  it("ceils with a 1e-9 tolerance", () => {
    expect(ceilTol(14.4000000001)).toBe(15);
    expect(ceilTol(15.0000000001)).toBe(15);
    expect(ceilTol(15)).toBe(15);
    expect(ceilTol(10 * 1.2 * 1.2)).toBe(15); // 14.399999999999999
    expect(ceilTol(15.00001)).toBe(16);
    expect(Object.is(ceilTol(0), 0)).toBe(true);
  });
});

describe("capacity", () => {
  it("adds N+k spare replicas after the ceiling", () => {
    const r = capacity(seedSku(), { elasticity: 1.25, redundancy: { spare: 2 } });
    // base 10 × 1.25 = 12.5 → 13, + 2 = 15; replicasRaw = 12.5 + 2
    expect(r.replicasRaw).toBe(14.5);
    expect(r.replicas).toBe(15);
  });

  it("sums base replicas over workloads and uses the output-token-weighted harmonic capacity for cost per token", () => {
    const sku: SkuCapacityInput = {
      gpusPerReplica: 4,
      pricePerGpuHour: 20,
      perWorkload: [
        {
          workload: { name: "chat", peakRps: 40, inputTokens: 300, outputTokens: 300 },
          replicaOutputTokensPerSec: 1500,
        },
        {
          workload: { name: "docs", peakRps: 10, inputTokens: 3000, outputTokens: 500 },
          replicaOutputTokensPerSec: 1000,
        },
      ],
    };
    const r = capacity(sku, seedFactors);
    // chat 40 × 300 / 1500 = 8; docs 10 × 500 / 1000 = 5 → 13; × 1.44 = 18.72 → 19
    expect(r.replicasBase).toBe(13);
    expect(r.replicas).toBe(19);
    // C = (12000 + 5000) / 13 = 1307.69 tok/s; cost/token = 80 × 13 / (17000 × 3600) = 1.69935e-5
    // = 80/3600 × (12/17 / 1500 + 5/17 / 1000): replica-hours per token weighted by output share
    expect(r.replicaOutputTokensPerSec).toBeCloseTo(17000 / 13, 9);
    expect(r.costPerOutputToken).toBeCloseTo((80 / 3600) * (12 / 17 / 1500 + 5 / 17 / 1000), 15);
    // request-weighted mean output = 17000 / 50 = 340 tokens
    expect(r.costPerRequest).toBeCloseTo(r.costPerOutputToken * 340, 15);
    expect(r.utilizationAtPeak).toBeCloseTo(13 / 19, 12);
  });

  it("reports cost and utilization at forecast volume from avgRps or dailyRequests", () => {
    const a = capacity(seedSku({ ...chat, avgRps: 16 }), seedFactors);
    // 16 × 300 = 4800 tok/s; 1200 / (4800 × 3600) = 6.944e-5; utilization 4800 / (15 × 1500) = 0.21333
    expect(a.forecast!.outputTokensPerSec).toBe(4800);
    expect(a.forecast!.costPerOutputToken).toBeCloseTo(1200 / (4800 * 3600), 15);
    expect(a.forecast!.utilization).toBeCloseTo(4800 / 22500, 12);
    const d = capacity(seedSku({ ...chat, dailyRequests: 16 * 86400 }), seedFactors);
    expect(d.forecast!.outputTokensPerSec).toBeCloseTo(4800, 9);
  });

  it("warns when the sweep's mean lengths differ from the workload's by more than 25 %, naming both numbers", () => {
    const r = capacity(
      seedSku(chat, { sweepMeanInputTokens: 1000, sweepMeanOutputTokens: 330 }),
      seedFactors,
    );
    // input: |1000 − 300| / 300 = 233 % → warning; output: 10 % → none
    expect(r.warnings).toEqual([
      "chat: the sweep's mean input length (1,000 tokens) differs from the workload's (300 tokens) by 233 %; capacity measured at other lengths may not hold (docs/capacity.md)",
    ]);
    expect(capacity(seedSku(chat, { sweepMeanInputTokens: 375 }), seedFactors).warnings).toEqual(
      [],
    ); // exactly 25 %
  });

  it("returns NaN results with a warning for a non-positive replica capacity instead of throwing", () => {
    const r = capacity(
      { ...seedSku(), perWorkload: [{ workload: chat, replicaOutputTokensPerSec: 0 }] },
      seedFactors,
    );
    expect(r.replicas).toBeNaN();
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
  const run = (
    x: { rps: number; out: number; cap: number; el: number; red: number; g: number; price: number },
    rps = x.rps,
  ) =>
    capacity(
      {
        gpusPerReplica: x.g,
        pricePerGpuHour: x.price,
        perWorkload: [
          {
            workload: { name: "w", peakRps: rps, inputTokens: 100, outputTokens: x.out },
            replicaOutputTokensPerSec: x.cap,
          },
        ],
      },
      { elasticity: x.el, redundancy: { factor: x.red } },
    );

  it("never decreases replicas as peak RPS rises", () => {
    fc.assert(
      fc.property(arb, fc.double({ min: 0, max: 1e3, noNaN: true }), (x, d) => {
        expect(run(x, x.rps + d).replicas).toBeGreaterThanOrEqual(run(x).replicas);
      }),
    );
  });

  it("keeps replicas ≥ replicasRaw (within the 1e-9 ceiling tolerance) ≥ replicasBase for factors ≥ 1", () => {
    fc.assert(
      fc.property(arb, (x) => {
        const r = run(x);
        expect(r.replicas).toBeGreaterThanOrEqual(r.replicasRaw - 1e-9);
        expect(r.replicasRaw).toBeGreaterThanOrEqual(r.replicasBase);
      }),
    );
  });

  it("keeps costPerDay = 24 × costPerHour", () => {
    fc.assert(
      fc.property(arb, (x) => {
        const r = run(x);
        expect(r.costPerDay).toBe(24 * r.costPerHour);
      }),
    );
  });
});
