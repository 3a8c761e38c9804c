import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  costShare,
  type AllocationInput,
  type SharedCostInput,
  compareNames,
  splitByName,
} from "../../../src/engine/finops/allocation";
import { minorUnitDigits, roundMoney, toMinor } from "../../../src/engine/finops/money";
import { createPlanEngine } from "../../../src/engine/plan/incremental";
import type { PlanResult } from "../../../src/engine/plan/plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { englishOf } from "../../../src/engine/base/problems";
import type { Problem } from "../../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

/** A usage row: `team` used `inputTokens` and `outputTokens` a day of `pool` (and reserved replicas). */
const row = (
  team: string,
  pool: string,
  inputTokens: number,
  outputTokens: number,
  reservedReplicas?: number | null,
) => ({
  team,
  pool,
  inputTokens,
  outputTokens,
  ...(reservedReplicas === undefined ? {} : { reservedReplicas }),
});
const seedUsage = [
  row("search", "70b", 1e7, 2e7), // 3e7 tokens
  row("support", "70b", 6e7, 4e7), // 1e8 tokens
];
const base = (over: Partial<AllocationInput> = {}): AllocationInput => ({
  pools: [{ name: "70b", costPerDay: 1920 }],
  usage: seedUsage,
  method: "tokens",
  idle: "proportional",
  currency: "CNY",
  ...over,
});
/** `allocate` of that input. */
const ofBase = (over: Partial<AllocationInput> = {}) => allocate(base(over));
/** A USD allocation by tokens with idle spread in proportion, of the pools and usage given. */
const usd = (over: Partial<AllocationInput>) =>
  allocate({
    currency: "USD",
    method: "tokens",
    idle: "proportional",
    pools: [],
    usage: [],
    ...over,
  });

const nan = Number.NaN;
const inf = Number.POSITIVE_INFINITY;
// The English warnings the cases expect, from their parts.
const badCost = (got: string) =>
  `pool "p": daily cost must be a number ≥ 0, got ${got}; counted as 0`;
const badWeight = (which: string, got: string) =>
  `${which} weight must be a number ≥ 0, got ${got}: using 1`;
const noUsage = (pool: string, cost: string) =>
  `pool "${pool}": no usage; the whole cost (${cost}) is idle`;
const noPool = (n: number, team: string, pool: string) =>
  `usage row ${n} (${team}): no pool named "${pool}"; ignored`;
const badTokens = (n: number, team: string) =>
  `usage row ${n} (${team}): token counts must be numbers ≥ 0; ignored`;
const exceeds = (used: string, capacity: string, pool: string) =>
  `pool "${pool}": usage (${used} tokens/day) exceeds capacity (${capacity} tokens/day); no idle, teams share the whole cost in proportion`;
const unknownCapacity = (pool: string) =>
  `pool "${pool}": capacity unknown, so idle cannot be kept separate; spread in proportion instead`;

/** The one pool `p`. */
const poolP = (costPerDay: number) => [{ name: "p", costPerDay }];

type Result = ReturnType<typeof allocate>;
/** The sum of `f` over `xs`, in order. */
const sum = <T>(xs: readonly T[], f: (x: T) => number): number => xs.reduce((a, x) => a + f(x), 0);
/** One field of each item, in order. */
const col = <T, K extends keyof T>(xs: readonly T[], k: K): T[K][] => xs.map((x) => x[k]);
/** Several fields of each item, item after item: `flat(teams, "name", "cost")` → ["a", 1, "b", 2]. */
const flat = <T>(xs: readonly T[], ...ks: (keyof T)[]): unknown[] =>
  xs.flatMap((x) => ks.map((k) => x[k]));
const PER_M = [
  "costPerMillionTokens",
  "costPerMillionInputTokens",
  "costPerMillionOutputTokens",
] as const;
/** Cost per 1M weighted, input and output tokens. */
const perM = (x: Record<(typeof PER_M)[number], number | null>) => PER_M.map((k) => x[k]);
/** What the case tables compare, mostly of the first pool (toMatchObject: only the keys a case names). */
const look = (r: Result) => {
  const p = r.pools[0]!;
  return {
    names: col(p.teams, "name"),
    tokens: col(p.teams, "tokens"),
    inputs: col(p.teams, "inputTokens"),
    perMillion: col(p.teams, "costPerMillionTokens"),
    costs: col(p.teams, "costRounded"),
    reserved: col(p.teams, "reservedReplicas"),
    billed: col(p.teams, "billedReplicas"),
    idle: p.idle,
    idleRounded: p.idleRounded,
    cost: p.cost,
    costRounded: p.costRounded,
    poolBilled: p.billedReplicas,
    poolPerM: perM(p),
    pools: col(r.pools, "costRounded"),
    totals: col(r.teams, "totalRounded"),
    owners: flat(r.teams, "name", "costRounded"),
    teamPerM: r.teams.flatMap(perM),
    codes: col(r.problems, "code"),
    paths: col(r.problems, "path"),
    warnings: enW(r),
  };
};
type Look = Partial<ReturnType<typeof look>>;

describe("docs/allocation.md cost_share", () => {
  it("costShare(1920, 3e7, 1.3e8) = 443.0769… → 443.08 per day", () => {
    expect(costShare(1920, 3e7, 1.3e8)).toBeCloseTo(443.076923076923, 9);
    expect(roundMoney(costShare(1920, 3e7, 1.3e8), "CNY")).toBe(443.08);
    expect(costShare(1920, 0, 0)).toBe(0);
  });

  it("splits a 1920/day pool between 3e7 and 1e8 tokens as 443.08 + 1476.92 = 1920.00", () => {
    const r = ofBase();
    const p = r.pools[0]!;
    // exact: 1920 × 3/13 = 443.0769 (44307.69 fen), 1920 × 10/13 = 1476.9231 (147692.31 fen);
    // floors 44307 + 147692 = 191999, one fen left → the larger remainder (.69) → 443.08
    const poolTeams = flat(p.teams, "name", "tokens", "costRounded");
    expect(poolTeams).toEqual(["search", 3e7, 443.08, "support", 1e8, 1476.92]);
    expect(p.teams[0]!.share).toBeCloseTo(3 / 13, 15);
    expect(p.teams[0]!.cost).toBeCloseTo(443.0769230769, 9);
    expect(p.teams[0]!.costPerMillionTokens).toBeCloseTo(1920 / 130, 12); // 14.769 per 1M tokens
    expect(p).toMatchObject({ costRounded: 1920, idle: 0, idleRounded: 0 });
    const perM130 = 1920 / 130; // 14.769 per 1M tokens for both teams (one pool, proportional)
    expect(r.teams).toMatchObject([
      { name: "search", cost: p.teams[0]!.cost, costRounded: 443.08, sharedCostRounded: 0 },
      { name: "support", cost: p.teams[1]!.cost, costRounded: 1476.92, sharedCostRounded: 0 },
    ]);
    expect(flat(r.teams, "totalRounded", "tokens", "inputTokens", "outputTokens")).toEqual([
      443.08, 3e7, 1e7, 2e7, 1476.92, 1e8, 6e7, 4e7,
    ]);
    for (const t of r.teams) {
      // method tokens: input and output weights are 1, so per 1M input = per 1M output = per 1M weighted.
      for (const x of perM(t)) expect(x).toBeCloseTo(perM130, 12);
    }
    expect(enW(r)).toEqual([]);
  });
});

describe("allocate", () => {
  it("weights only output tokens with method output, and user weights with method weighted", () => {
    const o = ofBase({ method: "output" });
    // output 2e7 vs 4e7 → 1/3, 2/3 of 1920 = 640, 1280
    expect(look(o)).toMatchObject({ costs: [640, 1280] });
    expect(o.pools[0]!.teams[0]!.tokens).toBe(2e7);
    const w = ofBase({ method: "weighted", inputWeight: 1, outputWeight: 4 });
    // search 1e7 + 8e7 = 9e7; support 6e7 + 16e7 = 2.2e8; 1920 × 9/31 = 557.42, 1920 × 22/31 = 1362.58
    expect(look(w).costs).toEqual([557.42, 1362.58]);
  });

  it("keeps idle as its own line with idle separate, teams paying the capacity price", () => {
    const r = ofBase({
      pools: [{ name: "70b", costPerDay: 1000, capacityTokensPerDay: 1e6 }],
      usage: [row("a", "70b", 1e5, 1e5), row("b", "70b", 2e5, 1e5)],
      idle: "separate",
    });
    // price 1000 / 1e6 = 0.001 per token: a 2e5 → 200, b 3e5 → 300, idle 500
    expect(look(r)).toMatchObject({ costs: [200, 300], idle: expect.closeTo(500, 9) });
    expect(look(r).idleRounded).toBe(500);
    expect(col(r.pools[0]!.teams, "share")).toEqual([0.4, 0.6]);
  });

  it("falls back to proportional with a warning when capacity is unknown or exceeded", () => {
    const u = ofBase({ idle: "separate" });
    expect(look(u)).toMatchObject({ idleRounded: 0, costs: [443.08, 1476.92] });
    expect(enW(u)[0]).toContain("capacity unknown");
    const x = ofBase({
      idle: "separate",
      pools: [{ name: "70b", costPerDay: 1920, capacityTokensPerDay: 1e8 }],
    });
    expect(look(x)).toMatchObject({ idleRounded: 0, costs: [443.08, 1476.92] });
    expect(enW(x)[0]).toBe(exceeds("130,000,000", "100,000,000", "70b"));
  });

  it("makes the whole cost idle when a pool has no usage", () => {
    const eight = { name: "8b", costPerDay: 100.005 };
    const r = ofBase({ pools: [{ name: "70b", costPerDay: 1920 }, eight] });
    const p = r.pools[1]!;
    expect(p).toMatchObject({ teams: [], idle: 100.005 });
    expect(p.costRounded).toBe(100.01); // 100.005 rounds half away from zero
    expect(p.idleRounded).toBe(100.01);
    expect(enW(r)).toContain(noUsage("8b", "100.01 CNY"));
  });

  it("totals a team's cost over several pools", () => {
    const eight = { name: "8b", costPerDay: 100 };
    const usage = [...seedUsage, row("search", "8b", 1, 2), row("ops", "8b", 3, 0)];
    const r = ofBase({ pools: [{ name: "70b", costPerDay: 1920 }, eight], usage });
    // 8b: search 3 of 6 tokens → 50, ops 50; search total 443.08 + 50 = 493.08
    expect(look(r).owners).toEqual(["search", 493.08, "support", 1476.92, "ops", 50]);
  });

  // three teams of one token each: JPY 333.33 each, floors 333 × 3 = 999, one yen to the first of
  // the tied remainders; KWD rounds to three decimals.
  it.each([
    ["JPY", 1000, [334, 333, 333]],
    ["KWD", 10, [3.334, 3.333, 3.333]],
  ])("rounds %s to its minor unit: %s a day over three equal teams → %j", (currency, c, want) => {
    const three = ["t1", "t2", "t3"].map((t) => row(t, "p", 1, 0));
    const r = ofBase({ pools: [{ name: "p", costPerDay: c }], usage: three, currency });
    expect(look(r).costs).toEqual(want);
  });

  it("warns about usage rows for an unknown pool instead of throwing", () => {
    const r = ofBase({ usage: [...seedUsage, row("x", "nope", 1, 1)] });
    expect(enW(r)).toEqual([noPool(3, "x", "nope")]);
    expect(r.pools[0]!.teams).toHaveLength(2);
  });
});
describe("allocation properties", () => {
  it("conserves every pool's rounded cost exactly in minor units, and shares sum to 1", () => {
    const num = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    const three = { minLength: 3, maxLength: 3 };
    const usageRow = fc.record({
      team: fc.constantFrom("a", "b", "c", "d", "e"),
      pool: fc.constantFrom("p0", "p1", "p2"),
      inputTokens: num(0, 1e9),
      outputTokens: num(0, 1e9),
    });
    const arb = fc.record({
      costs: fc.array(num(0, 1e6), three),
      caps: fc.array(fc.option(num(1, 1e10)), three),
      usage: fc.array(usageRow, { maxLength: 12 }),
      currency: fc.constantFrom("USD", "JPY", "KWD"),
      method: fc.constantFrom("tokens" as const, "output" as const, "weighted" as const),
      idle: fc.constantFrom("proportional" as const, "separate" as const),
      inputWeight: num(0, 5),
      outputWeight: num(0.1, 5),
    });
    fc.assert(
      fc.property(arb, ({ costs, caps, ...x }) => {
        const at = (i: number) => ({ name: `p${i}`, capacityTokensPerDay: caps[i] ?? null });
        const r = allocate({ ...x, pools: costs.map((c, i) => ({ ...at(i), costPerDay: c })) });
        const d = minorUnitDigits(x.currency);
        const m = (v: number): number => Math.round(v * 10 ** d);
        for (const p of r.pools) {
          expect(m(p.costRounded)).toBe(toMinor(p.cost, d));
          expect(sum(p.teams, (t) => m(t.costRounded)) + m(p.idleRounded)).toBe(m(p.costRounded));
          if (p.usedTokens > 0)
            expect(Math.abs(sum(p.teams, (t) => t.share) - 1)).toBeLessThan(1e-9);
        }
        // team totals add up to the sum of the pools' team parts
        const poolTeamSum = sum(r.pools, (p) => sum(p.teams, (t) => m(t.costRounded)));
        expect(sum(r.teams, (t) => m(t.costRounded))).toBe(poolTeamSum);
      }),
      { numRuns: 300 },
    );
  });
});

describe("allocation conservation", () => {
  /**
   * Conservation of the team allocation to the minor unit (docs/allocation.md), for every basis ×
   * idle mode × shared split, in USD (2 digits), JPY (0) and KWD (3), with oversubscribed
   * reservations and teams with zero usage; and the rounding checked against an independent
   * brute-force largest-remainder oracle (ties to the team whose name sorts first).
   */
  /**
   * Brute force: of all ways to give `k` of the missing units to distinct lines (k = total − Σ
   * floors), take the one whose bumped remainders, sorted descending, are largest (that is what
   * minimises the rounding error), and among equal ones the one whose bumped lines sort first by
   * name (`rest` — idle, unallocated — after every name).
   */
  function oracle(amounts: number[], names: (string | null)[], totalMinor: number, d: number) {
    // Amounts in minor units as 15-significant-digit decimals; remainders read off the decimal
    // digits (so 1.999 − 1 and 0.999 tie, as decimals do).
    const text = amounts.map((a) => (a * 10 ** d).toPrecision(15));
    const scaled = text.map(Number);
    const floors = scaled.map(Math.floor);
    const rem = text.map((t, i) => {
      const m = /^(\d+)\.(\d+)$/.exec(t);
      return m ? Number(`0.${m[2]}`) : scaled[i]! - floors[i]!;
    });
    const k = totalMinor - sum(floors, (x) => x);
    const n = amounts.length;
    if (k < 0 || k > n) throw new Error(`oracle: gap ${k} outside 0…${n}`);
    // Rank: names in code-unit order, null (the rest line) last.
    const rank = names.map(
      (nm, i) =>
        names.filter((o, j) =>
          nm === null ? o !== null || j < i : o !== null && (o < nm || (o === nm && j < i)),
        ).length,
    );
    let best: number[] | null = null;
    let bestKey: { rems: number[]; ranks: number[] } | null = null;
    for (let mask = 0; mask < 1 << n; mask++) {
      const chosen = [...Array(n).keys()].filter((i) => mask & (1 << i));
      if (chosen.length !== k) continue;
      const key = {
        rems: chosen.map((i) => rem[i]!).sort((a, b) => b - a),
        ranks: chosen.map((i) => rank[i]!).sort((a, b) => a - b),
      };
      let better = bestKey === null;
      if (bestKey) {
        let c = 0;
        for (let j = 0; j < k && c === 0; j++) c = key.rems[j]! - bestKey.rems[j]!;
        for (let j = 0; j < k && c === 0; j++) c = bestKey.ranks[j]! - key.ranks[j]!;
        better = c > 0;
      }
      if (better) {
        bestKey = key;
        best = floors.map((f, i) => f + (mask & (1 << i) ? 1 : 0));
      }
    }
    return best!;
  }

  const minor = (x: number, d: number) => Math.round(x * 10 ** d);
  const TEAMS = ["ops", "Ads", "b", "a", "search", "ML"];

  const money = fc.oneof(
    fc.integer({ min: 0, max: 5_000_000 }).map((c) => c / 100),
    fc.double({ min: 0, max: 1e6, noNaN: true }),
    fc.constantFrom(0, 0.01, 1, 100.005, 3),
  );
  const inputArb = fc.record({
    currency: fc.constantFrom("USD", "JPY", "KWD"),
    basis: fc.constantFrom("usage" as const, "reservation" as const),
    idle: fc.constantFrom("proportional" as const, "separate" as const),
    method: fc.constantFrom("tokens" as const, "output" as const, "weighted" as const),
    inputWeight: fc.constantFrom(0.5, 1, 3),
    pools: fc.uniqueArray(
      fc.record({
        name: fc.constantFrom("p1", "p2", "p3"),
        costPerDay: money,
        replicas: fc.option(fc.integer({ min: 1, max: 16 }), { nil: null }),
        capacityTokensPerDay: fc.option(fc.integer({ min: 1, max: 4e6 }), { nil: null }),
      }),
      { minLength: 1, maxLength: 3, selector: (p) => p.name },
    ),
    usage: fc.array(
      fc.record({
        team: fc.constantFrom(...TEAMS),
        pool: fc.constantFrom("p1", "p2", "p3"),
        inputTokens: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2e6 })),
        outputTokens: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2e6 })),
        reservedReplicas: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
      }),
      { maxLength: 10 },
    ),
    shared: fc.array(
      fc.record({
        name: fc.constantFrom("platform", "licences", "monitoring"),
        costPerDay: money,
        split: fc.constantFrom("weighted" as const, "even" as const, "none" as const),
      }),
      { maxLength: 3 },
    ),
  });

  function check(input: AllocationInput): void {
    const r = allocate(input);
    const d = minorUnitDigits(input.currency);
    const m = (x: number) => minor(x, d);
    // Per pool: teams + idle = the rounded pool cost; the rounding is the oracle's.
    for (const p of r.pools) {
      const costMinor = toMinor(p.cost, d);
      expect(m(p.costRounded)).toBe(costMinor);
      const parts = [...p.teams.map((t) => m(t.costRounded)), m(p.idleRounded)];
      expect(sum(parts, (x) => x)).toBe(costMinor);
      const names = [...col(p.teams, "name"), null];
      expect(parts).toEqual(oracle([...col(p.teams, "cost"), p.idle], names, costMinor, d));
      for (const x of parts) expect(x).toBeGreaterThanOrEqual(0);
    }
    // Per shared line: teams + unallocated = the rounded shared cost; the oracle's rounding.
    for (const s of r.shared) {
      const costMinor = toMinor(s.cost, d);
      const parts = s.teams.map((t) => m(t.costRounded));
      expect(sum(parts, (x) => x) + m(s.unallocatedRounded)).toBe(costMinor);
      if (s.teams.length)
        expect(parts).toEqual(oracle(col(s.teams, "cost"), col(s.teams, "name"), costMinor, d));
      if (s.split === "none") expect(s.teams).toEqual([]);
    }
    // Team totals: own = Σ pools, total = own + shared.
    type Lines = readonly { teams: readonly { name: string; costRounded: number }[] }[];
    const partOf = (lines: Lines, name: string) =>
      sum(lines, (l) => m(l.teams.find((x) => x.name === name)?.costRounded ?? 0));
    for (const t of r.teams) {
      const [own, shared] = [partOf(r.pools, t.name), partOf(r.shared, t.name)];
      const got = [t.costRounded, t.sharedCostRounded, t.totalRounded].map(m);
      expect(got).toEqual([own, shared, own + shared]);
    }
    // The whole: Σ team totals + Σ idle + Σ unallocated = Σ pool costs + Σ shared costs.
    const lhs =
      sum(r.teams, (t) => m(t.totalRounded)) +
      sum(r.pools, (p) => m(p.idleRounded)) +
      sum(r.shared, (s) => m(s.unallocatedRounded));
    const rhs = sum(r.pools, (p) => toMinor(p.cost, d)) + sum(r.shared, (s) => toMinor(s.cost, d));
    expect(lhs).toBe(rhs);
  }

  describe("allocation conservation (property)", () => {
    it("holds to the minor unit for every basis × idle mode × shared split in USD, JPY and KWD", () => {
      fc.assert(
        fc.property(inputArb, (x) => {
          check({ ...x, outputWeight: 1 });
        }),
        { numRuns: 600, seed: 14 },
      );
    });

    it("covers each basis × idle × split × currency combination at least once, with oversubscription and zero usage", () => {
      const pools = [
        { name: "p", costPerDay: 1000.37, replicas: 4, capacityTokensPerDay: 4e6 },
        { name: "q", costPerDay: 77.777, replicas: 2, capacityTokensPerDay: 1e6 },
      ];
      const usage = [row("b", "p", 333_333, 1, 3), row("a", "p", 0, 0, 2)]; // 3 + 2 > 4 replicas of p
      usage.push(row("c", "q", 1, 2), row("zero", "q", 0, 0)); // "a" and "zero" use nothing
      const lines = [
        { name: "platform", costPerDay: 10.01 },
        { name: "odd", costPerDay: 0.07 },
      ];
      const seen = new Set<string>();
      for (const currency of ["USD", "JPY", "KWD"])
        for (const basis of ["usage", "reservation"] as const)
          for (const idle of ["proportional", "separate"] as const)
            for (const split of ["weighted", "even", "none"] as const) {
              const shared = lines.map((line) => ({ ...line, split }));
              check({ currency, basis, idle, method: "tokens", pools, usage, shared });
              seen.add(`${currency}/${basis}/${idle}/${split}`);
            }
      expect(seen.size).toBe(36);
    });
  });

  describe("rounding ties and shared splits (hand-calculated)", () => {
    it("gives a tied cent to the team whose name sorts first, whatever the row order", () => {
      // 0.01 USD over two equal teams: 0.5 cent each, one cent to give → "a" (listed second).
      const r = usd({ pools: poolP(0.01), usage: [row("b", "p", 5, 5), row("a", "p", 5, 5)] });
      expect(flat(r.pools[0]!.teams, "name", "costRounded")).toEqual(["b", 0, "a", 0.01]);
      // 2 JPY over three equal teams: 0.667 each, floors 0, two yen to "A" and "B" (code-unit order: uppercase first), not "a".
      const usage = ["a", "B", "A"].map((team) => row(team, "p", 1, 0));
      const j = usd({ currency: "JPY", pools: poolP(2), usage });
      expect(flat(j.pools[0]!.teams, "name", "costRounded")).toEqual(["a", 0, "B", 1, "A", 1]);
    });

    it("splits shared costs weighted by own cost, evenly, or keeps them unallocated", () => {
      const usage = [row("a", "p", 2e6, 0), row("b", "p", 1e6, 0), row("c", "p", 0, 0)];
      const ofShared = (line: SharedCostInput) => usd({ pools: poolP(300), usage, shared: [line] });
      // own: a 200, b 100, c 0.
      const w = ofShared({ name: "platform", costPerDay: 90 });
      expect(w.shared).toEqual([
        {
          name: "platform",
          split: "weighted",
          cost: 90,
          costRounded: 90,
          unallocated: 0,
          unallocatedRounded: 0,
          teams: [
            { name: "a", cost: 60, costRounded: 60 },
            { name: "b", cost: 30, costRounded: 30 },
            { name: "c", cost: 0, costRounded: 0 },
          ],
        },
      ]);
      const wTeams = flat(w.teams, "name", "costRounded", "sharedCostRounded", "totalRounded");
      expect(wTeams).toEqual(["a", 200, 60, 260, "b", 100, 30, 130, "c", 0, 0, 0]);
      // even: 100 / 3 = 33.333…: 3333 cents each and one cent left → "a".
      const e = ofShared({ name: "licences", costPerDay: 100, split: "even" });
      const eTeams = flat(e.teams, "name", "sharedCostRounded", "totalRounded");
      expect(eTeams).toEqual(["a", 33.34, 233.34, "b", 33.33, 133.33, "c", 33.33, 33.33]);
      // none: an unallocated line; teams carry nothing of it.
      const n = ofShared({ name: "monitoring", costPerDay: 12.5, split: "none" });
      expect(n.shared[0]).toMatchObject({ unallocated: 12.5, unallocatedRounded: 12.5, teams: [] });
      expect(col(n.teams, "sharedCostRounded")).toEqual([0, 0, 0]);
      expect(enW(n)).toEqual([]);
    });

    it("splits a weighted shared cost evenly when no team has a pool cost, and keeps it unallocated without teams", () => {
      const shared = [{ name: "platform", costPerDay: 10 }];
      const z = usd({ pools: poolP(0), usage: [row("a", "p", 1, 0), row("b", "p", 1, 0)], shared });
      expect(col(z.teams, "sharedCostRounded")).toEqual([5, 5]);
      expect(enW(z)).toEqual([
        'shared cost "platform": no team has a pool cost to weight by; split evenly',
      ]);
      const none = usd({ pools: poolP(10), shared });
      expect(none.shared[0]!.unallocatedRounded).toBe(10);
      expect(enW(none)).toContain(
        'shared cost "platform": no team to split it over; kept as an unallocated line',
      );
    });

    it("prices input and output tokens from the cost per weighted token with the method's weights", () => {
      // weighted 1 : 4: a uses 1e6 in + 1e6 out = 5e6 weighted; pool 50 a day → 10 per 1M weighted,
      // 10 per 1M input, 40 per 1M output.
      const pools = poolP(50);
      const usage = [row("a", "p", 1e6, 1e6)];
      const r = usd({ method: "weighted", inputWeight: 1, outputWeight: 4, pools, usage });
      expect(look(r)).toMatchObject({ poolPerM: [10, 10, 40], teamPerM: [10, 10, 40] });
      // method output: an input token costs nothing.
      expect(look(usd({ method: "output", pools, usage })).poolPerM.slice(1)).toEqual([0, 50]);
    });
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Team cost allocation (docs/allocation.md): usage exactly at capacity, a weight of 0, invalid pool
   * costs, and allocations that must be recomputed after an edit of the weights, the currency or a
   * team name — checked against hand-calculated numbers, not against a fresh run of the same engine
   * (issue #15).
   */
  const two = (over: Partial<AllocationInput> = {}): AllocationInput => ({
    pools: [{ name: "p", costPerDay: 1000, capacityTokensPerDay: 3e5 }],
    usage: [row("a", "p", 1e5, 0), row("b", "p", 1e5, 1e5)],
    method: "tokens",
    idle: "separate",
    currency: "USD",
    ...over,
  });
  /** `allocate` of that input. */
  const ofTwo = (over: Partial<AllocationInput> = {}) => allocate(two(over));
  /** The pool `p` at `costPerDay` (with a capacity when given). */
  const pool = (costPerDay: number, capacityTokensPerDay?: number) => ({
    pools: [{ name: "p", costPerDay, ...(capacityTokensPerDay ? { capacityTokensPerDay } : {}) }],
  });
  const p10 = { name: "p", costPerDay: 10 };
  const weights = (inputWeight: number, outputWeight: number) =>
    ({ method: "weighted", inputWeight, outputWeight }) as const;

  it("usage exactly equal to capacity: teams pay the capacity price, idle 0, no warning", () => {
    const r = ofTwo();
    // price 1000 / 3e5 per token: a 1e5 → 333.33, b 2e5 → 666.67 (the larger remainder takes the missing cent)
    expect(look(r)).toMatchObject({ names: ["a", "b"], costs: [333.33, 666.67], warnings: [] });
    const p = r.pools[0]!;
    const pool = [p.idleRounded, p.costRounded, p.usedTokens, p.capacityTokens];
    expect(pool).toEqual([0, 1000, 3e5, 3e5]);
    expect(p.idle).toBeLessThan(1e-9);
  });

  // Each case: the input `two()` with idle proportional unless the case says otherwise, changed as
  // given; the values expected of the result (`look`).
  const twoCases: Record<string, [Partial<AllocationInput>, Look]> = {
    "usage one token above capacity falls back to proportional with a warning": [
      { idle: "separate", usage: [...two().usage, row("c", "p", 1, 0)] },
      // 1e5 : 2e5 : 1 of 300,001 tokens × 1000: 333.332, 666.664, 0.003
      {
        idleRounded: 0,
        costs: [333.33, 666.67, 0],
        warnings: [exceeds("300,001", "300,000", "p")],
      },
    ],
    "usage one token below capacity leaves that token's price as idle": [
      { idle: "separate", ...pool(3000, 300_001) },
      // price 3000 / 300,001: a 999.9967, b 1999.9933, idle 0.0099997 → 10.00 + … cents
      {
        idle: expect.closeTo(3000 / 300_001, 12),
        idleRounded: 0.01,
        costs: [1000, 1999.99],
        warnings: [],
      },
    ],
    // a 0, b 1e5 weighted tokens → a 0, b 1000
    "an input weight of 0 counts output tokens only, without a warning (0 is not replaced by 1)": [
      weights(0, 1),
      { tokens: [0, 1e5], costs: [0, 1000], perMillion: [null, 10_000], warnings: [] },
    ],
    // a 2e5, b 2e5 → 500 each
    "an output weight of 0 counts input tokens only": [
      weights(2, 0),
      { tokens: [2e5, 2e5], costs: [500, 500], warnings: [] },
    ],
    "a negative or NaN weight is replaced by 1 with a warning": [
      weights(-1, nan),
      { tokens: [1e5, 2e5], warnings: [badWeight("input", "-1"), badWeight("output", "NaN")] },
    ],
    // a 1e5, b 1e5 + 3e5 = 4e5 → 200, 800
    "a missing weight is 1 without a warning": [
      { method: "weighted", outputWeight: 3 },
      { costs: [200, 800], warnings: [] },
    ],
    "invalid weights are reported with their plan paths": [
      weights(inf, -0.5),
      {
        codes: ["allocation.weightInvalid", "allocation.weightInvalid"],
        paths: ["tenants.inputWeight", "tenants.outputWeight"],
        warnings: [badWeight("input", "Infinity"), badWeight("output", "-0.5")],
      },
    ],
    "method tokens counts input and output 1 : 1 whatever weights are given": [
      { method: "tokens", inputWeight: 5, outputWeight: 0 },
      { tokens: [1e5, 2e5], poolPerM: [expect.anything(), 1000 / 0.3, 1000 / 0.3] },
    ],
    // b: 1000 per 1e5 weighted tokens = 10,000 per 1M; an input token is free
    "method output counts output tokens only (input weight 0, output 1) whatever weights are given":
      [
        { method: "output", inputWeight: 5, outputWeight: 7 },
        {
          tokens: [0, 1e5],
          costs: [0, 1000],
          teamPerM: [null, null, null, 1e4, 0, 1e4],
          warnings: [],
        },
      ],
    "a negative pool cost counts as 0 with a warning": [
      pool(-50),
      {
        cost: 0,
        costRounded: 0,
        idleRounded: 0,
        costs: [0, 0],
        totals: [0, 0],
        warnings: [badCost("-50")],
      },
    ],
    "a NaN pool cost counts as 0 with a warning": [pool(nan), { warnings: [badCost("NaN")] }],
    "a cost of 0 is valid": [pool(0), { warnings: [], costs: [0, 0] }],
    "an infinite pool cost counts as 0 with a warning": [
      pool(inf),
      { cost: 0, costs: [0, 0], warnings: [badCost("Infinity")] },
    ],
    "a pool of cost 0 without usage has no idle line and still warns": [
      { ...pool(0), usage: [] },
      { idle: 0, idleRounded: 0, costRounded: 0, warnings: [noUsage("p", "0 USD")] },
    ],
    "idle separate without a capacity falls back to proportional, naming the pool": [
      { idle: "separate", ...pool(300) },
      { costs: [100, 200], idleRounded: 0, warnings: [unknownCapacity("p")] },
    ],
    "a usage row without a pool goes to the only pool": [
      { usage: [row("a", "", 3, 0)] },
      { names: ["a"], costs: [1000], warnings: [] },
    ],
    "a usage row without a pool is dropped with a warning when there are two pools": [
      {
        pools: [p10, { name: "q", costPerDay: 20 }],
        usage: [row("a", "", 3, 0), row("b", "q", 1, 0)],
      },
      { owners: ["b", 20], warnings: [noPool(1, "a", ""), noUsage("p", "10 USD")] },
    ],
    "a row naming an unknown pool is dropped even when there is only one pool": [
      { usage: [row("a", "x", 3, 0), row("b", "p", 1, 0)] },
      { names: ["b"], warnings: [noPool(1, "a", "x")] },
    ],
    "rows with negative, NaN or infinite token counts are dropped with a warning; zero is fine": [
      {
        usage: [
          row("a", "p", -1, 5),
          row("b", "p", 5, nan),
          row("c", "p", inf, 0),
          row("d", "p", 0, 0),
          row("e", "p", 1, 0),
        ],
      },
      {
        names: ["d", "e"],
        costs: [0, 1000],
        warnings: [badTokens(1, "a"), badTokens(2, "b"), badTokens(3, "c")],
      },
    ],
    "a pool listed twice: the second entry is ignored with a warning": [
      { pools: [p10, { name: "p", costPerDay: 99 }] },
      { pools: [10], warnings: ['pool "p" is listed twice: the second entry is ignored'] },
    ],
    "an unknown currency rounds to 2 decimals with a warning naming the currency path": [
      { currency: "dollars" },
      {
        costs: [333.33, 666.67],
        codes: ["allocation.unknownCurrency"],
        paths: ["currency"],
        warnings: ['unknown currency "dollars": rounding to 2 decimals'],
      },
    ],
  };
  it.each(Object.entries(twoCases))("%s", (_, [over, want]) => {
    expect(look(ofTwo({ idle: "proportional", ...over }))).toMatchObject(want);
  });

  it("rows of the same team in the same pool add up, input and output separately", () => {
    const r = ofTwo({
      idle: "proportional",
      usage: [row("a", "p", 1, 2), row("b", "p", 4, 0), row("a", "p", 10, 20)],
    });
    const want = ["a", 11, 22, 33, "b", 4, 0, 4];
    expect(flat(r.pools[0]!.teams, "name", "inputTokens", "outputTokens", "tokens")).toEqual(want);
    expect(flat(r.teams, "name", "inputTokens", "outputTokens", "tokens")).toEqual(want);
  });

  it("team costs per 1M tokens come from the team's own cost and weighted tokens", () => {
    // separate: price 1000 / 3e5 per token → a 333.33 for 1e5, per 1M 3333.33; pool all-in 1000 per 3e5 used
    const r = ofTwo({ pools: [{ name: "p", costPerDay: 1000, capacityTokensPerDay: 6e5 }] });
    const p = r.pools[0]!;
    expect(look(r)).toMatchObject({ costs: [166.67, 333.33], idleRounded: 500 });
    expect(p.teams[0]!.costPerMillionTokens).toBeCloseTo(1000 / 0.6, 9);
    expect(p.costPerMillionTokens).toBeCloseTo(1000 / 0.3, 9);
    expect(r.teams[0]!.costPerMillionTokens).toBeCloseTo(1000 / 0.6, 9);
  });

  /** A one-SKU plan with one pool of 100.5 per day and two teams: a 300 input tokens, b 100 output tokens. */
  function plan(): PlanFile {
    const sku = { name: "A", gpu: "h100-sxm", gpusPerReplica: 1, pricePerGpuHour: 1 };
    return {
      format: "capplan.plan/v1",
      title: "allocation edits",
      currency: "USD",
      cells: {},
      workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 100 }],
      slo: [],
      factors: { elasticity: 1, redundancy: 1 },
      skus: [{ ...sku, sweep: { replicaOutputTokensPerSec: 1000 } }],
      tenants: {
        ...weights(1, 1),
        idle: "proportional",
        pools: [{ name: "main", costPerDay: 100.5 }],
        usage: [row("a", "main", 300, 0), row("b", "main", 0, 100)],
      },
    } as PlanFile;
  }

  const teamsOf = (r: PlanResult) => flat(r.tenants!.pools[0]!.teams, "name", "costRounded");

  it("incremental edits: weights, currency and team names each change the allocation (hand values after each edit)", () => {
    const engine = createPlanEngine(plan());
    // 300 : 100 of 100.5 → 75.375 / 25.125 = 7537.5 / 2512.5 cents: tied remainders → a (sorts first)
    expect(teamsOf(engine.result())).toEqual(["a", 75.38, "b", 25.12]);
    // output weight 3: 300 : 300 → 50.25 each
    expect(teamsOf(engine.edit("tenants.outputWeight", 3))).toEqual(["a", 50.25, "b", 50.25]);
    // input weight 0: 0 : 300 → b pays everything
    expect(teamsOf(engine.edit("tenants.inputWeight", 0))).toEqual(["a", 0, "b", 100.5]);
    // back to 1 : 1, then yen: 100.5 → 101 yen; 75.375 / 25.125 → floors 75 + 25, the yen left to a (.375 > .125)
    engine.edit("tenants.inputWeight", 1);
    expect(teamsOf(engine.edit("tenants.outputWeight", 1))).toEqual(["a", 75.38, "b", 25.12]);
    const jpy = engine.edit("currency", "JPY");
    expect(teamsOf(jpy)).toEqual(["a", 76, "b", 25]);
    expect(jpy.tenants!.pools[0]!.costRounded).toBe(101);
    // a team renamed: its cost follows the new name
    expect(teamsOf(engine.edit("tenants.usage[0].team", "z"))).toEqual(["z", 76, "b", 25]);
  });

  /** The worked example of docs/allocation.md: 8 replicas, 240 a day, 8e6 weighted tokens a day (1e6 fill a replica). */
  const worked = (over: Partial<AllocationInput> = {}): AllocationInput => ({
    pools: [{ name: "p", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 }],
    usage: reserve(3, 1),
    method: "tokens",
    idle: "separate",
    basis: "reservation",
    currency: "USD",
    ...over,
  });
  /** Usage rows: a 1e6 input tokens reserving `a` replicas, b 1e6 output tokens reserving `b`. */
  function reserve(a: number, b: number) {
    return [row("a", "p", 1e6, 0, a), row("b", "p", 0, 1e6, b)];
  }
  /** `allocate` of that input. */
  const ofWorked = (over: Partial<AllocationInput> = {}) => allocate(worked(over));
  const costsOf = (r: Result) => [...look(r).costs, r.pools[0]!.idleRounded];
  const usageFallback = (what: string) =>
    `pool "p": the reservation basis needs the pool's ${what}; allocated by usage instead`;

  describe("reservation basis (docs/allocation.md worked example, hand values)", () => {
    it("reservation + separate: billed ÷ replicas × cost (90, 30), the unbilled 4 replicas idle (120)", () => {
      const r = ofWorked();
      const p = r.pools[0]!;
      expect(costsOf(r)).toEqual([90, 30, 120]);
      const pool = [p.basis, p.billedReplicas, p.replicas, p.capacityTokens, p.idle];
      expect(pool).toEqual(["reservation", 4, 8, 8e6, 120]);
      const teams = flat(p.teams, "reservedReplicas", "usedReplicas", "billedReplicas", "cost");
      expect(teams).toEqual([3, 1, 3, 90, 1, 1, 1, 30]);
      expect([r.basis, enW(r)]).toEqual(["reservation", []]);
    });

    it("usage + separate: the capacity price (30, 30), idle 180; usage + proportional: 120 each", () => {
      const s = ofWorked({ basis: "usage" });
      expect(costsOf(s)).toEqual([30, 30, 180]);
      expect(s.pools[0]!.billedReplicas).toBeNull();
      expect(flat(s.pools[0]!.teams, "usedReplicas", "billedReplicas")).toEqual([1, null, 1, null]);
      expect(costsOf(ofWorked({ basis: "usage", idle: "proportional" }))).toEqual([120, 120, 0]);
      // the default basis is usage
      const d = ofWorked({ basis: undefined as unknown as "usage", idle: "proportional" });
      expect([d.basis, d.pools[0]!.basis, ...costsOf(d)]).toEqual(["usage", "usage", 120, 120, 0]);
    });

    // Each case: the worked example changed as given; the values expected of the result (`look`).
    const workedCases: Record<string, [Partial<AllocationInput>, Look]> = {
      "reservation + proportional: billed ÷ Σ billed × cost (180, 60), no idle": [
        { idle: "proportional" },
        { costs: [180, 60], idleRounded: 0, idle: 0, warnings: [] },
      ],
      // a reserves 0.5 and uses 2e6 tokens = 2 replicas; b reserves 1, uses 1 → billed 2 + 1 of 8
      "a team using more replicas than it reserves is billed what it uses: max(reserved, used)": [
        { usage: [row("a", "p", 2e6, 0, 0.5), row("b", "p", 0, 1e6, 1)] },
        { billed: [2, 1], costs: [60, 30], idleRounded: 150 },
      ],
      "reservations exactly equal to the replicas: idle 0 and no oversubscription warning": [
        { usage: reserve(5, 3) },
        { costs: [150, 90], idleRounded: 0, warnings: [] },
      ],
      // 6 + 4.5 = 10.5 billed of 8: a 6/10.5 × 240 = 137.142857…, b 102.857142…
      "reservations above the replicas (oversubscribed): billed ÷ Σ billed, no idle, a warning": [
        { usage: reserve(6, 4.5) },
        {
          costs: [137.14, 102.86],
          idleRounded: 0,
          poolBilled: 10.5,
          codes: ["allocation.poolOversubscribed"],
          warnings: [
            'pool "p": teams are billed 10.5 replicas but the pool has 8; no idle, each team pays its billed replicas ÷ all billed replicas of the cost',
          ],
        },
      ],
      "nothing reserved and nothing used: the whole pool is idle, with a warning": [
        { usage: [row("a", "p", 0, 0)] },
        {
          costs: [0],
          idleRounded: 240,
          idle: 240,
          billed: [0],
          warnings: [noUsage("p", "240 USD")],
        },
      ],
      "reserved replicas of several rows of a team add up; a row without one adds nothing": [
        {
          usage: [
            row("a", "p", 5e5, 0, 1),
            row("a", "p", 5e5, 0, null),
            row("a", "p", 0, 0, 2),
            row("b", "p", 0, 1e6),
          ],
        },
        {
          names: ["a", "b"],
          inputs: [1e6, 0],
          reserved: [3, null],
          billed: [3, 1],
          costs: [90, 30],
          idleRounded: 120,
        },
      ],
      "a bad reserved count is ignored with a warning, the row's tokens still count": [
        { usage: reserve(-1, nan) },
        {
          reserved: [null, null],
          billed: [1, 1],
          costs: [30, 30],
          idleRounded: 180,
          warnings: [
            "usage row 1 (a): reserved replicas must be a number ≥ 0, got -1; ignored",
            "usage row 2 (b): reserved replicas must be a number ≥ 0, got NaN; ignored",
          ],
        },
      ],
    };
    it.each(Object.entries(workedCases))("%s", (_, [over, want]) => {
      expect(look(ofWorked(over))).toMatchObject(want);
    });

    it("a team with no usage but a reservation pays its reserved replicas", () => {
      const r = ofWorked({ usage: [row("a", "p", 0, 0, 2)] });
      expect(costsOf(r)).toEqual([60, 180]);
      // no tokens: no price per 1M tokens (null, not 0 × weight)
      const nulls = [null, null, null];
      const t = r.pools[0]!.teams[0]!;
      expect([...perM(t), t.share]).toEqual([null, null, null, 0]);
      expect([perM(r.pools[0]!), perM(r.teams[0]!)]).toEqual([nulls, nulls]);
    });

    it("without replicas or capacity the pool falls back to usage and says which is missing", () => {
      const noRep = ofWorked({
        pools: [{ name: "p", costPerDay: 240, capacityTokensPerDay: 8e6 }],
      });
      const { basis, billedReplicas } = noRep.pools[0]!;
      expect([basis, billedReplicas, ...costsOf(noRep)]).toEqual(["usage", null, 30, 30, 180]);
      expect(noRep.pools[0]!.teams.map((t) => t.usedReplicas)).toEqual([null, null]);
      expect(enW(noRep)).toEqual([usageFallback("replica count")]);
      const noCap = ofWorked({ pools: [{ name: "p", costPerDay: 240, replicas: 8 }] });
      expect(noCap.pools[0]!.basis).toBe("usage");
      expect(enW(noCap)[0]).toBe(usageFallback("daily capacity"));
      expect(noCap.problems[0]!.params).toEqual({ pool: "p", what: "capacity" });
      expect(noRep.problems[0]!.params).toEqual({ pool: "p", what: "replicas" });
      // used replicas need both the capacity and the replicas
      expect(noCap.pools[0]!.teams.map((t) => t.usedReplicas)).toEqual([null, null]);
      // the result's basis is the one asked for even when a pool fell back
      expect(noRep.basis).toBe("reservation");
    });

    // replicas 0 or capacity 0 count as unknown (not a division by 0); so do infinite or negative ones
    it.each([
      [0, 0],
      [inf, inf],
      [-8, -8e6],
    ])("replicas %s and capacity %s count as unknown: basis usage", (replicas, capacity) => {
      const r = ofWorked({
        pools: [{ name: "p", costPerDay: 240, replicas, capacityTokensPerDay: capacity }],
      });
      const p = r.pools[0]!;
      expect([p.replicas, p.capacityTokens, p.basis]).toEqual([null, null, "usage"]);
      expect(enW(r)[0]).toBe(usageFallback("replica count"));
    });
  });

  describe("shared costs (hand values)", () => {
    /** `allocate` with these shared lines; own costs a 200, b 100 (pool 300, tokens 2 : 1). */
    const own = (shared: SharedCostInput[], over: Partial<AllocationInput> = {}) =>
      usd({
        pools: poolP(300),
        usage: [row("a", "p", 2, 0), row("b", "p", 1, 0)],
        shared,
        ...over,
      });
    const idle300 = noUsage("p", "300 USD");

    it("a team's shared cost adds up over several lines, and its total is own + shared", () => {
      const platform = { name: "platform", costPerDay: 30 };
      const r = own([platform, { name: "licences", costPerDay: 10, split: "even" }]);
      // platform weighted 2 : 1 → 20, 10; licences even → 5, 5
      const teams = flat(r.teams, "name", "cost", "sharedCost", "sharedCostRounded", "total");
      expect(teams).toEqual(["a", 200, 25, 25, 225, "b", 100, 15, 15, 115]);
      expect(col(r.teams, "totalRounded")).toEqual([225, 115]);
    });

    it("an even split over teams without pool costs does not warn (only a weighted one falls back)", () => {
      const r = own([{ name: "e", costPerDay: 10, split: "even" }], { pools: poolP(0) });
      expect([col(r.teams, "sharedCostRounded"), enW(r)]).toEqual([[5, 5], []]);
    });

    it("an unknown split is read as weighted", () => {
      const r = own([{ name: "platform", costPerDay: 30, split: "bogus" as "even" }]);
      expect(r.shared[0]!.split).toBe("weighted");
      expect(col(r.teams, "sharedCostRounded")).toEqual([20, 10]);
    });

    it("an invalid shared cost counts as 0 with a warning naming its path", () => {
      const r = own([
        { name: "ok", costPerDay: 3 },
        { name: "bad", costPerDay: -1 },
        { name: "nan", costPerDay: nan },
      ]);
      const lines = flat(r.shared, "name", "cost", "costRounded");
      expect(lines).toEqual(["ok", 3, 3, "bad", 0, 0, "nan", 0, 0]);
      expect(look(r)).toMatchObject({
        codes: ["allocation.sharedCostInvalid", "allocation.sharedCostInvalid"],
        paths: ["tenants.shared[1].costPerDay", "tenants.shared[2].costPerDay"],
        warnings: [
          'shared cost "bad": daily cost must be a number ≥ 0, got -1; counted as 0',
          'shared cost "nan": daily cost must be a number ≥ 0, got NaN; counted as 0',
        ],
      });
      expect(col(r.teams, "sharedCostRounded")).toEqual([2, 1]);
    });

    it("split none keeps the line unallocated without a warning, even with no teams", () => {
      const r = own([{ name: "m", costPerDay: 7.5, split: "none" }], { usage: [] });
      const all = { cost: 7.5, costRounded: 7.5, unallocated: 7.5, unallocatedRounded: 7.5 };
      expect(r.shared[0]).toEqual({ name: "m", split: "none", ...all, teams: [] });
      expect(enW(r)).toEqual([idle300]);
    });

    it("a shared cost of 0 warns neither about no teams nor about no pool costs", () => {
      const noTeams = own([{ name: "z", costPerDay: 0 }], { usage: [] });
      expect(noTeams.shared[0]).toMatchObject({ unallocated: 0, unallocatedRounded: 0, teams: [] });
      expect(enW(noTeams)).toEqual([idle300]);
      const noCosts = own([{ name: "z", costPerDay: 0 }], { pools: poolP(0) });
      expect([enW(noCosts), col(noCosts.shared[0]!.teams, "costRounded")]).toEqual([[], [0, 0]]);
    });

    it("a weighted shared cost over teams that have no pool cost is split evenly, rounded by largest remainder", () => {
      const r = own([{ name: "w", costPerDay: 0.05 }], { pools: poolP(0) });
      // 2.5 cents each: floors 2 + 2, one cent to "a" (tie, sorts first)
      const s = r.shared[0]!;
      const teams = flat(s.teams, "name", "cost", "costRounded");
      expect(teams).toEqual(["a", 0.025, 0.03, "b", 0.025, 0.02]);
      expect(s.unallocatedRounded).toBe(0);
    });
  });

  describe("exported helpers", () => {
    it("costShare is 0 when the total tokens are 0, negative or NaN", () => {
      expect([0, -4, nan].map((all) => costShare(100, 1, all))).toEqual([0, 0, 0]);
      expect(costShare(100, 1, 4)).toBe(25);
    });

    it("compareNames orders by code unit: uppercase before lowercase, equal names 0", () => {
      const pairs = ["a b", "b a", "a a", "B a", "a ab"].map(
        (p) => p.split(" ") as [string, string],
      );
      expect(pairs.map(([a, b]) => compareNames(a, b))).toEqual([-1, 1, 0, -1, -1]);
    });

    // [amounts, names, units to give, the rest line's amount (none when undefined), parts, rest part]
    it.each<[number[], string[], number, number | undefined, number[], number]>([
      [[1.5, 1.5], ["b", "a"], 3, undefined, [1, 2], 0], // floors 1 + 1, one unit left, tie → "a"
      [[0.5], ["z"], 1, 0.5, [1], 0], // the rest ties with a team: the team wins
      [[0.4], ["z"], 1, 0.6, [0], 1], // the rest gets the unit when its remainder is larger
      [[0.3, 0.7], ["x", "y"], 1, undefined, [0, 1], 0], // without a rest the rest part is 0
      // without a rest every missing unit goes to the names, even more units than names
      [[0.3], ["x"], 2, undefined, [2], 0],
      [[0.2, 0.6], ["x", "y"], 3, undefined, [1, 2], 0],
      // duplicate names: the earlier one wins the tie
      [[0.5, 0.5], ["a", "a"], 1, undefined, [1, 0], 0],
      [[0.5, 0.5, 0.5], ["b", "a", "b"], 2, undefined, [1, 1, 0], 0],
    ])(
      "splitByName(%j, %j, %i, 0, rest %s) → parts %j, rest %i",
      (amounts, names, total, rest, parts, restPart) => {
        const r =
          rest === undefined
            ? splitByName(amounts, names, total, 0)
            : splitByName(amounts, names, total, 0, rest);
        expect(r).toEqual({ parts, rest: restPart });
      },
    );
  });
});
