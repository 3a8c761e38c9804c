/**
 * The lineage of a plan's numbers (src/engine/plan/lineage.ts lines 1–600, docs/lineage.md): whole
 * explanations of hand-built plans — every step's formula (English and Chinese), plugged-in numbers,
 * value, recomputed value, kind, path and order of inputs — checked against hand arithmetic, plus
 * the number format, the path parser, formula names and the `<id>_tok_s` hop (issue #15).
 */
import { describe, expect, it } from "vitest";
import {
  explainPath,
  lineageNodes,
  lineageNumber,
  parseLineagePath,
} from "../../../src/engine/plan/lineage";
import { PLANS } from "./lineage-plans-a";
import { contextOf, exampleContext, explainAll, explainLines, treeLines } from "./lineage-print";

describe("lineageNumber: the numbers plugged into formulas", () => {
  it("says n/a for null, undefined and NaN", () => {
    expect([null, undefined, Number.NaN].map(lineageNumber)).toEqual(["n/a", "n/a", "n/a"]);
  });

  it("writes 0 and numbers of at least 0.01 with up to 4 decimals and thousands separators; ±Infinity as ∞", () => {
    expect([0, 0.01, 1234.56789, 12.5, -3].map(lineageNumber)).toEqual([
      "0",
      "0.01",
      "1,234.5679",
      "12.5",
      "-3",
    ]);
    expect([Infinity, -Infinity].map(lineageNumber)).toEqual(["∞", "−∞"]);
  });

  it("writes numbers below 0.01 in 4 significant digits, trailing zeros of an exponent form dropped", () => {
    expect([0.001234, 0.00999, -0.005, 0.0099999, -2e-5].map(lineageNumber)).toEqual([
      "0.001234",
      "0.009990",
      "-0.005000",
      "0.01000",
      "-0.00002000",
    ]);
    expect([1e-7, 1.5e-7, 1.2346e-9, 8.333333e-7].map(lineageNumber)).toEqual([
      "1e-7",
      "1.5e-7",
      "1.235e-9",
      "8.333e-7",
    ]);
  });
});

describe("parseLineagePath: a result path split into keys and indices", () => {
  it("splits keys and (multi-digit) indices", () => {
    expect(parseLineagePath("skus[1].replicas")).toEqual(["skus", 1, "replicas"]);
    expect(parseLineagePath("a.b[2].c")).toEqual(["a", "b", 2, "c"]);
    expect(parseLineagePath("tenants.teams[10].cost")).toEqual(["tenants", "teams", 10, "cost"]);
    expect(parseLineagePath("[3]")).toEqual([3]);
    expect(parseLineagePath("$x._y1")).toEqual(["$x", "_y1"]);
    expect(parseLineagePath("ab.cd")).toEqual(["ab", "cd"]);
    expect(parseLineagePath(".a")).toEqual(["a"]);
  });

  it("refuses the empty path and anything that is not keys and [n]", () => {
    for (const p of ["", "a..b", "a.[1]", "a b", "a[x]", "1a", "a[1]b", "a.", "a[1", "a[-1]"])
      expect(parseLineagePath(p), p).toBeNull();
  });

  it("explainPath says which path is not a path, as given (blank or malformed)", () => {
    const ctx = contextOf(PLANS.given);
    expect(explainPath(ctx, "  ")).toEqual({
      ok: false,
      error: '"  " is not a path (e.g. skus[0].replicas, tenants.teams[1].cost)',
    });
    expect(explainPath(ctx, "skus[0]..replicas")).toEqual({
      ok: false,
      error: '"skus[0]..replicas" is not a path (e.g. skus[0].replicas, tenants.teams[1].cost)',
    });
  });
});

describe("a given capacity (one workload, factor redundancy, forecast from avgRps)", () => {
  // cap = 40 × 50 = 2,000 tok/s; replicasBase = 40 × 250 ÷ 2,000 = 5; × 1.25 × 1.5 = 9.375 → 10 replicas × 2 GPUs × 3/h = 60/h.
  const ctx = contextOf(PLANS.given);
  it("explains cost per month, per request, utilisation, peak and forecast cost and tokens/s step by step", () => {
    expect(
      explainAll(ctx, [
        "skus[0].costPerMonth",
        "skus[0].costPerRequest",
        "skus[0].utilizationAtPeak",
        "skus[0].peak.costPerMillionOutputTokens",
        "skus[0].forecast.costPerMillionOutputTokens",
        "skus[0].forecast.utilization",
        "workloads[0].tokensPerSec",
        "skus[0].costPerMillionOutputTokens",
      ]),
    ).toEqual([
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
    expect(
      explainAll(ctx, [
        "skus[0].costPerDay",
        "skus[0].replicasRaw",
        "skus[0].costPerRequest",
        "skus[0].forecast.costPerMillionOutputTokens",
        "skus[0].forecast.utilization",
        "skus[0].utilizationAtPeak",
      ]),
    ).toEqual([
      "skus[0].costPerDay [computed] = 936 | f: costPerHour × 24 | p: 39 × 24 = 936 | re: 936",
      "  skus[0].costPerHour [computed] = 39 | f: gpus × pricePerGpuHour | p: 26 × 1.5 = 39 | re: 39",
      "    skus[0].gpus [computed] = 26 | f: replicas × gpusPerReplica | p: 13 × 2 = 26 | re: 26",
      "      skus[0].replicas [computed] = 13 | f: ceil(replicasBase × elasticity) + spare | p: ceil(9.375 × 1.2) + 1 = 13 | re: 13",
      "        skus[0].replicasBase [computed] = 9.375 | f: Σ workloads' replicasBase | zh: Σ 各负载的 replicasBase | p: Σ (2.5 + 3.75 + 3.125) = 9.375 | re: 9.375",
      "          skus[0].workloads[0].replicasBase [computed] = 2.5 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 10 × 200 ÷ 800 = 2.5 | re: 2.5",
      "            workloads[0].peakRps [field] = 10 | raw: 10",
      "            workloads[0].outputTokens [field] = 200 | raw: 200",
      "            skus[0].workloads[0].operatingPoint.outputTokensPerSec [sweepPoint] = 800 | src: lab [] inline #2 (concurrency 8) key=outputTokensPerSec rows=run.csv:4 at=run.csv:4",
      "          skus[0].workloads[1].replicasBase [computed] = 3.75 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 6 × 500 ÷ 800 = 3.75 | re: 3.75",
      "            workloads[1].peakRps [field] = 6 | raw: 6",
      "            workloads[1].outputTokens [field] = 500 | raw: 500",
      "            skus[0].workloads[1].operatingPoint.outputTokensPerSec [sweepPoint] = 800 | src: lab [] inline #2 (concurrency 8) key=outputTokensPerSec rows=run.csv:4 at=run.csv:4",
      "          skus[0].workloads[2].replicasBase [computed] = 3.125 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 2 × 1,250 ÷ 800 = 3.125 | re: 3.125",
      "            workloads[2].peakRps [field] = 2 | raw: 2",
      "            workloads[2].outputTokens [field] = 1250 | raw: 1250",
      "            skus[0].workloads[2].operatingPoint.outputTokensPerSec [sweepPoint] = 800 | src: lab [] inline #2 (concurrency 8) key=outputTokensPerSec rows=run.csv:4 at=run.csv:4",
      "        factors.elasticity [field] = 1.2 | raw: 1.2",
      "        factors.redundancy.spare [field] = 1 | raw: 1",
      "      skus[0].gpusPerReplica [field] = 2 | raw: 2",
      "    skus[0].pricePerGpuHour [field] = 1.5 | raw: 1.5",
      "  hoursPerDay [constant] = 24 | f: hours per day | zh: 每天小时数",
      "skus[0].replicasRaw [computed] = 12.25 | f: replicasBase × elasticity + spare | p: 9.375 × 1.2 + 1 = 12.25 | re: 12.25",
      "  skus[0].replicasBase = 9.375 (above)",
      "  factors.elasticity [field] = 1.2 | raw: 1.2",
      "  factors.redundancy.spare [field] = 1 | raw: 1",
      "skus[0].costPerRequest [computed] = 0.0004340277777777778 | f: costPerOutputToken × mean output tokens per request | zh: costPerOutputToken × 每请求平均输出 token 数 | p: 0.000001042 × 416.6667 = 0.0004340 | re: 0.0004340277777777778",
      "  skus[0].costPerOutputToken [computed] = 0.0000010416666666666667 | f: gpusPerReplica × pricePerGpuHour ÷ (replicaOutputTokensPerSec × 3600) | p: 2 × 1.5 ÷ (800 × 3600) = 0.000001042 | re: 0.0000010416666666666667",
      "    skus[0].gpusPerReplica [field] = 2 | raw: 2",
      "    skus[0].pricePerGpuHour [field] = 1.5 | raw: 1.5",
      "    skus[0].replicaOutputTokensPerSec [computed] = 800 | f: peak output tokens/s ÷ replicasBase (blended over workloads) | zh: 峰值输出 tokens/s ÷ replicasBase（按各负载混合） | p: 7,500 ÷ 9.375 (blended over workloads) = 800 | re: 800",
      "      skus[0].peak.outputTokensPerSec [computed] = 7500 | f: Σ peakRps × outputTokens | p: Σ (2,000 + 3,000 + 2,500) = 7,500 | re: 7500",
      "        workloads[0] · peakRps × outputTokens [computed] = 2000 | f: peakRps × outputTokens | p: 10 × 200 = 2,000 | re: 2000",
      "          workloads[0].peakRps [field] = 10 | raw: 10",
      "          workloads[0].outputTokens [field] = 200 | raw: 200",
      "        workloads[1] · peakRps × outputTokens [computed] = 3000 | f: peakRps × outputTokens | p: 6 × 500 = 3,000 | re: 3000",
      "          workloads[1].peakRps [field] = 6 | raw: 6",
      "          workloads[1].outputTokens [field] = 500 | raw: 500",
      "        workloads[2] · peakRps × outputTokens [computed] = 2500 | f: peakRps × outputTokens | p: 2 × 1,250 = 2,500 | re: 2500",
      "          workloads[2].peakRps [field] = 2 | raw: 2",
      "          workloads[2].outputTokens [field] = 1250 | raw: 1250",
      "      skus[0].replicasBase = 9.375 (above)",
      "    secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数",
      "  mean output tokens per request [computed] = 416.6666666666667 | f: peak output tokens/s ÷ Σ peakRps | zh: 峰值输出 tokens/s ÷ Σ peakRps | p: 7,500 ÷ Σ (10 + 6 + 2) = 416.6667 | re: 416.6666666666667",
      "    skus[0].peak.outputTokensPerSec = 7500 (above)",
      "    workloads[0].peakRps [field] = 10 | raw: 10",
      "    workloads[1].peakRps [field] = 6 | raw: 6",
      "    workloads[2].peakRps [field] = 2 | raw: 2",
      "skus[0].forecast.costPerMillionOutputTokens [computed] = 2.256944444444444 | f: forecast costPerOutputToken × 1,000,000 | zh: 预测 costPerOutputToken × 1,000,000 | p: 0.000002257 × 1,000,000 = 2.2569 | re: 2.256944444444444",
      "  skus[0].forecast.costPerOutputToken [computed] = 0.0000022569444444444443 | f: costPerHour ÷ (forecast output tokens/s × 3600) | zh: costPerHour ÷ (预测输出 tokens/s × 3600) | p: 39 ÷ (4,800 × 3600) = 0.000002257 | re: 0.0000022569444444444443",
      "    skus[0].costPerHour = 39 (above)",
      "    skus[0].forecast.outputTokensPerSec [computed] = 4800 | f: Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) | zh: Σ 预测速率 × outputTokens（预测速率：avgRps，否则 dailyRequests ÷ 86,400，否则 peakRps） | p: Σ (800 + 1,500 + 2,500) (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) = 4,800 | re: 4800",
      "      workloads[0] · forecast rate × outputTokens [computed] = 800 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 4 × 200 = 800 | re: 800",
      "        workloads[0].avgRps [field] = 4 | raw: 4",
      "        workloads[0].outputTokens [field] = 200 | raw: 200",
      "      workloads[1] · forecast rate × outputTokens [computed] = 1500 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 3 × 500 = 1,500 | re: 1500",
      "        workloads[1] · forecast rate [computed] = 3 | f: dailyRequests ÷ 86,400 | p: 259,200 ÷ 86,400 = 3 | re: 3",
      "          workloads[1].dailyRequests [field] = 259200 | raw: 259200",
      "          secondsPerDay [constant] = 86400 | f: seconds per day | zh: 每天秒数",
      "        workloads[1].outputTokens [field] = 500 | raw: 500",
      "      workloads[2] · forecast rate × outputTokens [computed] = 2500 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 2 × 1,250 = 2,500 | re: 2500",
      "        workloads[2].peakRps [field] = 2 | raw: 2",
      "        workloads[2].outputTokens [field] = 1250 | raw: 1250",
      "    secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数",
      "  million [constant] = 1000000 | f: tokens per million | zh: 每百万 token 的 token 数",
      "skus[0].forecast.utilization [computed] = 0.46153846153846156 | f: forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 4,800 ÷ (13 × 800) = 0.4615 | re: 0.46153846153846156",
      "  skus[0].forecast.outputTokensPerSec = 4800 (above)",
      "  skus[0].replicas = 13 (above)",
      "  skus[0].replicaOutputTokensPerSec [computed] = 800 | f: peak output tokens/s ÷ replicasBase (blended over workloads) | zh: 峰值输出 tokens/s ÷ replicasBase（按各负载混合） | p: 7,500 ÷ 9.375 (blended over workloads) = 800 | re: 800",
      "    skus[0].peak.outputTokensPerSec = 7500 (above)",
      "    skus[0].replicasBase = 9.375 (above)",
      "skus[0].utilizationAtPeak [computed] = 0.7211538461538461 | f: peak output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 峰值输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 7,500 ÷ (13 × 800) = 0.7212 | re: 0.7211538461538461",
      "  skus[0].peak.outputTokensPerSec = 7500 (above)",
      "  skus[0].replicas = 13 (above)",
      "  skus[0].replicaOutputTokensPerSec [computed] = 800 | f: peak output tokens/s ÷ replicasBase (blended over workloads) | zh: 峰值输出 tokens/s ÷ replicasBase（按各负载混合） | p: 7,500 ÷ 9.375 (blended over workloads) = 800 | re: 800",
      "    skus[0].peak.outputTokensPerSec = 7500 (above)",
      "    skus[0].replicasBase = 9.375 (above)",
    ]);
  });
});

describe("an interpolated operating point (the legacy single `workload`, default factors)", () => {
  // TTFT 900 at concurrency 8, 1500 at 16: 1000 ms at 8 + 8 × 100 ÷ 600 = 9.3333, t = 1/6;
  // output 800 + (1,000 − 800) ÷ 6 = 833.3333 tok/s; replicasBase 20 × 200 ÷ 833.3333 = 4.8 → 5.
  const ctx = contextOf(PLANS.interp);
  it("explains the interpolation with t, the two points (a whole file without a line; two rows), a key only one of them has, and the binding SLO", () => {
    expect(
      explainAll(ctx, [
        "skus[0].replicas",
        "skus[0].workloads[0].operatingPoint.concurrency",
        "skus[0].workloads[0].operatingPoint.rps",
        "skus[0].workloads[0].operatingPoint.totalTokensPerSec",
        "skus[0].operatingPoint.bindingSlo.maxMs",
        "skus[0].workloads[0].sweep.points",
        "skus[0].pricePerGpuHour",
      ]),
    ).toEqual([
      "skus[0].replicas [computed] = 5 | f: ceil(replicasRaw) | p: ceil(4.8) = 5 | re: 5",
      "  skus[0].replicasRaw [computed] = 4.8 | f: replicasBase × elasticity × redundancy | p: 4.8 × 1 × 1 = 4.8 | re: 4.8",
      "    skus[0].replicasBase [computed] = 4.8 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 20 × 200 ÷ 833.3333 = 4.8 | re: 4.8",
      "      workloads[0].peakRps [field] = 20 | raw: 20",
      "      workloads[0].outputTokens [field] = 200 | raw: 200",
      "      skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 833.3333333333334 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 800 + 0.1667 × (1,000 − 800) = 833.3333 | re: 833.3333333333334",
      "        files · point 2 · outputTokensPerSec [sweepPoint] = 800 | src: files [] inline #2 (concurrency 8) key=outputTokensPerSec rows=r8.json",
      "        files · point 3 · outputTokensPerSec [sweepPoint] = 1000 | src: files [] inline #3 (concurrency 16) key=outputTokensPerSec rows=x.csv:5,y.csv:7",
      "        t [computed] = 0.16666666666666674 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (9.3333 − 8) ÷ (16 − 8) = 0.1667 | re: 0.16666666666666674",
      "    factors.elasticity [field] = 1",
      "    factors.redundancy [field] = 1 | raw: 1 (default)",
      "skus[0].workloads[0].operatingPoint.concurrency [computed] = 9.333333333333334 | f: interpolated between two load levels where the binding SLO reaches its limit | zh: 在两个负载档位之间插值，取约束 SLO 恰好达到上限处 | p: 8 … 16 → 9.3333 | re: 9.333333333333334",
      "  files · point 2 · concurrency [sweepPoint] = 8 | src: files [] inline #2 (concurrency 8) key=concurrency rows=r8.json",
      "  files · point 3 · concurrency [sweepPoint] = 16 | src: files [] inline #3 (concurrency 16) key=concurrency rows=x.csv:5,y.csv:7",
      "skus[0].workloads[0].operatingPoint.rps [computed] = 4.166666666666667 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 4 + 0.1667 × (5 − 4) = 4.1667 | re: 4.166666666666667",
      "  files · point 2 · rps [sweepPoint] = 4 | src: files [] inline #2 (concurrency 8) key=rps rows=r8.json",
      "  files · point 3 · rps [sweepPoint] = 5 | src: files [] inline #3 (concurrency 16) key=rps rows=x.csv:5,y.csv:7",
      "  t [computed] = 0.16666666666666674 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (9.3333 − 8) ÷ (16 − 8) = 0.1667 | re: 0.16666666666666674",
      "skus[0].workloads[0].operatingPoint.totalTokensPerSec [computed] = null | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 1,200 + 0.1667 × (n/a − 1,200) = n/a | re: null",
      "  files · point 2 · totalTokensPerSec [sweepPoint] = 1200 | src: files [] inline #2 (concurrency 8) key=totalTokensPerSec rows=r8.json",
      "  files · point 3 · totalTokensPerSec [sweepPoint] = null | src: files [] inline #3 (concurrency 16) key=totalTokensPerSec rows=x.csv:5,y.csv:7",
      "  t [computed] = 0.16666666666666674 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (9.3333 − 8) ÷ (16 − 8) = 0.1667 | re: 0.16666666666666674",
      "skus[0].operatingPoint.bindingSlo.maxMs [computed] = 1000 | f: the limit of the SLO that binds (slo[0]) | zh: 起约束作用的 SLO 的上限（slo[0]） | p: 1,000 = 1,000 | re: 1000",
      "  slo[0].maxMs [field] = 1000 | raw: 1000",
      "skus[0].workloads[0].sweep.points [sweep] = 4 | f: number of load levels read from the files | zh: 从文件读取的负载档位数 | src: files [] inline",
      "skus[0].pricePerGpuHour [field] = 2 | raw: 2",
    ]);
  });
});

describe("an open-loop sweep interpolated between request rates", () => {
  // TTFT 800 at 6 req/s, 1200 at 10: 1000 ms at 8 req/s, t = 0.5; output 1,100 + 0.5 × 300 = 1,250; rps 5.5 + 0.75 = 6.25.
  const ctx = contextOf(PLANS.rate);
  it("interpolates on the request rate; the concurrency of an open-loop sweep has no number", () => {
    expect(
      explainAll(ctx, [
        "skus[0].workloads[0].operatingPoint.outputTokensPerSec",
        "skus[0].workloads[0].operatingPoint.concurrency",
        "skus[0].workloads[0].operatingPoint.rps",
      ]),
    ).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 1250 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 1,100 + 0.5 × (1,400 − 1,100) = 1,250 | re: 1250",
      "  rr · point 1 · outputTokensPerSec [sweepPoint] = 1100 | src: rr [] inline #1 (request rate 6 req/s) key=outputTokensPerSec",
      "  rr · point 2 · outputTokensPerSec [sweepPoint] = 1400 | src: rr [] inline #2 (request rate 10 req/s) key=outputTokensPerSec",
      "  t [computed] = 0.5 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (8 − 6) ÷ (10 − 6) = 0.5 | re: 0.5",
      "skus[0].workloads[0].operatingPoint.concurrency [computed] = null | f: interpolated between two load levels where the binding SLO reaches its limit | zh: 在两个负载档位之间插值，取约束 SLO 恰好达到上限处 | p: n/a … n/a → n/a | re: null",
      "  rr · point 1 · concurrency [sweepPoint] = null | src: rr [] inline #1 (request rate 6 req/s) key=concurrency",
      "  rr · point 2 · concurrency [sweepPoint] = null | src: rr [] inline #2 (request rate 10 req/s) key=concurrency",
      "skus[0].workloads[0].operatingPoint.rps [computed] = 6.25 | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: 5.5 + 0.5 × (7 − 5.5) = 6.25 | re: 6.25",
      "  rr · point 1 · rps [sweepPoint] = 5.5 | src: rr [] inline #1 (request rate 6 req/s) key=rps",
      "  rr · point 2 · rps [sweepPoint] = 7 | src: rr [] inline #2 (request rate 10 req/s) key=rps",
      "  t [computed] = 0.5 | f: (load − load₀) ÷ (load₁ − load₀) | zh: (负载 − 负载₀) ÷ (负载₁ − 负载₀) | p: (8 − 6) ÷ (10 − 6) = 0.5 | re: 0.5",
    ]);
  });
  it("explains the operating point's request rate: on its own axis the load where the SLO binds (6 … 10 → 8), not a value read at t", () => {
    expect(explainLines(ctx, "skus[0].workloads[0].operatingPoint.requestRate")).toEqual([
      "skus[0].workloads[0].operatingPoint.requestRate [computed] = 8 | f: interpolated between two load levels where the binding SLO reaches its limit | zh: 在两个负载档位之间插值，取约束 SLO 恰好达到上限处 | p: 6 … 10 → 8 | re: 8",
      "  rr · point 1 · requestRate [sweepPoint] = 6 | src: rr [] inline #1 (request rate 6 req/s) key=requestRate",
      "  rr · point 2 · requestRate [sweepPoint] = 10 | src: rr [] inline #2 (request rate 10 req/s) key=requestRate",
    ]);
  });
  it("a measured operating point's request rate is the sweep point's; a flood (\"inf\") has no number and says so", () => {
    const measured = { ...PLANS.rate, sloMode: "measured" as const };
    // TTFT P99 ≤ 1,000 ms: 6 req/s (800 ms) passes, 10 req/s (1,200 ms) does not.
    expect(
      explainLines(contextOf(measured), "skus[0].workloads[0].operatingPoint.requestRate"),
    ).toEqual([
      "skus[0].workloads[0].operatingPoint.requestRate [sweepPoint] = 6 | src: rr [] inline #1 (request rate 6 req/s) key=requestRate",
    ]);
    const sku = PLANS.rate.skus[0]!;
    const points = sku.sweep.points.map((p, i) =>
      i === 2 ? { ...p, requestRate: "inf" as const } : p,
    );
    const flood = {
      ...measured,
      slo: [{ metric: "ttft" as const, stat: "p99" as const, maxMs: 5000 }],
      skus: [{ ...sku, sweep: { ...sku.sweep, points } }],
    };
    expect(
      explainLines(contextOf(flood), "skus[0].workloads[0].operatingPoint.requestRate"),
    ).toEqual([
      "skus[0].workloads[0].operatingPoint.requestRate [sweepPoint] = null | raw: inf | src: rr [] inline #2 (request rate inf) key=requestRate",
    ]);
  });
  it("a closed-loop sweep without request rates reads its operating point's request rate at t, and has no number", () => {
    expect(
      explainLines(contextOf(PLANS.interp), "skus[0].workloads[0].operatingPoint.requestRate")[0],
    ).toBe(
      "skus[0].workloads[0].operatingPoint.requestRate [computed] = null | f: v₀ + t × (v₁ − v₀) | zh: v₀ + t × (v₁ − v₀)（线性插值） | p: n/a + 0.1667 × (n/a − n/a) = n/a | re: null",
    );
  });
});

describe("a sweep without output tokens/s", () => {
  // Concurrency 4 passes (TTFT 800), 8 fails: 3.5 req/s × 200 output tokens = 700 tok/s; 20 × 200 ÷ 700 = 5.7143.
  const ctx = contextOf(PLANS.rpsonly);
  it("takes the capacity as rps × output tokens per request", () => {
    expect(
      explainAll(ctx, [
        "skus[0].replicasBase",
        "skus[0].workloads[0].operatingPoint.concurrency",
        "skus[0].workloads[0].operatingPoint.outputTokensPerSec",
      ]),
    ).toEqual([
      "skus[0].replicasBase [computed] = 5.714285714285714 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 20 × 200 ÷ 700 = 5.7143 | re: 5.714285714285714",
      "  workloads[0].peakRps [field] = 20 | raw: 20",
      "  workloads[0].outputTokens [field] = 200 | raw: 200",
      "  skus[0].workloads[0].capacity [computed] = 700 | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 3.5 × 200 = 700 | re: 700",
      "    skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 3.5 | src: po [] inline #1 (concurrency 4) key=rps",
      "    po · mean output tokens [sweep] = 200 | src: po [] inline key=meanOutputTokens",
      "skus[0].workloads[0].operatingPoint.concurrency [sweepPoint] = 4 | src: po [] inline #1 (concurrency 4) key=concurrency",
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [sweepPoint] = null | src: po [] inline #1 (concurrency 4) key=outputTokensPerSec",
    ]);
  });
});

describe("formula names", () => {
  const ctx = contextOf(PLANS.names);
  it("a cell's inputs are the cells its formula reads as the sheet parses it: a formula the sheet refuses (a function used as a value, text, a property) reads none; unknown names are no inputs; a cycle of cells ends where it began; text around the '=' is trimmed", () => {
    expect(
      explainAll(ctx, [
        "cells.a",
        "cells.b",
        "cells.c",
        "cells.d",
        "cells.e",
        "cells.f",
        "cells.g",
        "cells.cyc1",
        "workloads[0].inputTokens",
        "workloads[0].outputTokens",
      ]),
    ).toEqual([
      "cells.a [cell] = null | f: round (peak / 7) + round | p: round (peak / 7) + round = n/a | raw: =round (peak / 7) + round",
      'cells.b [cell] = null | f: peak + "out" | p: peak + "out" = n/a | raw: =peak + "out"',
      "cells.c [cell] = null | f: peak.out + 1 | p: peak.out + 1 = n/a | raw: =peak.out + 1",
      "cells.d [cell] = null | f: max(peak, 2) - 'out' | p: max(peak, 2) - 'out' = n/a | raw: =max(peak, 2) - 'out'",
      "cells.e [cell] = null | f: a*2 | p: n/a * 2 = n/a | raw: =  a*2  ",
      "  cells.a [cell] = null | f: round (peak / 7) + round | p: round (peak / 7) + round = n/a | raw: =round (peak / 7) + round",
      "cells.f [cell] = null | f: peak + nosuch | p: 40 + nosuch = n/a | raw:  =peak + nosuch",
      "  cells.peak [cell] = 40 | raw: 40",
      "cells.g [cell] = 1500 | raw: 1,500",
      "cells.cyc1 [cell] = null | f: cyc2 + 1 | p: n/a + 1 = n/a | raw: =cyc2 + 1",
      "  cells.cyc2 [cell] = null | f: cyc1 * 2 | p: n/a * 2 = n/a | raw: =cyc1 * 2",
      "    cells.cyc1 = null (above)",
      "workloads[0].inputTokens [field] = 750 | raw: 750",
      "workloads[0].outputTokens [field] = 250 | f: out | p: 250 = 250 | raw:  =out",
      "  cells.out [cell] = 250 | raw: 250",
    ]);
  });
});

describe("<id>_tok_s: a formula reads a SKU's computed output tokens/s", () => {
  const ctx = contextOf(PLANS.tok);
  it("follows the first SKU with that id into its chain (twice in one explanation); a SKU whose capacity is a cycle has no number; a name ending in _tok_s with no such SKU, or not ending in it, is no hop", () => {
    expect(
      explainAll(ctx, [
        "cells.x",
        "cells.y",
        "cells.z",
        "cells.w",
        "cells.v",
        "skus[1].replicasBase",
      ]),
    ).toEqual([
      "cells.x [cell] = 3000 | f: a_tok_s * k | p: 1,500 * 2 = 3,000 | raw: =a_tok_s * k",
      "  a_tok_s [computed] = 1500 | f: skus[0].replicaOutputTokensPerSec (computed output tokens/s of one replica of A) | zh: skus[0].replicaOutputTokensPerSec（A 单副本计算出的输出 tokens/s） | p: 1,500 = 1,500 | re: 1500",
      "    skus[0].replicaOutputTokensPerSec [computed] = 1500 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 1,500 = 1,500 | re: 1500",
      "      skus[0].sweep.replicaOutputTokensPerSec [field] = 1500 | raw: 1500",
      "  cells.k [cell] = 2 | raw: 2",
      "cells.y [cell] = null | f: c_tok_s + 1 | p: n/a + 1 = n/a | raw: =c_tok_s + 1",
      "  c_tok_s [computed] = null | f: skus[2].replicaOutputTokensPerSec (computed output tokens/s of one replica of C) | zh: skus[2].replicaOutputTokensPerSec（C 单副本计算出的输出 tokens/s） | p: n/a = n/a | re: null",
      "cells.z [cell] = 4500 | f: a_tok_s + x | p: 1,500 + 3,000 = 4,500 | raw: =a_tok_s + x",
      "  a_tok_s = 1500 (above)",
      "  cells.x [cell] = 3000 | f: a_tok_s * k | p: 1,500 * 2 = 3,000 | raw: =a_tok_s * k",
      "    a_tok_s = 1500 (above)",
      "    cells.k [cell] = 2 | raw: 2",
      "cells.w [cell] = null | f: a_bcdef + 1 | p: a_bcdef + 1 = n/a | raw: =a_bcdef + 1",
      "cells.v [cell] = null | f: zz_tok_s + k | p: zz_tok_s + 2 = n/a | raw: =zz_tok_s + k",
      "  cells.k [cell] = 2 | raw: 2",
      "skus[1].replicasBase [computed] = 1 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 10 × 300 ÷ 3,000 = 1 | re: 1",
      "  workloads[0].peakRps [field] = 10 | raw: 10",
      "  workloads[0].outputTokens [field] = 300 | raw: 300",
      "  skus[1].workloads[0].operatingPoint.outputTokensPerSec [computed] = 3000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 3,000 = 3,000 | re: 3000",
      "    skus[1].sweep.replicaOutputTokensPerSec [field] = 3000 | f: a_tok_s * k | p: 1,500 * 2 = 3,000 | raw: =a_tok_s * k",
      "      a_tok_s = 1500 (above)",
      "      cells.k [cell] = 2 | raw: 2",
    ]);
  });
});

describe("per-workload given capacities and a price from the GPU catalogue", () => {
  // chat 10 × 300 ÷ 900 = 3.3333, docs 2 × 600 ÷ 400 = 3: 6.3333 replicas' worth, but without a price the SKU has no capacity.
  const ctx = contextOf(PLANS.per);
  it("reads each workload's capacity from its `sweeps` entry; the price names the catalogue entry", () => {
    expect(
      explainAll(ctx, [
        "skus[0].replicas",
        "skus[0].pricePerGpuHour",
        "skus[0].workloads[1].operatingPoint.outputTokensPerSec",
        "skus[0].workloads[1].operatingPoint.rps",
        "skus[0].workloads[0].operatingPoint.concurrency",
      ]),
    ).toEqual([
      "error: skus[0].replicas: no number with a lineage at this path",
      "skus[0].pricePerGpuHour [field] = null | cat: h100-sxm",
      "skus[0].workloads[1].operatingPoint.outputTokensPerSec [computed] = 400 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 400 = 400 | re: 400",
      "  skus[0].sweeps.docs.replicaOutputTokensPerSec [field] = 400 | raw: 400",
      "error: skus[0].workloads[1].operatingPoint.rps: no number with a lineage at this path",
      "error: skus[0].workloads[0].operatingPoint.concurrency: no number with a lineage at this path",
    ]);
  });
});

describe("a SKU without a capacity (its `<id>_tok_s` formulas read each other)", () => {
  const KEYS = [
    "replicasBase",
    "replicasRaw",
    "replicas",
    "gpus",
    "costPerHour",
    "costPerDay",
    "costPerMonth",
    "replicaOutputTokensPerSec",
    "costPerOutputToken",
    "costPerMillionOutputTokens",
    "costPerRequest",
    "utilizationAtPeak",
  ];
  it("has no lineage for its replicas, GPUs and costs: an error value, not an exception (factor and spare redundancy, one and two workloads)", () => {
    for (const plan of [PLANS.tok, PLANS.cycleSpare]) {
      const ctx = contextOf(plan);
      const si = plan === PLANS.tok ? 2 : 0;
      for (const k of KEYS)
        expect(explainPath(ctx, `skus[${si}].${k}`), k).toEqual({
          ok: false,
          error: `skus[${si}].${k}: no number with a lineage at this path`,
        });
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
    expect([d1.path, d1.value, d1.formula, d1.inputs.length]).toEqual([
      "d_tok_s",
      700,
      "skus[1].replicaOutputTokensPerSec (computed output tokens/s of one replica of D)",
      1,
    ]);
    expect([c.path, c.value, c.formula, c.recomputed]).toEqual([
      "c_tok_s",
      500,
      "skus[0].replicaOutputTokensPerSec (computed output tokens/s of one replica of C)",
      500,
    ]);
    expect(d2).toEqual({
      path: "d_tok_s",
      kind: "computed",
      value: 700,
      formula:
        "skus[1].replicaOutputTokensPerSec (computed output tokens/s of one replica of D): a cycle, it depends on itself",
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

describe("cells", () => {
  it("a chain of formulas is followed 50 cells deep; the 51st is shown as written, without its inputs", () => {
    const cells: Record<string, number | string> = { c55: 1 };
    for (let i = 0; i < 55; i++) cells[`c${i}`] = `=c${i + 1} + 1`;
    const ctx = contextOf({
      format: "capplan.plan/v1",
      cells,
      workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
      skus: [
        {
          name: "G",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { replicaOutputTokensPerSec: 10 },
        },
      ],
    });
    const a = explainPath(ctx, "cells.c0");
    if (!a.ok) throw new Error(a.error);
    const chain = [a.node];
    while (chain[chain.length - 1]!.inputs.length) chain.push(chain[chain.length - 1]!.inputs[0]!);
    expect(chain.map((n) => n.path)).toEqual(Array.from({ length: 51 }, (_, i) => `cells.c${i}`));
    expect(chain[49]!.formula).toBe("c50 + 1");
    expect(chain[50]).toEqual({
      path: "cells.c50",
      kind: "cell",
      value: ctx.resolved.cells.c50 ?? null,
      raw: "=c51 + 1",
      inputs: [],
    });
  });

  it("a cell that is not a formula is shown as written, without inputs", () => {
    const ctx = contextOf(PLANS.names);
    expect(explainLines(ctx, "cells.peak")).toEqual(["cells.peak [cell] = 40 | raw: 40"]);
  });
});

describe("the Chinese of formulas with words", () => {
  /** Every formula with words and its Chinese (the app's 中文 view). */
  const ZH: Record<string, string> = {
    "(load − load₀) ÷ (load₁ − load₀)": "(负载 − 负载₀) ÷ (负载₁ − 负载₀)",
    "0 (idle is spread over the teams in proportion)": "0（闲置按比例分摊给各团队）",
    "a finding of the sweep's diagnostics": "扫描诊断的一项发现",
    "cost ÷ weighted tokens × 1,000,000": "cost ÷ 加权 token × 1,000,000",
    'costPerDay of the recommended SKU "L40S ×1" (no pools given)':
      '推荐 SKU "L40S ×1" 的 costPerDay（未给出资源池）',
    "costPerHour ÷ (forecast output tokens/s × 3600)": "costPerHour ÷ (预测输出 tokens/s × 3600)",
    "costPerHour ÷ (peak output tokens/s × 3600)": "costPerHour ÷ (峰值输出 tokens/s × 3600)",
    "costPerOutputToken × mean output tokens per request":
      "costPerOutputToken × 每请求平均输出 token 数",
    "forecast costPerOutputToken × 1,000,000": "预测 costPerOutputToken × 1,000,000",
    "forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec)":
      "预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec)",
    "forecast rate × outputTokens": "预测速率 × outputTokens",
    "given capacity (not checked against SLOs)": "给定容量（未对照 SLO 检查）",
    "hours per day": "每天小时数",
    "hours per month": "每月小时数",
    "idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder)":
      "闲置按最小单位计；团队 + 闲置恰好等于取整后的资源池成本（最大余数法）",
    "in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly":
      "按最大余数法取整到最小单位，团队 + 闲置恰好等于取整后的资源池成本",
    "inputTokens of the team's usage row": "该团队用量行的 inputTokens",
    "inputWeight × cost per 1M weighted tokens": "inputWeight × 每百万加权 token 成本",
    "inputWeight × inputTokens + outputWeight × outputTokens":
      "inputWeight × inputTokens + outputWeight × outputTokens（加权 token）",
    "interpolated between two load levels where the binding SLO reaches its limit":
      "在两个负载档位之间插值，取约束 SLO 恰好达到上限处",
    "number of load levels read from the files": "从文件读取的负载档位数",
    "outputTokens of the team's usage row": "该团队用量行的 outputTokens",
    "outputWeight × cost per 1M weighted tokens": "outputWeight × 每百万加权 token 成本",
    "own (pool) cost + shared cost": "自身（资源池）成本 + 共享成本",
    "own cost ÷ weighted tokens × 1,000,000": "自身成本 ÷ 加权 token × 1,000,000",
    "peak costPerOutputToken × 1,000,000": "峰值 costPerOutputToken × 1,000,000",
    "peak output tokens/s ÷ (replicas × replicaOutputTokensPerSec)":
      "峰值输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec)",
    "peak output tokens/s ÷ replicasBase (blended over workloads)":
      "峰值输出 tokens/s ÷ replicasBase（按各负载混合）",
    "peak output tokens/s ÷ Σ peakRps": "峰值输出 tokens/s ÷ Σ peakRps",
    "peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity)":
      "峰值加权 tokens/s × (replicas ÷ replicasBase) × 86,400（整个集群的每日容量）",
    "pool cost ÷ used weighted tokens × 1,000,000": "资源池成本 ÷ 已用加权 token × 1,000,000",
    "pool cost − Σ teams' cost": "资源池成本 − Σ 各团队成本",
    'replicas of SKU "L40S ×1"': 'SKU "L40S ×1" 的 replicas',
    "rps × output tokens per request (the sweep has no output tokens/s)":
      "rps × 每请求输出 token 数（扫描没有输出 tokens/s）",
    "seconds per day": "每天秒数",
    "seconds per hour": "每小时秒数",
    "share × pool cost": "share × 资源池成本",
    "team's weighted tokens × pool cost ÷ pool capacity (idle kept separate)":
      "团队加权 token × 资源池成本 ÷ 资源池容量（闲置单列）",
    "team's weighted tokens ÷ pool's weighted tokens": "团队加权 token ÷ 资源池加权 token",
    "the load level where throughput stops growing linearly (zones of the sweep)":
      "吞吐不再线性增长的负载档位（扫描的分区）",
    "the pool cost rounded to the currency's minor unit": "资源池成本按币种最小单位取整",
    "the whole pool cost (no usage)": "整个资源池成本（没有用量）",
    "tokens per million": "每百万 token 的 token 数",
    "v₀ + t × (v₁ − v₀)": "v₀ + t × (v₁ − v₀)（线性插值）",
    "weighted tokens ÷ pool capacity × pool replicas": "加权 token ÷ 资源池容量 × 资源池副本数",
    "zones of the sweep (idle, linear, saturated)": "扫描的分区（空闲、线性、饱和）",
    "Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps)":
      "Σ 预测速率 × outputTokens（预测速率：avgRps，否则 dailyRequests ÷ 86,400，否则 peakRps）",
    "Σ inputTokens of the team's usage rows": "Σ 该团队各用量行的 inputTokens",
    "Σ outputTokens of the team's usage rows": "Σ 该团队各用量行的 outputTokens",
    "Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens)":
      "Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens)（峰值加权 token/s）",
    "Σ teams' weighted tokens": "Σ 各团队的加权 token",
    "Σ the team's cost over pools": "Σ 该团队在各资源池的 cost",
    "Σ the team's costRounded over pools": "Σ 该团队在各资源池的 costRounded",
    "Σ the team's inputTokens over pools": "Σ 该团队在各资源池的 inputTokens",
    "Σ the team's outputTokens over pools": "Σ 该团队在各资源池的 outputTokens",
    "Σ the team's part of each shared cost": "Σ 该团队在每项共享成本中的部分",
    "Σ the team's rounded part of each shared cost": "Σ 该团队在每项共享成本中取整后的部分",
    "Σ the team's tokens over pools": "Σ 该团队在各资源池的 tokens",
    "Σ workloads' replicasBase": "Σ 各负载的 replicasBase",
  };
  const SKU_PATHS = [
    "replicas",
    "costPerMonth",
    "costPerRequest",
    "utilizationAtPeak",
    "peak.costPerMillionOutputTokens",
    "forecast.costPerMillionOutputTokens",
    "forecast.utilization",
    "replicaOutputTokensPerSec",
    "workloads[0].kneeIndex",
    "workloads[0].zones.length",
    "workloads[0].sweep.points",
    "workloads[0].findings[0].pointIndices[0]",
    "workloads[0].operatingPoint.concurrency",
  ].map((k) => `skus[0].${k}`);
  const numericPaths = (v: unknown, path: string, out: string[] = []): string[] => {
    if (typeof v === "number") out.push(path);
    else if (Array.isArray(v)) v.forEach((x, i) => numericPaths(x, `${path}[${i}]`, out));
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) numericPaths(x, `${path}.${k}`, out);
    return out;
  };

  it("every formula with words has its Chinese, and the explanations of the examples and these plans reach them all", () => {
    const seen: Record<string, string> = {};
    const ctxs = [
      exampleContext("seed"),
      exampleContext("multi-sku"),
      ...Object.values(PLANS).map(contextOf),
    ];
    for (const ctx of ctxs) {
      for (const p of [...SKU_PATHS, ...numericPaths(ctx.result.tenants ?? {}, "tenants")]) {
        const a = explainPath(ctx, p);
        if (!a.ok) continue;
        for (const n of lineageNodes(a.node)) {
          if (n.formulaZh !== undefined) seen[n.formula!] = n.formulaZh;
          else if (n.formula !== undefined) expect(ZH[n.formula], n.formula).toBeUndefined();
        }
      }
    }
    expect(seen).toEqual(ZH);
  });
});

describe("properties of a whole sweep (the multi-sku example's H100 sweep: 4 levels, knee at concurrency 64)", () => {
  const ctx = exampleContext("multi-sku");
  const node = (path: string) => {
    const a = explainPath(ctx, path);
    if (!a.ok) throw new Error(a.error);
    return a.node;
  };
  const H100 = "vllm · meta-llama/Llama-3.1-8B-Instruct";
  const dir = "../../fixtures/vllm/concurrency-sweep-h100/vllm-infqps-concurrency";
  const SWEEP = {
    label: H100,
    files: [
      `${dir}1-Llama-3.1-8B-Instruct-20250612-100105.json`,
      `${dir}16-Llama-3.1-8B-Instruct-20250612-100829.json`,
      `${dir}4-Llama-3.1-8B-Instruct-20250612-100342.json`,
      `${dir}64-Llama-3.1-8B-Instruct-20250612-101446.json`,
    ],
    format: "vllm",
  };

  it("the knee is a load level of the sweep, with that level's file", () => {
    const n = node("skus[0].workloads[0].kneeIndex");
    expect([n.kind, n.value, n.formula, n.formulaZh, n.inputs]).toEqual([
      "sweep",
      3,
      "the load level where throughput stops growing linearly (zones of the sweep)",
      "吞吐不再线性增长的负载档位（扫描的分区）",
      [],
    ]);
    expect([
      n.source!.label,
      n.source!.pointIndex,
      n.source!.load,
      n.source!.key,
      n.source!.line,
    ]).toEqual([H100, 3, "concurrency 64", undefined, 1]);
    expect(n.source!.file).toBe(SWEEP.files[3]);
  });

  it("a finding's point is that load level; the number of levels, a recorded value and the zones' count name only the sweep", () => {
    const f = node("skus[0].workloads[0].findings[0].pointIndices[0]");
    expect([f.path, f.kind, f.value, f.formula, f.source!.pointIndex, f.source!.load]).toEqual([
      "skus[0].workloads[0].findings[0].pointIndices[0]",
      "sweep",
      2,
      "a finding of the sweep's diagnostics",
      2,
      "concurrency 16",
    ]);
    const pts = node("skus[0].workloads[0].sweep.points");
    expect([pts.kind, pts.value, pts.formula, pts.source]).toEqual([
      "sweep",
      4,
      "number of load levels read from the files",
      SWEEP,
    ]);
    const meta = node("skus[0].workloads[0].sweep.meta.gpuCount");
    expect([meta.path, meta.kind, meta.value, meta.formula, meta.source!.pointIndex]).toEqual([
      "skus[0].workloads[0].sweep.meta.gpuCount",
      "sweep",
      1,
      "recorded in the files (meta.gpuCount)",
      undefined,
    ]);
    const rps = node("skus[0].workloads[0].sweep.points[1].rps");
    expect([rps.value, rps.formula]).toEqual([
      ctx.result.skus[0]!.workloads[0]!.sweep!.points[1]!.rps,
      "recorded in the files (points.1.rps)",
    ]);
    const zones = node("skus[0].workloads[0].zones.length");
    expect([zones.path, zones.kind, zones.value, zones.formula, zones.source]).toEqual([
      "skus[0].workloads[0].zones.length",
      "sweep",
      4,
      "zones of the sweep (idle, linear, saturated)",
      SWEEP,
    ]);
  });

  it("a SKU's operatingPoint is its first workload's; its binding SLO's limit is the plan's SLO", () => {
    const op = node("skus[0].operatingPoint.rps");
    expect([op.path, op.kind, op.source!.pointIndex, op.source!.key]).toEqual([
      "skus[0].operatingPoint.rps",
      "sweepPoint",
      2,
      "rps",
    ]);
    expect(op.value).toBeCloseTo(8.3103, 4);
    const b = node("skus[1].workloads[0].operatingPoint.bindingSlo.maxMs");
    expect(treeLines(b)).toEqual([
      "skus[1].workloads[0].operatingPoint.bindingSlo.maxMs [computed] = " +
        String(b.value) +
        " | f: the limit of the SLO that binds (slo[" +
        (b.value === 1000 ? 0 : 1) +
        "]) | zh: 起约束作用的 SLO 的上限（slo[" +
        (b.value === 1000 ? 0 : 1) +
        "]） | p: " +
        lineageNumber(b.value) +
        " = " +
        lineageNumber(b.value) +
        " | re: " +
        String(b.value),
      "  slo[" +
        (b.value === 1000 ? 0 : 1) +
        "].maxMs [field] = " +
        String(b.value) +
        " | raw: " +
        String(b.value),
    ]);
  });

  it("paths that name no number of a sweep, an operating point or a SKU have no lineage", () => {
    const none = [
      "skus[0].workloads[0].zones",
      "skus[0].workloads[0].zones[1]",
      "skus[0].workloads[0].failure",
      "skus[0].workloads[0].missing",
      "skus[0].workloads[0].sweep.meta.model.length",
      "skus[0].workloads[0].sweep.label",
      "skus[0].workloads[0].findings[0].pointIndices",
      "skus[0].workloads[0].findings[0].rule",
      "skus[0].workloads[0].kneeIndex.x",
      "skus[0].workloads[0].replicasBase.x",
      "skus[0].workloads[0].operatingPoint.concurrency.x",
      "skus[0].workloads[0].operatingPoint.bindingSlo.metric",
      "skus[0].workloads[0].operatingPoint.bindingSlo.maxMs.x",
      "skus[0].workloads[0].operatingPoint.basis",
      "skus[0].workloads[5].replicasBase",
      "skus[0].workloads.x",
      "skus[0].workloads[0]",
      "skus[0].replicas.x",
      "skus[0].gpus[0]",
      "skus[0].peak",
      "skus[0].peak.x",
      "skus[0].peak.outputTokensPerSec.x",
      "skus[0].forecast.x",
      "skus[0].forecast",
      "skus[0].name",
      "skus[9].replicas",
      "skus[9].gpusPerReplica",
      "workloads[0].name",
      "workloads[7].peakRps",
    ];
    for (const p of none)
      expect(explainPath(ctx, p), p).toEqual({
        ok: false,
        error: `${p}: no number with a lineage at this path`,
      });
  });
});

describe("workload fields and sweep properties a plan does not have", () => {
  const ctx = contextOf(PLANS.spare);
  it("each workload field is read from its plan field; a sweep without a knee, findings or a model has none of them", () => {
    expect(
      explainAll(ctx, [
        "workloads[0].avgRps",
        "workloads[1].dailyRequests",
        "workloads[1].inputTokens",
        "workloads[2].peakRps",
        "workloads[2].outputTokens",
        "workloads[0].tokensPerRequest",
        "skus[0].workloads[0].kneeIndex",
        "skus[0].workloads[0].sweep.meta.model.length",
        "skus[0].workloads[0].findings[0].pointIndices[0]",
      ]),
    ).toEqual([
      "workloads[0].avgRps [field] = 4 | raw: 4",
      "workloads[1].dailyRequests [field] = 259200 | raw: 259200",
      "workloads[1].inputTokens [field] = 1000 | raw: 1000",
      "workloads[2].peakRps [field] = 2 | raw: 2",
      "workloads[2].outputTokens [field] = 1250 | raw: 1250",
      "workloads[0].tokensPerRequest [computed] = 300 | f: inputTokens + outputTokens | p: 100 + 200 = 300 | re: 300",
      "  workloads[0].inputTokens [field] = 100 | raw: 100",
      "  workloads[0].outputTokens [field] = 200 | raw: 200",
      "error: skus[0].workloads[0].kneeIndex: no number with a lineage at this path",
      "error: skus[0].workloads[0].sweep.meta.model.length: no number with a lineage at this path",
      "error: skus[0].workloads[0].findings[0].pointIndices[0]: no number with a lineage at this path",
    ]);
  });
});

describe("no traffic at peak (peakRps 0)", () => {
  // 0 replicas: utilisation 0 as the engine says (not 0 ÷ 0); the cost per output token divides by 0 tok/s: no number.
  const ctx = contextOf(PLANS.zero);
  it("utilisation is 0 and recomputes to 0; the peak cost per token has no number", () => {
    expect(
      explainAll(ctx, [
        "skus[0].utilizationAtPeak",
        "skus[0].forecast.utilization",
        "skus[0].peak.costPerOutputToken",
      ]),
    ).toEqual([
      "skus[0].utilizationAtPeak [computed] = 0 | f: peak output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 峰值输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 0 ÷ (0 × 1,000) = 0 | re: 0",
      "  skus[0].peak.outputTokensPerSec [computed] = 0 | f: peakRps × outputTokens | p: 0 × 200 = 0 | re: 0",
      "    workloads[0].peakRps [field] = 0 | raw: 0",
      "    workloads[0].outputTokens [field] = 200 | raw: 200",
      "  skus[0].replicas [computed] = 0 | f: ceil(replicasRaw) | p: ceil(0) = 0 | re: 0",
      "    skus[0].replicasRaw [computed] = 0 | f: replicasBase × elasticity × redundancy | p: 0 × 1 × 1 = 0 | re: 0",
      "      skus[0].replicasBase [computed] = 0 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 0 × 200 ÷ 1,000 = 0 | re: 0",
      "        workloads[0].peakRps [field] = 0 | raw: 0",
      "        workloads[0].outputTokens [field] = 200 | raw: 200",
      "        skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 1000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 1,000 = 1,000 | re: 1000",
      "          skus[0].sweep.replicaOutputTokensPerSec [field] = 1000 | raw: 1000",
      "      factors.elasticity [field] = 1",
      "      factors.redundancy [field] = 1 | raw: 1 (default)",
      "  skus[0].replicaOutputTokensPerSec [computed] = 1000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 1,000 = 1,000 | re: 1000",
      "    skus[0].sweep.replicaOutputTokensPerSec [field] = 1000 | raw: 1000",
      "skus[0].forecast.utilization [computed] = 0 | f: forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) | zh: 预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec) | p: 0 ÷ (0 × 1,000) = 0 | re: 0",
      "  skus[0].forecast.outputTokensPerSec [computed] = 0 | f: forecast rate × outputTokens | zh: 预测速率 × outputTokens | p: 0 × 200 = 0 | re: 0",
      "    workloads[0].avgRps [field] = 0 | raw: 0",
      "    workloads[0].outputTokens [field] = 200 | raw: 200",
      "  skus[0].replicas = 0 (above)",
      "  skus[0].replicaOutputTokensPerSec = 1000 (above)",
      "skus[0].peak.costPerOutputToken [computed] = null | f: costPerHour ÷ (peak output tokens/s × 3600) | zh: costPerHour ÷ (峰值输出 tokens/s × 3600) | p: 0 ÷ (0 × 3600) = n/a | re: null",
      "  skus[0].costPerHour [computed] = 0 | f: gpus × pricePerGpuHour | p: 0 × 2 = 0 | re: 0",
      "    skus[0].gpus [computed] = 0 | f: replicas × gpusPerReplica | p: 0 × 1 = 0 | re: 0",
      "      skus[0].replicas = 0 (above)",
      "      skus[0].gpusPerReplica [field] = 1 | raw: 1",
      "    skus[0].pricePerGpuHour [field] = 2 | raw: 2",
      "  skus[0].peak.outputTokensPerSec = 0 (above)",
      "  secondsPerHour [constant] = 3600 | f: seconds per hour | zh: 每小时秒数",
    ]);
  });
});

describe("an infeasible SKU (every level breaks the TTFT limit)", () => {
  const ctx = contextOf(PLANS.infeasible);
  it("has no operating point, replicasBase or replicas to explain; its sweep still has its levels", () => {
    expect(
      explainAll(ctx, [
        "skus[0].workloads[0].operatingPoint.rps",
        "skus[0].workloads[0].operatingPoint.outputTokensPerSec",
        "skus[0].workloads[0].replicasBase",
        "skus[0].replicas",
        "skus[0].workloads[0].sweep.points",
      ]),
    ).toEqual([
      "error: skus[0].workloads[0].operatingPoint.rps: no number with a lineage at this path",
      "error: skus[0].workloads[0].operatingPoint.outputTokensPerSec: no number with a lineage at this path",
      "error: skus[0].workloads[0].replicasBase: no number with a lineage at this path",
      "error: skus[0].replicas: no number with a lineage at this path",
      "skus[0].workloads[0].sweep.points [sweep] = 2 | f: number of load levels read from the files | zh: 从文件读取的负载档位数 | src: slow [] inline",
    ]);
  });
});

describe("plan fields as written", () => {
  it("per-workload capacities under names that are not path keys (`support-bot`, `batch-job`) are read from the plan: a formula (spaces before its =) and a number", () => {
    const ctx = contextOf(PLANS.dashed);
    expect(explainLines(ctx, "skus[0].replicasBase")).toEqual([
      "skus[0].replicasBase [computed] = 2.5 | f: Σ workloads' replicasBase | zh: Σ 各负载的 replicasBase | p: Σ (2 + 0.5) = 2.5 | re: 2.5",
      "  skus[0].workloads[0].replicasBase [computed] = 2 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 3 × 400 ÷ 600 = 2 | re: 2",
      "    workloads[0].peakRps [field] = 3 | raw: 3",
      "    workloads[0].outputTokens [field] = 400 | raw: 400",
      "    skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 600 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 600 = 600 | re: 600",
      "      skus[0].sweeps.support-bot.replicaOutputTokensPerSec [field] = 600 | f: cap | p: 600 = 600 | raw:  =cap",
      "        cells.cap [cell] = 600 | raw: 600",
      "  skus[0].workloads[1].replicasBase [computed] = 0.5 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 1 × 200 ÷ 400 = 0.5 | re: 0.5",
      "    workloads[1].peakRps [field] = 1 | raw: 1",
      "    workloads[1].outputTokens [field] = 200 | raw: 200",
      "    skus[0].workloads[1].operatingPoint.outputTokensPerSec [computed] = 400 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 400 = 400 | re: 400",
      "      skus[0].sweeps.batch-job.replicaOutputTokensPerSec [field] = 400 | raw: 400",
    ]);
  });

  it("the legacy single `workload` is read only for workloads[0] fields: a stray key named like a SKU field is not the SKU's", () => {
    const ctx = contextOf(PLANS.stray);
    expect(explainAll(ctx, ["skus[0].pricePerGpuHour", "workloads[0].peakRps"])).toEqual([
      "skus[0].pricePerGpuHour [field] = null | cat: h100-sxm",
      "workloads[0].peakRps [field] = 2 | raw: 2",
    ]);
  });

  it("a cell the resolved plan has but the file does not write (an edited plan) is shown without a raw value", () => {
    const base = contextOf(PLANS.names);
    const { peak: _peak, ...cells } = PLANS.names.cells;
    const ctx = { ...base, plan: { ...(PLANS.names as unknown as typeof base.plan), cells } };
    expect(explainLines(ctx, "cells.f")).toEqual([
      "cells.f [cell] = null | f: peak + nosuch | p: 40 + nosuch = n/a | raw:  =peak + nosuch",
      "  cells.peak [cell] = 40",
    ]);
  });
});

describe("a sweep without output tokens/s and no traffic", () => {
  it("cannot recover the output tokens per request from replicasBase 0: the capacity step has no number", () => {
    const ctx = contextOf(PLANS.rpszero);
    expect(explainLines(ctx, "skus[0].workloads[0].replicasBase")).toEqual([
      "skus[0].workloads[0].replicasBase [computed] = 0 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 0 × 200 ÷ n/a = 0 | re: null",
      "  workloads[0].peakRps [field] = 0 | raw: 0",
      "  workloads[0].outputTokens [field] = 200 | raw: 200",
      "  skus[0].workloads[0].capacity [computed] = null | f: rps × output tokens per request (the sweep has no output tokens/s) | zh: rps × 每请求输出 token 数（扫描没有输出 tokens/s） | p: 3.5 × n/a = n/a | re: null",
      "    skus[0].workloads[0].operatingPoint.rps [sweepPoint] = 3.5 | src: po [] inline #1 (concurrency 4) key=rps",
      "    po · mean output tokens [sweep] = null | src: po [] inline key=meanOutputTokens",
    ]);
  });
});

describe("a count of a sweep's findings", () => {
  it("is not a load level (only pointIndices entries are)", () => {
    const ctx = exampleContext("multi-sku");
    const a = explainPath(ctx, "skus[0].workloads[0].findings.length");
    if (!a.ok) throw new Error(a.error);
    expect([
      a.node.kind,
      a.node.value,
      a.node.formula,
      a.node.source!.pointIndex,
      a.node.source!.load,
    ]).toEqual(["sweep", 1, "a finding of the sweep's diagnostics", undefined, undefined]);
  });
});
