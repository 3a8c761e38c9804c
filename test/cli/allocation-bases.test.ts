/**
 * The allocation bases of docs/allocation.md through `capplan plan --json`: the worked example
 * (8 replicas, 240 per day; team a reserves 3 and uses 1 replica, team b reserves 1 and uses 1).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { consistent, lineageNodes, type LineageNode } from "../../src/engine/plan/lineage";
import { run, runLine } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "capplan-bases-"));

/** The worked example: capacity 8e6 weighted tokens a day over 8 replicas, so 1e6 tokens fill one replica. */
function example(tenants: Record<string, unknown>): string {
  const file = join(dir, `plan-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      format: "capplan.plan/v1",
      currency: "USD",
      workload: { peakRps: 1, inputTokens: 100, outputTokens: 100 },
      skus: [],
      tenants: {
        pools: [{ name: "gpu", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 }],
        usage: [
          { team: "a", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
          { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
        ],
        ...tenants,
      },
    }),
  );
  return file;
}

interface Json {
  tenants: {
    basis: string;
    pools: {
      basis: string;
      idle: number;
      idleRounded: number;
      billedReplicas: number | null;
      teams: {
        name: string;
        cost: number;
        costRounded: number;
        usedReplicas: number | null;
        billedReplicas: number | null;
        reservedReplicas: number | null;
      }[];
    }[];
    teams: { name: string; cost: number; costRounded: number; totalRounded: number }[];
  };
  warnings: string[];
}

async function planJson(file: string): Promise<Json> {
  const r = await run("plan", file, "--json");
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as Json;
}

const costs = (j: Json) =>
  Object.fromEntries([
    ...j.tenants.pools[0]!.teams.map((t) => [t.name, t.costRounded]),
    ["idle", j.tenants.pools[0]!.idleRounded],
  ]);

describe("plan --json: the reservation and usage bases (worked example)", () => {
  it("reservation + separate: a 3 of 8 replicas = 90, b 1 of 8 = 30, idle 4 of 8 = 120", async () => {
    const j = await planJson(example({ basis: "reservation", idle: "separate" }));
    expect(j.tenants.basis).toBe("reservation");
    expect(j.tenants.pools[0]!.basis).toBe("reservation");
    expect(costs(j)).toEqual({ a: 90, b: 30, idle: 120 });
    // used = 1e6 / 8e6 × 8 = 1 replica each; billed = max(reserved, used) = 3 and 1.
    expect(
      j.tenants.pools[0]!.teams.map((t) => [t.reservedReplicas, t.usedReplicas, t.billedReplicas]),
    ).toEqual([
      [3, 1, 3],
      [1, 1, 1],
    ]);
    expect(j.tenants.pools[0]!.billedReplicas).toBe(4);
    expect(j.tenants.pools[0]!.idle).toBe(120);
    expect(j.tenants.teams.map((t) => [t.name, t.costRounded, t.totalRounded])).toEqual([
      ["a", 90, 90],
      ["b", 30, 30],
    ]);
    expect(j.warnings).toEqual([]);
  });

  it("reservation + proportional: the idle 4 replicas spread 3 : 1, a 180 and b 60", async () => {
    const j = await planJson(example({ basis: "reservation", idle: "proportional" }));
    expect(costs(j)).toEqual({ a: 180, b: 60, idle: 0 });
  });

  it("usage + separate: each team pays 1 of 8 replicas' worth of tokens, a 30 b 30 idle 180; reservations are ignored", async () => {
    const j = await planJson(example({ basis: "usage", idle: "separate" }));
    expect(j.tenants.basis).toBe("usage");
    expect(costs(j)).toEqual({ a: 30, b: 30, idle: 180 });
    expect(j.tenants.pools[0]!.teams.map((t) => t.billedReplicas)).toEqual([null, null]);
  });

  it("usage is the default basis: proportional splits 240 by tokens 1e6 : 1e6 = 120 each", async () => {
    const j = await planJson(example({}));
    expect(j.tenants.basis).toBe("usage");
    expect(costs(j)).toEqual({ a: 120, b: 120, idle: 0 });
  });

  it("oversubscribed reservations: billed 6 + 4 = 10 > 8 replicas, each pays billed ÷ 10 of 240 and idle is 0", async () => {
    const file = example({
      basis: "reservation",
      idle: "separate",
      usage: [
        { team: "a", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 6 },
        { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 4 },
      ],
    });
    const j = await planJson(file);
    expect(costs(j)).toEqual({ a: 144, b: 96, idle: 0 });
    expect(j.warnings).toEqual([
      'pool "gpu": teams are billed 10 replicas but the pool has 8; no idle, each team pays its billed replicas ÷ all billed replicas of the cost',
    ]);
  });

  it("a team with zero usage that reserves 2 replicas pays for 2; a team with neither pays 0", async () => {
    const file = example({
      basis: "reservation",
      idle: "separate",
      usage: [
        { team: "a", inputTokens: 1e6, outputTokens: 1e6, reservedReplicas: 0 },
        { team: "idle-team", inputTokens: 0, outputTokens: 0, reservedReplicas: 2 },
        { team: "nobody", inputTokens: 0, outputTokens: 0 },
      ],
    });
    const j = await planJson(file);
    // a uses 2e6 / 8e6 × 8 = 2 replicas → 60; idle-team reserves 2 → 60; nobody 0; idle 4 → 120.
    expect(costs(j)).toEqual({ a: 60, "idle-team": 60, nobody: 0, idle: 120 });
  });

  it("a reservation pool without replicas falls back to the usage basis with a warning", async () => {
    const file = example({
      basis: "reservation",
      pools: [{ name: "gpu", costPerDay: 240, capacityTokensPerDay: 8e6 }],
    });
    const j = await planJson(file);
    expect(j.tenants.pools[0]!.basis).toBe("usage");
    expect(costs(j)).toEqual({ a: 120, b: 120, idle: 0 });
    expect(j.warnings).toEqual([
      `pool "gpu": the reservation basis needs the pool's replica count; allocated by usage instead`,
    ]);
  });

  it("a SKU pool takes its replicas and capacity from the SKU: 15 replicas × 1500 tok/s × 86,400 s", async () => {
    const file = join(dir, "sku.json");
    writeFileSync(
      file,
      JSON.stringify({
        format: "capplan.plan/v1",
        currency: "USD",
        workload: { peakRps: 50, inputTokens: 0, outputTokens: 300 },
        factors: { elasticity: 1.2, redundancy: 1.2 },
        skus: [
          {
            name: "H100",
            gpusPerReplica: 4,
            pricePerGpuHour: 2,
            sweep: { replicaOutputTokensPerSec: 1500 },
          },
        ],
        tenants: {
          basis: "reservation",
          idle: "separate",
          method: "output",
          usage: [{ team: "a", inputTokens: 0, outputTokens: 1500 * 86400, reservedReplicas: 5 }],
        },
      }),
    );
    const r = await run("plan", file, "--json");
    const j = JSON.parse(r.out) as Json & {
      tenants: { pools: { replicas: number; capacityTokens: number; cost: number }[] };
    };
    const p = j.tenants.pools[0]!;
    // 50 × 300 / 1500 = 10 base replicas × 1.44 = 14.4 → 15; capacity 15 × 1500 × 86400 = 1.944e9 output tokens a day.
    expect(p.replicas).toBe(15);
    expect(p.capacityTokens).toBeCloseTo(1.944e9, 3);
    // cost 15 × 4 × 2 × 24 = 2880; a uses 1 replica, reserves 5 → 5/15 × 2880 = 960; idle 1920.
    expect(p.cost).toBe(2880);
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

describe("explain: every allocation number of the reservation basis with shared costs has a consistent lineage", () => {
  it.each([
    ["reservation", "separate"],
    ["reservation", "proportional"],
    ["usage", "separate"],
  ])("basis %s, idle %s", async (basis, idle) => {
    const file = example({
      basis,
      idle,
      shared: [
        { name: "platform", costPerDay: 40 },
        { name: "licences", costPerDay: 9, split: "even" },
        { name: "monitoring", costPerDay: 5, split: "none" },
      ],
    });
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
        if (!consistent(n))
          failures.push(
            `${path}: step ${n.path} = ${n.value} but its formula gives ${n.recomputed}`,
          );
    }
    expect(failures).toEqual([]);
  });

  it("states the reservation formula with the numbers: a's cost = 3 ÷ 8 × 240", async () => {
    const r = await runLine(
      `explain ${example({ basis: "reservation", idle: "separate" })} tenants.pools[0].teams[0].cost`,
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain("billed replicas ÷ pool replicas × pool cost");
    expect(r.out).toContain("3 ÷ 8 × 240 = 90");
  });
});

describe("plan text: shared cost lines and team totals", () => {
  it("lists each shared cost's parts and the team totals (own, shared, total, per 1M input/output)", async () => {
    const file = example({
      basis: "reservation",
      idle: "separate",
      shared: [
        { name: "platform", costPerDay: 40 },
        { name: "monitoring", costPerDay: 5, split: "none" },
      ],
    });
    const r = await run("plan", file);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Team cost allocation (Basis: reservation)");
    // platform 40 weighted by own cost 90 : 30 → 30 and 10; monitoring stays unallocated.
    expect(r.out).toMatch(/Shared cost: platform +a +\$30\.00/);
    expect(r.out).toMatch(/Shared cost: platform +b +\$10\.00/);
    expect(r.out).toMatch(/Shared cost: monitoring +\(unallocated\) +\$5\.00/);
    // a: 90 + 30 = 120, per 1M tokens 90 / 1e6 × 1e6 = 90; b: 30 + 10 = 40.
    expect(r.out).toMatch(/\na +\$90\.00 +\$30\.00 +\$120\.00 +\$90\.00 +\$90\.00\n/);
    expect(r.out).toMatch(/\nb +\$30\.00 +\$10\.00 +\$40\.00 +\$30\.00 +\$30\.00\n/);
  });
});
