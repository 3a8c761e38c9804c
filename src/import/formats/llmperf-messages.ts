/**
 * Messages of the LLMPerf importer (llmperf.ts): codes `llmperf.*`, docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";

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
