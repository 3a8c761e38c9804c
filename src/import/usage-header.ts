/**
 * The header of a team usage table (docs/allocation.md): the English and Chinese aliases of each
 * column, and the unit suffixes (`(M)`, `(千)`, `亿`) that scale a token column.
 */
import { normHeader, stripBom } from "./csv";

/** A column of a usage table. */
export type UsageField = "team" | "pool" | "input" | "output" | "total" | "date" | "reserved";

/** Header aliases per field, in priority order (an earlier alias wins when two columns match one field). */
const ALIASES: [UsageField, string[]][] = [
  [
    "team",
    [
      "team",
      "team name",
      "团队",
      "团队名称",
      "小组",
      "business unit",
      "bu",
      "业务线",
      "业务",
      "tenant",
      "租户",
      "department",
      "dept",
      "部门",
      "cost center",
      "成本中心",
      "project",
      "项目",
      "owner",
      "application",
      "app",
      "应用",
      "user group",
      "consumer",
    ],
  ],
  [
    "pool",
    [
      "pool",
      "资源池",
      "model",
      "model name",
      "模型",
      "模型名称",
      "服务",
      "service",
      "service name",
      "deployment",
      "部署",
      "endpoint",
    ],
  ],
  [
    "input",
    [
      "input tokens",
      "input token",
      "prompt tokens",
      "prompt token",
      "tokens in",
      "in tokens",
      "input",
      "prompt",
      "输入 token",
      "输入token",
      "输入 tokens",
      "输入tokens",
      "输入 token 数",
      "输入token数",
      "输入令牌",
      "提示 token",
      "提示词 token",
      "提示词token",
      "输入",
      // The Teams grid's own column labels (src/ui/i18n.ts): a block copied from the grid pastes back.
      "input tok / day",
      "input tokens / day",
      "input tokens per day",
      "daily input tokens",
      "每日输入 tok",
      "每日输入 token",
    ],
  ],
  [
    "output",
    [
      "output tokens",
      "output token",
      "completion tokens",
      "completion token",
      "generated tokens",
      "tokens out",
      "out tokens",
      "output",
      "completion",
      "输出 token",
      "输出token",
      "输出 tokens",
      "输出tokens",
      "输出 token 数",
      "输出token数",
      "输出令牌",
      "生成 token",
      "生成token",
      "补全 token",
      "输出",
      "output tok / day",
      "output tokens / day",
      "output tokens per day",
      "daily output tokens",
      "每日输出 tok",
      "每日输出 token",
    ],
  ],
  [
    "total",
    [
      "total tokens",
      "total token",
      "tokens",
      "token",
      "token count",
      "总 token",
      "总token",
      "总 tokens",
      "总tokens",
      "token 数",
      "token数",
      "token 总数",
      "token总数",
      "total",
    ],
  ],
  [
    "date",
    [
      "date",
      "day",
      "usage date",
      "日期",
      "时间",
      "统计日期",
      "timestamp",
      "time",
      "period",
      "billing date",
    ],
  ],
  [
    "reserved",
    [
      "reserved replicas",
      "reserved replica",
      "reservedreplicas",
      "reserved",
      "reservation",
      "预留副本",
      "预留副本数",
      "预留",
    ],
  ],
];

const key = (h: string): string =>
  normHeader(h.replace(/（/g, "(").replace(/）/g, ")")).replace(/ /g, "");
const ALIAS_INDEX = new Map<string, { field: UsageField; rank: number }>();
for (const [field, names] of ALIASES)
  names.forEach((n, rank) => ALIAS_INDEX.has(key(n)) || ALIAS_INDEX.set(key(n), { field, rank }));

/** Unit suffixes of token headers: `(M)`, ` million`, `百万` → 1e6; `亿` → 1e8; `(B)` → 1e9; `(k)`, `千` → 1e3; `万` → 1e4. */
const UNIT_SUFFIXES: [RegExp, number][] = [
  [/\s*[(（[]\s*(?:百万|million|mln|m)\s*[)）\]]$|\s+(?:million|mln)$|百万$/i, 1e6],
  [/\s*[(（[]\s*(?:亿)\s*[)）\]]$|亿$/, 1e8],
  [/\s*[(（[]\s*(?:billion|bn|b)\s*[)）\]]$|\s+billion$/i, 1e9],
  [/\s*[(（[]\s*(?:千|thousand|k)\s*[)）\]]$|\s+thousand$|千$/i, 1e3],
  [/\s*[(（[]\s*万\s*[)）\]]$|万$/, 1e4],
];

/** Longest alias (characters): a longer header (plus a unit suffix) cannot match any. */
const MAX_ALIAS = Math.max(...ALIASES.flatMap(([, names]) => names.map((n) => n.length)));
/** Room for a unit suffix such as ` (百万)` or ` thousand` with some spacing. */
const SUFFIX_ROOM = 24;

/**
 * Field and scale of one header, or null. `Input Tokens (M)` → input × 1e6; `亿` → × 1e8.
 * Linear in the header's length: a header longer than any alias plus a unit suffix is not looked
 * up at all, and the unit patterns only ever see a short header (a 60 KB header of spaces made
 * their backtracking quadratic and froze the page for seconds).
 */
export function usageHeader(h: string): { field: UsageField; rank: number; scale: number } | null {
  const raw = stripBom(h).trim().replace(/\s+/g, " ");
  if (raw.length > MAX_ALIAS + SUFFIX_ROOM) return null;
  const direct = ALIAS_INDEX.get(key(raw));
  if (direct) return { ...direct, scale: 1 };
  for (const [re, scale] of UNIT_SUFFIXES) {
    if (!re.test(raw)) continue;
    const hit = ALIAS_INDEX.get(key(raw.replace(re, "")));
    if (
      hit &&
      hit.field !== "team" &&
      hit.field !== "pool" &&
      hit.field !== "date" &&
      hit.field !== "reserved"
    )
      return { ...hit, scale };
  }
  return null;
}
