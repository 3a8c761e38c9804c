/**
 * Problems of the mixed-fleet optimiser (src/engine/plan/optimize.ts, code `optimize.*`,
 * docs/optimize.md): why a workload has no place in any fleet, and what the solver said.
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message, type Problem } from "../base/problems";

export const optimizeMessages = defineMessages("optimize", {
  skuCannot: message({
    severity: "info",
    en: (p: { sku: string; reason: Problem | null }, nested) =>
      `${p.sku}: ${p.reason ? nested(p.reason) : "not feasible"}`,
    zh: (p, nested) => `${p.sku}：${p.reason ? nested(p.reason) : "不可行"}`,
  }),
  noSku: message({
    severity: "error",
    en: (p: { workload: string; skuCount: number }) =>
      p.skuCount
        ? `no SKU can serve ${p.workload}`
        : `no SKU can serve ${p.workload}: the plan has no SKU`,
    zh: (p) =>
      p.skuCount
        ? `没有 SKU 能承载 ${p.workload}`
        : `没有 SKU 能承载 ${p.workload}：方案中没有 SKU`,
  }),
  workloadNumbers: message({
    severity: "error",
    en: (p: { workload: string }) =>
      `${p.workload} has no peak rate or lengths (an input error), so it cannot be placed`,
    zh: (p) => `${p.workload} 缺少峰值速率或长度（输入错误），无法分配`,
  }),
  capsAlone: message({
    severity: "error",
    en: (p: { workload: string; candidates: string[] }) =>
      `${p.workload} alone needs more replicas than any cap allows (${p.candidates.join("; ")})`,
    zh: (p) => `${p.workload} 单独所需的副本数已超过每个上限（${p.candidates.join("；")}）`,
  }),
  capsTogether: message({
    severity: "error",
    en: (p: { workload: string }) =>
      `${p.workload} fits within a cap on its own, but not together with the other workloads (skus[].maxReplicas)`,
    zh: (p) => `${p.workload} 单独可在上限内，但与其他负载合计超过上限（skus[].maxReplicas）`,
  }),
  factorsInvalid: message({
    severity: "error",
    en: () => "factors.elasticity or factors.redundancy has no valid value, so no fleet is sized",
    zh: () => "factors.elasticity 或 factors.redundancy 无有效值，无法计算机群规模",
  }),
  solverStatus: message({
    severity: "warning",
    en: (p: { status: string }) => `the solver ended with status "${p.status}"`,
    zh: (p) => `求解器结束状态为 "${p.status}"`,
  }),
  recomputedOverCap: message({
    severity: "warning",
    en: (p: { sku: string; replicas: number; cap: number }) =>
      `${p.sku}: the assignment needs ${fmtNum(p.replicas, 0)} replicas once rounded up, above its cap of ${fmtNum(p.cap, 0)} (a solver tolerance); the answer is not proven optimal`,
    zh: (p) =>
      `${p.sku}：按分配向上取整需要 ${fmtNum(p.replicas, 0)} 个副本，超过上限 ${fmtNum(p.cap, 0)}（求解器容差所致）；结果未被证明最优`,
  }),
  uncheckedUsed: message({
    severity: "warning",
    en: (p: { sku: string }) =>
      `${p.sku} is in the mix, but its capacity was never checked against the SLOs (a given capacity)`,
    zh: (p) => `组合中使用了 ${p.sku}，但其容量从未按 SLO 检查（给定容量）`,
  }),
});
