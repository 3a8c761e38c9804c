/**
 * How the chain's inputs are named and measured (src/engine/chain/names.ts): every name in English
 * and Chinese, the constants written as their numbers, the unit of every leaf and quantity (a few
 * checked dimensionally against their formulas), and the constants' labels.
 */
import { describe, expect, it } from "vitest";
import { NAMES, nameOf, unitOf } from "../../../src/engine/chain/names";
import { CONSTANTS, QUANTITIES } from "../../../src/engine/chain/quantities";

describe("NAMES", () => {
  it.each([
    // [id, English, Chinese]
    ["workloadCapacity", "replicaOutputTokensPerSec", "replicaOutputTokensPerSec"],
    ["workloadReplicasBase", "workloads' replicasBase", "各负载的 replicasBase"],
    ["workloadPeakOutput", "peakRps × outputTokens", "peakRps × outputTokens"],
    [
      "workloadSecondsPerRequest",
      "(outputTokens ÷ replicaOutputTokensPerSec)",
      "(outputTokens ÷ replicaOutputTokensPerSec)",
    ],
    ["workloadForecastOutput", "forecast rate × outputTokens", "预测速率 × outputTokens"],
    ["forecastRps", "forecast rate", "预测速率"],
    ["intervalRps", "rps_i", "rps_i"],
    ["peakOutputTokensPerSec", "peak output tokens/s", "峰值输出 tokens/s"],
    ["forecastOutputTokensPerSec", "forecast output tokens/s", "预测输出 tokens/s"],
    ["peakCostPerOutputToken", "peak costPerOutputToken", "峰值 costPerOutputToken"],
    ["forecastCostPerOutputToken", "forecast costPerOutputToken", "预测 costPerOutputToken"],
    ["meanOutputTokens", "mean output tokens per request", "每请求平均输出 token 数"],
    ["spare", "spare", "spare"],
    ["gpuMemoryGB", "GPU memory", "GPU 显存"],
    ["runtimeReserveGiB", "runtime reserve", "运行时保留"],
    ["weightsGiB", "weights", "权重"],
    ["activationGiBPerGpu", "activations per GPU", "每 GPU 激活"],
    ["nonTorchGiBPerGpu", "non-torch memory per GPU", "每 GPU 非 PyTorch 内存"],
    ["kvBytesPerToken", "KV bytes per token", "每 token KV 字节数"],
    ["bytesPerGiB", "2³⁰", "2³⁰"],
    ["kvGpuGiB", "memory per GPU", "每 GPU 显存"],
    ["kvUsableGiB", "usable memory", "可用显存"],
    ["kvActivationGiB", "activations", "激活"],
    ["kvNonTorchGiB", "non-torch memory", "非 PyTorch 内存"],
    ["kvAvailableGiB", "KV cache", "KV 缓存"],
    ["kvTokens", "KV tokens", "KV token 数"],
    // The constants: their numbers, large ones with separators.
    ["hoursPerDay", "24", "24"],
    ["hoursPerMonth", "730", "730"],
    ["secondsPerHour", "3600", "3600"],
    ["secondsPerDay", "86,400", "86,400"],
    ["million", "1,000,000", "1,000,000"],
  ])("%s is %j, %j", (id, en, zh) => {
    expect(NAMES[id]).toEqual({ en, zh });
    expect(nameOf(id, "en")).toBe(en);
    expect(nameOf(id, "zh")).toBe(zh);
  });

  it("names exactly the inputs above (31), every constant among them", () => {
    expect(Object.keys(NAMES)).toHaveLength(31);
    for (const id of Object.keys(CONSTANTS)) expect(Object.hasOwn(NAMES, id)).toBe(true);
  });
});

describe("nameOf", () => {
  it.each([
    ["replicasRaw", "replicasRaw"],
    ["pricePerGpuHour", "pricePerGpuHour"],
    ["toString", "toString"], // an Object.prototype key is an id like any other
    ["", ""],
  ])("%j without a name is its id", (id, want) => {
    expect(nameOf(id, "en")).toBe(want);
    expect(nameOf(id, "zh")).toBe(want);
  });
});

describe("unitOf", () => {
  it.each([
    // The leaves.
    ["inputTokens", "tokens"],
    ["outputTokens", "tokens"],
    ["peakRps", "req/s"],
    ["forecastRps", "req/s"],
    ["workloadCapacity", "tokens/s"],
    ["intervalRps", "req/s"],
    ["gpusPerReplica", "gpus"],
    ["pricePerGpuHour", "money/GPU-hour"],
    ["powerCostPerGpuHour", "money/GPU-hour"],
    ["elasticity", "ratio"],
    ["redundancy", "ratio"],
    ["spare", "replicas"],
    ["intervalSec", "seconds"],
    ["hoursPerDay", "hours"],
    ["hoursPerMonth", "hours"],
    ["secondsPerHour", "seconds"],
    ["secondsPerDay", "seconds"],
    ["dailyRequests", "req/day"],
    ["million", "tokens"],
    ["gpuMemoryGB", "GiB"],
    ["runtimeReserveGiB", "GiB/GPU"],
    ["gpuMemoryUtilization", "ratio"],
    ["weightsGiB", "GiB"],
    ["activationGiBPerGpu", "GiB/GPU"],
    ["nonTorchGiBPerGpu", "GiB/GPU"],
    ["kvBytesPerToken", "bytes/token"],
    ["bytesPerGiB", "bytes/GiB"],
    // The quantities.
    ["dailyRate", "req/s"],
    ["tokensPerRequest", "tokens"],
    ["tokensPerSec", "tokens/s"],
    ["workloadReplicasBase", "replicas"],
    ["workloadPeakOutput", "tokens/s"],
    ["workloadForecastOutput", "tokens/s"],
    ["workloadSecondsPerRequest", "seconds"],
    ["replicasBase", "replicas"],
    ["peakOutputTokensPerSec", "tokens/s"],
    ["forecastOutputTokensPerSec", "tokens/s"],
    ["replicaOutputTokensPerSec", "tokens/s"],
    ["replicaOutputTokensPerSecOne", "tokens/s"],
    ["replicaOutputTokensPerSecByLength", "tokens/s"],
    ["replicasRaw", "replicas"],
    ["replicasRawSpare", "replicas"],
    ["replicas", "replicas"],
    ["replicasSpare", "replicas"],
    ["gpus", "gpus"],
    ["costPerHour", "money/h"],
    ["powerCostPerHour", "money/h"],
    ["costPerDay", "money/day"],
    ["costPerMonth", "money/month"],
    ["costPerOutputToken", "money/token"],
    ["costPerMillionOutputTokens", "money/1M tokens"],
    ["meanOutputTokens", "tokens"],
    ["meanOutputTokensPlain", "tokens"],
    ["costPerRequest", "money/request"],
    ["utilizationAtPeak", "ratio"],
    ["peakCostPerOutputToken", "money/token"],
    ["peakCostPerMillionOutputTokens", "money/1M tokens"],
    ["forecastCostPerOutputToken", "money/token"],
    ["forecastCostPerMillionOutputTokens", "money/1M tokens"],
    ["forecastUtilization", "ratio"],
    ["intervalReplicasBase", "replicas"],
    ["intervalCost", "money/period"],
    ["kvGpuGiB", "GiB"],
    ["kvUsableGiB", "GiB"],
    ["kvActivationGiB", "GiB"],
    ["kvNonTorchGiB", "GiB"],
    ["kvAvailableGiB", "GiB"],
    ["kvTokens", "tokens"],
    ["kvMaxConcurrency", "requests"],
  ])("%s is in %s", (id, unit) => expect(unitOf(id)).toBe(unit));

  it.each(["nope", "toString", "constructor", ""])("%j has no unit", (id) =>
    expect(unitOf(id)).toBeUndefined(),
  );

  it("gives every input of every declaration a unit", () => {
    for (const q of Object.values(QUANTITIES))
      for (const i of [...q.inputs, ...(q.lists ?? [])])
        expect([q.id, i, unitOf(i) !== undefined || i === "intervalReplicas"]).toEqual([
          q.id,
          i,
          true,
        ]);
  });

  // Dimensions: a product's unit is the product of its inputs' units (GPUs × money/GPU-hour is
  // money/h; money/h × hours a day is money/day), a quotient the quotient.
  it.each([
    ["gpus", ["replicas", "gpus"], "gpus"], // gpusPerReplica: GPUs per replica
    ["costPerHour", ["gpus", "money/GPU-hour"], "money/h"],
    ["powerCostPerHour", ["gpus", "money/GPU-hour"], "money/h"],
    ["costPerDay", ["money/h", "hours"], "money/day"],
    ["costPerMonth", ["money/h", "hours"], "money/month"],
    ["tokensPerSec", ["req/s", "tokens"], "tokens/s"],
    ["workloadPeakOutput", ["req/s", "tokens"], "tokens/s"],
    ["workloadSecondsPerRequest", ["tokens", "tokens/s"], "seconds"],
    ["workloadReplicasBase", ["req/s", "tokens", "tokens/s"], "replicas"],
    ["dailyRate", ["req/day", "seconds"], "req/s"],
    ["replicasRaw", ["replicas", "ratio", "ratio"], "replicas"],
    ["replicasRawSpare", ["replicas", "ratio", "replicas"], "replicas"],
    ["kvUsableGiB", ["gpus", "GiB", "ratio"], "GiB"],
    ["kvActivationGiB", ["gpus", "GiB/GPU"], "GiB"],
    ["kvTokens", ["GiB", "bytes/GiB", "bytes/token"], "tokens"],
  ])("%s: its inputs in %j give %s", (id, inputUnits, unit) => {
    const q = QUANTITIES[id as keyof typeof QUANTITIES];
    expect(q.inputs.map(unitOf)).toEqual(inputUnits);
    expect(unitOf(id)).toBe(unit);
  });
});
