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
const en = (ps: readonly Problem[]): string[] => ps.map(englishOf);

/** The English of a SKU's infeasible reason (the result carries the problem; plan --json renders it). */
const reasonOf = (s: { infeasibleProblem: Problem | null }): string | null =>
  s.infeasibleProblem ? englishOf(s.infeasibleProblem) : null;

const compute = (p: unknown) => computePlan(resolvePlan(structuredClone(p) as PlanFile));
/** The first SKU of base() planned with `over` (plan level). */
const skuOf = (over: Record<string, unknown> = {}) => compute(base(over)).skus[0]!;
/** base() with SKU A's sweep replaced: inline points, or any other sweep. */
const withPoints = (...points: unknown[]) => base({ skus: [skuA({ sweep: { points } })] });
const withSweep = (sweep: unknown) => base({ skus: [skuA({ sweep })] });
const given = (v: unknown) => withSweep({ replicaOutputTokensPerSec: v });
const errorsOf = (r: { errors: { path: string; kind: string; problem: Problem }[] }) =>
  r.errors.map((e) => [e.path, e.kind, englishOf(e.problem)]);
const pathKinds = (r: { errors: { path: string; kind: string }[] }) =>
  r.errors.map((e) => [e.path, e.kind]);
/** An operating point with every field; the numbers and basis given. */
const op = (over: Record<string, unknown>) => ({
  ...{ concurrency: null, requestRate: null, rps: null, totalTokensPerSec: null },
  ...{ bindingSlo: null, bindingErrorRate: false, sloBinding: false, ...over },
});
/** chat (10 req/s × 250 output tokens) and docs (1 req/s × 100); SKU A with per-workload sweeps. */
const twoWorkloads = (sweeps: Record<string, unknown>) =>
  base({
    workloads: [
      { name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 },
      { name: "docs", peakRps: 1, inputTokens: 100, outputTokens: 100 },
    ],
    skus: [{ name: "A", gpusPerReplica: 2, pricePerGpuHour: 3, sweeps }],
  });

const ALL_PASS =
  "A: every point meets the SLOs: the operating point is the highest load measured (concurrency 8); capacity may be higher";
const GIVEN_500 =
  "A: capacity for chat is given (500 tok/s), so the SLOs were not checked against a sweep";
const NO_OUTPUT = "skus[0] (chat): the operating point has no output tokens/s";
const WORKLOAD_ERRORS = "A: workload chat has errors in its inputs";

describe("a SKU planned from its sweep", () => {
  it("2,500 tok/s ÷ 500 = 5 replicas × 2 GPUs × 3 = 30 an hour; the SLOs were checked", () => {
    const r = compute(base());
    const s = r.skus[0]!;
    expect(s).toMatchObject({ feasible: true, sloChecked: true, infeasibleProblem: null });
    expect(reasonOf(s)).toBeNull();
    expect(s.workloads[0]).toMatchObject({ replicasBase: 5, replicaOutputTokensPerSec: 500 });
    expect(s.capacity).toMatchObject({ replicasBase: 5, replicas: 5, gpus: 10, costPerHour: 30 });
    expect(s.operatingPoint).toEqual(
      op({ concurrency: 8, rps: 2, outputTokensPerSec: 500, basis: "measured" }),
    );
    expect([en(s.problems), en(s.errorProblems)]).toEqual([[ALL_PASS], []]);
    expect(r).toMatchObject({ cheapest: "A", recommendationChecked: true, errors: [] });
    expect(enW(r)).toEqual([]);
  });

  it("a failed share limit of exactly 0 % is valid (no failures recorded pass)", () => {
    const s = skuOf({ maxErrorRatePct: 0 });
    expect(s.feasible).toBe(true);
    expect(s.capacity?.costPerHour).toBe(30);
  });

  it("without output tokens/s: rps × the sweep's mean output tokens (200) before the workload's (250): 400 tok/s → 6.25 → 7 replicas", () => {
    const p = withPoints(point({ outputTokensPerSec: undefined, meanOutputTokens: 200 }));
    const s = compute(p).skus[0]!;
    expect(s.workloads[0]).toMatchObject({ replicaOutputTokensPerSec: 400, replicasBase: 6.25 });
    expect(s.capacity).toMatchObject({ replicas: 7, costPerHour: 42 });
    expect(en(s.problems)).toEqual([
      ALL_PASS,
      "A: the sweep has no output tokens/s; used rps × 200 output tokens per request",
    ]);
  });

  it("rps 0 and no output tokens/s: no output tokens at the operating point is an error at the workload's sweep (unknown, no capacity)", () => {
    const r = compute(withPoints(point({ outputTokensPerSec: undefined, rps: 0 })));
    const s = r.skus[0]!;
    expect(s).toMatchObject({ feasible: null, sloChecked: false, capacity: null });
    expect(s.workloads[0]!.replicasBase).toBeNull();
    expect(en(s.errorProblems)).toEqual([NO_OUTPUT]);
    expect(reasonOf(s)).toBe(NO_OUTPUT);
    expect(errorsOf(r)).toEqual([
      ["skus[0].sweeps.chat", "INPUT", "the operating point has no output tokens/s"],
    ]);
    expect(r).toMatchObject({ cheapest: null, recommendationChecked: null });
  });
});

describe("SLO inputs with errors", () => {
  it("an SLO limit with an error: no SLO is checked (unknown) and the warning names its index", () => {
    const itl = { metric: "itl", stat: "p95", maxMs: "=nosuch" };
    const s = skuOf({ slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }, itl] });
    const reason = "slo[1].maxMs has an error, so no SLO can be checked";
    expect(s).toMatchObject({ feasible: null, capacity: null, sloChecked: false });
    expect(reasonOf(s)).toBe(reason);
    expect(s.infeasibleProblem?.path).toBe("slo[1].maxMs");
    expect(en(s.problems)).toEqual([reason]);
    expect(s.workloads[0]!.detail).toBeNull();
    expect(s.workloads[0]!.zones).toEqual(["linear"]);
  });

  it("a negative failed-share limit, or one with an error, keeps every load level unchecked", () => {
    const neg = skuOf({ maxErrorRatePct: -1 });
    expect(neg.feasible).toBeNull();
    expect(reasonOf(neg)).toBe(
      "maxErrorRatePct is -1, not a percentage ≥ 0, so no load level can be checked",
    );
    expect(neg.infeasibleProblem?.path).toBe("maxErrorRatePct");
    const bad = skuOf({ maxErrorRatePct: "=nosuch" });
    expect(bad.feasible).toBeNull();
    expect(reasonOf(bad)).toBe("maxErrorRatePct has an error, so no load level can be checked");
  });
});

describe("why a SKU is infeasible or unknown", () => {
  it("an SLO failing at the lowest load: the SLO, the load, the value and the overrun", () => {
    const s = skuOf({ slo: [{ metric: "ttft", stat: "p99", maxMs: 500 }] });
    expect(s).toMatchObject({ feasible: false, capacity: null, sloChecked: true });
    expect(reasonOf(s)).toBe(
      "P99 TTFT ≤ 500 ms fails already at the lowest load (8): 700 ms, 200 ms (40 %) over",
    );
  });

  it("too many failed requests at the lowest load: the share, the load and the limit, at maxErrorRatePct", () => {
    const s = compute(withPoints(point({ completed: 90, failed: 10 }))).skus[0]!;
    expect(s.feasible).toBe(false);
    expect(reasonOf(s)).toBe(
      "10 % of requests fail already at the lowest load (8), over the 1 % limit (maxErrorRatePct)",
    );
    expect(s.infeasibleProblem?.path).toBe("maxErrorRatePct");
  });

  it("a statistic the sweep does not have: unknown, naming the SLO and what the sweep has", () => {
    const s = skuOf({ slo: [{ metric: "itl", stat: "p95", maxMs: 50 }] });
    expect(s.feasible).toBeNull();
    expect(reasonOf(s)).toBe("P95 ITL is missing; the sweep has none");
    const t = skuOf({
      slo: [{ metric: "ttft", stat: "p95", maxMs: 1000 }],
      skus: [skuA({ sweep: { points: [point({ ttftMs: { p50: 300, p99: 700 } })] } })],
    });
    expect(reasonOf(t)).toBe("P95 TTFT is missing; the sweep has p50, p99");
    // A statistic missing: the SLOs were not checked.
    expect(s.workloads[0]!.detail).not.toBeNull();
    expect(s.workloads[0]!.sweep).not.toBeNull();
    expect(s.sloChecked).toBe(false);
  });

  it("a workload whose inputs have errors: unknown, with its path", () => {
    const r = compute(base({ workloads: [{ name: "chat", inputTokens: 100, outputTokens: 250 }] }));
    const s = r.skus[0]!;
    expect(s.feasible).toBeNull();
    expect(reasonOf(s)).toBe("workload chat has errors in its inputs");
    expect(s.infeasibleProblem?.path).toBe("workloads[0]");
    expect(en(s.problems)).toEqual([ALL_PASS, WORKLOAD_ERRORS]);
    expect(errorsOf(r)).toEqual([
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
      const s = skuOf({ workloads: wls(order), skus: [skuA({ sweep: undefined, sweeps })] });
      expect(s.feasible, order.join()).toBe(false);
      const expected = order.map((n) => (n === "fail" ? false : null));
      expect(s.workloads.map((w) => w.feasible)).toEqual(expected);
    }
    // Feasible and unknown: unknown.
    const okSweeps = { ok: { points: [point()] }, unknown: sweeps.unknown };
    const s = skuOf({
      workloads: wls(["ok", "unknown"]),
      skus: [skuA({ sweep: undefined, sweeps: okSweeps })],
    });
    expect(s).toMatchObject({ feasible: null, capacity: null });
  });

  it("no sweep, an unread file: errors at the workload's sweep path, subject `skus[0] (chat)`", () => {
    const none = compute(withSweep(undefined));
    expect(reasonOf(none.skus[0]!)).toBe("skus[0] (chat): no sweep for this workload");
    expect(errorsOf(none)).toEqual([
      ["skus[0].sweeps.chat", "INPUT", "no sweep for this workload"],
    ]);
    const file = compute(withSweep({ file: "x.json" }));
    expect(reasonOf(file.skus[0]!)).toBe("skus[0] (chat): sweep file x.json was not read");
  });

  it("an infeasible workload stays infeasible beside a workload whose inputs have errors", () => {
    const s = skuOf({
      workloads: [
        { name: "a", peakRps: 1, inputTokens: 1, outputTokens: 1 },
        { name: "b", inputTokens: 1, outputTokens: 1 },
      ],
      skus: [skuA({ sweep: { points: [point({ ttftMs: { p99: 5000 } })] } })],
    });
    expect(s.feasible).toBe(false);
    expect(reasonOf(s)).toBe(
      "P99 TTFT ≤ 1000 ms fails already at the lowest load (8): 5,000 ms, 4,000 ms (400 %) over",
    );
  });
});

describe("a given capacity", () => {
  it("with SLOs: planned, with a warning that the SLOs were not checked (tok/s to one decimal), and recommended as unchecked", () => {
    const r = compute(given(1234.56));
    const s = r.skus[0]!;
    expect(s).toMatchObject({ feasible: true, sloChecked: false });
    // 2,500 ÷ 1,234.56 = 2.03 → 3 replicas × 2 × 3 = 18
    expect(s.capacity).toMatchObject({ replicas: 3, costPerHour: 18 });
    expect(en(s.problems)).toEqual([
      "A: capacity for chat is given (1,234.6 tok/s), so the SLOs were not checked against a sweep",
    ]);
    expect(s.operatingPoint).toEqual(op({ outputTokensPerSec: 1234.56, basis: "given" }));
    expect(r).toMatchObject({ cheapest: "A", recommendationChecked: false });
    expect(enW(r)).toEqual([
      "A is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): no SKU has a sweep checked against the SLOs",
    ]);
    const codes = r.problems!.map((p) => [p.code, p.path]);
    expect(codes).toEqual([["plan.uncheckedRecommended", "skus[0]"]]);
  });

  it("without SLOs: no warning", () => {
    const s = skuOf({ slo: [], skus: [skuA({ sweep: { replicaOutputTokensPerSec: 500 } })] });
    expect(en(s.problems)).toEqual([]);
    expect(s.capacity?.replicas).toBe(5);
  });

  it.each([0, -5])("%s is an error naming the number", (v) => {
    const s = compute(given(v)).skus[0]!;
    expect(s).toMatchObject({ feasible: null, capacity: null });
    expect(en(s.errorProblems)).toEqual([
      `skus[0] (chat): replicaOutputTokensPerSec must be positive, got ${v}`,
    ]);
  });

  it("a formula error is 'not a number'", () => {
    const f = compute(given("=nosuch"));
    expect(en(f.skus[0]!.errorProblems)).toEqual([
      "skus[0] (chat): replicaOutputTokensPerSec is not a number",
    ]);
    expect(pathKinds(f)).toEqual([
      ["skus[0].sweep.replicaOutputTokensPerSec", "NAME"],
      ["skus[0].sweeps.chat", "INPUT"],
    ]);
  });
});

describe("SKU inputs", () => {
  it("GPUs per replica must be positive and the price ≥ 0: errors at their paths, no capacity", () => {
    const r = compute(base({ skus: [skuA({ gpusPerReplica: 0, pricePerGpuHour: -1 })] }));
    const s = r.skus[0]!;
    expect(en(s.errorProblems)).toEqual([
      "skus[0].gpusPerReplica: needs a positive number",
      "skus[0].pricePerGpuHour: needs a number ≥ 0",
    ]);
    expect(s.capacity).toBeNull();
    expect(errorsOf(r)).toEqual([
      ["skus[0].gpusPerReplica", "INPUT", "needs a positive number"],
      ["skus[0].pricePerGpuHour", "INPUT", "needs a number ≥ 0"],
    ]);
    expect(r.cheapest).toBeNull();
  });

  it("a price of exactly 0 and a fraction of a GPU are valid", () => {
    const s = skuOf({ skus: [skuA({ gpusPerReplica: 0.5, pricePerGpuHour: 0 })] });
    expect(en(s.errorProblems)).toEqual([]);
    expect(s.capacity).toMatchObject({ replicas: 5, gpus: 2.5, costPerHour: 0 });
  });

  it("a formula error in the GPUs or the price is told once (the formula's), not again as an input error", () => {
    const r = compute(
      base({ skus: [skuA({ gpusPerReplica: "=nosuch", pricePerGpuHour: "=nothere" })] }),
    );
    expect(en(r.skus[0]!.errorProblems)).toEqual([]);
    expect(r.skus[0]!.capacity).toBeNull();
    expect(pathKinds(r)).toEqual([
      ["skus[0].gpusPerReplica", "NAME"],
      ["skus[0].pricePerGpuHour", "NAME"],
    ]);
  });

  it("an elasticity with an error leaves the SKU feasible without capacity; the plan error is the formula's only", () => {
    const r = compute(base({ factors: { elasticity: "=nosuch", redundancy: 1 } }));
    expect(r.skus[0]).toMatchObject({ feasible: true, capacity: null });
    expect(pathKinds(r)).toEqual([["factors.elasticity", "NAME"]]);
    expect(r.cheapest).toBeNull();
  });

  it("a redundancy with an error (factor or spare) leaves no capacity", () => {
    const redundancy = (r: unknown) => skuOf({ factors: { elasticity: 1, redundancy: r } });
    expect(redundancy("=nosuch").capacity).toBeNull();
    expect(redundancy({ spare: "=nosuch" }).capacity).toBeNull();
    // Spare 1: 5 + 1 = 6 replicas.
    expect(redundancy({ spare: 1 }).capacity?.replicas).toBe(6);
  });

  // invalid GPUs, price, elasticity or redundancy: capacity is not even computed (no capacity warnings)
  it.each([
    ["GPUs 0, price -1", { skus: [skuA({ gpusPerReplica: 0, pricePerGpuHour: -1 })] }],
    ["GPUs -2", { skus: [skuA({ gpusPerReplica: -2 })] }],
    ["elasticity error", { factors: { elasticity: "=nosuch", redundancy: 1 } }],
    ["redundancy error", { factors: { elasticity: 1, redundancy: "=nosuch" } }],
  ])("%s: no capacity warnings", (_, over) => {
    expect(en(skuOf(over).problems)).toEqual([ALL_PASS]);
  });
});

describe("the sweep's mean lengths against the workload's", () => {
  it("the mean over the points that have one (100 and 300 → 200 input, 400 output) is compared with the workload's lengths", () => {
    const sweep = {
      points: [
        point({ concurrency: 2, meanInputTokens: 100, meanOutputTokens: 400 }),
        point({ concurrency: 4, meanInputTokens: null }),
        point({ concurrency: 8, meanInputTokens: 300 }),
      ],
    };
    const means = (inputTokens: number, outputTokens: number) =>
      en(
        skuOf({
          workloads: [{ name: "chat", peakRps: 10, inputTokens, outputTokens }],
          skus: [skuA({ sweep })],
        }).problems,
      ).filter((w) => w.includes("mean"));
    expect(means(100, 250)).toEqual([
      "chat: the sweep's mean input length (200 tokens) differs from the workload's (100 tokens) by 100 %; capacity measured at other lengths may not hold (docs/capacity.md)",
      "chat: the sweep's mean output length (400 tokens) differs from the workload's (250 tokens) by 60 %; capacity measured at other lengths may not hold (docs/capacity.md)",
    ]);
    expect(means(200, 400)).toEqual([]);
  });
});

describe("computeSku: the whole workload result and the guards before capacity", () => {
  it("a given capacity: the workload's full result, its warning pointing at the workload's sweep", () => {
    const s = compute(given(500)).skus[0]!;
    expect(s.workloads[0]).toEqual({
      workload: "chat",
      feasible: true,
      operatingPoint: op({ outputTokensPerSec: 500, basis: "given" }),
      replicasBase: 5,
      replicaOutputTokensPerSec: 500,
      ...{ sweep: null, zones: [], kneeIndex: null, findings: [], detail: null },
      problems: [
        {
          ...{ code: "plan.capacityGiven", severity: "warning" },
          ...{ params: { workload: "chat", tokS: 500 }, path: "skus[0].sweeps.chat", subject: "A" },
        },
      ],
      errorProblems: [],
    });
    expect(en(s.workloads[0]!.problems)).toEqual([GIVEN_500]);
    expect(s).toMatchObject({ name: "A", gpu: null, gpusPerReplica: 2, pricePerGpuHour: 3 });
  });

  it("the sweep's output tokens/s are used as measured, not rps × output tokens (640, not 2 × 250)", () => {
    const s = compute(withPoints(point({ outputTokensPerSec: 640 }))).skus[0]!;
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(640);
    expect(en(s.problems)).toEqual([ALL_PASS]);
  });

  it("no output tokens/s, no mean output in the sweep and no workload input: an error, no rps × tokens warning", () => {
    const s = skuOf({
      workloads: [{ name: "chat", inputTokens: 100, outputTokens: 250 }],
      skus: [skuA({ sweep: { points: [point({ outputTokensPerSec: undefined })] } })],
    });
    expect(s.feasible).toBeNull();
    expect(en(s.errorProblems)).toEqual([NO_OUTPUT]);
    expect(en(s.problems)).toEqual([ALL_PASS, WORKLOAD_ERRORS]);
  });

  it("no workloads: nothing checked, no operating point, no capacity", () => {
    const s = skuOf({ workloads: [] });
    expect(s).toMatchObject({ feasible: true, sloChecked: false, operatingPoint: null });
    expect(s.capacity).toBeNull();
  });

  it("replicas that overflow to Infinity leave no capacity", () => {
    const plan = resolvePlan(structuredClone(base()) as unknown as PlanFile);
    const huge = [{ name: "chat", peakRps: 1e200, inputTokens: 1, outputTokens: 1e200 }];
    const s = computeSku(plan, 0, huge, new Map());
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
            ...{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 },
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
    const path = "skus[0].reservedPricePerGpuHour";
    const text = "the schedule needs reservedPricePerGpuHour as a number ≥ 0, got -1";
    expect(s.schedule).toBeNull();
    expect(en(s.errorProblems)).toEqual([`${path}: ${text}`]);
    expect(s.errorProblems.map((p) => [p.path, p.subject])).toEqual([[path, path]]);
    expect(r.errors.map((e) => [e.path, englishOf(e.problem)])).toEqual([[path, text]]);
    expect(enW(r)).toEqual([ABOVE]);
  });

  it("a warning is the SKU's, with its name", () => {
    const r = sch(30);
    expect(en(r.skus[0]!.problems)).toEqual([
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
  /** computeSku of the plan's first SKU, with the plan's own workload inputs. */
  const sku0 = (plan: Resolved, files: ReadonlyMap<string, FileSweep> = new Map()) =>
    computeSku(plan, 0, planLevel(plan).wlInputs, files);
  const fileErrors = (problems: Problem[]) =>
    new Map<string, FileSweep>([["s.csv", { ok: false, problems }]]);
  const noSweep = { code: "plan.noSweep", severity: "error", params: {} };

  describe("computeSku: sweeps", () => {
    it("a SKU with no sweep for a workload: unknown, 'no sweep for this workload' at skus[0].sweeps.docs", () => {
      const s = sku0(resolve(twoWorkloads({ chat: { points: [point()] } })));
      expect(s).toMatchObject({ feasible: null, capacity: null });
      expect(en(s.errorProblems)).toEqual(["skus[0] (docs): no sweep for this workload"]);
      expect(s.errorProblems).toEqual([
        { ...noSweep, subject: "skus[0] (docs)", path: "skus[0].sweeps.docs" },
      ]);
    });

    it("a sweep file that could not be read (errors as text): each error is an error problem at the workload's sweep", () => {
      const files = fileErrors([textProblem("s.csv: no header", "error")]);
      const s = sku0(resolve(withSweep({ file: "s.csv" })), files);
      expect(s.feasible).toBeNull();
      expect(s.errorProblems).toHaveLength(1);
      const where = { severity: "error", subject: "skus[0] (chat)", path: "skus[0].sweeps.chat" };
      expect(s.errorProblems[0]).toMatchObject(where);
      expect(en(s.errorProblems)).toEqual(["skus[0] (chat): s.csv: no header"]);
    });

    it("an inline sweep without a label or warnings is 'inline sweep' with no warnings; its own warnings are kept", () => {
      const plan = resolve(base());
      const s = sku0(plan);
      expect(s.workloads[0]!.sweep!.label).toBe("inline sweep");
      expect(s.workloads[0]!.sweep!.warnings).toEqual([]);
      const chat = { kind: "points" as const, points: [point()], warnings: ["w1"] };
      const withWarnings = {
        ...plan,
        skus: [{ ...plan.skus[0]!, sweeps: { chat } }],
      } as unknown as Resolved;
      expect(sku0(withWarnings).workloads[0]!.sweep!.warnings).toEqual(["w1"]);
    });

    it("a given capacity beside an SLO without a limit: no 'SLOs not checked' warning (no SLO is checkable), 2,500 ÷ 500 = 5 replicas", () => {
      const plan = resolve({ ...given(500), slo: [{ metric: "ttft", stat: "p99", maxMs: null }] });
      const s = sku0(plan);
      expect(s.workloads[0]!.problems).toEqual([]);
      expect(s.workloads[0]!.replicasBase).toBe(5);
      // With a limit, the warning is there.
      expect(en(sku0(resolve(given(500))).workloads[0]!.problems)).toEqual([GIVEN_500]);
    });

    it("problems without a path get none (no path key at all), problems with one keep it", () => {
      const p = sku0(resolve(base())).workloads[0]!.problems[0]!;
      expect(p.code).toBe("slo.allPassHighest");
      expect(Object.hasOwn(p, "path")).toBe(false);
      // A sweep file's problems that point somewhere keep their path (not the workload's sweep).
      const files = fileErrors([{ ...noSweep, path: "somewhere" } as Problem]);
      expect(sku0(resolve(withSweep({ file: "s.csv" })), files).errorProblems).toEqual([
        { ...noSweep, subject: "skus[0] (chat)", path: "somewhere" },
      ]);
    });
  });

  describe("computeSku: why infeasible or unknown", () => {
    it("the lowest load fails an SLO by 100 % and the failed share by 50 %: the SLO is the reason (the larger overrun)", () => {
      // TTFT 2,000 ms against 1,000: +100 %; failed 3 of 200 = 1.5 % against 1 %: +50 %.
      const pt = point({ ttftMs: { p99: 2000 }, completed: 197, failed: 3 });
      const s = compute({ ...withPoints(pt), maxErrorRatePct: 1 }).skus[0]!;
      expect(s.feasible).toBe(false);
      expect(s.infeasibleProblem!.code).toBe("plan.sloAtLowest");
      expect(s.infeasibleProblem!.params).toMatchObject({
        valueMs: 2000,
        overMs: 1000,
        overPct: 100,
      });
    });

    it("a point whose failed share is unknown: unknown, and no 'statistics missing' reason (every SLO statistic is there)", () => {
      const s = compute(withPoints(point({ failed: 2 }))).skus[0]!;
      expect(s).toMatchObject({ feasible: null, infeasibleProblem: null, sloChecked: false });
    });
  });

  describe("computeSku: when capacity is computed", () => {
    const withSku = (over: Record<string, unknown>) => {
      const plan = resolve(base());
      return sku0({ ...plan, skus: [{ ...plan.skus[0]!, ...over }] } as Resolved);
    };
    const paths = (ps: Problem[]) => ps.map((p) => p.path);

    it("0 GPUs per replica: an error, no capacity (not 5 replicas × 0 GPUs)", () => {
      const s = withSku({ gpusPerReplica: 0 });
      expect(s.capacity).toBeNull();
      expect(en(s.errorProblems)).toEqual(["skus[0].gpusPerReplica: needs a positive number"]);
    });

    it.each([
      ["gpusPerReplica", { gpusPerReplica: Infinity }],
      ["pricePerGpuHour", { pricePerGpuHour: Infinity }],
    ])("Infinity %s: an error, no capacity", (field, over) => {
      const s = withSku(over);
      expect(s.capacity).toBeNull();
      expect(paths(s.errorProblems)).toEqual([`skus[0].${field}`]);
    });

    it("a price of exactly 0: capacity with 5 replicas × 2 GPUs at 0 an hour", () => {
      const s = withSku({ pricePerGpuHour: 0 });
      expect(s.capacity).toMatchObject({ replicas: 5, gpus: 10, costPerHour: 0 });
      expect(en(s.errorProblems)).toEqual([]);
    });

    it("a formula error elsewhere in the plan does not hide the SKU's own input error", () => {
      const plan = resolve(base());
      const withError = (path: string) =>
        ({
          ...plan,
          skus: [{ ...plan.skus[0]!, gpusPerReplica: 0 }],
          errors: [{ path, kind: "NAME", message: "m" }],
        }) as unknown as Resolved;
      expect(paths(sku0(withError("cells.x")).errorProblems)).toEqual(["skus[0].gpusPerReplica"]);
      // Its own formula error does.
      expect(sku0(withError("skus[0].gpusPerReplica")).errorProblems).toEqual([]);
    });

    it("an elasticity of 0.5: the capacity's 'below 1' warning is a problem of the SKU too", () => {
      const s = skuOf({ factors: { elasticity: 0.5, redundancy: 1 } });
      expect(s.problems.map((p) => [p.code, p.path])).toEqual([
        ["slo.allPassHighest", undefined],
        ["capacity.factorBelowOne", "factors.elasticity"],
      ]);
    });
  });

  describe("sloChecked", () => {
    it("one workload from a checked sweep and one with a given capacity: the SKU is not checked (every workload must be)", () => {
      const two = twoWorkloads({
        chat: { points: [point()] },
        docs: { replicaOutputTokensPerSec: 100 },
      });
      const s = compute(two).skus[0]!;
      expect(s).toMatchObject({ feasible: true, sloChecked: false });
      // 2,500 ÷ 500 + 100 ÷ 100 = 6 replicas.
      expect(s.capacity).toMatchObject({ replicasBase: 6, replicas: 6 });
    });
  });
});
