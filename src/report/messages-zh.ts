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
import { JSON_RULES, rule, type Rule, type Sub } from "./messages-zh-rules";

/**
 * Sentences of plan-file validation still passed as text: a typed number out of range
 * (src/ui/state/workbook.ts rejections), and the empty-file / invalid-JSON sentences of the
 * importers (src/import/input.ts, usage.ts). Plan-file and JSON syntax errors and validation
 * warnings render from `planFile.*` / `json.*` codes.
 */
const PLAN_FILE_RULES: Rule[] = [
  rule(/^the file is empty$/, () => "文件为空"),
  rule(/^invalid JSON: (.+)$/, ([, m], sub) => `JSON 无效：${sub(m!) ?? m}`),
  rule(/^expected (more than|from) (\S+) up to (\S+) \((.+)\), got (\S+)$/, ([, k, lo, hi, u, g]) => `应${k === "from" ? `在 ${lo}` : `大于 ${lo}`} 至 ${hi} 之间（${rangeUnitZh(u!)}），实际为 ${g}`),
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

/**
 * Formula-related sentences not produced by the formula engine (its errors render from
 * `formula.*` codes): a typed entry the app refuses (src/ui/state/plan-edit.ts) and the cell-name
 * checks of plan-file validation (src/engine/formula/math.ts `cellNameProblem`).
 */
const FORMULA_RULES: Rule[] = [
  rule(/^(".*") is not a number \(formulas start with =\)$/, ([, v]) => `${v} 不是数字（公式以 = 开头）`),
  rule(/^(".*") is not a valid cell name \(letters, digits and _, not starting with a digit\)$/, ([, n]) => `${n} 不是有效的单元格名（由字母、数字和 _ 组成，不以数字开头）`),
  rule(/^(".*") is reserved \(a formula function or keyword\) and cannot name a cell$/, ([, n]) => `${n} 是保留字（公式函数或关键字），不能用作单元格名`),
];

const RULES: Rule[] = [...PLAN_FILE_RULES, ...FORMULA_RULES, ...IMPORT_RULES, ...JSON_RULES];

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
