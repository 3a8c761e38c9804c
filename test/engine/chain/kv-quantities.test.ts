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
