/**
 * The lineage of a plan's numbers (src/engine/plan/lineage.ts, docs/lineage.md): the entry paths (SLO
 * limits, factors, cells, top-level settings), the answers for paths that name no number, the
 * Chinese formulas, where a sweep value's load level is said, the tree walks (lineageNodes,
 * sweepLeaves, lineageText), `consistent`, and the property that every numeric key of
 * `plan --json` of the hand-built plans explains to its own value with every step recomputing
 * (issue #15).
 */
import { describe, expect, it } from "vitest";
import {
  consistent,
  explainPath,
  lineageNodes,
  sweepLeaves,
  type LineageNode,
} from "../../../src/engine/plan/lineage";
import {
  BROKEN,
  CENTS,
  FORECAST_ZERO,
  IDLE,
  IDLE_FORECAST,
  NO_POOLS_OUTPUT,
  POOLS_JPY,
  RESERVATION_EMPTY,
  RESERVATION_OVERFULL,
  RESERVATION_PROPORTIONAL,
  RESERVATION_FULL,
  RESERVATION_SEPARATE,
  SKU_MIX,
  SWEEPS,
  USAGE_FULL,
  USAGE_SEPARATE,
  WEIGHTED_DEFAULT,
  ctxOf,
  resultPaths,
  show,
  showAll,
} from "./lineage-plans-b";

const node = (c: ReturnType<typeof ctxOf>, path: string): LineageNode => {
  const a = explainPath(c, path);
  if (!a.ok) throw new Error(a.error);
  return a.node;
};

describe("entry paths: SLO limits, factors, cells and top-level settings", () => {
  const c = ctxOf(SKU_MIX);

  it("an SLO's limit is its field; an SLO that does not exist, or a key that is not maxMs, names no number", () => {
    expect(
      showAll(c, ["slo[0].maxMs", "slo[1].maxMs", "slo[0].stat", "slo[0].maxMs.x", "slo.maxMs"]),
    ).toEqual([
      "slo[0].maxMs [field] = 1000 | raw 1000",
      "ERROR slo[1].maxMs: no number with a lineage at this path",
      "ERROR slo[0].stat: no number with a lineage at this path",
      "ERROR slo[0].maxMs.x: no number with a lineage at this path",
      "ERROR slo.maxMs: no number with a lineage at this path",
    ]);
  });

  it("factors: elasticity and the redundancy (spare, or factor with its default), nothing below them", () => {
    expect(
      showAll(c, [
        "factors.elasticity",
        "factors.redundancy.spare",
        "factors.redundancy",
        "factors.redundancy.x",
        "factors.elasticity.x",
        "factors",
        "factors.spare",
      ]),
    ).toEqual([
      "factors.elasticity [field] = 1.5 | raw 1.5",
      "factors.redundancy.spare [field] = 1 | raw 1",
      "factors.redundancy [field] = 1 | raw 1",
      "ERROR factors.redundancy.x: no number with a lineage at this path",
      "ERROR factors.elasticity.x: no number with a lineage at this path",
      "ERROR factors: no number with a lineage at this path",
      "ERROR factors.spare: no number with a lineage at this path",
    ]);
    const z = ctxOf(FORECAST_ZERO);
    expect(show(z, "factors.redundancy.factor")).toEqual([
      "factors.redundancy.factor [field] = 1.25 | raw 1.25",
    ]);
    expect(show(ctxOf(IDLE), "factors.redundancy.factor")).toEqual([
      "factors.redundancy.factor [field] = 1 | raw 1 (default)",
    ]);
    expect(show(ctxOf(IDLE), "factors.elasticity")).toEqual(["factors.elasticity [field] = 1"]);
  });

  it("a cell with its formula and the cells it reads; a name that is no cell names no number", () => {
    expect(show(c, "cells.out", 2)).toEqual([
      "cells.out [cell] = 200 | peak * 20 | 10 * 20 = 200 | raw =peak * 20",
      "  cells.peak [cell] = 10 | raw 10",
    ]);
    expect(showAll(c, ["cells.peak", "cells.nope", "cells.peak.x", "cells[0]"])).toEqual([
      "cells.peak [cell] = 10 | raw 10",
      "ERROR cells.nope: no number with a lineage at this path",
      "ERROR cells.peak.x: no number with a lineage at this path",
      "ERROR cells[0]: no number with a lineage at this path",
    ]);
  });

  it("a top-level setting is its field as written, or its default; a top-level text names no number", () => {
    expect(show(c, "maxErrorRatePct")).toEqual(["maxErrorRatePct [field] = 2 | raw 2"]);
    expect(show(ctxOf(FORECAST_ZERO), "maxErrorRatePct")).toEqual([
      "maxErrorRatePct [field] = 1 | raw 1 (default)",
    ]);
    expect(showAll(c, ["title", "workloads"])).toEqual([
      "ERROR title: no number with a lineage at this path",
      "ERROR workloads: no number with a lineage at this path",
    ]);
  });

  it("workload, SKU and tenant paths that are incomplete or name nothing", () => {
    expect(
      showAll(c, [
        "workloads[0]",
        "workloads[0].peakRps.x",
        "workloads.peakRps",
        "skus.replicas",
        "skus[0]",
        "skus[0].peak",
        "skus[0].forecast",
        "skus[0].peak.nope",
        "skus[0].forecast.nope",
        "skus[0].peak.outputTokensPerSec.x",
        "skus[0].peak[0]",
        "tenants.pools[0].cost",
      ]),
    ).toEqual([
      "ERROR workloads[0]: no number with a lineage at this path",
      "ERROR workloads[0].peakRps.x: no number with a lineage at this path",
      "ERROR workloads.peakRps: no number with a lineage at this path",
      "ERROR skus.replicas: no number with a lineage at this path",
      "ERROR skus[0]: no number with a lineage at this path",
      "ERROR skus[0].peak: no number with a lineage at this path",
      "ERROR skus[0].forecast: no number with a lineage at this path",
      "ERROR skus[0].peak.nope: no number with a lineage at this path",
      "ERROR skus[0].forecast.nope: no number with a lineage at this path",
      "ERROR skus[0].peak.outputTokensPerSec.x: no number with a lineage at this path",
      "ERROR skus[0].peak[0]: no number with a lineage at this path",
      "ERROR tenants.pools[0].cost: no number with a lineage at this path",
    ]);
  });

  it("a path that is not a path says so with examples; the answer keeps the path as asked (spaces around it)", () => {
    expect(explainPath(c, "skus[0]..replicas")).toEqual({
      ok: false,
      error: '"skus[0]..replicas" is not a path (e.g. skus[0].replicas, tenants.teams[1].cost)',
    });
    expect(explainPath(c, "")).toEqual({
      ok: false,
      error: '"" is not a path (e.g. skus[0].replicas, tenants.teams[1].cost)',
    });
    const a = explainPath(c, "  skus[0].gpus ");
    expect(a.ok && a.node.path).toBe("  skus[0].gpus ");
    expect(a.ok && a.node.value).toBe(10);
  });
});

describe("tenant paths that name nothing", () => {
  const c = ctxOf(USAGE_SEPARATE);
  it.each([
    "tenants",
    "tenants.pools",
    "tenants.pools[0]",
    "tenants.pools[1].cost",
    "tenants.pools[0].name",
    "tenants.pools[0].cost.x",
    "tenants.pools[0].teams",
    "tenants.pools[0].teams[2].cost",
    "tenants.pools[0].teams[0]",
    "tenants.pools[0].teams[0].name",
    "tenants.pools[0].teams[0].cost.x",
    "tenants.pools[0].x[0].cost",
    "tenants.pools[0].teams.cost",
    "tenants.teams[2].cost",
    "tenants.teams[0].name",
    "tenants.teams[0]",
    "tenants.teams.cost",
    "tenants.teams[0].cost.x",
    "tenants.shared[3].cost",
    "tenants.shared[0]",
    "tenants.shared[0].name",
    "tenants.shared[0].teams[0]",
    "tenants.shared[0].teams[2].cost",
    "tenants.shared[0].teams[0].name",
    "tenants.shared[0].teams[0].cost.x",
    "tenants.shared[0].x[0].cost",
    "tenants.shared[2].teams[0].cost",
    "tenants.other[0].cost",
    "tenants.pools.x.cost",
  ])("%s", (path) => {
    expect(explainPath(c, path)).toEqual({
      ok: false,
      error: `${path}: no number with a lineage at this path`,
    });
  });

  it("a plan without tenants has no tenant numbers", () => {
    expect(show(ctxOf(SKU_MIX), "tenants.pools[0].cost")).toEqual([
      "ERROR tenants.pools[0].cost: no number with a lineage at this path",
    ]);
    expect(show(ctxOf(SKU_MIX), "tenants.teams[0].cost")).toEqual([
      "ERROR tenants.teams[0].cost: no number with a lineage at this path",
    ]);
  });
});

describe("the Chinese formulas of the app's 中文 view", () => {
  it("every node whose formula has words gets its Chinese; the others get none (not even an empty key)", () => {
    const n = node(ctxOf(USAGE_SEPARATE), "tenants.pools[0].idle");
    const zh = lineageNodes(n)
      .filter((x) => x.kind === "computed")
      .map((x) => [x.path, x.formulaZh ?? null]);
    expect(zh.slice(0, 4)).toEqual([
      ["tenants.pools[0].idle", "资源池成本 − Σ 各团队成本"],
      ["tenants.pools[0].cost", 'SKU "G" 的 costPerDay（tenants.pools[0].sku）'],
      ["skus[0].costPerDay", null],
      ["skus[0].costPerHour", null],
    ]);
    expect(zh).toContainEqual([
      "tenants.pools[0].teams[0].cost",
      "团队加权 token × 资源池成本 ÷ 资源池容量（闲置单列）",
    ]);
    expect(zh).toContainEqual([
      "tenants.pools[0].capacityTokens",
      "峰值加权 tokens/s × (replicas ÷ replicasBase) × 86,400（整个集群的每日容量）",
    ]);
    expect(zh).toContainEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec",
      "给定容量（未对照 SLO 检查）",
    ]);
    for (const x of lineageNodes(n))
      if (x.formulaZh === undefined) expect(Object.keys(x)).not.toContain("formulaZh");
  });

  it("forecast, peak and team-total formulas in Chinese", () => {
    const c = ctxOf(SKU_MIX);
    expect(node(c, "skus[0].forecast.outputTokensPerSec").formulaZh).toBe(
      "Σ 预测速率 × outputTokens（预测速率：avgRps，否则 dailyRequests ÷ 86,400，否则 peakRps）",
    );
    expect(node(c, "skus[0].forecast.utilization").formulaZh).toBe(
      "预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec)",
    );
    expect(node(c, "skus[0].peak.costPerMillionOutputTokens").formulaZh).toBe(
      "峰值 costPerOutputToken × 1,000,000",
    );
    expect(node(c, "skus[0].peak.outputTokensPerSec").formulaZh).toBeUndefined();
    const j = ctxOf(POOLS_JPY);
    expect(node(j, "tenants.teams[0].costRounded").formulaZh).toBe(
      "Σ 该团队在各资源池的 costRounded",
    );
    expect(node(j, "tenants.pools[2].idle").formulaZh).toBe("整个资源池成本（没有用量）");
    expect(node(j, "tenants.pools[0].idle").formulaZh).toBe("0（闲置按比例分摊给各团队）");
  });
});

describe("where a sweep value's load level is said", () => {
  const c = ctxOf(SWEEPS);
  const src = (path: string) => node(c, path).source;

  it("a concurrency (two decimals at most), an offered rate in req/s or inf, an achieved rps", () => {
    expect(src("skus[0].operatingPoint.concurrency")).toEqual({
      label: "conc",
      files: [],
      format: "inline",
      pointIndex: 1,
      load: "concurrency 16",
      key: "concurrency",
      points: [{ file: "run.csv", line: 3 }],
      file: "run.csv",
      line: 3,
    });
    expect(src("skus[0].workloads[0].findings[0].pointIndices[1]")!.load).toBe("concurrency 32");
    expect(src("skus[1].operatingPoint.outputTokensPerSec")).toEqual({
      label: "rate",
      files: [],
      format: "inline",
      pointIndex: 2,
      load: "request rate inf",
      key: "outputTokensPerSec",
      points: [{ file: "run.csv", line: 4 }],
      file: "run.csv",
      line: 4,
    });
    expect(src("skus[2].operatingPoint.rps")).toEqual({
      label: "achieved",
      files: [],
      format: "inline",
      pointIndex: 1,
      load: "12 req/s achieved",
      key: "rps",
      points: [{ file: "run.csv", line: 3 }],
      file: "run.csv",
      line: 3,
    });
    expect(src("skus[3].operatingPoint.outputTokensPerSec")!.load).toBe("request rate 2.35 req/s");
    expect(src("skus[4].operatingPoint.outputTokensPerSec")!.load).toBe("concurrency 1.13");
  });

  it("the sweep leaves of a tree are its sweep points", () => {
    const n = node(c, "skus[2].replicas");
    expect(sweepLeaves(n).map((x) => [x.path, x.value, x.source!.load])).toEqual([
      ["skus[2].workloads[0].operatingPoint.outputTokensPerSec", 1000, "12 req/s achieved"],
    ]);
    expect(sweepLeaves(node(c, "skus[0].workloads[0].kneeIndex"))).toEqual([]);
  });
});

describe("recomputed values at the edges", () => {
  it("0 req/s: replicas ceil(0) is 0, not −0", () => {
    const c = ctxOf(IDLE);
    const r = node(c, "skus[0].replicas");
    expect(r.value).toBe(0);
    expect(Object.is(r.recomputed, 0)).toBe(true);
    expect(show(c, "skus[0].replicas")).toEqual([
      "skus[0].replicas [computed] = 0 | ceil(replicasRaw) | ceil(0) = 0 | re 0",
      "  skus[0].replicasRaw [computed] = 0 | replicasBase × elasticity × redundancy | 0 × 1 × 1 = 0 | re 0",
    ]);
  });

  it("0 replicas: the forecast utilization is 0, as the plan says (not absent)", () => {
    const c = ctxOf(IDLE_FORECAST);
    expect(show(c, "skus[0].forecast.utilization")).toEqual([
      "skus[0].forecast.utilization [computed] = 0 | forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | 100 ÷ (0 × 100) = 0 | re 0",
      "  skus[0].forecast.outputTokensPerSec [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "  skus[0].replicas [computed] = 0 | ceil(replicasRaw) | ceil(0) = 0 | re 0",
      "  skus[0].replicaOutputTokensPerSec [computed] = 100 | given capacity (not checked against SLOs) | 100 = 100 | re 100",
    ]);
  });

  it("0 output tokens/s at peak: the peak cost per token is absent (n/a), as in plan --json, not NaN", () => {
    const c = ctxOf(IDLE);
    expect(show(c, "skus[0].peak.costPerOutputToken")).toEqual([
      "skus[0].peak.costPerOutputToken [computed] = null | costPerHour ÷ (peak output tokens/s × 3600) | 0 ÷ (0 × 3600) = n/a | re null",
      "  skus[0].costPerHour [computed] = 0 | gpus × pricePerGpuHour | 0 × 2 = 0 | re 0",
      "  skus[0].peak.outputTokensPerSec [computed] = 0 | peakRps × outputTokens | 0 × 100 = 0 | re 0",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
    ]);
    expect(show(c, "skus[0].peak.costPerMillionOutputTokens")[0]).toBe(
      "skus[0].peak.costPerMillionOutputTokens [computed] = null | peak costPerOutputToken × 1,000,000 | n/a × 1,000,000 = n/a | re null",
    );
    const f = ctxOf(IDLE_FORECAST);
    expect(show(f, "skus[0].forecast.costPerOutputToken")[0]).toBe(
      "skus[0].forecast.costPerOutputToken [computed] = 0 | costPerHour ÷ (forecast output tokens/s × 3600) | 0 ÷ (100 × 3600) = 0 | re 0",
    );
  });

  it("an input that failed makes the sum and the product absent (n/a), not a number", () => {
    const c = ctxOf(BROKEN);
    expect(showAll(c, ["workloads[0].tokensPerRequest", "workloads[0].tokensPerSec"])).toEqual([
      "workloads[0].tokensPerRequest [computed] = null | inputTokens + outputTokens | n/a + 100 = n/a | re null",
      "  workloads[0].inputTokens [field] = null | nope * 2 | nope * 2 = n/a | raw =nope * 2",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
      "workloads[0].tokensPerSec [computed] = null | peakRps × tokensPerRequest | 3 × n/a = n/a | re null",
      "  workloads[0].peakRps [field] = 3 | raw 3",
      "  workloads[0].tokensPerRequest [computed] = null | inputTokens + outputTokens | n/a + 100 = n/a | re null",
    ]);
  });
});

describe("property: every numeric key of plan --json explains to its value, and every step recomputes", () => {
  const close = (a: number, b: number) =>
    Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  it.each(
    Object.entries({
      USAGE_FULL,
      RESERVATION_FULL,
      CENTS,
      WEIGHTED_DEFAULT,
      USAGE_SEPARATE,
      RESERVATION_SEPARATE,
      RESERVATION_PROPORTIONAL,
      RESERVATION_OVERFULL,
      RESERVATION_EMPTY,
      NO_POOLS_OUTPUT,
      POOLS_JPY,
      SKU_MIX,
      FORECAST_ZERO,
      SWEEPS,
    }),
  )("%s", (_, plan) => {
    const c = ctxOf(plan);
    const failures: string[] = [];
    const paths = resultPaths(c.result);
    for (const [path, value] of paths) {
      const a = explainPath(c, path);
      if (!a.ok) {
        failures.push(a.error);
        continue;
      }
      if (a.node.value === null || !close(a.node.value, value))
        failures.push(`${path}: explained ${a.node.value}, plan ${value}`);
      for (const x of lineageNodes(a.node)) {
        if (!consistent(x))
          failures.push(`${path}: ${x.path} = ${x.value}, recomputed ${x.recomputed}`);
        if (x.kind === "computed" && x.recomputed === undefined)
          failures.push(`${path}: ${x.path} has no recomputed value`);
      }
    }
    expect(failures).toEqual([]);
    expect(paths.length).toBeGreaterThan(30);
  });
});
