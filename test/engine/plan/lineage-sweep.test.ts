/**
 * src/engine/plan/lineage-sweep.ts: operating points read at a sweep point or interpolated between two, given capacities, the capacity behind replicasBase, and what a sweep records.
 */
import { describe, expect, it } from "vitest";
import {
  consistent,
  explainPath,
  type LineageContext,
  lineageNodes,
} from "../../../src/engine/plan/lineage";
import { planJson } from "../../../src/report/plan-output";
import { PLANS } from "./lineage-plans-a";
import { contextOf, exampleContext, explainLines } from "./lineage-print";

const NO = (path: string) => [`error: ${path}: no number with a lineage at this path`];
const INTERP = "interpolated between two load levels where the binding SLO reaches its limit";
const INTERP_ZH = "在两个负载档位之间插值，取约束 SLO 恰好达到上限处";

/** One workload (20 req/s × 200 output tokens), TTFT p99 ≤ 1,000 ms, interpolated, on an inline sweep `rr`. */
const sweepPlan = (points: unknown[]) => ({
  format: "capplan.plan/v1",
  currency: "USD",
  workloads: [{ name: "chat", peakRps: 20, inputTokens: 100, outputTokens: 200 }],
  slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
  sloMode: "interpolated",
  skus: [{ name: "R", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { label: "rr", points } }],
});
const pt = (c: number | null, rps: number, out: number, ttft: number) => ({
  concurrency: c,
  requestRate: null,
  rps,
  outputTokensPerSec: out,
  ttftMs: { p99: ttft },
});

/** The context of `plan` with its file and result deep-copied and then edited (a result no engine run gives). */
function edited(plan: unknown, edit: (c: LineageContext) => void): LineageContext {
  const ctx = contextOf(plan);
  const c: LineageContext = {
    plan: structuredClone(ctx.plan),
    resolved: ctx.resolved,
    result: structuredClone(ctx.result),
  };
  edit(c);
  return c;
}
const wl0 = (c: LineageContext) => c.result.skus[0]!.workloads[0]!;
/** The first operating point as `plan --json` gives it. */
const jsonOp = (c: LineageContext) =>
  (
    JSON.parse(JSON.stringify(planJson(c.result))) as {
      skus: {
        workloads: {
          operatingPoint: {
            basis: string;
            concurrency: number | null;
            rps: number | null;
            outputTokensPerSec: number | null;
          };
        }[];
      }[];
    }
  ).skus[0]!.workloads[0]!.operatingPoint;

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
    const op = jsonOp(ctx);
    expect([op.basis, op.concurrency, op.rps, op.outputTokensPerSec]).toEqual([
      "interpolated",
      6,
      3.5,
      600,
    ]);
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
    const op = jsonOp(ctx);
    expect([op.basis, op.concurrency, op.rps, op.outputTokensPerSec]).toEqual([
      "interpolated",
      null,
      4,
      400,
    ]);
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
    expect(Object.keys(src("skus[0].workloads[0].kneeIndex"))).toEqual([
      "label",
      "files",
      "format",
      "pointIndex",
      "load",
      "points",
      "file",
      "line",
    ]);
    expect(Object.keys(src("skus[0].workloads[0].operatingPoint.rps"))).toEqual([
      "label",
      "files",
      "format",
      "pointIndex",
      "load",
      "points",
      "file",
      "line",
      "key",
    ]);
  });

  it("a finding's point index past the sweep's last point (edited) names no load level; the last point does", () => {
    const ctx = exampleContext("multi-sku");
    const at = (i: number) => {
      const c: LineageContext = {
        plan: ctx.plan,
        resolved: ctx.resolved,
        result: structuredClone(ctx.result),
      };
      (wl0(c).findings[0] as unknown as { pointIndices: number[] }).pointIndices[0] = i;
      const a = explainPath(c, "skus[0].workloads[0].findings[0].pointIndices[0]");
      if (!a.ok) throw new Error(a.error);
      return [a.node.value, a.node.source!.pointIndex, a.node.source!.load];
    };
    expect(at(3)).toEqual([3, 3, "concurrency 64"]);
    expect(at(4)).toEqual([4, undefined, undefined]);
  });

  it("a knee index past the sweep's points (edited) is that index with no load level and no rows", () => {
    const ctx = exampleContext("multi-sku");
    const c: LineageContext = {
      plan: ctx.plan,
      resolved: ctx.resolved,
      result: structuredClone(ctx.result),
    };
    wl0(c).kneeIndex = 9;
    const a = explainPath(c, "skus[0].workloads[0].kneeIndex");
    if (!a.ok) throw new Error(a.error);
    expect([
      a.node.value,
      a.node.source!.pointIndex,
      a.node.source!.load,
      a.node.source!.points,
      a.node.source!.line,
    ]).toEqual([9, 9, undefined, undefined, undefined]);
  });
});

describe("operating points of results edited by hand: no number, or the plain interpolation step, never a TypeError", () => {
  const RPS = "skus[0].workloads[0].operatingPoint.rps";
  it("a SKU without workloads (a plan without any) has no operating point", () => {
    const ctx = contextOf({
      format: "capplan.plan/v1",
      currency: "USD",
      workloads: [],
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 2,
          sweep: { replicaOutputTokensPerSec: 100 },
        },
      ],
    });
    expect(explainLines(ctx, "skus[0].operatingPoint.rps")).toEqual(
      NO("skus[0].operatingPoint.rps"),
    );
  });

  it("a measured point without its sweep, its detail or its point index has no lineage", () => {
    expect(explainLines(contextOf(PLANS.spare), RPS)).toEqual([
      "skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 4 | src: lab [] inline #2 (concurrency 8) key=rps rows=run.csv:4 at=run.csv:4",
    ]);
    expect(
      explainLines(
        edited(PLANS.spare, (c) => void (wl0(c).sweep = null)),
        RPS,
      ),
    ).toEqual(NO(RPS));
    expect(
      explainLines(
        edited(PLANS.spare, (c) => void (wl0(c).detail = null)),
        RPS,
      ),
    ).toEqual(NO(RPS));
    expect(
      explainLines(
        edited(PLANS.spare, (c) => void (wl0(c).detail!.pointIndex = null)),
        RPS,
      ),
    ).toEqual(NO(RPS));
  });

  it("an interpolated point without the point it went toward has no lineage; one past the points is the plain step with no second value", () => {
    expect(
      explainLines(
        edited(PLANS.interp, (c) => void (wl0(c).detail!.towardIndex = null)),
        RPS,
      ),
    ).toEqual(NO(RPS));
    expect(
      explainLines(
        edited(PLANS.interp, (c) => void (wl0(c).detail!.towardIndex = 7)),
        RPS,
      ),
    ).toEqual([
      `skus[0].workloads[0].operatingPoint.rps [computed] = 4.166666666666667 | f: ${INTERP} | zh: ${INTERP_ZH} | p: 4 … n/a → 4.1667 | re: 4.166666666666667`,
      "  files · point 2 · rps [sweepPoint] = 4 | src: files [] inline #2 (concurrency 8) key=rps rows=r8.json",
      "  files · point 7 · rps [sweepPoint] = null | src: files [] inline #7 key=rps",
    ]);
  });

  it("an interpolation whose loads are not two different finite numbers is the plain step (load ∞ at either end, none at the operating point, equal loads)", () => {
    const plain = [
      `skus[0].workloads[0].operatingPoint.rps [computed] = 4.166666666666667 | f: ${INTERP} | zh: ${INTERP_ZH} | p: 4 … 5 → 4.1667 | re: 4.166666666666667`,
    ];
    const first = (c: LineageContext) => explainLines(c, RPS).slice(0, 1);
    const point = (i: number) => (c: LineageContext) => wl0(c).sweep!.points[i]!;
    expect(first(edited(PLANS.interp, (c) => void (point(2)(c).concurrency = Infinity)))).toEqual(
      plain,
    );
    expect(first(edited(PLANS.interp, (c) => void (point(3)(c).concurrency = Infinity)))).toEqual(
      plain,
    );
    expect(
      first(edited(PLANS.interp, (c) => void (wl0(c).operatingPoint!.concurrency = null))),
    ).toEqual(plain);
    expect(first(edited(PLANS.interp, (c) => void (point(3)(c).concurrency = 8)))).toEqual(plain);
  });
});

describe("the capacity behind replicasBase in results edited by hand", () => {
  const BASE = "skus[0].workloads[0].replicasBase";
  it("no replicasBase, or no workload in the result, gives no lineage", () => {
    expect(
      explainLines(
        edited(PLANS.given, (c) => void (wl0(c).replicasBase = null)),
        BASE,
      ),
    ).toEqual(NO(BASE));
    expect(
      explainLines(
        edited(PLANS.given, (c) => void (c.result.workloads = [])),
        "skus[0].replicaOutputTokensPerSec",
      ),
    ).toEqual(NO("skus[0].replicaOutputTokensPerSec"));
  });

  it("rps × output tokens per request: no rps gives no lineage; rps 0 gives no output tokens per request (not ∞)", () => {
    // rpsonly: 3.5 req/s at concurrency 4, replicasBase 20 × 200 ÷ (3.5 × 200) = 5.7143.
    expect(
      explainLines(
        edited(PLANS.rpsonly, (c) => void (wl0(c).operatingPoint!.rps = null)),
        BASE,
      ),
    ).toEqual(NO(BASE));
    const zero = explainLines(
      edited(PLANS.rpsonly, (c) => void (wl0(c).operatingPoint!.rps = 0)),
      BASE,
    );
    expect(zero.slice(3)).toEqual([
      "  skus[0].workloads[0].capacity [computed] = 700 | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 0 × n/a = 700 | re: null",
      "    skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 0 | src: po [] inline #1 (concurrency 4) key=rps",
      "    po · mean output tokens [sweep] = null | src: po [] inline key=meanOutputTokens",
    ]);
  });

  it("a workload whose peak is gone (edited) recovers no output tokens per request and recomputes no replicasBase (not null × 200 = 0)", () => {
    const lines = explainLines(
      edited(
        PLANS.rpsonly,
        (c) => void ((c.result.workloads[0] as { peakRps: number | null }).peakRps = null),
      ),
      BASE,
    );
    expect(lines[0]).toBe(
      "skus[0].workloads[0].replicasBase [computed] = 5.714285714285714 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: n/a × 200 ÷ n/a = 5.7143 | re: null",
    );
    expect(lines[3]).toBe(
      "  skus[0].workloads[0].capacity [computed] = null | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 3.5 × n/a = n/a | re: null",
    );
  });
});
