/**
 * The declared chain (src/engine/chain/quantities.ts): every declaration's scope, unit, inputs,
 * arithmetic (hand-worked numbers, each input distinct so that a changed operator shows) and its
 * formula text in English and Chinese, rendered with each input's id as its parameter.
 */
import { describe, expect, it } from "vitest";
import { KV_DECLARATIONS } from "../../../src/engine/chain/kv-quantities";
import {
  CEIL_TOLERANCE,
  CONSTANTS,
  ceilTol,
  chainMessages,
  HOURS_PER_DAY,
  HOURS_PER_MONTH,
  isConstant,
  MILLION,
  QUANTITIES,
  type QuantityId,
  ratio,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
} from "../../../src/engine/chain/quantities";
import { words } from "../../words";

/** `got` equals `want` to 1e-12 relative (the arithmetic is a few floating-point steps). */
function near(got: number, want: number): void {
  expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12 * Math.abs(want));
}

/** A declaration's formula with each input written as its id. */
function text(id: QuantityId, lang: "en" | "zh"): string {
  const q = QUANTITIES[id];
  const p: Record<string, string> = {};
  for (const i of [...q.inputs, ...(q.lists ?? [])]) p[i] = i;
  return chainMessages.render(chainMessages.problem(id, p), lang)!;
}

const C = { ...CONSTANTS };

/** Each declaration over hand-worked inputs (and lists), distinct so a changed operator shows. */
const CASES: [QuantityId, Record<string, number>, number, Record<string, number[]>?][] = [
  ["dailyRate", { dailyRequests: 172_800 }, 2],
  ["tokensPerRequest", { inputTokens: 300, outputTokens: 200 }, 500],
  ["tokensPerSec", { peakRps: 2, tokensPerRequest: 500 }, 1000],
  ["workloadReplicasBase", { peakRps: 3, outputTokens: 200, workloadCapacity: 400 }, 1.5],
  ["workloadPeakOutput", { peakRps: 3, outputTokens: 200 }, 600],
  ["workloadForecastOutput", { forecastRps: 1.5, outputTokens: 200 }, 300],
  ["workloadSecondsPerRequest", { outputTokens: 200, workloadCapacity: 400 }, 0.5],
  ["replicasBase", {}, 3.75, { workloadReplicasBase: [1.5, 2.25] }],
  ["peakOutputTokensPerSec", {}, 1000, { workloadPeakOutput: [600, 400] }],
  ["forecastOutputTokensPerSec", {}, 400, { workloadForecastOutput: [300, 100] }],
  ["replicaOutputTokensPerSec", { peakOutputTokensPerSec: 1000, replicasBase: 2.5 }, 400],
  ["replicaOutputTokensPerSecOne", {}, 750, { workloadCapacity: [750] }],
  // 300 tokens in 0.5 + 0.25 s: 400 tokens/s.
  [
    "replicaOutputTokensPerSecByLength",
    {},
    400,
    { outputTokens: [200, 100], workloadSecondsPerRequest: [0.5, 0.25] },
  ],
  ["replicasRaw", { replicasBase: 12, elasticity: 1.5, redundancy: 1.25 }, 22.5],
  ["replicasRawSpare", { replicasBase: 12, elasticity: 1.5, spare: 2 }, 20],
  ["replicas", { replicasRaw: 14.4 }, 15],
  // ceil(2.5 × 3) + 2 = 8 + 2.
  ["replicasSpare", { replicasBase: 2.5, elasticity: 3, spare: 2 }, 10],
  ["gpus", { replicas: 15, gpusPerReplica: 4 }, 60],
  ["costPerHour", { gpus: 60, pricePerGpuHour: 2.5 }, 150],
  ["powerCostPerHour", { gpus: 60, powerCostPerGpuHour: 0.5 }, 30],
  ["costPerDay", { costPerHour: 150 }, 3600],
  ["costPerMonth", { costPerHour: 150 }, 109_500],
  // 4 GPUs × $5 ÷ (1,500 tok/s × 3,600 s).
  [
    "costPerOutputToken",
    { gpusPerReplica: 4, pricePerGpuHour: 5, replicaOutputTokensPerSec: 1500 },
    20 / 5_400_000,
  ],
  ["costPerMillionOutputTokens", { costPerOutputToken: 2e-6 }, 2],
  ["meanOutputTokens", { peakOutputTokensPerSec: 1000 }, 200, { peakRps: [2, 3] }],
  ["meanOutputTokensPlain", {}, 150, { outputTokens: [200, 100] }],
  ["meanOutputTokensPlain", {}, 0, { outputTokens: [] }],
  ["costPerRequest", { costPerOutputToken: 2e-6, meanOutputTokens: 150 }, 3e-4],
  [
    "utilizationAtPeak",
    { peakOutputTokensPerSec: 1000, replicas: 3, replicaOutputTokensPerSec: 400 },
    1000 / 1200,
  ],
  // No replica: nothing is used, not 0 ÷ 0.
  [
    "utilizationAtPeak",
    { peakOutputTokensPerSec: 0, replicas: 0, replicaOutputTokensPerSec: 400 },
    0,
  ],
  ["peakCostPerOutputToken", { costPerHour: 150, peakOutputTokensPerSec: 1000 }, 150 / 3.6e6],
  ["peakCostPerMillionOutputTokens", { peakCostPerOutputToken: 3e-6 }, 3],
  [
    "forecastCostPerOutputToken",
    { costPerHour: 150, forecastOutputTokensPerSec: 400 },
    150 / 1_440_000,
  ],
  ["forecastCostPerMillionOutputTokens", { forecastCostPerOutputToken: 5e-6 }, 5],
  [
    "forecastUtilization",
    { forecastOutputTokensPerSec: 400, replicas: 2, replicaOutputTokensPerSec: 500 },
    0.4,
  ],
  [
    "forecastUtilization",
    { forecastOutputTokensPerSec: 400, replicas: 0, replicaOutputTokensPerSec: 500 },
    0,
  ],
  // 2 × 200 ÷ 400 + 1 × 100 ÷ 50 = 1 + 2.
  [
    "intervalReplicasBase",
    {},
    3,
    { intervalRps: [2, 1], outputTokens: [200, 100], workloadCapacity: [400, 50] },
  ],
  // 10 replicas × 4 GPUs × $2.5 for 900 s: $100 an hour for a quarter of an hour.
  [
    "intervalCost",
    { intervalReplicas: 10, gpusPerReplica: 4, pricePerGpuHour: 2.5, intervalSec: 900 },
    25,
  ],
];

/** The scope of every declaration (its inputs are pinned by the formula texts below). */
const SCOPES: Record<string, string[]> = {
  workload: words(`
    dailyRate tokensPerRequest tokensPerSec workloadReplicasBase workloadPeakOutput
    workloadForecastOutput workloadSecondsPerRequest`),
  interval: ["intervalReplicasBase", "intervalCost"],
  memory: Object.keys(KV_DECLARATIONS),
};

describe("QUANTITIES", () => {
  it.each(CASES)("%s over %j is %d (lists %j)", (id, v, want, l = {}) => {
    const q = QUANTITIES[id];
    expect(q.id).toBe(id);
    near(q.compute({ ...C, ...v }, l), want);
  });

  it("has a case above for every declaration outside the KV budget (kv-quantities.test.ts)", () => {
    const tested = new Set(CASES.map((c) => c[0]));
    const rest = Object.keys(QUANTITIES).filter((id) => !Object.hasOwn(KV_DECLARATIONS, id));
    expect(rest.filter((id) => !tested.has(id as QuantityId))).toEqual([]);
  });

  it("declares each quantity's scope: per workload, per interval, memory, else per SKU", () => {
    for (const [id, q] of Object.entries(QUANTITIES)) {
      const scope = Object.keys(SCOPES).find((s) => SCOPES[s]!.includes(id)) ?? "sku";
      expect([id, q.scope]).toEqual([id, scope]);
    }
  });

  it.each([
    // [id, inputs, result]: an undefined ratio is NaN (null once evaluated), never ±Infinity.
    ["costPerOutputToken", { gpusPerReplica: 1, pricePerGpuHour: 2, replicaOutputTokensPerSec: 0 }],
    ["peakCostPerOutputToken", { costPerHour: 5, peakOutputTokensPerSec: 0 }],
    ["forecastCostPerOutputToken", { costPerHour: 5, forecastOutputTokensPerSec: 0 }],
    ["utilizationAtPeak", { peakOutputTokensPerSec: 5, replicas: 2, replicaOutputTokensPerSec: 0 }],
    [
      "forecastUtilization",
      { forecastOutputTokensPerSec: 5, replicas: 2, replicaOutputTokensPerSec: 0 },
    ],
  ] as [QuantityId, Record<string, number>][])("%s over %j is NaN", (id, v) => {
    expect(QUANTITIES[id].compute({ ...C, ...v }, {})).toBeNaN();
  });
});

describe("chainMessages", () => {
  const DAY = "86,400";
  // A single string where the English and the Chinese formula are the same.
  it.each<[QuantityId, string | [string, string]]>([
    ["dailyRate", "dailyRequests ÷ secondsPerDay"],
    ["tokensPerRequest", "inputTokens + outputTokens"],
    ["tokensPerSec", "peakRps × tokensPerRequest"],
    ["workloadReplicasBase", "peakRps × outputTokens ÷ workloadCapacity"],
    ["workloadPeakOutput", "peakRps × outputTokens"],
    ["workloadForecastOutput", "forecastRps × outputTokens"],
    ["workloadSecondsPerRequest", "outputTokens ÷ workloadCapacity"],
    ["replicasBase", "Σ workloadReplicasBase"],
    ["peakOutputTokensPerSec", "Σ workloadPeakOutput"],
    [
      "forecastOutputTokensPerSec",
      [
        `Σ workloadForecastOutput (forecast rate: avgRps, else dailyRequests ÷ ${DAY}, else peakRps)`,
        `Σ workloadForecastOutput（预测速率：avgRps，否则 dailyRequests ÷ ${DAY}，否则 peakRps）`,
      ],
    ],
    [
      "replicaOutputTokensPerSec",
      [
        "peakOutputTokensPerSec ÷ replicasBase (blended over workloads)",
        "peakOutputTokensPerSec ÷ replicasBase（按各负载混合）",
      ],
    ],
    [
      "replicaOutputTokensPerSecOne",
      ["workloadCapacity of the one workload", "唯一负载的 workloadCapacity"],
    ],
    [
      "replicaOutputTokensPerSecByLength",
      [
        "Σ outputTokens ÷ Σ workloadSecondsPerRequest (no peak traffic: blended by output tokens per request)",
        "Σ outputTokens ÷ Σ workloadSecondsPerRequest（无峰值流量：按每请求输出 token 混合）",
      ],
    ],
    ["replicasRaw", "replicasBase × elasticity × redundancy"],
    ["replicasRawSpare", "replicasBase × elasticity + spare"],
    ["replicas", "ceil(replicasRaw)"],
    ["replicasSpare", "ceil(replicasBase × elasticity) + spare"],
    ["gpus", "replicas × gpusPerReplica"],
    ["costPerHour", "gpus × pricePerGpuHour"],
    ["powerCostPerHour", "gpus × powerCostPerGpuHour"],
    ["costPerDay", "costPerHour × hoursPerDay"],
    ["costPerMonth", "costPerHour × hoursPerMonth"],
    [
      "costPerOutputToken",
      "gpusPerReplica × pricePerGpuHour ÷ (replicaOutputTokensPerSec × secondsPerHour)",
    ],
    ["costPerMillionOutputTokens", "costPerOutputToken × million"],
    ["meanOutputTokens", "peakOutputTokensPerSec ÷ Σ peakRps"],
    [
      "meanOutputTokensPlain",
      ["the plain mean of outputTokens (no peak traffic)", "outputTokens 的简单平均（无峰值流量）"],
    ],
    ["costPerRequest", "costPerOutputToken × meanOutputTokens"],
    ["utilizationAtPeak", "peakOutputTokensPerSec ÷ (replicas × replicaOutputTokensPerSec)"],
    ["peakCostPerOutputToken", "costPerHour ÷ (peakOutputTokensPerSec × secondsPerHour)"],
    ["peakCostPerMillionOutputTokens", "peakCostPerOutputToken × million"],
    ["forecastCostPerOutputToken", "costPerHour ÷ (forecastOutputTokensPerSec × secondsPerHour)"],
    ["forecastCostPerMillionOutputTokens", "forecastCostPerOutputToken × million"],
    ["forecastUtilization", "forecastOutputTokensPerSec ÷ (replicas × replicaOutputTokensPerSec)"],
    ["intervalReplicasBase", "Σ intervalRps × outputTokens ÷ replicaOutputTokensPerSec"],
    [
      "intervalCost",
      "intervalReplicas × gpusPerReplica × pricePerGpuHour × intervalSec ÷ secondsPerHour",
    ],
  ])("chain.%s renders %j", (id, t) => {
    const [en, zh] = typeof t === "string" ? [t, t] : t;
    expect(text(id, "en")).toBe(en);
    expect(text(id, "zh")).toBe(zh);
    expect(chainMessages.problem(id, {}).code).toBe(`chain.${id}`);
  });
});

describe("CONSTANTS", () => {
  it("are the method's constants, and only those are constants", () => {
    expect(CONSTANTS).toEqual({
      hoursPerDay: 24,
      hoursPerMonth: 730,
      secondsPerHour: 3600,
      secondsPerDay: 86_400,
      million: 1_000_000,
    });
    expect([HOURS_PER_DAY, HOURS_PER_MONTH, SECONDS_PER_HOUR, SECONDS_PER_DAY, MILLION]).toEqual([
      24, 730, 3600, 86_400, 1_000_000,
    ]);
  });
  it.each([
    ["hoursPerDay", true],
    ["million", true],
    ["gpusPerReplica", false],
    ["toString", false], // an Object.prototype key is not a constant
  ])("isConstant(%s) is %s", (id, want) => expect(isConstant(id)).toBe(want));
});

describe("ratio", () => {
  it.each([
    [3, 4, 0.75],
    [0, 5, 0],
    [1, 0, Number.NaN],
    [0, 0, Number.NaN],
    [1, Number.POSITIVE_INFINITY, Number.NaN],
    [1, Number.NaN, Number.NaN],
  ])("%d ÷ %d → %d", (x, y, want) => expect(ratio(x, y)).toBe(want));
});

describe("ceilTol", () => {
  it.each([
    [14.4, 15],
    [15 + CEIL_TOLERANCE / 10, 15],
    [15 + CEIL_TOLERANCE * 10, 16],
    [0, 0],
    [-0.5, 0], // a positive zero, not -0 (Math.ceil(-0.5) is -0)
    [-1.5, -1],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
    [Number.NaN, Number.NaN],
  ])("%d → %d", (x, want) => expect(Object.is(ceilTol(x), want)).toBe(true));
  it("is 1e-9", () => expect(CEIL_TOLERANCE).toBe(1e-9));
});
