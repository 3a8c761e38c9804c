/**
 * Problems of the what-if tools (src/engine/whatif/, code `whatif.*`): why goal seek found no
 * value, and bad paths. See docs/uncertainty.md and docs/problems.md.
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message } from "../base/problems";

const n = (v: number | null) => (v === null ? "—" : fmtNum(v, 6));

export const whatifMessages = defineMessages("whatif", {
  notInput: message({
    severity: "error",
    en: (p: { path: string }) =>
      `${p.path} is not an input of the plan (a cell, a workload or SKU field, a factor, or skus[i].replicaOutputTokensPerSec)`,
    zh: (p) =>
      `${p.path} 不是规划的输入（应为单元格、工作负载或 SKU 字段、系数，或 skus[i].replicaOutputTokensPerSec）`,
  }),
  noResult: message({
    severity: "error",
    en: (p: { path: string }) => `${p.path} is no number of the plan's result`,
    zh: (p) => `${p.path} 不是规划结果中的数值`,
  }),
  noBracket: message({
    severity: "info",
    en: (p: {
      vary: string;
      from: number;
      to: number;
      target: string;
      min: number | null;
      max: number | null;
      value: number;
    }) =>
      `no value of ${p.vary} between ${n(p.from)} and ${n(p.to)} makes ${p.target} reach ${n(p.value)}: it stays between ${n(p.min)} and ${n(p.max)}`,
    zh: (p) =>
      `${p.vary} 在 ${n(p.from)} 到 ${n(p.to)} 之间取任何值，${p.target} 都达不到 ${n(p.value)}：它始终在 ${n(p.min)} 与 ${n(p.max)} 之间`,
  }),
  noNumber: message({
    severity: "info",
    en: (p: { vary: string; target: string }) =>
      `${p.target} has no number when ${p.vary} changes (the SKU cannot be planned)`,
    zh: (p) => `${p.vary} 变化时 ${p.target} 没有数值（该 SKU 无法规划）`,
  }),
});
