/**
 * Messages of the Locust importers (locust.ts, locust-history.ts, locust-common.ts): codes
 * `locust.*`, docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";
import { list } from "../messages/text";

/** Locust `--csv` stats, stats history, failures and exceptions (src/import/formats/locust*.ts). */
export const locustMessages = defineMessages("locust", {
  notStats: message({
    severity: "error",
    en: () => "not a Locust stats CSV (header must start Type,Name,Request Count,Failure Count)",
    zh: () => "不是 Locust stats CSV（表头必须以 Type,Name,Request Count,Failure Count 开头）",
  }),
  statsNoRows: message({
    severity: "error",
    en: () => "Locust stats file has a header but no rows",
    zh: () => "Locust stats 文件只有表头，没有数据行",
  }),
  statsMissingColumn: message({
    severity: "error",
    en: (p: { column: string }) => `Locust stats file lacks the "${p.column}" column`,
    zh: (p) => `Locust stats 文件缺少 "${p.column}" 列`,
  }),
  statsNoUsers: message({
    severity: "warning",
    en: () =>
      "Locust _stats.csv does not record the number of users: the load level is unknown unless given with --concurrency N (or in the path); the _stats_history.csv has it",
    zh: () =>
      "Locust 的 _stats.csv 没有记录用户数：除非用 --concurrency N（或在路径中）给出，否则负载档位未知；_stats_history.csv 中有用户数",
  }),
  /**
   * A `_failures.csv` / `_exceptions.csv` (ImportIssue code `skipped`). For failures: `count`
   * failure kinds, the first five as `items` (`3 × 500 on POST /v1`), `more` when there are others.
   */
  notResult: message({
    severity: "warning",
    en: (p: {
      kind: "failures" | "exceptions";
      count: number;
      items: readonly string[];
      more: boolean;
    }) =>
      `Locust ${p.kind} file: not a benchmark result; import the _stats.csv or _stats_history.csv${notResultDetail(p, " (no failures recorded)", ` (${p.count} failure kind(s): `, ")")}; skipped`,
    zh: (p) =>
      `Locust ${p.kind === "failures" ? "失败" : "异常"}文件：不是压测结果；请导入 _stats.csv 或 _stats_history.csv${notResultDetail(p, "（未记录失败）", `（${p.count} failure kind(s): `, "）")}；已跳过`,
  }),
  e2eFromRow: message({
    severity: "info",
    en: (p: { type: string; name: string; others: readonly string[] }) =>
      `Locust: e2e latency and request rate taken from the ${p.type} "${p.name}" row${p.others.length ? ` (other rows ignored: ${list(p.others)})` : ""}`,
    zh: (p) =>
      `Locust：e2e 延迟和请求速率取自 ${p.type} "${p.name}" 行${p.others.length ? `（忽略其他行：${list(p.others)}）` : ""}`,
  }),
  e2eFromAggregated: message({
    severity: "warning",
    en: () =>
      "Locust: no single request row; e2e latency and request rate taken from the Aggregated row, which mixes every request name",
    zh: () =>
      "Locust：没有单独的请求行；e2e 延迟和请求速率取自 Aggregated 行，其中混合了所有请求名",
  }),
  aggregatedMixes: message({
    severity: "warning",
    en: () => "Locust: the Aggregated row mixes the custom TTFT/E2E events with the HTTP requests",
    zh: () => "Locust：Aggregated 行把自定义的 TTFT/E2E 事件和 HTTP 请求混在一起",
  }),
  buckets: message({
    severity: "info",
    en: () =>
      "Locust percentiles are computed from rounded response-time buckets (147 → 150, 3432 → 3400, 58760 → 59000 ms): percentile values are approximate to about 2 significant digits; mean, min and max are exact",
    zh: () =>
      "Locust 的百分位由取整后的响应时间桶计算（147 → 150、3432 → 3400、58760 → 59000 ms）：百分位约有 2 位有效数字；mean、min、max 为精确值",
  }),
  notHistory: message({
    severity: "error",
    en: () =>
      "not a Locust history CSV (header must start Timestamp,User Count,Type,Name,Requests/s)",
    zh: () => "不是 Locust 历史 CSV（表头必须以 Timestamp,User Count,Type,Name,Requests/s 开头）",
  }),
  historyMissingColumn: message({
    severity: "error",
    en: (p: { column: string }) => `Locust history lacks the "${p.column}" column`,
    zh: (p) => `Locust 历史文件缺少 "${p.column}" 列`,
  }),
  historyNoRows: message({
    severity: "error",
    en: () => "Locust history has no data rows",
    zh: () => "Locust 历史文件没有数据行",
  }),
  historyNoUsers: message({
    severity: "error",
    en: () => "Locust history never has a User Count above 0",
    zh: () => "Locust 历史文件中的 User Count 从未大于 0",
  }),
  historyShortPlateau: message({
    severity: "warning",
    en: (p: { ticks: number; users: number; length: number }) =>
      `Locust history: no user count held for ${p.ticks} ticks; used the longest one (${p.users} users, ${p.length} ticks)`,
    zh: (p) =>
      `Locust 历史：没有哪个用户数保持了 ${p.ticks} 个采样周期；使用最长的一段（${p.users} 个用户，${p.length} 个周期）`,
  }),
  historyWindow: message({
    severity: "info",
    en: (p: { window: number }) =>
      `Locust history (--csv-full-history): percentiles per load level are the mean of the ${p.window}-s window percentiles over the plateau, not percentiles of the plateau's requests`,
    zh: (p) =>
      `Locust 历史（--csv-full-history）：每个负载档位的百分位是该平台期内各 ${p.window} 秒窗口百分位的平均值，而不是平台期内请求的百分位`,
  }),
  historyCumulative: message({
    severity: "warning",
    en: () =>
      "Locust history without --csv-full-history: percentiles are cumulative since the start of the test (they include earlier load levels) and only the Aggregated row (all request names mixed) is available",
    zh: () =>
      "Locust 历史未使用 --csv-full-history：百分位是从测试开始累计的（包含更早的负载档位），且只有 Aggregated 行（混合所有请求名）",
  }),
});

/** The detail of a Locust failures/exceptions note: none for exceptions, `none` or `open items… close` for failures. */
function notResultDetail(
  p: { kind: string; count: number; items: readonly string[]; more: boolean },
  none: string,
  open: string,
  close: string,
): string {
  if (p.kind !== "failures") return "";
  if (!p.count) return none;
  return `${open}${list(p.items, "; ")}${p.more ? "; …" : ""}${close}`;
}
