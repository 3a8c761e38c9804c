/**
 * The explicit result model (src/engine/plan/plan-result.ts, docs/architecture.md): a SKU's replica and
 * cost numbers are one `capacity` object or null, never a partial object; each workload keeps the
 * replica throughput it was planned with; a missing number is null everywhere, and `plan --json`
 * still writes the numbers flat on the SKU. A result carries its warnings and errors as problems
 * only (code, severity, path; no English is stored: docs/problems.md), and no NaN: every number in
 * a result is finite, and an absent number is null with a problem saying why.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { planJson } from "../../../src/report/plan-output";
import { skuDerivations } from "../../../src/ui/explain";
import type { Problem } from "../../../src/engine/base/problems";
import type { PlanResult } from "../../../src/engine/plan/plan-result";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { randomPlan } from "../../golden/gen";

const compute = (p: unknown) => computePlan(resolvePlan(structuredClone(p) as PlanFile));
const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;

/** One inline sweep point: concurrency 8, 2 req/s, no output tokens/s, P99 TTFT 700 ms. */
const point = { concurrency: 8, rps: 2, ttftMs: { p99: 700 } };
const rpsOnly = (maxMs: number): PlanFile =>
  ({
    format: "capplan.plan/v1",
    title: "rps only",
    currency: "USD",
    workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs }],
    factors: { elasticity: 1, redundancy: 1 },
    skus: [{ name: "A", gpusPerReplica: 2, pricePerGpuHour: 3, sweep: { points: [point] } }],
  }) as unknown as PlanFile;

describe("SkuResult.capacity", () => {
  it("holds every replica and cost number of a planned SKU (the seed example, by hand); the result has no English string arrays: no warnings, no error messages, no infeasibleReason", () => {
    const r = compute(seed);
    const s = r.skus[0]!;
    // 50 RPS × 300 output tokens ÷ 1,500 tok/s = 10; × 1.2 × 1.2 = 14.4 → 15 replicas; × 4 = 60 GPUs; × 20 CNY = 1,200 CNY/h.
    expect(s.capacity).not.toBeNull();
    const { replicasBase, replicas, gpus, costPerHour, costPerDay, costPerMonth } = s.capacity!;
    expect([replicasBase, replicas, gpus, costPerHour, costPerDay, costPerMonth]).toEqual([
      10, 15, 60, 1200, 28800, 876000,
    ]);
    expect(s.capacity!.replicaOutputTokensPerSec).toBe(1500);
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(1500);
    // The numbers are not also spread on the SKU.
    expect(Object.keys(s)).not.toContain("replicas");
    expect(Object.keys(s)).toContain("capacity");
    expect(Object.keys(r)).not.toContain("warnings");
    expect(r.errors.every((e) => !("message" in e))).toBe(true);
    for (const k of r.skus) {
      expect(Object.keys(k)).not.toContain("warnings");
      expect(Object.keys(k)).not.toContain("infeasibleReason");
      for (const w of k.workloads)
        expect(w.detail === null || !("warnings" in w.detail)).toBe(true);
    }
  });

  it("is null for an infeasible SKU (and its workload's replica throughput), and plan --json writes its numbers as null with no peak or forecast", () => {
    const r = compute(rpsOnly(500)); // 700 ms > 500 ms at the only load
    const s = r.skus[0]!;
    expect(s.feasible).toBe(false);
    expect(s.capacity).toBeNull();
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBeNull();
    const json = (planJson(r) as { skus: Record<string, unknown>[] }).skus[0]!;
    const first = "replicasBase replicasRaw replicas gpus costPerHour costPerDay costPerMonth";
    const keys = [...first.split(" "), "costPerOutputToken", "costPerMillionOutputTokens"];
    expect(Object.keys(json).slice(0, 10)).toEqual([...keys, "costPerRequest"]);
    expect(Object.values(json).slice(0, 10)).toEqual(Array(10).fill(null));
    expect(json).not.toHaveProperty("peak");
    expect(json).not.toHaveProperty("capacity");
  });
});

describe("plan --json keeps its key order", () => {
  it("capacity numbers first, the SKU's fields, peak … replicaOutputTokensPerSec, then schedule", () => {
    const schedule = { intervalSec: 3600, rps: [50, 25, 5, 0] };
    const p = {
      ...structuredClone(seed),
      workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300, schedule }],
    } as unknown as PlanFile;
    const r = compute(p);
    expect(r.skus[0]!.schedule).not.toBeNull();
    const keys = Object.keys((planJson(r) as { skus: Record<string, unknown>[] }).skus[0]!);
    expect(keys.slice(0, 3)).toEqual(["replicasBase", "replicasRaw", "replicas"]);
    const last = "peak forecast utilizationAtPeak replicaOutputTokensPerSec schedule";
    expect(keys.slice(-5)).toEqual(last.split(" "));
  });
});

describe("each workload keeps its replica throughput", () => {
  it("rps × output tokens when the sweep has no tokens/s (a given capacity: the seed test)", () => {
    const r = compute(rpsOnly(1000));
    const s = r.skus[0]!;
    // 2 req/s × 250 output tokens = 500 tok/s per replica; 10 × 250 ÷ 500 = 5 replicas.
    const w = s.workloads[0]!;
    expect([w.replicaOutputTokensPerSec, w.replicasBase, s.capacity!.replicas]).toEqual([
      500, 5, 5,
    ]);
    // The explanation formats the stored number (it is not in plan --json).
    const d = skuDerivations(r, s, "en");
    expect(d.find((x) => x.key === "replicasBase")!.formula).toBe("10 × 250 ÷ 500 = 5");
    expect(JSON.stringify(planJson(r))).not.toContain('"replicaOutputTokensPerSec":500,"sweep"');
  });
});

const PROBLEM_KEYS = new Set(["problem", "problems", "errorProblems", "infeasibleProblem"]);

describe("a missing number is null", () => {
  it("no value of the result of the 200 golden random plans is undefined or NaN, and every SKU has `capacity`", () => {
    const golden = JSON.parse(gunzipSync(readFileSync("test/golden/plans.json.gz")).toString()) as {
      plan?: unknown;
    }[];
    const bad: string[] = [];
    const walk = (v: unknown, path: string): void => {
      if (v === undefined || (typeof v === "number" && Number.isNaN(v)))
        bad.push(`${path}: ${String(v)}`);
      // A problem's parameters are the words of a message, not results (docs/problems.md).
      else if (v && typeof v === "object")
        for (const [k, x] of Object.entries(v)) if (!PROBLEM_KEYS.has(k)) walk(x, `${path}.${k}`);
    };
    const noSweeps = (s: PlanResult["skus"][number]) => ({
      ...s,
      workloads: s.workloads.map((w) => ({ ...w, sweep: null })),
    });
    let plans = 0;
    let skus = 0;
    for (const g of golden) {
      if (!g.plan) continue;
      const r = compute(g.plan);
      plans++;
      for (const s of r.skus) {
        skus++;
        if (!Object.hasOwn(s, "capacity")) bad.push(`${s.name}: no capacity key`);
      }
      // The sweeps are inputs (imported points), not results.
      walk({ ...r, skus: r.skus.map(noSweeps) }, "result");
    }
    expect(plans).toBe(200);
    expect(skus).toBeGreaterThan(200);
    expect(bad).toEqual([]);
  });
});

/** The seed example with `edit` applied to a copy. */
function seedWith(edit: (p: PlanFile & Record<string, unknown>) => void): PlanFile {
  const p = structuredClone(seed) as PlanFile & Record<string, unknown>;
  edit(p);
  return p;
}

/** `code severity @path` of every problem of a result: the plan's, its errors', each SKU's. */
function problemsOf(r: PlanResult): string[] {
  const line = (p: Problem) => `${p.code} ${p.severity} @${p.path ?? "-"}`;
  return [
    ...r.errors.map((e) => `error ${e.kind} ${e.path}: ${line(e.problem)}`),
    ...r.problems.map((p) => `plan: ${line(p)}`),
    ...r.skus.flatMap((s, i) => [
      ...s.problems.map((p) => `skus[${i}]: ${line(p)}`),
      ...s.errorProblems.map((p) => `skus[${i}] error: ${line(p)}`),
      ...(s.infeasibleProblem ? [`skus[${i}] why: ${line(s.infeasibleProblem)}`] : []),
    ]),
  ];
}

/** Every path in `v` whose value is a number that is not finite (NaN, ±Infinity) or undefined in an array. */
function nonFinite(v: unknown, path = "$", seen = new Set<object>()): string[] {
  if (typeof v === "number") return Number.isFinite(v) ? [] : [`${path} = ${v}`];
  if (v === null || typeof v !== "object" || seen.has(v)) return [];
  seen.add(v);
  const out: string[] = [];
  for (const [k, x] of Object.entries(v)) out.push(...nonFinite(x, `${path}.${k}`, seen));
  return out;
}

describe("PlanResult: problems only", () => {
  const GIVEN = "skus[0]: plan.capacityGiven warning @skus[0].sweeps.chat";
  const UNCHECKED = "plan: plan.uncheckedRecommended warning @skus[0]";
  it.each<[string, PlanFile, string[]]>([
    [
      "the seed example: a given capacity is a warning at the SKU's sweep, and its recommendation unchecked",
      seed,
      [UNCHECKED, GIVEN],
    ],
    [
      "no sweep for the workload: an error at the SKU's sweep, the SKU unknown",
      seedWith((p) => void (p.skus[0]!.sweep = undefined as never)),
      [
        "error INPUT skus[0].sweeps.chat: plan.noSweep error @skus[0].sweeps.chat",
        "skus[0] error: plan.noSweep error @skus[0].sweeps.chat",
        "skus[0] why: plan.noSweep error @skus[0].sweeps.chat",
      ],
    ],
    [
      "a negative price: an error at the SKU's price, no capacity",
      seedWith((p) => void (p.skus[0]!.pricePerGpuHour = -1)),
      [
        "error INPUT skus[0].pricePerGpuHour: plan.needsNonNegative error @skus[0].pricePerGpuHour",
        GIVEN,
        "skus[0] error: plan.needsNonNegative error @skus[0].pricePerGpuHour",
      ],
    ],
    [
      "a workload without its numbers: an error at the workload, and the SKU's reason points there",
      seedWith((p) => void (p.workloads![0]!.peakRps = null as never)),
      [
        "error VALUE workloads[0]: plan.workloadNumbers error @workloads[0]",
        GIVEN,
        "skus[0]: plan.workloadInputErrors error @workloads[0]",
        "skus[0] why: plan.workloadInputErrors error @workloads[0]",
      ],
    ],
    [
      "recommendBy without a schedule: a warning at recommendBy",
      seedWith((p) => void (p.recommendBy = "autoscaled")),
      ["plan: trace.recommendByNoSchedule warning @recommendBy", UNCHECKED, GIVEN],
    ],
    [
      "usage in a pool that does not exist: a NAME error at the row's pool",
      seedWith((p) => void (p.tenants!.usage[0]!.pool = "nope")),
      [
        "error NAME tenants.usage[0].pool: tenants.noPool error @tenants.usage[0].pool",
        UNCHECKED,
        GIVEN,
      ],
    ],
  ])("%s", (_, plan, expected) => {
    expect(problemsOf(compute(plan))).toEqual(expected);
  });
});

describe("PlanResult: no NaN", () => {
  it("every number of 300 random plans' results is finite (absent numbers are null)", () => {
    let computed = 0;
    const found: string[] = [];
    for (let seed = 1; seed <= 300; seed++) {
      const v = validatePlan(randomPlan(seed));
      if (!v.ok) continue;
      computed++;
      const r = computePlan(resolvePlan(v.plan));
      // The sweeps are the plan's input, echoed: a request rate of Infinity is an open-loop load.
      const out = nonFinite({ ...r, skus: r.skus.map((s) => ({ ...s, workloads: [] })) });
      const wl = r.skus.flatMap((s) =>
        s.workloads.map(({ sweep: _, detail, ...w }) => ({
          ...w,
          detail: detail && { ...detail },
        })),
      );
      for (const x of [...out, ...nonFinite(wl)]) found.push(`random-${seed}: ${x}`);
    }
    expect(computed).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});
