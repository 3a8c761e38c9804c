/**
 * src/engine/plan/lineage-sweep.ts: operating points read at a sweep point or interpolated between
 * two (closed and open loop), given capacities, the capacity behind replicasBase, the SLO that
 * binds, and what a sweep records (knee, findings, levels, zones) with each leaf's load level.
 */
import { describe, expect, it } from "vitest";
import {
  consistent,
  explainPath,
  type LineageContext,
  lineageNodes,
  lineageNumber,
} from "../../../src/engine/plan/lineage";
import { planJson } from "../../../src/report/plan-output";
import { PLANS } from "./lineage-plans-a";
import {
  contextOf,
  exampleContext,
  explainLines,
  explainAll,
  treeLines,
  NO,
  edited,
} from "./lineage-print";
import { SWEEPS, ctxOf, show, node, base, none, G, paths } from "./lineage-plans-b";
import type { PlanFile } from "../../../src/engine/base/types";

/** `explainAll` of the paths written as one text (see `paths`). */
const explainPaths = (ctx: Parameters<typeof explainAll>[0]) => (s: TemplateStringsArray) =>
  explainAll(ctx, paths(s));

const INTERP = "interpolated between two load levels where the binding SLO reaches its limit";
const INTERP_ZH = "在两个负载档位之间插值，取约束 SLO 恰好达到上限处";

/** One workload (20 req/s × 200 output tokens), TTFT p99 ≤ 1,000 ms, interpolated, on an inline sweep `rr`. */
const sweepPlan = (points: unknown[]) =>
  base({
    workloads: [{ name: "chat", peakRps: 20, inputTokens: 100, outputTokens: 200 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    sloMode: "interpolated",
    skus: [G({ name: "R", sweep: { label: "rr", points } }) as never],
  });
const pt = (c: number | null, rps: number, out: number, ttft: number) => ({
  concurrency: c,
  requestRate: null,
  rps,
  outputTokensPerSec: out,
  ttftMs: { p99: ttft },
});

const wl0 = (c: LineageContext) => c.result.skus[0]!.workloads[0]!;
type JsonOp = { basis: string; concurrency: number; rps: number; outputTokensPerSec: number };
/** The first operating point as `plan --json` gives it: [basis, concurrency, rps, output tokens/s]. */
const jsonOp = (c: LineageContext) => {
  const r = JSON.parse(JSON.stringify(planJson(c.result)));
  const op: JsonOp = r.skus[0].workloads[0].operatingPoint;
  return [op.basis, op.concurrency, op.rps, op.outputTokensPerSec];
};

describe("an interpolated operating point is explained between the two points it was interpolated between", () => {
  // Limit 1,000 ms: TTFT 600 at concurrency 4 passes, 1,400 at 8 fails: t = (1,000 − 600) ÷ (1,400 − 600) = 0.5,
  // concurrency 6, rps 3 + 0.5 × (4 − 3) = 3.5, output 400 + 0.5 × (800 − 400) = 600 tok/s, replicasBase 20 × 200 ÷ 600.
  it("points written out of load order (1, 8, 4, 16): between #2 (concurrency 4) and #1 (concurrency 8), not #2 and #3", () => {
    const ctx = contextOf(
      sweepPlan([
        pt(1, 1, 100, 200),
        pt(8, 4, 800, 1400),
        pt(4, 3, 400, 600),
        pt(16, 5, 1000, 2000),
      ]),
    );
    expect(jsonOp(ctx)).toEqual(["interpolated", 6, 3.5, 600]);
    expect(explainLines(ctx, "skus[0].workloads[0].operatingPoint.rps")).toEqual([
      "skus[0].workloads[0].operatingPoint.rps [computed] = 3.5 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 3 + 0.5 × (4 − 3) = 3.5 | re: 3.5",
      "  rr · point 2 · rps [sweepPoint] = 3 | src: rr [] inline #2 (concurrency 4) key=rps",
      "  rr · point 1 · rps [sweepPoint] = 4 | src: rr [] inline #1 (concurrency 8) key=rps",
      "  t [computed] = 0.5 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (6 − 4) ÷ (8 − 4) = 0.5 | re: 0.5",
    ]);
    const base = explainPath(ctx, "skus[0].workloads[0].replicasBase");
    if (!base.ok) throw new Error(base.error);
    expect(base.node.inputs[2]!.plugged).toBe("400 + 0.5 × (800 − 400) = 600");
    expect(lineageNodes(base.node).every(consistent)).toBe(true);
  });

  it("the failing point first in the file (8, 1, 4): between #2 and #0, where the next in the file does not exist", () => {
    const ctx = contextOf(sweepPlan([pt(8, 4, 800, 1400), pt(1, 1, 100, 200), pt(4, 3, 400, 600)]));
    expect(explainLines(ctx, "skus[0].workloads[0].operatingPoint.outputTokensPerSec")).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 600 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 400 + 0.5 × (800 − 400) = 600 | re: 600",
      "  rr · point 2 · outputTokensPerSec [sweepPoint] = 400 | src: rr [] inline #2 (concurrency 4) key=outputTokensPerSec",
      "  rr · point 0 · outputTokensPerSec [sweepPoint] = 800 | src: rr [] inline #0 (concurrency 8) key=outputTokensPerSec",
      "  t [computed] = 0.5 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (6 − 4) ÷ (8 − 4) = 0.5 | re: 0.5",
    ]);
  });

  it("a point without concurrency makes rps the sweep's load axis: t is read on rps (3 → 5, operating point 4), not concurrency 2 → rps 5", () => {
    // TTFT 600 at rps 3 passes, 1,400 at rps 5 fails: t = 0.5, rps 4, output 300 + 0.5 × (500 − 300) = 400; concurrency lerp(2, none) = none.
    const ctx = contextOf(
      sweepPlan([pt(1, 1, 100, 200), pt(2, 3, 300, 600), pt(null, 5, 500, 1400)]),
    );
    expect(jsonOp(ctx)).toEqual(["interpolated", null, 4, 400]);
    expect(explainLines(ctx, "skus[0].workloads[0].operatingPoint.outputTokensPerSec")).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 400 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 300 + 0.5 × (500 − 300) = 400 | re: 400",
      "  rr · point 1 · outputTokensPerSec [sweepPoint] = 300 | src: rr [] inline #1 (concurrency 2) key=outputTokensPerSec",
      "  rr · point 2 · outputTokensPerSec [sweepPoint] = 500 | src: rr [] inline #2 (5 req/s achieved) key=outputTokensPerSec",
      "  t [computed] = 0.5 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (4 − 3) ÷ (5 − 3) = 0.5 | re: 0.5",
    ]);
  });
});

describe("properties of a whole sweep", () => {
  it("only `points` alone is the count of load levels: other top-level keys of a sweep (label, meta, warnings) are no number", () => {
    const ctx = contextOf(PLANS.rate);
    expect(explainLines(ctx, "skus[0].workloads[0].sweep.points")).toEqual([
      "skus[0].workloads[0].sweep.points [sweep] = 3 | f: number of load levels read from the files | zh: 从文件读取的负载档位数 | src: rr [] inline",
    ]);
    for (const k of ["label", "meta", "warnings", "source"])
      expect(explainLines(ctx, `skus[0].workloads[0].sweep.${k}`)).toEqual(
        NO(`skus[0].workloads[0].sweep.${k}`),
      );
  });

  it("a source names a load level and a key only when it has them (no keys set to undefined)", () => {
    const ctx = exampleContext("multi-sku");
    const src = (path: string) => {
      const a = explainPath(ctx, path);
      if (!a.ok) throw new Error(a.error);
      return a.node.source!;
    };
    expect(Object.keys(src("skus[0].workloads[0].sweep.points"))).toEqual([
      "label",
      "files",
      "format",
    ]);
    expect(Object.keys(src("skus[0].workloads[0].kneeIndex"))).toEqual(paths`
      label files format pointIndex load points file line
    `);
    expect(Object.keys(src("skus[0].workloads[0].operatingPoint.rps"))).toEqual(paths`
      label files format pointIndex load points file line key
    `);
  });

  it("a finding's point index past the sweep's last point (edited) names no load level; the last point does", () => {
    const ctx = exampleContext("multi-sku");
    const at = (i: number) => {
      const c = { ...ctx, result: structuredClone(ctx.result) };
      (wl0(c).findings[0] as unknown as { pointIndices: number[] }).pointIndices[0] = i;
      const n = node(c, "skus[0].workloads[0].findings[0].pointIndices[0]");
      return [n.value, n.source!.pointIndex, n.source!.load];
    };
    expect(at(3)).toEqual([3, 3, "concurrency 64"]);
    expect(at(4)).toEqual([4, undefined, undefined]);
  });

  it("a knee index past the sweep's points (edited) is that index with no load level and no rows", () => {
    const ctx = exampleContext("multi-sku");
    const c = { ...ctx, result: structuredClone(ctx.result) };
    wl0(c).kneeIndex = 9;
    const { value, source } = node(c, "skus[0].workloads[0].kneeIndex");
    const at = [value, source!.pointIndex, source!.load, source!.points, source!.line];
    expect(at).toEqual([9, 9, undefined, undefined, undefined]);
  });
});

describe("operating points of results edited by hand: no number, or the plain interpolation step, never a TypeError", () => {
  const RPS = "skus[0].workloads[0].operatingPoint.rps";
  const BASE = "skus[0].workloads[0].replicasBase";
  type Edit = (c: LineageContext) => void;
  // [what is gone, plan, the edit of its result, the path that then has no lineage]
  const CAP = "skus[0].replicaOutputTokensPerSec";
  it.each<[string, unknown, Edit, string]>([
    ["a measured point's sweep", PLANS.spare, (c) => void (wl0(c).sweep = null), RPS],
    ["a measured point's detail", PLANS.spare, (c) => void (wl0(c).detail = null), RPS],
    ["its point index", PLANS.spare, (c) => void (wl0(c).detail!.pointIndex = null), RPS],
    ["point toward", PLANS.interp, (c) => void (wl0(c).detail!.towardIndex = null), RPS],
    ["replicasBase", PLANS.given, (c) => void (wl0(c).replicasBase = null), BASE],
    ["the workload", PLANS.given, (c) => void (c.result.workloads = []), CAP],
    ["the rps", PLANS.rpsonly, (c) => void (wl0(c).operatingPoint!.rps = null), BASE],
  ])("without %s: no lineage", (_, plan, edit, path) => {
    expect(explainLines(edited(plan, edit), path)).toEqual(NO(path));
  });

  it("a SKU without workloads (a plan without any) has no operating point; a measured point with its sweep, detail and point index has one", () => {
    const ctx = contextOf({ ...base({ workloads: [] }), skus: [G({ name: "A" })] });
    expect(explainLines(ctx, "skus[0].operatingPoint.rps")).toEqual(
      NO("skus[0].operatingPoint.rps"),
    );
    expect(explainLines(contextOf(PLANS.spare), RPS)).toEqual([
      "skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 4 | src: lab [] inline #2 (concurrency 8) key=rps rows=run.csv:4 at=run.csv:4",
    ]);
  });

  it("an interpolated point toward a point past the points is the plain step with no second value", () => {
    const past = edited(PLANS.interp, (c) => void (wl0(c).detail!.towardIndex = 7));
    expect(explainLines(past, RPS)).toEqual([
      `skus[0].workloads[0].operatingPoint.rps [computed] = 4.166666666666667 | f: ${INTERP} | zh: ${INTERP_ZH} | p: 4 … n/a → 4.1667 | re: 4.166666666666667`,
      "  files · point 2 · rps [sweepPoint] = 4 | src: files [] inline #2 (concurrency 8) key=rps rows=r8.json",
      "  files · point 7 · rps [sweepPoint] = null | src: files [] inline #7 key=rps",
    ]);
  });

  it("an interpolation whose loads are not two different finite numbers is the plain step (load ∞ at either end, none at the operating point, equal loads)", () => {
    const point = (i: number) => (c: LineageContext) => wl0(c).sweep!.points[i]!;
    for (const edit of [
      (c: LineageContext) => void (point(2)(c).concurrency = Infinity),
      (c: LineageContext) => void (point(3)(c).concurrency = Infinity),
      (c: LineageContext) => void (wl0(c).operatingPoint!.concurrency = null),
      (c: LineageContext) => void (point(3)(c).concurrency = 8),
    ])
      expect(explainLines(edited(PLANS.interp, edit), RPS).slice(0, 1)).toEqual([
        `skus[0].workloads[0].operatingPoint.rps [computed] = 4.166666666666667 | f: ${INTERP} | zh: ${INTERP_ZH} | p: 4 … 5 → 4.1667 | re: 4.166666666666667`,
      ]);
  });

  it("rps × output tokens per request: rps 0 gives no output tokens per request (not ∞)", () => {
    // rpsonly: 3.5 req/s at concurrency 4, replicasBase 20 × 200 ÷ (3.5 × 200) = 5.7143.
    const zero = edited(PLANS.rpsonly, (c) => void (wl0(c).operatingPoint!.rps = 0));
    expect(explainLines(zero, BASE).slice(3)).toEqual([
      "  skus[0].workloads[0].capacity [computed] = 700 | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 0 × n/a = 700 | re: null",
      "    skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 0 | src: po [] inline #1 (concurrency 4) key=rps",
      "    po · mean output tokens [sweep] = null | src: po [] inline key=meanOutputTokens",
    ]);
  });

  it("a workload whose peak is gone (edited) recovers no output tokens per request and recomputes no replicasBase (not null × 200 = 0)", () => {
    type Peak = { peakRps: number | null };
    const gone = edited(
      PLANS.rpsonly,
      (c) => void ((c.result.workloads[0] as Peak).peakRps = null),
    );
    const lines = explainLines(gone, BASE);
    expect([lines[0], lines[3]]).toEqual([
      "skus[0].workloads[0].replicasBase [computed] = 5.714285714285714 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: n/a × 200 ÷ n/a = 5.7143 | re: null",
      "  skus[0].workloads[0].capacity [computed] = null | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 3.5 × n/a = n/a | re: null",
    ]);
  });
});

describe("an interpolated operating point (the legacy single `workload`, default factors)", () => {
  // TTFT 900 at concurrency 8, 1500 at 16: 1000 ms at 8 + 8 × 100 ÷ 600 = 9.3333, t = 1/6;
  // output 800 + (1,000 − 800) ÷ 6 = 833.3333 tok/s; replicasBase 20 × 200 ÷ 833.3333 = 4.8 → 5.
  const ctx = contextOf(PLANS.interp);
  it("explains the interpolation with t, the two points (a whole file without a line; two rows), a key only one of them has, and the binding SLO", () => {
    expect(explainPaths(ctx)`
      skus[0].replicas skus[0].workloads[0].operatingPoint.concurrency
        skus[0].workloads[0].operatingPoint.rps
        skus[0].workloads[0].operatingPoint.totalTokensPerSec
        skus[0].operatingPoint.bindingSlo.maxMs skus[0].workloads[0].sweep.points
        skus[0].pricePerGpuHour
    `).toEqual([
      "skus[0].replicas [computed] = 5 | f: ceil(replicasRaw) | p: ceil(4.8) = 5 | re: 5",
      "  skus[0].replicasRaw [computed] = 4.8 | f: replicasBase × elasticity × redundancy | p: 4.8 × 1 × 1 = 4.8 | re: 4.8",
      "    skus[0].replicasBase [computed] = 4.8 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 20 × 200 ÷ 833.3333 = 4.8 | re: 4.8",
      "      workloads[0].peakRps [field] = 20 | raw: 20",
      "      workloads[0].outputTokens [field] = 200 | raw: 200",
      "      skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 833.3333333333334 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 800 + 0.1667 × (1,000 − 800) = 833.3333 | re: 833.3333333333334",
      "        files · point 2 · outputTokensPerSec [sweepPoint] = 800 | src: files [] inline #2 (concurrency 8) key=outputTokensPerSec rows=r8.json",
      "        files · point 3 · outputTokensPerSec [sweepPoint] = 1000 | src: files [] inline #3 (concurrency 16) key=outputTokensPerSec rows=x.csv:5,y.csv:7",
      "        t [computed] = 0.16666666666666674 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (9.3333 − 8) ÷ (16 − 8) = 0.1667 | re: 0.16666666666666674",
      "    factors.elasticity [field] = 1",
      "    factors.redundancy [field] = 1 | raw: 1 (default)",
      "skus[0].workloads[0].operatingPoint.concurrency [computed] = 9.333333333333334 | f: interpolated between two load levels where the binding SLO reaches its limit | zh: 在两个负载档位之间插值，取约束 SLO 恰好达到上限处 | p: 8 … 16 → 9.3333 | re: 9.333333333333334",
      "  files · point 2 · concurrency [sweepPoint] = 8 | src: files [] inline #2 (concurrency 8) key=concurrency rows=r8.json",
      "  files · point 3 · concurrency [sweepPoint] = 16 | src: files [] inline #3 (concurrency 16) key=concurrency rows=x.csv:5,y.csv:7",
      "skus[0].workloads[0].operatingPoint.rps [computed] = 4.166666666666667 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 4 + 0.1667 × (5 − 4) = 4.1667 | re: 4.166666666666667",
      "  files · point 2 · rps [sweepPoint] = 4 | src: files [] inline #2 (concurrency 8) key=rps rows=r8.json",
      "  files · point 3 · rps [sweepPoint] = 5 | src: files [] inline #3 (concurrency 16) key=rps rows=x.csv:5,y.csv:7",
      "  t [computed] = 0.16666666666666674 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (9.3333 − 8) ÷ (16 − 8) = 0.1667 | re: 0.16666666666666674",
      "skus[0].workloads[0].operatingPoint.totalTokensPerSec [computed] = null | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 1,200 + 0.1667 × (n/a − 1,200) = n/a | re: null",
      "  files · point 2 · totalTokensPerSec [sweepPoint] = 1200 | src: files [] inline #2 (concurrency 8) key=totalTokensPerSec rows=r8.json",
      "  files · point 3 · totalTokensPerSec [sweepPoint] = null | src: files [] inline #3 (concurrency 16) key=totalTokensPerSec rows=x.csv:5,y.csv:7",
      "  t [computed] = 0.16666666666666674 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (9.3333 − 8) ÷ (16 − 8) = 0.1667 | re: 0.16666666666666674",
      "skus[0].operatingPoint.bindingSlo.maxMs [computed] = 1000 | f: the limit of the SLO that binds (slo[0]) | zh: 起约束作用的 SLO 的上限（slo[0]） | p: 1,000 = 1,000 | re: 1000",
      "  slo[0].maxMs [field] = 1000 | raw: 1000",
      "skus[0].workloads[0].sweep.points [sweep] = 4 | f: number of load levels read from the files | zh: 从文件读取的负载档位数 | src: files [] inline",
      "skus[0].pricePerGpuHour [field] = 2 | raw: 2",
    ]);
  });
});

describe("an open-loop sweep interpolated between request rates", () => {
  // TTFT 800 at 6 req/s, 1200 at 10: 1000 ms at 8 req/s, t = 0.5; output 1,100 + 0.5 × 300 = 1,250; rps 5.5 + 0.75 = 6.25.
  const ctx = contextOf(PLANS.rate);
  it("interpolates on the request rate; the concurrency of an open-loop sweep has no number", () => {
    expect(explainPaths(ctx)`
      skus[0].workloads[0].operatingPoint. outputTokensPerSec concurrency rps
    `).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 1250 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 1,100 + 0.5 × (1,400 − 1,100) = 1,250 | re: 1250",
      "  rr · point 1 · outputTokensPerSec [sweepPoint] = 1100 | src: rr [] inline #1 (request rate 6 req/s) key=outputTokensPerSec",
      "  rr · point 2 · outputTokensPerSec [sweepPoint] = 1400 | src: rr [] inline #2 (request rate 10 req/s) key=outputTokensPerSec",
      "  t [computed] = 0.5 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (8 − 6) ÷ (10 − 6) = 0.5 | re: 0.5",
      "skus[0].workloads[0].operatingPoint.concurrency [computed] = null | f: interpolated between two load levels where the binding SLO reaches its limit | zh: 在两个负载档位之间插值，取约束 SLO 恰好达到上限处 | p: n/a … n/a → n/a | re: null",
      "  rr · point 1 · concurrency [sweepPoint] = null | src: rr [] inline #1 (request rate 6 req/s) key=concurrency",
      "  rr · point 2 · concurrency [sweepPoint] = null | src: rr [] inline #2 (request rate 10 req/s) key=concurrency",
      "skus[0].workloads[0].operatingPoint.rps [computed] = 6.25 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 5.5 + 0.5 × (7 − 5.5) = 6.25 | re: 6.25",
      "  rr · point 1 · rps [sweepPoint] = 5.5 | src: rr [] inline #1 (request rate 6 req/s) key=rps",
      "  rr · point 2 · rps [sweepPoint] = 7 | src: rr [] inline #2 (request rate 10 req/s) key=rps",
      "  t [computed] = 0.5 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (8 − 6) ÷ (10 − 6) = 0.5 | re: 0.5",
    ]);
  });
  it("explains the operating point's request rate: on its own axis the load where the SLO binds (6 … 10 → 8), not a value read at t", () => {
    expect(explainLines(ctx, "skus[0].workloads[0].operatingPoint.requestRate")).toEqual([
      "skus[0].workloads[0].operatingPoint.requestRate [computed] = 8 | f: interpolated between two load levels where the binding SLO reaches its limit | zh: 在两个负载档位之间插值，取约束 SLO 恰好达到上限处 | p: 6 … 10 → 8 | re: 8",
      "  rr · point 1 · requestRate [sweepPoint] = 6 | src: rr [] inline #1 (request rate 6 req/s) key=requestRate",
      "  rr · point 2 · requestRate [sweepPoint] = 10 | src: rr [] inline #2 (request rate 10 req/s) key=requestRate",
    ]);
  });
  it("a measured operating point's request rate is the sweep point's; a flood (\"inf\") has no number and says so", () => {
    const measured = { ...PLANS.rate, sloMode: "measured" as const };
    // TTFT P99 ≤ 1,000 ms: 6 req/s (800 ms) passes, 10 req/s (1,200 ms) does not.
    expect(
      explainLines(contextOf(measured), "skus[0].workloads[0].operatingPoint.requestRate"),
    ).toEqual([
      "skus[0].workloads[0].operatingPoint.requestRate [sweepPoint] = 6 | src: rr [] inline #1 (request rate 6 req/s) key=requestRate",
    ]);
    const sku = PLANS.rate.skus[0]!;
    const points = sku.sweep.points.map((p, i) =>
      i === 2 ? { ...p, requestRate: "inf" as const } : p,
    );
    const flood = {
      ...measured,
      slo: [{ metric: "ttft" as const, stat: "p99" as const, maxMs: 5000 }],
      skus: [{ ...sku, sweep: { ...sku.sweep, points } }],
    };
    expect(
      explainLines(contextOf(flood), "skus[0].workloads[0].operatingPoint.requestRate"),
    ).toEqual([
      "skus[0].workloads[0].operatingPoint.requestRate [sweepPoint] = null | raw: inf | src: rr [] inline #2 (request rate inf) key=requestRate",
    ]);
  });
  it("a closed-loop sweep without request rates reads its operating point's request rate at t, and has no number", () => {
    expect(
      explainLines(contextOf(PLANS.interp), "skus[0].workloads[0].operatingPoint.requestRate")[0],
    ).toBe(
      "skus[0].workloads[0].operatingPoint.requestRate [computed] = null | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: n/a + 0.1667 × (n/a − n/a) = n/a | re: null",
    );
  });
});

describe("a sweep without output tokens/s", () => {
  // Concurrency 4 passes (TTFT 800), 8 fails: 3.5 req/s × 200 output tokens = 700 tok/s; 20 × 200 ÷ 700 = 5.7143.
  const ctx = contextOf(PLANS.rpsonly);
  it("takes the capacity as rps × output tokens per request", () => {
    expect(explainPaths(ctx)`
      skus[0].replicasBase skus[0].workloads[0].operatingPoint. concurrency outputTokensPerSec
    `).toEqual([
      "skus[0].replicasBase [computed] = 5.714285714285714 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 20 × 200 ÷ 700 = 5.7143 | re: 5.714285714285714",
      "  workloads[0].peakRps [field] = 20 | raw: 20",
      "  workloads[0].outputTokens [field] = 200 | raw: 200",
      "  skus[0].workloads[0].capacity [computed] = 700 | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 3.5 × 200 = 700 | re: 700",
      "    skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 3.5 | src: po [] inline #1 (concurrency 4) key=rps",
      "    po · mean output tokens [sweep] = 200 | src: po [] inline key=meanOutputTokens",
      "skus[0].workloads[0].operatingPoint.concurrency [sweepPoint] = 4 | src: po [] inline #1 (concurrency 4) key=concurrency",
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [sweepPoint] = null | src: po [] inline #1 (concurrency 4) key=outputTokensPerSec",
    ]);
  });
});

describe("per-workload given capacities and a price from the GPU catalogue", () => {
  // chat 10 × 300 ÷ 900 = 3.3333, docs 2 × 600 ÷ 400 = 3: 6.3333 replicas' worth, but without a price the SKU has no capacity.
  const ctx = contextOf(PLANS.per);
  it("reads each workload's capacity from its `sweeps` entry; the price names the catalogue entry", () => {
    expect(explainPaths(ctx)`
      skus[0].replicas skus[0].pricePerGpuHour
        skus[0].workloads[1].operatingPoint.outputTokensPerSec
        skus[0].workloads[1].operatingPoint.rps skus[0].workloads[0].operatingPoint.concurrency
    `).toEqual([
      "error: skus[0].replicas: no number with a lineage at this path",
      "skus[0].pricePerGpuHour [field] = null | cat: h100-sxm",
      "skus[0].workloads[1].operatingPoint.outputTokensPerSec [computed] = 400 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 400 = 400 | re: 400",
      "  skus[0].sweeps.docs.replicaOutputTokensPerSec [field] = 400 | raw: 400",
      "error: skus[0].workloads[1].operatingPoint.rps: no number with a lineage at this path",
      "error: skus[0].workloads[0].operatingPoint.concurrency: no number with a lineage at this path",
    ]);
  });
});

describe("properties of a whole sweep (the multi-sku example's H100 sweep: 4 levels, knee at concurrency 64)", () => {
  const ctx = exampleContext("multi-sku");
  const at = (path: string) => node(ctx, path);
  const H100 = "vllm · meta-llama/Llama-3.1-8B-Instruct";
  const dir = "../../fixtures/vllm/concurrency-sweep-h100/vllm-infqps-concurrency";
  const SWEEP = {
    label: H100,
    files: [
      `${dir}1-Llama-3.1-8B-Instruct-20250612-100105.json`,
      `${dir}16-Llama-3.1-8B-Instruct-20250612-100829.json`,
      `${dir}4-Llama-3.1-8B-Instruct-20250612-100342.json`,
      `${dir}64-Llama-3.1-8B-Instruct-20250612-101446.json`,
    ],
    format: "vllm",
  };

  it("the knee is a load level of the sweep, with that level's file", () => {
    const n = at("skus[0].workloads[0].kneeIndex");
    const { label, pointIndex, load, key, line, file } = n.source!;
    expect([n.kind, n.value, n.formula, n.formulaZh, n.inputs]).toEqual([
      "sweep",
      3,
      "the load level where throughput stops growing linearly (zones of the sweep)",
      "吞吐不再线性增长的负载档位（扫描的分区）",
      [],
    ]);
    expect([label, pointIndex, load, key, line, file]).toEqual([
      H100,
      3,
      "concurrency 64",
      undefined,
      1,
      SWEEP.files[3],
    ]);
  });

  it("a finding's point is that load level (a count of findings is none); the number of levels, a recorded value and the zones' count name only the sweep", () => {
    const W = "skus[0].workloads[0].";
    const f = at(`${W}findings[0].pointIndices[0]`);
    expect([f.path, f.kind, f.value, f.formula, f.source!.pointIndex, f.source!.load]).toEqual([
      `${W}findings[0].pointIndices[0]`,
      "sweep",
      2,
      "a finding of the sweep's diagnostics",
      2,
      "concurrency 16",
    ]);
    const pts = at(`${W}sweep.points`);
    expect([pts.kind, pts.value, pts.formula, pts.source]).toEqual([
      "sweep",
      4,
      "number of load levels read from the files",
      SWEEP,
    ]);
    const meta = at(`${W}sweep.meta.gpuCount`);
    expect([meta.path, meta.kind, meta.value, meta.formula, meta.source!.pointIndex]).toEqual([
      `${W}sweep.meta.gpuCount`,
      "sweep",
      1,
      "recorded in the files (meta.gpuCount)",
      undefined,
    ]);
    const rps = at(`${W}sweep.points[1].rps`);
    expect([rps.value, rps.formula]).toEqual([
      wl0(ctx).sweep!.points[1]!.rps,
      "recorded in the files (points.1.rps)",
    ]);
    const zones = at(`${W}zones.length`);
    expect([zones.path, zones.kind, zones.value, zones.formula, zones.source]).toEqual([
      `${W}zones.length`,
      "sweep",
      4,
      "zones of the sweep (idle, linear, saturated)",
      SWEEP,
    ]);
    const n = at("skus[0].workloads[0].findings.length");
    const { pointIndex, load } = n.source!;
    const count = [n.kind, n.value, n.formula, pointIndex, load];
    expect(count).toEqual([
      "sweep",
      1,
      "a finding of the sweep's diagnostics",
      undefined,
      undefined,
    ]);
  });

  it("a SKU's operatingPoint is its first workload's; its binding SLO's limit is the plan's SLO", () => {
    const op = at("skus[0].operatingPoint.rps");
    const opAt = [op.path, op.kind, op.source!.pointIndex, op.source!.key];
    expect(opAt).toEqual(["skus[0].operatingPoint.rps", "sweepPoint", 2, "rps"]);
    expect(op.value).toBeCloseTo(8.3103, 4);
    const b = at("skus[1].workloads[0].operatingPoint.bindingSlo.maxMs");
    // Which of the two SLOs binds depends on the sweep; the lines follow from its limit.
    const [v, n, k] = [String(b.value), lineageNumber(b.value), b.value === 1000 ? 0 : 1];
    expect(treeLines(b)).toEqual([
      `skus[1].workloads[0].operatingPoint.bindingSlo.maxMs [computed] = ${v} | f: the limit of the SLO that binds (slo[${k}]) | zh: 起约束作用的 SLO 的上限（slo[${k}]） | p: ${n} = ${n} | re: ${v}`,
      `  slo[${k}].maxMs [field] = ${v} | raw: ${v}`,
    ]);
  });

  it("paths that name no number of a sweep, an operating point or a SKU have no lineage", () => {
    const none = paths`
      skus[0].workloads[0].zones skus[0].workloads[0].zones[1] skus[0].workloads[0].failure
        skus[0].workloads[0].missing skus[0].workloads[0].sweep.meta.model.length
        skus[0].workloads[0].sweep.label skus[0].workloads[0].findings[0].pointIndices
        skus[0].workloads[0].findings[0].rule skus[0].workloads[0].kneeIndex.x
        skus[0].workloads[0].replicasBase.x skus[0].workloads[0].operatingPoint.concurrency.x
        skus[0].workloads[0].operatingPoint.bindingSlo.metric
        skus[0].workloads[0].operatingPoint.bindingSlo.maxMs.x
        skus[0].workloads[0].operatingPoint.basis skus[0].workloads[5].replicasBase
        skus[0].workloads.x skus[0].workloads[0] skus[0].replicas.x skus[0].gpus[0] skus[0].peak
        skus[0].peak.x skus[0].peak.outputTokensPerSec.x skus[0].forecast.x skus[0].forecast
        skus[0].name skus[9].replicas skus[9].gpusPerReplica workloads[0].name
        workloads[7].peakRps
    `;
    for (const p of none)
      expect(explainPath(ctx, p), p).toEqual({
        ok: false,
        error: `${p}: no number with a lineage at this path`,
      });
  });
});

describe("an infeasible SKU (every level breaks the TTFT limit)", () => {
  const ctx = contextOf(PLANS.infeasible);
  it("has no operating point, replicasBase or replicas to explain; its sweep still has its levels", () => {
    expect(explainPaths(ctx)`
      skus[0].workloads[0].operatingPoint.rps
        skus[0].workloads[0].operatingPoint.outputTokensPerSec skus[0].workloads[0].replicasBase
        skus[0].replicas skus[0].workloads[0].sweep.points
    `).toEqual([
      "error: skus[0].workloads[0].operatingPoint.rps: no number with a lineage at this path",
      "error: skus[0].workloads[0].operatingPoint.outputTokensPerSec: no number with a lineage at this path",
      "error: skus[0].workloads[0].replicasBase: no number with a lineage at this path",
      "error: skus[0].replicas: no number with a lineage at this path",
      "skus[0].workloads[0].sweep.points [sweep] = 2 | f: number of load levels read from the files | zh: 从文件读取的负载档位数 | src: slow [] inline",
    ]);
  });
});

describe("a sweep without output tokens/s and no traffic", () => {
  it("cannot recover the output tokens per request from replicasBase 0: the capacity step has no number", () => {
    const ctx = contextOf(PLANS.rpszero);
    expect(explainLines(ctx, "skus[0].workloads[0].replicasBase")).toEqual([
      "skus[0].workloads[0].replicasBase [computed] = 0 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 0 × 200 ÷ n/a = 0 | re: null",
      "  workloads[0].peakRps [field] = 0 | raw: 0",
      "  workloads[0].outputTokens [field] = 200 | raw: 200",
      "  skus[0].workloads[0].capacity [computed] = null | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 3.5 × n/a = n/a | re: null",
      "    skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 3.5 | src: po [] inline #1 (concurrency 4) key=rps",
      "    po · mean output tokens [sweep] = null | src: po [] inline key=meanOutputTokens",
    ]);
  });
});

describe("where a sweep value's load level is said", () => {
  const c = ctxOf(SWEEPS);
  const src = (path: string) => node(c, path).source;
  /** The source of an inline sweep's value at a point read from run.csv. */
  const inline = (label: string, pointIndex: number, load: string, key: string, line: number) => ({
    label,
    files: [],
    format: "inline",
    pointIndex,
    load,
    key,
    points: [{ file: "run.csv", line }],
    file: "run.csv",
    line,
  });

  it("a concurrency (two decimals at most), an offered rate in req/s or inf, an achieved rps", () => {
    expect(src("skus[0].operatingPoint.concurrency")).toEqual(
      inline("conc", 1, "concurrency 16", "concurrency", 3),
    );
    expect(src("skus[0].workloads[0].findings[0].pointIndices[1]")!.load).toBe("concurrency 32");
    expect(src("skus[1].operatingPoint.outputTokensPerSec")).toEqual(
      inline("rate", 2, "request rate inf", "outputTokensPerSec", 4),
    );
    expect(src("skus[2].operatingPoint.rps")).toEqual(
      inline("achieved", 1, "12 req/s achieved", "rps", 3),
    );
    expect(src("skus[3].operatingPoint.outputTokensPerSec")!.load).toBe("request rate 2.35 req/s");
    expect(src("skus[4].operatingPoint.outputTokensPerSec")!.load).toBe("concurrency 1.13");
  });
});

describe("a SKU workload's paths that name no number", () => {
  it("failure and missing are no zones: their length has no lineage, with a sweep or without; a workload on a given capacity has no zones: zones.length is no number (the sweep's own has 4)", () => {
    for (const [plan, more] of [
      [PLANS.spare, ""],
      [PLANS.given, "zones.length"],
    ] as [PlanFile, string][]) {
      const c = ctxOf(plan);
      for (const p of paths`skus[0].workloads[0]. failure.length missing.length failure missing ${more}`)
        expect(show(c, p)).toEqual(none(p));
    }
    expect(show(ctxOf(PLANS.spare as PlanFile), "skus[0].workloads[0].zones.length")).toEqual([
      "skus[0].workloads[0].zones.length [sweep] = 4 | zones of the sweep (idle, linear, saturated)",
    ]);
  });

  it("an operating point's bindingSlo names a number only at bindingSlo.maxMs", () => {
    const c = ctxOf(PLANS.spare as PlanFile);
    for (const p of paths`
      skus[0].operatingPoint.bindingSlo skus[0].operatingPoint.bindingSlo.metric
        skus[0].operatingPoint.bindingSlo.maxMs.x skus[0].operatingPoint.foo
        skus[0].workloads[0].operatingPoint.bindingSlo skus[0].workloads[0].operatingPoint.maxMs
    `)
      expect(show(c, p)).toEqual(none(p));
    expect(show(c, "skus[0].operatingPoint.bindingSlo.maxMs")).toEqual([
      "skus[0].operatingPoint.bindingSlo.maxMs [computed] = 1000 | the limit of the SLO that binds (slo[0]) | 1,000 = 1,000 | re 1000",
      "  slo[0].maxMs [field] = 1000 | raw 1000",
    ]);
  });

  const slo = [{ metric: "ttft" as const, stat: "p99" as const, maxMs: 1000 }];
  const w = { name: "w", peakRps: 1, inputTokens: 1, outputTokens: 100 };
  // A SKU of a plan without workloads has no operating point; a given capacity is checked against
  // no SLO: with SLOs in the plan, the binding SLO is no number either way (not an exception).
  it.each([
    ["no workloads", "skus[0].operatingPoint.bindingSlo.maxMs", []],
    ["a given capacity", "skus[0].operatingPoint.bindingSlo.maxMs", [w]],
    ["a given capacity", "skus[0].workloads[0].operatingPoint.bindingSlo.maxMs", [w]],
  ])("%s: %s is no number", (_, path, workloads) => {
    const c = ctxOf(base({ ...(workloads.length ? { workloads } : {}), slo, skus: [G()] }));
    expect(show(c, path)).toEqual(none(path));
  });
});

describe("the SLO that binds is the one with its metric, stat and limit", () => {
  const pt = (c: number, ttftP99: number) => ({
    concurrency: c,
    requestRate: null,
    rps: c,
    outputTokensPerSec: 100 * c,
    ttftMs: { p99: ttftP99, p50: 100 },
    itlMs: { p99: 20, p50: 10 },
    sources: [{ file: "s.csv", line: c + 1 }],
  });
  // TTFT p99 is 300, 600, 900 ms at concurrency 1, 2, 3: only "ttft p99 ≤ 800" fails (at 3); the
  // others pass everywhere. Before it: the same metric and stat with another limit (5,000), the
  // same metric and limit with another stat (ttft p50), the same stat and limit with another metric
  // (itl p99), the same limit only (itl p50).
  const plan = base({
    workloads: [{ name: "w", peakRps: 10, inputTokens: 10, outputTokens: 100 }],
    sloMode: "measured",
    slo: [
      { metric: "ttft", stat: "p99", maxMs: 5000 },
      { metric: "ttft", stat: "p50", maxMs: 800 },
      { metric: "itl", stat: "p99", maxMs: 800 },
      { metric: "itl", stat: "p50", maxMs: 800 },
      { metric: "ttft", stat: "p99", maxMs: 800 },
    ],
    skus: [
      G({
        name: "S",
        pricePerGpuHour: 1,
        sweep: { label: "s", points: [pt(1, 300), pt(2, 600), pt(3, 900)] },
      }),
    ],
  });

  it("ttft p99 ≤ 800 binds at concurrency 2: its limit is slo[4], not an earlier SLO sharing two of the three", () => {
    const c = ctxOf(plan);
    expect(c.result.skus[0]!.workloads[0]!.operatingPoint?.concurrency).toBe(2);
    for (const p of paths`skus[0].workloads[0].operatingPoint.bindingSlo.maxMs skus[0].operatingPoint.bindingSlo.maxMs`) {
      expect(show(c, p)).toEqual([
        `${p} [computed] = 800 | the limit of the SLO that binds (slo[4]) | 800 = 800 | re 800`,
        "  slo[4].maxMs [field] = 800 | raw 800",
      ]);
    }
  });
});
