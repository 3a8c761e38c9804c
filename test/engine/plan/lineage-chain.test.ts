/**
 * src/engine/plan/lineage-chain.ts: a SKU's chain rendered from its evaluation's trace, step by step with the numbers plugged in.
 */
import { describe, expect, it } from "vitest";
import { FORECAST_ZERO, SKU_MIX, ctxOf, show, showAll } from "./lineage-plans-b";

describe("a SKU's peak and forecast steps", () => {
  it("peak output tokens/s is \u03a3 peakRps \u00d7 outputTokens over the workloads, in their order: 10 \u00d7 200 + 5 \u00d7 100 + 2 \u00d7 50 = 2,600", () => {
    const c = ctxOf(SKU_MIX);
    expect(show(c, "skus[0].peak.outputTokensPerSec")).toEqual([
      "skus[0].peak.outputTokensPerSec [computed] = 2600 | Σ peakRps × outputTokens | Σ (2,000 + 500 + 100) = 2,600 | re 2600",
      "  workloads[0] · peakRps × outputTokens [computed] = 2000 | peakRps × outputTokens | 10 × 200 = 2,000 | re 2000",
      "  workloads[1] · peakRps × outputTokens [computed] = 500 | peakRps × outputTokens | 5 × 100 = 500 | re 500",
      "  workloads[2] · peakRps × outputTokens [computed] = 100 | peakRps × outputTokens | 2 × 50 = 100 | re 100",
    ]);
  });

  it("peak cost per output token is costPerHour \u00f7 (peak output tokens/s \u00d7 3600): 30 \u00f7 (2,600 \u00d7 3600); per 1M \u00d7 1e6 = 3.2051", () => {
    const c = ctxOf(SKU_MIX);
    expect(
      showAll(c, ["skus[0].peak.costPerOutputToken", "skus[0].peak.costPerMillionOutputTokens"]),
    ).toEqual([
      "skus[0].peak.costPerOutputToken [computed] = 0.000003205128205128205 | costPerHour ÷ (peak output tokens/s × 3600) | 30 ÷ (2,600 × 3600) = 0.000003205 | re 0.000003205128205128205",
      "  skus[0].costPerHour [computed] = 30 | gpus × pricePerGpuHour | 10 × 3 = 30 | re 30",
      "  skus[0].peak.outputTokensPerSec [computed] = 2600 | Σ peakRps × outputTokens | Σ (2,000 + 500 + 100) = 2,600 | re 2600",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
      "skus[0].peak.costPerMillionOutputTokens [computed] = 3.205128205128205 | peak costPerOutputToken × 1,000,000 | 0.000003205 × 1,000,000 = 3.2051 | re 3.205128205128205",
      "  skus[0].peak.costPerOutputToken [computed] = 0.000003205128205128205 | costPerHour ÷ (peak output tokens/s × 3600) | 30 ÷ (2,600 × 3600) = 0.000003205 | re 0.000003205128205128205",
      "  million [constant] = 1000000 | tokens per million",
    ]);
  });

  it("forecast rate per workload: avgRps (a: 4), else dailyRequests \u00f7 86,400 (b: 1), else peakRps (c: 2) \u2192 1,000 tokens/s", () => {
    const c = ctxOf(SKU_MIX);
    expect(show(c, "skus[0].forecast.outputTokensPerSec")).toEqual([
      "skus[0].forecast.outputTokensPerSec [computed] = 1000 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (800 + 100 + 100) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 1,000 | re 1000",
      "  workloads[0] · forecast rate × outputTokens [computed] = 800 | forecast rate × outputTokens | 4 × 200 = 800 | re 800",
      "  workloads[1] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 1 × 100 = 100 | re 100",
      "  workloads[2] · forecast rate × outputTokens [computed] = 100 | forecast rate × outputTokens | 2 × 50 = 100 | re 100",
    ]);
  });

  it("forecast utilization 1,000 \u00f7 (5 \u00d7 1,000) = 0.2 and forecast cost per token 30 \u00f7 (1,000 \u00d7 3600), per 1M 8.3333", () => {
    const c = ctxOf(SKU_MIX);
    expect(
      showAll(c, [
        "skus[0].forecast.utilization",
        "skus[0].forecast.costPerOutputToken",
        "skus[0].forecast.costPerMillionOutputTokens",
      ]),
    ).toEqual([
      "skus[0].forecast.utilization [computed] = 0.2 | forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | 1,000 ÷ (5 × 1,000) = 0.2 | re 0.2",
      "  skus[0].forecast.outputTokensPerSec [computed] = 1000 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (800 + 100 + 100) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 1,000 | re 1000",
      "  skus[0].replicas [computed] = 5 | ceil(replicasBase × elasticity) + spare | ceil(2.6 × 1.5) + 1 = 5 | re 5",
      "  skus[0].replicaOutputTokensPerSec [computed] = 1000 | peak output tokens/s ÷ replicasBase (blended over workloads) | 2,600 ÷ 2.6 (blended over workloads) = 1,000 | re 1000",
      "skus[0].forecast.costPerOutputToken [computed] = 0.000008333333333333334 | costPerHour ÷ (forecast output tokens/s × 3600) | 30 ÷ (1,000 × 3600) = 0.000008333 | re 0.000008333333333333334",
      "  skus[0].costPerHour [computed] = 30 | gpus × pricePerGpuHour | 10 × 3 = 30 | re 30",
      "  skus[0].forecast.outputTokensPerSec [computed] = 1000 | Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | Σ (800 + 100 + 100) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 1,000 | re 1000",
      "  secondsPerHour [constant] = 3600 | seconds per hour",
      "skus[0].forecast.costPerMillionOutputTokens [computed] = 8.333333333333334 | forecast costPerOutputToken × 1,000,000 | 0.000008333 × 1,000,000 = 8.3333 | re 8.333333333333334",
      "  skus[0].forecast.costPerOutputToken [computed] = 0.000008333333333333334 | costPerHour ÷ (forecast output tokens/s × 3600) | 30 ÷ (1,000 × 3600) = 0.000008333 | re 0.000008333333333333334",
      "  million [constant] = 1000000 | tokens per million",
    ]);
  });

  it("a forecast rate of exactly 0 is taken: avgRps 0 before dailyRequests, dailyRequests 0 before the peak (0 + 0 + 0.5 \u00d7 400 = 200)", () => {
    const c = ctxOf(FORECAST_ZERO);
    expect(
      showAll(c, [
        "skus[0].forecast.outputTokensPerSec",
        "skus[0].forecast.utilization",
        "skus[0].forecast.costPerOutputToken",
        "skus[0].forecast.costPerMillionOutputTokens",
        "skus[0].peak.outputTokensPerSec",
      ]),
    ).toEqual([
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
