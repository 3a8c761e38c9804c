/**
 * A SKU's KV memory against its workloads (docs/memory.md): the budget of one replica
 * (catalog/kv-budget.ts), how many requests of a workload's length fit in it, and the capacity
 * read from the sweep's curve at that concurrency when the operating point needs more.
 */
import type { Problem } from "../base/problems";
import type { SweepPoint } from "../base/types";
import { findGpu, findLlm } from "../catalog/catalog-match";
import type { Gpu, Llm } from "../catalog/catalog-types";
import { kvBudget, type KvBudget } from "../catalog/kv-budget";
import { kvMessages as K } from "./kv-messages";
import type { ResolvedPlan, ResolvedSku } from "./resolved-plan-types";

/** The catalogues the KV estimate reads (the CLI and the app pass models/gpus.json and models/llms.json). */
export interface MemoryCatalog {
  gpus: readonly Gpu[];
  llms: readonly Llm[];
}

/** `skus[].kv` (docs/memory.md): the replica's KV cache and the workload that binds it. */
export interface SkuKv {
  model: string;
  availableGiB: number;
  tokens: number;
  /** Context one request holds at its end (input + output tokens), of the longest workload. */
  perRequestTokens: number | null;
  /** Requests of that length that fit at once (floor of tokens ÷ perRequestTokens). */
  maxConcurrency: number | null;
  /** True when some workload's capacity was read at maxConcurrency instead of its operating point. */
  limited: boolean;
  /** Every term of the budget (GiB), for the lineage and the app. */
  terms: KvBudget;
}

/** A workload's KV numbers on one SKU. */
export interface WorkloadKv {
  perRequestTokens: number;
  maxConcurrency: number;
  limited: boolean;
}

/** The KV budget of a SKU, or null with why when it has no model, an unknown model or GPU. */
export function skuKvBudget(
  plan: ResolvedPlan,
  sku: ResolvedSku,
  memory: MemoryCatalog,
): { model: string; budget: KvBudget | null; problems: Problem[] } | null {
  const model = sku.model ?? plan.model;
  if (!model) return null;
  const llm = findLlm(memory.llms as Llm[], model);
  if (!llm) return { model, budget: null, problems: [K.problem("unknownModel", { model })] };
  const gpu = sku.gpu ? findGpu(memory.gpus as Gpu[], sku.gpu) : null;
  if (!gpu) return { model, budget: null, problems: [K.problem("unknownGpu", { gpu: sku.gpu })] };
  const n = sku.gpusPerReplica;
  if (!(typeof n === "number" && Number.isInteger(n) && n > 0))
    return { model, budget: null, problems: [] };
  const util = plan.gpuMemoryUtilization;
  const budget = kvBudget(gpu, n, llm, {
    quantization: sku.quantization ?? "bf16",
    kvCacheDtype: sku.kvCacheDtype ?? "bf16",
    ...(typeof util === "number" && util > 0 && util <= 1 ? { gpuMemoryUtilization: util } : {}),
  });
  const problems = budget.fits
    ? []
    : [
        K.problem("weightsDoNotFit", {
          model: llm.name,
          gpus: n,
          gpu: gpu.name,
          needGiB: budget.weightsGiB + budget.activationGiB + budget.nonTorchGiB,
          usableGiB: budget.usableGiB,
          shortGiB: -budget.availableGiB,
        }),
      ];
  return { model: llm.id, budget, problems };
}

/**
 * Output tokens/s of the sweep's curve at concurrency `c`: linear between the points around it,
 * and below the first point proportional to concurrency (c ÷ c₁ of its throughput). Null when the
 * sweep has no closed-loop points with output tokens/s.
 */
export function curveAt(points: readonly SweepPoint[], c: number): number | null {
  const pts = points
    .filter(
      (p): p is SweepPoint & { concurrency: number; outputTokensPerSec: number } =>
        typeof p.concurrency === "number" && typeof p.outputTokensPerSec === "number",
    )
    .sort((a, b) => a.concurrency - b.concurrency);
  if (!pts.length) return null;
  const first = pts[0]!;
  if (c <= first.concurrency) return (first.outputTokensPerSec * c) / first.concurrency;
  for (let i = 1; i < pts.length; i++) {
    const b = pts[i]!;
    if (c <= b.concurrency) {
      const a = pts[i - 1]!;
      const t = (c - a.concurrency) / (b.concurrency - a.concurrency);
      return a.outputTokensPerSec + t * (b.outputTokensPerSec - a.outputTokensPerSec);
    }
  }
  return pts[pts.length - 1]!.outputTokensPerSec;
}

/**
 * How a workload's KV need meets the budget: requests of `inputTokens + outputTokens` fit
 * `floor(tokens ÷ that)` at once. When the operating point runs more, the capacity is the curve
 * at that many (never above the operating point's). `tokS` is the capacity to use.
 */
export function kvLimit(
  budget: KvBudget,
  workload: { name: string; inputTokens: number; outputTokens: number },
  opConcurrency: number | null,
  points: readonly SweepPoint[] | null,
  tokS: number,
): { kv: WorkloadKv; tokS: number | null; problem: Problem | null } {
  const perRequestTokens = workload.inputTokens + workload.outputTokens;
  const maxConcurrency =
    perRequestTokens > 0 ? Math.floor(budget.tokens / perRequestTokens) : Infinity;
  const kv = { perRequestTokens, maxConcurrency, limited: false };
  if (maxConcurrency < 1)
    return {
      kv,
      tokS: null,
      problem: K.problem("requestTooLong", {
        workload: workload.name,
        perRequestTokens,
        tokens: budget.tokens,
      }),
    };
  if (opConcurrency === null || !points || opConcurrency <= maxConcurrency)
    return { kv, tokS, problem: null };
  const atMax = curveAt(points, maxConcurrency);
  if (atMax === null) return { kv, tokS, problem: null };
  const limited = Math.min(atMax, tokS);
  kv.limited = true;
  return {
    kv,
    tokS: limited,
    problem: K.problem("limited", {
      workload: workload.name,
      concurrency: opConcurrency,
      maxConcurrency,
      perRequestTokens,
      tokens: budget.tokens,
      tokS: limited,
    }),
  };
}
