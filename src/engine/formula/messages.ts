/**
 * Problems of formulas (src/engine/formula/*.ts, code `formula.*`): refused constructs, parse and
 * size limits, non-numeric results, unknown names, cycles and errors inherited from a cell a
 * formula reads. See docs/formulas.md and docs/problems.md. Names, operators and the allowed
 * function list are written as in the formula, in both languages.
 */
import { defineMessages, message, type Problem } from "../base/problems";

/** "(split it over several cells)" and its Chinese. */
const SPLIT = { en: "(split it over several cells)", zh: "（请拆分到多个单元格）" };

export const formulaMessages = defineMessages("formula", {
  functionNotAllowed: message({
    severity: "error",
    en: (p: { name: string; allowed: string }) =>
      `\`${p.name}\` is not allowed in formulas; allowed functions: ${p.allowed}`,
    zh: (p) => `公式中不允许使用 \`${p.name}\`；可用的函数：${p.allowed}`,
  }),
  textNotNumber: message({
    severity: "error",
    en: (p: { text: string }) => `text ("${p.text}") is not a number`,
    zh: (p) => `文本（"${p.text}"）不是数字`,
  }),
  constantNotNumber: message({
    severity: "error",
    en: (p: { value: string }) => `\`${p.value}\` is not a number`,
    zh: (p) => `\`${p.value}\` 不是数字`,
  }),
  isFunction: message({
    severity: "error",
    en: (p: { name: string }) => `\`${p.name}\` is a function: call it as ${p.name}(…)`,
    zh: (p) => `\`${p.name}\` 是函数：请写成 ${p.name}(…)`,
  }),
  operatorNotAllowed: message({
    severity: "error",
    en: (p: { op: string; fn: string }) =>
      `operator \`${p.op}\` (${p.fn}) is not allowed in formulas; use + - * / ^ mod, comparisons and ? :`,
    zh: (p) =>
      `公式中不允许使用运算符 \`${p.op}\`（${p.fn}）；请使用 + - * / ^ mod、比较运算和 ? :`,
  }),
  comparisonNotAllowed: message({
    severity: "error",
    en: (p: { op: string }) => `comparison \`${p.op}\` is not allowed`,
    zh: (p) => `不允许使用比较运算 \`${p.op}\``,
  }),
  callNotAllowed: message({
    severity: "error",
    en: (p: { call: string; allowed: string }) =>
      `calling \`${p.call}\` is not allowed in formulas; allowed functions: ${p.allowed}`,
    zh: (p) => `公式中不允许调用 \`${p.call}\`；可用的函数：${p.allowed}`,
  }),
  accessNotAllowed: message({
    severity: "error",
    en: (p: { text: string }) =>
      `property or index access (\`${p.text}\`) is not allowed in formulas`,
    zh: (p) => `公式中不允许访问属性或下标（\`${p.text}\`）`,
  }),
  assignmentNotAllowed: message({
    severity: "error",
    en: (p: { text: string }) =>
      `assignment (\`${p.text}\`) is not allowed in formulas; edit the cell instead`,
    zh: (p) => `公式中不允许赋值（\`${p.text}\`）；请直接编辑该单元格`,
  }),
  definitionNotAllowed: message({
    severity: "error",
    en: (p: { text: string }) => `defining a function (\`${p.text}\`) is not allowed in formulas`,
    zh: (p) => `公式中不允许定义函数（\`${p.text}\`）`,
  }),
  matrixNotAllowed: message({
    severity: "error",
    en: (p: { text: string }) => `matrices and ranges (\`${p.text}\`) are not allowed in formulas`,
    zh: (p) => `公式中不允许使用矩阵和区间（\`${p.text}\`）`,
  }),
  objectNotAllowed: message({
    severity: "error",
    en: (p: { text: string }) => `objects (\`${p.text}\`) are not allowed in formulas`,
    zh: (p) => `公式中不允许使用对象（\`${p.text}\`）`,
  }),
  oneExpression: message({
    severity: "error",
    en: () => "a formula is one expression: `;` and line breaks are not allowed",
    zh: () => "公式只能是一个表达式：不允许使用 `;` 和换行",
  }),
  nodeNotAllowed: message({
    severity: "error",
    en: (p: { type: string }) => `${p.type} is not allowed in formulas`,
    zh: (p) => `公式中不允许使用 ${p.type}`,
  }),
  notChecked: message({
    severity: "error",
    en: (p: { why: string }) => `formula could not be checked: ${p.why}`,
    zh: (p) => `无法检查公式：${p.why}`,
  }),
  tooDeep: message({
    severity: "error",
    en: (p: { levels: number; more: boolean; limit: number; what: "operators" | "brackets" }) =>
      `formula nests ${p.more ? "more than " : ""}${p.levels} levels of ${p.what}; the limit is ${p.limit} ${SPLIT.en}`,
    zh: (p) =>
      `公式嵌套了 ${p.more ? "超过 " : ""}${p.levels} 层${p.what === "brackets" ? "括号" : "运算"}；上限为 ${p.limit}${SPLIT.zh}`,
  }),
  tooComplex: message({
    severity: "error",
    en: () => `formula is too complex to evaluate ${SPLIT.en}`,
    zh: () => `公式过于复杂，无法计算${SPLIT.zh}`,
  }),
  resultNaN: message({
    severity: "error",
    en: () => "result is NaN (e.g. 0/0 or sqrt of a negative number), not a finite number",
    zh: () => "结果是 NaN（例如 0/0 或负数开平方），不是有限数",
  }),
  resultInfinite: message({
    severity: "error",
    en: (p: { value: string }) => `result is ${p.value} (division by zero?), not a finite number`,
    zh: (p) => `结果是 ${p.value}（除以零？），不是有限数`,
  }),
  resultBoolean: message({
    severity: "error",
    en: (p: { value: boolean }) => `result is ${p.value}, not a number (use c ? a : b)`,
    zh: (p) => `结果是 ${p.value}，不是数字（请用 c ? a : b）`,
  }),
  resultType: message({
    severity: "error",
    en: (p: { type: string }) => `result is not a number (${p.type})`,
    zh: (p) => `结果不是数字（${p.type}）`,
  }),
  empty: message({
    severity: "error",
    en: () => "empty formula after =",
    zh: () => "= 之后的公式为空",
  }),
  tooLong: message({
    severity: "error",
    en: (p: { length: number; limit: number }) =>
      `formula is ${p.length} characters long; the limit is ${p.limit} ${SPLIT.en}`,
    zh: (p) => `公式长 ${p.length} 个字符；上限为 ${p.limit}${SPLIT.zh}`,
  }),
  syntax: message({
    severity: "error",
    en: (p: { detail: string }) => `syntax error: ${p.detail}`,
    zh: (p) => `语法错误：${p.detail}`,
  }),
  engineNotLoaded: message({
    severity: "error",
    en: () => "the formula engine is not loaded yet",
    zh: () => "公式引擎尚未加载",
  }),
  compile: message({
    severity: "error",
    en: (p: { detail: string }) => `cannot compile: ${p.detail}`,
    zh: (p) => `无法编译：${p.detail}`,
  }),
  disabled: message({
    severity: "error",
    en: (p: { name: string }) => `${p.name} is disabled in formulas`,
    zh: (p) => `公式中禁用了 ${p.name}`,
  }),
  /** An error thrown while evaluating (mathjs's own English words, e.g. a wrong argument count). */
  evaluation: message({
    severity: "error",
    en: (p: { detail: string }) => `${p.detail}`,
    zh: (p) => `计算出错：${p.detail}`,
  }),
  unknownName: message({
    severity: "error",
    en: (p: { name: string }) => `unknown name \`${p.name}\``,
    zh: (p) => `未知名称 \`${p.name}\``,
  }),
  unknownNames: message({
    severity: "error",
    en: (p: { names: readonly string[]; at: string; paths: readonly string[] }) =>
      `unknown name${p.names.length > 1 ? "s" : ""} ${p.names.map((n) => `\`${n}\``).join(", ")} in ${p.at} (no cell ${p.paths.join(", ")})`,
    zh: (p) =>
      `${p.at} 中有未知名称 ${p.names.map((n) => `\`${n}\``).join(", ")}（没有单元格 ${p.paths.join(", ")}）`,
  }),
  notFinite: message({
    severity: "error",
    en: (p: { value: string }) => `${p.value} is not a finite number`,
    zh: (p) => `${p.value} 不是有限数`,
  }),
  textValue: message({
    severity: "error",
    en: (p: { text: string }) => `${p.text} is not a number (formulas start with =)`,
    zh: (p) => `${p.text} 不是数字（公式以 = 开头）`,
  }),
  // Typed entries and cell names (src/ui/state/plan-edit.ts, src/engine/formula/math.ts `cellNameProblem`).
  valueRequired: message({
    severity: "error",
    en: () => "a value is required here",
    zh: () => "此处需要填写值",
  }),
  invalidCellName: message({
    severity: "error",
    en: (p: { name: string }) =>
      `"${p.name}" is not a valid cell name (letters, digits and _, not starting with a digit)`,
    zh: (p) => `"${p.name}" 不是有效的单元格名（由字母、数字和 _ 组成，不以数字开头）`,
  }),
  reservedCellName: message({
    severity: "error",
    en: (p: { name: string }) =>
      `"${p.name}" is reserved (a formula function or keyword) and cannot name a cell`,
    zh: (p) => `"${p.name}" 是保留字（公式函数或关键字），不能用作单元格名`,
  }),
  cellExists: message({
    severity: "error",
    en: (p: { name: string }) => `a cell named "${p.name}" exists`,
    zh: (p) => `已有名为 "${p.name}" 的单元格`,
  }),
  notNumberOrFormula: message({
    severity: "error",
    en: (p: { got: string }) =>
      `expected a number or a formula string starting with =, got ${p.got}`,
    zh: (p) =>
      `应为数字或以 = 开头的公式字符串，实际为${p.got === "an array" ? "数组" : ` ${p.got}`}`,
  }),
  cycle: message({
    severity: "error",
    en: (p: { members: readonly string[]; more: number; close: string; loop: number | null }) =>
      `circular reference: ${[...p.members, ...(p.more ? [`… ${p.more} more`] : []), p.close].join(" → ")}${p.loop !== null ? ` (part of a loop of ${p.loop} entries)` : ""}`,
    zh: (p) =>
      `循环引用：${[...p.members, ...(p.more ? [`… 另 ${p.more} 项`] : []), p.close].join(" → ")}${p.loop !== null ? `（属于一个含 ${p.loop} 项的循环）` : ""}`,
  }),
  cycleMember: message({
    severity: "error",
    en: (p: { size: number; at: string }) =>
      `circular reference: part of the loop of ${p.size} entries reported at ${p.at}`,
    zh: (p) => `循环引用：属于在 ${p.at} 处报告的含 ${p.size} 项的循环`,
  }),
  dependsOn: message({
    severity: "error",
    en: (p: { root: string; via: string | null; cause: Problem<object> }, r) =>
      `depends on ${p.root}${p.via !== null ? ` (via ${p.via})` : ""}, which has an error: ${r(p.cause)}`,
    zh: (p, r) =>
      `依赖的 ${p.root}${p.via !== null ? `（经由 ${p.via}）` : ""} 有错误：${r(p.cause)}`,
  }),
  noOperatingPointYet: message({
    severity: "error",
    en: (p: { index: number }) => `SKU ${p.index} has no operating point yet`,
    zh: (p) => `SKU ${p.index} 还没有运行点`,
  }),
  noOperatingPoint: message({
    severity: "error",
    en: (p: { sku: string; reason: Problem<object> | null }, r) =>
      `${p.sku} has no operating point${p.reason ? ` (${r(p.reason)})` : ""}`,
    zh: (p, r) => `${p.sku} 没有运行点${p.reason ? `（${r(p.reason)}）` : ""}`,
  }),
});
