/**
 * One SKU of a plan (src/engine/plan/sku.ts, docs/operating-point.md, docs/capacity.md): why a SKU
 * is infeasible or unknown, which inputs are errors (at which path), when capacity is computed, the
 * replica throughput taken from rps × output tokens, and the SKU's schedule problems.
 * Hand-calculated numbers, exact texts.
 */
import { describe, expect, it } from "vitest";
import { computePlan, computeSku, planLevel } from "../../../src/engine/plan/plan";
import type { FileSweep } from "../../../src/engine/plan/plan-result";
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

describe("computeSku: boundaries and edge cases", () => {
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
