/**
 * Memory arithmetic on catalogue entries: bytes of GPU memory, of the weights and of the KV
 * cache per token, and how many KV tokens fit in one replica. Re-exported by `catalog.ts`.
 */
import type { CatalogIssue, Gpu, Llm } from "./catalog-types";

/** Bytes of one GPU's memory: GB × 1e9 or GiB × 2^30 as the catalogue records it. */
export function gpuMemoryBytes(gpu: Pick<Gpu, "memoryGB" | "memoryUnit">): number {
  return gpu.memoryGB * (gpu.memoryUnit === "GiB" ? 2 ** 30 : 1e9);
}

/**
 * KV-cache bytes per token of context, summed over layers (all GPUs of a replica together).
 *
 * - GQA/MHA: `2 (K and V) × layers × kvHeads × headDim × bytesPerElement` — the sizing vLLM
 *   uses for a full-attention layer's page (`FullAttentionSpec.page_size_bytes`:
 *   2 × block_size × num_kv_heads × head_size × dtype size) and the usual Hugging Face
 *   KV-cache arithmetic. Llama-3.1-8B: 2 × 32 × 8 × 128 × 2 = 131,072 B (128 KiB).
 * - MLA (DeepSeek-V2/V3): `layers × (kvLoraRank + qkRopeHeadDim) × bytesPerElement` — only
 *   the compressed latent c_t^KV (d_c) and the decoupled RoPE key k_t^R (d_h^R) are cached
 *   (DeepSeek-V2 paper, arXiv:2405.04434, §2.1 and Table 1: (d_c + d_h^R)·l elements;
 *   DeepSeek-V3, arXiv:2412.19437: d_c = 512, d_h^R = 64). DeepSeek-V3: 61 × 576 × 2 = 70,272 B.
 *
 * Sliding-window layers (e.g. gpt-oss) are left out: their KV stops growing at the window
 * (at most `slidingWindow` tokens per sequence), so they add a per-sequence constant, not a
 * per-token cost. Returns 0 for a non-positive `bytesPerElement`.
 */
export function kvBytesPerToken(llm: Llm, bytesPerElement = 2): number {
  if (!(bytesPerElement > 0)) return 0;
  if (llm.attention === "mla") {
    return llm.layers * ((llm.kvLoraRank ?? 0) + (llm.qkRopeHeadDim ?? 0)) * bytesPerElement;
  }
  const growingLayers = llm.layers - llm.slidingWindowLayers;
  return 2 * growingLayers * llm.kvHeads * llm.headDim * bytesPerElement;
}

/** Bytes of the weights: parametersB × 1e9 × bytesPerParam (all experts of an MoE stay resident). */
export function weightsBytes(llm: Llm, bytesPerParam: number): number {
  return llm.parametersB * 1e9 * bytesPerParam;
}

/** Options of {@link maxKvTokens}. */
export interface KvSizingOptions {
  /** Bytes per weight: 2 for BF16/FP16, 1 for FP8, 0.5 for 4-bit. Default 2. */
  weightBytesPerParam?: number;
  /** Bytes per KV element: 2 for BF16/FP16, 1 for an FP8 KV cache. Default 2. */
  kvBytes?: number;
  /** Fraction of GPU memory the engine may use (vLLM `--gpu-memory-utilization`). Default 0.9. */
  memoryUtilization?: number;
}

/** Result of {@link maxKvTokens}: the token count and the terms it came from. */
export interface KvSizing {
  /** Tokens of KV cache that fit, floored; 0 when the model does not fit. */
  tokens: number;
  usableBytes: number;
  weightsBytes: number;
  kvBytesPerToken: number;
  issues: CatalogIssue[];
}

/**
 * KV tokens that fit in one replica: ⌊(gpuCount × memory × memoryUtilization − weights) /
 * kvBytesPerToken⌋, the budget vLLM reports as "GPU KV cache size: N tokens". An upper
 * bound: activations, CUDA graphs and fragmentation also take memory. When the weights do
 * not fit, an input is invalid or the model has no per-token KV size (no KV dimensions) the
 * result is 0 tokens with an issue.
 */
export function maxKvTokens(
  gpu: Gpu,
  gpuCount: number,
  llm: Llm,
  opts: KvSizingOptions = {},
): KvSizing {
  const issues: CatalogIssue[] = [];
  const wb = opts.weightBytesPerParam ?? 2;
  const kb = opts.kvBytes ?? 2;
  const util = opts.memoryUtilization ?? 0.9;
  if (!(Number.isInteger(gpuCount) && gpuCount > 0))
    issues.push({ path: "gpuCount", message: `expected a positive integer, got ${gpuCount}` });
  if (!(wb > 0 && Number.isFinite(wb)))
    issues.push({ path: "weightBytesPerParam", message: `expected a number > 0, got ${wb}` });
  if (!(kb > 0 && Number.isFinite(kb)))
    issues.push({ path: "kvBytes", message: `expected a number > 0, got ${kb}` });
  if (!(util > 0 && util <= 1))
    issues.push({
      path: "memoryUtilization",
      message: `expected a fraction in (0, 1], got ${util}`,
    });
  const perToken = kvBytesPerToken(llm, kb);
  if (issues.length > 0)
    return { tokens: 0, usableBytes: 0, weightsBytes: 0, kvBytesPerToken: perToken, issues };
  const usable = gpuCount * gpuMemoryBytes(gpu) * util;
  const weights = weightsBytes(llm, wb);
  const free = usable - weights;
  if (free <= 0) {
    const gb = (x: number): string => (x / 1e9).toFixed(1);
    issues.push({
      path: "memory",
      message: `${llm.name} weights (${gb(weights)} GB) do not fit in ${gpuCount} × ${gpu.name} at ${util} utilisation (${gb(usable)} GB usable)`,
    });
    return {
      tokens: 0,
      usableBytes: usable,
      weightsBytes: weights,
      kvBytesPerToken: perToken,
      issues,
    };
  }
  if (!(perToken > 0)) {
    // A hand-built model without KV dimensions (an MLA model with neither kvLoraRank nor
    // qkRopeHeadDim, every layer sliding-window, no KV heads) has no per-token KV cost: free ÷ 0
    // would be an Infinity of tokens, which no GPU holds. Say which terms gave it instead.
    const terms =
      llm.attention === "mla"
        ? `kvLoraRank (${llm.kvLoraRank ?? "missing"}) + qkRopeHeadDim (${llm.qkRopeHeadDim ?? "missing"})`
        : `(${llm.layers} layers − ${llm.slidingWindowLayers} sliding-window) × ${llm.kvHeads} KV heads × ${llm.headDim} head size`;
    issues.push({
      path: "kvBytesPerToken",
      message: `${llm.name} has no per-token KV cache size: ${terms} is not positive, so the KV token budget cannot be computed`,
    });
    return {
      tokens: 0,
      usableBytes: usable,
      weightsBytes: weights,
      kvBytesPerToken: perToken,
      issues,
    };
  }
  return {
    tokens: Math.floor(free / perToken),
    usableBytes: usable,
    weightsBytes: weights,
    kvBytesPerToken: perToken,
    issues,
  };
}
