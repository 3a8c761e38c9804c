/**
 * Messages of generic CSV/JSON tables and per-request records (src/import/formats/generic-*.ts,
 * per-request aggregation), shared by every importer that reads a table (llm-load-test and the
 * NVIDIA ones too). Codes `table.*` (docs/problems.md). The Markdown report, llm-load-test and
 * NVIDIA GenAI-Perf/AIPerf keep their own catalogues beside their importers
 * (src/import/formats/*-messages.ts); they are gathered here for registration. The English texts
 * are the sentences these importers have always written (the CLI's text and `--json` contract);
 * the Chinese keeps numbers, names, keys, file names and metric names (P99 TTFT, ITL, TPOT) as
 * written.
 *
 * A value read from a file is a parameter already shown for a message (`shown`, src/import/show.ts):
 * `"abc"`, `12.5`, `an object`; both languages print it as is.
 */
import { defineMessages, message, type Catalogue } from "../../engine/base/problems";
import { llmLoadTestMessages } from "../formats/llm-load-test-messages";
import { markdownMessages } from "../formats/markdown-report-messages";
import { nvMessages } from "../formats/nv-messages";

/** `"a", "b"` (the column list of a note: JSON-quoted names). */
const quotedList = (cols: readonly (string | number)[]): string =>
  cols.map((c) => JSON.stringify(c)).join(", ");

export const tableMessages = defineMessages("table", {
  // Header errors (generic-table.ts, generic-requests.ts).
  noLoadColumn: message({
    severity: "error",
    en: (p: { columns: number }) =>
      `no load column (concurrency, request rate, 并发…) among the ${p.columns} columns of the header`,
    zh: (p) => `表头的 ${p.columns} 列中没有负载列（并发、请求速率…）`,
  }),
  noMetricColumn: message({
    severity: "error",
    en: (p: { columns: number }) =>
      `no metric column (RPS, tokens/s, P99 TTFT, …) among the ${p.columns} columns of the header`,
    zh: (p) => `表头的 ${p.columns} 列中没有指标列（RPS、tokens/s、P99 TTFT…）`,
  }),
  noLatencyColumn: message({
    severity: "error",
    en: (p: { columns: number }) =>
      `no per-request latency column (ttft, latency, itl, tpot) among the ${p.columns} columns of the header`,
    zh: (p) => `表头的 ${p.columns} 列中没有逐请求延迟列（ttft、latency、itl、tpot）`,
  }),
  // Cell errors; `value` is the cell as shown in a message.
  numberFound: message({
    severity: "error",
    en: (p: { value: string }) => `expected a number, found ${p.value}`,
    zh: (p) => `应为数字，实际为 ${p.value}`,
  }),
  numberGot: message({
    severity: "error",
    en: (p: { value: string }) => `expected a number, got ${p.value}`,
    zh: (p) => `应为数字，实际为 ${p.value}`,
  }),
  positiveFound: message({
    severity: "error",
    en: (p: { value: string }) => `must be a positive number, found ${p.value}`,
    zh: (p) => `必须是正数，实际为 ${p.value}`,
  }),
  nonNegativeFound: message({
    severity: "error",
    en: (p: { value: string }) => `must be a finite number ≥ 0, found ${p.value}`,
    zh: (p) => `必须是 ≥ 0 的有限数，实际为 ${p.value}`,
  }),
  shareFound: message({
    severity: "error",
    en: (p: { value: string; max: number }) =>
      p.max === 1
        ? `must be a fraction from 0 to 1, found ${p.value} (write the header with "%" for a percentage)`
        : `must be a percentage from 0 to 100, found ${p.value}`,
    zh: (p) =>
      p.max === 1
        ? `必须是 0 到 1 之间的比例，实际为 ${p.value}（百分数请在表头写 "%"）`
        : `必须是 0 到 100 之间的百分数，实际为 ${p.value}`,
  }),
  positiveConcurrency: message({
    severity: "error",
    en: (p: { value: string }) => `expected a positive concurrency, found ${p.value}`,
    zh: (p) => `应为正的并发，实际为 ${p.value}`,
  }),
  positiveRate: message({
    severity: "error",
    en: (p: { value: string }) => `expected a positive request rate, found ${p.value}`,
    zh: (p) => `应为正的请求速率，实际为 ${p.value}`,
  }),
  // Record errors of JSONL / JSON-array sources (generic-source.ts, generic-csv.ts).
  jsonArrayExpected: message({
    severity: "error",
    en: () => "expected a JSON array of records",
    zh: () => "应为记录组成的 JSON 数组",
  }),
  objectPerLine: message({
    severity: "error",
    en: () => "expected one JSON object per line",
    zh: () => "每行应为一个 JSON 对象",
  }),
  elementNotObject: message({
    severity: "error",
    en: (p: { index: number }) => `element ${p.index} is not an object`,
    zh: (p) => `第 ${p.index} 个元素不是对象`,
  }),
  noDataRows: message({
    severity: "error",
    en: () => "no data rows with a load value",
    zh: () => "没有带负载值的数据行",
  }),
  noRequestRows: message({
    severity: "error",
    en: () => "no request rows with a load value",
    zh: () => "没有带负载值的请求行",
  }),
  // Column notes.
  columnsIgnored: message({
    severity: "warning",
    en: (p: { names: readonly string[] }) =>
      `columns ignored (not recognised or not used here): ${quotedList(p.names)}`,
    zh: (p) => `已忽略的列（无法识别或此处不用）：${quotedList(p.names)}`,
  }),
  ambiguousColumn: message({
    severity: "warning",
    en: (p: { column: string; candidates: readonly string[] }) =>
      `column "${p.column}" could be ${p.candidates.join(" or ")}: ignored (rename it or choose in the column-mapping step)`,
    zh: (p) =>
      `列 "${p.column}" 可能是 ${p.candidates.join(" or ")}：已忽略（请重命名，或在列映射步骤中选择）`,
  }),
  duplicateColumn: message({
    severity: "warning",
    en: (p: { column: string; first: string }) =>
      `column "${p.column}" means the same as column "${p.first}": ignored`,
    zh: (p) => `列 "${p.column}" 与列 "${p.first}" 含义相同：已忽略`,
  }),
  noStatistic: message({
    severity: "warning",
    en: (p: { column: string }) =>
      `column "${p.column}" has no statistic (mean, p50, p99…): ignored (rename it, e.g. "${p.column} p50")`,
    zh: (p) =>
      `列 "${p.column}" 没有统计量（mean、p50、p99…）：已忽略（请重命名，例如 "${p.column} p50"）`,
  }),
  unitAssumedMs: message({
    severity: "warning",
    en: (p: { column: string }) => `unit of column "${p.column}" not stated: assumed ms`,
    zh: (p) => `列 "${p.column}" 未注明单位：按 ms 处理`,
  }),
  unitFromMagnitude: message({
    severity: "warning",
    en: (p: { column: string; unit: "s" | "ms" }) =>
      `unit of column "${p.column}" not stated: read as ${p.unit === "s" ? "epoch seconds" : "ms"} from its magnitude`,
    zh: (p) => `列 "${p.column}" 未注明单位：按数值量级读作${p.unit === "s" ? "纪元秒" : " ms"}`,
  }),
  rowsSkipped: message({
    severity: "warning",
    en: (p: { count: number }) => `${p.count} row(s) without a load value were skipped`,
    zh: (p) => `跳过了 ${p.count} 行没有负载值的数据`,
  }),
  /** The last line of a CSV looks cut off: `cells` of `columns` cells, or its last cell `tail` ends inside a number. */
  cutOff: message({
    severity: "warning",
    en: (p: { line: number; cells: number; columns: number; tail: string | null }) =>
      `line ${p.line} (the last line) looks cut off: ${p.tail == null ? `${p.cells} of ${p.columns} cells` : `its last cell "${p.tail}" ends inside a number`}, and the file does not end with a line break; check that the file was written completely`,
    zh: (p) =>
      `第 ${p.line} 行（最后一行）似乎被截断：${p.tail == null ? `只有 ${p.cells}/${p.columns} 个单元格` : `最后一个单元格 "${p.tail}" 在数字中间结束`}，且文件不以换行结尾；请确认文件已完整写入`,
  }),
  // Per-request tables (generic-requests.ts).
  itlListsOnly: message({
    severity: "warning",
    en: (p: { column: string }) =>
      `per-request column "${p.column}": only lists of inter-token gaps are used (a tpot column is present)`,
    zh: (p) => `逐请求列 "${p.column}"：只使用 token 间隔列表（已有 tpot 列）`,
  }),
  itlAsTpot: message({
    severity: "info",
    en: (p: { column: string }) =>
      `per-request column "${p.column}" holds one value per request (its mean inter-token gap): stored as tpot (docs/metrics.md)`,
    zh: (p) =>
      `逐请求列 "${p.column}" 每个请求一个值（其平均 token 间隔）：存为 tpot（docs/metrics.md）`,
  }),
  itlPooled: message({
    severity: "info",
    en: (p: { column: string }) =>
      `per-request column "${p.column}" holds lists of inter-token gaps: pooled over all requests as itl`,
    zh: (p) => `逐请求列 "${p.column}" 是 token 间隔列表：汇总所有请求后作为 itl`,
  }),
  aggregated: message({
    severity: "info",
    en: (p: { rows: number; levels: number }) =>
      `aggregated ${p.rows} per-request rows into ${p.levels} load level(s) with exact percentiles (numpy linear)`,
    zh: (p) =>
      `已将 ${p.rows} 行逐请求数据聚合为 ${p.levels} 个负载档位，百分位为精确值（numpy linear）`,
  }),
  littleNoTimestamps: message({
    severity: "warning",
    en: () =>
      "no start/end timestamps: rps and tokens/s estimated by Little's law as concurrency ÷ mean e2e latency",
    zh: () => "没有开始/结束时间戳：rps 和 tokens/s 按利特尔法则估算（并发 ÷ 平均 e2e 延迟）",
  }),
  littleNoSpan: message({
    severity: "warning",
    en: () =>
      "rps estimated by Little's law (concurrency ÷ mean e2e) where timestamps span no time",
    zh: () => "时间戳跨度为零处，rps 按利特尔法则估算（并发 ÷ 平均 e2e）",
  }),
});

/** The catalogues of this family (registered through ./index.ts). */
export const tableCatalogues: readonly Catalogue[] = [
  tableMessages,
  markdownMessages,
  llmLoadTestMessages,
  nvMessages,
] as unknown as Catalogue[];
