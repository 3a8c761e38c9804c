/**
 * Problems of reading and checking a plan file (src/engine/plan/plan-file.ts, code `planFile.*`) and
 * of locating a JSON syntax error (src/engine/plan/json-error.ts, code `json.*`). See
 * docs/plan-file.md and docs/problems.md.
 *
 * Most validation issues are "expected X, got Y": `expected` is one of the phrases plan-file.ts
 * writes (a closed set, each with its Chinese below: {@link EXPECTED_ZH} and the patterns of
 * {@link expectedZh}), `got` a short description of the value (`describeValue`). A phrase without
 * Chinese is written in English in both languages, never half translated; the test of every
 * plan-file path (test/engine/messages-engine.test.ts) checks that none is left.
 */
import { defineMessages, message, type Problem } from "../base/problems";

/** Plural and singular nouns of plan-file messages (`arrayOfObjects`, `duplicates`). */
const WHAT: Record<string, string> = {
  points: "数据点",
  workloads: "负载",
  workload: "负载",
  skus: "SKU ",
  SKU: "SKU ",
  pools: "资源池",
  pool: "资源池",
  "usage rows": "用量行",
  "usage row": "用量行",
  SLOs: "SLO ",
  SLO: "SLO ",
  point: "数据点",
  sku: "SKU ",
  "shared costs": "共享成本",
  "shared cost": "共享成本",
};

/** A noun of {@link WHAT}, else unchanged. */
const what = (s: string): string => WHAT[s] ?? s;

/** The fixed "expected" phrases of plan-file.ts in Chinese. */
export const EXPECTED_ZH: Record<string, string> = {
  "a number or a formula string starting with =": "数字或以 = 开头的公式字符串",
  "a non-empty string": "非空字符串",
  "a sweep object with points, file or replicaOutputTokensPerSec":
    "含 points、file 或 replicaOutputTokensPerSec 的扫描对象",
  "exactly one of points, file, replicaOutputTokensPerSec":
    "points、file、replicaOutputTokensPerSec 三者之一（恰好一个）",
  "an object of statistics in ms": "以 ms 为单位的统计量对象",
  "an array of workloads (or one `workload` object)": "负载数组（或一个 `workload` 对象）",
  "an object mapping workload names to sweeps": "从负载名到扫描的对象",
  "an object with usage rows": "含用量行的对象",
  "the name of a SKU of this plan": "本计划中某个 SKU 的名称",
  "a pool name (the plan has several pools)": "资源池名称（计划中有多个资源池）",
  "a JSON object (a capplan plan)": "JSON 对象（capplan 计划）",
  "an object mapping cell names to numbers or formulas": "从单元格名到数字或公式的对象",
  "a cell name that is an identifier and not a function name": "标识符形式且不是函数名的单元格名",
  "a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)":
    "统计量：mean、min、max、std 或 pNN（如 p99、p99.9）",
  "an object with elasticity and redundancy": "含 elasticity 和 redundancy 的对象",
  "a 3-letter ISO 4217 currency code in capitals, such as USD, EUR or CNY":
    "3 个大写字母的 ISO 4217 币种代码（如 USD、EUR、CNY）",
  "an identifier (letters, digits, _; not starting with a digit)":
    "标识符（字母、数字、_，不以数字开头）",
  "a trace object with file (or an imported traffic summary)":
    "含 file（或已导入的流量摘要）的 trace 对象",
  "a bin length in seconds from 0.001 up to 604800 (a week)":
    "以秒计、0.001 至 604800（一周）之间的分箱长度",
  "a schedule object with intervalSec and rps (or fromTrace)":
    "含 intervalSec 和 rps（或 fromTrace）的需求曲线对象",
  "true or false": "true 或 false",
  "a non-empty array of request rates (or fromTrace: true)":
    "非空的请求速率数组（或 fromTrace: true）",
  "at most 1,000,000 intervals": "最多 1,000,000 个时段",
  "a number": "数字",
  "an array": "数组",
  "an object": "对象",
};

/** The "expected" part of an issue in Chinese; null when it has none. */
export function expectedZh(s: string): string | null {
  const hit = EXPECTED_ZH[s];
  if (hit) return hit;
  if (/^"[^"]*"$/.test(s)) return s; // a literal value such as "capplan.plan/v1"
  let m = /^one of (.+)$/.exec(s);
  if (m) return `以下之一：${m[1]}`;
  m = /^an array of (.+)$/.exec(s);
  if (m) return `${what(m[1]!)}数组`;
  m = /^a (.+) name not used before$/.exec(s);
  if (m) return `未使用过的${what(m[1]!)}名称`;
  m = /^a (.+) object$/.exec(s);
  if (m) return `${what(m[1]!)}对象`;
  m = /^a (workload|pool) name \((.+)\)$/.exec(s);
  if (m) return `${what(m[1]!)}名称（${m[2]}）`;
  m = /^a JSON plan file \((.+)\)$/.exec(s);
  if (m) return `JSON 计划文件（${m[1]}）`;
  return null;
}

/** "应为" + the expected phrase, with a space before Latin text ("应为 SKU 数组"). */
const shouldBe = (x: string): string => (/^[\x21-\x7e]/.test(x) ? `应为 ${x}` : `应为${x}`);

/** "，实际为 …" for the description of a value (`describeValue`); values stay as written. */
function gotZh(s: string): string {
  const zh: Record<string, string> = {
    missing: "缺失",
    none: "无",
    "an object": "对象",
    "an array": "数组",
    "an empty file": "空文件",
    "invalid JSON": "无效 JSON",
  };
  if (zh[s]) return `，实际为${zh[s]}`;
  const m = /^an array of (\d+)$/.exec(s);
  if (m) return `，实际为含 ${m[1]} 项的数组`;
  if (s === "") return "，实际为空";
  return `，实际为 ${s}`;
}

/** Units of the field ranges (src/engine/plan/plan-fields.ts) in Chinese. */
function unitZh(u: string): string {
  const fixed: Record<string, string> = {
    "requests per second": "请求/秒",
    "requests per day": "请求/天",
    "tokens per request": "token/请求",
    ms: "毫秒",
    factor: "系数",
    "spare replicas": "备用副本",
    GPUs: "GPU",
    "tokens per second": "token/秒",
    weight: "权重",
    "tokens per day": "token/天",
  };
  const m = /^([A-Z]{3}) per (day|GPU-hour)$/.exec(u);
  if (m) return `${m[1]}/${m[2] === "day" ? "天" : "GPU·小时"}`;
  return fixed[u] ?? u;
}

/** A found character of a JSON syntax error: null at the end of the input, else the character as JSON. */
type Found = { found: string | null };
const foundEn = (p: Found): string => (p.found === null ? "end of input" : `character ${p.found}`);
const foundZh = (p: Found): string => (p.found === null ? "输入结尾" : `字符 ${p.found}`);

/** V8's `JSON.parse` messages (position suffix stripped) in Chinese. */
const V8_ZH: Record<string, string> = {
  "Expected ',' or '}' after property value": "属性值之后应为 ',' 或 '}'",
  "Expected ',' or ']' after array element": "数组元素之后应为 ',' 或 ']'",
  "Expected double-quoted property name": "应为双引号括起的属性名",
  "Unexpected end of JSON input": "JSON 意外结束",
  "Unterminated string in JSON": "JSON 中的字符串未闭合",
  "Unexpected non-whitespace character after JSON": "JSON 之后还有非空白字符",
};

/** Chinese of a V8 `JSON.parse` message (position suffix stripped); another engine's message is kept as written. */
export function v8JsonZh(reason: string): string {
  const hit = V8_ZH[reason];
  if (hit) return hit;
  const m = /^Unexpected token '(.*)', (.*) is not valid JSON$/.exec(reason);
  return m ? `意外的符号 '${m[1]}'，${m[2]} 不是有效的 JSON` : reason;
}

export const planFileMessages = defineMessages("planFile", {
  expected: message({
    severity: "error",
    en: (p: { expected: string; got: string }) => `expected ${p.expected}, got ${p.got}`,
    zh: (p) => {
      const x = expectedZh(p.expected);
      return x === null ? `expected ${p.expected}, got ${p.got}` : `${shouldBe(x)}${gotZh(p.got)}`;
    },
  }),
  range: message({
    severity: "error",
    en: (p: { exclusive: boolean; min: string; max: string; unit: string; got: string }) =>
      `expected ${p.exclusive ? "more than" : "from"} ${p.min} up to ${p.max} (${p.unit}), got ${p.got}`,
    zh: (p) =>
      `应${p.exclusive ? `大于 ${p.min}` : `在 ${p.min}`} 至 ${p.max} 之间（${unitZh(p.unit)}），实际为 ${p.got}`,
  }),
  duplicate: message({
    severity: "error",
    en: (p: { what: string; name: string; at: string }) =>
      `duplicate ${p.what} name "${p.name}" (also at ${p.at})`,
    zh: (p) => `${what(p.what)}名称 "${p.name}" 重复（另见 ${p.at}）`,
  }),
  notWorkload: message({
    severity: "error",
    en: (p: { name: string; expected: string }) =>
      `"${p.name}" is not a workload of this plan; expected ${p.expected}`,
    zh: (p) => `"${p.name}" 不是本计划的负载；${shouldBe(expectedZh(p.expected) ?? p.expected)}`,
  }),
  tooManyCells: message({
    severity: "error",
    en: (p: { n: number; max: number }) =>
      `the plan has ${p.n} cells; the limit is ${p.max} (docs/security.md)`,
    zh: (p) => `计划有 ${p.n} 个单元格；上限为 ${p.max}（docs/security.md）`,
  }),
  bothWorkloads: message({
    severity: "warning",
    en: () => "both `workloads` and `workload` are given; `workloads` is used",
    zh: () => "同时给出了 `workloads` 和 `workload`；使用 `workloads`",
  }),
  noWorkloads: message({
    severity: "warning",
    en: () => "the plan has no workloads",
    zh: () => "计划中没有负载",
  }),
  noSweepFor: message({
    severity: "warning",
    en: (p: { sku: string; workload: string }) =>
      `${p.sku} has no sweep for workload "${p.workload}"; it cannot be sized`,
    zh: (p) => `${p.sku} 没有负载 "${p.workload}" 的扫描数据，无法计算规模`,
  }),
  fileEmpty: message({
    severity: "error",
    en: () => "the file is empty",
    zh: () => "文件为空",
  }),
  invalidJsonAt: message({
    severity: "error",
    en: (p: { line: number; column: number; cause: Problem<object> }, r) =>
      `invalid JSON at line ${p.line}, column ${p.column}: ${r(p.cause)}`,
    zh: (p, r) => `JSON 无效（第 ${p.line} 行第 ${p.column} 列）：${r(p.cause)}`,
  }),
  invalidJson: message({
    severity: "error",
    en: (p: { detail: string }) => `invalid JSON: ${p.detail}`,
    zh: (p) => `JSON 无效：${v8JsonZh(p.detail)}`,
  }),
});

export const jsonMessages = defineMessages("json", {
  controlCharacter: message({
    severity: "error",
    en: () => "control character or line break inside a string (unterminated string?)",
    zh: () => "字符串内有控制字符或换行（字符串未闭合？）",
  }),
  badUnicodeEscape: message({
    severity: "error",
    en: () => "bad \\u escape in string",
    zh: () => "字符串中的 \\u 转义无效",
  }),
  badEscape: message({
    severity: "error",
    en: (p: { escape: string }) => `bad escape ${p.escape} in string`,
    zh: (p) => `字符串中的转义 ${p.escape} 无效`,
  }),
  unterminated: message({
    severity: "error",
    en: () => "unterminated string",
    zh: () => "字符串未闭合",
  }),
  badNumber: message({
    severity: "error",
    en: (p: Found) => `bad number (${foundEn(p)})`,
    zh: (p) => `数字格式错误（${foundZh(p)}）`,
  }),
  expectedValue: message({
    severity: "error",
    en: (p: Found) => `expected a value, found ${foundEn(p)}`,
    zh: (p) => `此处应为一个值，实际为${foundZh(p)}`,
  }),
  expectedName: message({
    severity: "error",
    en: (p: Found) => `expected a property name in double quotes, found ${foundEn(p)}`,
    zh: (p) => `此处应为双引号括起的属性名，实际为${foundZh(p)}`,
  }),
  expectedColon: message({
    severity: "error",
    en: (p: Found) => `expected ':' after property name, found ${foundEn(p)}`,
    zh: (p) => `属性名之后应为 ':'，实际为${foundZh(p)}`,
  }),
  trailingComma: message({
    severity: "error",
    en: (p: { bracket: string }) => `trailing comma before '${p.bracket}'`,
    zh: (p) => `'${p.bracket}' 之前有多余的逗号`,
  }),
  expectedAfterValue: message({
    severity: "error",
    en: (p: Found) => `expected ',' or '}' after property value, found ${foundEn(p)}`,
    zh: (p) => `属性值之后应为 ',' 或 '}'，实际为${foundZh(p)}`,
  }),
  expectedAfterElement: message({
    severity: "error",
    en: (p: Found) => `expected ',' or ']' after array element, found ${foundEn(p)}`,
    zh: (p) => `数组元素之后应为 ',' 或 ']'，实际为${foundZh(p)}`,
  }),
  trailing: message({
    severity: "error",
    en: (p: Found) => `unexpected ${foundEn(p)} after the JSON value`,
    zh: (p) => `JSON 值之后还有多余的${foundZh(p)}`,
  }),
  tooDeep: message({
    severity: "error",
    en: () => "JSON nested too deeply",
    zh: () => "JSON 嵌套过深",
  }),
});
