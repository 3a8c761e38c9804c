/**
 * The words of the lineage steps that are not declared quantities of the chain (chain steps render
 * from src/engine/chain/quantities.ts): how an operating point was read from a sweep, what a sweep
 * records, and the allocation's steps (usage, weights, pool costs, idle, shared costs, rounding).
 * Each is a message with its English and Chinese, as problems are (docs/problems.md), so the
 * app's 中文 view and `capplan explain --lang zh` never fall back to English.
 */
import { defineMessages, message } from "../base/problems";
import type { ConstantId } from "../chain/quantities";

/** A step's words with no parameters. */
const say = (en: string, zh: string) => message({ severity: "info", en: () => en, zh: () => zh });

/**
 * The words naming each fixed number of the method, a lineage leaf of kind `constant` (its path
 * is the id, `hoursPerMonth`, the same in both languages): every constant of the declared chain
 * (src/engine/chain/quantities.ts `CONSTANTS`) and the measured terms of the KV budget
 * (src/engine/catalog/kv-budget.ts).
 */
const CONSTANT_WORDS = {
  hoursPerDay: say("hours per day", "每天小时数"),
  hoursPerMonth: say("hours per month", "每月小时数"),
  secondsPerHour: say("seconds per hour", "每小时秒数"),
  secondsPerDay: say("seconds per day", "每天秒数"),
  million: say("tokens per million", "每百万 token 的 token 数"),
} satisfies Record<ConstantId, unknown>;

const KV_CONSTANT_WORDS = {
  runtimeReserveGiB: say("runtime reserve per GPU (GiB)", "每 GPU 运行时保留（GiB）"),
  activationGiBPerGpu: say("activations per GPU (GiB)", "每 GPU 激活内存（GiB）"),
  nonTorchGiBPerGpu: say("non-torch memory per GPU (GiB)", "每 GPU 非 PyTorch 内存（GiB）"),
  bytesPerGiB: say("bytes per GiB", "每 GiB 字节数"),
};

/** A fixed number of the method that a lineage leaf names (its words: {@link CONSTANT_WORDS}). */
export type LineageConstant = keyof typeof CONSTANT_WORDS | keyof typeof KV_CONSTANT_WORDS;

export const lineageMessages = defineMessages("lineage", {
  // ---- constants of the method -----------------------------------------------------------------
  ...CONSTANT_WORDS,
  ...KV_CONSTANT_WORDS,
  // ---- operating points and sweeps -----------------------------------------------------------
  interpolated: say(
    "interpolated between two load levels where the binding SLO reaches its limit",
    "在两个负载档位之间插值，取约束 SLO 恰好达到上限处",
  ),
  interpolationT: say("(load − load₀) ÷ (load₁ − load₀)", "(负载 − 负载₀) ÷ (负载₁ − 负载₀)"),
  interpolationValue: say("v₀ + t × (v₁ − v₀)", "v₀ + t × (v₁ − v₀)（线性插值）"),
  givenCapacity: say("given capacity (not checked against SLOs)", "给定容量（未对照 SLO 检查）"),
  capacityFromRps: say(
    "rps × output tokens per request (the sweep has no output tokens/s)",
    "rps × 每请求输出 token 数（扫描没有输出 tokens/s）",
  ),
  knee: say(
    "the load level where throughput stops growing linearly (zones of the sweep)",
    "吞吐不再线性增长的负载档位（扫描的分区）",
  ),
  finding: say("a finding of the sweep's diagnostics", "扫描诊断的一项发现"),
  pointCount: say("number of load levels read from the files", "从文件读取的负载档位数"),
  recorded: message<{ key: string }>({
    severity: "info",
    en: (p) => `recorded in the files (${p.key})`,
    zh: (p) => `记录在文件中（${p.key}）`,
  }),
  zones: say("zones of the sweep (idle, linear, saturated)", "扫描的分区（空闲、线性、饱和）"),
  bindingSlo: message<{ k: number }>({
    severity: "info",
    en: (p) => `the limit of the SLO that binds (slo[${p.k}])`,
    zh: (p) => `起约束作用的 SLO 的上限（slo[${p.k}]）`,
  }),
  tokS: message<{ si: number; name: string }>({
    severity: "info",
    en: (p) =>
      `skus[${p.si}].replicaOutputTokensPerSec (computed output tokens/s of one replica of ${p.name})`,
    zh: (p) => `skus[${p.si}].replicaOutputTokensPerSec（${p.name} 单副本计算出的输出 tokens/s）`,
  }),
  tokSCycle: message<{ si: number; name: string }>({
    severity: "info",
    en: (p) =>
      `skus[${p.si}].replicaOutputTokensPerSec (computed output tokens/s of one replica of ${p.name}): a cycle, it depends on itself`,
    zh: (p) =>
      `skus[${p.si}].replicaOutputTokensPerSec（${p.name} 单副本计算出的输出 tokens/s）：循环引用，它依赖自身`,
  }),
  // ---- error bars ----------------------------------------------------------------------------
  intervalEnd: message<{ high: boolean }>({
    severity: "info",
    en: (p) =>
      `the ${p.high ? "high" : "low"} end of the operating point's 95 % t-interval of output tokens/s: mean ${p.high ? "+" : "−"} t(0.975, n − 1) × std ÷ √n over the repeated runs`,
    zh: (p) =>
      `运行点输出 tok/s 的 95 % t 区间${p.high ? "上" : "下"}端：重复运行的均值 ${p.high ? "+" : "−"} t(0.975, n − 1) × 标准差 ÷ √n`,
  }),
  intervalChain: message<{ key: string; high: boolean }>({
    severity: "info",
    en: (p) =>
      `${p.key} by the capacity chain with replicaOutputTokensPerSec = the interval's ${p.high ? "high" : "low"} end`,
    zh: (p) =>
      `按容量链计算的 ${p.key}，其中 replicaOutputTokensPerSec = 区间${p.high ? "上" : "下"}端`,
  }),
  // ---- allocation: usage and weights ---------------------------------------------------------
  usageRow: message<{ which: string }>({
    severity: "info",
    en: (p) => `${p.which} of the team's usage row`,
    zh: (p) => `该团队用量行的 ${p.which}`,
  }),
  usageRows: message<{ which: string }>({
    severity: "info",
    en: (p) => `Σ ${p.which} of the team's usage rows`,
    zh: (p) => `Σ 该团队各用量行的 ${p.which}`,
  }),
  weightedTokens: say(
    "inputWeight × inputTokens + outputWeight × outputTokens",
    "inputWeight × inputTokens + outputWeight × outputTokens（加权 token）",
  ),
  weightedPeak: say(
    "Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens)",
    "Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens)（峰值加权 token/s）",
  ),
  weightedPrice: message<{ which: string }>({
    severity: "info",
    en: (p) => `${p.which}Weight × cost per 1M weighted tokens`,
    zh: (p) => `${p.which}Weight × 每百万加权 token 成本`,
  }),
  reservedRows: say(
    "Σ reservedReplicas of the team's usage rows",
    "Σ 该团队各用量行的 reservedReplicas",
  ),
  // ---- allocation: pools ---------------------------------------------------------------------
  poolSkuCost: message<{ sku: string; index: number }>({
    severity: "info",
    en: (p) => `costPerDay of SKU "${p.sku}" (tenants.pools[${p.index}].sku)`,
    zh: (p) => `SKU "${p.sku}" 的 costPerDay（tenants.pools[${p.index}].sku）`,
  }),
  poolRecommendedCost: message<{ sku: string }>({
    severity: "info",
    en: (p) => `costPerDay of the recommended SKU "${p.sku}" (no pools given)`,
    zh: (p) => `推荐 SKU "${p.sku}" 的 costPerDay（未给出资源池）`,
  }),
  poolCapacity: message<{ day: string }>({
    severity: "info",
    en: (p) =>
      `peak weighted tokens/s × (replicas ÷ replicasBase) × ${p.day} (the fleet's daily capacity)`,
    zh: (p) => `峰值加权 tokens/s × (replicas ÷ replicasBase) × ${p.day}（整个集群的每日容量）`,
  }),
  poolReplicas: message<{ sku: string }>({
    severity: "info",
    en: (p) => `replicas of SKU "${p.sku}"`,
    zh: (p) => `SKU "${p.sku}" 的 replicas`,
  }),
  sumWeighted: say("Σ teams' weighted tokens", "Σ 各团队的加权 token"),
  sumBilled: say("Σ teams' billed replicas", "Σ 各团队计费副本数"),
  poolPerMillion: say(
    "pool cost ÷ used weighted tokens × 1,000,000",
    "资源池成本 ÷ 已用加权 token × 1,000,000",
  ),
  idleWholeNoUse: say(
    "the whole pool cost (no usage, no reservation)",
    "整个资源池成本（没有用量，也没有预留）",
  ),
  idleNoneReserved: say(
    "0 (idle is spread by billed replicas, or the reservations fill the pool)",
    "0（闲置按计费副本分摊，或预留已占满资源池）",
  ),
  idleUnbilled: say(
    "pool cost − Σ teams' cost (the unbilled replicas)",
    "资源池成本 − Σ 各团队成本（未计费的副本）",
  ),
  idleWhole: say("the whole pool cost (no usage)", "整个资源池成本（没有用量）"),
  idleSpread: say("0 (idle is spread over the teams in proportion)", "0（闲置按比例分摊给各团队）"),
  idleRest: say("pool cost − Σ teams' cost", "资源池成本 − Σ 各团队成本"),
  // ---- allocation: teams ---------------------------------------------------------------------
  share: say(
    "team's weighted tokens ÷ pool's weighted tokens",
    "团队加权 token ÷ 资源池加权 token",
  ),
  usedReplicas: say(
    "weighted tokens ÷ pool capacity × pool replicas",
    "加权 token ÷ 资源池容量 × 资源池副本数",
  ),
  billedReplicas: say("max(reserved replicas, used replicas)", "max(预留副本数, 已用副本数)"),
  costBilledKeepIdle: say(
    "billed replicas ÷ pool replicas × pool cost (idle kept separate)",
    "计费副本数 ÷ 资源池副本数 × 资源池成本（闲置单列）",
  ),
  costBilled: say(
    "billed replicas ÷ Σ billed replicas × pool cost",
    "计费副本数 ÷ Σ 计费副本数 × 资源池成本",
  ),
  costKeepIdle: say(
    "team's weighted tokens × pool cost ÷ pool capacity (idle kept separate)",
    "团队加权 token × 资源池成本 ÷ 资源池容量（闲置单列）",
  ),
  costShare: say("share × pool cost", "share × 资源池成本"),
  perMillion: say("cost ÷ weighted tokens × 1,000,000", "cost ÷ 加权 token × 1,000,000"),
  overPools: message<{ key: string }>({
    severity: "info",
    en: (p) => `Σ the team's ${p.key} over pools`,
    zh: (p) => `Σ 该团队在各资源池的 ${p.key}`,
  }),
  teamShared: say("Σ the team's part of each shared cost", "Σ 该团队在每项共享成本中的部分"),
  teamSharedRounded: say(
    "Σ the team's rounded part of each shared cost",
    "Σ 该团队在每项共享成本中取整后的部分",
  ),
  // ---- shared costs --------------------------------------------------------------------------
  ownPlusShared: say("own (pool) cost + shared cost", "自身（资源池）成本 + 共享成本"),
  ownPerMillion: say("own cost ÷ weighted tokens × 1,000,000", "自身成本 ÷ 加权 token × 1,000,000"),
  sharedWhole: say(
    "the whole shared cost (split none, or no teams)",
    "全部共享成本（不分摊，或没有团队）",
  ),
  sharedNone: say("0 (split over the teams)", "0（已分摊给各团队）"),
  sharedEven: say("shared cost ÷ number of teams (split even)", "共享成本 ÷ 团队数（平均分摊）"),
  sumPoolCosts: say("Σ teams' pool costs", "Σ 各团队的资源池成本"),
  sharedWeighted: say(
    "shared cost × team's own cost ÷ Σ teams' own cost (split weighted)",
    "共享成本 × 团队自身成本 ÷ Σ 各团队自身成本（加权分摊）",
  ),
  // ---- rounding to the currency's minor unit -------------------------------------------------
  poolRounded: say(
    "the pool cost rounded to the currency's minor unit",
    "资源池成本按币种最小单位取整",
  ),
  sharedRounded: say(
    "the shared cost rounded to the currency's minor unit",
    "共享成本按币种最小单位取整",
  ),
  unallocatedRounded: say("the unallocated part in minor units", "未分摊部分按最小单位计"),
  sharedPartsRounded: say(
    "in minor units by largest remainder, so the teams' parts add up to the rounded shared cost exactly",
    "按最大余数法取整到最小单位，各团队部分恰好等于取整后的共享成本",
  ),
  idleRounded: say(
    "idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder)",
    "闲置按最小单位计；团队 + 闲置恰好等于取整后的资源池成本（最大余数法）",
  ),
  teamRounded: say(
    "in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly",
    "按最大余数法取整到最小单位，团队 + 闲置恰好等于取整后的资源池成本",
  ),
});

export type LineageCode = Parameters<typeof lineageMessages.problem>[0];
