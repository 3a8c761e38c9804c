/**
 * Messages of the GuideLLM importers (guidellm.ts, guidellm-csv.ts): codes `guidellm.*`,
 * docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";

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
