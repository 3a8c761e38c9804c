/**
 * Messages of the inference-perf importer (inference-perf.ts): codes `inferencePerf.*`,
 * docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";

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
