/**
 * Messages of the NVIDIA GenAI-Perf / AIPerf importers (genai-perf.ts, aiperf.ts, nv-*.ts): codes
 * `nv.*`, docs/problems.md. A value read from a file is a parameter already shown (`shown`,
 * src/import/show.ts) and prints as is in both languages.
 */
import { defineMessages, message } from "../../engine/base/problems";

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
