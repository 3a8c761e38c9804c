/**
 * Problems of demand schedules (src/engine/chain/schedule.ts, code `schedule.*`). See docs/schedules.md
 * and docs/problems.md. Chinese terms: 需求曲线 (schedule), 时段 (interval), 预留 (reserved).
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message } from "../base/problems";

export const scheduleMessages = defineMessages("schedule", {
  empty: message({
    severity: "error",
    en: (p: { workload: string }) => `workload "${p.workload}": the schedule has no values`,
    zh: (p) => `工作负载 "${p.workload}"：需求曲线没有任何数值`,
  }),
  intervalInvalid: message({
    severity: "error",
    en: (p: { workload: string; got: string }) =>
      `workload "${p.workload}": schedule intervalSec must be a number > 0, got ${p.got}`,
    zh: (p) => `工作负载 "${p.workload}"：需求曲线的 intervalSec 必须是 > 0 的数，实际为 ${p.got}`,
  }),
  rpsInvalid: message({
    severity: "error",
    en: (p: { workload: string; index: number; got: string }) =>
      `workload "${p.workload}": schedule value ${p.index + 1} must be a request rate ≥ 0, got ${p.got}`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线第 ${p.index + 1} 个值必须是 ≥ 0 的请求速率，实际为 ${p.got}`,
  }),
  minReplicasInvalid: message({
    severity: "error",
    en: (p: { workload: string; got: string }) =>
      `workload "${p.workload}": schedule minReplicas must be a whole number ≥ 0, got ${p.got}`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线的 minReplicas 必须是 ≥ 0 的整数，实际为 ${p.got}`,
  }),
  leadInvalid: message({
    severity: "error",
    en: (p: { workload: string; got: string }) =>
      `workload "${p.workload}": schedule leadIntervals must be a whole number ≥ 0, got ${p.got}`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线的 leadIntervals 必须是 ≥ 0 的整数，实际为 ${p.got}`,
  }),
  lengthMismatch: message({
    severity: "error",
    en: (p: { workload: string; length: number; expected: number; first: string }) =>
      `workload "${p.workload}": the schedule has ${p.length} values but "${p.first}"'s has ${p.expected}; schedules of one plan share their length`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线有 ${p.length} 个值，而 "${p.first}" 的有 ${p.expected} 个；同一计划的需求曲线长度必须相同`,
  }),
  intervalMismatch: message({
    severity: "error",
    en: (p: { workload: string; intervalSec: number; expected: number; first: string }) =>
      `workload "${p.workload}": schedule intervalSec ${fmtNum(p.intervalSec, 3)} differs from "${p.first}"'s ${fmtNum(p.expected, 3)}; schedules of one plan share their interval`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线的 intervalSec ${fmtNum(p.intervalSec, 3)} 与 "${p.first}" 的 ${fmtNum(p.expected, 3)} 不同；同一计划的需求曲线时段长度必须相同`,
  }),
  skuInputInvalid: message({
    severity: "error",
    en: (p: { field: string; got: string }) =>
      `the schedule needs ${p.field} as a number ≥ 0, got ${p.got}`,
    zh: (p) => `需求曲线计算需要 ${p.field} 为 ≥ 0 的数，实际为 ${p.got}`,
  }),
  capacityInvalid: message({
    severity: "error",
    en: (p: { workload: string; got: string }) =>
      `workload "${p.workload}": the schedule needs a positive replica output tokens/s and output length, got ${p.got}`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线计算需要正的单副本输出 tokens/s 与输出长度，实际为 ${p.got}`,
  }),
  reservedNotCheaper: message({
    severity: "info",
    en: (p: { reserved: number; price: number }) =>
      `the reserved price (${fmtNum(p.reserved, 4)} per GPU-hour) is not below the on-demand price (${fmtNum(p.price, 4)}): reserving never pays, so no replica is reserved`,
    zh: (p) =>
      `预留价格（每 GPU 小时 ${fmtNum(p.reserved, 4)}）不低于按需价格（${fmtNum(p.price, 4)}）：预留永远不划算，因此不预留副本`,
  }),
  aboveConstantPeak: message({
    severity: "warning",
    en: (p: { workload: string; max: number; peak: number }) =>
      `workload "${p.workload}": the schedule's highest rate (${fmtNum(p.max, 2)} req/s) is above its peakRps (${fmtNum(p.peak, 2)} req/s); the static fleet of the schedule is larger than the one sized for peakRps`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线的最高速率（${fmtNum(p.max, 2)} req/s）高于其 peakRps（${fmtNum(p.peak, 2)} req/s）；按曲线得到的固定规模大于按 peakRps 估算的规模`,
  }),
});
