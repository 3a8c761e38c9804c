/**
 * Problems of capacity and cost (src/engine/chain/capacity.ts, code `capacity.*`). See
 * docs/problems.md. Chinese terms follow the seed article: 副本 (replica), 弹性系数
 * (elasticity), 冗余系数 (redundancy), 峰值 (peak).
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message } from "../base/problems";

export const capacityMessages = defineMessages("capacity", {
  gpusInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `GPUs per replica must be a positive number, got ${p.got}`,
    zh: (p) => `每副本 GPU 数必须是正数，实际为 ${p.got}`,
  }),
  priceInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `price per GPU-hour must be a number ≥ 0, got ${p.got}`,
    zh: (p) => `GPU 小时单价必须是 ≥ 0 的数，实际为 ${p.got}`,
  }),
  elasticityInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `elasticity must be a positive number, got ${p.got}`,
    zh: (p) => `弹性系数必须是正数，实际为 ${p.got}`,
  }),
  factorBelowOne: message({
    severity: "warning",
    en: (p: { factor: "elasticity" | "redundancy"; value: number }) =>
      `${p.factor} ${fmtNum(p.value, 3)} is below 1: the plan has less than the measured need`,
    zh: (p) =>
      `${p.factor === "elasticity" ? "弹性系数" : "冗余系数"} ${fmtNum(p.value, 3)} 小于 1：规划容量低于实测需求`,
  }),
  spareInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `spare replicas must be a number ≥ 0, got ${p.got}`,
    zh: (p) => `备用副本数必须是 ≥ 0 的数，实际为 ${p.got}`,
  }),
  spareFractional: message({
    severity: "warning",
    en: (p: { value: number; using: number }) =>
      `spare replicas ${fmtNum(p.value, 3)} is not a whole number: using ${p.using}`,
    zh: (p) => `备用副本数 ${fmtNum(p.value, 3)} 不是整数：按 ${p.using} 计`,
  }),
  redundancyInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `redundancy must be a positive number, got ${p.got}`,
    zh: (p) => `冗余系数必须是正数，实际为 ${p.got}`,
  }),
  noWorkloads: message({
    severity: "error",
    en: () => "no workloads to plan for",
    zh: () => "没有要规划的负载",
  }),
  capacityInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `replica output tokens/s must be positive, got ${p.got}`,
    zh: (p) => `单副本输出 tokens/s 必须是正数，实际为 ${p.got}`,
  }),
  peakInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `peak RPS must be a number ≥ 0, got ${p.got}`,
    zh: (p) => `峰值 RPS 必须是 ≥ 0 的数，实际为 ${p.got}`,
  }),
  outputInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `output tokens must be positive, got ${p.got}`,
    zh: (p) => `输出 token 数必须是正数，实际为 ${p.got}`,
  }),
  inputInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `input tokens must be a number ≥ 0, got ${p.got}`,
    zh: (p) => `输入 token 数必须是 ≥ 0 的数，实际为 ${p.got}`,
  }),
  notFinite: message({
    severity: "error",
    en: (p: { quantity: string }) =>
      `${p.quantity} is too large to be a number (the inputs overflow): no replicas or costs`,
    zh: (p) => `${p.quantity} 过大，无法表示为数值（输入溢出）：没有副本数或成本`,
  }),
  forecastNotFinite: message({
    severity: "warning",
    en: () =>
      "the forecast output tokens/s is too large to be a number: no cost or utilization at forecast",
    zh: () => "预测输出 tokens/s 过大，无法表示为数值：没有按预测计算的成本或利用率",
  }),
  zeroPeak: message({
    severity: "info",
    en: () => "peak RPS is 0: the load itself needs no replicas",
    zh: () => "峰值 RPS 为 0：负载本身不需要副本",
  }),
  forecastFromPeak: message({
    severity: "warning",
    en: (p: { peakRps: number }) =>
      `no average rate or daily volume; the forecast uses its peak (${fmtNum(p.peakRps, 2)} req/s)`,
    zh: (p) => `没有平均速率或日请求量；预测按峰值（${fmtNum(p.peakRps, 2)} req/s）计算`,
  }),
  forecastAbovePeak: message({
    severity: "warning",
    en: (p: { rate: number; peakRps: number }) =>
      `the forecast rate ${fmtNum(p.rate, 2)} req/s is above the peak ${fmtNum(p.peakRps, 2)} req/s`,
    zh: (p) => `预测速率 ${fmtNum(p.rate, 2)} req/s 高于峰值 ${fmtNum(p.peakRps, 2)} req/s`,
  }),
  lengthMismatch: message({
    severity: "warning",
    en: (p: { which: "input" | "output"; sweep: number; workload: number; pct: number }) =>
      `the sweep's mean ${p.which} length (${fmtNum(p.sweep, 0)} tokens) differs from the workload's (${fmtNum(p.workload, 0)} tokens) by ${fmtNum(p.pct, 0)} %; ` +
      "capacity measured at other lengths may not hold (docs/capacity.md)",
    zh: (p) =>
      `扫描的平均${p.which === "input" ? "输入" : "输出"}长度（${fmtNum(p.sweep, 0)} tokens）与负载设定（${fmtNum(p.workload, 0)} tokens）相差 ${fmtNum(p.pct, 0)} %；在其他长度下测得的容量未必成立（docs/capacity.md）`,
  }),
});
