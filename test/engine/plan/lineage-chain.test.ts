/**
 * src/engine/plan/lineage-chain.ts: a SKU's chain rendered from its evaluation's trace, step by step
 * with the numbers plugged in — cost, replicas, utilisation, peak and forecast, whole explanations
 * of a given capacity and of three workloads on one sweep, SKUs without a capacity, numbers beyond
 * a double, negative or absent forecast rates, and recomputed values at the edges (0 and n/a).
 */
import { describe, expect, it } from "vitest";
import { BROKEN, FORECAST_NONE, FORECAST_ZERO, G, IDLE, IDLE_FORECAST } from "./lineage-plans-b";
import { full, paths, showPaths } from "./lineage-plans-b";
import { words } from "../../words";
import { NO_CAPACITY, SKU_MIX, base, ctxOf, node, none, show, showAll } from "./lineage-plans-b";
import { explainPath, lineageNodes, consistent } from "../../../src/engine/plan/lineage";
import { PLANS } from "./lineage-plans-a";
import { contextOf, explainAll, treeLines } from "./lineage-print";
import type { PlanFile } from "../../../src/engine/base/types";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { combineRepeats } from "../../../src/import/repeats";

/** SKU 0's paths of `keys` (space-separated). */
const sku0 = (keys: string) => keys.split(" ").map((k) => `skus[0].${k}`);
const NO_LINEAGE = "no number with a lineage at this path";

describe("a SKU's peak and forecast steps", () => {
  // SKU_MIX's forecast output, its rates' inputs two levels down.
  const FORECAST = [
    "skus[0].forecast.outputTokensPerSec [computed] = 1000 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (800 + 100 + 100) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 1,000 | re 1000",
    "  workloads[0] · forecast rate × outputTokens [computed] = 800 | forecast rate × outputTokens | 4 × 200 = 800 | re 800",
    "    workloads[0].avgRps [field] = 4 | raw 4",
    "    workloads[0].outputTokens [field] = 200 | out | 200 = 200 | raw =out",
    "  workloads[1] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
    "    workloads[1] · forecast rate [computed] = 1 | dailyRequests ÷ 86,400 | 86,400 ÷ 86,400 = 1 | re 1",
    "    workloads[1].outputTokens [field] = 100 | raw 100",
    "  workloads[2] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 2 × 50 = 100 | re 100",
    "    workloads[2].peakRps [field] = 2 | raw 2",
    "    workloads[2].outputTokens [field] = 50 | raw 50",
  ];
  const FOT = FORECAST[0]!;

  it("forecast rate per workload: avgRps (a: 4), else dailyRequests \u00f7 86,400 (b: 1), else peakRps (c: 2) \u2192 1,000 tokens/s; the rate of dailyRequests \u00f7 86,400 has the field as its input", () => {
    const c = ctxOf(SKU_MIX);
    expect(show(c, "skus[0].forecast.outputTokensPerSec", 2)).toEqual(FORECAST);
    const depth1 = FORECAST.filter((l) => !l.startsWith("    "));
    expect(show(c, "skus[0].forecast.outputTokensPerSec")).toEqual(depth1);
  });

  it("peak output tokens/s is \u03a3 peakRps \u00d7 outputTokens in workload order: 10 \u00d7 200 + 5 \u00d7 100 + 2 \u00d7 50 = 2,600; peak cost per token 30 \u00f7 (2,600 \u00d7 3600), per 1M 3.2051; forecast utilization 1,000 \u00f7 (5 \u00d7 1,000) = 0.2, cost per token 30 \u00f7 (1,000 \u00d7 3600), per 1M 8.3333", () => {
    const paths = "outputTokensPerSec costPerOutputToken costPerMillionOutputTokens".split(" ");
    const all = [...paths.map((p) => `skus[0].peak.${p}`), "skus[0].forecast.utilization"];
    all.push(...paths.slice(1).map((p) => `skus[0].forecast.${p}`));
    expect(showAll(ctxOf(SKU_MIX), all)).toEqual([
      "skus[0].peak.outputTokensPerSec [computed] = 2600 | Σ peakRps × outputTokens | Σ (2,000 + 500 + 100) = 2,600 | re 2600",
      "  workloads[0] · peakRps × outputTokens [computed] = 2000 | peakRps × outputTokens | 10 × 200 = 2,000 | re 2000",
      "  workloads[1] · peakRps × outputTokens [computed] = 500 | peakRps × outputTokens | 5 × 100 = 500 | re 500",
      "  workloads[2] · peakRps × outputTokens [computed] = 100 | peakRps × outputTokens | 2 × 50 = 100 | re 100",
      "skus[0].peak.costPerOutputToken [computed] = 0.000003205128205128205 | costPerHour ÷ (peak output tokens/s × 3600) | 30 ÷ (2,600 × 3600) = 0.000003205 | re 0.000003205128205128205",
      "  skus[0].costPerHour [computed] = 30 | gpus × pricePerGpuHour | 10 × 3 = 30 | re 30",
      "  skus[0].peak.outputTokensPerSec [computed] = 2600 | Σ peakRps × outputTokens | Σ (2,000 + 500 + 100) = 2,600 | re 2600",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
      "skus[0].peak.costPerMillionOutputTokens [computed] = 3.205128205128205 | peak costPerOutputToken × 1,000,000 | 0.000003205 × 1,000,000 = 3.2051 | re 3.205128205128205",
      "  skus[0].peak.costPerOutputToken [computed] = 0.000003205128205128205 | costPerHour ÷ (peak output tokens/s × 3600) | 30 ÷ (2,600 × 3600) = 0.000003205 | re 0.000003205128205128205",
      "  million [constant] = 1000000 | tokens per million",
      "skus[0].forecast.utilization [computed] = 0.2 | forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | 1,000 ÷ (5 × 1,000) = 0.2 | re 0.2",
      `  ${FOT}`,
      "  skus[0].replicas [computed] = 5 | ceil(replicasBase × elasticity) + spare | ceil(2.6 × 1.5) + 1 = 5 | re 5",
      "  skus[0].replicaOutputTokensPerSec [computed] = 1000 | peak output tokens/s ÷ replicasBase (blended over workloads) | 2,600 ÷ 2.6 (blended over workloads) = 1,000 | re 1000",
      "skus[0].forecast.costPerOutputToken [computed] = 0.000008333333333333334 | costPerHour ÷ (forecast output tokens/s × 3600) | 30 ÷ (1,000 × 3600) = 0.000008333 | re 0.000008333333333333334",
      "  skus[0].costPerHour [computed] = 30 | gpus × pricePerGpuHour | 10 × 3 = 30 | re 30",
      `  ${FOT}`,
      "  secondsPerHour [constant] = 3600 | seconds per hour",
      "skus[0].forecast.costPerMillionOutputTokens [computed] = 8.333333333333334 | forecast costPerOutputToken × 1,000,000 | 0.000008333 × 1,000,000 = 8.3333 | re 8.333333333333334",
      "  skus[0].forecast.costPerOutputToken [computed] = 0.000008333333333333334 | costPerHour ÷ (forecast output tokens/s × 3600) | 30 ÷ (1,000 × 3600) = 0.000008333 | re 0.000008333333333333334",
      "  million [constant] = 1000000 | tokens per million",
    ]);
  });

  it("a forecast rate of exactly 0 is taken: avgRps 0 before dailyRequests, dailyRequests 0 before the peak (0 + 0 + 0.5 \u00d7 400 = 200)", () => {
    expect(showPaths(ctxOf(FORECAST_ZERO))`
      skus[0].forecast. outputTokensPerSec utilization costPerOutputToken costPerMillionOutputTokens
      skus[0].peak. outputTokensPerSec
    `).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 200 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (0 + 0 + 200) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 200 | re 200",
      "  workloads[0] · forecast rate × outputTokens [computed] = 0 | forecast rate × outputTokens | 0 × 100 = 0 | re 0",
      "  workloads[1] · forecast rate × outputTokens [computed] = 0 | forecast rate × outputTokens | 0 × 100 = 0 | re 0",
      "  workloads[2] · forecast rate × outputTokens [computed] = 200 | forecast rate × outputTokens | 0.5 × 400 = 200 | re 200",
      "skus[0].forecast.utilization [computed] = 0.09999999999999999 | forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | 200 ÷ (4 × 500) = 0.1 | re 0.09999999999999999",
      "  skus[0].forecast.outputTokensPerSec [computed] = 200 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (0 + 0 + 200) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 200 | re 200",
      "  skus[0].replicas [computed] = 4 | ceil(replicasRaw) | ceil(3.5) = 4 | re 4",
      "  skus[0].replicaOutputTokensPerSec [computed] = 500.00000000000006 | peak output tokens/s ÷ replicasBase (blended over workloads) | 1,400 ÷ 2.8 (blended over workloads) = 500 | re 500.00000000000006",
      "skus[0].forecast.costPerOutputToken [computed] = 0.000022222222222222223 | costPerHour ÷ (forecast output tokens/s × 3600) | 16 ÷ (200 × 3600) = 0.00002222 | re 0.000022222222222222223",
      "  skus[0].costPerHour [computed] = 16 | gpus × pricePerGpuHour | 4 × 4 = 16 | re 16",
      "  skus[0].forecast.outputTokensPerSec [computed] = 200 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (0 + 0 + 200) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 200 | re 200",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
      "skus[0].forecast.costPerMillionOutputTokens [computed] = 22.222222222222225 | forecast costPerOutputToken × 1,000,000 | 0.00002222 × 1,000,000 = 22.2222 | re 22.222222222222225",
      "  skus[0].forecast.costPerOutputToken [computed] = 0.000022222222222222223 | costPerHour ÷ (forecast output tokens/s × 3600) | 16 ÷ (200 × 3600) = 0.00002222 | re 0.000022222222222222223",
      "  million [constant] = 1000000 | tokens per million",
      "skus[0].peak.outputTokensPerSec [computed] = 1400 | Σ peakRps × outputTokens | Σ (800 + 200 + 400) = 1,400 | re 1400",
      "  workloads[0] · peakRps × outputTokens [computed] = 800 | peakRps × outputTokens | 8 × 100 = 800 | re 800",
      "  workloads[1] · peakRps × outputTokens [computed] = 200 | peakRps × outputTokens | 2 × 100 = 200 | re 200",
      "  workloads[2] · peakRps × outputTokens [computed] = 400 | peakRps × outputTokens | 1 × 400 = 400 | re 400",
    ]);
  });
});

describe("a given capacity (one workload, factor redundancy, forecast from avgRps)", () => {
  // cap = 40 × 50 = 2,000 tok/s; replicasBase = 40 × 250 ÷ 2,000 = 5; × 1.25 × 1.5 = 9.375 → 10 replicas × 2 GPUs × 3/h = 60/h.
  const ctx = contextOf(PLANS.given);
  it("explains cost per month, per request, utilisation, peak and forecast cost and tokens/s step by step", () => {
    // The replicas and capacity under both utilisations.
    const REPLICAS = [
      "  skus[0].replicas [computed] = 10 | f: ceil(replicasRaw) | p: ceil(9.375) = 10 | re: 10",
      "    skus[0].replicasRaw [computed] = 9.375 | f: replicasBase × elasticity × redundancy | p: 5 × 1.25 × 1.5 = 9.375 | re: 9.375",
      "      skus[0].replicasBase [computed] = 5 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 40 × 250 ÷ 2,000 = 5 | re: 5",
      "        workloads[0].peakRps = 40 (above)",
      "        workloads[0].outputTokens = 250 (above)",
      "        skus[0].workloads[0].operatingPoint.outputTokensPerSec = 2000 (above)",
      "      factors.elasticity [field] = 1.25 | raw: 1.25",
      "      factors.redundancy [field] = 1.5 | raw: 1.5",
      "  skus[0].replicaOutputTokensPerSec [computed] = 2000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 2,000 = 2,000 | re: 2000",
      "    skus[0].sweep.replicaOutputTokensPerSec = 2000 (above)",
    ];
    const all = paths`
      skus[0]. costPerMonth costPerRequest utilizationAtPeak peak.costPerMillionOutputTokens
        forecast.costPerMillionOutputTokens forecast.utilization
      workloads[0]. tokensPerSec skus[0]. costPerMillionOutputTokens
    `;
    expect(explainAll(ctx, all)).toEqual([
      "skus[0].costPerMonth [computed] = 43800 | f: costPerHour × 730 | p: 60 × 730 = 43,800 | re: 43800",
      "  skus[0].costPerHour [computed] = 60 | f: gpus × pricePerGpuHour | p: 20 × 3 = 60 | re: 60",
      "    skus[0].gpus [computed] = 20 | f: replicas × gpusPerReplica | p: 10 × 2 = 20 | re: 20",
      "      skus[0].replicas [computed] = 10 | f: ceil(replicasRaw) | p: ceil(9.375) = 10 | re: 10",
      "        skus[0].replicasRaw [computed] = 9.375 | f: replicasBase × elasticity × redundancy | p: 5 × 1.25 × 1.5 = 9.375 | re: 9.375",
      "          skus[0].replicasBase [computed] = 5 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 40 × 250 ÷ 2,000 = 5 | re: 5",
      "            workloads[0].peakRps [field] = 40 | f: peak | p: 40 = 40 | raw: =peak",
      "              cells.peak [cell] = 40 | raw: 40",
      "            workloads[0].outputTokens [field] = 250 | f: out | p: 250 = 250 | raw: =out",
      "              cells.out [cell] = 250 | raw: 250",
      "            skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 2000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 2,000 = 2,000 | re: 2000",
      "              skus[0].sweep.replicaOutputTokensPerSec [field] = 2000 | f: cap | p: 2,000 = 2,000 | raw: =cap",
      "                cells.cap [cell] = 2000 | f: peak * 50 | p: 40 * 50 = 2,000 | raw: =peak * 50",
      "                  cells.peak [cell] = 40 | raw: 40",
      "          factors.elasticity [field] = 1.25 | raw: 1.25",
      "          factors.redundancy [field] = 1.5 | raw: 1.5",
      "      skus[0].gpusPerReplica [field] = 2 | raw: 2",
      "    skus[0].pricePerGpuHour [field] = 3 | raw: 3",
      "  hoursPerMonth [constant] = 730 | f: hours per month | zh: 每月小时数",
      "skus[0].costPerRequest [computed] = 0.00020833333333333332 | f: costPerOutputToken × mean output tokens per request | zh: costPerOutputToken × 每请求平均输出 token 数 | p: 8.333e-7 × 250 = 0.0002083 | re: 0.00020833333333333332",
      "  skus[0].costPerOutputToken [computed] = 8.333333333333333e-7 | f: gpusPerReplica × pricePerGpuHour ÷ (replicaOutputTokensPerSec × 3600) | p: 2 × 3 ÷ (2,000 × 3600) = 8.333e-7 | re: 8.333333333333333e-7",
      "    skus[0].gpusPerReplica [field] = 2 | raw: 2",
      "    skus[0].pricePerGpuHour [field] = 3 | raw: 3",
      "    skus[0].replicaOutputTokensPerSec [computed] = 2000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 2,000 = 2,000 | re: 2000",
      "      skus[0].sweep.replicaOutputTokensPerSec = 2000 (above)",
      "    secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数",
      "  mean output tokens per request [computed] = 250 | f: peak output tokens/s ÷ Σ peakRps | zh: 峰值输出 tokens/s ÷ Σ peakRps | p: 10,000 ÷ Σ 40 = 250 | re: 250",
      "    skus[0].peak.outputTokensPerSec [computed] = 10000 | f: peakRps × outputTokens | p: 40 × 250 = 10,000 | re: 10000",
      "      workloads[0].peakRps = 40 (above)",
      "      workloads[0].outputTokens = 250 (above)",
      "    workloads[0].peakRps = 40 (above)",
      "skus[0].utilizationAtPeak [computed] = 0.5 | f: peak output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 峰值输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 10,000 ÷ (10 × 2,000) = 0.5 | re: 0.5",
      "  skus[0].peak.outputTokensPerSec = 10000 (above)",
      ...REPLICAS,
      "skus[0].peak.costPerMillionOutputTokens [computed] = 1.6666666666666667 | f: peak costPerOutputToken × 1,000,000 | zh: 峰值 costPerOutputToken × 1,000,000 | p: 0.000001667 × 1,000,000 = 1.6667 | re: 1.6666666666666667",
      "  skus[0].peak.costPerOutputToken [computed] = 0.0000016666666666666667 | f: costPerHour ÷ (peak output tokens/s × 3600) | zh: costPerHour ÷ (峰值输出 tokens/s × 3600) | p: 60 ÷ (10,000 × 3600) = 0.000001667 | re: 0.0000016666666666666667",
      "    skus[0].costPerHour = 60 (above)",
      "    skus[0].peak.outputTokensPerSec [computed] = 10000 | f: peakRps × outputTokens | p: 40 × 250 = 10,000 | re: 10000",
      "      workloads[0].peakRps = 40 (above)",
      "      workloads[0].outputTokens = 250 (above)",
      "    secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数",
      "  million [constant] = 1000000 | f: tokens per million | zh: 每百万 token 的 token 数",
      "skus[0].forecast.costPerMillionOutputTokens [computed] = 6.666666666666667 | f: forecast costPerOutputToken × 1,000,000 | zh: 预测 costPerOutputToken × 1,000,000 | p: 0.000006667 × 1,000,000 = 6.6667 | re: 6.666666666666667",
      "  skus[0].forecast.costPerOutputToken [computed] = 0.000006666666666666667 | f: costPerHour ÷ (forecast output tokens/s × 3600) | zh: costPerHour ÷ (预测输出 tokens/s × 3600) | p: 60 ÷ (2,500 × 3600) = 0.000006667 | re: 0.000006666666666666667",
      "    skus[0].costPerHour = 60 (above)",
      "    skus[0].forecast.outputTokensPerSec [computed] = 2500 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 10 × 250 = 2,500 | re: 2500",
      "      workloads[0].avgRps [field] = 10 | raw: 10",
      "      workloads[0].outputTokens = 250 (above)",
      "    secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数",
      "  million [constant] = 1000000 | f: tokens per million | zh: 每百万 token 的 token 数",
      "skus[0].forecast.utilization [computed] = 0.125 | f: forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 2,500 ÷ (10 × 2,000) = 0.125 | re: 0.125",
      "  skus[0].forecast.outputTokensPerSec [computed] = 2500 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 10 × 250 = 2,500 | re: 2500",
      "    workloads[0].avgRps [field] = 10 | raw: 10",
      "    workloads[0].outputTokens = 250 (above)",
      ...REPLICAS,
      "workloads[0].tokensPerSec [computed] = 40000 | f: peakRps × tokensPerRequest | p: 40 × 1,000 = 40,000 | re: 40000",
      "  workloads[0].peakRps = 40 (above)",
      "  workloads[0].tokensPerRequest [computed] = 1000 | f: inputTokens + outputTokens | p: 750 + 250 = 1,000 | re: 1000",
      "    workloads[0].inputTokens [field] = 750 | raw: 750",
      "    workloads[0].outputTokens = 250 (above)",
      "skus[0].costPerMillionOutputTokens [computed] = 0.8333333333333334 | f: costPerOutputToken × 1,000,000 | p: 8.333e-7 × 1,000,000 = 0.8333 | re: 0.8333333333333334",
      "  skus[0].costPerOutputToken = 8.333333333333333e-7 (above)",
      "  million [constant] = 1000000 | f: tokens per million | zh: 每百万 token 的 token 数",
    ]);
  });
});

describe("three workloads on one measured sweep (spare redundancy; forecast rates avgRps, dailyRequests ÷ 86,400, peakRps)", () => {
  // Operating point: concurrency 8 (TTFT 900 ≤ 1000, the next level 1500 fails) at 800 tok/s.
  // replicasBase 10 × 200 ÷ 800 + 6 × 500 ÷ 800 + 2 × 1,250 ÷ 800 = 2.5 + 3.75 + 3.125 = 9.375;
  // replicas ceil(9.375 × 1.2 = 11.25) + 1 = 13; forecast 4 × 200 + 259,200 ÷ 86,400 × 500 + 2 × 1,250 = 4,800 tok/s.
  const ctx = contextOf(PLANS.spare);
  it("explains cost per day, replicasRaw, cost per request (request-weighted mean), forecast and peak utilisation", () => {
    const paths = sku0("costPerDay replicasRaw costPerRequest forecast.costPerMillionOutputTokens");
    paths.push(...sku0("forecast.utilization utilizationAtPeak"));
    expect(explainAll(ctx, paths)).toEqual(full`
      skus[0].costPerDay [computed] = 936 | f: costPerHour × 24 | p: 39 × 24 = 936 | re: 936
        skus[0].costPerHour [computed] = 39 | f: gpus × pricePerGpuHour | p: 26 × 1.5 = 39 | re: 39
          skus[0].gpus [computed] = 26 | f: replicas × gpusPerReplica | p: 13 × 2 = 26 | re: 26
            skus[0].replicas [computed] = 13 | f: ceil(replicasBase × elasticity) + spare | p: ceil(9.375 × 1.2) + 1 = 13 | re: 13
              skus[0].replicasBase [computed] = 9.375 | f: Σ workloads' replicasBase | zh: Σ 各负载的 replicasBase | p: Σ (2.5 + 3.75 + 3.125) = 9.375 | re: 9.375
                skus[0].workloads[0].replicasBase [computed] = 2.5 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 10 × 200 ÷ 800 = 2.5 | re: 2.5
                  workloads[0].peakRps [field] = 10 | raw: 10
                  workloads[0].outputTokens [field] = 200 | raw: 200
                  skus[0].workloads[0].operatingPoint.outputTokensPerSec [sweepPoint] = 800 | src: lab [] inline #2 (concurrency 8) key=outputTokensPerSec rows=run.csv:4 at=run.csv:4
                skus[0].workloads[1].replicasBase [computed] = 3.75 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 6 × 500 ÷ 800 = 3.75 | re: 3.75
                  workloads[1].peakRps [field] = 6 | raw: 6
                  workloads[1].outputTokens [field] = 500 | raw: 500
                  skus[0].workloads[1].operatingPoint.outputTokensPerSec [sweepPoint] = 800 | src: lab [] inline #2 (concurrency 8) key=outputTokensPerSec rows=run.csv:4 at=run.csv:4
                skus[0].workloads[2].replicasBase [computed] = 3.125 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 2 × 1,250 ÷ 800 = 3.125 | re: 3.125
                  workloads[2].peakRps [field] = 2 | raw: 2
                  workloads[2].outputTokens [field] = 1250 | raw: 1250
                  skus[0].workloads[2].operatingPoint.outputTokensPerSec [sweepPoint] = 800 | src: lab [] inline #2 (concurrency 8) key=outputTokensPerSec rows=run.csv:4 at=run.csv:4
              factors.elasticity [field] = 1.2 | raw: 1.2
              factors.redundancy.spare [field] = 1 | raw: 1
            skus[0].gpusPerReplica [field] = 2 | raw: 2
          skus[0].pricePerGpuHour [field] = 1.5 | raw: 1.5
        hoursPerDay [constant] = 24 | f: hours per day | zh: 每天小时数
      skus[0].replicasRaw [computed] = 12.25 | f: replicasBase × elasticity + spare | p: 9.375 × 1.2 + 1 = 12.25 | re: 12.25
        skus[0].replicasBase = 9.375 (above)
        = factors.elasticity factors.redundancy.spare
      skus[0].costPerRequest [computed] = 0.0004340277777777778 | f: costPerOutputToken × mean output tokens per request | zh: costPerOutputToken × 每请求平均输出 token 数 | p: 0.000001042 × 416.6667 = 0.0004340 | re: 0.0004340277777777778
        skus[0].costPerOutputToken [computed] = 0.0000010416666666666667 | f: gpusPerReplica × pricePerGpuHour ÷ (replicaOutputTokensPerSec × 3600) | p: 2 × 1.5 ÷ (800 × 3600) = 0.000001042 | re: 0.0000010416666666666667
          = skus[0]. gpusPerReplica pricePerGpuHour
          skus[0].replicaOutputTokensPerSec [computed] = 800 | f: peak output tokens/s ÷ replicasBase (blended over workloads) | zh: 峰值输出 tokens/s ÷ replicasBase（按各负载混合） | p: 7,500 ÷ 9.375 (blended over workloads) = 800 | re: 800
            skus[0].peak.outputTokensPerSec [computed] = 7500 | f: Σ peakRps × outputTokens | p: Σ (2,000 + 3,000 + 2,500) = 7,500 | re: 7500
              workloads[0] · peakRps × outputTokens [computed] = 2000 | f: peakRps × outputTokens | p: 10 × 200 = 2,000 | re: 2000
                = workloads[0]. peakRps outputTokens
              workloads[1] · peakRps × outputTokens [computed] = 3000 | f: peakRps × outputTokens | p: 6 × 500 = 3,000 | re: 3000
                = workloads[1]. peakRps outputTokens
              workloads[2] · peakRps × outputTokens [computed] = 2500 | f: peakRps × outputTokens | p: 2 × 1,250 = 2,500 | re: 2500
                = workloads[2]. peakRps outputTokens
            skus[0].replicasBase = 9.375 (above)
          secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数
        mean output tokens per request [computed] = 416.6666666666667 | f: peak output tokens/s ÷ Σ peakRps | zh: 峰值输出 tokens/s ÷ Σ peakRps | p: 7,500 ÷ Σ (10 + 6 + 2) = 416.6667 | re: 416.6666666666667
          skus[0].peak.outputTokensPerSec = 7500 (above)
          = workloads[0].peakRps workloads[1].peakRps workloads[2].peakRps
      skus[0].forecast.costPerMillionOutputTokens [computed] = 2.256944444444444 | f: forecast costPerOutputToken × 1,000,000 | zh: 预测 costPerOutputToken × 1,000,000 | p: 0.000002257 × 1,000,000 = 2.2569 | re: 2.256944444444444
        skus[0].forecast.costPerOutputToken [computed] = 0.0000022569444444444443 | f: costPerHour ÷ (forecast output tokens/s × 3600) | zh: costPerHour ÷ (预测输出 tokens/s × 3600) | p: 39 ÷ (4,800 × 3600) = 0.000002257 | re: 0.0000022569444444444443
          skus[0].costPerHour = 39 (above)
          skus[0].forecast.outputTokensPerSec [computed] = 4800 | f: Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | zh: Σ 预测速率 × outputTokens（预测速率：avgRps，否则 dailyRequests ÷ 86,400，否则 peakRps） | p: Σ (800 + 1,500 + 2,500) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 4,800 | re: 4800
            workloads[0] · forecast rate × outputTokens [computed] = 800 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 4 × 200 = 800 | re: 800
              workloads[0].avgRps [field] = 4 | raw: 4
              workloads[0].outputTokens [field] = 200 | raw: 200
            workloads[1] · forecast rate × outputTokens [computed] = 1500 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 3 × 500 = 1,500 | re: 1500
              workloads[1] · forecast rate [computed] = 3 | f: dailyRequests ÷ 86,400 | p: 259,200 ÷ 86,400 = 3 | re: 3
                workloads[1].dailyRequests [field] = 259200 | raw: 259200
                secondsPerDay [constant] = 86400 | f: seconds per day | zh: 每天秒数
              workloads[1].outputTokens [field] = 500 | raw: 500
            workloads[2] · forecast rate × outputTokens [computed] = 2500 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 2 × 1,250 = 2,500 | re: 2500
              = workloads[2]. peakRps outputTokens
          secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数
        million [constant] = 1000000 | f: tokens per million | zh: 每百万 token 的 token 数
      skus[0].forecast.utilization [computed] = 0.46153846153846156 | f: forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 4,800 ÷ (13 × 800) = 0.4615 | re: 0.46153846153846156
        skus[0].forecast.outputTokensPerSec = 4800 (above)
        skus[0].replicas = 13 (above)
        skus[0].replicaOutputTokensPerSec [computed] = 800 | f: peak output tokens/s ÷ replicasBase (blended over workloads) | zh: 峰值输出 tokens/s ÷ replicasBase（按各负载混合） | p: 7,500 ÷ 9.375 (blended over workloads) = 800 | re: 800
          skus[0].peak.outputTokensPerSec = 7500 (above)
          skus[0].replicasBase = 9.375 (above)
      skus[0].utilizationAtPeak [computed] = 0.7211538461538461 | f: peak output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 峰值输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 7,500 ÷ (13 × 800) = 0.7212 | re: 0.7211538461538461
        skus[0].peak.outputTokensPerSec = 7500 (above)
        skus[0].replicas = 13 (above)
        skus[0].replicaOutputTokensPerSec [computed] = 800 | f: peak output tokens/s ÷ replicasBase (blended over workloads) | zh: 峰值输出 tokens/s ÷ replicasBase（按各负载混合） | p: 7,500 ÷ 9.375 (blended over workloads) = 800 | re: 800
          skus[0].peak.outputTokensPerSec = 7500 (above)
          skus[0].replicasBase = 9.375 (above)
    `);
  });
});

describe("a SKU without a capacity (its `<id>_tok_s` formulas read each other)", () => {
  const KEYS = words(`replicasBase replicasRaw replicas gpus costPerHour costPerDay costPerMonth
    replicaOutputTokensPerSec costPerOutputToken costPerMillionOutputTokens costPerRequest
    utilizationAtPeak`);
  it("has no lineage for its replicas, GPUs and costs: an error value, not an exception (factor and spare redundancy, one and two workloads)", () => {
    for (const plan of [PLANS.tok, PLANS.cycleSpare]) {
      const ctx = contextOf(plan);
      const si = plan === PLANS.tok ? 2 : 0;
      for (const p of KEYS.map((k) => `skus[${si}].${k}`))
        expect(explainPath(ctx, p), p).toEqual({ ok: false, error: `${p}: ${NO_LINEAGE}` });
    }
  });

  it("the cycle ends in a leaf that says so when the numbers were computed (the file as written reads each other, the numbers are given)", () => {
    const ctx = { ...contextOf(PLANS.cycleNumbers), plan: PLANS.cycleText as never };
    const a = explainPath(ctx, "skus[0].replicaOutputTokensPerSec");
    if (!a.ok) throw new Error(a.error);
    // skus[0] → d_tok_s → skus[1] → c_tok_s → skus[0] → d_tok_s again: the cycle.
    const d1 = a.node.inputs[0]!.inputs[0]!;
    const c = d1.inputs[0]!.inputs[0]!.inputs[0]!;
    const d2 = c.inputs[0]!.inputs[0]!.inputs[0]!;
    const of = (i: number, name: string) =>
      `skus[${i}].replicaOutputTokensPerSec (computed output tokens/s of one replica of ${name})`;
    const d1Seen = [d1.path, d1.value, d1.formula, d1.inputs.length];
    expect(d1Seen).toEqual(["d_tok_s", 700, of(1, "D"), 1]);
    expect([c.path, c.value, c.formula, c.recomputed]).toEqual(["c_tok_s", 500, of(0, "C"), 500]);
    expect(d2).toEqual({
      path: "d_tok_s",
      kind: "computed",
      value: 700,
      formula: `${of(1, "D")}: a cycle, it depends on itself`,
      formulaZh:
        "skus[1].replicaOutputTokensPerSec（D 单副本计算出的输出 tokens/s）：循环引用，它依赖自身",
      plugged: "700 = 700",
      recomputed: 700,
      inputs: [],
    });
  });

  it("a formula's SKU id with no SKU behind it in the result is named by its position", () => {
    const one = { ...PLANS.cycleNumbers, skus: [PLANS.cycleNumbers.skus[0]!] };
    const ctx = { ...contextOf(one), plan: PLANS.cycleText as never };
    const a = explainPath(ctx, "skus[0].replicaOutputTokensPerSec");
    if (!a.ok) throw new Error(a.error);
    expect(treeLines(a.node)).toEqual([
      "skus[0].replicaOutputTokensPerSec [computed] = 500 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 500 = 500 | re: 500",
      "  skus[0].sweep.replicaOutputTokensPerSec [field] = 500 | f: d_tok_s | p: n/a = 500 | raw: =d_tok_s",
      "    d_tok_s [computed] = null | f: skus[1].replicaOutputTokensPerSec (computed output tokens/s of one replica of SKU 2) | zh: skus[1].replicaOutputTokensPerSec（SKU 2 单副本计算出的输出 tokens/s） | p: n/a = n/a | re: null",
    ]);
  });
});

describe("no traffic at peak (peakRps 0)", () => {
  // 0 replicas: utilisation 0 as the engine says (not 0 ÷ 0); the cost per output token divides by 0 tok/s: no number.
  const ctx = contextOf(PLANS.zero);
  it("utilisation is 0 and recomputes to 0; the peak cost per token has no number", () => {
    const paths = sku0("utilizationAtPeak forecast.utilization peak.costPerOutputToken");
    expect(explainAll(ctx, paths)).toEqual(full`
      skus[0].utilizationAtPeak [computed] = 0 | f: peak output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 峰值输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 0 ÷ (0 × 1,000) = 0 | re: 0
        skus[0].peak.outputTokensPerSec [computed] = 0 | f: peakRps × outputTokens | p: 0 × 200 = 0 | re: 0
          workloads[0].peakRps [field] = 0 | raw: 0
          workloads[0].outputTokens [field] = 200 | raw: 200
        skus[0].replicas [computed] = 0 | f: ceil(replicasRaw) | p: ceil(0) = 0 | re: 0
          skus[0].replicasRaw [computed] = 0 | f: replicasBase × elasticity × redundancy | p: 0 × 1 × 1 = 0 | re: 0
            skus[0].replicasBase [computed] = 0 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 0 × 200 ÷ 1,000 = 0 | re: 0
              = workloads[0]. peakRps outputTokens
              skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 1000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 1,000 = 1,000 | re: 1000
                skus[0].sweep.replicaOutputTokensPerSec [field] = 1000 | raw: 1000
            factors.elasticity [field] = 1
            factors.redundancy [field] = 1 | raw: 1 (default)
        skus[0].replicaOutputTokensPerSec [computed] = 1000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 1,000 = 1,000 | re: 1000
          skus[0].sweep.replicaOutputTokensPerSec [field] = 1000 | raw: 1000
      skus[0].forecast.utilization [computed] = 0 | f: forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 0 ÷ (0 × 1,000) = 0 | re: 0
        skus[0].forecast.outputTokensPerSec [computed] = 0 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 0 × 200 = 0 | re: 0
          workloads[0].avgRps [field] = 0 | raw: 0
          workloads[0].outputTokens [field] = 200 | raw: 200
        skus[0].replicas = 0 (above)
        skus[0].replicaOutputTokensPerSec = 1000 (above)
      skus[0].peak.costPerOutputToken [computed] = null | f: costPerHour ÷ (peak output tokens/s × 3600) | zh: costPerHour ÷ (峰值输出 tokens/s × 3600) | p: 0 ÷ (0 × 3600) = n/a | re: null
        skus[0].costPerHour [computed] = 0 | f: gpus × pricePerGpuHour | p: 0 × 2 = 0 | re: 0
          skus[0].gpus [computed] = 0 | f: replicas × gpusPerReplica | p: 0 × 1 = 0 | re: 0
            skus[0].replicas = 0 (above)
            skus[0].gpusPerReplica [field] = 1 | raw: 1
          skus[0].pricePerGpuHour [field] = 2 | raw: 2
        skus[0].peak.outputTokensPerSec = 0 (above)
        secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数
    `);
  });
});

describe("recomputed values at the edges", () => {
  it("0 req/s: replicas ceil(0) is 0, not −0; 0 output tokens/s at peak: the peak cost per token is absent (n/a), as in plan --json, not NaN", () => {
    const c = ctxOf(IDLE);
    const r = node(c, "skus[0].replicas");
    expect([r.value, Object.is(r.recomputed, 0)]).toEqual([0, true]);
    expect(showAll(c, sku0("replicas peak.costPerOutputToken"))).toEqual([
      "skus[0].replicas [computed] = 0 | ceil(replicasRaw) | ceil(0) = 0 | re 0",
      "  skus[0].replicasRaw [computed] = 0 | replicasBase × elasticity × redundancy | 0 × 1 × 1 = 0 | re 0",
      "skus[0].peak.costPerOutputToken [computed] = null | costPerHour ÷ (peak output tokens/s × 3600) | 0 ÷ (0 × 3600) = n/a | re null",
      "  skus[0].costPerHour [computed] = 0 | gpus × pricePerGpuHour | 0 × 2 = 0 | re 0",
      "  skus[0].peak.outputTokensPerSec [computed] = 0 | peakRps × outputTokens | 0 × 100 = 0 | re 0",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
    ]);
    expect(show(c, "skus[0].peak.costPerMillionOutputTokens")[0]).toBe(
      "skus[0].peak.costPerMillionOutputTokens [computed] = null | peak costPerOutputToken × 1,000,000 | n/a × 1,000,000 = n/a | re null",
    );
  });

  it("0 replicas: the forecast utilization is 0, as the plan says (not absent), and so is the forecast cost per token", () => {
    const f = ctxOf(IDLE_FORECAST);
    expect(show(f, "skus[0].forecast.utilization")).toEqual([
      "skus[0].forecast.utilization [computed] = 0 | forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | 100 ÷ (0 × 100) = 0 | re 0",
      "  skus[0].forecast.outputTokensPerSec [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "  skus[0].replicas [computed] = 0 | ceil(replicasRaw) | ceil(0) = 0 | re 0",
      "  skus[0].replicaOutputTokensPerSec [computed] = 100 | given capacity (not checked against SLOs) | 100 = 100 | re 100",
    ]);
    expect(show(f, "skus[0].forecast.costPerOutputToken")[0]).toBe(
      "skus[0].forecast.costPerOutputToken [computed] = 0 | costPerHour ÷ (forecast output tokens/s × 3600) | 0 ÷ (100 × 3600) = 0 | re 0",
    );
  });

  it("an input that failed makes the sum and the product absent (n/a), not a number", () => {
    const c = ctxOf(BROKEN);
    expect(showAll(c, ["workloads[0].tokensPerRequest", "workloads[0].tokensPerSec"])).toEqual([
      "workloads[0].tokensPerRequest [computed] = null | inputTokens + outputTokens | n/a + 100 = n/a | re null",
      "  workloads[0].inputTokens [field] = null | nope * 2 | nope * 2 = n/a | raw =nope * 2",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
      "workloads[0].tokensPerSec [computed] = null | peakRps × tokensPerRequest | 3 × n/a = n/a | re null",
      "  workloads[0].peakRps [field] = 3 | raw 3",
      "  workloads[0].tokensPerRequest [computed] = null | inputTokens + outputTokens | n/a + 100 = n/a | re null",
    ]);
  });
});

describe("a SKU's replicas when one workload's capacity has no lineage", () => {
  // Workload a's peak is a formula that fails: it has no replicasBase; b has 1 × 300 ÷ 100 = 3.
  const HALF = base({
    workloads: [
      { name: "a", peakRps: "=nope", inputTokens: 10, outputTokens: 100 },
      { name: "b", peakRps: 1, inputTokens: 10, outputTokens: 300 },
    ],
    skus: [G()],
  });

  it("the SKU's sum over workloads has no lineage (not an exception), though b's own replicasBase has one", () => {
    const c = ctxOf(HALF);
    const paths = sku0("replicasBase replicaOutputTokensPerSec workloads[0].replicasBase");
    expect(showAll(c, paths)).toEqual(paths.flatMap(none));
    expect(show(c, "skus[0].workloads[1].replicasBase")).toEqual([
      "skus[0].workloads[1].replicasBase [computed] = 3 | peakRps × outputTokens ÷ replicaOutputTokensPerSec | 1 × 300 ÷ 100 = 3 | re 3",
      "  workloads[1].peakRps [field] = 1 | raw 1",
      "  workloads[1].outputTokens [field] = 300 | raw 300",
      "  skus[0].workloads[1].operatingPoint.outputTokensPerSec [computed] = 100 | given capacity (not checked against SLOs) | 100 = 100 | re 100",
    ]);
  });
});

describe("a SKU's GPUs per replica and price", () => {
  it("GPUs per replica never names the catalogue entry (only a price not written does): written 2, or not written", () => {
    expect(show(ctxOf(PLANS.given as PlanFile), "skus[0].gpusPerReplica")).toEqual([
      "skus[0].gpusPerReplica [field] = 2 | raw 2",
    ]);
    const { gpusPerReplica: _, ...noGpus } = G({ gpu: "h100-sxm" });
    const c = ctxOf(
      base({
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 100 }],
        skus: [noGpus as unknown as NonNullable<PlanFile["skus"]>[number]],
      }),
    );
    expect(showAll(c, ["skus[0].gpusPerReplica", "skus[0].pricePerGpuHour"])).toEqual([
      "skus[0].gpusPerReplica [field] = null",
      "skus[0].pricePerGpuHour [field] = 2 | raw 2",
    ]);
  });
});

describe("numbers beyond a double: Infinity is no number, and a step over it recomputes to none (not 0)", () => {
  it("a price of 1e308 × 2 GPUs costs Infinity an hour: the SKU has no numbers (null) and no lineage, and an error says why", () => {
    // 1 req/s × 1,000 tokens ÷ 500 per replica = 2 replicas of 1 GPU; 2 × 1e308 overflows.
    const c = ctxOf(
      base({
        workloads: [{ name: "a", peakRps: 1, avgRps: 0.5, inputTokens: 10, outputTokens: 1000 }],
        skus: [G({ pricePerGpuHour: 1e308, sweep: { replicaOutputTokensPerSec: 500 } })],
      }),
    );
    expect(c.result.skus[0]!.capacity).toBeNull();
    expect(c.result.skus[0]!.problems.map((p) => p.code)).toContain("capacity.notFinite");
    const paths = ["skus[0].peak.costPerOutputToken", "skus[0].forecast.costPerOutputToken"];
    expect(showAll(c, paths)).toEqual(paths.flatMap(none));
  });

  it("a forecast of 1e300 req/s × 1e10 tokens is Infinity tokens/s: forecast utilization and cost per token have no number (not Infinity, not 0)", () => {
    // Peak 1 × 1e10 ÷ 1e9 per replica = 10 replicas of 1 GPU at 2 = 20 an hour.
    const c = ctxOf(
      base({
        workloads: [{ name: "a", peakRps: 1, avgRps: 1e300, inputTokens: 10, outputTokens: 1e10 }],
        skus: [G({ sweep: { replicaOutputTokensPerSec: 1e9 } })],
      }),
    );
    // The overflowing forecast rate is absent (null), never Infinity, and a warning says so.
    expect(c.result.skus[0]!.problems.map((p) => p.code)).toContain("capacity.forecastNotFinite");
    expect(showAll(c, sku0("forecast.utilization forecast.costPerOutputToken"))).toEqual([
      "skus[0].forecast.utilization [computed] = null | forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | n/a ÷ (10 × 1,000,000,000) = n/a | re null",
      "  skus[0].forecast.outputTokensPerSec [computed] = null | forecast rate × outputTokens | 1,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000 × 10,000,000,000 = n/a | re null",
      "  skus[0].replicas [computed] = 10 | ceil(replicasRaw) | ceil(10) = 10 | re 10",
      "  skus[0].replicaOutputTokensPerSec [computed] = 1000000000 | given capacity (not checked against SLOs) | 1,000,000,000 = 1,000,000,000 | re 1000000000",
      "skus[0].forecast.costPerOutputToken [computed] = null | costPerHour ÷ (forecast output tokens/s × 3600) | 20 ÷ (n/a × 3600) = n/a | re null",
      "  skus[0].costPerHour [computed] = 20 | gpus × pricePerGpuHour | 10 × 2 = 20 | re 20",
      "  skus[0].forecast.outputTokensPerSec [computed] = null | forecast rate × outputTokens | 1,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000 × 10,000,000,000 = n/a | re null",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
    ]);
  });
});

describe("forecast rates that are negative are not taken", () => {
  // Workloads a, b, c… at 2 req/s peak, 10 input and 100 output tokens, with `rates` written in.
  const w = { peakRps: 2, inputTokens: 10, outputTokens: 100 };
  const plan = (rates: object[]) =>
    base({ workloads: rates.map((r, i) => ({ name: "abc"[i]!, ...w, ...r })), skus: [G()] });

  it("avgRps −1 falls back to the peak (2), dailyRequests −86,400 too; an avgRps of 1 is taken before a negative dailyRequests: 2 × 100 + 1 × 100 + 2 × 100 = 500; avgRps −1 with dailyRequests 86,400: the daily rate 1 is taken (1 × 100 = 100)", () => {
    const c = ctxOf(
      plan([{ avgRps: -1 }, { avgRps: 1, dailyRequests: -86400 }, { dailyRequests: -86400 }]),
    );
    expect(show(c, "skus[0].forecast.outputTokensPerSec")).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 500 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (200 + 100 + 200) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 500 | re 500",
      "  workloads[0] · forecast rate × outputTokens [computed] = 200 | forecast rate × outputTokens | 2 × 100 = 200 | re 200",
      "  workloads[1] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "  workloads[2] · forecast rate × outputTokens [computed] = 200 | forecast rate × outputTokens | 2 × 100 = 200 | re 200",
    ]);
    const d = ctxOf(plan([{ avgRps: -1, dailyRequests: 86400 }]));
    expect(show(d, "skus[0].forecast.outputTokensPerSec")).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "  workloads[0] · forecast rate [computed] = 1 | dailyRequests ÷ 86,400 | 86,400 ÷ 86,400 = 1 | re 1",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
    ]);
  });
});

describe("a SKU with no peak traffic on two workloads: the blends capacity.ts uses then", () => {
  // Peaks of 0: replicasBase 0 + 0. Capacity per replica: Σ outputTokens ÷ Σ(outputTokens ÷ capacity)
  // = (100 + 300) ÷ (100 ÷ 100 + 300 ÷ 600) = 400 ÷ 1.5 = 266.67; mean output tokens per request:
  // the plain mean (100 + 300) ÷ 2 = 200. Cost per token 1 × 2 ÷ (266.67 × 3600) = 2 ÷ 960,000.
  const rate = (r: number) => ({ replicaOutputTokensPerSec: r });
  const IDLE_MIX = base({
    workloads: [
      { name: "a", peakRps: 0, inputTokens: 10, outputTokens: 100 },
      { name: "b", peakRps: 0, inputTokens: 10, outputTokens: 300 },
    ],
    skus: [{ ...G(), sweep: undefined, sweeps: { a: rate(100), b: rate(600) } } as never],
  });

  it("capacity per replica is 400 ÷ 1.5 = 266.67 (not (0 + 0) ÷ 0), and every step recomputes to its value; cost per request is the cost per token × the plain mean of output tokens, (100 + 300) ÷ 2 = 200 (not n/a)", () => {
    const c = ctxOf(IDLE_MIX);
    expect(c.result.skus[0]!.capacity?.replicaOutputTokensPerSec).toBeCloseTo(800 / 3, 12);
    expect(show(c, "skus[0].replicaOutputTokensPerSec")).toEqual([
      "skus[0].replicaOutputTokensPerSec [computed] = 266.6666666666667 | Σ outputTokens ÷ Σ (outputTokens ÷ replicaOutputTokensPerSec) (no peak traffic: blended by output tokens per request) | Σ (100 + 300) ÷ Σ (1 + 0.5) (no peak traffic: blended by output tokens per request) = 266.6667 | re 266.6666666666667",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
      "  workloads[1].outputTokens [field] = 300 | raw 300",
      "  workloads[0] · (outputTokens ÷ replicaOutputTokensPerSec) [computed] = 1 | outputTokens ÷ replicaOutputTokensPerSec | 100 ÷ 100 = 1 | re 1",
      "  workloads[1] · (outputTokens ÷ replicaOutputTokensPerSec) [computed] = 0.5 | outputTokens ÷ replicaOutputTokensPerSec | 300 ÷ 600 = 0.5 | re 0.5",
    ]);
    for (const p of sku0(
      "replicaOutputTokensPerSec costPerRequest costPerOutputToken utilizationAtPeak",
    )) {
      const bad = lineageNodes(node(c, p)).filter((n) => !consistent(n));
      expect(
        bad.map((n) => n.path),
        p,
      ).toEqual([]);
    }
    const cpt = 2 / (3600 * (400 / 1.5));
    expect(c.result.skus[0]!.capacity?.costPerRequest).toBeCloseTo(200 * (2 / 960000), 15);
    const got = show(c, "skus[0].costPerRequest", 2);
    expect(got.slice(1)).toEqual([
      `  skus[0].costPerOutputToken [computed] = ${cpt} | gpusPerReplica × pricePerGpuHour ÷ (replicaOutputTokensPerSec × 3600) | 1 × 2 ÷ (266.6667 × 3600) = 0.000002083 | re ${cpt}`,
      "    skus[0].gpusPerReplica [field] = 1 | raw 1",
      "    skus[0].pricePerGpuHour [field] = 2 | raw 2",
      `    skus[0].replicaOutputTokensPerSec [computed] = ${400 / 1.5} | Σ outputTokens ÷ Σ (outputTokens ÷ replicaOutputTokensPerSec) (no peak traffic: blended by output tokens per request) | Σ (100 + 300) ÷ Σ (1 + 0.5) (no peak traffic: blended by output tokens per request) = 266.6667 | re ${400 / 1.5}`,
      "    secondsPerHour [constant] = 3600 | seconds per hour",
      "  mean output tokens per request [computed] = 200 | the plain mean of outputTokens (no peak traffic) | the plain mean of (100 + 300) (no peak traffic) = 200 | re 200",
      "    workloads[0].outputTokens [field] = 100 | raw 100",
      "    workloads[1].outputTokens [field] = 300 | raw 300",
    ]);
    const v = c.result.skus[0]!.capacity!.costPerRequest;
    expect(got[0]).toBe(
      `skus[0].costPerRequest [computed] = ${v} | costPerOutputToken × mean output tokens per request | 0.000002083 × 200 = 0.0004167 | re ${cpt * 200}`,
    );
  });
});

describe("numbers with no lineage: an error answer, not an exception", () => {
  // SPARE: replicasBase 2 × 100 ÷ 100 = 2 recomputes, but the SKU's capacity is refused (0 GPUs
  // per replica): every SKU number is null. NEG: replicasBase −2 × 100 ÷ 100 + 1 × 100 ÷ 100 = −1;
  // output −200 + 100 = −100; peaks −2 + 1 = −1: the capacity refuses it.
  const SPARE = { ...NO_CAPACITY, factors: { redundancy: { spare: 1 } } };
  const NEG = base({
    workloads: [
      { name: "a", peakRps: -2, inputTokens: 10, outputTokens: 100 },
      { name: "b", peakRps: 1, inputTokens: 10, outputTokens: 100 },
    ],
    skus: [G()],
  });
  // N+1 on no capacity: n/a × 1 + 1 is n/a, not 1; 0 GPUs: cost per token 0 × 2 ÷ (n/a × 3600)
  // and utilization n/a ÷ (n/a × n/a) are none, not NaN or 0; NEG: not −100 ÷ −1 = 100.
  it.each<[string, PlanFile, boolean, string]>([
    ["N+1 on no capacity", SPARE, true, "replicasRaw replicas"],
    ["0 GPUs a replica", NO_CAPACITY, true, "costPerOutputToken utilizationAtPeak"],
    ["no capacity: no peak", NO_CAPACITY, true, "peak.outputTokensPerSec peak.costPerOutputToken"],
    ["no forecast", NO_CAPACITY, true, "forecast.outputTokensPerSec forecast.utilization"],
    ["no forecast rates", IDLE, false, "forecast.outputTokensPerSec forecast.utilization"],
    ["no forecast rates: no cost", IDLE, false, "forecast.costPerMillionOutputTokens"],
    ["replicas below 0", NEG, true, "replicaOutputTokensPerSec costPerRequest"],
    ["nothing below", SKU_MIX, false, "forecast.utilization.x forecast.outputTokensPerSec.x"],
  ])("%s: no lineage", (_, plan, noCapacity, keys) => {
    const c = ctxOf(plan);
    expect(c.result.skus[0]!.capacity === null).toBe(noCapacity);
    const paths = keys.split(" ").map((k) => `skus[0].${k}`);
    expect(showAll(c, paths)).toEqual(paths.flatMap(none));
  });
});

describe("forecast steps without a forecast", () => {
  it("forecast rates all 0: forecast output 0 tokens/s and no forecast cost per token (not \u00f7 0)", () => {
    const c = ctxOf(FORECAST_NONE);
    expect(showAll(c, sku0("forecast.outputTokensPerSec forecast.costPerOutputToken"))).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 0 | forecast rate × outputTokens | 0 × 100 = 0 | re 0",
      "  workloads[0].avgRps [field] = 0 | raw 0",
      "  workloads[0].outputTokens [field] = 100 | raw 100",
      "skus[0].forecast.costPerOutputToken [computed] = null | costPerHour ÷ (forecast output tokens/s × 3600) | 4 ÷ (0 × 3600) = n/a | re null",
      "  skus[0].costPerHour [computed] = 4 | gpus × pricePerGpuHour | 2 × 2 = 4 | re 4",
      "  skus[0].forecast.outputTokensPerSec [computed] = 0 | forecast rate × outputTokens | 0 × 100 = 0 | re 0",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
    ]);
  });

  it("a SKU without capacity: a step over its peak is an answer, not an exception", () => {
    const n = ctxOf(NO_CAPACITY);
    // A step over the peak of a SKU without capacity has no lineage (its chain was never
    // evaluated), and asking for it is an answer, not an exception.
    const error = `skus[0].utilizationAtPeak: ${NO_LINEAGE}`;
    expect(explainPath(n, "skus[0].utilizationAtPeak")).toEqual({ ok: false, error });
    expect(showAll(n, ["skus[0].forecast[0]", "workloads[0].avgRps"])).toEqual([
      "ERROR skus[0].forecast[0]: no number with a lineage at this path",
      "workloads[0].avgRps [field] = null | 0 - 1 | 0 - 1 = n/a | raw =0 - 1",
    ]);
  });
});

describe("an error bar's ends (interval)", () => {
  // The seed's numbers on three repeated runs at concurrency 8: capacity 1500 ± 124.2068856
  // tokens/s (test/engine/plan/interval.test.ts works the t-interval by hand), so replicas 14–16
  // and 14 × 4 × 20 = 1,120 to 16 × 4 × 20 = 1,280 an hour.
  const point = (tps: number, p99: number) => ({
    concurrency: 8,
    requestRate: null,
    outputTokensPerSec: tps,
    ttftMs: { p99 },
  });
  const repeats = combineRepeats([point(1450, 600), point(1500, 700), point(1550, 800)]).point;
  const sweep = { points: [repeats, point(2500, 2000)] };
  const v = validatePlan({
    format: "capplan.plan/v1",
    currency: "CNY",
    workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    factors: { elasticity: 1.2, redundancy: 1.2 },
    skus: [{ name: "H100 TP4", gpusPerReplica: 4, pricePerGpuHour: 20, sweep }],
  });
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  const c = contextOf(v.plan);

  it.each([
    ["replicas", 0, 14, 1, 1624.2068856],
    ["replicas", 1, 16, 0, 1375.7931144],
    ["costPerHour", 0, 1120, 1, 1624.2068856],
    ["costPerHour", 1, 1280, 0, 1375.7931144],
  ])("%s[%d] = %d, from the capacity's other end [%d] = %d", (key, at, value, end, cap) => {
    const path = `skus[0].interval.${key}[${at}]`;
    const capPath = `skus[0].interval.outputTokensPerSec[${end}]`;
    const n = node(c, path);
    const high = end === 1;
    expect(n).toMatchObject({ path, kind: "computed", value, formula: ends(high).chain(key) });
    expect(n.formulaZh).toBe(ends(high).chainZh(key));
    expect(n.inputs).toHaveLength(1);
    expect(n.inputs[0]).toMatchObject({ path: capPath, kind: "computed", inputs: [] });
    expect(n.inputs[0]!.formula).toBe(ends(high).end);
    expect(n.inputs[0]!.value).toBeCloseTo(cap, 6);
  });

  // The words of an end, in English and Chinese (src/engine/plan/lineage-messages.ts).
  const ends = (high: boolean) => ({
    end: `the ${high ? "high" : "low"} end of the operating point's 95 % t-interval of output tokens/s: mean ${high ? "+" : "−"} t(0.975, n − 1) × std ÷ √n over the repeated runs`,
    endZh: `运行点输出 tok/s 的 95 % t 区间${high ? "上" : "下"}端：重复运行的均值 ${high ? "+" : "−"} t(0.975, n − 1) × 标准差 ÷ √n`,
    chain: (key: string) =>
      `${key} by the capacity chain with replicaOutputTokensPerSec = the interval's ${high ? "high" : "low"} end`,
    chainZh: (key: string) =>
      `按容量链计算的 ${key}，其中 replicaOutputTokensPerSec = 区间${high ? "上" : "下"}端`,
  });

  it.each([
    [0, 1375.7931144],
    [1, 1624.2068856],
  ])("an end of the capacity itself is a leaf at that end: [%d] = %d", (end, value) => {
    const n = node(c, `skus[0].interval.outputTokensPerSec[${end}]`);
    expect(n).toMatchObject({
      path: `skus[0].interval.outputTokensPerSec[${end}]`,
      kind: "computed",
      formula: ends(end === 1).end,
      formulaZh: ends(end === 1).endZh,
      inputs: [],
    });
    expect(n.value).toBeCloseTo(value, 6);
  });

  it.each(paths`
    skus[0].interval. replicas[2] replicas noSuchKey[0] replicas[0][1]
    skus[1].interval.replicas[0]
  `)("%s is not a number the plan has", (path) => {
    expect(explainPath(c, path).ok).toBe(false);
  });

  it("a SKU without repeated runs has no interval to explain", () => {
    expect(explainPath(ctxOf(SKU_MIX), "skus[0].interval.replicas[0]").ok).toBe(false);
  });
});
