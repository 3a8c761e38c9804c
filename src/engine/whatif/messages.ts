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
  ofInvalid: message({
    severity: "error",
    en: (p: { got: string; allowed: readonly string[] }) =>
      `--of must be one of ${p.allowed.join(", ")}, got "${p.got}"`,
    zh: (p) => `--of 必须是 ${p.allowed.join("、")} 之一，实际为 "${p.got}"`,
  }),
  stepInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `--step must be a percentage above 0 and below 100, got "${p.got}"`,
    zh: (p) => `--step 必须是大于 0、小于 100 的百分比，实际为 "${p.got}"`,
  }),
  skuUnknown: message({
    severity: "error",
    en: (p: { sku: string; skus: readonly string[] }) =>
      `no SKU is named "${p.sku}" (the plan has ${p.skus.join(", ")})`,
    zh: (p) => `没有名为 "${p.sku}" 的 SKU（规划中有 ${p.skus.join("、")}）`,
  }),
  needsOptions: message({
    severity: "error",
    en: (p: { options: readonly string[] }) => `solve needs ${p.options.join(", ")}`,
    zh: (p) => `solve 需要 ${p.options.join("、")}`,
  }),
});
