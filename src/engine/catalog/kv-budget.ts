/**
 * The KV-cache budget of one replica (docs/memory.md): what vLLM's memory profile leaves for the
 * KV cache after the weights, the activations of its profiling run and the memory outside
 * PyTorch, in GiB and in tokens. Each term is a named number so that the plan, its lineage and
 * the app can show it.
 *
 * `available = gpus × (memory − runtime reserve) × gpuMemoryUtilization − weights
 *              − gpus × activation − gpus × non-torch`
 * (vLLM's "Available KV cache memory" log line, per GPU, times the GPUs of the replica).
 */
import { kvBytesPerToken } from "./catalog-memory";
import type { Gpu, Llm } from "./catalog-types";

export const GIB = 2 ** 30;

/** Bytes per weight of each weight format (docs/memory.md). */
export const WEIGHT_BYTES = { bf16: 2, fp8: 1, int4: 0.5 } as const;
/** Bytes per KV-cache element of each KV format. */
export const KV_ELEMENT_BYTES = { bf16: 2, fp8: 1 } as const;

export type WeightFormat = keyof typeof WEIGHT_BYTES;
export type KvFormat = keyof typeof KV_ELEMENT_BYTES;

/**
 * Memory the CUDA runtime keeps per GPU, GiB. Data-centre GPUs are sold by their HBM capacity in
 * binary units ("80 GB" is 80 GiB of HBM3 on an H100); PyTorch sees 79.18 GiB of it
 * (llm-d-benchmark's empirical vLLM memory results, H100: "79.18 GiB total memory").
 */
export const RUNTIME_RESERVE_GIB = 80 - 79.18;

/**
 * Peak activation memory of vLLM's profiling run per GPU, GiB: 4.76 (Llama-3.1-8B) and 4.84
 * (Llama-3.3-70B FP8, TP 2) in llm-d-benchmark's results for dense text models at vLLM's default
 * batch limits; it follows the batch limits and the vocabulary (the sampler's logits), hardly the
 * model size. The mean of those two.
 */
export const ACTIVATION_GIB = 4.8;

/**
 * Memory outside PyTorch per GPU (CUDA context, NCCL buffers), GiB: 0.13 on one GPU, 0.55 per GPU
 * with tensor parallelism (llm-d-benchmark: every TP 1 run 0.13–0.14, TP 2 runs 0.54–0.55).
 */
export const NON_TORCH_GIB = { single: 0.13, parallel: 0.55 } as const;

/** Non-torch memory per GPU of a replica of `gpus` GPUs (tensor parallel when more than one). */
export function nonTorchGiBPerGpu(gpus: number): number {
  return gpus > 1 ? NON_TORCH_GIB.parallel : NON_TORCH_GIB.single;
}

/** Options of {@link kvBudget}. */
export interface KvBudgetOptions {
  quantization?: WeightFormat;
  kvCacheDtype?: KvFormat;
  /** vLLM `--gpu-memory-utilization`; default 0.9. */
  gpuMemoryUtilization?: number;
}

/** The budget's terms for one replica (GiB unless named otherwise). */
export interface KvBudget {
  gpus: number;
  /** The catalogue's figure for one GPU (read in GiB, see {@link RUNTIME_RESERVE_GIB}). */
  memoryGB: number;
  /** The share of GPU memory the engine may use (vLLM `--gpu-memory-utilization`). */
  gpuMemoryUtilization: number;
  /** Memory PyTorch sees on one GPU. */
  gpuGiB: number;
  /** gpus × gpuGiB × utilisation: what the engine may use. */
  usableGiB: number;
  weightsGiB: number;
  activationGiB: number;
  nonTorchGiB: number;
  /** KV cache of the replica (negative when the rest does not fit). */
  availableGiB: number;
  kvBytesPerToken: number;
  /** Tokens of KV cache the replica holds (0 when nothing is left). */
  tokens: number;
  /** True when the weights and the rest leave room for KV cache. */
  fits: boolean;
}

/** Bytes of the weights in `format`: the embedding table and the output head stay 16-bit when quantized. */
export function weightBytesOf(llm: Llm, format: WeightFormat): number {
  const params = llm.parametersB * 1e9;
  const bytes = WEIGHT_BYTES[format];
  if (format === "bf16" || !llm.vocabSize) return params * bytes;
  const table = llm.vocabSize * llm.hiddenSize * (llm.tiedEmbeddings ? 1 : 2);
  return (params - table) * bytes + table * 2;
}

/** The KV budget of a replica of `gpus` × `gpu` serving `llm` (docs/memory.md). */
export function kvBudget(gpu: Gpu, gpus: number, llm: Llm, opts: KvBudgetOptions = {}): KvBudget {
  const util = opts.gpuMemoryUtilization ?? 0.9;
  // The vendor's figure is read in GiB whatever unit it is printed in (RUNTIME_RESERVE_GIB).
  const gpuGiB = gpu.memoryGB - RUNTIME_RESERVE_GIB;
  const usableGiB = gpus * gpuGiB * util;
  const weightsGiB = weightBytesOf(llm, opts.quantization ?? "bf16") / GIB;
  const activationGiB = gpus * ACTIVATION_GIB;
  const nonTorchGiB = gpus * nonTorchGiBPerGpu(gpus);
  const availableGiB = usableGiB - weightsGiB - activationGiB - nonTorchGiB;
  const perToken = kvBytesPerToken(llm, KV_ELEMENT_BYTES[opts.kvCacheDtype ?? "bf16"]);
  const fits = availableGiB > 0;
  return {
    gpus,
    memoryGB: gpu.memoryGB,
    gpuMemoryUtilization: util,
    gpuGiB,
    usableGiB,
    weightsGiB,
    activationGiB,
    nonTorchGiB,
    availableGiB,
    kvBytesPerToken: perToken,
    tokens: fits && perToken > 0 ? Math.floor((availableGiB * GIB) / perToken) : 0,
    fits,
  };
}
