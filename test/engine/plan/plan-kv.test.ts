import { describe, expect, it } from "vitest";
import gpus from "../../../models/gpus.json";
import llms from "../../../models/llms.json";
import type { PlanFile, SweepPoint } from "../../../src/engine/base/types";
import { restoreGpuCatalog, restoreLlmCatalog } from "../../../src/engine/catalog/catalog";
import { GIB } from "../../../src/engine/catalog/kv-budget";
import { computePlan } from "../../../src/engine/plan/plan";
import { curveAt, kvLimit } from "../../../src/engine/plan/plan-kv";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { renderProblem } from "../../../src/report/messages";

const memory = { gpus: restoreGpuCatalog(gpus).items, llms: restoreLlmCatalog(llms).items };

/** A sweep of Llama-3.1-8B on one H100: its operating point is concurrency 32 (all points pass). */
const POINTS: SweepPoint[] = [
  { concurrency: 1, requestRate: null, rps: 0.5, outputTokensPerSec: 100, ttftMs: { p99: 50 } },
  { concurrency: 4, requestRate: null, rps: 1.8, outputTokensPerSec: 350, ttftMs: { p99: 60 } },
  { concurrency: 16, requestRate: null, rps: 5, outputTokensPerSec: 1000, ttftMs: { p99: 90 } },
  { concurrency: 32, requestRate: null, rps: 7, outputTokensPerSec: 1400, ttftMs: { p99: 200 } },
];

function plan(over: Partial<PlanFile> & { inputTokens?: number } = {}): PlanFile {
  const { inputTokens = 1000, ...rest } = over;
  return {
    format: "capplan.plan/v1",
    model: "llama-3.1-8b",
    workloads: [{ name: "chat", peakRps: 10, inputTokens, outputTokens: 500 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      {
        name: "H100",
        gpu: "h100-sxm",
        gpusPerReplica: 1,
        pricePerGpuHour: 3,
        sweep: { points: POINTS },
      },
    ],
    ...rest,
  } as PlanFile;
}

const compute = (p: PlanFile) => computePlan(resolvePlan(p), new Map(), memory);

describe("KV memory in the plan", () => {
  it("reports skus[].kv for a SKU serving a catalogue model on a catalogue GPU", () => {
    const s = compute(plan()).skus[0]!;
    expect(s.kv).toBeDefined();
    const kv = s.kv!;
    // 79.18 × 0.9 − 8.03e9 × 2 B − 4.8 − 0.13 GiB; 131,072 B per token.
    const available = 79.18 * 0.9 - (8.03e9 * 2) / GIB - 4.8 - 0.13;
    expect(kv.availableGiB).toBeCloseTo(available, 9);
    expect(kv.tokens).toBe(Math.floor((available * GIB) / 131072));
    expect(kv.perRequestTokens).toBe(1500);
    expect(kv.maxConcurrency).toBe(Math.floor(kv.tokens / 1500));
    expect(kv.limited).toBe(false);
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(1400);
  });

  it("a 100k-token workload on the 8B model is limited, with a warning, and its capacity read from the curve", () => {
    const r = compute(plan({ inputTokens: 99_500 }));
    const s = r.skus[0]!;
    // ≈ 420,800 tokens ÷ 100,000 per request = 4 at once, not the operating point's 32.
    expect(s.kv!.maxConcurrency).toBe(4);
    expect(s.kv!.limited).toBe(true);
    expect(s.feasible).toBe(true);
    // The curve at concurrency 4 is the measured 350 tok/s.
    expect(s.workloads[0]!.replicaOutputTokensPerSec).toBe(350);
    expect(s.workloads[0]!.replicasBase).toBeCloseTo((10 * 500) / 350, 12);
    const w = s.problems.find((p) => p.code === "kv.limited")!;
    expect(w).toBeDefined();
    expect(renderProblem(w, "en")).toContain("only 4 requests of 100,000 tokens fit at once");
    expect(renderProblem(w, "zh")).toContain("只能同时容纳 4 个请求");
  });

  it("a 70B model in BF16 on one 80 GB GPU is infeasible, naming the shortfall in GiB", () => {
    const p = plan();
    p.model = "llama-3.1-70b";
    const r = compute(p);
    const s = r.skus[0]!;
    expect(s.feasible).toBe(false);
    expect(s.capacity).toBeNull();
    expect(s.infeasibleProblem?.code).toBe("kv.weightsDoNotFit");
    const short = (70.6e9 * 2) / GIB + 4.8 + 0.13 - 79.18 * 0.9;
    expect((s.infeasibleProblem!.params as { shortGiB: number }).shortGiB).toBeCloseTo(short, 9);
    expect(renderProblem(s.infeasibleProblem!, "en")).toContain(`${short.toFixed(2)} GiB short`);
    expect(r.cheapest).toBeNull();
  });

  it("the same model on 2 GPUs in FP8 fits; a SKU may name its own model and formats", () => {
    const p = plan();
    p.skus[0] = { ...p.skus[0]!, model: "llama-3.3-70b", quantization: "fp8", gpusPerReplica: 2 };
    const s = compute(p).skus[0]!;
    expect(s.kv!.model).toBe("llama-3.3-70b");
    expect(s.kv!.availableGiB / 2).toBeCloseTo(32.06, 1);
  });

  it("an unknown model is a warning and no estimate", () => {
    const s = compute(plan({ model: "no-such-model" } as never)).skus[0]!;
    expect(s.kv).toBeUndefined();
    expect(s.problems.map((p) => p.code)).toContain("kv.unknownModel");
  });

  it("gpuMemoryUtilization changes the usable memory", () => {
    const s = compute(plan({ gpuMemoryUtilization: 0.5 } as never)).skus[0]!;
    expect(s.kv!.terms.usableGiB).toBeCloseTo(79.18 * 0.5, 9);
  });

  it("without a model nothing changes (no kv key)", () => {
    const p = plan();
    delete p.model;
    expect(compute(p).skus[0]!.kv).toBeUndefined();
  });
});

describe("curveAt", () => {
  it.each([
    [1, 100],
    [0.5, 50],
    [4, 350],
    [10, 350 + (6 / 12) * 650],
    [32, 1400],
    [64, 1400],
  ])("at concurrency %d: %d tok/s", (c, tps) => {
    expect(curveAt(POINTS, c)).toBeCloseTo(tps, 12);
  });

  it("is null without closed-loop points", () => {
    expect(curveAt([{ concurrency: null, requestRate: 2, rps: 2 } as never], 3)).toBeNull();
  });
});

describe("kvLimit", () => {
  const budget = { tokens: 10_000 } as never;
  it("a request longer than the whole cache cannot be served", () => {
    const r = kvLimit(
      budget,
      { name: "w", inputTokens: 12_000, outputTokens: 10 },
      8,
      POINTS,
      1000,
    );
    expect(r.tokS).toBeNull();
    expect(r.problem?.code).toBe("kv.requestTooLong");
  });
  it("never raises the capacity above the operating point's", () => {
    const r = kvLimit(budget, { name: "w", inputTokens: 900, outputTokens: 100 }, 16, POINTS, 200);
    expect(r.kv.maxConcurrency).toBe(10);
    expect(r.tokS).toBe(200);
  });
});

describe("the KV line of the comparison", () => {
  it("reads the KV cache, its tokens, the requests that fit and 'limited', in both languages", async () => {
    const { comparisonText } = await import("../../../src/report/plan-output");
    const r = compute(plan({ inputTokens: 99_500 }));
    const kv = r.skus[0]!.kv!;
    const en = comparisonText(r, "en").find((x) => x.key === "kv")!;
    expect(en.label).toBe("KV cache (per replica)");
    expect(en.cells[0]).toBe(
      `${kv.availableGiB.toFixed(2)} GiB · ${kv.tokens.toLocaleString("en-US")} tok · 4 × 100,000 tok (limited)`,
    );
    const zh = comparisonText(r, "zh").find((x) => x.key === "kv")!;
    expect(zh.cells[0]).toMatch(/ tok（受限）$/);
  });
});
