/**
 * The plan computation (src/engine/plan/plan.ts, docs/operating-point.md, docs/capacity.md): why a SKU
 * is infeasible or unknown, which inputs are errors (at which path), when capacity is computed,
 * the replica throughput taken from rps × output tokens, and the recommendation's tie-breaks and
 * checked-before-unchecked rule (issue #15). Hand-calculated numbers, exact texts.
 */
import { describe, expect, it } from "vitest";
import { assemblePlan, computePlan, computeSku, planLevel } from "../../../src/engine/plan/plan";
import type { SkuResult, FileSweep } from "../../../src/engine/plan/plan-result";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { base, point, skuA } from "../plan-builders";
import { englishOf, textProblem, type Problem } from "../../../src/engine/base/problems";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

/** The English of a SKU's infeasible reason (the result carries the problem; plan --json renders it). */
const reasonOf = (s: { infeasibleProblem: Problem | null }): string | null =>
  s.infeasibleProblem ? englishOf(s.infeasibleProblem) : null;

const compute = (p: unknown) => computePlan(resolvePlan(structuredClone(p) as PlanFile));

const ALL_PASS =
  "A: every point meets the SLOs: the operating point is the highest load measured (concurrency 8); capacity may be higher";

describe("a SKU planned from its sweep", () => {
  it("2,500 tok/s ÷ 500 = 5 replicas × 2 GPUs × 3 = 30 an hour; the SLOs were checked", () => {
    const r = compute(base());
    const s = r.skus[0]!;
    expect(s.feasible).toBe(true);
    expect(s.sloChecked).toBe(true);
    expect(reasonOf(s)).toBeNull();
    expect(s.infeasibleProblem).toBeNull();
    expect(s.workloads[0]!.replicasBase).toBe(5);
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(500);
    expect(s.capacity).toMatchObject({ replicasBase: 5, replicas: 5, gpus: 10, costPerHour: 30 });
    expect(s.operatingPoint).toEqual({
      concurrency: 8,
      requestRate: null,
      rps: 2,
      outputTokensPerSec: 500,
      totalTokensPerSec: null,
      basis: "measured",
      bindingSlo: null,
      bindingErrorRate: false,
      sloBinding: false,
    });
    expect(s.problems.map(englishOf)).toEqual([ALL_PASS]);
    expect(s.errorProblems.map(englishOf)).toEqual([]);
    expect(r.cheapest).toBe("A");
    expect(r.recommendationChecked).toBe(true);
    expect(r.errors).toEqual([]);
    expect(enW(r)).toEqual([]);
  });

  it("a failed share limit of exactly 0 % is valid (no failures recorded pass)", () => {
    const s = compute(base({ maxErrorRatePct: 0 })).skus[0]!;
    expect(s.feasible).toBe(true);
    expect(s.capacity?.costPerHour).toBe(30);
  });

  it("without output tokens/s: rps × the sweep's mean output tokens (200) before the workload's (250): 400 tok/s → 6.25 → 7 replicas", () => {
    const s = compute(
      base({
        skus: [
          skuA({
            sweep: { points: [point({ outputTokensPerSec: undefined, meanOutputTokens: 200 })] },
          }),
        ],
      }),
    ).skus[0]!;
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(400);
    expect(s.workloads[0]!.replicasBase).toBe(6.25);
    expect(s.capacity).toMatchObject({ replicas: 7, costPerHour: 42 });
    expect(s.problems.map(englishOf)).toEqual([
      ALL_PASS,
      "A: the sweep has no output tokens/s; used rps × 200 output tokens per request",
    ]);
  });

  it("rps 0 and no output tokens/s: no output tokens at the operating point is an error at the workload's sweep (unknown, no capacity)", () => {
    const r = compute(
      base({
        skus: [skuA({ sweep: { points: [point({ outputTokensPerSec: undefined, rps: 0 })] } })],
      }),
    );
    const s = r.skus[0]!;
    expect(s.feasible).toBeNull();
    expect(s.sloChecked).toBe(false);
    expect(s.capacity).toBeNull();
    expect(s.workloads[0]!.replicasBase).toBeNull();
    expect(s.errorProblems.map(englishOf)).toEqual([
      "skus[0] (chat): the operating point has no output tokens/s",
    ]);
    expect(reasonOf(s)).toBe("skus[0] (chat): the operating point has no output tokens/s");
    expect(r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)])).toEqual([
      ["skus[0].sweeps.chat", "INPUT", "the operating point has no output tokens/s"],
    ]);
    expect(r.cheapest).toBeNull();
    expect(r.recommendationChecked).toBeNull();
  });
});

describe("SLO inputs with errors", () => {
  it("an SLO limit with an error: no SLO is checked (unknown) and the warning names its index", () => {
    const r = compute(
      base({
        slo: [
          { metric: "ttft", stat: "p99", maxMs: 1000 },
          { metric: "itl", stat: "p95", maxMs: "=nosuch" },
        ],
      }),
    );
    const s = r.skus[0]!;
    expect(s.feasible).toBeNull();
    expect(reasonOf(s)).toBe("slo[1].maxMs has an error, so no SLO can be checked");
    expect(s.infeasibleProblem?.path).toBe("slo[1].maxMs");
    expect(s.problems.map(englishOf)).toEqual([
      "slo[1].maxMs has an error, so no SLO can be checked",
    ]);
    expect(s.workloads[0]!.detail).toBeNull();
    expect(s.workloads[0]!.zones).toEqual(["linear"]);
    expect(s.capacity).toBeNull();
    expect(s.sloChecked).toBe(false);
  });

  it("a negative failed-share limit, or one with an error, keeps every load level unchecked", () => {
    const neg = compute(base({ maxErrorRatePct: -1 })).skus[0]!;
    expect(neg.feasible).toBeNull();
    expect(reasonOf(neg)).toBe(
      "maxErrorRatePct is -1, not a percentage ≥ 0, so no load level can be checked",
    );
    expect(neg.infeasibleProblem?.path).toBe("maxErrorRatePct");
    const bad = compute(base({ maxErrorRatePct: "=nosuch" })).skus[0]!;
    expect(bad.feasible).toBeNull();
    expect(reasonOf(bad)).toBe("maxErrorRatePct has an error, so no load level can be checked");
  });
});

describe("why a SKU is infeasible or unknown", () => {
  it("an SLO failing at the lowest load: the SLO, the load, the value and the overrun", () => {
    const s = compute(base({ slo: [{ metric: "ttft", stat: "p99", maxMs: 500 }] })).skus[0]!;
    expect(s.feasible).toBe(false);
    expect(reasonOf(s)).toBe(
      "P99 TTFT ≤ 500 ms fails already at the lowest load (8): 700 ms, 200 ms (40 %) over",
    );
    expect(s.capacity).toBeNull();
    expect(s.sloChecked).toBe(true);
  });

  it("too many failed requests at the lowest load: the share, the load and the limit, at maxErrorRatePct", () => {
    const s = compute(
      base({ skus: [skuA({ sweep: { points: [point({ completed: 90, failed: 10 })] } })] }),
    ).skus[0]!;
    expect(s.feasible).toBe(false);
    expect(reasonOf(s)).toBe(
      "10 % of requests fail already at the lowest load (8), over the 1 % limit (maxErrorRatePct)",
    );
    expect(s.infeasibleProblem?.path).toBe("maxErrorRatePct");
  });

  it("a statistic the sweep does not have: unknown, naming the SLO and what the sweep has", () => {
    const s = compute(base({ slo: [{ metric: "itl", stat: "p95", maxMs: 50 }] })).skus[0]!;
    expect(s.feasible).toBeNull();
    expect(reasonOf(s)).toBe("P95 ITL is missing; the sweep has none");
    const t = compute(
      base({
        slo: [{ metric: "ttft", stat: "p95", maxMs: 1000 }],
        skus: [skuA({ sweep: { points: [point({ ttftMs: { p50: 300, p99: 700 } })] } })],
      }),
    ).skus[0]!;
    expect(reasonOf(t)).toBe("P95 TTFT is missing; the sweep has p50, p99");
  });

  it("a workload whose inputs have errors: unknown, with its path", () => {
    const r = compute(base({ workloads: [{ name: "chat", inputTokens: 100, outputTokens: 250 }] }));
    const s = r.skus[0]!;
    expect(s.feasible).toBeNull();
    expect(reasonOf(s)).toBe("workload chat has errors in its inputs");
    expect(s.infeasibleProblem?.path).toBe("workloads[0]");
    expect(s.problems.map(englishOf)).toEqual([
      ALL_PASS,
      "A: workload chat has errors in its inputs",
    ]);
    expect(r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)])).toEqual([
      ["workloads[0]", "VALUE", "peakRps, inputTokens and outputTokens are required numbers"],
    ]);
  });

  it("one workload infeasible and another unknown: infeasible, whichever comes first", () => {
    const sweeps = {
      fail: { points: [point({ ttftMs: { p99: 2000 } })] },
      unknown: { points: [point({ ttftMs: { p50: 100 } })] },
    };
    const wls = (names: string[]) =>
      names.map((name) => ({ name, peakRps: 1, inputTokens: 1, outputTokens: 1 }));
    for (const order of [
      ["fail", "unknown"],
      ["unknown", "fail"],
    ]) {
      const s = compute(base({ workloads: wls(order), skus: [skuA({ sweep: undefined, sweeps })] }))
        .skus[0]!;
      expect(s.feasible, order.join()).toBe(false);
      expect(s.workloads.map((w) => w.feasible)).toEqual(
        order.map((n) => (n === "fail" ? false : null)),
      );
    }
    // Feasible and unknown: unknown.
    const s = compute(
      base({
        workloads: wls(["ok", "unknown"]),
        skus: [
          skuA({
            sweep: undefined,
            sweeps: { ok: { points: [point()] }, unknown: sweeps.unknown },
          }),
        ],
      }),
    ).skus[0]!;
    expect(s.feasible).toBeNull();
    expect(s.capacity).toBeNull();
  });

  it("no sweep, an unread file: errors at the workload's sweep path, subject `skus[0] (chat)`", () => {
    const none = compute(base({ skus: [skuA({ sweep: undefined })] }));
    expect(reasonOf(none.skus[0]!)).toBe("skus[0] (chat): no sweep for this workload");
    expect(none.errors.map((e) => [e.path, e.kind, englishOf(e.problem)])).toEqual([
      ["skus[0].sweeps.chat", "INPUT", "no sweep for this workload"],
    ]);
    const file = compute(base({ skus: [skuA({ sweep: { file: "x.json" } })] }));
    expect(reasonOf(file.skus[0]!)).toBe("skus[0] (chat): sweep file x.json was not read");
  });
});

describe("a given capacity", () => {
  it("with SLOs: planned, with a warning that the SLOs were not checked (tok/s to one decimal), and recommended as unchecked", () => {
    const r = compute(base({ skus: [skuA({ sweep: { replicaOutputTokensPerSec: 1234.56 } })] }));
    const s = r.skus[0]!;
    expect(s.feasible).toBe(true);
    expect(s.sloChecked).toBe(false);
    // 2,500 ÷ 1,234.56 = 2.03 → 3 replicas × 2 × 3 = 18
    expect(s.capacity).toMatchObject({ replicas: 3, costPerHour: 18 });
    expect(s.problems.map(englishOf)).toEqual([
      "A: capacity for chat is given (1,234.6 tok/s), so the SLOs were not checked against a sweep",
    ]);
    expect(s.operatingPoint).toEqual({
      concurrency: null,
      requestRate: null,
      rps: null,
      outputTokensPerSec: 1234.56,
      totalTokensPerSec: null,
      basis: "given",
      bindingSlo: null,
      bindingErrorRate: false,
      sloBinding: false,
    });
    expect(r.cheapest).toBe("A");
    expect(r.recommendationChecked).toBe(false);
    expect(enW(r)).toEqual([
      "A is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): no SKU has a sweep checked against the SLOs",
    ]);
    expect(r.problems!.map((p) => [p.code, p.path])).toEqual([
      ["plan.uncheckedRecommended", "skus[0]"],
    ]);
  });

  it("without SLOs: no warning", () => {
    const s = compute(
      base({ slo: [], skus: [skuA({ sweep: { replicaOutputTokensPerSec: 500 } })] }),
    ).skus[0]!;
    expect(s.problems.map(englishOf)).toEqual([]);
    expect(s.capacity?.replicas).toBe(5);
  });

  it("0 or negative is an error naming the number; a formula error is 'not a number'", () => {
    for (const v of [0, -5]) {
      const r = compute(base({ skus: [skuA({ sweep: { replicaOutputTokensPerSec: v } })] }));
      expect(r.skus[0]!.feasible).toBeNull();
      expect(r.skus[0]!.errorProblems.map(englishOf)).toEqual([
        `skus[0] (chat): replicaOutputTokensPerSec must be positive, got ${v}`,
      ]);
      expect(r.skus[0]!.capacity).toBeNull();
    }
    const f = compute(base({ skus: [skuA({ sweep: { replicaOutputTokensPerSec: "=nosuch" } })] }));
    expect(f.skus[0]!.errorProblems.map(englishOf)).toEqual([
      "skus[0] (chat): replicaOutputTokensPerSec is not a number",
    ]);
    expect(f.errors.map((e) => [e.path, e.kind])).toEqual([
      ["skus[0].sweep.replicaOutputTokensPerSec", "NAME"],
      ["skus[0].sweeps.chat", "INPUT"],
    ]);
  });
});

describe("SKU inputs", () => {
  it("GPUs per replica must be positive and the price ≥ 0: errors at their paths, no capacity", () => {
    const r = compute(base({ skus: [skuA({ gpusPerReplica: 0, pricePerGpuHour: -1 })] }));
    const s = r.skus[0]!;
    expect(s.errorProblems.map(englishOf)).toEqual([
      "skus[0].gpusPerReplica: needs a positive number",
      "skus[0].pricePerGpuHour: needs a number ≥ 0",
    ]);
    expect(s.capacity).toBeNull();
    expect(r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)])).toEqual([
      ["skus[0].gpusPerReplica", "INPUT", "needs a positive number"],
      ["skus[0].pricePerGpuHour", "INPUT", "needs a number ≥ 0"],
    ]);
    expect(r.cheapest).toBeNull();
  });

  it("a price of exactly 0 and a fraction of a GPU are valid", () => {
    const s = compute(base({ skus: [skuA({ gpusPerReplica: 0.5, pricePerGpuHour: 0 })] })).skus[0]!;
    expect(s.errorProblems.map(englishOf)).toEqual([]);
    expect(s.capacity).toMatchObject({ replicas: 5, gpus: 2.5, costPerHour: 0 });
  });

  it("a formula error in the GPUs or the price is told once (the formula's), not again as an input error", () => {
    const r = compute(
      base({ skus: [skuA({ gpusPerReplica: "=nosuch", pricePerGpuHour: "=nothere" })] }),
    );
    expect(r.skus[0]!.errorProblems.map(englishOf)).toEqual([]);
    expect(r.skus[0]!.capacity).toBeNull();
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([
      ["skus[0].gpusPerReplica", "NAME"],
      ["skus[0].pricePerGpuHour", "NAME"],
    ]);
  });

  it("an elasticity with an error leaves the SKU feasible without capacity; the plan error is the formula's only", () => {
    const r = compute(base({ factors: { elasticity: "=nosuch", redundancy: 1 } }));
    expect(r.skus[0]!.feasible).toBe(true);
    expect(r.skus[0]!.capacity).toBeNull();
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([["factors.elasticity", "NAME"]]);
    expect(r.cheapest).toBeNull();
  });

  it("a redundancy with an error (factor or spare) leaves no capacity", () => {
    expect(
      compute(base({ factors: { elasticity: 1, redundancy: "=nosuch" } })).skus[0]!.capacity,
    ).toBeNull();
    expect(
      compute(base({ factors: { elasticity: 1, redundancy: { spare: "=nosuch" } } })).skus[0]!
        .capacity,
    ).toBeNull();
    // Spare 1: 5 + 1 = 6 replicas.
    expect(
      compute(base({ factors: { elasticity: 1, redundancy: { spare: 1 } } })).skus[0]!.capacity
        ?.replicas,
    ).toBe(6);
  });
});

describe("the recommendation", () => {
  const two = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    compute(base({ skus: [skuA({ name: "A", ...a }), skuA({ name: "B", ...b })] }));

  it("the cheapest feasible SKU by cost per hour; on a tie the first", () => {
    expect(two({ pricePerGpuHour: 3 }, { pricePerGpuHour: 2 }).cheapest).toBe("B");
    expect(two({ pricePerGpuHour: 2 }, { pricePerGpuHour: 3 }).cheapest).toBe("A");
    expect(two({ pricePerGpuHour: 3 }, { pricePerGpuHour: 3 }).cheapest).toBe("A");
  });

  it("an infeasible cheaper SKU is not recommended", () => {
    const r = two(
      { pricePerGpuHour: 3 },
      { pricePerGpuHour: 1, sweep: { points: [point({ ttftMs: { p99: 5000 } })] } },
    );
    expect(r.cheapest).toBe("A");
  });

  it("a checked SKU is recommended over a cheaper unchecked one; an unchecked one only when no checked one is feasible", () => {
    const r = two(
      { pricePerGpuHour: 3 },
      { pricePerGpuHour: 1, sweep: { replicaOutputTokensPerSec: 500 } },
    );
    expect(r.cheapest).toBe("A");
    expect(r.recommendationChecked).toBe(true);
    expect(enW(r)).toEqual([]);
    const u = two(
      { pricePerGpuHour: 3, sweep: { points: [point({ ttftMs: { p99: 5000 } })] } },
      { pricePerGpuHour: 1, sweep: { replicaOutputTokensPerSec: 500 } },
    );
    expect(u.cheapest).toBe("B");
    expect(u.recommendationChecked).toBe(false);
    expect(enW(u)).toEqual([
      "B is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): no SKU with a checked sweep is feasible",
    ]);
    expect(u.problems!.map((p) => [p.code, p.path])).toEqual([
      ["plan.uncheckedRecommended", "skus[1]"],
    ]);
    // Among unchecked SKUs, the cheapest; on a tie the first.
    const g = two(
      { pricePerGpuHour: 3, sweep: { replicaOutputTokensPerSec: 500 } },
      { pricePerGpuHour: 1, sweep: { replicaOutputTokensPerSec: 500 } },
    );
    expect(g.cheapest).toBe("B");
    const t = two(
      { pricePerGpuHour: 1, sweep: { replicaOutputTokensPerSec: 500 } },
      { pricePerGpuHour: 1, sweep: { replicaOutputTokensPerSec: 500 } },
    );
    expect(t.cheapest).toBe("A");
  });

  it("no recommendBy key unless the plan writes one; a schedule cost without schedules falls back to peak with a warning at recommendBy", () => {
    expect("recommendBy" in compute(base())).toBe(false);
    const r = compute(base({ recommendBy: "static" }));
    expect(r.recommendBy).toBe("peak");
    expect(r.cheapest).toBe("A");
    expect(r.problems!.map((p) => [p.code, p.path])).toEqual([
      ["trace.recommendByNoSchedule", "recommendBy"],
    ]);
    expect(enW(r)).toHaveLength(1);
    const p = compute(base({ recommendBy: "peak" }));
    expect(p.recommendBy).toBe("peak");
    expect(enW(p)).toEqual([]);
  });
});

describe("assemblePlan", () => {
  it("a SKU's input error becomes a plan error once, without its subject; an error without a path is at the SKU", () => {
    const plan = resolvePlan(structuredClone(base()) as unknown as PlanFile);
    const level = planLevel(plan);
    const sku = computeSku(plan, 0, level.wlInputs, new Map());
    const p = {
      code: "plan.noSweep",
      severity: "error" as const,
      params: {},
      subject: "skus[0] (chat)",
    };
    const withErrors: SkuResult = {
      ...sku,
      errorProblems: [
        p,
        { ...p, path: "skus[0].sweeps.chat" },
        { ...p, path: "skus[0].sweeps.chat" },
      ],
    };
    const r = assemblePlan(plan, [withErrors], level);
    expect(r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)])).toEqual([
      ["skus[0]", "INPUT", "no sweep for this workload"],
      ["skus[0].sweeps.chat", "INPUT", "no sweep for this workload"],
    ]);
    expect(r.errors[0]!.problem).not.toHaveProperty("subject");
  });
});

describe("planLevel", () => {
  it("keeps the tokens per request when only peakRps has an error; tokens per second need all three", () => {
    const r = compute(
      base({
        workloads: [{ name: "chat", peakRps: "=nosuch", inputTokens: 100, outputTokens: 250 }],
      }),
    );
    expect(r.workloads[0]!.tokensPerRequest).toBe(350);
    expect(r.workloads[0]!.tokensPerSec).toBeNull();
    // The formula error is the workload's only error.
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([["workloads[0].peakRps", "NAME"]]);
    const ok = compute(base());
    expect(ok.workloads[0]!.tokensPerRequest).toBe(350);
    expect(ok.workloads[0]!.tokensPerSec).toBe(3500);
  });
});

describe("the saturated-zone warning", () => {
  // Zones idle, idle, saturated, saturated; the knee at concurrency 4 (index 2).
  const pts = [
    { concurrency: 1, rps: 1, outputTokensPerSec: 200, ttftMs: { p99: 100 } },
    { concurrency: 2, rps: 2, outputTokensPerSec: 400, ttftMs: { p99: 105 } },
    { concurrency: 4, rps: 2.1, outputTokensPerSec: 420, ttftMs: { p99: 900 } },
    { concurrency: 8, rps: 2.1, outputTokensPerSec: 421, ttftMs: { p99: 6000 } },
  ];
  const sat = (maxMs: number, sloMode: string, points: unknown[] = pts) =>
    compute({
      format: "capplan.plan/v1",
      workload: { peakRps: 10, inputTokens: 500, outputTokens: 200 },
      sloMode,
      slo: [{ metric: "ttft", stat: "p99", maxMs }],
      skus: [{ name: "S", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { points } }],
    }).skus[0]!;
  const TAIL =
    "throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee";

  it("an interpolated point is judged by the step it was interpolated into (toward concurrency 4, saturated)", () => {
    const s = sat(500, "interpolated");
    expect(s.workloads[0]!.zones).toEqual(["idle", "idle", "saturated", "saturated"]);
    expect(s.operatingPoint!.concurrency).toBeCloseTo(2 + (395 / 795) * 2, 12);
    expect(s.problems.map(englishOf)).toEqual([
      "S: operating point interpolated to concurrency 2.99 between concurrency 2 and concurrency 4, where P99 TTFT reaches its 500 ms limit",
      `S: the operating point (concurrency 2.99) lies in the saturated zone (the knee is at concurrency 4): ${TAIL}`,
    ]);
  });

  it("a measured point below the knee gives no warning", () => {
    const s = sat(500, "measured");
    expect(s.operatingPoint!.concurrency).toBe(2);
    expect(s.problems.map(englishOf)).toEqual([]);
  });

  it("an open-loop sweep names request rates, ∞ included", () => {
    const rr = pts.map((p, i) => ({
      ...p,
      concurrency: null,
      requestRate: i === 3 ? "inf" : p.concurrency,
    }));
    expect(sat(5000, "measured", rr).problems.map(englishOf)).toEqual([
      `S: the operating point (request rate 4 req/s) lies in the saturated zone (the knee is at request rate 4 req/s): ${TAIL}`,
    ]);
    expect(sat(9000, "measured", rr).problems.map(englishOf)).toEqual([
      "S: every point meets the SLOs: the operating point is the highest load measured (request rate ∞ req/s); capacity may be higher",
      `S: the operating point (request rate ∞ req/s) lies in the saturated zone (the knee is at request rate 4 req/s): ${TAIL}`,
    ]);
  });

  it("an infeasible SKU has no saturated warning", () => {
    const s = sat(50, "measured");
    expect(s.feasible).toBe(false);
    expect(s.problems.map(englishOf).some((w) => w.includes("saturated"))).toBe(false);
  });
});

describe("planLevel: workload numbers and factors", () => {
  const rp = (workloads: unknown[], over: Record<string, unknown> = {}) =>
    ({
      title: "t",
      currency: "USD",
      cells: {},
      workloads,
      slo: [],
      sloMode: "measured",
      maxErrorRatePct: 1,
      elasticity: 1,
      redundancy: { factor: 1 },
      skus: [],
      tenants: null,
      errors: [],
      ...over,
    }) as unknown as Parameters<typeof planLevel>[0];
  const wl = (over: Record<string, unknown> = {}) => ({
    name: "w",
    peakRps: 2,
    avgRps: 1,
    dailyRequests: 50,
    inputTokens: 10,
    outputTokens: 20,
    ...over,
  });
  const errs = (r: ReturnType<typeof planLevel>) =>
    r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)]);

  it("a complete workload is an input with its tokens per request and per second", () => {
    const r = planLevel(rp([wl()]));
    expect(r.wlInputs).toEqual([
      { name: "w", peakRps: 2, inputTokens: 10, outputTokens: 20, avgRps: 1, dailyRequests: 50 },
    ]);
    expect(r.workloads[0]).toMatchObject({ tokensPerRequest: 30, tokensPerSec: 60 });
    expect(r.errors).toEqual([]);
    expect(r.schedules).toBeNull();
  });

  it("a trace that was not read: an INPUT error at its path naming the file, else its name, else ?", () => {
    const trace = (file: string | null, name: string | null) =>
      wl({ peakRps: null, trace: { file, name, binSec: 60, peak: "max" }, traffic: null });
    expect(errs(planLevel(rp([trace("t.csv", "n")])))).toEqual([
      [
        "workloads[0].trace",
        "INPUT",
        'workload "w": the trace t.csv has not been read, so the workload has no rates or lengths (capplan plan reads it; the app stores the imported numbers in the plan)',
      ],
    ]);
    expect(englishOf(planLevel(rp([trace(null, "n")])).errors[0]!.problem)).toContain(
      "the trace n has not been read",
    );
    expect(englishOf(planLevel(rp([trace(null, null)])).errors[0]!.problem)).toContain(
      "the trace ? has not been read",
    );
  });

  it("a read trace that gives no number: one error per missing field, in order, unless the workload has a formula error", () => {
    const w = wl({
      peakRps: null,
      outputTokens: null,
      trace: { file: "t.csv", name: null, binSec: 60, peak: "max" },
      traffic: {},
    });
    expect(errs(planLevel(rp([w])))).toEqual([
      [
        "workloads[0].peakRps",
        "VALUE",
        'workload "w": the trace gives no peakRps (an empty or aggregated trace); write it in the workload',
      ],
      [
        "workloads[0].outputTokens",
        "VALUE",
        'workload "w": the trace gives no outputTokens (an empty or aggregated trace); write it in the workload',
      ],
    ]);
    const withFormulaError = planLevel(
      rp([w], { errors: [{ path: "workloads[0].inputTokens", kind: "NAME", message: "m" }] }),
    );
    expect(withFormulaError.errors.map((e) => e.path)).toEqual(["workloads[0].inputTokens"]);
  });

  it("a workload missing a number without a formula error: one VALUE error at the workload", () => {
    expect(errs(planLevel(rp([wl(), wl({ name: "v", inputTokens: null })])))).toEqual([
      ["workloads[1]", "VALUE", "peakRps, inputTokens and outputTokens are required numbers"],
    ]);
    // A formula error of another workload does not count.
    expect(
      planLevel(
        rp([wl({ inputTokens: null })], {
          errors: [{ path: "workloads[1].peakRps", kind: "NAME", message: "m" }],
        }),
      ).errors.map((e) => e.path),
    ).toEqual(["workloads[1].peakRps", "workloads[0]"]);
  });

  it("the plan's formula errors come first, with their problem (text without a code as it is written)", () => {
    const problem = { code: "formula.unknownName", severity: "error" as const, params: {} };
    const r = planLevel(
      rp([wl()], {
        errors: [
          { path: "cells.a", kind: "NAME", message: "m", problem },
          { path: "cells.b", kind: "PARSE", message: "n", cycle: ["x"] },
        ],
      }),
    );
    expect(r.errors).toEqual([
      { path: "cells.a", kind: "NAME", problem },
      { path: "cells.b", kind: "PARSE", problem: textProblem("n", "error", "cells.b") },
    ]);
  });

  it("an elasticity that is not a number is an error at factors.elasticity, unless its formula already is", () => {
    expect(errs(planLevel(rp([wl()], { elasticity: null })))).toEqual([
      ["factors.elasticity", "VALUE", "elasticity must be a number"],
    ]);
    expect(
      planLevel(
        rp([wl()], {
          elasticity: null,
          errors: [{ path: "factors.elasticity", kind: "NAME", message: "m" }],
        }),
      ).errors.map((e) => e.path),
    ).toEqual(["factors.elasticity"]);
  });

  it("the schedules' errors are plan errors after the workloads'", () => {
    const r = planLevel(
      rp([
        wl({ inputTokens: null }),
        wl({
          name: "v",
          schedule: {
            intervalSec: 3600,
            rps: [1, -1],
            minReplicas: null,
            leadIntervals: null,
            fromTrace: false,
          },
        }),
      ]),
    );
    expect(r.errors.map((e) => e.path)).toEqual(["workloads[0]", "workloads[1].schedule.rps[1]"]);
    expect(r.schedules!.aligned).toBeNull();
  });
});

describe("the sweep's mean lengths against the workload's", () => {
  it("the mean over the points that have one (100 and 300 → 200 input, 400 output) is compared with the workload's lengths", () => {
    const points = [
      point({ concurrency: 2, meanInputTokens: 100, meanOutputTokens: 400 }),
      point({ concurrency: 4, meanInputTokens: null }),
      point({ concurrency: 8, meanInputTokens: 300 }),
    ];
    const s = compute(
      base({
        workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 }],
        skus: [skuA({ sweep: { points } })],
      }),
    ).skus[0]!;
    expect(s.problems.map(englishOf).filter((w) => w.includes("mean"))).toEqual([
      "chat: the sweep's mean input length (200 tokens) differs from the workload's (100 tokens) by 100 %; capacity measured at other lengths may not hold (docs/capacity.md)",
      "chat: the sweep's mean output length (400 tokens) differs from the workload's (250 tokens) by 60 %; capacity measured at other lengths may not hold (docs/capacity.md)",
    ]);
    const same = compute(
      base({
        workloads: [{ name: "chat", peakRps: 10, inputTokens: 200, outputTokens: 400 }],
        skus: [skuA({ sweep: { points } })],
      }),
    ).skus[0]!;
    expect(same.problems.map(englishOf).filter((w) => w.includes("mean"))).toEqual([]);
  });
});

describe("computeSku: the whole workload result and the guards before capacity", () => {
  it("a given capacity: the workload's full result, its warning pointing at the workload's sweep", () => {
    const s = compute(base({ skus: [skuA({ sweep: { replicaOutputTokensPerSec: 500 } })] }))
      .skus[0]!;
    expect(s.workloads[0]).toEqual({
      workload: "chat",
      feasible: true,
      operatingPoint: {
        concurrency: null,
        requestRate: null,
        rps: null,
        outputTokensPerSec: 500,
        totalTokensPerSec: null,
        basis: "given",
        bindingSlo: null,
        bindingErrorRate: false,
        sloBinding: false,
      },
      replicasBase: 5,
      replicaOutputTokensPerSec: 500,
      sweep: null,
      zones: [],
      kneeIndex: null,
      findings: [],
      detail: null,
      problems: [
        {
          code: "plan.capacityGiven",
          severity: "warning",
          params: { workload: "chat", tokS: 500 },
          path: "skus[0].sweeps.chat",
          subject: "A",
        },
      ],
      errorProblems: [],
    });
    expect(s.workloads[0]!.problems.map(englishOf)).toEqual([
      "A: capacity for chat is given (500 tok/s), so the SLOs were not checked against a sweep",
    ]);
    expect(s).toMatchObject({ name: "A", gpu: null, gpusPerReplica: 2, pricePerGpuHour: 3 });
  });

  it("the sweep's output tokens/s are used as measured, not rps × output tokens (640, not 2 × 250)", () => {
    const s = compute(
      base({ skus: [skuA({ sweep: { points: [point({ outputTokensPerSec: 640 })] } })] }),
    ).skus[0]!;
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(640);
    expect(s.problems.map(englishOf)).toEqual([ALL_PASS]);
  });

  it("no output tokens/s, no mean output in the sweep and no workload input: an error, no rps × tokens warning", () => {
    const s = compute(
      base({
        workloads: [{ name: "chat", inputTokens: 100, outputTokens: 250 }],
        skus: [skuA({ sweep: { points: [point({ outputTokensPerSec: undefined })] } })],
      }),
    ).skus[0]!;
    expect(s.feasible).toBeNull();
    expect(s.errorProblems.map(englishOf)).toEqual([
      "skus[0] (chat): the operating point has no output tokens/s",
    ]);
    expect(s.problems.map(englishOf)).toEqual([
      ALL_PASS,
      "A: workload chat has errors in its inputs",
    ]);
  });

  it("an infeasible workload stays infeasible beside a workload whose inputs have errors", () => {
    const s = compute(
      base({
        workloads: [
          { name: "a", peakRps: 1, inputTokens: 1, outputTokens: 1 },
          { name: "b", inputTokens: 1, outputTokens: 1 },
        ],
        skus: [skuA({ sweep: { points: [point({ ttftMs: { p99: 5000 } })] } })],
      }),
    ).skus[0]!;
    expect(s.feasible).toBe(false);
    expect(reasonOf(s)).toBe(
      "P99 TTFT ≤ 1000 ms fails already at the lowest load (8): 5,000 ms, 4,000 ms (400 %) over",
    );
  });

  it("a statistic missing: the SLOs were not checked", () => {
    const s = compute(base({ slo: [{ metric: "itl", stat: "p95", maxMs: 50 }] })).skus[0]!;
    expect(s.workloads[0]!.detail).not.toBeNull();
    expect(s.workloads[0]!.sweep).not.toBeNull();
    expect(s.sloChecked).toBe(false);
  });

  it("no workloads: nothing checked, no operating point, no capacity", () => {
    const s = compute(base({ workloads: [] })).skus[0]!;
    expect(s.feasible).toBe(true);
    expect(s.sloChecked).toBe(false);
    expect(s.operatingPoint).toBeNull();
    expect(s.capacity).toBeNull();
  });

  it("invalid GPUs, price, elasticity or redundancy: capacity is not even computed (no capacity warnings)", () => {
    expect(
      compute(
        base({ skus: [skuA({ gpusPerReplica: 0, pricePerGpuHour: -1 })] }),
      ).skus[0]!.problems.map(englishOf),
    ).toEqual([ALL_PASS]);
    expect(
      compute(base({ skus: [skuA({ gpusPerReplica: -2 })] })).skus[0]!.problems.map(englishOf),
    ).toEqual([ALL_PASS]);
    expect(
      compute(base({ factors: { elasticity: "=nosuch", redundancy: 1 } })).skus[0]!.problems.map(
        englishOf,
      ),
    ).toEqual([ALL_PASS]);
    expect(
      compute(base({ factors: { elasticity: 1, redundancy: "=nosuch" } })).skus[0]!.problems.map(
        englishOf,
      ),
    ).toEqual([ALL_PASS]);
  });

  it("replicas that overflow to Infinity leave no capacity", () => {
    const plan = resolvePlan(structuredClone(base()) as unknown as PlanFile);
    const s = computeSku(
      plan,
      0,
      [{ name: "chat", peakRps: 1e200, inputTokens: 1, outputTokens: 1e200 }],
      new Map(),
    );
    expect(s.feasible).toBe(true);
    expect(s.workloads[0]!.replicasBase).toBe(Number.POSITIVE_INFINITY);
    expect(s.capacity).toBeNull();
  });
});

describe("a SKU's schedule problems", () => {
  const sch = (reserved: number) =>
    compute(
      base({
        workloads: [
          {
            name: "chat",
            peakRps: 10,
            inputTokens: 100,
            outputTokens: 250,
            schedule: { intervalSec: 3600, rps: [10, 20] },
          },
        ],
        skus: [skuA({ reservedPricePerGpuHour: reserved })],
      }),
    );
  const ABOVE =
    'workload "chat": the schedule\'s highest rate (20 req/s) is above its peakRps (10 req/s); the static fleet of the schedule is larger than the one sized for peakRps';

  it("an error is the SKU's input error at its path (no schedule); the aligned schedules' warning is the plan's", () => {
    const r = sch(-1);
    const s = r.skus[0]!;
    expect(s.schedule).toBeNull();
    expect(s.errorProblems.map(englishOf)).toEqual([
      "skus[0].reservedPricePerGpuHour: the schedule needs reservedPricePerGpuHour as a number ≥ 0, got -1",
    ]);
    expect(s.errorProblems.map((p) => [p.path, p.subject])).toEqual([
      ["skus[0].reservedPricePerGpuHour", "skus[0].reservedPricePerGpuHour"],
    ]);
    expect(r.errors.map((e) => [e.path, englishOf(e.problem)])).toEqual([
      [
        "skus[0].reservedPricePerGpuHour",
        "the schedule needs reservedPricePerGpuHour as a number ≥ 0, got -1",
      ],
    ]);
    expect(enW(r)).toEqual([ABOVE]);
  });

  it("a warning is the SKU's, with its name", () => {
    const r = sch(30);
    expect(r.skus[0]!.problems.map(englishOf)).toEqual([
      ALL_PASS,
      "A: the reserved price (30 per GPU-hour) is not below the on-demand price (3): reserving never pays, so no replica is reserved",
    ]);
    expect(r.skus[0]!.problems.map((p) => [p.code, p.path, p.subject])).toEqual([
      ["slo.allPassHighest", undefined, "A"],
      ["schedule.reservedNotCheaper", "skus[0].reservedPricePerGpuHour", "A"],
    ]);
    expect(enW(r)).toEqual([ABOVE]);
    expect(r.skus[0]!.schedule!.reservedReplicas).toBe(0);
  });
});

describe("boundaries and edge cases", () => {
  /**
   * The plan computation (src/engine/plan/plan.ts), round 3 of issue #15: where each plan-level problem
   * points (its `path` as a value, not only the error entry's), a SKU without a sweep for a
   * workload, an unread sweep file, the inline sweep's defaults, a SKU's GPUs / price at 0 and
   * Infinity, the failed-share reason against an SLO that fails by more, the saturated warning of a
   * point without a load value, the recommendation with a SKU that has no cost, and the allocation
   * only when the plan has teams. Hand-computed numbers, exact texts.
   */
  type Resolved = ReturnType<typeof resolvePlan>;
  const resolve = (p: unknown): Resolved => resolvePlan(structuredClone(p) as PlanFile);
  const compute = (p: unknown, files?: ReadonlyMap<string, FileSweep>) =>
    computePlan(resolve(p), files);

  /** A resolved plan written by hand (for planLevel: no parsing in between). */
  const rp = (workloads: unknown[], over: Record<string, unknown> = {}) =>
    ({
      title: "t",
      currency: "USD",
      cells: {},
      workloads,
      slo: [],
      sloMode: "measured",
      maxErrorRatePct: 1,
      elasticity: 1,
      redundancy: { factor: 1 },
      skus: [],
      tenants: null,
      errors: [],
      ...over,
    }) as unknown as Resolved;
  const wl = (over: Record<string, unknown> = {}) => ({
    name: "w",
    peakRps: 2,
    avgRps: 1,
    dailyRequests: 50,
    inputTokens: 10,
    outputTokens: 20,
    ...over,
  });

  describe("planLevel: each problem points where its error entry does", () => {
    it("a trace not read: the problem's path is workloads[0].trace", () => {
      const r = planLevel(
        rp([
          wl({
            peakRps: null,
            trace: { file: "t.csv", name: null, binSec: 60, peak: "max" },
            traffic: null,
          }),
        ]),
      );
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]!.problem).toEqual({
        code: "trace.notRead",
        severity: "error",
        params: { workload: "w", file: "t.csv" },
        path: "workloads[0].trace",
      });
    });

    it("a read trace without a number: the problem's path is the field's (workloads[0].peakRps), and another part's error does not hide it", () => {
      const w = wl({
        peakRps: null,
        trace: { file: "t.csv", name: null, binSec: 60, peak: "max" },
        traffic: {},
      });
      const r = planLevel(rp([w], { errors: [{ path: "cells.x", kind: "NAME", message: "m" }] }));
      expect(r.errors.map((e) => [e.path, e.kind])).toEqual([
        ["cells.x", "NAME"],
        ["workloads[0].peakRps", "VALUE"],
      ]);
      expect(r.errors[1]!.problem).toEqual({
        code: "trace.noNumber",
        severity: "error",
        params: { workload: "w", field: "peakRps" },
        path: "workloads[0].peakRps",
      });
    });

    it("a workload missing a number: the problem's path is workloads[1]", () => {
      const r = planLevel(rp([wl(), wl({ name: "v", outputTokens: null })]));
      expect(r.errors.map((e) => e.problem)).toEqual([
        { code: "plan.workloadNumbers", severity: "error", params: {}, path: "workloads[1]" },
      ]);
    });

    it("an elasticity that is not a number: its problem is at factors.elasticity, also beside another error", () => {
      const r = planLevel(rp([wl({ inputTokens: null })], { elasticity: Number.NaN }));
      expect(r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)])).toEqual([
        ["workloads[0]", "VALUE", "peakRps, inputTokens and outputTokens are required numbers"],
        ["factors.elasticity", "VALUE", "elasticity must be a number"],
      ]);
      expect(r.errors[1]!.problem).toEqual({
        code: "plan.elasticityNotNumber",
        severity: "error",
        params: {},
        path: "factors.elasticity",
      });
    });
  });

  describe("computeSku: sweeps", () => {
    it("a SKU with no sweep for a workload: unknown, 'no sweep for this workload' at skus[0].sweeps.docs", () => {
      const plan = resolve(
        base({
          workloads: [
            { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 },
            { name: "docs", peakRps: 1, inputTokens: 100, outputTokens: 100 },
          ],
          skus: [
            {
              name: "A",
              gpusPerReplica: 2,
              pricePerGpuHour: 3,
              sweeps: { chat: { points: [point()] } },
            },
          ],
        }),
      );
      const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
      expect(s.feasible).toBeNull();
      expect(s.errorProblems.map(englishOf)).toEqual([
        "skus[0] (docs): no sweep for this workload",
      ]);
      expect(s.errorProblems).toEqual([
        {
          code: "plan.noSweep",
          severity: "error",
          params: {},
          subject: "skus[0] (docs)",
          path: "skus[0].sweeps.docs",
        },
      ]);
      expect(s.capacity).toBeNull();
    });

    it("a sweep file that could not be read (errors as text): each error is an error problem at the workload's sweep", () => {
      const plan = resolve(base({ skus: [skuA({ sweep: { file: "s.csv" } })] }));
      const files = new Map<string, FileSweep>([
        ["s.csv", { ok: false, problems: [textProblem("s.csv: no header", "error")] }],
      ]);
      const s = computeSku(plan, 0, planLevel(plan).wlInputs, files);
      expect(s.feasible).toBeNull();
      expect(s.errorProblems).toHaveLength(1);
      expect(s.errorProblems[0]).toMatchObject({
        severity: "error",
        subject: "skus[0] (chat)",
        path: "skus[0].sweeps.chat",
      });
      expect(s.errorProblems.map(englishOf)).toEqual(["skus[0] (chat): s.csv: no header"]);
    });

    it("an inline sweep without a label or warnings is 'inline sweep' with no warnings; its own warnings are kept", () => {
      const plan = resolve(base());
      const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
      expect(s.workloads[0]!.sweep!.label).toBe("inline sweep");
      expect(s.workloads[0]!.sweep!.warnings).toEqual([]);
      const withWarnings = {
        ...plan,
        skus: [
          {
            ...plan.skus[0]!,
            sweeps: { chat: { kind: "points" as const, points: [point()], warnings: ["w1"] } },
          },
        ],
      } as unknown as Resolved;
      expect(
        computeSku(withWarnings, 0, planLevel(withWarnings).wlInputs, new Map()).workloads[0]!
          .sweep!.warnings,
      ).toEqual(["w1"]);
    });

    it("a given capacity beside an SLO without a limit: no 'SLOs not checked' warning (no SLO is checkable), 2,500 ÷ 500 = 5 replicas", () => {
      const plan = resolve(
        base({
          slo: [{ metric: "ttft", stat: "p99", maxMs: null }],
          skus: [skuA({ sweep: { replicaOutputTokensPerSec: 500 } })],
        }),
      );
      const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
      expect(s.workloads[0]!.problems).toEqual([]);
      expect(s.workloads[0]!.replicasBase).toBe(5);
      // With a limit, the warning is there.
      const checked = resolve(
        base({ skus: [skuA({ sweep: { replicaOutputTokensPerSec: 500 } })] }),
      );
      expect(
        computeSku(checked, 0, planLevel(checked).wlInputs, new Map()).workloads[0]!.problems.map(
          englishOf,
        ),
      ).toEqual([
        "A: capacity for chat is given (500 tok/s), so the SLOs were not checked against a sweep",
      ]);
    });

    it("problems without a path get none (no path key at all), problems with one keep it", () => {
      const plan = resolve(base());
      const s = computeSku(plan, 0, planLevel(plan).wlInputs, new Map());
      const p = s.workloads[0]!.problems[0]!;
      expect(p.code).toBe("slo.allPassHighest");
      expect(Object.hasOwn(p, "path")).toBe(false);
      // A sweep file's problems that point somewhere keep their path (not the workload's sweep).
      const fp = resolve(base({ skus: [skuA({ sweep: { file: "s.csv" } })] }));
      const files = new Map<string, FileSweep>([
        [
          "s.csv",
          {
            ok: false,
            problems: [{ code: "plan.noSweep", severity: "error", params: {}, path: "somewhere" }],
          },
        ],
      ]);
      expect(computeSku(fp, 0, planLevel(fp).wlInputs, files).errorProblems).toEqual([
        {
          code: "plan.noSweep",
          severity: "error",
          params: {},
          subject: "skus[0] (chat)",
          path: "somewhere",
        },
      ]);
    });
  });

  describe("computeSku: why infeasible or unknown", () => {
    it("the lowest load fails an SLO by 100 % and the failed share by 50 %: the SLO is the reason (the larger overrun)", () => {
      // TTFT 2,000 ms against 1,000: +100 %; failed 3 of 200 = 1.5 % against 1 %: +50 %.
      const s = compute(
        base({
          maxErrorRatePct: 1,
          skus: [
            skuA({
              sweep: { points: [point({ ttftMs: { p99: 2000 }, completed: 197, failed: 3 })] },
            }),
          ],
        }),
      ).skus[0]!;
      expect(s.feasible).toBe(false);
      expect(s.infeasibleProblem!.code).toBe("plan.sloAtLowest");
      expect(s.infeasibleProblem!.params).toMatchObject({
        valueMs: 2000,
        overMs: 1000,
        overPct: 100,
      });
    });

    it("a point whose failed share is unknown: unknown, and no 'statistics missing' reason (every SLO statistic is there)", () => {
      const s = compute(base({ skus: [skuA({ sweep: { points: [point({ failed: 2 })] } })] }))
        .skus[0]!;
      expect(s.feasible).toBeNull();
      expect(s.infeasibleProblem).toBeNull();
      expect(s.sloChecked).toBe(false);
    });
  });

  describe("computeSku: when capacity is computed", () => {
    const withSku = (over: Record<string, unknown>) => {
      const plan = resolve(base());
      const sku = { ...plan.skus[0]!, ...over };
      const p = { ...plan, skus: [sku] } as Resolved;
      return computeSku(p, 0, planLevel(p).wlInputs, new Map());
    };

    it("0 GPUs per replica: an error, no capacity (not 5 replicas × 0 GPUs)", () => {
      const s = withSku({ gpusPerReplica: 0 });
      expect(s.capacity).toBeNull();
      expect(s.errorProblems.map(englishOf)).toEqual([
        "skus[0].gpusPerReplica: needs a positive number",
      ]);
    });

    it("Infinity GPUs per replica or price: an error, no capacity", () => {
      const g = withSku({ gpusPerReplica: Infinity });
      expect(g.capacity).toBeNull();
      expect(g.errorProblems.map((p) => p.path)).toEqual(["skus[0].gpusPerReplica"]);
      const p = withSku({ pricePerGpuHour: Infinity });
      expect(p.capacity).toBeNull();
      expect(p.errorProblems.map((q) => q.path)).toEqual(["skus[0].pricePerGpuHour"]);
    });

    it("a price of exactly 0: capacity with 5 replicas × 2 GPUs at 0 an hour", () => {
      const s = withSku({ pricePerGpuHour: 0 });
      expect(s.capacity).toMatchObject({ replicas: 5, gpus: 10, costPerHour: 0 });
      expect(s.errorProblems.map(englishOf)).toEqual([]);
    });

    it("a formula error elsewhere in the plan does not hide the SKU's own input error", () => {
      const plan = resolve(base());
      const p = {
        ...plan,
        skus: [{ ...plan.skus[0]!, gpusPerReplica: 0 }],
        errors: [{ path: "cells.x", kind: "NAME", message: "m" }],
      } as unknown as Resolved;
      expect(
        computeSku(p, 0, planLevel(p).wlInputs, new Map()).errorProblems.map((q) => q.path),
      ).toEqual(["skus[0].gpusPerReplica"]);
      // Its own formula error does.
      const q = {
        ...p,
        errors: [{ path: "skus[0].gpusPerReplica", kind: "NAME", message: "m" }],
      } as unknown as Resolved;
      expect(computeSku(q, 0, planLevel(q).wlInputs, new Map()).errorProblems).toEqual([]);
    });

    it("an elasticity of 0.5: the capacity's 'below 1' warning is a problem of the SKU too", () => {
      const s = compute(base({ factors: { elasticity: 0.5, redundancy: 1 } })).skus[0]!;
      expect(s.problems.map((p) => [p.code, p.path])).toEqual([
        ["slo.allPassHighest", undefined],
        ["capacity.factorBelowOne", "factors.elasticity"],
      ]);
    });
  });

  describe("the saturated warning", () => {
    const TAIL =
      ": throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee";

    it("a sweep along achieved req/s (no concurrency, no request rate): the operating point is at its rps, 4 req/s, not 'an unknown load'", () => {
      // 1 → 2 req/s: throughput 100 → 190 (+90 % for +100 %), TTFT × 1.2: linear; 2 → 4: 190 → 200 (+5.3 % for +100 %,
      // efficiency 0.053 < 0.2): saturated, the knee at the third point. Every point passes: the operating point is the
      // one with the most throughput, the third (4 req/s).
      const points = [
        { rps: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
        { rps: 2, outputTokensPerSec: 190, ttftMs: { p99: 120 } },
        { rps: 4, outputTokensPerSec: 200, ttftMs: { p99: 400 } },
      ];
      const s = compute(base({ skus: [skuA({ sweep: { points } })] })).skus[0]!;
      expect(s.workloads[0]!.zones).toEqual(["linear", "linear", "saturated"]);
      expect(s.operatingPoint).toMatchObject({ concurrency: null, requestRate: null, rps: 4 });
      const sat = s.problems.find((p) => p.code === "plan.saturated")!;
      expect(sat.params).toEqual({ kind: "rps", at: 4, kneeKind: "rps", knee: 4 });
      expect(s.problems.map(englishOf)).toContain(
        `A: the operating point (4 req/s achieved) lies in the saturated zone (the knee is at 4 req/s achieved)${TAIL}`,
      );
    });

    it("an operating point with no load value at all (after a saturated step): 'an unknown load' of the sweep's axis", () => {
      // c 1 → 2: throughput 100 → 110 (efficiency 0.1 < 0.2): saturated from the first point, the knee at c 1. The third
      // point has no concurrency and no rps (sorted last, saturated like the step before) and the most throughput (120).
      const points = [
        { concurrency: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
        { concurrency: 2, outputTokensPerSec: 110, ttftMs: { p99: 150 } },
        { outputTokensPerSec: 120, ttftMs: { p99: 160 } },
      ];
      const s = compute(base({ skus: [skuA({ sweep: { points } })] })).skus[0]!;
      expect(s.workloads[0]!.zones).toEqual(["saturated", "saturated", "saturated"]);
      const sat = s.problems.find((p) => p.code === "plan.saturated")!;
      expect(sat.params).toEqual({
        kind: "concurrency",
        at: null,
        kneeKind: "concurrency",
        knee: 1,
      });
      expect(s.problems.map(englishOf)).toContain(
        `A: the operating point (an unknown load) lies in the saturated zone (the knee is at concurrency 1)${TAIL}`,
      );
    });
  });

  describe("assemblePlan", () => {
    it("a feasible SKU without a cost (0 GPUs) is never recommended over one with a cost", () => {
      const r = compute(base({ skus: [skuA(), skuA({ name: "B", gpusPerReplica: 0 })] }));
      expect(r.skus[1]!.feasible).toBe(true);
      expect(r.skus[1]!.capacity).toBeNull();
      expect(r.cheapest).toBe("A");
    });

    it("a schedule cost without schedules: the warning names the cost asked for", () => {
      const r = compute(base({ recommendBy: "autoscaled" }));
      expect(enW(r)).toEqual([
        'recommendBy is "autoscaled" but the plan has no schedule; the recommendation compares the cost at peak',
      ]);
    });

    it("the aligned schedules' warnings are plan problems as well as plan warnings", () => {
      const r = compute(
        base({
          workloads: [
            {
              name: "chat",
              peakRps: 10,
              inputTokens: 100,
              outputTokens: 250,
              schedule: { intervalSec: 3600, rps: [10, 20] },
            },
          ],
        }),
      );
      expect(r.problems!.map((p) => [p.code, p.path])).toEqual([
        ["schedule.aboveConstantPeak", "workloads[0].schedule.rps"],
      ]);
      expect(enW(r)).toHaveLength(1);
    });

    it("two SKUs reporting the same error at the same path: one plan error", () => {
      const plan = resolve(base());
      const level = planLevel(plan);
      const sku = computeSku(
        { ...plan, skus: [{ ...plan.skus[0]!, gpusPerReplica: 0 }] } as Resolved,
        0,
        level.wlInputs,
        new Map(),
      );
      const r = assemblePlan(plan, [sku, sku], level);
      expect(r.errors.map((e) => [e.path, englishOf(e.problem)])).toEqual([
        ["skus[0].gpusPerReplica", "needs a positive number"],
      ]);
    });

    it("without teams the allocation is not computed (tenants null, the allocator never called)", () => {
      const plan = resolve(base());
      let calls = 0;
      const r = assemblePlan(
        plan,
        [computeSku(plan, 0, planLevel(plan).wlInputs, new Map())],
        planLevel(plan),
        () => {
          calls += 1;
          return {
            tenants: null,
            errors: [{ path: "tenants", kind: "VALUE", problem: textProblem("x", "error") }],
            problems: [textProblem("y")],
          };
        },
      );
      expect(calls).toBe(0);
      expect(r.tenants).toBeNull();
      expect(r.errors).toEqual([]);
      expect(enW(r)).toEqual([]);
    });
  });

  describe("sloChecked", () => {
    it("one workload from a checked sweep and one with a given capacity: the SKU is not checked (every workload must be)", () => {
      const two = base({
        workloads: [
          { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 },
          { name: "docs", peakRps: 1, inputTokens: 100, outputTokens: 100 },
        ],
        skus: [
          {
            name: "A",
            gpusPerReplica: 2,
            pricePerGpuHour: 3,
            sweeps: { chat: { points: [point()] }, docs: { replicaOutputTokensPerSec: 100 } },
          },
        ],
      });
      const s = compute(two).skus[0]!;
      expect(s.feasible).toBe(true);
      expect(s.sloChecked).toBe(false);
      // 2,500 ÷ 500 + 100 ÷ 100 = 6 replicas.
      expect(s.capacity).toMatchObject({ replicasBase: 6, replicas: 6 });
    });
  });
});
