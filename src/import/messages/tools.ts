/**
 * Messages of the per-tool importers (vLLM, SGLang, the seed script, GuideLLM, LLMPerf, Locust,
 * inference-perf, InferenceX, trtllm-bench): import issues (`ImportIssue.problem`) and sweep
 * notes (`PartialSweep.problems`), see docs/problems.md. The English texts are the messages these
 * importers have always written (the CLI's text and `--json`); the Chinese uses the app's terms
 * (并发、吞吐、负载档位、扫描) and keeps keys, file names and metric names as written.
 */
import { type Catalogue, defineMessages, message } from "../../engine/base/problems";

/** A list parameter joined for a message (a non-array value as written). */
function list(v: unknown, sep = ", "): string {
  return Array.isArray(v) ? v.join(sep) : String(v);
}

/**
 * vLLM `benchmark_serving.py` / `vllm bench serve` / `vllm bench sweep serve` results, SGLang
 * `bench_serving` lines (they share the record reader, src/import/formats/vllm-record.ts) and the
 * seed article's sweep script.
 */
export const vllmMessages = defineMessages("vllm", {
  // Records skipped (ImportIssue code `skipped`).
  failedRun: message({
    severity: "warning",
    en: (p: { run: string; errorType: string; error: string }) =>
      `failed sweep run ${p.run} (${p.errorType}: ${p.error}); skipped`,
    zh: (p) => `扫描运行 ${p.run} 失败（${p.errorType}: ${p.error}）；已跳过`,
  }),
  failedRunCsv: message({
    severity: "warning",
    en: (p: { errorType: string }) => `failed sweep run (${p.errorType}); skipped`,
    zh: (p) => `扫描运行失败（${p.errorType}）；已跳过`,
  }),
  warmUp: message({
    severity: "warning",
    en: () => "warm-up run (run_number -1); skipped",
    zh: () => "预热运行（run_number -1）；已跳过",
  }),
  // Reading the records of a file.
  csvNoRuns: message({
    severity: "error",
    en: () => "summary.csv has a header but no runs",
    zh: () => "summary.csv 只有表头，没有运行记录",
  }),
  elementNotResult: message({
    severity: "error",
    en: (p: { index: number; tool: string }) =>
      `element ${p.index} is not a ${p.tool} result object`,
    zh: (p) => `第 ${p.index} 个元素不是 ${p.tool} 结果对象`,
  }),
  jsonNotResult: message({
    severity: "error",
    en: (p: { tool: string }) => `the JSON is not a ${p.tool} result object`,
    zh: (p) => `该 JSON 不是 ${p.tool} 结果对象`,
  }),
  lineNotResult: message({
    severity: "error",
    en: (p: { line: number; tool: string }) => `line ${p.line} is not a ${p.tool} result object`,
    zh: (p) => `第 ${p.line} 行不是 ${p.tool} 结果对象`,
  }),
  noResults: message({
    severity: "error",
    en: (p: { tool: string }) => `no ${p.tool} results in the file`,
    zh: (p) => `文件中没有 ${p.tool} 结果`,
  }),
  // One record (src/import/formats/vllm-record.ts).
  badRate: message({
    severity: "error",
    en: (p: { rate: number }) =>
      `request_rate is ${p.rate}; an offered rate must be positive (or "inf")`,
    zh: (p) => `request_rate 为 ${p.rate}；设定的请求速率必须为正数（或 "inf"）`,
  }),
  negativeLatency: message({
    severity: "error",
    en: (p: { key: string; value: number }) =>
      `${p.key} is ${p.value}; a latency cannot be negative`,
    zh: (p) => `${p.key} 为 ${p.value}；延迟不能为负`,
  }),
  noLatency: message({
    severity: "error",
    en: (p: { tool: string }) =>
      `no latency statistics (keys like mean_ttft_ms, median_itl_ms, p99_${p.tool === "SGLang" ? "e2e_latency" : "e2el"}_ms): not a usable ${p.tool} result`,
    zh: (p) =>
      `没有延迟统计量（如 mean_ttft_ms, median_itl_ms, p99_${p.tool === "SGLang" ? "e2e_latency" : "e2el"}_ms 等键）：不是可用的 ${p.tool} 结果`,
  }),
  badThroughput: message({
    severity: "error",
    en: (p: { key: string; value: string }) =>
      `${p.key} is ${p.value}; throughput must be a positive number`,
    zh: (p) => `${p.key} 为 ${p.value}；吞吐必须是正数`,
  }),
  completedZero: message({
    severity: "error",
    en: () => "completed is 0: no request succeeded in this run",
    zh: () => "completed 为 0：本次运行没有成功的请求",
  }),
  sglangMeasuredConcurrency: message({
    severity: "warning",
    en: () =>
      "concurrency is SGLang's measured average (sum of latencies / duration): the file records no limit or rate",
    zh: () => "并发是 SGLang 测得的平均值（延迟总和 / duration）：文件中没有记录并发上限或请求速率",
  }),
  rpsDerived: message({
    severity: "info",
    en: () => "achieved rps derived as completed / duration (the file has no request_throughput)",
    zh: () => "实测 rps 按 completed / duration 推算（文件中没有 request_throughput）",
  }),
  // Per-request arrays (src/import/formats/vllm-detailed.ts).
  arraysComputed: message({
    severity: "info",
    en: (p: { requests: number; stats: readonly string[] }) =>
      `statistics missing from the summary computed from the per-request arrays (${p.requests} requests, exact percentiles): ${list(p.stats)}`,
    zh: (p) =>
      `汇总中缺少的统计量已由逐请求数组算出（${p.requests} 个请求，百分位为精确值）：${list(p.stats)}`,
  }),
  noTokenStreamed: message({
    severity: "warning",
    en: (p: { count: number }) =>
      `${p.count} successful request(s) streamed no token (ttft 0 s); kept in the TTFT statistics as the tool does`,
    zh: (p) =>
      `${p.count} 个成功请求没有流式返回任何 token（ttft 0 s）；与原工具一致，仍计入 TTFT 统计`,
  }),
  arraysCompletedMismatch: message({
    severity: "warning",
    en: (p: { arrays: number | string; completed: number }) =>
      `the per-request arrays hold ${p.arrays} successful requests but the summary says completed = ${p.completed}`,
    zh: (p) => `逐请求数组中有 ${p.arrays} 个成功请求，但汇总中 completed = ${p.completed}`,
  }),
  // Sweep metadata (src/import/formats/vllm-meta.ts, sglang.ts).
  backendIsApi: message({
    severity: "warning",
    en: (p: { backend: string }) =>
      `backend "${p.backend}" names the client API, not the server: engine assumed "vllm"`,
    zh: (p) => `backend "${p.backend}" 指的是客户端 API，不是服务端：引擎按 "vllm" 处理`,
  }),
  gpusFromTpPp: message({
    severity: "info",
    en: (p: { gpus: number }) =>
      `GPUs per replica taken as tensor parallel × pipeline parallel from --metadata (${p.gpus})`,
    zh: (p) => `每副本 GPU 数取自 --metadata 中的张量并行 × 流水线并行（${p.gpus}）`,
  }),
  sglangNoModel: message({
    severity: "warning",
    en: () =>
      "the file does not record the model (SGLang bench_serving lines of this version have no model key)",
    zh: () => "文件中没有记录模型（该版本 SGLang bench_serving 的输出行没有 model 键）",
  }),
  // The seed article's sweep script (src/import/formats/seed-script.ts).
  seedNotDict: message({
    severity: "error",
    en: (p: { text: string }) => `not a dict of numbers: ${p.text}`,
    zh: (p) => `不是由数字组成的字典：${p.text}`,
  }),
  seedBadConcurrency: message({
    severity: "error",
    en: (p: { found: string }) => `concurrency must be a positive number, found ${p.found}`,
    zh: (p) => `concurrency 必须是正数，实际为 ${p.found}`,
  }),
  seedBadRps: message({
    severity: "error",
    en: (p: { found: string }) => `rps must be a positive number, found ${p.found}`,
    zh: (p) => `rps 必须是正数，实际为 ${p.found}`,
  }),
  seedBadLatency: message({
    severity: "error",
    en: (p: { key: string; found: string }) =>
      `${p.key} must be a latency ≥ 0 in seconds, found ${p.found}`,
    zh: (p) => `${p.key} 必须是以秒为单位、≥ 0 的延迟，实际为 ${p.found}`,
  }),
  seedNoLines: message({
    severity: "error",
    en: () => "no sweep lines ({'concurrency': …}) found",
    zh: () => "没有找到扫描输出行（{'concurrency': …}）",
  }),
  /** `concurrency`, `rawRps` and `rps` are parallel lists (one entry per line with an rps). */
  seedRawRps: message({
    severity: "info",
    en: (p: {
      concurrency: readonly number[];
      rawRps: readonly number[];
      rps: readonly number[];
    }) =>
      "rps in the seed script is total / sum(latency), one worker's rate; reported the service rate concurrency × rps (Little's law, docs/metrics.md): " +
      seedRates(p, (c) => `concurrency ${c}: `),
    zh: (p) =>
      `seed 脚本中的 rps 是 total / sum(latency)，即单个 worker 的速率；已按利特尔法则（docs/metrics.md）报告服务速率 = 并发 × rps：${seedRates(p, (c) => `并发 ${c}：`)}`,
  }),
  seedSeconds: message({
    severity: "info",
    en: () =>
      "p50/p99 are the script's end-to-end latency order statistics in seconds (lat[n//2], lat[int(n·0.99)−1]), converted to ms",
    zh: () =>
      "p50/p99 是脚本按秒计的端到端延迟顺序统计量（lat[n//2]、lat[int(n·0.99)−1]），已换算为 ms",
  }),
  /** `lines`: the first ten; `more`: there are others. */
  seedLinesIgnored: message({
    severity: "warning",
    en: (p: { lines: readonly number[]; more: boolean }) =>
      `lines ${list(p.lines)}${p.more ? ", …" : ""} are not sweep lines: ignored`,
    zh: (p) => `第 ${list(p.lines)}${p.more ? ", …" : ""} 行不是扫描输出行：已忽略`,
  }),
});

/** `concurrency 4: 1.7 → 6.8, …` of the seed script's rps note, each entry prefixed by `head`. */
function seedRates(
  p: { concurrency: readonly number[]; rawRps: readonly number[]; rps: readonly number[] },
  head: (c: unknown) => string,
): string {
  const at = (v: unknown, i: number): unknown => (Array.isArray(v) ? v[i] : v);
  const n = Array.isArray(p.concurrency) ? p.concurrency.length : 1;
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(`${head(at(p.concurrency, i))}${at(p.rawRps, i)} → ${at(p.rps, i)}`);
  return out.join(", ");
}

/** GuideLLM `benchmarks.json` and `benchmarks.csv` (src/import/formats/guidellm*.ts). */
export const guidellmMessages = defineMessages("guidellm", {
  notReport: message({
    severity: "error",
    en: () => "not a GuideLLM report (no benchmarks array)",
    zh: () => "不是 GuideLLM 报告（没有 benchmarks 数组）",
  }),
  v01: message({
    severity: "error",
    en: () =>
      "GuideLLM v0.1 report: it holds only raw per-request results without aggregates; re-run with GuideLLM ≥ 0.2 or export its results",
    zh: () =>
      "GuideLLM v0.1 报告：只有逐请求的原始结果，没有汇总统计；请用 GuideLLM ≥ 0.2 重新运行，或导出其结果",
  }),
  notGenerative: message({
    severity: "warning",
    en: (p: { index: number }) => `benchmarks[${p.index}] is not a generative benchmark; ignored`,
    zh: (p) => `benchmarks[${p.index}] 不是生成式压测；已忽略`,
  }),
  /** `strategy`: the strategy's `type_` as JSON (`"poisson"`, `null`). */
  measuredConcurrency: message({
    severity: "warning",
    en: (p: { index: number; strategy: string }) =>
      `GuideLLM: the strategy does not fix a load level; concurrency is the measured average request_concurrency (benchmarks[${p.index}], strategy ${p.strategy})`,
    zh: (p) =>
      `GuideLLM：该策略不固定负载档位；并发取测得的平均 request_concurrency（benchmarks[${p.index}], strategy ${p.strategy}）`,
  }),
  /** `strategy`: the CSV's strategy type as written, `?` when absent. */
  measuredConcurrencyCsv: message({
    severity: "warning",
    en: (p: { line: number; strategy: string }) =>
      `GuideLLM: the strategy does not fix a load level; concurrency is the measured average request_concurrency (line ${p.line}, strategy ${p.strategy})`,
    zh: (p) =>
      `GuideLLM：该策略不固定负载档位；并发取测得的平均 request_concurrency（line ${p.line}, strategy ${p.strategy}）`,
  }),
  noLoad: message({
    severity: "warning",
    en: (p: { index: number }) =>
      `benchmarks[${p.index}]: no load level in the strategy and no measured concurrency`,
    zh: (p) => `benchmarks[${p.index}]：策略中没有负载档位，也没有测得的并发`,
  }),
  v02Tpot: message({
    severity: "info",
    en: () =>
      "GuideLLM v0.2–v0.3 time_per_output_token_ms is (last − first token)/output tokens, none of the canonical metrics: not imported (tpot comes from inter_token_latency_ms)",
    zh: () =>
      "GuideLLM v0.2–v0.3 的 time_per_output_token_ms 是 (last − first token)/output tokens，不属于任何标准指标：未导入（tpot 取自 inter_token_latency_ms）",
  }),
  csvTooShort: message({
    severity: "error",
    en: () => "GuideLLM CSV needs 3 header rows and at least one benchmark row",
    zh: () => "GuideLLM CSV 需要 3 行表头和至少一行压测数据",
  }),
  csvPercentiles: message({
    severity: "warning",
    en: (p: { line: number; group: string; count: number; expected: number }) =>
      `line ${p.line}: "${p.group}" percentile list has ${p.count} values, expected ${p.expected}; ignored`,
    zh: (p) =>
      `第 ${p.line} 行："${p.group}" 的百分位列表有 ${p.count} 个值，应为 ${p.expected} 个；已忽略`,
  }),
  notCsv: message({
    severity: "error",
    en: () => "not a GuideLLM CSV (first header row must start with Run Info)",
    zh: () => "不是 GuideLLM CSV（第一行表头必须以 Run Info 开头）",
  }),
});

/** Ray LLMPerf summary and individual responses (src/import/formats/llmperf.ts). */
export const llmperfMessages = defineMessages("llmperf", {
  notSummary: message({
    severity: "error",
    en: () => "not an LLMPerf summary (no results_ttft_s_* keys)",
    zh: () => "不是 LLMPerf 汇总（没有 results_ttft_s_* 键）",
  }),
  notIndividual: message({
    severity: "error",
    en: () => "not LLMPerf individual responses (an array of records with ttft_s)",
    zh: () => "不是 LLMPerf 逐条响应（应为带 ttft_s 的记录数组）",
  }),
  summaryNoConcurrency: message({
    severity: "warning",
    en: () =>
      "LLMPerf summary has no num_concurrent_requests: the load level is unknown; give --concurrency N",
    zh: () => "LLMPerf 汇总中没有 num_concurrent_requests：负载档位未知；请用 --concurrency N 指定",
  }),
  ntpotSummary: message({
    severity: "info",
    en: () =>
      "LLMPerf inter_token_latency includes the TTFT (≈ e2e / output tokens): stored as ntpot; the file has no TPOT or ITL",
    zh: () =>
      "LLMPerf 的 inter_token_latency 包含 TTFT（≈ e2e / 输出 token 数）：存为 ntpot；文件中没有 TPOT 或 ITL",
  }),
  ntpotIndividual: message({
    severity: "info",
    en: () =>
      "LLMPerf inter_token_latency includes the TTFT (≈ e2e / output tokens): stored as ntpot; tpot is derived per request as (e2e − ttft)/(out − 1) with LLMPerf's Llama-2 tokenizer counts",
    zh: () =>
      "LLMPerf 的 inter_token_latency 包含 TTFT（≈ e2e / 输出 token 数）：存为 ntpot；tpot 按请求以 (e2e − ttft)/(out − 1) 推算，token 数用 LLMPerf 的 Llama-2 分词器计数",
  }),
  noTimestamps: message({
    severity: "warning",
    en: () =>
      "LLMPerf individual responses carry no timestamps: rps and tokens/s are unknown (import the _summary.json for throughput)",
    zh: () => "LLMPerf 逐条响应没有时间戳：rps 和 tokens/s 未知（吞吐请导入 _summary.json）",
  }),
  notObjects: message({
    severity: "warning",
    en: (p: { count: number }) => `${p.count} record(s) were not objects and were ignored`,
    zh: (p) => `${p.count} 条记录不是对象，已忽略`,
  }),
  individualNoConcurrency: message({
    severity: "warning",
    en: () =>
      "LLMPerf individual responses do not record the concurrency: the load level is unknown; give --concurrency N or put it in the path",
    zh: () => "LLMPerf 逐条响应没有记录并发：负载档位未知；请用 --concurrency N 指定，或写在路径中",
  }),
});

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

/** kubernetes-sigs inference-perf lifecycle reports (src/import/formats/inference-perf.ts). */
export const inferencePerfMessages = defineMessages("inferencePerf", {
  summarySkipped: message({
    severity: "warning",
    en: () =>
      "inference-perf summary report: it aggregates all stages (mixed load levels), so it is not a load level; skipped — import the stage_<n>_lifecycle_metrics.json files",
    zh: () =>
      "inference-perf 汇总报告：它聚合了所有阶段（混合多个负载档位），不是单个负载档位；已跳过——请导入 stage_<n>_lifecycle_metrics.json 文件",
  }),
  prometheusSkipped: message({
    severity: "warning",
    en: () =>
      "inference-perf Prometheus report (server-side metrics): not a load level; skipped — import the stage_<n>_lifecycle_metrics.json files",
    zh: () =>
      "inference-perf Prometheus 报告（服务端指标）：不是负载档位；已跳过——请导入 stage_<n>_lifecycle_metrics.json 文件",
  }),
  notLifecycle: message({
    severity: "error",
    en: () => "not an inference-perf lifecycle report (needs load_summary and successes.latency)",
    zh: () => "不是 inference-perf 生命周期报告（需要 load_summary 和 successes.latency）",
  }),
  achievedRate: message({
    severity: "warning",
    en: (p: { file: string; rate: number }) =>
      `${p.file}: no requested rate; used the achieved send rate ${p.rate} req/s as the load level`,
    zh: (p) => `${p.file}: 没有设定请求速率；以实测发送速率 ${p.rate} req/s 作为负载档位`,
  }),
  missingLoad: message({
    severity: "error",
    en: () => "stage has no requested_rate, concurrency or achieved_rate (or it is zero/negative)",
    zh: () => "该阶段没有 requested_rate、concurrency 或 achieved_rate（或其值为零/负数）",
  }),
  itlNearZero: message({
    severity: "warning",
    en: () =>
      "inference-perf inter_token_latency pools every token-to-token delta; tokens delivered in one streamed chunk share a timestamp, so its median is near 0 (below 10 % of the TPOT median): use tpot, not itl, for per-user speed SLOs",
    zh: () =>
      "inference-perf 的 inter_token_latency 汇总了所有相邻 token 的间隔；同一个流式分块中的 token 时间戳相同，所以其中位数接近 0（低于 TPOT 中位数的 10 %）：单用户速度的 SLO 请用 tpot 而不是 itl",
  }),
});

/** SemiAnalysis InferenceX aggregated results (src/import/formats/inferencex.ts). */
export const inferencexMessages = defineMessages("inferencex", {
  badShape: message({
    severity: "error",
    en: () => "expected an InferenceX result object or an array of them",
    zh: () => "应为 InferenceX 结果对象或其数组",
  }),
  badConc: message({
    severity: "error",
    en: (p: { found: string }) => `conc must be a positive number, found ${p.found}`,
    zh: (p) => `conc 必须是正数，实际为 ${p.found}`,
  }),
  badLatency: message({
    severity: "error",
    en: (p: { found: string }) => `latency must be ≥ 0, found ${p.found}`,
    zh: (p) => `延迟必须 ≥ 0，实际为 ${p.found}`,
  }),
  /** `basis`: how the GPU count was found (`tp = 4`, `num_prefill_gpu + num_decode_gpu = …`), as written in English. */
  perGpuAggregate: message({
    severity: "info",
    en: (p: { basis: string; gpus: number | string }) =>
      `tput_per_gpu / output_tput_per_gpu are per GPU (${p.basis}); tokens/s are the deployment aggregate from output_tput_tps / total_tput_tps (= per-GPU × ${p.gpus} GPUs)`,
    zh: (p) =>
      `tput_per_gpu / output_tput_per_gpu 是单 GPU 数值（${p.basis}）；tokens/s 取自 output_tput_tps / total_tput_tps 的整个部署合计（= 单 GPU × ${p.gpus} 张 GPU）`,
  }),
  perGpuDerived: message({
    severity: "info",
    en: (p: { basis: string }) =>
      `tput_per_gpu / output_tput_per_gpu are per GPU; reported the deployment aggregate = per-GPU × GPUs (${p.basis})`,
    zh: (p) =>
      `tput_per_gpu / output_tput_per_gpu 是单 GPU 数值；已报告整个部署合计 = 单 GPU × GPU 数（${p.basis}）`,
  }),
  seconds: message({
    severity: "info",
    en: () =>
      "latencies are in seconds in InferenceX aggregates (vLLM keys with _ms stripped): converted to ms",
    zh: () => "InferenceX 汇总中的延迟以秒为单位（vLLM 键去掉了 _ms）：已换算为 ms",
  }),
  agenticItl: message({
    severity: "info",
    en: () =>
      "agentic aggregate: itl and tpot hold the same AIPerf inter_token_latency values (per-request TPOT, docs/metrics.md): stored as tpot",
    zh: () =>
      "agentic 汇总：itl 和 tpot 是相同的 AIPerf inter_token_latency 值（逐请求 TPOT，docs/metrics.md）：存为 tpot",
  }),
  noRps: message({
    severity: "warning",
    en: () => "no request counts/duration in the file: rps not available",
    zh: () => "文件中没有请求数/时长：无法得到 rps",
  }),
});

/** TensorRT-LLM `trtllm-bench --report_json` (src/import/formats/trtllm-bench.ts). */
export const trtllmMessages = defineMessages("trtllm", {
  notObject: message({
    severity: "error",
    en: () => "a trtllm-bench report is a JSON object",
    zh: () => "trtllm-bench 报告应为 JSON 对象",
  }),
  badNumber: message({
    severity: "error",
    en: (p: { got: string }) => `expected a number, got ${p.got}`,
    zh: (p) => `应为数字，实际为 ${p.got}`,
  }),
  badPercentiles: message({
    severity: "error",
    en: (p: { got: string }) => `expected an object of percentiles, got ${p.got}`,
    zh: (p) => `应为百分位对象，实际为 ${p.got}`,
  }),
  noPerformance: message({
    severity: "error",
    en: () => "the report has no performance section",
    zh: () => "报告中没有 performance 部分",
  }),
  noThroughput: message({
    severity: "error",
    en: () => "neither request_throughput_req_s nor system_output_throughput_tok_s is present",
    zh: () => "request_throughput_req_s 和 system_output_throughput_tok_s 都不存在",
  }),
  measuredConcurrency: message({
    severity: "warning",
    en: (p: { file: string; concurrency: number }) =>
      `${p.file}: concurrency ${p.concurrency} is the measured average (request_info.avg_num_concurrent_requests), not a configured limit`,
    zh: (p) =>
      `${p.file}: 并发 ${p.concurrency} 是测得的平均值（request_info.avg_num_concurrent_requests），不是配置的上限`,
  }),
  notStreaming: message({
    severity: "warning",
    en: (p: { file: string }) =>
      `${p.file}: not a streaming run (no streaming_metrics): TTFT and TPOT are unknown`,
    zh: (p) => `${p.file}: 不是流式运行（没有 streaming_metrics）：TTFT 和 TPOT 未知`,
  }),
});

/** The catalogues of this family (registered through ./index.ts). */
export const toolsCatalogues: readonly Catalogue[] = [
  vllmMessages,
  guidellmMessages,
  llmperfMessages,
  locustMessages,
  inferencePerfMessages,
  inferencexMessages,
  trtllmMessages,
] as unknown as Catalogue[];
