/**
 * Chinese for the messages the engine and the importers produce (warnings, errors, infeasible
 * reasons, plan-file and formula errors): a table of full-match regex templates with capture
 * groups → Chinese templates (issue #5, "every label, message, report and chart"). Numbers,
 * names, paths, file names and metric/stat names (P99 TTFT, ITL, TPOT) are kept exactly as
 * written; a message no template knows comes back unchanged, never half translated. Terms follow
 * the seed article (副本、并发、吞吐、负载档位、运行点、SLO).
 *
 * Composite messages are translated piece by piece: a known template after a prefix
 * (`H100: …`, `skus[0] (chat): …`, `file.csv:3: …`) keeps the prefix, and messages joined with
 * "; " are translated when every part is known.
 */
import type { Lang } from "./i18n";
import { IMPORT_RULES } from "./messages-zh-import";
import { JSON_RULES, LOAD_KIND, expected, got, load, rule, shouldBe, what, type Rule, type Sub } from "./messages-zh-rules";

const S = "(\\S+ \\S+)"; // an SLO label: "P99 TTFT"

/** Operating point under SLOs (src/engine/slo.ts). */
const SLO_RULES: Rule[] = [
  rule(/^the sweep has no points: the operating point is unknown$/, () => "扫描没有数据点：运行点未知"),
  rule(/^the sweep's points were not in load order; they were sorted by (\S+)$/, ([, k]) => `扫描的数据点未按负载顺序排列，已按${LOAD_KIND[k!] ?? k}排序`),
  rule(new RegExp(`^SLO ${S} evaluated on (\\S+): the sweep has no (\\S+)$`), ([, s, a, b]) => `SLO ${s} 改用 ${a} 判断：该扫描没有 ${b}`),
  rule(new RegExp(`^SLO ${S} has no valid limit \\((.*)\\): it cannot be checked$`), ([, s, v]) => `SLO ${s} 没有有效的上限（${v}），无法检查`),
  rule(
    new RegExp(`^${S} is missing(?: at (\\d+) of (\\d+) points)?; this sweep has no (\\S+) statistics; it has NTPOT \\(end-to-end latency ÷ output tokens, which includes the time to first token\\), a different measure that is not substituted: add an SLO on ntpot to judge this sweep by it$`),
    ([, s, k, n, m]) => `缺少 ${s}${k ? `（${n} 个点中有 ${k} 个缺失）` : ""}；该扫描没有 ${m} 统计量；它有 NTPOT（端到端延迟 ÷ 输出 token 数，包含首 token 时间），这是另一种度量，不会替代使用：如需按它判断，请添加 ntpot 的 SLO`,
  ),
  rule(/^infeasible: (\S+) % of requests failed at the lowest load \((.+)\), over the (\S+) % limit$/, ([, v, l, m]) => `不可行：最低负载（${load(l!)}）下失败请求占 ${v} %，超过 ${m} % 上限`),
  rule(/^every point meets the SLOs: the operating point is (.+), where throughput peaks$/, ([, a]) => `所有点都满足 SLO：运行点取吞吐最高的${load(a!)}`),
  rule(/^the operating point is (.+?), where throughput peaks: the higher passing load (.+) gives less \((\S+) vs (\S+) (tok\/s|req\/s)\)$/, ([, a, b, x, y, u]) => `运行点取吞吐最高的${load(a!)}：更高且达标的${load(b!)} 吞吐更低（${x} 对 ${y} ${u}）`),
  rule(/^non-monotone data: (.+) passes again after (.+) did not; ignored$/, ([, a, b]) => `数据不单调：${load(b!)} 未通过，但更高的${load(a!)}又通过了；已忽略`),
  rule(/^failed requests are recorded without a count of completed ones at (\d+) of (\d+) points: the failed share is unknown there$/, ([, k, n]) => `${n} 个点中有 ${k} 个记录了失败请求但没有成功请求数：这些点的失败占比未知`),
  rule(/^throughput is not recorded at every passing point: the operating point is the highest passing load$/, () => "并非每个达标点都记录了吞吐：运行点取达标的最高负载"),
  rule(
    /^(?:(\S+ \S+) reaches its (\S+) ms limit|the failed share reaches its (\S+) % limit) at (.+), but throughput there \((\S+)\) is not above (.+)'s: the operating point stays measured$/,
    ([, s, m, e, a, v, b]) => `${s ? `${s} 在${load(a!)} 达到 ${m} ms 上限` : `失败请求占比在${load(a!)} 达到 ${e} % 上限`}，但那里的吞吐（${v}）不高于${load(b!)}：运行点仍取实测点`,
  ),
  rule(
    /^the operating point \((.+?)\) lies in the saturated zone(?: \(the knee is at (.+)\))?: throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee$/,
    ([, a, k]) => `运行点（${load(a!)}）位于饱和区${k ? `（拐点在${load(k)}）` : ""}：此处吞吐几乎不随负载增长而延迟持续上升，负载稍有增加就可能违反 SLO；请预留余量或在拐点以下测量`,
  ),
  rule(/^maxErrorRatePct (?:is (\S+), not a percentage ≥ 0|has an error), so no load level can be checked$/, ([, v]) => `maxErrorRatePct ${v ? `为 ${v}，不是 ≥ 0 的百分比` : "有错误"}，无法检查任何负载档位`),
  rule(/^(\S+) % of requests fail already at the lowest load \((.+)\), over the (\S+) % limit \(maxErrorRatePct\)$/, ([, v, l, m]) => `最低负载（${load(l!)}）下就有 ${v} % 的请求失败，超过 ${m} % 上限（maxErrorRatePct）`),
  rule(
    /^(.+) is recommended although its capacity was never checked against the SLOs \(it is given or estimated, not measured\): (no SKU with a checked sweep is feasible|no SKU has a sweep checked against the SLOs)$/,
    ([, n, why]) => `推荐 ${n}，但它的容量从未按 SLO 校验（是给定或估算值，不是实测）：${why === "no SKU with a checked sweep is feasible" ? "没有经过校验的 SKU 满足要求" : "没有任何 SKU 的压测数据按 SLO 校验过"}`,
  ),
  rule(new RegExp(`^${S} is missing(?: at (\\d+) of (\\d+) points)?; this sweep has no (\\S+) statistics$`), ([, s, k, n, m]) => `缺少 ${s}${k ? `（${n} 个点中有 ${k} 个缺失）` : ""}；该扫描没有 ${m} 统计量`),
  rule(new RegExp(`^${S} is missing(?: at (\\d+) of (\\d+) points)?; this sweep has (\\S+) ([^;]+)$`), ([, s, k, n, m, l]) => `缺少 ${s}${k ? `（${n} 个点中有 ${k} 个缺失）` : ""}；该扫描的 ${m} 只有 ${l}`),
  rule(/^non-monotone data: (.+) meets all SLOs again after (.+) did not; ignored$/, ([, a, b]) => `数据不单调：${load(b!)} 未满足 SLO，但更高的${load(a!)}又全部满足；已忽略`),
  rule(/^every point meets the SLOs: the operating point is the highest load measured \((.+)\); capacity may be higher$/, ([, a]) => `所有点都满足 SLO：运行点取测得的最高负载（${load(a!)}），实际容量可能更高`),
  rule(/^no SLOs given: the operating point is the highest load measured$/, () => "未设置 SLO：运行点取测得的最高负载"),
  rule(/^the SLOs cannot be checked at (.+): a statistic is missing, so feasibility is unknown$/, ([, a]) => `无法在${load(a!)} 处检查 SLO：缺少统计量，可行性未知`),
  rule(new RegExp(`^infeasible: ${S} is (\\S+) ms at the lowest load \\((.+)\\), (\\S+) ms \\((\\S+) %\\) over the (\\S+) ms limit$`), ([, s, v, l, o, p, m]) => `不可行：最低负载（${load(l!)}）下 ${s} 为 ${v} ms，超出 ${m} ms 上限 ${o} ms（${p} %）`),
  rule(/^cannot interpolate toward (.+): used the last passing point \((.+)\)$/, ([, a, b]) => `无法向${load(a!)} 插值：改用最后一个达标点（${load(b!)}）`),
  rule(/^operating point interpolated to (.+?) between (.+?) and (.+), where the failed share reaches its (\S+) % limit$/, ([, a, b, c, m]) => `运行点插值到${load(a!)}（介于${load(b!)} 与${load(c!)} 之间），此时失败请求占比达到 ${m} % 上限`),
  rule(new RegExp(`^operating point interpolated to (.+?) between (.+?) and (.+), where ${S} reaches its (\\S+) ms limit$`), ([, a, b, c, s, m]) => `运行点插值到${load(a!)}（介于${load(b!)} 与${load(c!)} 之间），此时 ${s} 达到 ${m} ms 上限`),
];

/** Capacity and cost (src/engine/capacity.ts). */
const CAPACITY_RULES: Rule[] = [
  rule(/^GPUs per replica must be a positive number, got (.*)$/, ([, v]) => `每副本 GPU 数必须是正数，实际为 ${v}`),
  rule(/^price per GPU-hour must be a number ≥ 0, got (.*)$/, ([, v]) => `GPU 小时单价必须是 ≥ 0 的数，实际为 ${v}`),
  rule(/^elasticity must be a positive number, got (.*)$/, ([, v]) => `弹性系数必须是正数，实际为 ${v}`),
  rule(/^(elasticity|redundancy) (\S+) is below 1: the plan has less than the measured need$/, ([, k, v]) => `${k === "elasticity" ? "弹性系数" : "冗余系数"} ${v} 小于 1：规划容量低于实测需求`),
  rule(/^spare replicas must be a number ≥ 0, got (.*)$/, ([, v]) => `备用副本数必须是 ≥ 0 的数，实际为 ${v}`),
  rule(/^spare replicas (\S+) is not a whole number: using (\S+)$/, ([, v, n]) => `备用副本数 ${v} 不是整数：按 ${n} 计`),
  rule(/^redundancy must be a positive number, got (.*)$/, ([, v]) => `冗余系数必须是正数，实际为 ${v}`),
  rule(/^no workloads to plan for$/, () => "没有要规划的负载"),
  rule(/^replica output tokens\/s must be positive, got (.*)$/, ([, v]) => `单副本输出 tokens/s 必须是正数，实际为 ${v}`),
  rule(/^peak RPS must be a number ≥ 0, got (.*)$/, ([, v]) => `峰值 RPS 必须是 ≥ 0 的数，实际为 ${v}`),
  rule(/^output tokens must be positive, got (.*)$/, ([, v]) => `输出 token 数必须是正数，实际为 ${v}`),
  rule(/^input tokens must be a number ≥ 0, got (.*)$/, ([, v]) => `输入 token 数必须是 ≥ 0 的数，实际为 ${v}`),
  rule(/^peak RPS is 0: the load itself needs no replicas$/, () => "峰值 RPS 为 0：负载本身不需要副本"),
  rule(/^no average rate or daily volume; the forecast uses its peak \((.+)\)$/, ([, v]) => `没有平均速率或日请求量；预测按峰值（${v}）计算`),
  rule(/^the forecast rate (.+) is above the peak (.+)$/, ([, a, b]) => `预测速率 ${a} 高于峰值 ${b}`),
  rule(/^the sweep's mean (input|output) length \((.+)\) differs from the workload's \((.+)\) by (\S+) %; capacity measured at other lengths may not hold \(seed §4\.4\)$/,
    ([, k, a, b, p]) => `扫描的平均${k === "input" ? "输入" : "输出"}长度（${a}）与负载设定（${b}）相差 ${p} %；在其他长度下测得的容量未必成立（seed §4.4）`),
];

/** Plan computation (src/engine/plan.ts). */
const PLAN_RULES: Rule[] = [
  rule(/^sweep file (.+) was not read$/, ([, f]) => `扫描文件 ${f} 未读取`),
  rule(/^replicaOutputTokensPerSec is not a number$/, () => "replicaOutputTokensPerSec 不是数字"),
  rule(/^no sweep for this workload$/, () => "该负载没有扫描数据"),
  rule(/^(slo\[\d+\]\.maxMs) has an error, so no SLO can be checked$/, ([, p]) => `${p} 有错误，因此无法检查任何 SLO`),
  rule(/^capacity for (.+) is given \((.+)\), so the SLOs were not checked against a sweep$/, ([, w, c]) => `${w} 的容量为给定值（${c}），因此未用扫描数据检查 SLO`),
  rule(/^replicaOutputTokensPerSec must be positive, got (.*)$/, ([, v]) => `replicaOutputTokensPerSec 必须是正数，实际为 ${v}`),
  rule(/^the sweep has no output tokens\/s; used rps × (\S+) output tokens per request$/, ([, n]) => `扫描没有输出 tokens/s；改用 rps × 每请求 ${n} 个输出 token`),
  rule(/^the operating point has no output tokens\/s$/, () => "运行点没有输出 tokens/s"),
  rule(/^(.+?) fails already at the lowest load \((.+)\): (\S+) ms, (\S+) ms \((\S+) %\) over$/, ([, s, l, v, o, p]) => `${s} 在最低负载（${load(l!)}）下就不满足：${v} ms，超出 ${o} ms（${p} %）`),
  rule(new RegExp(`^${S} is missing; the sweep has ([^;]+)$`), ([, s, l]) => (l === "none" ? `缺少 ${s}；该扫描没有该指标的统计量` : `缺少 ${s}；该扫描只有 ${l}`)),
  rule(/^workload (.+) has errors in its inputs$/, ([, w]) => `负载 ${w} 的输入有错误`),
  rule(/^needs a positive number$/, () => "需要正数"),
  rule(/^needs a number ≥ 0$/, () => "需要 ≥ 0 的数"),
  rule(/^peakRps, inputTokens and outputTokens are required numbers$/, () => "peakRps、inputTokens 和 outputTokens 是必填的数字"),
  rule(/^elasticity must be a number$/, () => "elasticity 必须是数字"),
];

/** Plan file validation (src/engine/plan-file.ts). */
const PLAN_FILE_RULES: Rule[] = [
  rule(/^duplicate (\S+) name (".*") \(also at (.+)\)$/, ([, w, n, p]) => `${what(w!)}名称 ${n} 重复（另见 ${p}）`),
  rule(/^(".*") is not a workload of this plan; expected (.+)$/, ([, n, e]) => {
    const x = expected(e!);
    return x === null ? null : `${n} 不是本计划的负载；${shouldBe(x)}`;
  }),
  rule(/^both `workloads` and `workload` are given; `workloads` is used$/, () => "同时给出了 `workloads` 和 `workload`；使用 `workloads`"),
  rule(/^the plan has no workloads$/, () => "计划中没有负载"),
  rule(/^(.+) has no sweep for workload (".*"); it cannot be sized$/, ([, s, w]) => `${s} 没有负载 ${w} 的扫描数据，无法计算规模`),
  rule(/^currency (".*") is not a 3-letter ISO 4217 code$/, ([, c]) => `币种 ${c} 不是 3 个字母的 ISO 4217 代码`),
  rule(/^the file is empty$/, () => "文件为空"),
  rule(/^invalid JSON at line (\d+), column (\d+): (.+)$/, ([, l, c, m], sub) => `JSON 无效（第 ${l} 行第 ${c} 列）：${sub(m!) ?? m}`),
  rule(/^invalid JSON: (.+)$/, ([, m], sub) => `JSON 无效：${sub(m!) ?? m}`),
  rule(/^expected a number or a formula string starting with =, got (.+)$/, ([, g]) => `应为数字或以 = 开头的公式字符串${got(g!)}`),
  rule(/^expected a 3-letter ISO 4217 currency code in capitals, such as USD, EUR or CNY, got (.+)$/, ([, g]) => `应为 3 个大写字母的 ISO 4217 币种代码（如 USD、EUR、CNY）${got(g!)}`),
  rule(/^expected (more than|from) (\S+) up to (\S+) \((.+)\), got (\S+)$/, ([, k, lo, hi, u, g]) => `应${k === "from" ? `在 ${lo}` : `大于 ${lo}`} 至 ${hi} 之间（${rangeUnitZh(u!)}），实际为 ${g}`),
  rule(/^the plan has (\d+) cells; the limit is (\d+) \(docs\/security\.md\)$/, ([, n, m]) => `计划有 ${n} 个单元格；上限为 ${m}（docs/security.md）`),
];

/** Units of plan-file range messages (src/engine/plan-file.ts RANGES). */
function rangeUnitZh(u: string): string {
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

/** Formula errors (src/engine/formula/*.ts). */
const FORMULA_RULES: Rule[] = [
  rule(/^(`[^`]+`) is not allowed in formulas; allowed functions: (.+)$/, ([, f, l]) => `公式中不允许使用 ${f}；可用的函数：${l}`),
  rule(/^text \((".*")\) is not a number$/, ([, t]) => `文本（${t}）不是数字`),
  rule(/^(`[^`]*`) is not a number$/, ([, t]) => `${t} 不是数字`),
  rule(/^(`[^`]+`) is a function: call it as (.+)$/, ([, f, c]) => `${f} 是函数：请写成 ${c}`),
  rule(/^operator (`[^`]+`) \((\S+)\) is not allowed in formulas; use \+ - \* \/ \^ mod, comparisons and \? :$/, ([, o, f]) => `公式中不允许使用运算符 ${o}（${f}）；请使用 + - * / ^ mod、比较运算和 ? :`),
  rule(/^comparison (`[^`]+`) is not allowed$/, ([, c]) => `不允许使用比较运算 ${c}`),
  rule(/^calling (`.+`) is not allowed in formulas; allowed functions: (.+)$/, ([, f, l]) => `公式中不允许调用 ${f}；可用的函数：${l}`),
  rule(/^property or index access \((`.+`)\) is not allowed in formulas$/, ([, x]) => `公式中不允许访问属性或下标（${x}）`),
  rule(/^assignment \((`.+`)\) is not allowed in formulas; edit the cell instead$/, ([, x]) => `公式中不允许赋值（${x}）；请直接编辑该单元格`),
  rule(/^defining a function \((`.+`)\) is not allowed in formulas$/, ([, x]) => `公式中不允许定义函数（${x}）`),
  rule(/^matrices and ranges \((`.+`)\) are not allowed in formulas$/, ([, x]) => `公式中不允许使用矩阵和区间（${x}）`),
  rule(/^objects \((`.+`)\) are not allowed in formulas$/, ([, x]) => `公式中不允许使用对象（${x}）`),
  rule(/^a formula is one expression: `;` and line breaks are not allowed$/, () => "公式只能是一个表达式：不允许使用 `;` 和换行"),
  rule(/^(\w+) is not allowed in formulas$/, ([, x]) => `公式中不允许使用 ${x}`),
  rule(/^formula could not be checked: (.+)$/, ([, x]) => `无法检查公式：${x}`),
  rule(/^result is NaN \(e\.g\. 0\/0 or sqrt of a negative number\), not a finite number$/, () => "结果是 NaN（例如 0/0 或负数开平方），不是有限数"),
  rule(/^result is (\S+) \(division by zero\?\), not a finite number$/, ([, v]) => `结果是 ${v}（除以零？），不是有限数`),
  rule(/^result is (true|false), not a number \(use c \? a : b\)$/, ([, v]) => `结果是 ${v}，不是数字（请用 c ? a : b）`),
  rule(/^result is not a number \((\w+)\)$/, ([, t]) => `结果不是数字（${t}）`),
  rule(/^empty formula after =$/, () => "= 之后的公式为空"),
  rule(/^formula longer than (\S+) characters$/, ([, n]) => `公式超过 ${n} 个字符`),
  rule(/^formula is (\d+) characters long; the limit is (\d+) \(split it over several cells\)$/, ([, n, m]) => `公式长 ${n} 个字符；上限为 ${m}（请拆分到多个单元格）`),
  rule(/^formula nests (.+) levels of (brackets|operators); the limit is (\d+) \(split it over several cells\)$/, ([, n, k, m]) => `公式嵌套了 ${(n ?? "").replace(/^more than /, "超过 ")} 层${k === "brackets" ? "括号" : "运算"}；上限为 ${m}（请拆分到多个单元格）`),
  rule(/^formula is too complex to evaluate \(split it over several cells\)$/, () => "公式过于复杂，无法计算（请拆分到多个单元格）"),
  rule(/^circular reference: part of the loop of (\d+) entries reported at (\S+)$/, ([, n, p]) => `循环引用：属于在 ${p} 处报告的含 ${n} 项的循环`),
  rule(/^syntax error: (.+)$/, ([, x]) => `语法错误：${x}`),
  rule(/^cannot compile: (.+)$/, ([, x]) => `无法编译：${x}`),
  rule(/^unknown names? (`.+`) in (\S+) \(no cell (.+)\)$/, ([, l, p, c]) => `${p} 中有未知名称 ${l}（没有单元格 ${c}）`),
  rule(/^unknown name (`[^`]+`)$/, ([, n]) => `未知名称 ${n}`),
  rule(/^(\S+) is not a finite number$/, ([, v]) => `${v} 不是有限数`),
  rule(/^(".*") is not a number \(formulas start with =\)$/, ([, v]) => `${v} 不是数字（公式以 = 开头）`),
  rule(/^(\w+) is disabled in formulas$/, ([, f]) => `公式中禁用了 ${f}`),
  rule(/^(".*") is not a valid cell name \(letters, digits and _, not starting with a digit\)$/, ([, n]) => `${n} 不是有效的单元格名（由字母、数字和 _ 组成，不以数字开头）`),
  rule(/^(".*") is reserved \(a formula function or keyword\) and cannot name a cell$/, ([, n]) => `${n} 是保留字（公式函数或关键字），不能用作单元格名`),
  rule(/^circular reference: (.+?)(?: \(part of a loop of (\d+) entries\))?$/, ([, l, n]) => `循环引用：${l!.replace(/… (\d+) more/, "… 另 $1 项")}${n ? `（属于一个含 ${n} 项的循环）` : ""}`),
  rule(/^depends on (\S+)(?: \(via (\S+)\))?, which has an error: (.+)$/, ([, p, v, m], sub) => `依赖的 ${p}${v ? `（经由 ${v}）` : ""} 有错误：${sub(m!) ?? m}`),
];

/** Generic plan-file issue `expected X, got Y` (last: the specific templates above win). */
const GENERIC_RULES: Rule[] = [
  rule(/^expected (.+), got (.*)$/, ([, e, g]) => {
    const x = expected(e!);
    return x === null ? null : `${shouldBe(x)}${got(g!)}`;
  }),
];

const RULES: Rule[] = [...SLO_RULES, ...CAPACITY_RULES, ...PLAN_RULES, ...PLAN_FILE_RULES, ...FORMULA_RULES, ...IMPORT_RULES, ...JSON_RULES, ...GENERIC_RULES];

/** Number of message templates in the table (for the coverage test). */
export const TEMPLATE_COUNT = RULES.length;

/** Longest message translated: the templates' `.+` groups backtrack, so far longer text is left as is. */
const MAX_LENGTH = 4000;

/**
 * Chinese for `msg`, or null when no template (nor split into known parts) matches. `memo` holds
 * the pieces already tried in this call (prefix and "; " splits revisit the same substrings).
 */
function zhOf(msg: string, depth = 0, memo = new Map<string, string | null>()): string | null {
  if (depth > 6 || msg === "" || msg.length > MAX_LENGTH) return null;
  const seen = memo.get(msg);
  if (seen !== undefined) return seen;
  const out = zhOnce(msg, (s) => zhOf(s, depth + 1, memo));
  memo.set(msg, out);
  return out;
}

function zhOnce(msg: string, sub: Sub): string | null {
  for (const r of RULES) {
    const m = r.re.exec(msg);
    if (!m) continue;
    const out = r.zh(Array.from(m, (g) => g ?? ""), sub);
    if (out !== null) return out;
  }
  // `prefix: known message` (SKU name, `skus[0] (chat)`, `file.csv:3`): keep the prefix; a file
  // location keeps its ASCII ": " (as compilers print it), a name gets the Chinese "：".
  for (let i = msg.indexOf(": "); i > 0; i = msg.indexOf(": ", i + 1)) {
    const rest = sub(msg.slice(i + 2));
    if (rest === null) continue;
    const prefix = msg.slice(0, i);
    // A name or location, not the head of an English sentence (that would leave half a message).
    if (!FILE_LOCATION.test(prefix) && prefix.split(" ").length > 6) continue;
    return `${prefix}${FILE_LOCATION.test(prefix) ? ": " : "："}${rest}`;
  }
  // Known messages joined with "; " (plan.ts joins missing statistics that way); a message may
  // itself hold "; ", so runs of parts are tried (best[j]: the Chinese of parts[0..j), if any).
  const parts = msg.split("; ");
  if (parts.length < 2 || parts.length > 12) return null;
  const best: (string[] | null)[] = [[]];
  for (let j = 1; j <= parts.length; j++) {
    best[j] = null;
    for (let i = j - 1; i >= 0 && !best[j]; i--) {
      if (!best[i] || (i === 0 && j === parts.length)) continue;
      const zh = sub(parts.slice(i, j).join("; "));
      if (zh !== null) best[j] = [...best[i]!, zh];
    }
  }
  return best[parts.length]?.join("；") ?? null;
}

/** A prefix that names a file (a path, `name.ext`, `name.ext:3:7`, `… column "x"`). */
const FILE_LOCATION = /[/\\]|\.[A-Za-z0-9]{1,5}(?::\d+)*(?: column .+| record \d+| key .+)?$/;

const CACHE = new Map<string, string>();

/**
 * `message` in `lang`: for "zh" the Chinese of a known engine/importer message (numbers, names,
 * paths and metric names kept), for "en" — or an unknown message — the message unchanged.
 */
export function translateMessage(message: string, lang: Lang): string {
  if (lang !== "zh") return message;
  const hit = CACHE.get(message);
  if (hit !== undefined) return hit;
  const out = zhOf(message) ?? message;
  if (CACHE.size > 2000) CACHE.clear();
  CACHE.set(message, out);
  return out;
}

/** Whether a message has a Chinese template (the unit test's coverage check). */
export function hasTranslation(message: string): boolean {
  return zhOf(message) !== null;
}
