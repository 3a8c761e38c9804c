/**
 * The shapes of the GPU and LLM catalogues (`models/gpus.json`, `models/llms.json`). Types only:
 * catalog.ts (restoring), catalog-match.ts and catalog-memory.ts all import them from here.
 */

/** Where one or more figures of an entry come from (see models/README.md). */
export interface CatalogSource {
  /** Field names this source supports, e.g. `["memoryGB", "memoryBandwidthTBps"]`. */
  fields: string[];
  url: string;
  title: string;
  /** ISO date the source was read. */
  retrieved: string;
  note?: string;
}

/** Memory capacity unit as the vendor prints it: decimal GB (1e9 B) or binary GiB (2^30 B). */
export type MemoryUnit = "GB" | "GiB";

/** One GPU SKU of `models/gpus.json` (`capplan.gpus/v1`). */
export interface Gpu {
  id: string;
  name: string;
  vendor: string;
  /** Other spellings for {@link findGpu}, e.g. nvidia-smi's "NVIDIA H100 80GB HBM3". */
  aliases: string[];
  /** Capacity as the vendor states it, in {@link Gpu.memoryUnit}. */
  memoryGB: number;
  memoryUnit: MemoryUnit;
  memoryType: string | null;
  /** Peak memory bandwidth, TB/s (decimal). */
  memoryBandwidthTBps: number;
  /** Dense BF16 tensor TFLOPS (no 2:4 structured sparsity); null when not sourced. */
  denseBf16Tflops: number | null;
  /** Board power (TDP/TBP/TGP), W; null when not sourced. */
  tdpW: number | null;
  /** GPU-to-GPU link, e.g. "NVLink 4, 900 GB/s"; null when not sourced. */
  interconnect: string | null;
  sources: CatalogSource[];
  /** An indicative on-demand price, USD per GPU-hour, with its source (docs/trust.md "Defaulted prices"); absent when none was found. */
  price?: CatalogPrice;
}

/** An indicative catalogue price: what a planner pays on demand somewhere, never a quote. */
export interface CatalogPrice {
  usdPerGpuHour: number;
  /** Where and when: the provider's page, the date read, and how it was read. */
  source: { url: string; title: string; retrieved: string; via?: string; note?: string };
}

/** One model of `models/llms.json` (`capplan.llms/v1`). */
export interface Llm {
  id: string;
  name: string;
  hfRepo: string;
  aliases: string[];
  /** Total parameters, billions (all experts for MoE). */
  parametersB: number;
  /** Parameters active per token, billions (MoE only). */
  activeParametersB: number | null;
  layers: number;
  hiddenSize: number;
  attentionHeads: number;
  kvHeads: number;
  headDim: number;
  attention: "gqa" | "mla";
  /** MLA only: compressed KV latent width d_c (`kv_lora_rank`). */
  kvLoraRank: number | null;
  /** MLA only: decoupled RoPE key width d_h^R (`qk_rope_head_dim`). */
  qkRopeHeadDim: number | null;
  /** Sliding-window attention span in tokens, for models that alternate window/full layers. */
  slidingWindow: number | null;
  /** Number of layers that use the sliding window (their KV stops growing at the window). */
  slidingWindowLayers: number;
  maxContext: number;
  /**
   * Vocabulary size (`vocab_size`), when sourced: the token-embedding table and the output head
   * (vocab × hidden each; one table when `tiedEmbeddings`) stay 16-bit in FP8/INT4 checkpoints
   * (docs/memory.md). Null when not sourced.
   */
  vocabSize?: number | null;
  /** True when the output head shares the embedding table (`tie_word_embeddings`). */
  tiedEmbeddings?: boolean;
  sources: CatalogSource[];
}

/** A problem found while restoring a catalogue or sizing memory. */
export interface CatalogIssue {
  /** JSON path, e.g. `gpus[3].memoryGB`. */
  path: string;
  message: string;
}

/** Result of a restore: the valid entries and what was wrong with the rest. */
export interface Restored<T> {
  items: T[];
  issues: CatalogIssue[];
}
