/**
 * The rule type and shared helpers of the Chinese message table (`messages-zh.ts`): load labels
 * (`loadLabel` of src/engine/load.ts), plan-file "expected …/got …" phrases, and JSON syntax
 * details. Terms follow the seed article (副本、并发、吞吐、负载档位、运行点) and the app's labels.
 */

/** Translate a nested message (a capture); null when it is not a known message. */
export type Sub = (s: string) => string | null;

/** One message template: a full-match regex and its Chinese rendering (null: does not apply). */
export interface Rule {
  re: RegExp;
  zh: (g: string[], sub: Sub) => string | null;
}

/** Build a rule; `zh` gets the match groups (g[1] … g[n], "" for a group that did not take part). */
export function rule(re: RegExp, zh: (g: string[], sub: Sub) => string | null): Rule {
  return { re, zh };
}

/** A load label of `loadLabel`/`loadRangeLabel` (src/engine/load.ts) in Chinese; unknown text unchanged. */
export function load(s: string): string {
  if (s === "an unknown load") return "未知负载";
  let m = /^concurrency (\S+)$/.exec(s);
  if (m) return `并发 ${m[1]}`;
  m = /^request rate (\S+) req\/s$/.exec(s);
  if (m) return `请求速率 ${m[1]} req/s`;
  m = /^(\S+) req\/s achieved$/.exec(s);
  if (m) return `实测 ${m[1]} req/s`;
  m = /^request rate (\S+)$/.exec(s);
  if (m) return `请求速率 ${m[1]}`;
  return s;
}


/** Plural nouns of plan-file messages (`arrayOfObjects`, `duplicates` in src/engine/plan-file.ts). */
const WHAT: Record<string, string> = {
  points: "数据点", workloads: "负载", workload: "负载", skus: "SKU ", SKU: "SKU ", pools: "资源池", pool: "资源池",
  "usage rows": "用量行", "usage row": "用量行", SLOs: "SLO ", SLO: "SLO ", point: "数据点", sku: "SKU ",
};

/** A noun of {@link WHAT}, else unchanged. */
export function what(s: string): string {
  return WHAT[s] ?? s;
}

const EXPECTED: Record<string, string> = {
  "a number or a formula string starting with =": "数字或以 = 开头的公式字符串",
  "a non-empty string": "非空字符串",
  "a sweep object with points, file or replicaOutputTokensPerSec": "含 points、file 或 replicaOutputTokensPerSec 的扫描对象",
  "exactly one of points, file, replicaOutputTokensPerSec": "points、file、replicaOutputTokensPerSec 三者之一（恰好一个）",
  "an object of statistics in ms": "以 ms 为单位的统计量对象",
  "an array of workloads (or one `workload` object)": "负载数组（或一个 `workload` 对象）",
  "an object mapping workload names to sweeps": "从负载名到扫描的对象",
  "an object with usage rows": "含用量行的对象",
  "the name of a SKU of this plan": "本计划中某个 SKU 的名称",
  "a pool name (the plan has several pools)": "资源池名称（计划中有多个资源池）",
  "a JSON object (a capplan plan)": "JSON 对象（capplan 计划）",
  "an object mapping cell names to numbers or formulas": "从单元格名到数字或公式的对象",
  "a cell name that is an identifier and not a function name": "标识符形式且不是函数名的单元格名",
  "a statistic: mean, min, max, std or pNN (e.g. p99, p99.9)": "统计量：mean、min、max、std 或 pNN（如 p99、p99.9）",
  "an object with elasticity and redundancy": "含 elasticity 和 redundancy 的对象",
  "a number": "数字",
  "an array": "数组",
  "an object": "对象",
};

/** The "expected" part of a plan-file issue (`Checker.issue`) in Chinese; null when unknown. */
export function expected(s: string): string | null {
  const hit = EXPECTED[s];
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
export function shouldBe(x: string): string {
  return /^[\x21-\x7e]/.test(x) ? `应为 ${x}` : `应为${x}`;
}

/** "，实际为 …" for the "got" part of an issue (`describeValue`); values stay as written. */
export function got(s: string): string {
  const zh: Record<string, string> = { missing: "缺失", none: "无", "an object": "对象", "an array": "数组", "an empty file": "空文件", "invalid JSON": "无效 JSON" };
  if (zh[s]) return `，实际为${zh[s]}`;
  const m = /^an array of (\d+)$/.exec(s);
  if (m) return `，实际为含 ${m[1]} 项的数组`;
  if (s === "") return "，实际为空";
  return `，实际为 ${s}`;
}

/** A `describeChar` of src/engine/json-error.ts: "end of input", `character "x"`. */
function found(s: string): string {
  if (s === "end of input") return "输入结尾";
  const m = /^character (.+)$/.exec(s);
  return m ? `字符 ${m[1]}` : s;
}

/** JSON syntax details (src/engine/json-error.ts and V8's JSON.parse messages). */
export const JSON_RULES: Rule[] = [
  rule(/^control character or line break inside a string \(unterminated string\?\)$/, () => "字符串内有控制字符或换行（字符串未闭合？）"),
  rule(/^bad \\u escape in string$/, () => "字符串中的 \\u 转义无效"),
  rule(/^bad escape (.*) in string$/, ([, a]) => `字符串中的转义 ${a} 无效`),
  rule(/^unterminated string$/, () => "字符串未闭合"),
  rule(/^bad number \((.+)\)$/, ([, a]) => `数字格式错误（${found(a!)}）`),
  rule(/^expected a value, found (.+)$/, ([, a]) => `此处应为一个值，实际为${found(a!)}`),
  rule(/^expected a property name in double quotes, found (.+)$/, ([, a]) => `此处应为双引号括起的属性名，实际为${found(a!)}`),
  rule(/^expected ':' after property name, found (.+)$/, ([, a]) => `属性名之后应为 ':'，实际为${found(a!)}`),
  rule(/^trailing comma before '([}\]])'$/, ([, a]) => `'${a}' 之前有多余的逗号`),
  rule(/^expected ',' or '}' after property value, found (.+)$/, ([, a]) => `属性值之后应为 ',' 或 '}'，实际为${found(a!)}`),
  rule(/^expected ',' or '\]' after array element, found (.+)$/, ([, a]) => `数组元素之后应为 ',' 或 ']'，实际为${found(a!)}`),
  rule(/^unexpected (.+) after the JSON value$/, ([, a]) => `JSON 值之后还有多余的${found(a!)}`),
  rule(/^JSON nested too deeply$/, () => "JSON 嵌套过深"),
  // V8 (JSON.parse), as src/import/input.ts keeps them (position suffix stripped).
  rule(/^Expected ',' or '}' after property value$/, () => "属性值之后应为 ',' 或 '}'"),
  rule(/^Expected ',' or '\]' after array element$/, () => "数组元素之后应为 ',' 或 ']'"),
  rule(/^Expected double-quoted property name$/, () => "应为双引号括起的属性名"),
  rule(/^Unexpected end of JSON input$/, () => "JSON 意外结束"),
  rule(/^Unterminated string in JSON$/, () => "JSON 中的字符串未闭合"),
  rule(/^Unexpected token '(.*)', (.*) is not valid JSON$/, ([, a, b]) => `意外的符号 '${a}'，${b} 不是有效的 JSON`),
  rule(/^Unexpected non-whitespace character after JSON$/, () => "JSON 之后还有非空白字符"),
];
