/**
 * Team usage import for the cost allocation (docs/allocation.md): a CSV/TSV export of token usage
 * (gateway logs, billing exports, a spreadsheet paste) → `tenants.usage` rows
 * `{ team, pool?, inputTokens, outputTokens }` of daily tokens.
 *
 * - Columns in any order, found by header aliases in English and Chinese (same style as
 *   `aliases.ts`); unknown columns are ignored with a warning.
 * - Comma, semicolon (European decimal comma then read) or tab; BOM; CRLF; quoted thousands
 *   separators (`"1,234,567"`); unit headers `(k)`, `(M)`, `(千)`, `(万)`, `(百万)`, `(亿)` scale the column.
 * - Many rows of one team (and pool) are summed. With a date column that holds N > 1 distinct
 *   dates, the sums are divided by N (daily average; docs/plan-file.md: usage rows are daily tokens), with a
 *   warning; `perDay: false` keeps the raw sums.
 * - Only total tokens: input and output are derived when one of them is given
 *   (`output = total − input`); with neither, an error (the allocation methods `output` and
 *   `weighted` need them apart) unless `totalsAs: "input"` (total counted as input, output 0:
 *   exact for method `tokens` only; warned).
 * - Totals rows (`Total`, `合计`, `总计`, `小计`, `Sum` in the team column, or in another column
 *   when the team cell is empty) are skipped with a warning.
 * - Negative, non-numeric, infinite or empty token cells and empty team names are errors with
 *   file, line and column. Never throws.
 */
import { planFileMessages } from "../engine/plan/plan-file-messages";
import type { Problem } from "../engine/base/problems";
import { normHeader, parseCsv, readNumber, stripBom, type Delimiter } from "./csv";
import { issueOf } from "./messages/issue";
import { NAMED_ALIASES, usageMessages as M } from "./messages/usage";
import type { ImportIssue } from "./types";

/** Largest text accepted (characters): a usage export is aggregated, so 64 Mi characters is far beyond a real one. */
export const MAX_USAGE_CHARS = 64 * 1024 * 1024;

/** One usage row: daily tokens of a team (in a pool). */
export interface UsageRow {
  team: string;
  pool?: string;
  inputTokens: number;
  outputTokens: number;
  /** Replicas the team reserves in the pool (docs/allocation.md): the largest value its rows give. */
  reservedReplicas?: number;
}

/** Result of {@link importUsageCsv}. `days`: distinct dates found (null without a date column). */
export type UsageImport =
  | { ok: true; rows: UsageRow[]; warnings: ImportIssue[]; days: number | null }
  | { ok: false; errors: ImportIssue[] };

/** Options of {@link importUsageCsv}. */
export interface UsageOptions {
  /** Force a delimiter (default: detected from the header line). */
  delimiter?: Delimiter;
  /** Divide sums by the number of distinct dates (default true). */
  perDay?: boolean;
  /** With only a total-tokens column: count the total as input tokens (output 0). Default: error. */
  totalsAs?: "input";
}

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

const TOTAL_ROW = /^(total|totals|sum|grand total|合计|总计|小计|汇总|總計|合計)$/i;

interface Acc {
  team: string;
  pool: string | undefined;
  input: number;
  output: number;
  reserved: number | undefined;
}

/**
 * Import a usage CSV/TSV (see the module comment). Errors name file, line and column (the header
 * text); up to 50 are reported.
 */
export function importUsageCsv(
  text: string,
  fileName: string,
  options: UsageOptions = {},
): UsageImport {
  const issue = (
    code: string,
    problem: Problem<object>,
    line?: number,
    column?: string,
  ): ImportIssue => issueOf(fileName, code, problem, { line, column });
  if (text.length > MAX_USAGE_CHARS)
    return {
      ok: false,
      errors: [
        issue("too-large", M.problem("tooLarge", { mi: Math.round(text.length / 1048576) })),
      ],
    };
  if (stripBom(text).trim() === "")
    return { ok: false, errors: [issue("empty", planFileMessages.problem("fileEmpty", {}))] };
  if (/\u0000/.test(text.slice(0, 4096)))
    return { ok: false, errors: [issue("binary", M.problem("binary", {}))] };
  const table = parseCsv(text, options.delimiter);
  const [header, ...body] = table.rows;
  const headerLine = table.lines[0] ?? 1;
  const decimalComma = table.delimiter === ";";
  const cols = new Map<UsageField, { index: number; rank: number; scale: number; name: string }>();
  const warnings: ImportIssue[] = [];
  const ignored: string[] = [];
  header!.forEach((h, index) => {
    const m = usageHeader(h);
    const name = h.trim();
    if (!m) {
      if (name) ignored.push(name);
      return;
    }
    const prev = cols.get(m.field);
    if (!prev || m.rank < prev.rank) {
      if (prev) ignored.push(prev.name);
      cols.set(m.field, { index, rank: m.rank, scale: m.scale, name });
    } else ignored.push(name);
  });
  if (ignored.length)
    warnings.push(
      issue("ignored-columns", M.problem("ignoredColumns", { names: ignored }), headerLine),
    );

  const team = cols.get("team");
  const inC = cols.get("input");
  const outC = cols.get("output");
  const totC = cols.get("total");
  const headerText = header!.map((h) => h.trim()).join(", ");
  if (!team)
    return {
      ok: false,
      errors: [
        issue(
          "missing-column",
          M.problem("noTeamColumn", { names: NAMED_ALIASES.team, header: headerText }),
          headerLine,
        ),
      ],
    };
  if (!inC && !outC && !totC)
    return {
      ok: false,
      errors: [
        issue(
          "missing-column",
          M.problem("noTokenColumns", { names: NAMED_ALIASES.tokens, header: headerText }),
          headerLine,
        ),
      ],
    };
  if (!inC && !outC && totC && options.totalsAs !== "input") {
    return {
      ok: false,
      errors: [
        issue("total-only", M.problem("totalOnly", { column: totC.name }), headerLine, totC.name),
      ],
    };
  }
  if (!inC && !outC)
    warnings.push(
      issue(
        "total-as-input",
        M.problem("totalAsInput", { column: totC!.name }),
        headerLine,
        totC!.name,
      ),
    );
  else if ((!inC || !outC) && !totC) {
    const which = !inC ? "input" : "output";
    return {
      ok: false,
      errors: [
        issue(
          "missing-column",
          M.problem("noColumn", { which, names: NAMED_ALIASES[which] }),
          headerLine,
        ),
      ],
    };
  }

  const errors: ImportIssue[] = [];
  const acc = new Map<string, Acc>();
  const dates = new Set<string>();
  const poolC = cols.get("pool");
  const dateC = cols.get("date");
  const resC = cols.get("reserved");
  let skippedTotals = 0;
  body.forEach((row, r) => {
    const line = table.lines[r + 1]!;
    if (row.every((c) => c.trim() === "")) return;
    const teamName = (row[team.index] ?? "").trim();
    const pool = poolC ? (row[poolC.index] ?? "").trim() || undefined : undefined;
    // A totals row names itself in the team column, or (team empty) in another text column such as the date.
    if (
      (TOTAL_ROW.test(teamName) && !pool) ||
      (!teamName && row.some((c) => TOTAL_ROW.test(c.trim())))
    ) {
      skippedTotals++;
      return;
    }
    if (!teamName) {
      errors.push(issue("missing-value", M.problem("teamEmpty", {}), line, team.name));
      return;
    }
    const read = (
      c: { index: number; scale: number; name: string } | undefined,
    ): number | null | undefined => {
      if (!c) return undefined;
      const raw = row[c.index];
      const cell = readNumber(raw, decimalComma);
      if (cell.kind === "absent") {
        errors.push(
          issue(
            "missing-value",
            M.problem("emptyCount", { value: raw?.trim() ?? "" }),
            line,
            c.name,
          ),
        );
        return null;
      }
      if (cell.kind === "invalid" || !Number.isFinite(cell.value)) {
        errors.push(
          issue("not-a-number", M.problem("notCount", { value: (raw ?? "").trim() }), line, c.name),
        );
        return null;
      }
      if (cell.value < 0) {
        errors.push(
          issue("negative", M.problem("negative", { value: (raw ?? "").trim() }), line, c.name),
        );
        return null;
      }
      return cell.value * c.scale;
    };
    const vi = read(inC);
    const vo = read(outC);
    const vt = inC && outC ? undefined : read(totC); // both given: a total (maybe with cached tokens) is not needed
    if (vi === null || vo === null || vt === null) return;
    let input: number;
    let output: number;
    if (vi !== undefined && vo !== undefined) [input, output] = [vi, vo];
    else if (vi !== undefined) [input, output] = [vi, vt! - vi];
    else if (vo !== undefined) [input, output] = [vt! - vo, vo];
    else [input, output] = [vt!, 0];
    if (input < 0 || output < 0) {
      errors.push(
        issue(
          "negative",
          M.problem("totalBelowPart", {
            total: vt!,
            part: vi !== undefined ? "input" : "output",
            value: (vi ?? vo)!,
          }),
          line,
          totC!.name,
        ),
      );
      return;
    }
    // Reserved replicas are a level, not a daily flow: optional, and the largest value of the team's rows.
    let reserved: number | undefined;
    if (resC && (row[resC.index] ?? "").trim() !== "") {
      const cell = readNumber(row[resC.index], decimalComma);
      if (cell.kind !== "number" || !Number.isFinite(cell.value) || cell.value < 0) {
        errors.push(
          issue(
            "not-a-number",
            M.problem("notReplicaCount", { value: (row[resC.index] ?? "").trim() }),
            line,
            resC.name,
          ),
        );
        return;
      }
      reserved = cell.value;
    }
    if (dateC) {
      const d = (row[dateC.index] ?? "").trim();
      if (d) dates.add(d);
    }
    const k = JSON.stringify([teamName, pool ?? null]);
    const a = acc.get(k) ?? { team: teamName, pool, input: 0, output: 0, reserved: undefined };
    a.input += input;
    a.output += output;
    if (reserved !== undefined) a.reserved = Math.max(a.reserved ?? 0, reserved);
    acc.set(k, a);
  });
  if (errors.length) return { ok: false, errors: errors.slice(0, 50) };
  if (skippedTotals)
    warnings.push(
      issue(
        "skipped-totals",
        M.problem("skippedTotals", { n: skippedTotals, names: NAMED_ALIASES.totals }),
      ),
    );
  if (!acc.size) return { ok: false, errors: [issue("no-rows", M.problem("noRows", {}))] };
  const days = dateC ? dates.size : null;
  const divide = days !== null && days > 1 && options.perDay !== false;
  if (days !== null && days > 1) {
    const sorted = [...dates].sort();
    const span = { days, first: sorted[0]!, last: sorted[sorted.length - 1]! };
    warnings.push(issue("multi-day", M.problem(divide ? "multiDayDivided" : "multiDaySums", span)));
  }
  const rows: UsageRow[] = [...acc.values()].map((a) => ({
    team: a.team,
    ...(a.pool !== undefined ? { pool: a.pool } : {}),
    inputTokens: divide ? a.input / days! : a.input,
    outputTokens: divide ? a.output / days! : a.output,
    ...(a.reserved !== undefined ? { reservedReplicas: a.reserved } : {}),
  }));
  return { ok: true, rows, warnings, days };
}

/** Import usage pasted from a spreadsheet (tab-separated; same rules as {@link importUsageCsv}). */
export function parseUsageTsv(
  text: string,
  fileName = "pasted usage",
  options: Omit<UsageOptions, "delimiter"> = {},
): UsageImport {
  return importUsageCsv(text, fileName, { ...options, delimiter: "\t" });
}
