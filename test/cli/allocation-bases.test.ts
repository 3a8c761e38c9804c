/**
 * The allocation bases of docs/allocation.md through `capplan plan --json`: the worked example
 * (8 replicas, 240 per day; team a reserves 3 and uses 1 replica, team b reserves 1 and uses 1).
 */
import { describe, expect, it } from "vitest";
import { consistent, lineageNodes, type LineageNode } from "../../src/engine/plan/lineage";
import { run, runLine, writeTmp } from "./helpers";

/** A USD plan file of `body` in a fresh folder; its path. */
const writePlan = (body: Record<string, unknown>): string =>
  writeTmp({ format: "capplan.plan/v1", currency: "USD", ...body });

/** The worked example: capacity 8e6 weighted tokens a day over 8 replicas, so 1e6 tokens fill one replica. */
const example = (tenants: Record<string, unknown>) =>
  writePlan({
    workload: { peakRps: 1, inputTokens: 100, outputTokens: 100 },
    skus: [],
    tenants: {
      pools: [{ name: "gpu", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 }],
      usage: usage(["a", 6e5, 4e5, 3], ["b", 5e5, 5e5, 1]),
      ...tenants,
    },
  });

type Team = { name: string; cost: number; costRounded: number };
type Replicas = { usedReplicas: number | null; reservedReplicas: number | null };
type Pool = { basis: string; idle: number; idleRounded: number; billedReplicas: number | null };
interface Json {
  tenants: {
    basis: string;
    pools: (Pool & { teams: (Team & Replicas & { billedReplicas: number | null })[] })[];
    teams: (Team & { totalRounded: number })[];
  };
  warnings: string[];
}

async function planJson(file: string): Promise<Json> {
  const r = await run("plan", file, "--json");
  expect([r.err, r.code]).toEqual(["", 0]);
  return JSON.parse(r.out) as Json;
}

const costs = (j: Json) =>
  Object.fromEntries([
    ...j.tenants.pools[0]!.teams.map((t) => [t.name, t.costRounded]),
    ["idle", j.tenants.pools[0]!.idleRounded],
  ]);

/** What the cases below compare: the bases, each cost, the billed replicas and the warnings. */
const summary = (j: Json) => ({
  basis: j.tenants.basis,
  poolBasis: j.tenants.pools[0]!.basis,
  costs: costs(j),
  billed: j.tenants.pools[0]!.teams.map((t) => t.billedReplicas),
  warnings: j.warnings,
});

/** tenants.usage rows: [team, input, output, reserved replicas (left out when undefined)]. */
const usage = (...rows: [string, number, number, number?][]) =>
  rows.map(([team, inputTokens, outputTokens, r]) => ({
    ...{ team, inputTokens, outputTokens },
    ...(r === undefined ? {} : { reservedReplicas: r }),
  }));

const RESERVE = { basis: "reservation", idle: "separate" };

describe("plan --json: the reservation and usage bases (worked example)", () => {
  it("reservation + separate: a 3 of 8 replicas = 90, b 1 of 8 = 30, idle 4 of 8 = 120", async () => {
    const j = await planJson(example(RESERVE));
    const pool = j.tenants.pools[0]!;
    expect(summary(j)).toMatchObject({ basis: "reservation", poolBasis: "reservation" });
    expect([costs(j), j.warnings]).toEqual([{ a: 90, b: 30, idle: 120 }, []]);
    // used = 1e6 / 8e6 × 8 = 1 replica each; billed = max(reserved, used) = 3 and 1.
    const replicas = pool.teams.map(
      (t) => `${t.reservedReplicas} ${t.usedReplicas} ${t.billedReplicas}`,
    );
    expect(replicas).toEqual(["3 1 3", "1 1 1"]);
    expect([pool.billedReplicas, pool.idle]).toEqual([4, 120]);
    const teams = j.tenants.teams.map((t) => `${t.name} ${t.costRounded} ${t.totalRounded}`);
    expect(teams).toEqual(["a 90 90", "b 30 30"]);
  });

  it.each([
    [
      "reservation + proportional: the idle 4 replicas spread 3 : 1, a 180 and b 60",
      { basis: "reservation", idle: "proportional" },
      { costs: { a: 180, b: 60, idle: 0 } },
    ],
    [
      "usage + separate: each team pays 1 of 8 replicas' worth of tokens, a 30 b 30 idle 180; reservations are ignored",
      { basis: "usage", idle: "separate" },
      { basis: "usage", costs: { a: 30, b: 30, idle: 180 }, billed: [null, null] },
    ],
    [
      "usage is the default basis: proportional splits 240 by tokens 1e6 : 1e6 = 120 each",
      {},
      { basis: "usage", costs: { a: 120, b: 120, idle: 0 } },
    ],
    [
      "oversubscribed reservations: billed 6 + 4 = 10 > 8 replicas, each pays billed ÷ 10 of 240 and idle is 0",
      { ...RESERVE, usage: usage(["a", 6e5, 4e5, 6], ["b", 5e5, 5e5, 4]) },
      {
        costs: { a: 144, b: 96, idle: 0 },
        warnings: [
          'pool "gpu": teams are billed 10 replicas but the pool has 8; no idle, each team pays its billed replicas ÷ all billed replicas of the cost',
        ],
      },
    ],
    [
      // a uses 2e6 / 8e6 × 8 = 2 replicas → 60; idle-team reserves 2 → 60; nobody 0; idle 4 → 120.
      "a team with zero usage that reserves 2 replicas pays for 2; a team with neither pays 0",
      { ...RESERVE, usage: usage(["a", 1e6, 1e6, 0], ["idle-team", 0, 0, 2], ["nobody", 0, 0]) },
      { costs: { a: 60, "idle-team": 60, nobody: 0, idle: 120 } },
    ],
    [
      "a reservation pool without replicas falls back to the usage basis with a warning",
      {
        basis: "reservation",
        pools: [{ name: "gpu", costPerDay: 240, capacityTokensPerDay: 8e6 }],
      },
      {
        poolBasis: "usage",
        costs: { a: 120, b: 120, idle: 0 },
        warnings: [
          `pool "gpu": the reservation basis needs the pool's replica count; allocated by usage instead`,
        ],
      },
    ],
  ])("%s", async (_, tenants, want) => {
    const got = summary(await planJson(example(tenants)));
    expect(got).toMatchObject(want);
    expect(got.costs).toEqual(want.costs); // every team's cost and no other key
  });

  it("a SKU pool takes its replicas and capacity from the SKU: 15 replicas × 1500 tok/s × 86,400 s", async () => {
    const sku = { name: "H100", gpusPerReplica: 4, pricePerGpuHour: 2 };
    const tenants = { ...RESERVE, method: "output" };
    const file = writePlan({
      workload: { peakRps: 50, inputTokens: 0, outputTokens: 300 },
      factors: { elasticity: 1.2, redundancy: 1.2 },
      skus: [{ ...sku, sweep: { replicaOutputTokensPerSec: 1500 } }],
      tenants: { ...tenants, usage: usage(["a", 0, 1500 * 86400, 5]) },
    });
    const r = await run("plan", file, "--json");
    const j = JSON.parse(r.out) as Json & {
      tenants: { pools: { replicas: number; capacityTokens: number; cost: number }[] };
    };
    const p = j.tenants.pools[0]!;
    // 50 × 300 / 1500 = 10 base replicas × 1.44 = 14.4 → 15; capacity 15 × 1500 × 86400 = 1.944e9 output tokens a day.
    // cost 15 × 4 × 2 × 24 = 2880; a uses 1 replica, reserves 5 → 5/15 × 2880 = 960; idle 1920.
    expect([p.replicas, p.cost]).toEqual([15, 2880]);
    expect(p.capacityTokens).toBeCloseTo(1.944e9, 3);
    expect(costs(j)).toEqual({ a: 960, idle: 1920 });
  });
});

/** Every numeric leaf under `tenants` of a JSON value with its path. */
function tenantPaths(v: unknown, path: string, out: [string, number][] = []): [string, number][] {
  if (typeof v === "number") out.push([path, v]);
  else if (Array.isArray(v)) v.forEach((x, i) => tenantPaths(x, `${path}[${i}]`, out));
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) tenantPaths(x, `${path}.${k}`, out);
  return out;
}

const PLATFORM = { name: "platform", costPerDay: 40 };
const LICENCES = { name: "licences", costPerDay: 9, split: "even" };
const MONITORING = { name: "monitoring", costPerDay: 5, split: "none" };

describe("explain: every allocation number of the reservation basis with shared costs has a consistent lineage", () => {
  it.each([
    ["reservation", "separate"],
    ["reservation", "proportional"],
    ["usage", "separate"],
  ])("basis %s, idle %s", async (basis, idle) => {
    const file = example({ basis, idle, shared: [PLATFORM, LICENCES, MONITORING] });
    const j = JSON.parse((await run("plan", file, "--json")).out) as { tenants: unknown };
    const paths = tenantPaths(j.tenants, "tenants");
    expect(paths.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const [path, value] of paths) {
      const r = await run("explain", file, path, "--json");
      if (r.code !== 0) {
        failures.push(`${path}: exit ${r.code} ${r.err.trim()}`);
        continue;
      }
      const node = JSON.parse(r.out) as LineageNode;
      if (node.value === null || Math.abs(node.value - value) > 1e-9 * Math.max(1, Math.abs(value)))
        failures.push(`${path}: explanation says ${node.value}, plan --json says ${value}`);
      for (const n of lineageNodes(node))
        if (!consistent(n)) failures.push(`${path}: step ${n.path} = ${n.value}, ${n.recomputed}`);
    }
    expect(failures).toEqual([]);
  });

  it("states the reservation formula with the numbers: a's cost = 3 ÷ 8 × 240", async () => {
    const r = await runLine(`explain ${example(RESERVE)} tenants.pools[0].teams[0].cost`);
    expect(r.code).toBe(0);
    for (const text of ["billed replicas ÷ pool replicas × pool cost", "3 ÷ 8 × 240 = 90"])
      expect(r.out).toContain(text);
  });
});

describe("plan text: shared cost lines and team totals", () => {
  it("lists each shared cost's parts and the team totals (own, shared, total, per 1M input/output)", async () => {
    const r = await run("plan", example({ ...RESERVE, shared: [PLATFORM, MONITORING] }));
    expect(r.code).toBe(0);
    expect(r.out).toContain("Team cost allocation (Basis: reservation)");
    // platform 40 weighted by own cost 90 : 30 → 30 and 10; monitoring stays unallocated.
    for (const line of [
      /Shared cost: platform +a +\$30\.00/,
      /Shared cost: platform +b +\$10\.00/,
      /Shared cost: monitoring +\(unallocated\) +\$5\.00/,
      // a: 90 + 30 = 120, per 1M tokens 90 / 1e6 × 1e6 = 90; b: 30 + 10 = 40.
      /\na +\$90\.00 +\$30\.00 +\$120\.00 +\$90\.00 +\$90\.00\n/,
      /\nb +\$30\.00 +\$10\.00 +\$40\.00 +\$30\.00 +\$30\.00\n/,
    ])
      expect(r.out).toMatch(line);
  });
});
