/**
 * Problems of workloads that take their numbers from a request trace and of schedules built
 * from one (src/engine/demand/workload-trace.ts, src/engine/plan/plan.ts; code `trace.*`). See
 * docs/traffic.md and docs/problems.md. Chinese terms: 请求轨迹 (trace), 时段 (interval).
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message } from "../base/problems";

export const traceMessages = defineMessages("trace", {
  notRead: message({
    severity: "error",
    en: (p: { workload: string; file: string }) =>
      `workload "${p.workload}": the trace ${p.file} has not been read, so the workload has no rates or lengths (capplan plan reads it; the app stores the imported numbers in the plan)`,
    zh: (p) =>
      `工作负载 "${p.workload}"：请求轨迹 ${p.file} 尚未读取，因此该负载没有速率与长度（capplan plan 会读取它；应用会把导入的数值存入计划）`,
  }),
  noNumber: message({
    severity: "error",
    en: (p: { workload: string; field: string }) =>
      `workload "${p.workload}": the trace gives no ${p.field} (an empty or aggregated trace); write it in the workload`,
    zh: (p) =>
      `工作负载 "${p.workload}"：请求轨迹无法给出 ${p.field}（轨迹为空或为聚合数据）；请在负载中直接填写`,
  }),
  fromTraceWithoutTrace: message({
    severity: "error",
    en: (p: { workload: string }) =>
      `workload "${p.workload}": the schedule is fromTrace but the workload has no imported trace`,
    zh: (p) => `工作负载 "${p.workload}"：需求曲线设为 fromTrace，但该负载没有已导入的请求轨迹`,
  }),
  intervalNotMultiple: message({
    severity: "error",
    en: (p: { workload: string; intervalSec: number; binSec: number }) =>
      `workload "${p.workload}": the schedule's intervalSec ${fmtNum(p.intervalSec, 3)} is not a whole multiple of the trace's ${fmtNum(p.binSec, 3)}-s bins`,
    zh: (p) =>
      `工作负载 "${p.workload}"：需求曲线的 intervalSec ${fmtNum(p.intervalSec, 3)} 不是请求轨迹分箱（${fmtNum(p.binSec, 3)} 秒）的整数倍`,
  }),
  recommendByNoSchedule: message({
    severity: "warning",
    en: (p: { by: string }) =>
      `recommendBy is "${p.by}" but the plan has no schedule; the recommendation compares the cost at peak`,
    zh: (p) => `recommendBy 为 "${p.by}"，但计划没有需求曲线；推荐按峰值成本比较`,
  }),
});
