/**
 * Problems of the plan computation (src/engine/plan/plan.ts, code `plan.*`): a SKU's sweep references,
 * its inputs, why it is infeasible, and the recommendation. See docs/operating-point.md and
 * docs/problems.md. Chinese terms follow the seed article: 运行点 (operating point), 扫描 (sweep),
 * 负载 (workload).
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message } from "../base/problems";
import { loadEn, loadZh, type LoadParam } from "../curve/messages";
import type { LoadKind } from "../curve/load";

/** Tokens/s as the plan writes them (one decimal). */
const f1 = (x: number): string => fmtNum(x, 1);

export const planMessages = defineMessages("plan", {
  fileNotRead: message({
    severity: "error",
    en: (p: { file: string }) => `sweep file ${p.file} was not read`,
    zh: (p) => `扫描文件 ${p.file} 未读取`,
  }),
  givenNotNumber: message({
    severity: "error",
    en: () => "replicaOutputTokensPerSec is not a number",
    zh: () => "replicaOutputTokensPerSec 不是数字",
  }),
  noSweep: message({
    severity: "error",
    en: () => "no sweep for this workload",
    zh: () => "该负载没有扫描数据",
  }),
  sloLimitError: message({
    severity: "warning",
    en: (p: { index: number }) => `slo[${p.index}].maxMs has an error, so no SLO can be checked`,
    zh: (p) => `slo[${p.index}].maxMs 有错误，因此无法检查任何 SLO`,
  }),
  maxErrorRateInvalid: message({
    severity: "warning",
    en: (p: { value: number | null }) =>
      `maxErrorRatePct ${p.value !== null ? `is ${p.value}, not a percentage ≥ 0` : "has an error"}, so no load level can be checked`,
    zh: (p) =>
      `maxErrorRatePct ${p.value !== null ? `为 ${p.value}，不是 ≥ 0 的百分比` : "有错误"}，无法检查任何负载档位`,
  }),
  capacityGiven: message({
    severity: "warning",
    en: (p: { workload: string; tokS: number }) =>
      `capacity for ${p.workload} is given (${f1(p.tokS)} tok/s), so the SLOs were not checked against a sweep`,
    zh: (p) => `${p.workload} 的容量为给定值（${f1(p.tokS)} tok/s），因此未用扫描数据检查 SLO`,
  }),
  givenNotPositive: message({
    severity: "error",
    en: (p: { got: number }) => `replicaOutputTokensPerSec must be positive, got ${p.got}`,
    zh: (p) => `replicaOutputTokensPerSec 必须是正数，实际为 ${p.got}`,
  }),
  tokensFromRps: message({
    severity: "warning",
    en: (p: { outputTokens: number }) =>
      `the sweep has no output tokens/s; used rps × ${p.outputTokens} output tokens per request`,
    zh: (p) => `扫描没有输出 tokens/s；改用 rps × 每请求 ${p.outputTokens} 个输出 token`,
  }),
  noOutputTokens: message({
    severity: "error",
    en: () => "the operating point has no output tokens/s",
    zh: () => "运行点没有输出 tokens/s",
  }),
  failedAtLowest: message({
    severity: "error",
    en: (p: { sharePct: number; load: string; maxPct: number }) =>
      `${f1(p.sharePct)} % of requests fail already at the lowest load (${p.load}), over the ${f1(p.maxPct)} % limit (maxErrorRatePct)`,
    zh: (p) =>
      `最低负载（${p.load}）下就有 ${f1(p.sharePct)} % 的请求失败，超过 ${f1(p.maxPct)} % 上限（maxErrorRatePct）`,
  }),
  sloAtLowest: message({
    severity: "error",
    en: (p: {
      slo: string;
      load: string;
      valueMs: number;
      overMs: number;
      overPct: number | null;
    }) =>
      `${p.slo} fails already at the lowest load (${p.load}): ${f1(p.valueMs)} ms, ${f1(p.overMs)} ms (${f1(p.overPct ?? Infinity)} %) over`,
    zh: (p) =>
      `${p.slo} 在最低负载（${p.load}）下就不满足：${f1(p.valueMs)} ms，超出 ${f1(p.overMs)} ms（${f1(p.overPct ?? Infinity)} %）`,
  }),
  statsMissing: message({
    severity: "error",
    en: (p: { slos: readonly string[]; available: readonly string[] }) =>
      p.slos.map((s, i) => `${s} is missing; the sweep has ${p.available[i] || "none"}`).join("; "),
    zh: (p) =>
      p.slos
        .map((s, i) =>
          p.available[i]
            ? `缺少 ${s}；该扫描只有 ${p.available[i]}`
            : `缺少 ${s}；该扫描没有该指标的统计量`,
        )
        .join("；"),
  }),
  workloadInputErrors: message({
    severity: "error",
    en: (p: { workload: string }) => `workload ${p.workload} has errors in its inputs`,
    zh: (p) => `负载 ${p.workload} 的输入有错误`,
  }),
  needsPositive: message({
    severity: "error",
    en: () => "needs a positive number",
    zh: () => "需要正数",
  }),
  needsNonNegative: message({
    severity: "error",
    en: () => "needs a number ≥ 0",
    zh: () => "需要 ≥ 0 的数",
  }),
  workloadNumbers: message({
    severity: "error",
    en: () => "peakRps, inputTokens and outputTokens are required numbers",
    zh: () => "peakRps、inputTokens 和 outputTokens 是必填的数字",
  }),
  elasticityNotNumber: message({
    severity: "error",
    en: () => "elasticity must be a number",
    zh: () => "elasticity 必须是数字",
  }),
  saturated: message({
    severity: "warning",
    en: (p: {
      kind: LoadKind | null;
      at: LoadParam;
      kneeKind: LoadKind | null;
      knee: LoadParam | undefined;
    }) =>
      `the operating point (${loadEn(p.kind, p.at)}) lies in the saturated zone${p.knee !== undefined ? ` (the knee is at ${loadEn(p.kneeKind, p.knee)})` : ""}: ` +
      "throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee",
    zh: (p) =>
      `运行点（${loadZh(p.kind, p.at)}）位于饱和区${p.knee !== undefined ? `（拐点在${loadZh(p.kneeKind, p.knee)}）` : ""}：此处吞吐几乎不随负载增长而延迟持续上升，负载稍有增加就可能违反 SLO；请预留余量或在拐点以下测量`,
  }),
  uncheckedRecommended: message({
    severity: "warning",
    en: (p: { sku: string; anyChecked: boolean }) =>
      `${p.sku} is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): ` +
      (p.anyChecked
        ? "no SKU with a checked sweep is feasible"
        : "no SKU has a sweep checked against the SLOs"),
    zh: (p) =>
      `推荐 ${p.sku}，但它的容量从未按 SLO 校验（是给定或估算值，不是实测）：${p.anyChecked ? "没有经过校验的 SKU 满足要求" : "没有任何 SKU 的压测数据按 SLO 校验过"}`,
  }),
});
