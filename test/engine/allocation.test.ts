import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, costShare, type AllocationInput } from "../../src/engine/finops/allocation";
import {
  largestRemainder,
  minorUnitDigits,
  roundMoney,
  toMinor,
} from "../../src/engine/finops/money";

const seedUsage = [
  { team: "search", pool: "70b", inputTokens: 1e7, outputTokens: 2e7 }, // 3e7 tokens
  { team: "support", pool: "70b", inputTokens: 6e7, outputTokens: 4e7 }, // 1e8 tokens
];
const base = (over: Partial<AllocationInput> = {}): AllocationInput => ({
  pools: [{ name: "70b", costPerDay: 1920 }],
  usage: seedUsage,
  method: "tokens",
  idle: "proportional",
  currency: "CNY",
  ...over,
});

describe("docs/allocation.md cost_share", () => {
  it("costShare(1920, 3e7, 1.3e8) = 443.0769… → 443.08 per day", () => {
    expect(costShare(1920, 3e7, 1.3e8)).toBeCloseTo(443.076923076923, 9);
    expect(roundMoney(costShare(1920, 3e7, 1.3e8), "CNY")).toBe(443.08);
    expect(costShare(1920, 0, 0)).toBe(0);
  });

  it("splits a 1920/day pool between 3e7 and 1e8 tokens as 443.08 + 1476.92 = 1920.00", () => {
    const r = allocate(base());
    const p = r.pools[0]!;
    // exact: 1920 × 3/13 = 443.0769 (44307.69 fen), 1920 × 10/13 = 1476.9231 (147692.31 fen);
    // floors 44307 + 147692 = 191999, one fen left → the larger remainder (.69) → 443.08
    expect(p.teams.map((t) => [t.name, t.tokens, t.costRounded])).toEqual([
      ["search", 3e7, 443.08],
      ["support", 1e8, 1476.92],
    ]);
    expect(p.teams[0]!.share).toBeCloseTo(3 / 13, 15);
    expect(p.teams[0]!.cost).toBeCloseTo(443.0769230769, 9);
    expect(p.teams[0]!.costPerMillionTokens).toBeCloseTo(1920 / 130, 12); // 14.769 per 1M tokens
    expect(p.costRounded).toBe(1920);
    expect(p.idle).toBe(0);
    expect(p.idleRounded).toBe(0);
    const perM = 1920 / 130; // 14.769 per 1M tokens for both teams (one pool, proportional)
    expect(
      r.teams.map((t) => [
        t.name,
        t.cost,
        t.costRounded,
        t.sharedCostRounded,
        t.totalRounded,
        t.tokens,
        t.inputTokens,
        t.outputTokens,
      ]),
    ).toEqual([
      ["search", p.teams[0]!.cost, 443.08, 0, 443.08, 3e7, 1e7, 2e7],
      ["support", p.teams[1]!.cost, 1476.92, 0, 1476.92, 1e8, 6e7, 4e7],
    ]);
    for (const t of r.teams) {
      expect(t.costPerMillionTokens).toBeCloseTo(perM, 12);
      // method tokens: input and output weights are 1, so per 1M input = per 1M output = per 1M weighted.
      expect(t.costPerMillionInputTokens).toBeCloseTo(perM, 12);
      expect(t.costPerMillionOutputTokens).toBeCloseTo(perM, 12);
    }
    expect(r.warnings).toEqual([]);
  });
});

describe("allocate", () => {
  it("weights only output tokens with method output, and user weights with method weighted", () => {
    const o = allocate(base({ method: "output" }));
    // output 2e7 vs 4e7 → 1/3, 2/3 of 1920 = 640, 1280
    expect(o.pools[0]!.teams.map((t) => t.costRounded)).toEqual([640, 1280]);
    expect(o.pools[0]!.teams[0]!.tokens).toBe(2e7);
    const w = allocate(base({ method: "weighted", inputWeight: 1, outputWeight: 4 }));
    // search 1e7 + 8e7 = 9e7; support 6e7 + 16e7 = 2.2e8; 1920 × 9/31 = 557.42, 1920 × 22/31 = 1362.58
    expect(w.pools[0]!.teams.map((t) => t.costRounded)).toEqual([557.42, 1362.58]);
  });

  it("keeps idle as its own line with idle separate, teams paying the capacity price", () => {
    const r = allocate(
      base({
        pools: [{ name: "70b", costPerDay: 1000, capacityTokensPerDay: 1e6 }],
        usage: [
          { team: "a", pool: "70b", inputTokens: 1e5, outputTokens: 1e5 },
          { team: "b", pool: "70b", inputTokens: 2e5, outputTokens: 1e5 },
        ],
        idle: "separate",
      }),
    );
    // price 1000 / 1e6 = 0.001 per token: a 2e5 → 200, b 3e5 → 300, idle 500
    const p = r.pools[0]!;
    expect(p.teams.map((t) => t.costRounded)).toEqual([200, 300]);
    expect(p.idle).toBeCloseTo(500, 9);
    expect(p.idleRounded).toBe(500);
    expect(p.teams.map((t) => t.share)).toEqual([0.4, 0.6]);
  });

  it("falls back to proportional with a warning when capacity is unknown or exceeded", () => {
    const u = allocate(base({ idle: "separate" }));
    expect(u.pools[0]!.idleRounded).toBe(0);
    expect(u.pools[0]!.teams.map((t) => t.costRounded)).toEqual([443.08, 1476.92]);
    expect(u.warnings[0]).toContain("capacity unknown");
    const x = allocate(
      base({
        idle: "separate",
        pools: [{ name: "70b", costPerDay: 1920, capacityTokensPerDay: 1e8 }],
      }),
    );
    expect(x.pools[0]!.idleRounded).toBe(0);
    expect(x.pools[0]!.teams.map((t) => t.costRounded)).toEqual([443.08, 1476.92]);
    expect(x.warnings[0]).toBe(
      'pool "70b": usage (130,000,000 tokens/day) exceeds capacity (100,000,000 tokens/day); no idle, teams share the whole cost in proportion',
    );
  });

  it("makes the whole cost idle when a pool has no usage", () => {
    const r = allocate(
      base({
        pools: [
          { name: "70b", costPerDay: 1920 },
          { name: "8b", costPerDay: 100.005 },
        ],
      }),
    );
    const p = r.pools[1]!;
    expect(p.teams).toEqual([]);
    expect(p.idle).toBe(100.005);
    expect(p.costRounded).toBe(100.01); // 100.005 rounds half away from zero
    expect(p.idleRounded).toBe(100.01);
    expect(r.warnings).toContain('pool "8b": no usage; the whole cost (100.01 CNY) is idle');
  });

  it("totals a team's cost over several pools", () => {
    const r = allocate(
      base({
        pools: [
          { name: "70b", costPerDay: 1920 },
          { name: "8b", costPerDay: 100 },
        ],
        usage: [
          ...seedUsage,
          { team: "search", pool: "8b", inputTokens: 1, outputTokens: 2 },
          { team: "ops", pool: "8b", inputTokens: 3, outputTokens: 0 },
        ],
      }),
    );
    // 8b: search 3 of 6 tokens → 50, ops 50; search total 443.08 + 50 = 493.08
    expect(r.teams.map((t) => [t.name, t.costRounded])).toEqual([
      ["search", 493.08],
      ["support", 1476.92],
      ["ops", 50],
    ]);
  });

  it("rounds to the currency's minor unit: yen to whole units, dinar to three decimals", () => {
    const three = [1, 2, 3].map((i) => ({
      team: `t${i}`,
      pool: "p",
      inputTokens: 1,
      outputTokens: 0,
    }));
    const jpy = allocate({
      pools: [{ name: "p", costPerDay: 1000 }],
      usage: three,
      method: "tokens",
      idle: "proportional",
      currency: "JPY",
    });
    // 333.33 each: floors 333 × 3 = 999, one yen to the first of the tied remainders
    expect(jpy.pools[0]!.teams.map((t) => t.costRounded)).toEqual([334, 333, 333]);
    const kwd = allocate({
      pools: [{ name: "p", costPerDay: 10 }],
      usage: three,
      method: "tokens",
      idle: "proportional",
      currency: "KWD",
    });
    expect(kwd.pools[0]!.teams.map((t) => t.costRounded)).toEqual([3.334, 3.333, 3.333]);
  });

  it("warns about usage rows for an unknown pool instead of throwing", () => {
    const r = allocate(
      base({ usage: [...seedUsage, { team: "x", pool: "nope", inputTokens: 1, outputTokens: 1 }] }),
    );
    expect(r.warnings).toEqual(['usage row 3 (x): no pool named "nope"; ignored']);
    expect(r.pools[0]!.teams).toHaveLength(2);
  });
});

describe("money", () => {
  it("knows minor-unit digits from Intl with a fallback of 2", () => {
    expect(minorUnitDigits("USD")).toBe(2);
    expect(minorUnitDigits("CNY")).toBe(2);
    expect(minorUnitDigits("JPY")).toBe(0);
    expect(minorUnitDigits("KWD")).toBe(3);
    expect(minorUnitDigits("not a code")).toBe(2);
  });

  it("largest-remainder rounding hits the total exactly", () => {
    expect(largestRemainder([443.0769230769, 1476.923076923], 192000, 2)).toEqual([44308, 147692]);
    expect(largestRemainder([0, 0], 5, 0)).toEqual([3, 2]);
    expect(toMinor(1.005, 2)).toBe(101);
  });
});

describe("allocation properties", () => {
  it("conserves every pool's rounded cost exactly in minor units, and shares sum to 1", () => {
    const usageRow = fc.record({
      team: fc.constantFrom("a", "b", "c", "d", "e"),
      pool: fc.constantFrom("p0", "p1", "p2"),
      inputTokens: fc.double({ min: 0, max: 1e9, noNaN: true }),
      outputTokens: fc.double({ min: 0, max: 1e9, noNaN: true }),
    });
    const arb = fc.record({
      costs: fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 3, maxLength: 3 }),
      caps: fc.array(fc.option(fc.double({ min: 1, max: 1e10, noNaN: true })), {
        minLength: 3,
        maxLength: 3,
      }),
      usage: fc.array(usageRow, { maxLength: 12 }),
      currency: fc.constantFrom("USD", "JPY", "KWD"),
      method: fc.constantFrom("tokens" as const, "output" as const, "weighted" as const),
      idle: fc.constantFrom("proportional" as const, "separate" as const),
      wi: fc.double({ min: 0, max: 5, noNaN: true }),
      wo: fc.double({ min: 0.1, max: 5, noNaN: true }),
    });
    fc.assert(
      fc.property(arb, (x) => {
        const r = allocate({
          pools: x.costs.map((c, i) => ({
            name: `p${i}`,
            costPerDay: c,
            capacityTokensPerDay: x.caps[i] ?? null,
          })),
          usage: x.usage,
          method: x.method,
          inputWeight: x.wi,
          outputWeight: x.wo,
          idle: x.idle,
          currency: x.currency,
        });
        const d = minorUnitDigits(x.currency);
        const m = (v: number): number => Math.round(v * 10 ** d);
        for (const p of r.pools) {
          expect(m(p.costRounded)).toBe(toMinor(p.cost, d));
          const sum = p.teams.reduce((s, t) => s + m(t.costRounded), 0) + m(p.idleRounded);
          expect(sum).toBe(m(p.costRounded));
          if (p.usedTokens > 0)
            expect(Math.abs(p.teams.reduce((s, t) => s + t.share, 0) - 1)).toBeLessThan(1e-9);
        }
        // team totals add up to the sum of the pools' team parts
        const teamSum = r.teams.reduce((s, t) => s + m(t.costRounded), 0);
        const poolTeamSum = r.pools.reduce(
          (s, p) => s + p.teams.reduce((q, t) => q + m(t.costRounded), 0),
          0,
        );
        expect(teamSum).toBe(poolTeamSum);
      }),
      { numRuns: 300 },
    );
  });
});
