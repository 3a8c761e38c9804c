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
 *
 * The header's aliases and unit suffixes are in usage-header.ts.
 */
import { planFileMessages } from "../engine/plan/plan-file-messages";
import type { Problem } from "../engine/base/problems";
import { parseCsv, readNumber, stripBom, type Delimiter } from "./csv";
import { issueOf } from "./messages/issue";
import { NAMED_ALIASES, usageMessages as M } from "./messages/usage";
import type { ImportIssue } from "./types";
import { usageHeader, type UsageField } from "./usage-header";

export { usageHeader, type UsageField } from "./usage-header";

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

const TOTAL_ROW = /^(total|totals|sum|grand total|合计|总计|小计|汇总|總計|合計)$/i;

interface Acc {
  team: string;
  pool: string | undefined;
  input: number;
  output: number;
  reserved: number | undefined;
}

/** A column of the table: its index, alias rank, unit scale and header text. */
interface Col {
  index: number;
  rank: number;
  scale: number;
  name: string;
}

/** An issue of the file being read, at a line and column (the header text). */
type IssueAt = (
  code: string,
  problem: Problem<object>,
  line?: number,
  column?: string,
) => ImportIssue;

/**
 * Import a usage CSV/TSV (see the module comment). Errors name file, line and column (the header
 * text); up to 50 are reported.
 */
export function importUsageCsv(
  text: string,
  fileName: string,
  options: UsageOptions = {},
): UsageImport {
  const issue: IssueAt = (code, problem, line, column) =>
    issueOf(fileName, code, problem, { line, column });
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
  const warnings: ImportIssue[] = [];
  const cols = usageColumns(header!, (names) =>
    warnings.push(issue("ignored-columns", M.problem("ignoredColumns", { names }), headerLine)),
  );
  const refused = refusedColumns(cols, header!, options);
  if (refused)
    return {
      ok: false,
      errors: [issue(refused.code, refused.problem, headerLine, refused.column)],
    };
  const totC = cols.get("total");
  if (!cols.has("input") && !cols.has("output"))
    warnings.push(
      issue(
        "total-as-input",
        M.problem("totalAsInput", { column: totC!.name }),
        headerLine,
        totC!.name,
      ),
    );
  const reader = new UsageRowReader(cols, table.delimiter === ";", issue);
  body.forEach((row, r) => reader.read(row, table.lines[r + 1]!));
  if (reader.errors.length) return { ok: false, errors: reader.errors.slice(0, 50) };
  if (reader.skippedTotals)
    warnings.push(
      issue(
        "skipped-totals",
        M.problem("skippedTotals", { n: reader.skippedTotals, names: NAMED_ALIASES.totals }),
      ),
    );
  if (!reader.acc.size) return { ok: false, errors: [issue("no-rows", M.problem("noRows", {}))] };
  const days = cols.has("date") ? reader.dates.size : null;
  const divide = days !== null && days > 1 && options.perDay !== false;
  if (days !== null && days > 1) {
    const sorted = [...reader.dates].sort();
    const span = { days, first: sorted[0]!, last: sorted[sorted.length - 1]! };
    warnings.push(issue("multi-day", M.problem(divide ? "multiDayDivided" : "multiDaySums", span)));
  }
  const rows: UsageRow[] = [...reader.acc.values()].map((a) => ({
    team: a.team,
    ...(a.pool !== undefined ? { pool: a.pool } : {}),
    inputTokens: divide ? a.input / days! : a.input,
    outputTokens: divide ? a.output / days! : a.output,
    ...(a.reserved !== undefined ? { reservedReplicas: a.reserved } : {}),
  }));
  return { ok: true, rows, warnings, days };
}

/**
 * The column of each field: the best-ranked alias wins when two headers name one field. The
 * headers not used (unknown, or beaten by a better alias) go to `ignore`, once, when there are any.
 */
function usageColumns(
  header: readonly string[],
  ignore: (names: string[]) => void,
): Map<UsageField, Col> {
  const cols = new Map<UsageField, Col>();
  const ignored: string[] = [];
  header.forEach((h, index) => {
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
  if (ignored.length) ignore(ignored);
  return cols;
}

/**
 * Why the table is refused for its columns, or null: no team column, no token columns, a total
 * alone (without `totalsAs: "input"`), input or output alone without a total.
 */
function refusedColumns(
  cols: Map<UsageField, Col>,
  header: readonly string[],
  options: UsageOptions,
): { code: string; problem: Problem<object>; column?: string } | null {
  const inC = cols.get("input");
  const outC = cols.get("output");
  const totC = cols.get("total");
  const headerText = header.map((h) => h.trim()).join(", ");
  if (!cols.get("team"))
    return {
      code: "missing-column",
      problem: M.problem("noTeamColumn", { names: NAMED_ALIASES.team, header: headerText }),
    };
  if (!inC && !outC && !totC)
    return {
      code: "missing-column",
      problem: M.problem("noTokenColumns", { names: NAMED_ALIASES.tokens, header: headerText }),
    };
  if (!inC && !outC && totC && options.totalsAs !== "input")
    return {
      code: "total-only",
      problem: M.problem("totalOnly", { column: totC.name }),
      column: totC.name,
    };
  if ((inC || outC) && (!inC || !outC) && !totC) {
    const which = !inC ? "input" : "output";
    return {
      code: "missing-column",
      problem: M.problem("noColumn", { which, names: NAMED_ALIASES[which] }),
    };
  }
  return null;
}

/** Reads the body rows one by one: sums per team and pool, the dates seen, the errors. */
class UsageRowReader {
  readonly errors: ImportIssue[] = [];
  readonly acc = new Map<string, Acc>();
  readonly dates = new Set<string>();
  skippedTotals = 0;
  private readonly team: Col;
  private readonly inC: Col | undefined;
  private readonly outC: Col | undefined;
  private readonly totC: Col | undefined;
  private readonly poolC: Col | undefined;
  private readonly dateC: Col | undefined;
  private readonly resC: Col | undefined;

  constructor(
    cols: Map<UsageField, Col>,
    private readonly decimalComma: boolean,
    private readonly issue: IssueAt,
  ) {
    this.team = cols.get("team")!;
    this.inC = cols.get("input");
    this.outC = cols.get("output");
    this.totC = cols.get("total");
    this.poolC = cols.get("pool");
    this.dateC = cols.get("date");
    this.resC = cols.get("reserved");
  }

  /** One body row at `line`: skipped (blank, totals), refused (an error), or added to its team. */
  read(row: readonly string[], line: number): void {
    const { team, poolC, dateC, inC, outC, totC } = this;
    if (row.every((c) => c.trim() === "")) return;
    const teamName = (row[team.index] ?? "").trim();
    const pool = poolC ? (row[poolC.index] ?? "").trim() || undefined : undefined;
    // A totals row names itself in the team column, or (team empty) in another text column such as the date.
    if (
      (TOTAL_ROW.test(teamName) && !pool) ||
      (!teamName && row.some((c) => TOTAL_ROW.test(c.trim())))
    ) {
      this.skippedTotals++;
      return;
    }
    if (!teamName) {
      this.errors.push(this.issue("missing-value", M.problem("teamEmpty", {}), line, team.name));
      return;
    }
    const vi = this.count(row, line, inC);
    const vo = this.count(row, line, outC);
    // Both given: a total (maybe with cached tokens) is not needed.
    const vt = inC && outC ? undefined : this.count(row, line, totC);
    if (vi === null || vo === null || vt === null) return;
    let input: number;
    let output: number;
    if (vi !== undefined && vo !== undefined) [input, output] = [vi, vo];
    else if (vi !== undefined) [input, output] = [vi, vt! - vi];
    else if (vo !== undefined) [input, output] = [vt! - vo, vo];
    else [input, output] = [vt!, 0];
    if (input < 0 || output < 0) {
      this.errors.push(
        this.issue(
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
    const reserved = this.reserved(row, line);
    if (reserved === null) return;
    if (dateC) {
      const d = (row[dateC.index] ?? "").trim();
      if (d) this.dates.add(d);
    }
    const k = JSON.stringify([teamName, pool ?? null]);
    const a = this.acc.get(k) ?? { team: teamName, pool, input: 0, output: 0, reserved: undefined };
    a.input += input;
    a.output += output;
    if (reserved !== undefined) a.reserved = Math.max(a.reserved ?? 0, reserved);
    this.acc.set(k, a);
  }

  /** The token count of column `c` (scaled by its unit); undefined without the column, null (an error kept) when bad. */
  private count(
    row: readonly string[],
    line: number,
    c: Col | undefined,
  ): number | null | undefined {
    if (!c) return undefined;
    const raw = row[c.index];
    const cell = readNumber(raw, this.decimalComma);
    if (cell.kind === "absent") {
      this.errors.push(
        this.issue(
          "missing-value",
          M.problem("emptyCount", { value: raw?.trim() ?? "" }),
          line,
          c.name,
        ),
      );
      return null;
    }
    if (cell.kind === "invalid" || !Number.isFinite(cell.value)) {
      this.errors.push(
        this.issue(
          "not-a-number",
          M.problem("notCount", { value: (raw ?? "").trim() }),
          line,
          c.name,
        ),
      );
      return null;
    }
    if (cell.value < 0) {
      this.errors.push(
        this.issue("negative", M.problem("negative", { value: (raw ?? "").trim() }), line, c.name),
      );
      return null;
    }
    return cell.value * c.scale;
  }

  /**
   * Reserved replicas are a level, not a daily flow: optional (undefined when the cell is empty or
   * there is no column), the largest value of the team's rows; null (an error kept) when bad.
   */
  private reserved(row: readonly string[], line: number): number | null | undefined {
    const resC = this.resC;
    if (!resC || (row[resC.index] ?? "").trim() === "") return undefined;
    const cell = readNumber(row[resC.index], this.decimalComma);
    if (cell.kind !== "number" || !Number.isFinite(cell.value) || cell.value < 0) {
      this.errors.push(
        this.issue(
          "not-a-number",
          M.problem("notReplicaCount", { value: (row[resC.index] ?? "").trim() }),
          line,
          resC.name,
        ),
      );
      return null;
    }
    return cell.value;
  }
}

/** Import usage pasted from a spreadsheet (tab-separated; same rules as {@link importUsageCsv}). */
export function parseUsageTsv(
  text: string,
  fileName = "pasted usage",
  options: Omit<UsageOptions, "delimiter"> = {},
): UsageImport {
  return importUsageCsv(text, fileName, { ...options, delimiter: "\t" });
}
