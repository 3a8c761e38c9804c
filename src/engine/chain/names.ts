/**
 * How the chain's inputs are named in formulas (English and Chinese; a constant as its number) and
 * their units: what rendering a declaration of quantities.ts needs besides the declaration. The
 * words naming a constant as a lineage leaf are messages of src/engine/plan/lineage-messages.ts.
 */
import { CONSTANTS, QUANTITIES, type LeafId, type QuantityId, type Unit } from "./quantities";

/**
 * How an input is called inside a formula, in English and Chinese, where that is not its id.
 * Constants are written as their number; a few quantities have words.
 */
export const NAMES: Readonly<Record<string, { en: string; zh: string }>> = {
  workloadCapacity: { en: "replicaOutputTokensPerSec", zh: "replicaOutputTokensPerSec" },
  workloadReplicasBase: { en: "workloads' replicasBase", zh: "各负载的 replicasBase" },
  workloadPeakOutput: { en: "peakRps × outputTokens", zh: "peakRps × outputTokens" },
  // In parentheses: it is summed (Σ) as one term per workload.
  workloadSecondsPerRequest: {
    en: "(outputTokens ÷ replicaOutputTokensPerSec)",
    zh: "(outputTokens ÷ replicaOutputTokensPerSec)",
  },
  workloadForecastOutput: { en: "forecast rate × outputTokens", zh: "预测速率 × outputTokens" },
  forecastRps: { en: "forecast rate", zh: "预测速率" },
  intervalRps: { en: "rps_i", zh: "rps_i" },
  peakOutputTokensPerSec: { en: "peak output tokens/s", zh: "峰值输出 tokens/s" },
  forecastOutputTokensPerSec: { en: "forecast output tokens/s", zh: "预测输出 tokens/s" },
  peakCostPerOutputToken: { en: "peak costPerOutputToken", zh: "峰值 costPerOutputToken" },
  forecastCostPerOutputToken: { en: "forecast costPerOutputToken", zh: "预测 costPerOutputToken" },
  meanOutputTokens: { en: "mean output tokens per request", zh: "每请求平均输出 token 数" },
  spare: { en: "spare", zh: "spare" },
  gpuMemoryGB: { en: "GPU memory", zh: "GPU 显存" },
  runtimeReserveGiB: { en: "runtime reserve", zh: "运行时保留" },
  weightsGiB: { en: "weights", zh: "权重" },
  activationGiBPerGpu: { en: "activations per GPU", zh: "每 GPU 激活" },
  nonTorchGiBPerGpu: { en: "non-torch memory per GPU", zh: "每 GPU 非 PyTorch 内存" },
  kvBytesPerToken: { en: "KV bytes per token", zh: "每 token KV 字节数" },
  bytesPerGiB: { en: "2³⁰", zh: "2³⁰" },
  kvGpuGiB: { en: "memory per GPU", zh: "每 GPU 显存" },
  kvUsableGiB: { en: "usable memory", zh: "可用显存" },
  kvActivationGiB: { en: "activations", zh: "激活" },
  kvNonTorchGiB: { en: "non-torch memory", zh: "非 PyTorch 内存" },
  kvAvailableGiB: { en: "KV cache", zh: "KV 缓存" },
  kvTokens: { en: "KV tokens", zh: "KV token 数" },
  ...Object.fromEntries(
    Object.entries(CONSTANTS).map(([id, v]) => {
      // A constant is written as its number; large ones with separators (86,400; "per 1,000,000").
      const text = v >= 10_000 ? v.toLocaleString("en-US") : String(v);
      return [id, { en: text, zh: text }];
    }),
  ),
};

/** The name of input `id` in `lang` (its id unless {@link NAMES} says otherwise). */
export function nameOf(id: string, lang: "en" | "zh"): string {
  return Object.hasOwn(NAMES, id) ? NAMES[id]![lang] : id;
}

/** Units of the leaves (a quantity's is in its declaration). */
const LEAF_UNITS: Readonly<Record<LeafId, Unit>> = {
  inputTokens: "tokens",
  outputTokens: "tokens",
  peakRps: "req/s",
  forecastRps: "req/s",
  workloadCapacity: "tokens/s",
  intervalRps: "req/s",
  gpusPerReplica: "gpus",
  pricePerGpuHour: "money/GPU-hour",
  powerCostPerGpuHour: "money/GPU-hour",
  elasticity: "ratio",
  redundancy: "ratio",
  spare: "replicas",
  intervalSec: "seconds",
  hoursPerDay: "hours",
  hoursPerMonth: "hours",
  secondsPerHour: "seconds",
  secondsPerDay: "seconds",
  dailyRequests: "req/day",
  million: "tokens",
  gpuMemoryGB: "GiB",
  runtimeReserveGiB: "GiB/GPU",
  gpuMemoryUtilization: "ratio",
  weightsGiB: "GiB",
  activationGiBPerGpu: "GiB/GPU",
  nonTorchGiBPerGpu: "GiB/GPU",
  kvBytesPerToken: "bytes/token",
  bytesPerGiB: "bytes/GiB",
};

/** The unit of a quantity or leaf id (undefined for an unknown id). */
export function unitOf(id: string): Unit | undefined {
  if (Object.hasOwn(QUANTITIES, id)) return QUANTITIES[id as QuantityId].unit;
  return Object.hasOwn(LEAF_UNITS, id) ? LEAF_UNITS[id as LeafId] : undefined;
}
