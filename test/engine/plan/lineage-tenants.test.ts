/**
 * Survivors of the mutation run of src/engine/plan/lineage.ts, lines 801 to the end (issue #15, round 3):
 * the team totals and shared costs, the allocation's boundaries (a pool without usage, a pool
 * without teams, nothing billed), the entry paths that name no number, the load of a point without
 * one, and consistent()'s tolerance. Whole explanations are asserted line by line; the numbers are
 * worked out by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { consistent, explainPath, type LineageNode } from "../../../src/engine/plan/lineage";
import type { PlanFile } from "../../../src/engine/base/types";
import { contextOf, explainLines } from "./lineage-print";
import { ctxOf, resultPaths, show, showAll, SKU_MIX, USAGE_SEPARATE } from "./lineage-plans-b";

const base = (over: Partial<PlanFile>): PlanFile => ({
  format: "capplan.plan/v1",
  currency: "USD",
  skus: [],
  ...over,
});
const w = { name: "w", peakRps: 1, inputTokens: 100, outputTokens: 100 };

/** Yen, method weighted 0.5 : 0.25: team a has 0.5 × 3 + 0.25 × 1 = 1.75 weighted tokens, b 0.5 × 6 + 0.25 × 2 = 3.5. */
const JPY_WEIGHTS = base({
  currency: "JPY",
  workload: w,
  tenants: {
    method: "weighted",
    inputWeight: 0.5,
    outputWeight: 0.25,
    pools: [{ name: "p", costPerDay: 100 }],
    usage: [
      { team: "a", inputTokens: 3, outputTokens: 1 },
      { team: "b", inputTokens: 6, outputTokens: 2 },
    ],
  },
});
/** A shared cost split evenly, but no team used anything: the whole cost stays unallocated. */
const NO_TEAMS = base({
  workload: w,
  tenants: {
    pools: [{ name: "p", costPerDay: 100 }],
    usage: [],
    shared: [{ name: "s", costPerDay: 5, split: "even" }],
  },
});
/** Usage basis, idle separate, a pool with a capacity that its only team does not use at all. */
const ZERO_USE = base({
  workload: w,
  tenants: {
    idle: "separate",
    pools: [{ name: "p", costPerDay: 50, capacityTokensPerDay: 1000 }],
    usage: [{ team: "a", inputTokens: 0, outputTokens: 0 }],
  },
});
/** Reservation basis: pool p (4 replicas, 1,000 tokens a day) has team a (250 tokens = 1 replica, 2 reserved); pool e has no team. */
const RES_EMPTY_POOL = base({
  workload: w,
  tenants: {
    basis: "reservation",
    idle: "separate",
    pools: [
      { name: "p", costPerDay: 100, replicas: 4, capacityTokensPerDay: 1000 },
      { name: "e", costPerDay: 30, replicas: 2, capacityTokensPerDay: 1000 },
    ],
    usage: [{ team: "a", pool: "p", inputTokens: 100, outputTokens: 150, reservedReplicas: 2 }],
  },
});
/** Reservation basis, idle proportional, nobody uses or reserves anything: Σ billed replicas is 0. */
const RES_PROP_ZERO = base({
  workload: w,
  tenants: {
    basis: "reservation",
    idle: "proportional",
    pools: [{ name: "p", costPerDay: 100, replicas: 4, capacityTokensPerDay: 1000 }],
    usage: [
      { team: "a", inputTokens: 0, outputTokens: 0 },
      { team: "b", inputTokens: 0, outputTokens: 0 },
    ],
  },
});

/** Reservation basis on a pool priced from SKU G (2 replicas at 10/h = 480 a day; 500 output tokens/s per replica): replicas and capacity come from the SKU. */
const RES_FROM_SKU = base({
  workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 50 }],
  factors: { elasticity: 2 },
  skus: [
    {
      name: "G",
      gpusPerReplica: 1,
      pricePerGpuHour: 10,
      sweep: { replicaOutputTokensPerSec: 500 },
    },
  ],
  tenants: {
    basis: "reservation",
    idle: "separate",
    pools: [{ name: "p", sku: "G" }],
    usage: [
      { team: "a", inputTokens: 1e7, outputTokens: 2e6, reservedReplicas: 1 },
      { team: "b", inputTokens: 3e7, outputTokens: 1e6 },
    ],
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

  it("a shared cost split none stays unallocated whole (10) although there are teams; one split evenly over teams leaves 0", () => {
    const c = ctxOf(USAGE_SEPARATE);
    expect(show(c, "tenants.shared[2].unallocated")).toEqual([
      "tenants.shared[2].unallocated [computed] = 10 | the whole shared cost (split none, or no teams) | 10 | re 10",
      "  tenants.shared[2].costPerDay [field] = 10 | raw 10",
    ]);
    expect(show(c, "tenants.shared[2].unallocatedRounded", 2)).toEqual([
      "tenants.shared[2].unallocatedRounded [computed] = 10 | the unallocated part in minor units | round(10, 2) → 10 | re 10",
      "  tenants.shared[2].unallocated [computed] = 10 | the whole shared cost (split none, or no teams) | 10 | re 10",
      "    tenants.shared[2].costPerDay [field] = 10 | raw 10",
    ]);
    expect(show(c, "tenants.shared[0].unallocated")).toEqual([
      "tenants.shared[0].unallocated [computed] = 0 | 0 (split over the teams) | 0 | re 0",
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
  const DUP_POOL = base({
    workload: w,
    tenants: {
      pools: [{ name: "p" } as never, { name: "p", costPerDay: 60 }],
      usage: [{ team: "a", inputTokens: 10, outputTokens: 10 }],
    },
  });
  /** The same under reservation, the first "p" priced from SKU G that has no cost (0 GPUs per replica): left out. */
  const DUP_POOL_RES = base({
    workload: w,
    skus: [
      {
        name: "G",
        gpusPerReplica: 0,
        pricePerGpuHour: 2,
        sweep: { replicaOutputTokensPerSec: 100 },
      },
    ],
    tenants: {
      basis: "reservation",
      idle: "separate",
      pools: [
        { name: "p", sku: "G" },
        { name: "p", costPerDay: 60, replicas: 4, capacityTokensPerDay: 1000 },
      ],
      usage: [{ team: "a", inputTokens: 10, outputTokens: 10, reservedReplicas: 1 }],
    },
  });
  /** A pool cost whose formula fails: the plan has an error and no allocation, but the resolved plan has tenants. */
  const BAD_COST = base({
    workload: w,
    tenants: {
      pools: [{ name: "p", costPerDay: "=nope" } as never],
      usage: [{ team: "a", inputTokens: 10, outputTokens: 10 }],
    },
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

  it("an array's length where an index belongs (teams, pools, shared, workloads, skus, slo) is no number", () => {
    const t = ctxOf(USAGE_SEPARATE);
    for (const path of [
      "tenants.teams.length.cost",
      "tenants.pools.length.cost",
      "tenants.pools[0].teams.length.cost",
      "tenants.shared.length.cost",
      "tenants.shared[0].teams.length.cost",
      "tenants.pools[0].teams[0][1]",
      "tenants.pools[0][1]",
    ])
      none(t, path);
    const s = ctxOf(SKU_MIX);
    for (const path of [
      "workloads.length.peakRps",
      "skus.length.replicas",
      "slo.length.maxMs",
      "slo.length",
      "workloads[0]",
      "skus[0]",
    ])
      none(s, path);
  });

  it("the names of the entry points under another first key are no number (x[0].maxMs, cells.elasticity, x.peak…)", () => {
    const s = ctxOf(SKU_MIX);
    for (const path of [
      "x[0].maxMs",
      "skus[0].maxMs",
      "cells.elasticity",
      "x.elasticity",
      "factors.elasticity.x",
      "cells.redundancy",
      "factors.redundancy.other",
      "factors.redundancy.spare.x",
      "x.peak",
      "factors.peak",
      "cells",
      "[0]",
    ])
      none(s, path);
    // The same names under their own keys are numbers.
    expect(
      showAll(s, [
        "slo[0].maxMs",
        "cells.peak",
        "factors.elasticity",
        "factors.redundancy.spare",
        "maxErrorRatePct",
      ]),
    ).toEqual([
      "slo[0].maxMs [field] = 1000 | raw 1000",
      "cells.peak [cell] = 10 | raw 10",
      "factors.elasticity [field] = 1.5 | raw 1.5",
      "factors.redundancy.spare [field] = 1 | raw 1",
      "maxErrorRatePct [field] = 2 | raw 2",
    ]);
  });

  it("an index after cells is no cell name, even where a cell is named 0", () => {
    const c = ctxOf(base({ cells: { "0": 5, peak: 2 } as never, workload: w }));
    expect(c.resolved.cells["0"]).toBe(5);
    none(c, "cells[0]");
  });
});

describe("the load of a sweep point", () => {
  it("a point with neither concurrency nor a request rate nor achieved rps has no load in its source", () => {
    const pt = (out: number, ttft: number, line: number) => ({
      concurrency: null,
      requestRate: null,
      rps: null,
      outputTokensPerSec: out,
      ttftMs: { p99: ttft },
      completed: 100,
      failed: 0,
      sources: [{ file: "run.csv", line }],
    });
    const c = contextOf(
      base({
        workloads: [{ name: "w", peakRps: 10, inputTokens: 100, outputTokens: 100 }],
        slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
        skus: [
          {
            name: "N",
            gpusPerReplica: 1,
            pricePerGpuHour: 1,
            sweep: {
              label: "none",
              source: { files: ["run.csv"], format: "generic-csv" },
              points: [pt(100, 100, 2), pt(1000, 500, 3), pt(1100, 3000, 4)],
            },
          } as never,
        ],
      }),
    );
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
  it("exactly at the tolerance (0 and 1e-9: |Δ| = 1e-9 × max(1, …)) is consistent; 1.1e-9 is not", () => {
    expect(consistent(node(0, 1e-9))).toBe(true);
    expect(consistent(node(0, 1.1e-9))).toBe(false);
  });
  it("two numbers that differ by binary noise (1 and 1 + 1e-12) are consistent; relative to the larger: 1e12 vs 1e12 + 1,000 yes, + 1,001 no", () => {
    expect(consistent(node(1, 1 + 1e-12))).toBe(true);
    expect(consistent(node(0.30000000000000004, 0.3))).toBe(true);
    expect(consistent(node(1e12, 1e12 + 1000))).toBe(true);
    expect(consistent(node(1e12, 1e12 + 1001))).toBe(false);
  });
  it("absent against absent is consistent, a number against absent is not, absent against a non-finite recomputation is", () => {
    expect(consistent(node(null, null))).toBe(true);
    expect(consistent(node(3, null))).toBe(false);
    expect(consistent(node(null, 3))).toBe(false);
    expect(consistent(node(null, Number.NaN))).toBe(true);
  });
});
