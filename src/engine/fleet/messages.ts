/**
 * Problems of the fleet simulation (src/engine/fleet/, code `fleet.*`; docs/simulate.md,
 * docs/problems.md). Chinese terms: 副本 (replica), 槽位 (slot), 仿真 (simulation), 到达 (arrival).
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message } from "../base/problems";

/** What an option takes (for {@link fleetMessages} `optionInvalid`). */
export type OptionKind = "count" | "positive" | "length" | "seed";
const EXPECTED_EN: Record<OptionKind, string> = {
  count: "a whole number ≥ 1",
  positive: "a number > 0",
  length: "a token count ≥ 0 or exp:MEAN with MEAN ≥ 1",
  seed: "a whole number",
};
const EXPECTED_ZH: Record<OptionKind, string> = {
  count: " ≥ 1 的整数",
  positive: " > 0 的数",
  length: " ≥ 0 的 token 数或 exp:MEAN（MEAN ≥ 1）",
  seed: "整数",
};

export const fleetMessages = defineMessages("fleet", {
  noCurve: message({
    severity: "error",
    en: (p: { points: number }) =>
      `the sweep has no point with a concurrency (or rps and mean E2E), a mean TTFT and a mean TPOT or ITL (${p.points} points): there is no curve to simulate`,
    zh: (p) =>
      `压测数据中没有同时具有并发数（或 rps 与平均 E2E）、平均 TTFT 和平均 TPOT 或 ITL 的点（共 ${p.points} 个点）：无法构建仿真曲线`,
  }),
  noSweep: message({
    severity: "error",
    en: (p: { sku: string }) =>
      `SKU "${p.sku}" has no measured sweep (only a given capacity): the simulation needs the latency curve`,
    zh: (p) => `SKU "${p.sku}" 没有实测压测数据（只有给定容量）：仿真需要延迟曲线`,
  }),
  noReplicas: message({
    severity: "error",
    en: (p: { sku: string }) =>
      `SKU "${p.sku}" has no planned replica count (infeasible or not computable): give --replicas`,
    zh: (p) => `SKU "${p.sku}" 没有规划出的副本数（不可行或无法计算）：请用 --replicas 指定`,
  }),
  skuUnknown: message({
    severity: "error",
    en: (p: { sku: string; known: string }) =>
      `no SKU named "${p.sku}" in the plan (it has: ${p.known || "none"})`,
    zh: (p) => `计划中没有名为 "${p.sku}" 的 SKU（已有：${p.known || "无"}）`,
  }),
  noSku: message({
    severity: "error",
    en: () => "the plan has no SKU to simulate",
    zh: () => "计划中没有可仿真的 SKU",
  }),
  rateInvalid: message({
    severity: "error",
    en: (p: { got: string }) =>
      `the arrival rate must be a number > 0 requests per second, got ${p.got}`,
    zh: (p) => `到达速率必须是 > 0 的每秒请求数，实际为 ${p.got}`,
  }),
  tooManyRequests: message({
    severity: "error",
    en: (p: { max: number }) =>
      `the simulation would take more than ${fmtNum(p.max, 0)} requests; shorten --duration or give --requests`,
    zh: (p) => `仿真请求数将超过 ${fmtNum(p.max, 0)}；请缩短 --duration 或指定 --requests`,
  }),
  noArrivals: message({
    severity: "error",
    en: () => "no request arrives in the simulated span",
    zh: () => "仿真时段内没有请求到达",
  }),
  noTraffic: message({
    severity: "error",
    en: () =>
      "the plan gives no arrival rate to simulate (no workload peakRps and no trace): give --poisson RPS or --trace FILE",
    zh: () =>
      "计划中没有可仿真的到达速率（工作负载没有 peakRps，也没有 trace）：请指定 --poisson RPS 或 --trace FILE",
  }),
  itlForTpot: message({
    severity: "warning",
    en: () => "the sweep has no mean TPOT at some levels: their mean ITL stands for it",
    zh: () => "压测数据部分负载级别没有平均 TPOT：以其平均 ITL 代替",
  }),
  itlJudgedOnTpot: message({
    severity: "warning",
    en: (p: { slo: string }) =>
      `${p.slo}: the simulation gives each request one inter-token time (its TPOT), so the ITL SLO is judged on TPOT`,
    zh: (p) => `${p.slo}：仿真中每个请求只有一个 token 间隔（其 TPOT），因此 ITL SLO 按 TPOT 判断`,
  }),
  sloNotJudged: message({
    severity: "info",
    en: (p: { slo: string }) =>
      `${p.slo}: the simulation does not produce this statistic; it is left out of sloAttainment and replicasForSlo`,
    zh: (p) => `${p.slo}：仿真不产生该统计量；不计入 sloAttainment 与 replicasForSlo`,
  }),
  lengthMismatch: message({
    severity: "warning",
    en: (p: { which: "input" | "output"; simulated: number; sweep: number }) =>
      `the simulated mean ${p.which} length (${fmtNum(p.simulated, 0)} tokens) differs from the sweep's (${fmtNum(p.sweep, 0)}) by more than 25 %: the measured curve may not hold for these requests`,
    zh: (p) =>
      `仿真的平均${p.which === "input" ? "输入" : "输出"}长度（${fmtNum(p.simulated, 0)} tokens）与压测数据（${fmtNum(p.sweep, 0)}）相差超过 25%：实测曲线对这些请求可能不成立`,
  }),
  severalWorkloads: message({
    severity: "info",
    en: (p: { workload: string; count: number }) =>
      `the plan has ${p.count} workloads; the SKU's curve is that of "${p.workload}" and the arrivals are their sum`,
    zh: (p) => `计划有 ${p.count} 个工作负载；SKU 的曲线取自 "${p.workload}"，到达为它们之和`,
  }),
  noSlots: message({
    severity: "error",
    en: (p: { sku: string }) =>
      `SKU "${p.sku}" has no operating point to take the slots per replica from: give --slots`,
    zh: (p) => `SKU "${p.sku}" 没有可确定每副本槽位数的工作点：请用 --slots 指定`,
  }),
  traceNoRows: message({
    severity: "error",
    en: (p: { file: string }) =>
      `${p.file}: the trace has per-bin sums, not one row per request: the simulation needs the requests`,
    zh: (p) => `${p.file}：该轨迹是按时间分箱的汇总，不是逐请求记录：仿真需要逐个请求`,
  }),
  notPlanned: message({
    severity: "info",
    en: (p: { sku: string }) =>
      `SKU "${p.sku}" has no planned fleet (no feasible operating point, or its replicas could not be computed): nothing to simulate`,
    zh: (p) => `SKU "${p.sku}" 没有规划出的集群（没有可行的工作点，或副本数无法计算）：无可仿真`,
  }),
  fleetTooLarge: message({
    severity: "info",
    en: (p: { sku: string; replicas: number; max: number }) =>
      `SKU "${p.sku}": ${fmtNum(p.replicas, 0)} replicas are more than the ${fmtNum(p.max, 0)} that plan --json and the report simulate; capplan simulate simulates it`,
    zh: (p) =>
      `SKU "${p.sku}"：${fmtNum(p.replicas, 0)} 个副本超过 plan --json 和报告仿真的上限 ${fmtNum(p.max, 0)}；请用 capplan simulate 仿真`,
  }),
  optionInvalid: message({
    severity: "error",
    en: (p: { option: string; expected: OptionKind; got: string }) =>
      `${p.option} must be ${EXPECTED_EN[p.expected]}, got "${p.got}"`,
    zh: (p) => `${p.option} 必须是${EXPECTED_ZH[p.expected]}，实际为 "${p.got}"`,
  }),
  optionNeeds: message({
    severity: "error",
    en: (p: { option: string; needs: string }) => `${p.option} needs ${p.needs}`,
    zh: (p) => `${p.option} 需要同时指定 ${p.needs}`,
  }),
});
