/**
 * src/engine/plan/lineage-tenants.ts: the lineage of the allocation's numbers — each team's tokens,
 * share, billed replicas and cost in a pool, idle kept separate or spread, reservations, the
 * method's weights, rows left out, tenant paths that name no number, and explaining plans whose
 * allocation left something out (never a throw). Whole explanations of hand-built plans
 * (lineage-plans-b.ts) are asserted line by line; the numbers are worked out in the test names.
 */
import { describe, expect, it } from "vitest";
import { consistent, explainPath, type LineageNode } from "../../../src/engine/plan/lineage";
import { contextOf, explainLines } from "./lineage-print";
import {
  ctxOf,
  resultPaths,
  show,
  showAll,
  SKU_MIX,
  USAGE_SEPARATE,
  base,
  NO_POOLS_OUTPUT,
  RESERVATION_EMPTY,
  RESERVATION_OVERFULL,
  RESERVATION_PROPORTIONAL,
  RESERVATION_SEPARATE,
  RESERVATION_FULL,
  USAGE_FULL,
  WEIGHTED_DEFAULT,
  reservation,
  TOKENS_WRITTEN_WEIGHTS,
  WEIGHTED_2_3,
  G,
  paths,
  showPaths,
  POOL_TEAM_KEYS,
  runPoint,
  swept,
  SWEEPS,
  full,
} from "./lineage-plans-b";
import type { PlanFile } from "../../../src/engine/base/types";

const w = { name: "w", peakRps: 1, inputTokens: 100, outputTokens: 100 };
/** A plan of workload `w` with these tenants (and `over` written into it). */
const withTenants = (tenants: NonNullable<PlanFile["tenants"]>, over: Partial<PlanFile> = {}) =>
  base({ workload: w, tenants, ...over });
/** A usage row of `team`; `more` adds its pool or reservation. */
const use = (team: string, inputTokens: number, outputTokens: number, more = {}) => ({
  team,
  inputTokens,
  outputTokens,
  ...more,
});
/** A pool of 1,000 tokens a day. */
const pool = (name: string, costPerDay: number, replicas: number) => ({
  name,
  costPerDay,
  replicas,
  capacityTokensPerDay: 1000,
});

/** Yen, method weighted 0.5 : 0.25: team a has 0.5 × 3 + 0.25 × 1 = 1.75 weighted tokens, b 0.5 × 6 + 0.25 × 2 = 3.5. */
const JPY_WEIGHTS = withTenants(
  {
    method: "weighted",
    inputWeight: 0.5,
    outputWeight: 0.25,
    pools: [{ name: "p", costPerDay: 100 }],
    usage: [use("a", 3, 1), use("b", 6, 2)],
  },
  { currency: "JPY" },
);
/** A shared cost split evenly, but no team used anything: the whole cost stays unallocated. */
const NO_TEAMS = withTenants({
  pools: [{ name: "p", costPerDay: 100 }],
  usage: [],
  shared: [{ name: "s", costPerDay: 5, split: "even" }],
});
/** Usage basis, idle separate, a pool with a capacity that its only team does not use at all. */
const ZERO_USE = withTenants({
  idle: "separate",
  pools: [{ name: "p", costPerDay: 50, capacityTokensPerDay: 1000 }],
  usage: [use("a", 0, 0)],
});
/** Reservation basis: pool p (4 replicas, 1,000 tokens a day) has team a (250 tokens = 1 replica, 2 reserved); pool e has no team. */
const RES_EMPTY_POOL = withTenants({
  basis: "reservation",
  idle: "separate",
  pools: [pool("p", 100, 4), pool("e", 30, 2)],
  usage: [use("a", 100, 150, { pool: "p", reservedReplicas: 2 })],
});
/** Reservation basis, idle proportional, nobody uses or reserves anything: Σ billed replicas is 0. */
const RES_PROP_ZERO = withTenants({
  basis: "reservation",
  idle: "proportional",
  pools: [pool("p", 100, 4)],
  usage: [use("a", 0, 0), use("b", 0, 0)],
});

/** Reservation basis on a pool priced from SKU G (2 replicas at 10/h = 480 a day; 500 output tokens/s per replica): replicas and capacity come from the SKU. */
const RES_FROM_SKU = base({
  workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 50 }],
  factors: { elasticity: 2 },
  skus: [G({ pricePerGpuHour: 10, sweep: { replicaOutputTokensPerSec: 500 } })],
  tenants: {
    basis: "reservation",
    idle: "separate",
    pools: [{ name: "p", sku: "G" }],
    usage: [use("a", 1e7, 2e6, { reservedReplicas: 1 }), use("b", 3e7, 1e6)],
  },
});

describe("team totals and shared costs", () => {
  it("a team's weighted tokens over pools are not rounded to the currency (yen: 1.75 stays 1.75, 3.5 stays 3.5)", () => {
    const c = ctxOf(JPY_WEIGHTS);
    expect(show(c, "tenants.teams[0].tokens", 2)).toEqual([
      "tenants.teams[0].tokens [computed] = 1.75 | Σ the team's tokens over pools | 1.75 = 1.75 | re 1.75",
      "  tenants.pools[0].teams[0].tokens [computed] = 1.75 | inputWeight × inputTokens + outputWeight × outputTokens | 0.5 × 3 + 0.25 × 1 = 1.75 | re 1.75",
      "    tenants.inputWeight [field] = 0.5 | raw 0.5",
      "    tenants.pools[0].teams[0].inputTokens [computed] = 3 | inputTokens of the team's usage row | 3 = 3 | re 3",
      "    tenants.outputWeight [field] = 0.25 | raw 0.25",
      "    tenants.pools[0].teams[0].outputTokens [computed] = 1 | outputTokens of the team's usage row | 1 = 1 | re 1",
    ]);
    expect(show(c, "tenants.teams[1].tokens", 0)).toEqual([
      "tenants.teams[1].tokens [computed] = 3.5 | Σ the team's tokens over pools | 3.5 = 3.5 | re 3.5",
    ]);
  });

  // Its unallocated part to one level, and that of shared[0] (0): lineage-team-totals.test.ts.
  it("a shared cost split none stays unallocated whole (10) although there are teams", () => {
    expect(show(ctxOf(USAGE_SEPARATE), "tenants.shared[2].unallocatedRounded", 2)).toEqual([
      "tenants.shared[2].unallocatedRounded [computed] = 10 | the unallocated part in minor units | round(10, 2) → 10 | re 10",
      "  tenants.shared[2].unallocated [computed] = 10 | the whole shared cost (split none, or no teams) | 10 | re 10",
      "    tenants.shared[2].costPerDay [field] = 10 | raw 10",
    ]);
  });

  it("a shared cost split evenly but without any team stays unallocated whole (5), and the unused pool is all idle (100)", () => {
    const c = ctxOf(NO_TEAMS);
    expect(showAll(c, ["tenants.shared[0].unallocated", "tenants.pools[0].idle"])).toEqual([
      "tenants.shared[0].unallocated [computed] = 5 | the whole shared cost (split none, or no teams) | 5 | re 5",
      "  tenants.shared[0].costPerDay [field] = 5 | raw 5",
      "tenants.pools[0].idle [computed] = 100 | the whole pool cost (no usage) | 100 | re 100",
      "  tenants.pools[0].costPerDay [field] = 100 | raw 100",
    ]);
  });
});

describe("the allocation's boundaries", () => {
  it("idle separate, a pool with a capacity but 0 tokens used: the whole pool (50) is idle and the team pays share 0 × 50, not tokens at the capacity price", () => {
    const c = ctxOf(ZERO_USE);
    expect(c.result.tenants!.pools[0]!.idle).toBe(50);
    expect(showAll(c, ["tenants.pools[0].idle", "tenants.pools[0].teams[0].cost"])).toEqual([
      "tenants.pools[0].idle [computed] = 50 | the whole pool cost (no usage) | 50 | re 50",
      "  tenants.pools[0].costPerDay [field] = 50 | raw 50",
      "tenants.pools[0].teams[0].cost [computed] = 0 | share × pool cost | 0 × 50 = 0 | re 0",
      "  tenants.pools[0].teams[0].share [computed] = 0 | team's weighted tokens ÷ pool's weighted tokens | 0 ÷ 0 = 0 | re 0",
      "  tenants.pools[0].costPerDay [field] = 50 | raw 50",
    ]);
  });

  it("reservation basis: a pool without teams bills Σ of no replicas = 0; a team using 250 ÷ 1,000 × 4 = 1 replica with 2 reserved is billed 2", () => {
    const c = ctxOf(RES_EMPTY_POOL);
    expect(c.result.tenants!.pools[1]!.billedReplicas).toBe(0);
    expect(show(c, "tenants.pools[1].billedReplicas")).toEqual([
      "tenants.pools[1].billedReplicas [computed] = 0 | Σ teams' billed replicas |  = 0 | re 0",
    ]);
    expect(show(c, "tenants.pools[0].billedReplicas", 2)).toEqual([
      "tenants.pools[0].billedReplicas [computed] = 2 | Σ teams' billed replicas | 2 = 2 | re 2",
      "  tenants.pools[0].teams[0].billedReplicas [computed] = 2 | max(reserved replicas, used replicas) | max(2, 1) = 2 | re 2",
      "    tenants.pools[0].teams[0].reservedReplicas [computed] = 2 | Σ reservedReplicas of the team's usage rows | 2 = 2 | re 2",
      "    tenants.pools[0].teams[0].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 250 ÷ 1,000 × 4 = 1 | re 1",
    ]);
  });

  it("reservation basis, idle proportional, nothing billed (Σ 0): each team's cost recomputes to 0 as the allocation gives it (was absent: 0 ÷ 0)", () => {
    const c = ctxOf(RES_PROP_ZERO);
    expect(c.result.tenants!.pools[0]!.teams.map((t) => t.cost)).toEqual([0, 0]);
    const lines = show(c, "tenants.pools[0].teams[1].cost");
    expect(lines).toEqual([
      "tenants.pools[0].teams[1].cost [computed] = 0 | billed replicas ÷ Σ billed replicas × pool cost | 0 ÷ 0 × 100 = 0 | re 0",
      "  tenants.pools[0].teams[1].billedReplicas [computed] = 0 | max(reserved replicas, used replicas) | max(0, 0) = 0 | re 0",
      "  tenants.pools[0].billedReplicas [computed] = 0 | Σ teams' billed replicas | 0 + 0 = 0 | re 0",
      "  tenants.pools[0].costPerDay [field] = 100 | raw 100",
    ]);
    const a = explainPath(c, "tenants.teams[1].cost");
    expect(a.ok && consistent(a.node) && consistent(a.node.inputs[0]!)).toBe(true);
  });

  it("every number of these plans' plan --json has an explanation whose value is that number and whose steps all recompute", () => {
    for (const p of [
      JPY_WEIGHTS,
      NO_TEAMS,
      ZERO_USE,
      RES_EMPTY_POOL,
      RES_PROP_ZERO,
      RES_FROM_SKU,
    ]) {
      const c = ctxOf(p);
      const bad: string[] = [];
      for (const [path, value] of resultPaths(c.result)) {
        const a = explainPath(c, path);
        if (!a.ok) bad.push(`${path}: ${a.error}`);
        else if (a.node.value !== value) bad.push(`${path}: ${a.node.value} ≠ ${value}`);
        else if (!consistent(a.node)) bad.push(`${path}: recomputes ${a.node.recomputed}`);
      }
      expect(bad).toEqual([]);
    }
    expect(ctxOf(RES_FROM_SKU).result.tenants!.pools[0]!.basis).toBe("reservation");
  });
});

describe("plans whose allocation left something out: explaining never throws", () => {
  /** Pool "p" twice: the first has no cost (an error, left out), the second is the one allocated. */
  const DUP_POOL = withTenants({
    pools: [{ name: "p" } as never, { name: "p", costPerDay: 60 }],
    usage: [use("a", 10, 10)],
  });
  /** The same under reservation, the first "p" priced from SKU G that has no cost (0 GPUs per replica): left out. */
  const DUP_POOL_RES = withTenants(
    {
      basis: "reservation",
      idle: "separate",
      pools: [{ name: "p", sku: "G" }, pool("p", 60, 4)],
      usage: [use("a", 10, 10, { reservedReplicas: 1 })],
    },
    { skus: [G({ gpusPerReplica: 0 })] },
  );
  /** A pool cost whose formula fails: the plan has an error and no allocation, but the resolved plan has tenants. */
  const BAD_COST = withTenants({
    pools: [{ name: "p", costPerDay: "=nope" } as never],
    usage: [use("a", 10, 10)],
  });

  it("a pool named twice, the first without a cost (usage or reservation basis): no number of plan --json makes explain throw", () => {
    for (const p of [DUP_POOL, DUP_POOL_RES]) {
      const c = ctxOf(p);
      const paths = resultPaths(c.result)
        .map(([p]) => p)
        .filter((p) => p.startsWith("tenants."));
      expect(paths).toContain("tenants.pools[0].teams[0].costPerMillionTokens");
      expect(paths).toContain("tenants.teams[0].costPerMillionTokens");
      const thrown: string[] = [];
      for (const path of paths) {
        try {
          explainPath(c, path);
        } catch (e) {
          thrown.push(`${path}: ${String(e)}`);
        }
      }
      expect(thrown).toEqual([]);
    }
    expect(ctxOf(DUP_POOL_RES).result.tenants!.pools[0]!.basis).toBe("reservation");
  });

  it("no allocation in the result (its pool's cost failed): a team's or pool's number has no lineage", () => {
    const c = ctxOf(BAD_COST);
    expect(c.resolved.tenants).toBeTruthy();
    expect(c.result.tenants ?? null).toBeNull();
    for (const path of ["tenants.teams[0].cost", "tenants.pools[0].cost", "tenants.shared[0].cost"])
      expect(explainPath(c, path)).toEqual({
        ok: false,
        error: `${path}: no number with a lineage at this path`,
      });
  });
});

describe("entry paths that name no number", () => {
  const none = (c: ReturnType<typeof ctxOf>, path: string) =>
    expect(explainPath(c, path), path).toEqual({
      ok: false,
      error: `${path}: no number with a lineage at this path`,
    });

  it("an array's length where an index belongs (teams, pools, shared, workloads, skus, slo) is no number; the names of the entry points under another first key are no number (x[0].maxMs, cells.elasticity, x.peak…); a plan without tenants has no tenant numbers (tenants.pools[0].cost: lineage.test.ts)", () => {
    const t = ctxOf(USAGE_SEPARATE);
    for (const path of paths`
      tenants.teams.length.cost tenants.pools.length.cost tenants.pools[0].teams.length.cost
        tenants.shared.length.cost tenants.shared[0].teams.length.cost
        tenants.pools[0].teams[0][1] tenants.pools[0][1]
    `)
      none(t, path);
    const s = ctxOf(SKU_MIX);
    for (const path of paths`
      workloads.length.peakRps skus.length.replicas slo.length.maxMs slo.length workloads[0]
        skus[0]
      x[0].maxMs skus[0].maxMs cells.elasticity x.elasticity factors.elasticity.x cells.redundancy
        factors.redundancy.other factors.redundancy.spare.x x.peak factors.peak cells [0]
      tenants.teams[0].cost
    `)
      none(s, path);
    // The same names under their own keys are numbers: lineage.test.ts, "entry paths".
  });

  it("an index after cells is no cell name, even where a cell is named 0", () => {
    const c = ctxOf(base({ cells: { "0": 5, peak: 2 } as never, workload: w }));
    expect(c.resolved.cells["0"]).toBe(5);
    none(c, "cells[0]");
  });
});

describe("the load of a sweep point", () => {
  it("a point with neither concurrency nor a request rate nor achieved rps has no load in its source", () => {
    const none = (out: number, ttft: number, line: number) =>
      runPoint({ rps: null }, out, ttft, line);
    const points = [none(100, 100, 2), none(1000, 500, 3), none(1100, 3000, 4)];
    const c = contextOf({ ...SWEEPS, skus: [swept("N", "none", points)] });
    expect(explainLines(c, "skus[0].workloads[0].operatingPoint.outputTokensPerSec")).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [sweepPoint] = 1000 | src: none [] inline #1 key=outputTokensPerSec rows=run.csv:3 at=run.csv:3",
    ]);
  });
});

describe("consistent(): relative tolerance 1e-9", () => {
  const node = (value: number | null, recomputed: number | null): LineageNode => ({
    path: "x",
    kind: "computed",
    value,
    recomputed,
    inputs: [],
  });
  // [value, recomputed, consistent]: exactly at the tolerance (|Δ| = 1e-9 × max(1, …)) is; binary
  // noise is; relative to the larger number; absent only against absent or a non-finite recomputation.
  it.each([
    [0, 1e-9, true],
    [0, 1.1e-9, false],
    [1, 1 + 1e-12, true],
    [0.30000000000000004, 0.3, true],
    [1e12, 1e12 + 1000, true],
    [1e12, 1e12 + 1001, false],
    [null, null, true],
    [3, null, false],
    [null, 3, false],
    [null, Number.NaN, true],
  ])("%s against %s: %s", (value, recomputed, expected) => {
    expect(consistent(node(value, recomputed))).toBe(expected);
  });
});

describe("allocation by usage, idle separate, a pool priced from a SKU, weights 1 : 3 (USAGE_SEPARATE)", () => {
  it("team a: rows 0 and 2 summed (1e7 + 2e7 input), weighted 1 \u00d7 3e7 + 3 \u00d7 2e6 = 3.6e7, cost 3.6e7 \u00d7 480 \u00f7 4.32e8 = 40, share 36 \u00f7 69; team b: one row (the row without a pool goes to the only pool), cost 3.3e7 \u00d7 480 \u00f7 4.32e8 = 36.6667 \u2192 36.67", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(showPaths(c)`
      tenants.pools[0].teams[0]. ${POOL_TEAM_KEYS}
      tenants.pools[0].teams[1]. ${POOL_TEAM_KEYS}
    `).toEqual(full`
      tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000
        tenants.inputWeight [field] = 1 | raw 1
        tenants.pools[0].teams[0].inputTokens [computed] = 30000000 | Σ inputTokens of the team's usage rows | 10,000,000 + 20,000,000 = 30,000,000 | re 30000000
        tenants.outputWeight [field] = 3 | raw 3
        tenants.pools[0].teams[0].outputTokens [computed] = 2000000 | Σ outputTokens of the team's usage rows | 2,000,000 + 0 = 2,000,000 | re 2000000
      tenants.pools[0].teams[0].share [computed] = 0.5217391304347826 | team's weighted tokens ÷ pool's weighted tokens | 36,000,000 ÷ 69,000,000 = 0.5217 | re 0.5217391304347826
        tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000
        tenants.pools[0].usedTokens [computed] = 69000000 | Σ teams' weighted tokens | 36,000,000 + 33,000,000 = 69,000,000 | re 69000000
      tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40
        tenants.pools[0].teams[0].tokens [computed] = 36000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 2,000,000 = 36,000,000 | re 36000000
        tenants.pools[0].cost [computed] = 480 | costPerDay of SKU "G" (tenants.pools[0].sku) | 480 = 480 | re 480
        tenants.pools[0].capacityTokens [computed] = 432000000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 2,500 × (2 ÷ 1) × 86,400 = 432,000,000 | re 432000000
      tenants.pools[0].teams[0].costRounded [computed] = 40 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(40, 2) → 40 | re 40
        tenants.pools[0].teams[0].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 36,000,000 × 480 ÷ 432,000,000 = 40 | re 40
      tenants.pools[0].teams[0].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 40 ÷ 36,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111
        = tenants.pools[0].teams[0]. cost tokens
      tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111
        = tenants.inputWeight tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333
        = tenants.outputWeight tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].inputTokens [computed] = 30000000 | Σ inputTokens of the team's usage rows | 10,000,000 + 20,000,000 = 30,000,000 | re 30000000
        tenants.usage[0].inputTokens [field] = 10000000 | raw 10000000
        tenants.usage[2].inputTokens [field] = 20000000 | raw 20000000
      tenants.pools[0].teams[0].outputTokens [computed] = 2000000 | Σ outputTokens of the team's usage rows | 2,000,000 + 0 = 2,000,000 | re 2000000
        tenants.usage[0].outputTokens [field] = 2000000 | raw 2000000
        tenants.usage[2].outputTokens [field] = 0 | raw 0
      tenants.pools[0].teams[0].usedReplicas [computed] = 0.16666666666666666 | weighted tokens ÷ pool capacity × pool replicas | 36,000,000 ÷ 432,000,000 × 2 = 0.1667 | re 0.16666666666666666
        = tenants.pools[0]. teams[0].tokens capacityTokens
        tenants.pools[0].replicas [computed] = 2 | replicas of SKU "G" | 2 = 2 | re 2
      tenants.pools[0].teams[1].tokens [computed] = 33000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 30,000,000 + 3 × 1,000,000 = 33,000,000 | re 33000000
        = tenants.inputWeight tenants.pools[0].teams[1].inputTokens tenants.outputWeight tenants.pools[0].teams[1].outputTokens
      tenants.pools[0].teams[1].share [computed] = 0.4782608695652174 | team's weighted tokens ÷ pool's weighted tokens | 33,000,000 ÷ 69,000,000 = 0.4783 | re 0.4782608695652174
        = tenants.pools[0]. teams[1].tokens usedTokens
      tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664
        = tenants.pools[0]. teams[1].tokens cost capacityTokens
      tenants.pools[0].teams[1].costRounded [computed] = 36.67 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(36.6667, 2) → 36.67 | re 36.67
        tenants.pools[0].teams[1].cost [computed] = 36.666666666666664 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 33,000,000 × 480 ÷ 432,000,000 = 36.6667 | re 36.666666666666664
      tenants.pools[0].teams[1].costPerMillionTokens [computed] = 1.111111111111111 | cost ÷ weighted tokens × 1,000,000 | 36.6667 ÷ 33,000,000 × 1,000,000 = 1.1111 | re 1.111111111111111
        = tenants.pools[0].teams[1]. cost tokens
      tenants.pools[0].teams[1].costPerMillionInputTokens [computed] = 1.111111111111111 | inputWeight × cost per 1M weighted tokens | 1 × 1.1111 = 1.1111 | re 1.111111111111111
        = tenants.inputWeight tenants.pools[0].teams[1].costPerMillionTokens
      tenants.pools[0].teams[1].costPerMillionOutputTokens [computed] = 3.333333333333333 | outputWeight × cost per 1M weighted tokens | 3 × 1.1111 = 3.3333 | re 3.333333333333333
        = tenants.outputWeight tenants.pools[0].teams[1].costPerMillionTokens
      tenants.pools[0].teams[1].inputTokens [computed] = 30000000 | inputTokens of the team's usage row | 30,000,000 = 30,000,000 | re 30000000
        tenants.usage[1].inputTokens [field] = 30000000 | raw 30000000
      tenants.pools[0].teams[1].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000
        tenants.usage[1].outputTokens [field] = 1000000 | raw 1000000
      tenants.pools[0].teams[1].usedReplicas [computed] = 0.1527777777777778 | weighted tokens ÷ pool capacity × pool replicas | 33,000,000 ÷ 432,000,000 × 2 = 0.1528 | re 0.1527777777777778
        = tenants.pools[0]. teams[1].tokens capacityTokens replicas
    `);
  });
});

describe("allocation by reservation (the worked example of docs/allocation.md: 8 replicas, 240 a day)", () => {
  it("idle separate: a billed max(3, 1) = 3 of 8 \u2192 90, b max(1, 1) = 1 \u2192 30, idle 240 \u2212 (90 + 30) = 120 (the unbilled replicas)", () => {
    const c = ctxOf(RESERVATION_SEPARATE);
    expect(showPaths(c)`
      tenants.pools[0]. cost costRounded idle idleRounded usedTokens capacityTokens replicas
        billedReplicas costPerMillionTokens costPerMillionInputTokens costPerMillionOutputTokens
      tenants.pools[0].teams[0]. tokens share cost costRounded costPerMillionTokens
        costPerMillionInputTokens costPerMillionOutputTokens inputTokens outputTokens
        reservedReplicas usedReplicas billedReplicas
      tenants.pools[0].teams[1]. tokens share cost costRounded costPerMillionTokens
        costPerMillionInputTokens costPerMillionOutputTokens inputTokens outputTokens
        reservedReplicas usedReplicas billedReplicas
    `).toEqual(full`
      tenants.pools[0].cost [field] = 240 | raw 240
      tenants.pools[0].costRounded [computed] = 240 | the pool cost rounded to the currency's minor unit | round(240, 2) → 240 | re 240
        tenants.pools[0].costPerDay [field] = 240 | raw 240
      tenants.pools[0].idle [computed] = 120 | pool cost − Σ teams' cost (the unbilled replicas) | 240 − (90 + 30) = 120 | re 120
        = tenants.pools[0]. costPerDay teams[0].cost teams[1].cost
      tenants.pools[0].idleRounded [computed] = 120 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(120, 2) → 120 | re 120
        tenants.pools[0].idle [computed] = 120 | pool cost − Σ teams' cost (the unbilled replicas) | 240 − (90 + 30) = 120 | re 120
      tenants.pools[0].usedTokens [computed] = 2000000 | Σ teams' weighted tokens | 1,000,000 + 1,000,000 = 2,000,000 | re 2000000
        = tenants.pools[0]. teams[0].tokens teams[1].tokens
      tenants.pools[0].capacityTokens [field] = 8000000 | raw 8000000
      tenants.pools[0].replicas [field] = 8 | raw 8
      tenants.pools[0].billedReplicas [computed] = 4 | Σ teams' billed replicas | 3 + 1 = 4 | re 4
        = tenants.pools[0]. teams[0].billedReplicas teams[1].billedReplicas
      tenants.pools[0].costPerMillionTokens [computed] = 120 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 2,000,000 × 1,000,000 = 120 | re 120
        = tenants.pools[0]. costPerDay usedTokens
      tenants.pools[0].costPerMillionInputTokens [computed] = 120 | inputWeight × cost per 1M weighted tokens | 1 × 120 = 120 | re 120
        inputWeight (method tokens) [constant] = 1
        tenants.pools[0].costPerMillionTokens [computed] = 120 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 2,000,000 × 1,000,000 = 120 | re 120
      tenants.pools[0].costPerMillionOutputTokens [computed] = 120 | outputWeight × cost per 1M weighted tokens | 1 × 120 = 120 | re 120
        outputWeight (method tokens) [constant] = 1
        tenants.pools[0].costPerMillionTokens [computed] = 120 | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 2,000,000 × 1,000,000 = 120 | re 120
      tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000
        = inputWeight (method tokens), tenants.pools[0].teams[0].inputTokens, outputWeight (method tokens), tenants.pools[0].teams[0].outputTokens
      tenants.pools[0].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5
        = tenants.pools[0]. teams[0].tokens usedTokens
      tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90
        = tenants.pools[0]. teams[0].billedReplicas replicas costPerDay
      tenants.pools[0].teams[0].costRounded [computed] = 90 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(90, 2) → 90 | re 90
        tenants.pools[0].teams[0].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90
      tenants.pools[0].teams[0].costPerMillionTokens [computed] = 90 | cost ÷ weighted tokens × 1,000,000 | 90 ÷ 1,000,000 × 1,000,000 = 90 | re 90
        = tenants.pools[0].teams[0]. cost tokens
      tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 90 | inputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90
        = inputWeight (method tokens), tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 90 | outputWeight × cost per 1M weighted tokens | 1 × 90 = 90 | re 90
        = outputWeight (method tokens), tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].inputTokens [computed] = 600000 | inputTokens of the team's usage row | 600,000 = 600,000 | re 600000
        tenants.usage[0].inputTokens [field] = 600000 | raw 600000
      tenants.pools[0].teams[0].outputTokens [computed] = 400000 | outputTokens of the team's usage row | 400,000 = 400,000 | re 400000
        tenants.usage[0].outputTokens [field] = 400000 | raw 400000
      tenants.pools[0].teams[0].reservedReplicas [computed] = 3 | Σ reservedReplicas of the team's usage rows | 3 = 3 | re 3
        tenants.usage[0].reservedReplicas [field] = 3 | raw 3
      tenants.pools[0].teams[0].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1
        tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 600,000 + 1 × 400,000 = 1,000,000 | re 1000000
        tenants.pools[0].capacityTokensPerDay [field] = 8000000 | raw 8000000
        tenants.pools[0].replicas [field] = 8 | raw 8
      tenants.pools[0].teams[0].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3
        = tenants.pools[0].teams[0]. reservedReplicas usedReplicas
      tenants.pools[0].teams[1].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500,000 + 1 × 500,000 = 1,000,000 | re 1000000
        = inputWeight (method tokens), tenants.pools[0].teams[1].inputTokens, outputWeight (method tokens), tenants.pools[0].teams[1].outputTokens
      tenants.pools[0].teams[1].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 2,000,000 = 0.5 | re 0.5
        = tenants.pools[0]. teams[1].tokens usedTokens
      tenants.pools[0].teams[1].cost [computed] = 30 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 1 ÷ 8 × 240 = 30 | re 30
        = tenants.pools[0]. teams[1].billedReplicas replicas costPerDay
      tenants.pools[0].teams[1].costRounded [computed] = 30 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(30, 2) → 30 | re 30
        tenants.pools[0].teams[1].cost [computed] = 30 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 1 ÷ 8 × 240 = 30 | re 30
      tenants.pools[0].teams[1].costPerMillionTokens [computed] = 30 | cost ÷ weighted tokens × 1,000,000 | 30 ÷ 1,000,000 × 1,000,000 = 30 | re 30
        = tenants.pools[0].teams[1]. cost tokens
      tenants.pools[0].teams[1].costPerMillionInputTokens [computed] = 30 | inputWeight × cost per 1M weighted tokens | 1 × 30 = 30 | re 30
        = inputWeight (method tokens), tenants.pools[0].teams[1].costPerMillionTokens
      tenants.pools[0].teams[1].costPerMillionOutputTokens [computed] = 30 | outputWeight × cost per 1M weighted tokens | 1 × 30 = 30 | re 30
        = outputWeight (method tokens), tenants.pools[0].teams[1].costPerMillionTokens
      tenants.pools[0].teams[1].inputTokens [computed] = 500000 | inputTokens of the team's usage row | 500,000 = 500,000 | re 500000
        tenants.usage[1].inputTokens [field] = 500000 | raw 500000
      tenants.pools[0].teams[1].outputTokens [computed] = 500000 | outputTokens of the team's usage row | 500,000 = 500,000 | re 500000
        tenants.usage[1].outputTokens [field] = 500000 | raw 500000
      tenants.pools[0].teams[1].reservedReplicas [computed] = 1 | Σ reservedReplicas of the team's usage rows | 1 = 1 | re 1
        tenants.usage[1].reservedReplicas [field] = 1 | raw 1
      tenants.pools[0].teams[1].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1
        = tenants.pools[0]. teams[1].tokens capacityTokensPerDay replicas
      tenants.pools[0].teams[1].billedReplicas [computed] = 1 | max(reserved replicas, used replicas) | max(1, 1) = 1 | re 1
        = tenants.pools[0].teams[1]. reservedReplicas usedReplicas
    `);
  });

  it("idle proportional: no idle; a 3 \u00f7 \u03a3 4 billed \u00d7 240 = 180, b 60", () => {
    const c = ctxOf(RESERVATION_PROPORTIONAL);
    expect(showPaths(c)`
      tenants.pools[0]. idle idleRounded billedReplicas
      tenants.pools[0].teams[0]. cost
      tenants.pools[0].teams[1]. cost costRounded
    `).toEqual(full`
      tenants.pools[0].idle [computed] = 0 | 0 (idle is spread by billed replicas, or the reservations fill the pool) | 0 | re 0
      tenants.pools[0].idleRounded [computed] = 0 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(0, 2) → 0 | re 0
        tenants.pools[0].idle [computed] = 0 | 0 (idle is spread by billed replicas, or the reservations fill the pool) | 0 | re 0
      tenants.pools[0].billedReplicas [computed] = 4 | Σ teams' billed replicas | 3 + 1 = 4 | re 4
        tenants.pools[0].teams[0].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3
        tenants.pools[0].teams[1].billedReplicas [computed] = 1 | max(reserved replicas, used replicas) | max(1, 1) = 1 | re 1
      tenants.pools[0].teams[0].cost [computed] = 180 | billed replicas ÷ Σ billed replicas × pool cost | 3 ÷ 4 × 240 = 180 | re 180
        = tenants.pools[0]. teams[0].billedReplicas billedReplicas
        tenants.pools[0].costPerDay [field] = 240 | raw 240
      tenants.pools[0].teams[1].cost [computed] = 60 | billed replicas ÷ Σ billed replicas × pool cost | 1 ÷ 4 × 240 = 60 | re 60
        = tenants.pools[0]. teams[1].billedReplicas billedReplicas costPerDay
      tenants.pools[0].teams[1].costRounded [computed] = 60 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(60, 2) → 60 | re 60
        tenants.pools[0].teams[1].cost [computed] = 60 | billed replicas ÷ Σ billed replicas × pool cost | 1 ÷ 4 × 240 = 60 | re 60
    `);
  });

  it("reservations of 6 + (2 + 2) exceed the pool's 8: no idle even when kept separate; a 6 \u00f7 10 \u00d7 240 = 144, b 96", () => {
    const c = ctxOf(RESERVATION_OVERFULL);
    expect(showPaths(c)`
      tenants.pools[0]. idle billedReplicas
      tenants.pools[0].teams[0]. cost reservedReplicas billedReplicas
      tenants.pools[0].teams[1]. cost reservedReplicas billedReplicas
    `).toEqual(full`
      tenants.pools[0].idle [computed] = 0 | 0 (idle is spread by billed replicas, or the reservations fill the pool) | 0 | re 0
      tenants.pools[0].billedReplicas [computed] = 10 | Σ teams' billed replicas | 6 + 4 = 10 | re 10
        = tenants.pools[0]. teams[0].billedReplicas teams[1].billedReplicas
      tenants.pools[0].teams[0].cost [computed] = 144 | billed replicas ÷ Σ billed replicas × pool cost | 6 ÷ 10 × 240 = 144 | re 144
        = tenants.pools[0]. teams[0].billedReplicas billedReplicas
        tenants.pools[0].costPerDay [field] = 240 | raw 240
      tenants.pools[0].teams[0].reservedReplicas [computed] = 6 | Σ reservedReplicas of the team's usage rows | 6 = 6 | re 6
        tenants.usage[0].reservedReplicas [field] = 6 | raw 6
      tenants.pools[0].teams[0].billedReplicas [computed] = 6 | max(reserved replicas, used replicas) | max(6, 1) = 6 | re 6
        tenants.pools[0].teams[0].reservedReplicas [computed] = 6 | Σ reservedReplicas of the team's usage rows | 6 = 6 | re 6
        tenants.pools[0].teams[0].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1
      tenants.pools[0].teams[1].cost [computed] = 96 | billed replicas ÷ Σ billed replicas × pool cost | 4 ÷ 10 × 240 = 96 | re 96
        = tenants.pools[0]. teams[1].billedReplicas billedReplicas costPerDay
      tenants.pools[0].teams[1].reservedReplicas [computed] = 4 | Σ reservedReplicas of the team's usage rows | 2 + 2 = 4 | re 4
        tenants.usage[1].reservedReplicas [field] = 2 | raw 2
        tenants.usage[2].reservedReplicas [field] = 2 | raw 2
      tenants.pools[0].teams[1].billedReplicas [computed] = 4 | max(reserved replicas, used replicas) | max(4, 1) = 4 | re 4
        tenants.pools[0].teams[1].reservedReplicas [computed] = 4 | Σ reservedReplicas of the team's usage rows | 2 + 2 = 4 | re 4
        tenants.pools[0].teams[1].usedReplicas [computed] = 1 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 8,000,000 × 8 = 1 | re 1
    `);
  });

  it("nothing used or reserved: the whole pool (240) is idle; billed max(0 none given, 0); a shared cost weighted by own costs of 0 is split evenly (9 \u00f7 1); no tokens: the cost per 1M tokens is absent (not 0 ÷ 0)", () => {
    const c = ctxOf(RESERVATION_EMPTY);
    expect(showPaths(c)`
      tenants.pools[0]. cost costRounded idle idleRounded usedTokens capacityTokens replicas
        billedReplicas
      tenants.pools[0].teams[0]. tokens share cost costRounded inputTokens outputTokens
        usedReplicas billedReplicas
      tenants.teams[0]. cost costRounded sharedCost sharedCostRounded total totalRounded tokens
        inputTokens outputTokens
      tenants.shared[0]. cost costRounded unallocated unallocatedRounded
      tenants.shared[0].teams[0]. cost costRounded
    `).toEqual(full`
      tenants.pools[0].cost [field] = 240 | raw 240
      tenants.pools[0].costRounded [computed] = 240 | the pool cost rounded to the currency's minor unit | round(240, 2) → 240 | re 240
        tenants.pools[0].costPerDay [field] = 240 | raw 240
      tenants.pools[0].idle [computed] = 240 | the whole pool cost (no usage, no reservation) | 240 | re 240
        tenants.pools[0].costPerDay [field] = 240 | raw 240
      tenants.pools[0].idleRounded [computed] = 240 | idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) | round(240, 2) → 240 | re 240
        tenants.pools[0].idle [computed] = 240 | the whole pool cost (no usage, no reservation) | 240 | re 240
      tenants.pools[0].usedTokens [computed] = 0 | Σ teams' weighted tokens | 0 = 0 | re 0
        tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0
      tenants.pools[0].capacityTokens [field] = 8000000 | raw 8000000
      tenants.pools[0].replicas [field] = 8 | raw 8
      tenants.pools[0].billedReplicas [computed] = 0 | Σ teams' billed replicas | 0 = 0 | re 0
        tenants.pools[0].teams[0].billedReplicas [computed] = 0 | max(reserved replicas, used replicas) | max(0, 0) = 0 | re 0
      tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0
        inputWeight (method tokens) [constant] = 1
        tenants.pools[0].teams[0].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0
        outputWeight (method tokens) [constant] = 1
        tenants.pools[0].teams[0].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0
      tenants.pools[0].teams[0].share [computed] = 0 | team's weighted tokens ÷ pool's weighted tokens | 0 ÷ 0 = 0 | re 0
        = tenants.pools[0]. teams[0].tokens usedTokens
      tenants.pools[0].teams[0].cost [computed] = 0 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 0 ÷ 8 × 240 = 0 | re 0
        = tenants.pools[0]. teams[0].billedReplicas replicas costPerDay
      tenants.pools[0].teams[0].costRounded [computed] = 0 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0, 2) → 0 | re 0
        tenants.pools[0].teams[0].cost [computed] = 0 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 0 ÷ 8 × 240 = 0 | re 0
      tenants.pools[0].teams[0].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0
        tenants.usage[0].inputTokens [field] = 0 | raw 0
      tenants.pools[0].teams[0].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0
        tenants.usage[0].outputTokens [field] = 0 | raw 0
      tenants.pools[0].teams[0].usedReplicas [computed] = 0 | weighted tokens ÷ pool capacity × pool replicas | 0 ÷ 8,000,000 × 8 = 0 | re 0
        tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0
        tenants.pools[0].capacityTokensPerDay [field] = 8000000 | raw 8000000
        tenants.pools[0].replicas [field] = 8 | raw 8
      tenants.pools[0].teams[0].billedReplicas [computed] = 0 | max(reserved replicas, used replicas) | max(0, 0) = 0 | re 0
        reservedReplicas (none given) [constant] = 0
        tenants.pools[0].teams[0].usedReplicas [computed] = 0 | weighted tokens ÷ pool capacity × pool replicas | 0 ÷ 8,000,000 × 8 = 0 | re 0
      tenants.teams[0].cost [computed] = 0 | Σ the team's cost over pools | 0 = 0 | re 0
        tenants.pools[0].teams[0].cost [computed] = 0 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 0 ÷ 8 × 240 = 0 | re 0
      tenants.teams[0].costRounded [computed] = 0 | Σ the team's costRounded over pools | 0 = 0 | re 0
        tenants.pools[0].teams[0].costRounded [computed] = 0 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(0, 2) → 0 | re 0
      tenants.teams[0].sharedCost [computed] = 9 | Σ the team's part of each shared cost | 9 = 9 | re 9
        tenants.shared[0].teams[0].cost [computed] = 9 | shared cost ÷ number of teams (split even) | 9 ÷ 1 = 9 | re 9
      tenants.teams[0].sharedCostRounded [computed] = 9 | Σ the team's rounded part of each shared cost | 9 = 9 | re 9
        tenants.shared[0].teams[0].costRounded [computed] = 9 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(9, 2) → 9 | re 9
      tenants.teams[0].total [computed] = 9 | own (pool) cost + shared cost | 0 + 9 = 9 | re 9
        = tenants.teams[0]. cost sharedCost
      tenants.teams[0].totalRounded [computed] = 9 | own (pool) cost + shared cost | 0 + 9 = 9 | re 9
        = tenants.teams[0]. costRounded sharedCostRounded
      tenants.teams[0].tokens [computed] = 0 | Σ the team's tokens over pools | 0 = 0 | re 0
        tenants.pools[0].teams[0].tokens [computed] = 0 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 0 = 0 | re 0
      tenants.teams[0].inputTokens [computed] = 0 | Σ the team's inputTokens over pools | 0 = 0 | re 0
        tenants.pools[0].teams[0].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0
      tenants.teams[0].outputTokens [computed] = 0 | Σ the team's outputTokens over pools | 0 = 0 | re 0
        tenants.pools[0].teams[0].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0
      tenants.shared[0].cost [field] = 9 | raw 9
      tenants.shared[0].costRounded [computed] = 9 | the shared cost rounded to the currency's minor unit | round(9, 2) → 9 | re 9
        tenants.shared[0].costPerDay [field] = 9 | raw 9
      tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[0].unallocatedRounded [computed] = 0 | the unallocated part in minor units | round(0, 2) → 0 | re 0
        tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0
      tenants.shared[0].teams[0].cost [computed] = 9 | shared cost ÷ number of teams (split even) | 9 ÷ 1 = 9 | re 9
        tenants.shared[0].costPerDay [field] = 9 | raw 9
        teams [constant] = 1
      tenants.shared[0].teams[0].costRounded [computed] = 9 | in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly | round(9, 2) → 9 | re 9
        tenants.shared[0].teams[0].cost [computed] = 9 | shared cost ÷ number of teams (split even) | 9 ÷ 1 = 9 | re 9
    `);
    const heads = paths`
      tenants.teams[0].costPerMillionTokens tenants.pools[0].teams[0].costPerMillionTokens
        tenants.pools[0].costPerMillionTokens
    `.map((p) => show(c, p)[0]);
    expect(heads).toEqual([
      "tenants.teams[0].costPerMillionTokens [computed] = null | own cost ÷ weighted tokens × 1,000,000 | 0 ÷ 0 × 1,000,000 = n/a | re null",
      "tenants.pools[0].teams[0].costPerMillionTokens [computed] = null | cost ÷ weighted tokens × 1,000,000 | 0 ÷ 0 × 1,000,000 = n/a | re null",
      "tenants.pools[0].costPerMillionTokens [computed] = null | pool cost ÷ used weighted tokens × 1,000,000 | 240 ÷ 0 × 1,000,000 = n/a | re null",
    ]);
  });
});

describe("allocation without pools: the recommended SKU's cost, method output (NO_POOLS_OUTPUT)", () => {
  it("idle proportional: each team pays its share \u00d7 pool cost (0.25 \u00d7 240 = 60, 0.75 \u00d7 240 = 180); weights are the method's constants 0 and 1", () => {
    const c = ctxOf(NO_POOLS_OUTPUT);
    expect(showPaths(c)`
      tenants.pools[0].teams[0]. ${POOL_TEAM_KEYS}
      tenants.pools[0].teams[1]. cost tokens
      tenants.teams[1]. costPerMillionInputTokens costPerMillionOutputTokens total sharedCost
    `).toEqual(full`
      tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000
        inputWeight (method output) [constant] = 0
        tenants.pools[0].teams[0].inputTokens [computed] = 5000000 | inputTokens of the team's usage row | 5,000,000 = 5,000,000 | re 5000000
        outputWeight (method output) [constant] = 1
        tenants.pools[0].teams[0].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000
      tenants.pools[0].teams[0].share [computed] = 0.25 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 4,000,000 = 0.25 | re 0.25
        tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000
        tenants.pools[0].usedTokens [computed] = 4000000 | Σ teams' weighted tokens | 1,000,000 + 3,000,000 = 4,000,000 | re 4000000
      tenants.pools[0].teams[0].cost [computed] = 60 | share × pool cost | 0.25 × 240 = 60 | re 60
        tenants.pools[0].teams[0].share [computed] = 0.25 | team's weighted tokens ÷ pool's weighted tokens | 1,000,000 ÷ 4,000,000 = 0.25 | re 0.25
        tenants.pools[0].cost [computed] = 240 | costPerDay of the recommended SKU "B" (no pools given) | 240 = 240 | re 240
      tenants.pools[0].teams[0].costRounded [computed] = 60 | in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly | round(60, 2) → 60 | re 60
        tenants.pools[0].teams[0].cost [computed] = 60 | share × pool cost | 0.25 × 240 = 60 | re 60
      tenants.pools[0].teams[0].costPerMillionTokens [computed] = 60 | cost ÷ weighted tokens × 1,000,000 | 60 ÷ 1,000,000 × 1,000,000 = 60 | re 60
        = tenants.pools[0].teams[0]. cost tokens
      tenants.pools[0].teams[0].costPerMillionInputTokens [computed] = 0 | inputWeight × cost per 1M weighted tokens | 0 × 60 = 0 | re 0
        = inputWeight (method output), tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].costPerMillionOutputTokens [computed] = 60 | outputWeight × cost per 1M weighted tokens | 1 × 60 = 60 | re 60
        = outputWeight (method output), tenants.pools[0].teams[0].costPerMillionTokens
      tenants.pools[0].teams[0].inputTokens [computed] = 5000000 | inputTokens of the team's usage row | 5,000,000 = 5,000,000 | re 5000000
        tenants.usage[0].inputTokens [field] = 5000000 | raw 5000000
      tenants.pools[0].teams[0].outputTokens [computed] = 1000000 | outputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000
        tenants.usage[0].outputTokens [field] = 1000000 | raw 1000000
      tenants.pools[0].teams[0].usedReplicas [computed] = 0.038580246913580245 | weighted tokens ÷ pool capacity × pool replicas | 1,000,000 ÷ 129,600,000 × 5 = 0.0386 | re 0.038580246913580245
        tenants.pools[0].teams[0].tokens [computed] = 1000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 5,000,000 + 1 × 1,000,000 = 1,000,000 | re 1000000
        tenants.pools[0].capacityTokens [computed] = 129600000 | peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) | 1,500 × (5 ÷ 5) × 86,400 = 129,600,000 | re 129600000
        tenants.pools[0].replicas [computed] = 5 | replicas of SKU "B" | 5 = 5 | re 5
      tenants.pools[0].teams[1].cost [computed] = 180 | share × pool cost | 0.75 × 240 = 180 | re 180
        tenants.pools[0].teams[1].share [computed] = 0.75 | team's weighted tokens ÷ pool's weighted tokens | 3,000,000 ÷ 4,000,000 = 0.75 | re 0.75
        tenants.pools[0].cost [computed] = 240 | costPerDay of the recommended SKU "B" (no pools given) | 240 = 240 | re 240
      tenants.pools[0].teams[1].tokens [computed] = 3000000 | inputWeight × inputTokens + outputWeight × outputTokens | 0 × 1,000,000 + 1 × 3,000,000 = 3,000,000 | re 3000000
        inputWeight (method output) [constant] = 0
        tenants.pools[0].teams[1].inputTokens [computed] = 1000000 | inputTokens of the team's usage row | 1,000,000 = 1,000,000 | re 1000000
        outputWeight (method output) [constant] = 1
        tenants.pools[0].teams[1].outputTokens [computed] = 3000000 | outputTokens of the team's usage row | 3,000,000 = 3,000,000 | re 3000000
      tenants.teams[1].costPerMillionInputTokens [computed] = 0 | inputWeight × cost per 1M weighted tokens | 0 × 60 = 0 | re 0
        inputWeight (method output) [constant] = 0
        tenants.teams[1].costPerMillionTokens [computed] = 60 | own cost ÷ weighted tokens × 1,000,000 | 180 ÷ 3,000,000 × 1,000,000 = 60 | re 60
      tenants.teams[1].costPerMillionOutputTokens [computed] = 60 | outputWeight × cost per 1M weighted tokens | 1 × 60 = 60 | re 60
        = outputWeight (method output), tenants.teams[1].costPerMillionTokens
      tenants.teams[1].total [computed] = 180 | own (pool) cost + shared cost | 180 + 0 = 180 | re 180
        tenants.teams[1].cost [computed] = 180 | Σ the team's cost over pools | 180 = 180 | re 180
        tenants.teams[1].sharedCost [computed] = 0 | Σ the team's part of each shared cost |  = 0 | re 0
      tenants.teams[1].sharedCost [computed] = 0 | Σ the team's part of each shared cost |  = 0 | re 0
    `);
  });
});

describe("tenant paths that name nothing", () => {
  const c = ctxOf(USAGE_SEPARATE);
  it.each(paths`
    tenants tenants.pools tenants.pools[0] tenants.pools[1].cost tenants.pools[0].name
      tenants.pools[0].cost.x tenants.pools[0].teams tenants.pools[0].teams[2].cost
      tenants.pools[0].teams[0] tenants.pools[0].teams[0].name tenants.pools[0].teams[0].cost.x
      tenants.pools[0].x[0].cost tenants.pools[0].teams.cost tenants.teams[2].cost
      tenants.teams[0].name tenants.teams[0] tenants.teams.cost tenants.teams[0].cost.x
      tenants.shared[3].cost tenants.shared[0] tenants.shared[0].name tenants.shared[0].teams[0]
      tenants.shared[0].teams[2].cost tenants.shared[0].teams[0].name
      tenants.shared[0].teams[0].cost.x tenants.shared[0].x[0].cost
      tenants.shared[2].teams[0].cost tenants.other[0].cost tenants.pools.x.cost
  `)("%s", (path) => {
    expect(explainPath(c, path)).toEqual({
      ok: false,
      error: `${path}: no number with a lineage at this path`,
    });
  });
});

describe("a team's reserved replicas in a pool: the rows of that team in that pool", () => {
  it("two pools: a's rows in gpu (3 + 1), in cpu (2); a row without a pool is an error with two pools and counts in neither", () => {
    const c = ctxOf(
      reservation(
        {
          idle: "separate",
          pools: [
            { name: "gpu", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 },
            { name: "cpu", costPerDay: 100, replicas: 4, capacityTokensPerDay: 4e6 },
          ],
        },
        [
          { team: "a", pool: "gpu", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
          { team: "a", pool: "cpu", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 2 },
          { team: "a", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 7 },
          { team: "a", pool: "gpu", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 1 },
          { team: "b", pool: "gpu", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
        ],
      ),
    );
    const reserved = c.result.tenants?.pools.map(
      (p) => `${p.name}: ${p.teams.map((t) => `${t.name} ${t.reservedReplicas}`).join(", ")}`,
    );
    expect(reserved).toEqual(["gpu: a 4, b 1", "cpu: a 2"]);
    expect(showPaths(c)`
      tenants.pools[0].teams[0].reservedReplicas tenants.pools[1].teams[0].reservedReplicas
        tenants.pools[0].teams[1].reservedReplicas
    `).toEqual([
      "tenants.pools[0].teams[0].reservedReplicas [computed] = 4 | Σ reservedReplicas of the team's usage rows | 3 + 1 = 4 | re 4",
      "  tenants.usage[0].reservedReplicas [field] = 3 | raw 3",
      "  tenants.usage[3].reservedReplicas [field] = 1 | raw 1",
      "tenants.pools[1].teams[0].reservedReplicas [computed] = 2 | Σ reservedReplicas of the team's usage rows | 2 = 2 | re 2",
      "  tenants.usage[1].reservedReplicas [field] = 2 | raw 2",
      "tenants.pools[0].teams[1].reservedReplicas [computed] = 1 | Σ reservedReplicas of the team's usage rows | 1 = 1 | re 1",
      "  tenants.usage[4].reservedReplicas [field] = 1 | raw 1",
    ]);
  });

  it("one pool: a's row naming it (3) and a's row naming none (2) count; a row naming a pool that does not exist (7) does not", () => {
    const c = ctxOf(
      reservation({ idle: "separate" }, [
        { team: "a", pool: "gpu", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
        { team: "a", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 2 },
        { team: "a", pool: "nope", inputTokens: 1e5, outputTokens: 1e5, reservedReplicas: 7 },
        { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
      ]),
    );
    expect(c.result.tenants?.pools[0]?.teams.map((t) => t.reservedReplicas)).toEqual([5, 1]);
    expect(show(c, "tenants.pools[0].teams[0].reservedReplicas")).toEqual([
      "tenants.pools[0].teams[0].reservedReplicas [computed] = 5 | Σ reservedReplicas of the team's usage rows | 3 + 2 = 5 | re 5",
      "  tenants.usage[0].reservedReplicas [field] = 3 | raw 3",
      "  tenants.usage[1].reservedReplicas [field] = 2 | raw 2",
    ]);
  });
});

describe("exactly at the boundaries", () => {
  it("usage exactly at the pool's capacity (600 + 400 of 1,000): teams still pay by capacity (60, 40) and the idle is 100 \u2212 (60 + 40) = 0; a pool without a capacity spreads its idle even when kept separate: each team pays share \u00d7 cost (0.5 \u00d7 50); rows left out of the allocation (no pool named among two, a number that failed) are left out of the explanation too; no reservation given, no capacity or replicas of a pool: no number", () => {
    const c = ctxOf(USAGE_FULL);
    expect(showPaths(c)`
      tenants.pools[0].idle tenants.pools[0].usedTokens tenants.pools[0].teams[0].cost
        tenants.pools[0].teams[1].cost
      tenants.pools[1].idle tenants.pools[1].teams[0].cost tenants.pools[1].teams[1].cost
        tenants.pools[1].teams[0].share
      tenants.pools[0].teams[1].inputTokens tenants.pools[0].teams[1].outputTokens
        tenants.pools[1].teams[0].inputTokens tenants.pools[1].teams[1].inputTokens
        tenants.teams[0].cost tenants.teams[2].tokens
    `).toEqual(full`
      tenants.pools[0].idle [computed] = 0 | pool cost − Σ teams' cost | 100 − (60 + 40) = 0 | re 0
        tenants.pools[0].costPerDay [field] = 100 | raw 100
        = tenants.pools[0]. teams[0].cost teams[1].cost
      tenants.pools[0].usedTokens [computed] = 1000 | Σ teams' weighted tokens | 600 + 400 = 1,000 | re 1000
        tenants.pools[0].teams[0].tokens [computed] = 600 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 500 + 1 × 100 = 600 | re 600
        tenants.pools[0].teams[1].tokens [computed] = 400 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 0 + 1 × 400 = 400 | re 400
      tenants.pools[0].teams[0].cost [computed] = 60 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 600 × 100 ÷ 1,000 = 60 | re 60
        = tenants.pools[0]. teams[0].tokens costPerDay
        tenants.pools[0].capacityTokensPerDay [field] = 1000 | raw 1000
      tenants.pools[0].teams[1].cost [computed] = 40 | team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) | 400 × 100 ÷ 1,000 = 40 | re 40
        = tenants.pools[0]. teams[1].tokens costPerDay capacityTokensPerDay
      tenants.pools[1].idle [computed] = 0 | 0 (idle is spread over the teams in proportion) | 0 | re 0
      tenants.pools[1].teams[0].cost [computed] = 25 | share × pool cost | 0.5 × 50 = 25 | re 25
        tenants.pools[1].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 2 ÷ 4 = 0.5 | re 0.5
        tenants.pools[1].costPerDay [field] = 50 | raw 50
      tenants.pools[1].teams[1].cost [computed] = 25 | share × pool cost | 0.5 × 50 = 25 | re 25
        tenants.pools[1].teams[1].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 2 ÷ 4 = 0.5 | re 0.5
        tenants.pools[1].costPerDay [field] = 50 | raw 50
      tenants.pools[1].teams[0].share [computed] = 0.5 | team's weighted tokens ÷ pool's weighted tokens | 2 ÷ 4 = 0.5 | re 0.5
        tenants.pools[1].teams[0].tokens [computed] = 2 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1 + 1 × 1 = 2 | re 2
        tenants.pools[1].usedTokens [computed] = 4 | Σ teams' weighted tokens | 2 + 2 = 4 | re 4
      tenants.pools[0].teams[1].inputTokens [computed] = 0 | inputTokens of the team's usage row | 0 = 0 | re 0
        tenants.usage[1].inputTokens [field] = 0 | raw 0
      tenants.pools[0].teams[1].outputTokens [computed] = 400 | outputTokens of the team's usage row | 400 = 400 | re 400
        tenants.usage[1].outputTokens [field] = 400 | raw 400
      tenants.pools[1].teams[0].inputTokens [computed] = 1 | inputTokens of the team's usage row | 1 = 1 | re 1
        tenants.usage[2].inputTokens [field] = 1 | raw 1
      tenants.pools[1].teams[1].inputTokens [computed] = 2 | inputTokens of the team's usage row | 2 = 2 | re 2
        tenants.usage[3].inputTokens [field] = 2 | raw 2
      tenants.teams[0].cost [computed] = 85 | Σ the team's cost over pools | 60 + 25 = 85 | re 85
        = tenants.pools[0].teams[0].cost tenants.pools[1].teams[1].cost
      tenants.teams[2].tokens [computed] = 2 | Σ the team's tokens over pools | 2 = 2 | re 2
        tenants.pools[1].teams[0].tokens [computed] = 2 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 1 + 1 × 1 = 2 | re 2
    `);
    for (const p of paths`
      tenants.pools[0].teams[0].reservedReplicas tenants.pools[1].capacityTokens
        tenants.pools[1].replicas tenants.pools[0].replicas tenants.pools[1].teams[0].usedReplicas
        tenants.pools[0].billedReplicas
    `) {
      expect(show(c, p)).toEqual([`ERROR ${p}: no number with a lineage at this path`]);
    }
  });

  it("reservations exactly filling the pool (5 + 3 of 8): split by pool replicas, idle 240 \u2212 (150 + 90) = 0; a row without a reservation adds nothing", () => {
    const c = ctxOf(RESERVATION_FULL);
    expect(showPaths(c)`
      tenants.pools[0].idle tenants.pools[0].billedReplicas tenants.pools[0].teams[0].cost
        tenants.pools[0].teams[1].cost tenants.pools[0].teams[1].reservedReplicas
    `).toEqual(full`
      tenants.pools[0].idle [computed] = 0 | pool cost − Σ teams' cost (the unbilled replicas) | 240 − (150 + 90) = 0 | re 0
        tenants.pools[0].costPerDay [field] = 240 | raw 240
        = tenants.pools[0]. teams[0].cost teams[1].cost
      tenants.pools[0].billedReplicas [computed] = 8 | Σ teams' billed replicas | 5 + 3 = 8 | re 8
        tenants.pools[0].teams[0].billedReplicas [computed] = 5 | max(reserved replicas, used replicas) | max(5, 1) = 5 | re 5
        tenants.pools[0].teams[1].billedReplicas [computed] = 3 | max(reserved replicas, used replicas) | max(3, 1) = 3 | re 3
      tenants.pools[0].teams[0].cost [computed] = 150 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 5 ÷ 8 × 240 = 150 | re 150
        tenants.pools[0].teams[0].billedReplicas [computed] = 5 | max(reserved replicas, used replicas) | max(5, 1) = 5 | re 5
        tenants.pools[0].replicas [field] = 8 | raw 8
        tenants.pools[0].costPerDay [field] = 240 | raw 240
      tenants.pools[0].teams[1].cost [computed] = 90 | billed replicas ÷ pool replicas × pool cost (idle kept separate) | 3 ÷ 8 × 240 = 90 | re 90
        = tenants.pools[0]. teams[1].billedReplicas replicas costPerDay
      tenants.pools[0].teams[1].reservedReplicas [computed] = 3 | Σ reservedReplicas of the team's usage rows | 3 = 3 | re 3
        tenants.usage[1].reservedReplicas [field] = 3 | raw 3
    `);
  });
});

describe("weights of each method", () => {
  // [plan, what its weights are, paths, their explanations]
  it.each([
    [
      "WEIGHTED_DEFAULT",
      "only the output weight written: the input weight is the method's 1 (a constant), the output weight the field (2)",
      WEIGHTED_DEFAULT,
      paths`
        tenants.pools[0]. teams[0].tokens teams[1].tokens costPerMillionInputTokens
          costPerMillionOutputTokens
      `,
      full`
        tenants.pools[0].teams[0].tokens [computed] = 300 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 100 + 2 × 100 = 300 | re 300
          inputWeight (method weighted) [constant] = 1
          tenants.pools[0].teams[0].inputTokens [computed] = 100 | inputTokens of the team's usage row | 100 = 100 | re 100
          tenants.outputWeight [field] = 2 | raw 2
          tenants.pools[0].teams[0].outputTokens [computed] = 100 | outputTokens of the team's usage row | 100 = 100 | re 100
        tenants.pools[0].teams[1].tokens [computed] = 300 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 300 + 2 × 0 = 300 | re 300
          inputWeight (method weighted) [constant] = 1
          tenants.pools[0].teams[1].inputTokens [computed] = 300 | inputTokens of the team's usage row | 300 = 300 | re 300
          tenants.outputWeight [field] = 2 | raw 2
          tenants.pools[0].teams[1].outputTokens [computed] = 0 | outputTokens of the team's usage row | 0 = 0 | re 0
        tenants.pools[0].costPerMillionInputTokens [computed] = 100000 | inputWeight × cost per 1M weighted tokens | 1 × 100,000 = 100,000 | re 100000
          inputWeight (method weighted) [constant] = 1
          tenants.pools[0].costPerMillionTokens [computed] = 100000 | pool cost ÷ used weighted tokens × 1,000,000 | 60 ÷ 600 × 1,000,000 = 100,000 | re 100000
        tenants.pools[0].costPerMillionOutputTokens [computed] = 200000 | outputWeight × cost per 1M weighted tokens | 2 × 100,000 = 200,000 | re 200000
          = tenants.outputWeight tenants.pools[0].costPerMillionTokens
      `,
    ],
    [
      "TOKENS_WRITTEN_WEIGHTS",
      "method tokens ignores the weights written (5 and 7): the method's constants 1 and 1",
      TOKENS_WRITTEN_WEIGHTS,
      paths`tenants.pools[0]. teams[1].tokens costPerMillionOutputTokens`,
      full`
        tenants.pools[0].teams[1].tokens [computed] = 400 | inputWeight × inputTokens + outputWeight × outputTokens | 1 × 300 + 1 × 100 = 400 | re 400
          inputWeight (method tokens) [constant] = 1
          tenants.pools[0].teams[1].inputTokens [computed] = 300 | inputTokens of the team's usage row | 300 = 300 | re 300
          outputWeight (method tokens) [constant] = 1
          tenants.pools[0].teams[1].outputTokens [computed] = 100 | outputTokens of the team's usage row | 100 = 100 | re 100
        tenants.pools[0].costPerMillionOutputTokens [computed] = 100000 | outputWeight × cost per 1M weighted tokens | 1 × 100,000 = 100,000 | re 100000
          outputWeight (method tokens) [constant] = 1
          tenants.pools[0].costPerMillionTokens [computed] = 100000 | pool cost ÷ used weighted tokens × 1,000,000 | 60 ÷ 600 × 1,000,000 = 100,000 | re 100000
      `,
    ],
    [
      "WEIGHTED_2_3",
      "method weighted 2 : 3 written: both are the fields (2 \u00d7 100 + 3 \u00d7 100 = 500)",
      WEIGHTED_2_3,
      paths`tenants.pools[0]. teams[0].tokens costPerMillionInputTokens`,
      full`
        tenants.pools[0].teams[0].tokens [computed] = 500 | inputWeight × inputTokens + outputWeight × outputTokens | 2 × 100 + 3 × 100 = 500 | re 500
          tenants.inputWeight [field] = 2 | raw 2
          tenants.pools[0].teams[0].inputTokens [computed] = 100 | inputTokens of the team's usage row | 100 = 100 | re 100
          tenants.outputWeight [field] = 3 | raw 3
          tenants.pools[0].teams[0].outputTokens [computed] = 100 | outputTokens of the team's usage row | 100 = 100 | re 100
        tenants.pools[0].costPerMillionInputTokens [computed] = 109090.90909090909 | inputWeight × cost per 1M weighted tokens | 2 × 54,545.4545 = 109,090.9091 | re 109090.90909090909
          tenants.inputWeight [field] = 2 | raw 2
          tenants.pools[0].costPerMillionTokens [computed] = 54545.454545454544 | pool cost ÷ used weighted tokens × 1,000,000 | 60 ÷ 1,100 × 1,000,000 = 54,545.4545 | re 54545.454545454544
      `,
    ],
  ])("%s: %s", (_, _what, plan, paths, lines) => {
    expect(showAll(ctxOf(plan), paths)).toEqual(lines);
  });
});
