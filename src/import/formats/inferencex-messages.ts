/**
 * Messages of the InferenceX importer (inferencex.ts): codes `inferencex.*`, docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";

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
