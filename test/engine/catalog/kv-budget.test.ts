import { describe, expect, it } from "vitest";
import gpus from "../../../models/gpus.json";
import llms from "../../../models/llms.json";
import { restoreGpuCatalog, restoreLlmCatalog } from "../../../src/engine/catalog/catalog";
import { GIB, kvBudget, weightBytesOf } from "../../../src/engine/catalog/kv-budget";

const gpu = (id: string) => restoreGpuCatalog(gpus).items.find((g) => g.id === id)!;
const llm = (id: string) => restoreLlmCatalog(llms).items.find((m) => m.id === id)!;

/**
 * Published vLLM measurements of the KV cache ("Available KV cache memory", per GPU) for
 * catalogue models: llm-d-benchmark, config_explorer/empirical-vllm-memory-results.md
 * (github.com/llm-d/llm-d-benchmark), H100 (79.18 GiB seen by PyTorch), gpu-memory-utilization 0.9.
 * The activation and non-torch terms are constants read from the same table (docs/memory.md), so
 * what these cases check independently is the usable memory and the weights.
 */
describe("kvBudget", () => {
  it.each([
    // [model, quantization, GPUs, measured KV GiB per GPU, measured weights GiB per GPU, source]
    ["llama-3.1-8b", "bf16", 1, 51.38, 14.99, "llm-d-benchmark: Llama-3.1-8B-Instruct, TP 1"],
    [
      "llama-3.3-70b",
      "fp8",
      2,
      32.0,
      33.88,
      "llm-d-benchmark: RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic, TP 2",
    ],
  ] as const)(
    "%s %s on %i × H100 within 5 %% of vLLM's measurement (%s)",
    (id, q, n, kv, w, _source) => {
      const b = kvBudget(gpu("h100-sxm"), n, llm(id), { quantization: q });
      expect(b.fits).toBe(true);
      expect(Math.abs(b.availableGiB / n / kv - 1)).toBeLessThan(0.05);
      expect(Math.abs(b.weightsGiB / n / w - 1)).toBeLessThan(0.05);
    },
  );

  it("Llama-3.3-70B FP8 on one H100 does not fit: vLLM measured −1.44 GiB (llm-d-benchmark, TP 1)", () => {
    const b = kvBudget(gpu("h100-sxm"), 1, llm("llama-3.3-70b"), { quantization: "fp8" });
    expect(b).toMatchObject({ fits: false, tokens: 0 });
    expect(b.availableGiB).toBeCloseTo(-1.44, 0);
    // Weights: (70.6e9 − 2 × 128,256 × 8,192) × 1 B + 2 × 128,256 × 8,192 × 2 B; measured 67.72 GiB.
    expect(b.weightsGiB).toBeCloseTo((70.6e9 + 2 * 128256 * 8192) / GIB, 9);
    expect(Math.abs(b.weightsGiB / 67.72 - 1)).toBeLessThan(0.005);
  });

  it("a 70B model in BF16 on one 80 GB GPU does not fit, by the weights alone", () => {
    const b = kvBudget(gpu("h100-sxm"), 1, llm("llama-3.1-70b"));
    expect(b.fits).toBe(false);
    expect(b.weightsGiB).toBeCloseTo((70.6e9 * 2) / GIB, 9);
    expect(b.weightsGiB).toBeGreaterThan(b.usableGiB);
  });

  it("tokens = available bytes ÷ KV bytes per token; an FP8 KV cache holds twice as many", () => {
    const m = llm("llama-3.1-8b");
    const b = kvBudget(gpu("h100-sxm"), 1, m);
    // 2 (K, V) × 32 layers × 8 KV heads × 128 × 2 B = 131,072 B per token.
    expect(b.kvBytesPerToken).toBe(131072);
    expect(b.tokens).toBe(Math.floor((b.availableGiB * GIB) / 131072));
    const f = kvBudget(gpu("h100-sxm"), 1, m, { kvCacheDtype: "fp8" });
    expect(f.tokens).toBe(Math.floor((f.availableGiB * GIB) / 65536));
  });

  it("follows gpuMemoryUtilization linearly in the usable memory", () => {
    const a = kvBudget(gpu("h100-sxm"), 1, llm("llama-3.1-8b"), { gpuMemoryUtilization: 0.5 });
    expect(a.usableGiB).toBeCloseTo(79.18 * 0.5, 9);
  });
});

describe("weightBytesOf", () => {
  it.each([
    ["bf16", 8.03e9 * 2],
    ["fp8", (8.03e9 - 2 * 128256 * 4096) * 1 + 2 * 128256 * 4096 * 2],
    ["int4", (8.03e9 - 2 * 128256 * 4096) * 0.5 + 2 * 128256 * 4096 * 2],
  ] as const)("Llama-3.1-8B %s: %d bytes", (q, bytes) => {
    expect(weightBytesOf(llm("llama-3.1-8b"), q)).toBeCloseTo(bytes, 0);
  });
});
