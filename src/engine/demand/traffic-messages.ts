/**
 * Problems of request traces and their traffic statistics (src/engine/demand/traffic.ts,
 * src/import/trace.ts, src/cli/trace-file.ts; code `traffic.*`). The English texts are the
 * `notes`, `error` and `message` strings those producers have always written (a JSON contract);
 * the problems travel beside them so the app and `capplan traffic --lang zh` render them in
 * Chinese. See docs/traffic.md and docs/problems.md. Chinese terms: 请求轨迹 (trace),
 * 时间桶 (bin), 到达间隔 (interarrival).
 */
import { defineMessages, message, type Problem } from "../base/problems";

/** The trace roles a CSV header lacks, as the message names them. */
const TRACE_ROLE_EN: Record<string, string> = {
  time: "a timestamp",
  input: "input tokens",
  output: "output tokens",
};
const TRACE_ROLE_ZH: Record<string, string> = {
  time: "时间戳",
  input: "输入 tokens",
  output: "输出 tokens",
};

export const trafficMessages = defineMessages("traffic", {
  // Errors of a summary (TrafficResult.error).
  spanTooLong: message({
    severity: "error",
    en: (p: { bins: string; baseSec: number }) =>
      `the trace spans more than ${p.bins} bins of ${p.baseSec} s; use a larger bin`,
    zh: (p) => `请求轨迹跨越超过 ${p.bins} 个 ${p.baseSec} 秒的时间桶；请使用更大的时间桶`,
  }),
  binInvalid: message({
    severity: "error",
    en: (p: { got: number }) => `the bin must be a positive number of seconds (got ${p.got})`,
    zh: (p) => `时间桶必须是正的秒数（实际为 ${p.got}）`,
  }),
  binNotMultiple: message({
    severity: "error",
    en: (p: { binSec: number; baseSec: number }) =>
      `the bin (${p.binSec} s) must be a whole multiple of ${p.baseSec} s`,
    zh: (p) => `时间桶（${p.binSec} 秒）必须是 ${p.baseSec} 秒的整数倍`,
  }),
  noRequests: message({
    severity: "error",
    en: () => "the trace has no requests",
    zh: () => "请求轨迹中没有请求",
  }),
  // Notes of a summary (TrafficSummary.notes).
  aggStepOverstates: message({
    severity: "warning",
    en: (p: { aggStep: number; binSec: number }) =>
      `the per-bin rows start at multiples of ${p.aggStep} s: if that is their bin, rates over ${p.binSec}-s bins put each row's requests at its start and overstate the peak (docs/traffic.md)`,
    zh: (p) =>
      `按时间桶汇总的行起始于 ${p.aggStep} 秒的整数倍：若这就是它们的时间桶，按 ${p.binSec} 秒时间桶计算的速率会把每行的请求都放在其起点，从而高估峰值（docs/traffic.md）`,
  }),
  durationToLastBin: message({
    severity: "info",
    en: () =>
      "durationSec runs to the end of the last bin: the per-bin rows have no lastTs column (docs/traffic.md)",
    zh: () =>
      "durationSec 计算到最后一个时间桶的末尾：按时间桶汇总的行没有 lastTs 列（docs/traffic.md）",
  }),
  perBinMeansOnly: message({
    severity: "info",
    en: () =>
      "interarrivalCv and length percentiles need the per-request rows; a per-bin trace gives rates and means only",
    zh: () =>
      "interarrivalCv（到达间隔变异系数）与长度分位数需要逐请求的行；按时间桶汇总的请求轨迹只给出速率与均值",
  }),
  cvUnsorted: message({
    severity: "warning",
    en: (p: { late: number; window: number }) =>
      `interarrivalCv left out: ${p.late} requests arrive more than ${p.window} rows after later ones; sort the trace by time to get it`,
    zh: (p) =>
      `未给出 interarrivalCv（到达间隔变异系数）：${p.late} 个请求比更晚的请求落后超过 ${p.window} 行；请按时间排序请求轨迹后再计算`,
  }),
  cvSameTimestamp: message({
    severity: "info",
    en: () => "interarrivalCv left out: every request has the same timestamp",
    zh: () => "未给出 interarrivalCv（到达间隔变异系数）：所有请求的时间戳相同",
  }),
  groupPeaksDropped: message({
    severity: "info",
    en: () =>
      "per-team and per-model peak rates left out: too many groups over too long a span (docs/traffic.md)",
    zh: () => "未给出各团队与各模型的峰值速率：分组过多且时间跨度过长（docs/traffic.md）",
  }),
  otherTeams: message({
    severity: "info",
    en: (p: { max: number }) => `more than ${p.max} teams: the rest are summed as "(other)"`,
    zh: (p) => `团队超过 ${p.max} 个：其余的合计为 "(other)"`,
  }),
  otherModels: message({
    severity: "info",
    en: (p: { max: number }) => `more than ${p.max} models: the rest are summed as "(other)"`,
    zh: (p) => `模型超过 ${p.max} 个：其余的合计为 "(other)"`,
  }),
  relativeHours: message({
    severity: "info",
    en: () =>
      "timestamps are seconds from the start: the hourly profile counts hours since the start, not hours of the day",
    zh: () => "时间戳是距开始的秒数：小时分布按距开始的小时数统计，而不是一天中的时刻",
  }),
  noHourly: message({
    severity: "info",
    en: (p: { binSec: number }) =>
      `no hourly profile: the bin (${p.binSec} s) does not divide an hour`,
    zh: (p) => `没有小时分布：时间桶（${p.binSec} 秒）不能整除一小时`,
  }),
  noMeanRate: message({
    severity: "info",
    en: () => "every request has the same timestamp: no mean rate",
    zh: () => "所有请求的时间戳相同：没有平均速率",
  }),
  // Errors and warnings of reading a trace file (ImportIssue.message).
  emptyFile: message({
    severity: "error",
    en: () => "the file is empty: no header and no rows",
    zh: () => "文件为空：没有表头也没有数据行",
  }),
  headerOnly: message({
    severity: "error",
    en: () => "the trace has a header but no rows",
    zh: () => "请求轨迹只有表头，没有数据行",
  }),
  noUsableRow: message({
    severity: "error",
    en: (p: { rows: number }) => `none of its ${p.rows} rows is a usable request`,
    zh: (p) => `其 ${p.rows} 行中没有一行是可用的请求`,
  }),
  moreBadRows: message({
    severity: "warning",
    en: (p: { more: number; bad: number }) => `${p.more} more bad rows left out (${p.bad} in all)`,
    zh: (p) => `另有 ${p.more} 个错误行被略去（共 ${p.bad} 个）`,
  }),
  perBinNeedsTokens: message({
    severity: "error",
    en: (p: { found: string }) =>
      `a per-bin trace needs inputTokens and outputTokens columns (sums per bin); found: ${p.found}`,
    zh: (p) =>
      `按时间桶汇总的请求轨迹需要 inputTokens 与 outputTokens 列（每个时间桶的合计）；实际列：${p.found}`,
  }),
  notTraceColumns: message({
    severity: "error",
    en: (p: { missing: readonly string[]; found: string }) =>
      `not a request trace: no column for ${p.missing.map((m) => TRACE_ROLE_EN[m] ?? m).join(", ")} (found: ${p.found}); see docs/traffic.md for the recognised names`,
    zh: (p) =>
      `不是请求轨迹：缺少 ${p.missing.map((m) => TRACE_ROLE_ZH[m] ?? m).join("、")} 列（实际列：${p.found}）；可识别的列名见 docs/traffic.md`,
  }),
  notTraceKeys: message({
    severity: "error",
    en: (p: { missing: readonly string[]; keys: string }) =>
      `not a request trace: the first record has no key for ${p.missing.join(", ")} (keys: ${p.keys}); see docs/traffic.md`,
    zh: (p) =>
      `不是请求轨迹：第一条记录缺少 ${p.missing.join("、")} 的键（实际键：${p.keys}）；见 docs/traffic.md`,
  }),
  quoteNotClosed: message({
    severity: "warning",
    en: () => "a quoted field is not closed before the end of the file",
    zh: () => "引号字段直到文件末尾都没有闭合",
  }),
  dateAmongNumbers: message({
    severity: "warning",
    en: (p: { what: string; value: string }) =>
      `${p.what} "${p.value}" is a date, but the earlier rows give numbers`,
    zh: (p) => `${p.what} "${p.value}" 是日期，但前面的行给出的是数字`,
  }),
  numberAmongDates: message({
    severity: "warning",
    en: (p: { what: string; value: string }) =>
      `${p.what} "${p.value}" is a number, but the earlier rows give dates`,
    zh: (p) => `${p.what} "${p.value}" 是数字，但前面的行给出的是日期`,
  }),
  notTime: message({
    severity: "warning",
    en: (p: { what: string; value: string }) =>
      `${p.what} "${p.value}" is not a date-time (ISO 8601), Unix seconds or milliseconds, or seconds from the start`,
    zh: (p) => `${p.what} "${p.value}" 不是日期时间（ISO 8601）、Unix 秒或毫秒，也不是距开始的秒数`,
  }),
  notTokens: message({
    severity: "warning",
    en: (p: { what: string; value: string | null; whole: boolean }) =>
      `${p.what} is ${p.value === null ? "an empty cell" : `"${p.value}"`}, not ${p.whole ? "a whole number" : "a number"} ≥ 0`,
    zh: (p) =>
      `${p.what} 为${p.value === null ? "空单元格" : ` "${p.value}"`}，不是 ≥ 0 的${p.whole ? "整数" : "数"}`,
  }),
  fieldCount: message({
    severity: "warning",
    en: (p: { fields: number; header: number }) =>
      `the row has ${p.fields} fields; the header has ${p.header}`,
    zh: (p) => `该行有 ${p.fields} 个字段，而表头有 ${p.header} 个`,
  }),
  notJsonObject: message({
    severity: "warning",
    en: () => "not a JSON object",
    zh: () => "不是 JSON 对象",
  }),
  // Reading the file (src/cli/trace-file.ts).
  folder: message({
    severity: "error",
    en: () => "a folder, not a trace file",
    zh: () => "这是文件夹，不是请求轨迹文件",
  }),
  notRegular: message({
    severity: "error",
    en: () => "not a regular file: capplan reads only regular files",
    zh: () => "不是普通文件：capplan 只读取普通文件",
  }),
  binary: message({
    severity: "error",
    en: () => "a binary file, not a text trace (CSV, TSV or JSONL)",
    zh: () => "这是二进制文件，不是文本请求轨迹（CSV、TSV 或 JSONL）",
  }),
  // `capplan traffic --usage`.
  usageNoTeams: message({
    severity: "error",
    en: () => "the trace has no team column, so it gives no tenants.usage rows",
    zh: () => "请求轨迹没有团队列，因此无法给出 tenants.usage 行",
  }),
  usageOneInstant: message({
    severity: "error",
    en: () => "the trace spans no time (one instant), so it has no daily volume",
    zh: () => "请求轨迹没有时间跨度（只有一个时刻），因此没有每日用量",
  }),
  // Reading a trace in the app (src/import/trace-session.ts).
  readFailed: message({
    severity: "error",
    en: (p: { reason: string }) => `could not be read (${p.reason})`,
    zh: (p) => `无法读取（${p.reason}）`,
  }),
  readFailedBecause: message({
    severity: "error",
    en: (p: { cause: Problem<object> }, r) => `could not be read (${r(p.cause)})`,
    zh: (p, r) => `无法读取（${r(p.cause)}）`,
  }),
  noTraceRead: message({
    severity: "error",
    en: () => "no trace has been read",
    zh: () => "尚未读取请求轨迹",
  }),
  // A summary stored in a plan (`trace.traffic`, src/engine/demand/workload-trace.ts `trafficSummaryProblem`).
  summaryInvalid: message({
    severity: "error",
    en: (p: { cause: Problem<object> }, r) =>
      `expected a traffic summary (capplan traffic --json): ${r(p.cause)}`,
    zh: (p, r) => `应为流量摘要（capplan traffic --json）：${r(p.cause)}`,
  }),
  summaryNotObject: message({
    severity: "error",
    en: () => "expected an object (the summary of `capplan traffic --json`)",
    zh: () => "应为对象（`capplan traffic --json` 的摘要）",
  }),
  summaryNotNumber: message({
    severity: "error",
    en: (p: { key: string }) => `${p.key} must be a number`,
    zh: (p) => `${p.key} 必须是数字`,
  }),
  summaryBinNotPositive: message({
    severity: "error",
    en: () => "binSec must be > 0",
    zh: () => "binSec 必须 > 0",
  }),
  summaryNumberOrNull: message({
    severity: "error",
    en: (p: { key: string }) => `${p.key} must be a number or null`,
    zh: (p) => `${p.key} 必须是数字或 null`,
  }),
  summarySeries: message({
    severity: "error",
    en: () => "series must be an array of rates ≥ 0",
    zh: () => "series 必须是由 ≥ 0 的速率组成的数组",
  }),
});
