/**
 * Messages of the trtllm-bench importer (trtllm-bench.ts): codes `trtllm.*`, docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";

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
