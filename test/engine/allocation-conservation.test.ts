/**
 * Conservation of the team allocation to the minor unit (docs/allocation.md), for every basis ×
 * idle mode × shared split, in USD (2 digits), JPY (0) and KWD (3), with oversubscribed
 * reservations and teams with zero usage; and the rounding checked against an independent
 * brute-force largest-remainder oracle (ties to the team whose name sorts first).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, type AllocationInput } from "../../src/engine/finops/allocation";
import { minorUnitDigits, toMinor } from "../../src/engine/finops/money";

/**
 * Brute force: of all ways to give `k` of the missing units to distinct lines (k = total − Σ
 * floors), take the one whose bumped remainders, sorted descending, are largest (that is what
 * minimises the rounding error), and among equal ones the one whose bumped lines sort first by
 * name (`rest` — idle, unallocated — after every name).
 */
function oracle(
  amounts: number[],
  names: (string | null)[],
  totalMinor: number,
  digits: number,
): number[] {
  // Amounts in minor units as 15-significant-digit decimals; remainders read off the decimal
  // digits (so 1.999 − 1 and 0.999 tie, as decimals do).
  const text = amounts.map((a) => (a * 10 ** digits).toPrecision(15));
  const scaled = text.map(Number);
  const floors = scaled.map(Math.floor);
  const rem = text.map((t, i) => {
    const m = /^(\d+)\.(\d+)$/.exec(t);
    return m ? Number(`0.${m[2]}`) : scaled[i]! - floors[i]!;
  });
  const k = totalMinor - floors.reduce((s, x) => s + x, 0);
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
  // Per pool: teams + idle = the rounded pool cost; the rounding is the oracle's.
  for (const p of r.pools) {
    const costMinor = toMinor(p.cost, d);
    expect(minor(p.costRounded, d)).toBe(costMinor);
    const parts = [...p.teams.map((t) => minor(t.costRounded, d)), minor(p.idleRounded, d)];
    expect(parts.reduce((s, x) => s + x, 0)).toBe(costMinor);
    expect(parts).toEqual(
      oracle(
        [...p.teams.map((t) => t.cost), p.idle],
        [...p.teams.map((t) => t.name), null],
        costMinor,
        d,
      ),
    );
    for (const x of parts) expect(x).toBeGreaterThanOrEqual(0);
  }
  // Per shared line: teams + unallocated = the rounded shared cost; the oracle's rounding.
  for (const s of r.shared) {
    const costMinor = toMinor(s.cost, d);
    const parts = [...s.teams.map((t) => minor(t.costRounded, d)), minor(s.unallocatedRounded, d)];
    expect(parts.reduce((a, x) => a + x, 0)).toBe(costMinor);
    if (s.teams.length)
      expect(parts.slice(0, -1)).toEqual(
        oracle(
          s.teams.map((t) => t.cost),
          s.teams.map((t) => t.name),
          costMinor,
          d,
        ).map((x) => x),
      );
    if (s.split === "none") expect(s.teams).toEqual([]);
  }
  // Team totals: own = Σ pools, total = own + shared.
  for (const t of r.teams) {
    const own = r.pools.reduce(
      (a, p) => a + minor(p.teams.find((x) => x.name === t.name)?.costRounded ?? 0, d),
      0,
    );
    const shared = r.shared.reduce(
      (a, s) => a + minor(s.teams.find((x) => x.name === t.name)?.costRounded ?? 0, d),
      0,
    );
    expect(minor(t.costRounded, d)).toBe(own);
    expect(minor(t.sharedCostRounded, d)).toBe(shared);
    expect(minor(t.totalRounded, d)).toBe(own + shared);
  }
  // The whole: Σ team totals + Σ idle + Σ unallocated = Σ pool costs + Σ shared costs.
  const lhs =
    r.teams.reduce((a, t) => a + minor(t.totalRounded, d), 0) +
    r.pools.reduce((a, p) => a + minor(p.idleRounded, d), 0) +
    r.shared.reduce((a, s) => a + minor(s.unallocatedRounded, d), 0);
  const rhs =
    r.pools.reduce((a, p) => a + toMinor(p.cost, d), 0) +
    r.shared.reduce((a, s) => a + toMinor(s.cost, d), 0);
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
    const seen = new Set<string>();
    for (const currency of ["USD", "JPY", "KWD"])
      for (const basis of ["usage", "reservation"] as const)
        for (const idle of ["proportional", "separate"] as const)
          for (const split of ["weighted", "even", "none"] as const) {
            const input: AllocationInput = {
              currency,
              basis,
              idle,
              method: "tokens",
              pools: [
                { name: "p", costPerDay: 1000.37, replicas: 4, capacityTokensPerDay: 4e6 },
                { name: "q", costPerDay: 77.777, replicas: 2, capacityTokensPerDay: 1e6 },
              ],
              usage: [
                {
                  team: "b",
                  pool: "p",
                  inputTokens: 333_333,
                  outputTokens: 1,
                  reservedReplicas: 3,
                },
                { team: "a", pool: "p", inputTokens: 0, outputTokens: 0, reservedReplicas: 2 }, // zero usage; 3 + 2 > 4 oversubscribed
                { team: "c", pool: "q", inputTokens: 1, outputTokens: 2 },
                { team: "zero", pool: "q", inputTokens: 0, outputTokens: 0 },
              ],
              shared: [
                { name: "platform", costPerDay: 10.01, split },
                { name: "odd", costPerDay: 0.07, split },
              ],
            };
            check(input);
            seen.add(`${currency}/${basis}/${idle}/${split}`);
          }
    expect(seen.size).toBe(36);
  });
});

describe("rounding ties and shared splits (hand-calculated)", () => {
  it("gives a tied cent to the team whose name sorts first, whatever the row order", () => {
    // 0.01 USD over two equal teams: 0.5 cent each, one cent to give → "a" (listed second).
    const r = allocate({
      currency: "USD",
      method: "tokens",
      idle: "proportional",
      pools: [{ name: "p", costPerDay: 0.01 }],
      usage: [
        { team: "b", pool: "p", inputTokens: 5, outputTokens: 5 },
        { team: "a", pool: "p", inputTokens: 5, outputTokens: 5 },
      ],
    });
    expect(r.pools[0]!.teams.map((t) => [t.name, t.costRounded])).toEqual([
      ["b", 0],
      ["a", 0.01],
    ]);
    // 2 JPY over three equal teams: 0.667 each, floors 0, two yen to "A" and "B" (code-unit order: uppercase first), not "a".
    const j = allocate({
      currency: "JPY",
      method: "tokens",
      idle: "proportional",
      pools: [{ name: "p", costPerDay: 2 }],
      usage: ["a", "B", "A"].map((team) => ({ team, pool: "p", inputTokens: 1, outputTokens: 0 })),
    });
    expect(j.pools[0]!.teams.map((t) => [t.name, t.costRounded])).toEqual([
      ["a", 0],
      ["B", 1],
      ["A", 1],
    ]);
  });

  it("splits shared costs weighted by own cost, evenly, or keeps them unallocated", () => {
    const base: AllocationInput = {
      currency: "USD",
      method: "tokens",
      idle: "proportional",
      pools: [{ name: "p", costPerDay: 300 }],
      usage: [
        { team: "a", pool: "p", inputTokens: 2e6, outputTokens: 0 },
        { team: "b", pool: "p", inputTokens: 1e6, outputTokens: 0 },
        { team: "c", pool: "p", inputTokens: 0, outputTokens: 0 },
      ],
    };
    // own: a 200, b 100, c 0.
    const w = allocate({ ...base, shared: [{ name: "platform", costPerDay: 90 }] });
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
    expect(
      w.teams.map((t) => [t.name, t.costRounded, t.sharedCostRounded, t.totalRounded]),
    ).toEqual([
      ["a", 200, 60, 260],
      ["b", 100, 30, 130],
      ["c", 0, 0, 0],
    ]);
    // even: 100 / 3 = 33.333…: 3333 cents each and one cent left → "a".
    const e = allocate({ ...base, shared: [{ name: "licences", costPerDay: 100, split: "even" }] });
    expect(e.teams.map((t) => [t.name, t.sharedCostRounded, t.totalRounded])).toEqual([
      ["a", 33.34, 233.34],
      ["b", 33.33, 133.33],
      ["c", 33.33, 33.33],
    ]);
    // none: an unallocated line; teams carry nothing of it.
    const n = allocate({
      ...base,
      shared: [{ name: "monitoring", costPerDay: 12.5, split: "none" }],
    });
    expect(n.shared[0]).toMatchObject({ unallocated: 12.5, unallocatedRounded: 12.5, teams: [] });
    expect(n.teams.map((t) => t.sharedCostRounded)).toEqual([0, 0, 0]);
    expect(n.warnings).toEqual([]);
  });

  it("splits a weighted shared cost evenly when no team has a pool cost, and keeps it unallocated without teams", () => {
    const z = allocate({
      currency: "USD",
      method: "tokens",
      idle: "proportional",
      pools: [{ name: "p", costPerDay: 0 }],
      usage: [
        { team: "a", pool: "p", inputTokens: 1, outputTokens: 0 },
        { team: "b", pool: "p", inputTokens: 1, outputTokens: 0 },
      ],
      shared: [{ name: "platform", costPerDay: 10 }],
    });
    expect(z.teams.map((t) => t.sharedCostRounded)).toEqual([5, 5]);
    expect(z.warnings).toEqual([
      'shared cost "platform": no team has a pool cost to weight by; split evenly',
    ]);
    const none = allocate({
      currency: "USD",
      method: "tokens",
      idle: "proportional",
      pools: [{ name: "p", costPerDay: 10 }],
      usage: [],
      shared: [{ name: "platform", costPerDay: 10 }],
    });
    expect(none.shared[0]!.unallocatedRounded).toBe(10);
    expect(none.warnings).toContain(
      'shared cost "platform": no team to split it over; kept as an unallocated line',
    );
  });

  it("prices input and output tokens from the cost per weighted token with the method's weights", () => {
    // weighted 1 : 4: a uses 1e6 in + 1e6 out = 5e6 weighted; pool 50 a day → 10 per 1M weighted,
    // 10 per 1M input, 40 per 1M output.
    const r = allocate({
      currency: "USD",
      method: "weighted",
      inputWeight: 1,
      outputWeight: 4,
      idle: "proportional",
      pools: [{ name: "p", costPerDay: 50 }],
      usage: [{ team: "a", pool: "p", inputTokens: 1e6, outputTokens: 1e6 }],
    });
    const p = r.pools[0]!;
    expect([
      p.costPerMillionTokens,
      p.costPerMillionInputTokens,
      p.costPerMillionOutputTokens,
    ]).toEqual([10, 10, 40]);
    const t = r.teams[0]!;
    expect([
      t.costPerMillionTokens,
      t.costPerMillionInputTokens,
      t.costPerMillionOutputTokens,
    ]).toEqual([10, 10, 40]);
    // method output: an input token costs nothing.
    const o = allocate({
      currency: "USD",
      method: "output",
      idle: "proportional",
      pools: [{ name: "p", costPerDay: 50 }],
      usage: [{ team: "a", pool: "p", inputTokens: 1e6, outputTokens: 1e6 }],
    });
    expect([o.pools[0]!.costPerMillionInputTokens, o.pools[0]!.costPerMillionOutputTokens]).toEqual(
      [0, 50],
    );
  });
});
