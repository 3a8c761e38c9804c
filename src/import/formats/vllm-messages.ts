/**
 * Messages of the vLLM family of importers (vllm*.ts, sglang.ts, seed-script.ts: they share the
 * record reader vllm-record.ts): codes `vllm.*`, docs/problems.md. The English texts are the
 * messages these importers have always written (the CLI's text and `--json`); the Chinese uses the
 * app's terms (并发、吞吐、负载档位、扫描) and keeps keys, file names and metric names as written.
 */
import { defineMessages, message } from "../../engine/base/problems";
import { list } from "../messages/text";

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
