/**
 * Problems of a SKU's KV memory (src/engine/plan/plan-kv.ts, code `kv.*`, docs/memory.md): a
 * model whose weights do not fit, a workload whose context limits the concurrency, a request
 * longer than the whole cache, and a model or GPU the catalogue does not know.
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message } from "../base/problems";

const gib = (x: number): string => fmtNum(x, 2);

export const kvMessages = defineMessages("kv", {
  weightsDoNotFit: message({
    severity: "warning",
    en: (p: {
      model: string;
      gpus: number;
      gpu: string;
      needGiB: number;
      usableGiB: number;
      shortGiB: number;
    }) =>
      `${p.model} does not fit in ${p.gpus} × ${p.gpu}: weights, activations and runtime need ${gib(p.needGiB)} GiB of the ${gib(p.usableGiB)} GiB usable, ${gib(p.shortGiB)} GiB short, leaving no KV cache`,
    zh: (p) =>
      `${p.model} 无法放入 ${p.gpus} × ${p.gpu}：权重、激活与运行时需要 ${gib(p.needGiB)} GiB，可用仅 ${gib(p.usableGiB)} GiB，缺 ${gib(p.shortGiB)} GiB，没有 KV 缓存空间`,
  }),
  limited: message({
    severity: "warning",
    en: (p: {
      workload: string;
      concurrency: number;
      maxConcurrency: number;
      perRequestTokens: number;
      tokens: number;
      tokS: number;
    }) =>
      `${p.workload}: the KV cache holds ${fmtNum(p.tokens, 0)} tokens, so only ${fmtNum(p.maxConcurrency, 0)} requests of ${fmtNum(p.perRequestTokens, 0)} tokens fit at once, not the operating point's ${fmtNum(p.concurrency, 0)}; capacity read from the curve at concurrency ${fmtNum(p.maxConcurrency, 0)}: ${fmtNum(p.tokS, 1)} tok/s (longer contexts than the sweep's would be preempted or run out of memory)`,
    zh: (p) =>
      `${p.workload}：KV 缓存可容纳 ${fmtNum(p.tokens, 0)} 个 token，每请求 ${fmtNum(p.perRequestTokens, 0)} 个 token 时只能同时容纳 ${fmtNum(p.maxConcurrency, 0)} 个请求，而非运行点的 ${fmtNum(p.concurrency, 0)} 个；容量按曲线在并发 ${fmtNum(p.maxConcurrency, 0)} 处读取：${fmtNum(p.tokS, 1)} tok/s（比扫描更长的上下文会被抢占或显存不足）`,
  }),
  requestTooLong: message({
    severity: "warning",
    en: (p: { workload: string; perRequestTokens: number; tokens: number }) =>
      `${p.workload}: one request of ${fmtNum(p.perRequestTokens, 0)} tokens needs more KV cache than the replica holds (${fmtNum(p.tokens, 0)} tokens)`,
    zh: (p) =>
      `${p.workload}：单个 ${fmtNum(p.perRequestTokens, 0)} token 的请求所需 KV 缓存超过副本容量（${fmtNum(p.tokens, 0)} 个 token）`,
  }),
  unknownModel: message({
    severity: "warning",
    en: (p: { model: string }) =>
      `model "${p.model}" is not in the model catalogue (models/llms.json), so its KV memory is not estimated`,
    zh: (p) => `模型 "${p.model}" 不在模型目录（models/llms.json）中，无法估算 KV 内存`,
  }),
  unknownGpu: message({
    severity: "warning",
    en: (p: { gpu: string | null }) =>
      p.gpu
        ? `GPU "${p.gpu}" is not in the GPU catalogue (models/gpus.json), so the KV memory is not estimated`
        : "the SKU names no catalogue gpu, so its KV memory is not estimated",
    zh: (p) =>
      p.gpu
        ? `GPU "${p.gpu}" 不在 GPU 目录（models/gpus.json）中，无法估算 KV 内存`
        : "该 SKU 未指定目录中的 gpu，无法估算 KV 内存",
  }),
});
