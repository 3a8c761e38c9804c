/**
 * The lineage of KV memory (src/engine/plan/lineage-kv.ts, docs/memory.md): every number of
 * `skus[].kv` and of each workload's `kv` explains to the plan's own value through the declared
 * chain (chain/kv-quantities.ts), every step recomputes from its inputs, in English and Chinese.
 */
import { describe, expect, it } from "vitest";
import gpus from "../../../models/gpus.json";
import llms from "../../../models/llms.json";
import type { PlanFile, SweepPoint } from "../../../src/engine/base/types";
import { restoreGpuCatalog, restoreLlmCatalog } from "../../../src/engine/catalog/catalog";
import { GIB } from "../../../src/engine/catalog/kv-budget";
import { explainPath, type LineageNode } from "../../../src/engine/plan/lineage";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { planJson } from "../../../src/report/plan-output";
import { explainFailures, numericPaths } from "./lineage-plans-b";

const memory = { gpus: restoreGpuCatalog(gpus).items, llms: restoreLlmCatalog(llms).items };

const POINTS: SweepPoint[] = [
  { concurrency: 1, requestRate: null, rps: 0.5, outputTokensPerSec: 100, ttftMs: { p99: 50 } },
  { concurrency: 16, requestRate: null, rps: 5, outputTokensPerSec: 1000, ttftMs: { p99: 90 } },
  { concurrency: 64, requestRate: null, rps: 7, outputTokensPerSec: 1400, ttftMs: { p99: 200 } },
];

type Sku = Record<string, unknown>;
function plan(skus: Sku[], over: Record<string, unknown> = {}): PlanFile {
  return {
    format: "capplan.plan/v1",
    model: "llama-3.1-8b",
    workloads: [
      { name: "chat", peakRps: 10, inputTokens: 1000, outputTokens: 500 },
      { name: "docs", peakRps: 1, inputTokens: 20000, outputTokens: 1000 },
    ],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: skus.map((s, i) => ({
      name: `S${i}`,
      gpu: "h100-sxm",
      gpusPerReplica: 1,
      pricePerGpuHour: 3,
      sweep: { points: POINTS },
      ...s,
    })),
    ...over,
  } as unknown as PlanFile;
}

function ctxOf(p: PlanFile) {
  const resolved = resolvePlan(p);
  return { plan: p, resolved, result: computePlan(resolved, new Map(), memory) };
}

function explained(ctx: ReturnType<typeof ctxOf>, path: string): LineageNode {
  const a = explainPath(ctx, path);
  if (!a.ok) throw new Error(a.error);
  return a.node;
}

describe("kvLineage", () => {
  it.each([
    ["BF16 on one H100", [{}], {}],
    ["FP8 weights and FP8 KV cache", [{ quantization: "fp8", kvCacheDtype: "fp8" }], {}],
    ["tensor parallel over 2 GPUs", [{ gpusPerReplica: 2 }], {}],
    ["gpuMemoryUtilization 0.8 from the plan", [{}], { gpuMemoryUtilization: 0.8 }],
    ["a 70B BF16 model that does not fit on one GPU", [{ model: "llama-3.1-70b" }], {}],
    ["two SKUs, one without a catalogue GPU", [{}, { gpu: undefined }], {}],
  ] as const)(
    "%s: every kv number explains to the plan's value and every step recomputes",
    (_name, skus, over) => {
      const ctx = ctxOf(plan([...skus] as Sku[], over));
      const paths = numericPaths(JSON.parse(JSON.stringify(planJson(ctx.result)))).filter(([p]) =>
        p.includes(".kv."),
      );
      expect(paths.length).toBeGreaterThanOrEqual(11);
      expect(explainFailures(ctx, paths)).toEqual([]);
    },
  );

  it("writes availableGiB as GPU memory × GPUs × utilization − weights − activations − non-torch, in English and Chinese", () => {
    const ctx = ctxOf(plan([{}]));
    const n = explained(ctx, "skus[0].kv.availableGiB");
    // Llama-3.1-8B BF16 on one H100 at 0.9: 79.18 × 0.9 − 8.03e9 × 2 B − 4.8 − 0.13 GiB.
    const weights = (8.03e9 * 2) / GIB;
    expect(n.value).toBeCloseTo(79.18 * 0.9 - weights - 4.8 - 0.13, 12);
    expect(n.formula).toBe("usable memory − weights − activations − non-torch memory");
    expect(n.formulaZh).toBe("可用显存 − 权重 − 激活 − 非 PyTorch 内存");
    expect(n.plugged).toBe("71.262 − 14.957 − 4.8 − 0.13 = 51.375");
    const [usable, w, act, nonTorch] = n.inputs;
    expect([usable!.path, w!.path, act!.path, nonTorch!.path]).toEqual([
      "skus[0].kv.terms.usableGiB",
      "skus[0].kv.terms.weightsGiB",
      "skus[0].kv.terms.activationGiB",
      "skus[0].kv.terms.nonTorchGiB",
    ]);
    expect(usable!.formula).toBe("gpusPerReplica × memory per GPU × gpuMemoryUtilization");
    expect(usable!.plugged).toBe("1 × 79.18 × 0.9 = 71.262");
    const gpu = usable!.inputs[1]!;
    expect(gpu.formula).toBe("GPU memory − runtime reserve");
    expect(gpu.formulaZh).toBe("GPU 显存 − 运行时保留");
    expect(gpu.inputs[0]).toMatchObject({ kind: "catalogue", catalogue: "h100-sxm", value: 80 });
    expect(usable!.inputs[2]).toMatchObject({ path: "gpuMemoryUtilization", raw: "0.9 (default)" });
    expect(w).toMatchObject({ kind: "catalogue", catalogue: "llama-3.1-8b" });
    expect(w!.value).toBeCloseTo(weights, 12);
  });

  it("tokens and maxConcurrency: the longest workload binds the SKU, each workload has its own", () => {
    const ctx = ctxOf(plan([{ gpusPerReplica: 2 }], { gpuMemoryUtilization: 0.8 }));
    const kv = ctx.result.skus[0]!.kv!;
    const tokens = explained(ctx, "skus[0].kv.tokens");
    expect(tokens.formula).toBe("floor(max(0, KV cache) × 2³⁰ ÷ KV bytes per token)");
    expect(tokens.value).toBe(kv.tokens);
    expect(tokens.recomputed).toBe(kv.tokens);
    // TP 2: 2 × 79.18 × 0.8 − weights − 2 × 4.8 − 2 × 0.55 (non-torch with tensor parallelism).
    const usable = tokens.inputs[0]!.inputs[0]!;
    expect(usable.plugged).toBe("2 × 79.18 × 0.8 = 126.688");
    expect(tokens.inputs[0]!.inputs[3]!.plugged).toBe("2 × 0.55 = 1.1");
    expect(usable.inputs[2]).toMatchObject({ path: "gpuMemoryUtilization", raw: "0.8" });
    // docs: 21,000 tokens per request binds the cache.
    const max = explained(ctx, "skus[0].kv.maxConcurrency");
    expect(max.formula).toBe("floor(KV tokens ÷ tokensPerRequest)");
    expect(max.formulaZh).toBe("floor(KV token 数 ÷ tokensPerRequest)");
    expect(max.value).toBe(Math.floor(kv.tokens / 21000));
    expect(max.inputs[1]!.path).toBe("workloads[1].tokensPerRequest");
    expect(explained(ctx, "skus[0].kv.perRequestTokens").value).toBe(21000);
    const chat = explained(ctx, "skus[0].workloads[0].kv.maxConcurrency");
    expect([chat.value, chat.recomputed]).toEqual([
      Math.floor(kv.tokens / 1500),
      Math.floor(kv.tokens / 1500),
    ]);
    expect(chat.plugged).toBe(
      `floor(${kv.tokens.toLocaleString("en-US")} ÷ 1,500) = ${Math.floor(kv.tokens / 1500).toLocaleString("en-US")}`,
    );
  });

  it("weights that do not fit: a negative KV cache holds 0 tokens, and the step says so", () => {
    const ctx = ctxOf(plan([{ model: "llama-3.1-70b" }]));
    const avail = explained(ctx, "skus[0].kv.availableGiB");
    expect(avail.value).toBeLessThan(0);
    const tokens = explained(ctx, "skus[0].kv.tokens");
    expect([tokens.value, tokens.recomputed]).toEqual([0, 0]);
    expect(tokens.plugged).toMatch(/^floor\(max\(0, -\d+\.\d+\) × 1,073,741,824 ÷ 327,680\) = 0$/);
    expect(explainPath(ctx, "skus[0].kv.maxConcurrency").ok).toBe(false);
  });

  it.each([
    ["skus[0].kv.model"],
    ["skus[0].kv.terms.nope"],
    ["skus[0].kv.availableGiB.x"],
    ["skus[1].kv.availableGiB"],
    ["skus[0].workloads[0].kv.limited"],
    ["skus[1].workloads[0].kv.maxConcurrency"],
  ])("%s has no lineage", (path) => {
    // Only SKU 0 names a model (the plan has none): SKU 1 has no KV budget.
    const ctx = ctxOf(plan([{ model: "llama-3.1-8b" }, {}], { model: undefined }));
    expect(ctx.result.skus[0]!.kv).toBeDefined();
    expect(ctx.result.skus[1]!.kv).toBeUndefined();
    expect(explainPath(ctx, path).ok).toBe(false);
  });
});
