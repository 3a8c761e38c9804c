/**
 * Messages of the llm-load-test importer (llm-load-test.ts): codes `llmLoadTest.*`,
 * docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";

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
