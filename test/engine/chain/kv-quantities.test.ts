/**
 * The KV-cache budget declared in the chain (src/engine/chain/kv-quantities.ts): run over every
 * catalogue GPU and model, in every weight and KV format, at 1, 2 and 8 GPUs, the declarations
 * give exactly the terms catalog/kv-budget.ts computes for the plan, and a request length gives
 * plan-kv's maximum concurrency.
 */
import { describe, expect, it } from "vitest";
import gpus from "../../../models/gpus.json";
import llms from "../../../models/llms.json";
import { restoreGpuCatalog, restoreLlmCatalog } from "../../../src/engine/catalog/catalog";
import {
  ACTIVATION_GIB,
  GIB,
  kvBudget,
  nonTorchGiBPerGpu,
  RUNTIME_RESERVE_GIB,
  type KvFormat,
  type WeightFormat,
} from "../../../src/engine/catalog/kv-budget";
import { KV_DECLARATIONS } from "../../../src/engine/chain/kv-quantities";
import { QUANTITIES } from "../../../src/engine/chain/quantities";
import { formulaText } from "../../../src/engine/chain/evaluate";

const GPUS = restoreGpuCatalog(gpus).items;
const LLMS = restoreLlmCatalog(llms).items;

/** The declarations run in order over the leaves. */
function declared(leaves: Record<string, number>): Record<string, number> {
  const v: Record<string, number> = { ...leaves };
  for (const id of Object.keys(KV_DECLARATIONS) as (keyof typeof KV_DECLARATIONS)[])
    v[id] = QUANTITIES[id].compute(v, {});
  return v;
}

describe("KV_DECLARATIONS", () => {
  it("are the chain's quantities of scope memory, each with an English and a Chinese formula", () => {
    for (const id of Object.keys(KV_DECLARATIONS) as (keyof typeof KV_DECLARATIONS)[]) {
      expect(QUANTITIES[id].scope).toBe("memory");
      expect(formulaText(id, "en")).not.toBe("");
      expect(formulaText(id, "zh")).not.toBe("");
    }
    expect(formulaText("kvAvailableGiB", "en")).toBe(
      "usable memory − weights − activations − non-torch memory",
    );
    expect(formulaText("kvUsableGiB", "zh")).toBe(
      "gpusPerReplica × 每 GPU 显存 × gpuMemoryUtilization",
    );
  });

  const cases = GPUS.flatMap((gpu) =>
    LLMS.flatMap((llm) =>
      (["bf16", "fp8", "int4"] as WeightFormat[]).flatMap((w) =>
        (["bf16", "fp8"] as KvFormat[]).flatMap((k) =>
          [1, 2, 8].map((n) => ({ gpu, llm, w, k, n })),
        ),
      ),
    ),
  );

  it(`give kv-budget.ts's terms exactly, over ${cases.length} GPU × model × format × GPUs cases`, () => {
    expect(cases.length).toBeGreaterThan(500);
    let fits = 0;
    for (const { gpu, llm, w, k, n } of cases) {
      const b = kvBudget(gpu, n, llm, {
        quantization: w,
        kvCacheDtype: k,
        gpuMemoryUtilization: 0.85,
      });
      const v = declared({
        gpuMemoryGB: gpu.memoryGB,
        runtimeReserveGiB: RUNTIME_RESERVE_GIB,
        gpusPerReplica: n,
        gpuMemoryUtilization: 0.85,
        weightsGiB: b.weightsGiB,
        activationGiBPerGpu: ACTIVATION_GIB,
        nonTorchGiBPerGpu: nonTorchGiBPerGpu(n),
        bytesPerGiB: GIB,
        kvBytesPerToken: b.kvBytesPerToken,
        tokensPerRequest: 3000,
      });
      const got = [
        v.kvGpuGiB,
        v.kvUsableGiB,
        v.kvActivationGiB,
        v.kvNonTorchGiB,
        v.kvAvailableGiB,
        v.kvTokens,
      ];
      const want = [
        b.gpuGiB,
        b.usableGiB,
        b.activationGiB,
        b.nonTorchGiB,
        b.availableGiB,
        b.tokens,
      ];
      expect(got, `${gpu.id} ${llm.id} ${w}/${k} × ${n}`).toEqual(want);
      expect(v.kvMaxConcurrency).toBe(Math.floor(b.tokens / 3000));
      if (b.fits) fits++;
    }
    // Both sides of the budget are covered: models that fit and models that do not.
    expect(fits).toBeGreaterThan(50);
    expect(fits).toBeLessThan(cases.length);
  });

  it.each([
    // Llama-3.1-8B BF16 on one H100 at 0.9: llm-d-benchmark measured 51.38 GiB of KV cache.
    ["h100-sxm", "llama-3.1-8b", 1, 51.38],
  ])("%s × %s × %i: about %f GiB of KV cache (published vLLM measurement)", (g, m, n, gib) => {
    const gpu = GPUS.find((x) => x.id === g)!;
    const llm = LLMS.find((x) => x.id === m)!;
    const b = kvBudget(gpu, n, llm);
    const v = declared({
      gpuMemoryGB: gpu.memoryGB,
      runtimeReserveGiB: RUNTIME_RESERVE_GIB,
      gpusPerReplica: n,
      gpuMemoryUtilization: 0.9,
      weightsGiB: b.weightsGiB,
      activationGiBPerGpu: ACTIVATION_GIB,
      nonTorchGiBPerGpu: nonTorchGiBPerGpu(n),
      bytesPerGiB: GIB,
      kvBytesPerToken: b.kvBytesPerToken,
      tokensPerRequest: 1,
    });
    expect(Math.abs(v.kvAvailableGiB! / gib - 1)).toBeLessThan(0.05);
  });
});

describe("KV_DECLARATIONS, by hand", () => {
  // An 80 GB GPU less a 1.5 GiB reserve, two of them at 0.9, 30 GiB of weights, 2 GiB of
  // activations and 0.5 GiB outside PyTorch per GPU, 131,072 bytes (128 KiB) of KV per token.
  const leaves = {
    gpuMemoryGB: 80,
    runtimeReserveGiB: 1.5,
    gpusPerReplica: 2,
    gpuMemoryUtilization: 0.9,
    weightsGiB: 30,
    activationGiBPerGpu: 2,
    nonTorchGiBPerGpu: 0.5,
    bytesPerGiB: 2 ** 30,
    kvBytesPerToken: 131_072,
    tokensPerRequest: 3000,
  };
  it.each([
    ["kvGpuGiB", 78.5], // 80 − 1.5
    ["kvUsableGiB", 141.3], // 2 × 78.5 × 0.9
    ["kvActivationGiB", 4], // 2 × 2
    ["kvNonTorchGiB", 1], // 2 × 0.5
    ["kvAvailableGiB", 106.3], // 141.3 − 30 − 4 − 1
    ["kvTokens", 870_809], // floor(106.3 × 8,192 tokens per GiB) = floor(870,809.6)
    ["kvMaxConcurrency", 290], // floor(870,809 ÷ 3,000)
  ])("%s is %d", (id, want) => {
    expect(declared(leaves)[id]).toBeCloseTo(want, 9);
  });

  it("holds no token when the weights do not fit, and no request when no token fits", () => {
    const v = declared({ ...leaves, weightsGiB: 200 });
    expect(v.kvAvailableGiB).toBeCloseTo(-63.7, 9);
    expect(v).toMatchObject({ kvTokens: 0, kvMaxConcurrency: 0 });
  });

  it.each([
    // [id, English, Chinese], each input named (names.ts)
    ["kvGpuGiB", "GPU memory − runtime reserve", "GPU 显存 − 运行时保留"],
    [
      "kvUsableGiB",
      "gpusPerReplica × memory per GPU × gpuMemoryUtilization",
      "gpusPerReplica × 每 GPU 显存 × gpuMemoryUtilization",
    ],
    ["kvActivationGiB", "gpusPerReplica × activations per GPU", "gpusPerReplica × 每 GPU 激活"],
    [
      "kvNonTorchGiB",
      "gpusPerReplica × non-torch memory per GPU",
      "gpusPerReplica × 每 GPU 非 PyTorch 内存",
    ],
    [
      "kvAvailableGiB",
      "usable memory − weights − activations − non-torch memory",
      "可用显存 − 权重 − 激活 − 非 PyTorch 内存",
    ],
    [
      "kvTokens",
      "floor(max(0, KV cache) × 2³⁰ ÷ KV bytes per token)",
      "floor(max(0, KV 缓存) × 2³⁰ ÷ 每 token KV 字节数)",
    ],
    [
      "kvMaxConcurrency",
      "floor(KV tokens ÷ tokensPerRequest)",
      "floor(KV token 数 ÷ tokensPerRequest)",
    ],
  ] as [keyof typeof KV_DECLARATIONS, string, string][])("%s reads %j, %j", (id, en, zh) => {
    expect(formulaText(id, "en")).toBe(en);
    expect(formulaText(id, "zh")).toBe(zh);
  });
});
