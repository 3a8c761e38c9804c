/**
 * Messages of generic CSV/JSON tables and per-request records (src/import/formats/generic-*.ts,
 * per-request aggregation), the benchmark report in Markdown, llm-load-test, and NVIDIA
 * GenAI-Perf/AIPerf (nv-*.ts, aiperf.ts, genai-perf.ts). Codes `table.*`, `markdown.*`,
 * `llmLoadTest.*`, `nv.*` (docs/problems.md). The English texts are the sentences these importers
 * have always written (the CLI's text and `--json` contract); the Chinese keeps numbers, names,
 * keys, file names and metric names (P99 TTFT, ITL, TPOT) as written.
 *
 * A value read from a file is a parameter already shown for a message (`shown`, src/import/show.ts):
 * `"abc"`, `12.5`, `an object`; both languages print it as is.
 */
import { defineMessages, message, type Catalogue } from "../../engine/base/problems";

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

export const markdownMessages = defineMessages("markdown", {
  noTable: message({
    severity: "error",
    en: () => "no Markdown table with a load column (并发/Concurrency) and a metric column",
    zh: () => "没有含负载列（并发/Concurrency）和指标列的 Markdown 表格",
  }),
  tablesSkipped: message({
    severity: "info",
    en: (p: { count: number }) =>
      `${p.count} other table(s) without load and metric columns were skipped`,
    zh: (p) => `跳过了另外 ${p.count} 个没有负载列和指标列的表`,
  }),
});

export const llmLoadTestMessages = defineMessages("llmLoadTest", {
  notObject: message({
    severity: "error",
    en: () => "an llm-load-test output is a JSON object",
    zh: () => "llm-load-test 的输出应为 JSON 对象",
  }),
  noSummary: message({
    severity: "error",
    en: () => "the file has no summary object",
    zh: () => "文件中没有 summary 对象",
  }),
  statsExpected: message({
    severity: "error",
    en: (p: { value: string }) => `expected an object of statistics, got ${p.value}`,
    zh: (p) => `应为统计量对象，实际为 ${p.value}`,
  }),
  noLatency: message({
    severity: "error",
    en: () => "the summary has neither response_time nor ttft statistics",
    zh: () => "summary 中既没有 response_time 统计量，也没有 ttft 统计量",
  }),
  nonStreaming: message({
    severity: "warning",
    en: (p: { file: string }) => `${p.file}: non-streaming run: TTFT and ITL are unknown`,
    zh: (p) => `${p.file}: 非流式运行：TTFT 和 ITL 未知`,
  }),
});

export const nvMessages = defineMessages("nv", {
  // Two-block CSV (nv-csv.ts).
  cellNotNumber: message({
    severity: "error",
    en: (p: { label: string; column: string; text: string }) =>
      `"${p.label}" ${p.column}: ${JSON.stringify(p.text)} is not a number`,
    zh: (p) => `"${p.label}" ${p.column}：${JSON.stringify(p.text)} 不是数字`,
  }),
  valueNotNumber: message({
    severity: "error",
    en: (p: { label: string; text: string }) =>
      `"${p.label}": ${JSON.stringify(p.text)} is not a number`,
    zh: (p) => `"${p.label}"：${JSON.stringify(p.text)} 不是数字`,
  }),
  noStatTable: message({
    severity: "error",
    en: () => "no statistics table (header `Metric,avg,min,max,…`) was found",
    zh: () => "没有找到统计表（表头 `Metric,avg,min,max,…`）",
  }),
  missingTtftRow: message({
    severity: "error",
    en: (p: { label: string; present: readonly string[] }) =>
      `missing row "${p.label}": the statistics table has streaming rows (${p.present.join(", ")}) but no Time To First Token row`,
    zh: (p) =>
      `缺少 "${p.label}" 行：统计表有流式相关行（${p.present.join(", ")}），但没有 Time To First Token 行`,
  }),
  noLatencyRow: message({
    severity: "error",
    en: (p: { ttftLabel: string }) =>
      `the statistics table has neither a "${p.ttftLabel}" nor a "Request Latency (ms)" row`,
    zh: (p) => `统计表中既没有 "${p.ttftLabel}" 行，也没有 "Request Latency (ms)" 行`,
  }),
  noTtftRow: message({
    severity: "warning",
    en: (p: { file: string }) =>
      `${p.file}: no Time To First Token row (non-streaming run): TTFT and ITL/TPOT are unknown`,
    zh: (p) => `${p.file}: 没有 Time To First Token 行（非流式运行）：TTFT 和 ITL/TPOT 未知`,
  }),
  noValueTable: message({
    severity: "warning",
    en: (p: { file: string }) =>
      `${p.file}: no "Metric,Value" table: request and token throughput are unknown`,
    zh: (p) => `${p.file}: 没有 "Metric,Value" 表：请求吞吐和 token 吞吐未知`,
  }),
  // JSON exports (nv-json.ts, nv-metrics.ts, genai-perf.ts, aiperf.ts).
  noLatencyKey: message({
    severity: "error",
    en: () => "neither time_to_first_token nor request_latency is present",
    zh: () => "time_to_first_token 和 request_latency 都不存在",
  }),
  ttftMissingStreaming: message({
    severity: "error",
    en: () => "missing time_to_first_token although inter_token_latency is present (streaming run)",
    zh: () => "缺少 time_to_first_token，但有 inter_token_latency（流式运行）",
  }),
  sessionConcurrency: message({
    severity: "warning",
    en: (p: { file: string; value: number }) =>
      `${p.file}: multi-turn run: session_concurrency ${p.value} used as concurrency`,
    zh: (p) => `${p.file}: 多轮会话运行：以 session_concurrency ${p.value} 作为并发`,
  }),
  cancelled: message({
    severity: "warning",
    en: (p: { file: string }) => `${p.file}: the benchmark was cancelled before it finished`,
    zh: (p) => `${p.file}: 压测在完成前被取消`,
  }),
  notGenaiPerf: message({
    severity: "error",
    en: () =>
      "not a GenAI-Perf CSV (header `Metric,avg,min,max,p99,…`) or JSON export (metric objects plus input_config)",
    zh: () =>
      "不是 GenAI-Perf 的 CSV（表头 `Metric,avg,min,max,p99,…`）或 JSON 导出（指标对象加 input_config）",
  }),
  notAiperf: message({
    severity: "error",
    en: () => "not an AIPerf CSV, JSON, profile_export.jsonl or sweep aggregate",
    zh: () => "不是 AIPerf 的 CSV、JSON、profile_export.jsonl 或扫描汇总",
  }),
  // Per-request records profile_export.jsonl (nv-aiperf-records.ts).
  notRecord: message({
    severity: "error",
    en: () => "not an AIPerf record (expected metadata, metrics, error)",
    zh: () => "不是 AIPerf 记录（应有 metadata、metrics、error）",
  }),
  noProfilingRecords: message({
    severity: "error",
    en: () => "no profiling-phase records were found",
    zh: () => "没有找到 profiling 阶段的记录",
  }),
  aggregatedRecords: message({
    severity: "info",
    en: (p: { file: string }) =>
      `${p.file}: aggregated from per-request records (exact percentiles); rps and tokens/s use the span from the first request start to the last response`,
    zh: (p) =>
      `${p.file}: 由逐请求记录聚合（百分位为精确值）；rps 和 tokens/s 按从第一个请求开始到最后一个响应的时间跨度计算`,
  }),
  warmupLeftOut: message({
    severity: "info",
    en: (p: { file: string; count: number }) => `${p.file}: ${p.count} warm-up record(s) left out`,
    zh: (p) => `${p.file}: 已排除 ${p.count} 条预热记录`,
  }),
  // Sweep aggregate (nv-aiperf-sweep.ts).
  meanNotNumber: message({
    severity: "error",
    en: (p: { key: string; text: string }) => `${p.key} mean: ${p.text} is not a number`,
    zh: (p) => `${p.key} mean：${p.text} 不是数字`,
  }),
  meansOverTrials: message({
    severity: "info",
    en: (p: { file: string }) => `${p.file}: values are means over several trials per level`,
    zh: (p) => `${p.file}: 数值为每个负载档位多次试验的平均值`,
  }),
  noCombinations: message({
    severity: "error",
    en: () => "the sweep aggregate has no per-combination rows",
    zh: () => "扫描汇总中没有按参数组合的行",
  }),
  empty: message({
    severity: "error",
    en: () => "file is empty",
    zh: () => "文件为空",
  }),
});

/** The catalogues of this family (registered through ./index.ts). */
export const tableCatalogues: readonly Catalogue[] = [
  tableMessages,
  markdownMessages,
  llmLoadTestMessages,
  nvMessages,
] as unknown as Catalogue[];
