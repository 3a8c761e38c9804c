/**
 * The explicit result model (src/engine/plan/plan-result.ts, docs/architecture.md): a SKU's replica and
 * cost numbers are one `capacity` object or null, never a partial object; each workload keeps the
 * replica throughput it was planned with; a missing number is null everywhere, and `plan --json`
 * still writes the numbers flat on the SKU.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { planJson } from "../../../src/report/plan-output";
import { skuDerivations } from "../../../src/ui/explain";

const compute = (p: unknown) => computePlan(resolvePlan(structuredClone(p) as PlanFile));
const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;

/** One inline sweep point: concurrency 8, 2 req/s, no output tokens/s, P99 TTFT 700 ms. */
const rpsOnly = (maxMs: number): PlanFile =>
  ({
    format: "capplan.plan/v1",
    title: "rps only",
    currency: "USD",
    workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs }],
    factors: { elasticity: 1, redundancy: 1 },
    skus: [
      {
        name: "A",
        gpusPerReplica: 2,
        pricePerGpuHour: 3,
        sweep: { points: [{ concurrency: 8, rps: 2, ttftMs: { p99: 700 } }] },
      },
    ],
  }) as unknown as PlanFile;

describe("SkuResult.capacity", () => {
  it("holds every replica and cost number of a planned SKU (the seed example, by hand)", () => {
    const s = compute(seed).skus[0]!;
    // 50 RPS × 300 output tokens ÷ 1,500 tok/s = 10; × 1.2 × 1.2 = 14.4 → 15 replicas; × 4 = 60 GPUs; × 20 CNY = 1,200 CNY/h.
    expect(s.capacity).not.toBeNull();
    expect(s.capacity!.replicasBase).toBe(10);
    expect(s.capacity!.replicas).toBe(15);
    expect(s.capacity!.gpus).toBe(60);
    expect(s.capacity!.costPerHour).toBe(1200);
    expect(s.capacity!.costPerDay).toBe(28800);
    expect(s.capacity!.costPerMonth).toBe(876000);
    expect(s.capacity!.replicaOutputTokensPerSec).toBe(1500);
    // The numbers are not also spread on the SKU.
    expect(Object.keys(s)).not.toContain("replicas");
    expect(Object.keys(s)).toContain("capacity");
  });

  it("is null for an infeasible SKU, and plan --json writes its numbers as null with no peak or forecast", () => {
    const r = compute(rpsOnly(500)); // 700 ms > 500 ms at the only load
    const s = r.skus[0]!;
    expect(s.feasible).toBe(false);
    expect(s.capacity).toBeNull();
    const json = (planJson(r) as { skus: Record<string, unknown>[] }).skus[0]!;
    expect(Object.keys(json).slice(0, 10)).toEqual([
      "replicasBase",
      "replicasRaw",
      "replicas",
      "gpus",
      "costPerHour",
      "costPerDay",
      "costPerMonth",
      "costPerOutputToken",
      "costPerMillionOutputTokens",
      "costPerRequest",
    ]);
    expect(Object.values(json).slice(0, 10)).toEqual(Array(10).fill(null));
    expect(json).not.toHaveProperty("peak");
    expect(json).not.toHaveProperty("capacity");
  });
});

describe("plan --json keeps its key order", () => {
  it("capacity numbers first, the SKU's fields, peak … replicaOutputTokensPerSec, then schedule", () => {
    const p = {
      ...structuredClone(seed),
      workloads: [
        {
          name: "chat",
          peakRps: 50,
          inputTokens: 300,
          outputTokens: 300,
          schedule: { intervalSec: 3600, rps: [50, 25, 5, 0] },
        },
      ],
    } as unknown as PlanFile;
    const r = compute(p);
    expect(r.skus[0]!.schedule).not.toBeNull();
    const keys = Object.keys((planJson(r) as { skus: Record<string, unknown>[] }).skus[0]!);
    expect(keys.slice(0, 3)).toEqual(["replicasBase", "replicasRaw", "replicas"]);
    expect(keys.slice(-5)).toEqual([
      "peak",
      "forecast",
      "utilizationAtPeak",
      "replicaOutputTokensPerSec",
      "schedule",
    ]);
  });
});

describe("each workload keeps its replica throughput", () => {
  it("a given capacity, and rps × output tokens when the sweep has no tokens/s", () => {
    expect(compute(seed).skus[0]!.workloads[0]!.replicaOutputTokensPerSec).toBe(1500);
    const s = compute(rpsOnly(1000)).skus[0]!;
    // 2 req/s × 250 output tokens = 500 tok/s per replica; 10 × 250 ÷ 500 = 5 replicas.
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(500);
    expect(s.workloads[0]!.replicasBase).toBe(5);
    expect(s.capacity!.replicas).toBe(5);
    // The explanation formats the stored number (it is not in plan --json).
    const d = skuDerivations(compute(rpsOnly(1000)), s, "en");
    expect(d.find((x) => x.key === "replicasBase")!.formula).toBe("10 × 250 ÷ 500 = 5");
    expect(JSON.stringify(planJson(compute(rpsOnly(1000))))).not.toContain(
      '"replicaOutputTokensPerSec":500,"sweep"',
    );
  });

  it("is null for a workload without a capacity", () => {
    expect(compute(rpsOnly(500)).skus[0]!.workloads[0]!.replicaOutputTokensPerSec).toBeNull();
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
      walk(
        {
          ...r,
          skus: r.skus.map((s) => ({
            ...s,
            workloads: s.workloads.map((w) => ({ ...w, sweep: null })),
          })),
        },
        "result",
      );
    }
    expect(plans).toBe(200);
    expect(skus).toBeGreaterThan(200);
    expect(bad).toEqual([]);
  });
});
