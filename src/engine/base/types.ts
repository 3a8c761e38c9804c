/**
 * Core data types of capplan: the normalised sweep (docs/metrics.md), SLOs (docs/operating-point.md)
 * and the plan file (docs/plan-file.md). Pure data: no DOM, no Solid, no Chart.js.
 */
import type { TrafficSummary } from "./traffic-types";
import type { Problem } from "./problems";

/** Canonical latency metrics (docs/metrics.md). All values in milliseconds. */
export type MetricKey = "ttft" | "itl" | "tpot" | "ntpot" | "e2e";
export const METRIC_KEYS: readonly MetricKey[] = ["ttft", "itl", "tpot", "ntpot", "e2e"];

/** Field of a {@link SweepPoint} holding a metric's statistics. */
export type MetricField = "ttftMs" | "itlMs" | "tpotMs" | "ntpotMs" | "e2eMs";
export const METRIC_FIELD: Readonly<Record<MetricKey, MetricField>> = {
  ttft: "ttftMs",
  itl: "itlMs",
  tpot: "tpotMs",
  ntpot: "ntpotMs",
  e2e: "e2eMs",
};

/**
 * Statistic keys: `mean`, `p50` (median), `p90`, `p95`, `p99`, `p99.9`, `min`, `max`, `std`,
 * and other percentiles as `pNN` / `pNN.N`.
 */
export type StatKey = string;
export const STANDARD_STATS: readonly StatKey[] = [
  "mean",
  "p50",
  "p90",
  "p95",
  "p99",
  "p99.9",
  "min",
  "max",
  "std",
];

/** Statistics of one metric at one load level, in ms. Absent statistics are omitted. */
export type Stats = { [stat: StatKey]: number };

/** One load level of a sweep (docs/metrics.md). Absent values are omitted or null, never 0. */
export interface SweepPoint {
  /** Closed-loop concurrency (configured, or measured average with a warning); null for open loop. */
  concurrency: number | null;
  /** Offered request rate of an open-loop run (`"inf"` allowed); null otherwise. */
  requestRate: number | "inf" | null;
  /** Achieved requests per second, aggregate over the deployment. */
  rps?: number | null;
  outputTokensPerSec?: number | null;
  totalTokensPerSec?: number | null;
  meanInputTokens?: number | null;
  meanOutputTokens?: number | null;
  ttftMs?: Stats;
  itlMs?: Stats;
  tpotMs?: Stats;
  ntpotMs?: Stats;
  e2eMs?: Stats;
  completed?: number | null;
  failed?: number | null;
  /**
   * Failed share of the level's requests in percent, as a spreadsheet states it (`Failed %`,
   * `error rate`); read when the file gives no counts (the counts win when both are there).
   */
  failedPct?: number | null;
  /** Repeated runs at this load level combined into this point (their median, docs/metrics.md); absent for one run. */
  repeats?: number;
  /** With repeats: each field's spread over its runs (docs/uncertainty.md); absent for one run. */
  spread?: PointSpread;
  /**
   * Where the point was read (docs/lineage.md): one entry per file or record merged into it (two
   * exports of one run, repeated runs), each with the 1-based line of its row or record when the
   * format has rows (CSV, JSON lines, Markdown tables); a whole-file result has no line.
   */
  sources?: PointSource[];
}

/**
 * A field's values over the repeated runs of one load level (docs/uncertainty.md): `n` runs, their
 * mean and sample standard deviation, and the 95 % t-interval of the mean `[lo, hi]` =
 * mean ± t(0.975, n − 1) × std ÷ √n. `values` are the runs' own values, in run order.
 */
export interface SpreadStat {
  n: number;
  mean: number;
  std: number;
  lo: number;
  hi: number;
  values: number[];
}

/** The spread of each scalar field (`outputTokensPerSec`, …) and of each latency statistic (`ttftMs.p99`, …). */
export type PointSpread = {
  [K in
    | "rps"
    | "outputTokensPerSec"
    | "totalTokensPerSec"
    | "meanInputTokens"
    | "meanOutputTokens"]?: SpreadStat;
} & { [M in MetricField]?: Record<StatKey, SpreadStat> };

/** A file (as imported, relative to what the user gave) and the line a point was read from. */
export interface PointSource {
  file: string;
  line?: number;
  /** 0-based element of a JSON array of results (the file's lines do not separate them). */
  record?: number;
}

export interface SweepMeta {
  model: string | null;
  engine: string | null;
  gpu: string | null;
  gpuCount: number | null;
  date: string | null;
  /** Tool that wrote the file (e.g. `vllm bench serve`, `genai-perf`). */
  tool?: string | null;
  toolVersion?: string | null;
  /** Anything else the tool recorded that is worth keeping (backend, dataset, tp, …). */
  [extra: string]: unknown;
}

/** One deployment measured at several load levels (docs/metrics.md). */
export interface Sweep {
  label: string;
  source: { files: string[]; format: string };
  meta: SweepMeta;
  points: SweepPoint[];
  warnings: string[];
  /** The problems the `warnings` were rendered from, when the importer gave them (docs/problems.md): the app renders a note from its problem. Not stored in plan files. */
  problems?: Problem[];
  /** Files of the imported folder that could not be read: the sweep lacks their load levels (docs/trust.md "Dropped"). */
  dropped?: DroppedFile[];
}

/** A file of an imported folder that looked like a result but could not be read (its level is missing). */
export interface DroppedFile {
  /** The file's name as imported (`run/vllm-…-concurrency16-….json`). */
  file: string;
  /** Where it broke, when known. */
  line?: number;
  column?: number;
  /** Why (the importer's message, English). */
  reason: string;
  /** `reason` as a problem (src/engine/base/problems.ts), to render it in another language. */
  problem?: Problem;
}

/** The value of `capplan import --json`. */
export interface ImportOutput {
  sweeps: Sweep[];
}

/** An SLO (docs/operating-point.md): `metric`'s `stat` must be below `maxMs` (resolved: a number). */
export interface Slo {
  metric: MetricKey;
  stat: StatKey;
  maxMs: number;
}

/** An SLO as written in a plan file: `maxMs` may be a formula. */
export interface SloDef {
  metric: MetricKey;
  stat: StatKey;
  maxMs: NumOrFormula;
}

export type SloMode = "measured" | "interpolated";

/** Where a number comes from: read from a sweep point, interpolated between two, or given. */
export type Basis = "measured" | "interpolated" | "given";

/**
 * A number in a plan file: a plain number, or a formula string starting with `=`
 * (a mathjs expression over cell names), docs/plan-file.md.
 */
export type NumOrFormula = number | string;

/**
 * A workload's request trace (docs/traffic.md): a `file` the CLI reads, or the imported summary
 * stored inline as `traffic` (the app); its numbers fill peakRps, avgRps and the lengths.
 */
export interface TraceDef {
  file?: string;
  /** Bin length in seconds for the rates (default 60). */
  binSec?: number;
  /** Which binned rate is the peak: the highest (default) or the 99th percentile. */
  peak?: "max" | "p99";
  name?: string;
  traffic?: TrafficSummary;
}

/** A workload's demand over a repeating period (docs/schedules.md). */
export interface ScheduleDef {
  intervalSec?: NumOrFormula;
  /** Request rate per interval (numbers or formulas); absent with `fromTrace`. */
  rps?: NumOrFormula[];
  minReplicas?: NumOrFormula;
  leadIntervals?: NumOrFormula;
  /** Take the rates from the workload's trace, each interval its peak bin rate. */
  fromTrace?: boolean;
}

export interface WorkloadDef {
  name?: string;
  /** Required unless the workload has a `trace` (then the trace gives it). */
  peakRps?: NumOrFormula;
  avgRps?: NumOrFormula;
  /** Daily request volume, as an alternative to avgRps for the forecast basis. */
  dailyRequests?: NumOrFormula;
  inputTokens?: NumOrFormula;
  outputTokens?: NumOrFormula;
  trace?: TraceDef;
  schedule?: ScheduleDef;
}

/** A sweep reference in a plan: inline points, a file or folder, or a given capacity. */
export interface SweepRef {
  points?: SweepPoint[];
  file?: string;
  replicaOutputTokensPerSec?: NumOrFormula;
  /** Optional: label/meta of an inline sweep (the app stores imported sweeps inline). */
  label?: string;
  meta?: Partial<SweepMeta>;
  source?: { files: string[]; format: string };
  warnings?: string[];
  /** Files of the imported folder that were dropped: the sweep lacks their load levels (the trust state says so). */
  dropped?: DroppedFile[];
}

export interface SkuDef {
  name: string;
  /** GPU catalogue id (models/gpus.json), e.g. `h100-sxm`. */
  gpu?: string;
  /** Identifier for formulas: `<id>_tok_s` reads this SKU's computed replica output tokens/s (docs/formulas.md). */
  id?: string;
  gpusPerReplica: NumOrFormula;
  pricePerGpuHour: NumOrFormula;
  /** Committed price per GPU-hour (docs/schedules.md). */
  reservedPricePerGpuHour?: NumOrFormula;
  /** The most replicas that can be had (GPUs you can actually get), for `capplan optimize` (docs/optimize.md). */
  maxReplicas?: NumOrFormula;
  /** The model this SKU serves (a models/llms.json id), for its KV memory (docs/memory.md). */
  model?: string;
  /** Weight format: bf16 (default), fp8 or int4 (docs/memory.md). */
  quantization?: "bf16" | "fp8" | "int4";
  /** KV-cache format: bf16 (default) or fp8 (docs/memory.md). */
  kvCacheDtype?: "bf16" | "fp8";
  /** Set when the price was filled from the GPU catalogue (src/engine/catalog/price-default.ts): flagged while the price equals it. */
  priceDefault?: PriceDefault;
  sweep?: SweepRef;
  sweeps?: Record<string, SweepRef>;
}

/** A price taken from the GPU catalogue (`models/gpus.json`): indicative, USD, with its source and date. */
export interface PriceDefault {
  /** Catalogue GPU id. */
  gpu: string;
  usdPerGpuHour: number;
  /** The source's title (provider, offer). */
  source: string;
  /** When it was read, YYYY-MM-DD. */
  retrieved: string;
}

export type Redundancy = NumOrFormula | { spare: NumOrFormula };

export interface TenantsDef {
  method?: "tokens" | "output" | "weighted";
  inputWeight?: NumOrFormula;
  outputWeight?: NumOrFormula;
  idle?: "proportional" | "separate";
  /** How pool costs reach teams (docs/allocation.md); default `usage`. */
  basis?: "usage" | "reservation";
  pools?: {
    name: string;
    costPerDay?: NumOrFormula;
    sku?: string;
    capacityTokensPerDay?: NumOrFormula;
    replicas?: NumOrFormula;
  }[];
  usage: {
    team: string;
    pool?: string;
    inputTokens: NumOrFormula;
    outputTokens: NumOrFormula;
    reservedReplicas?: NumOrFormula;
  }[];
  /** Shared daily costs split over the teams after the pools (docs/allocation.md). */
  shared?: { name: string; costPerDay: NumOrFormula; split?: "weighted" | "even" | "none" }[];
}

/** The cost the recommendation compares: at peak (cost per hour), or a schedule's static, autoscaled or blended cost. */
export type RecommendBy = "peak" | "static" | "autoscaled" | "blended";

/** The plan file `capplan.plan/v1` (docs/plan-file.md). Keys beyond these may be added. */
export interface PlanFile {
  format: "capplan.plan/v1";
  title?: string;
  currency?: string;
  cells?: Record<string, NumOrFormula>;
  workloads?: WorkloadDef[];
  workload?: WorkloadDef;
  slo?: SloDef[];
  sloMode?: SloMode;
  /** A load level passes only when failed ÷ (completed + failed) ≤ this percentage (default 1). */
  maxErrorRatePct?: NumOrFormula;
  factors?: { elasticity?: NumOrFormula; redundancy?: Redundancy };
  skus: SkuDef[];
  tenants?: TenantsDef;
  /** Which cost picks the recommended SKU (docs/schedules.md): default "peak". */
  recommendBy?: RecommendBy;
  /** The model served (a models/llms.json id), for KV memory (docs/memory.md); a SKU may name its own. */
  model?: string;
  /** Share of GPU memory the engine may use (vLLM `--gpu-memory-utilization`); default 0.9 (docs/memory.md). */
  gpuMemoryUtilization?: NumOrFormula;
  /**
   * How the app shows numbers typed with a unit or separators (`$2.99`, `50%`, `1.5k`), by plan
   * path: the number itself is stored at the path; this is display only (docs/grid.md).
   */
  display?: Record<string, string>;
  [extra: string]: unknown;
}
