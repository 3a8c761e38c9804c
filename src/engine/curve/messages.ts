/**
 * Problems of the operating point under SLOs (src/engine/curve/slo.ts, code `slo.*`). See
 * docs/operating-point.md and docs/problems.md. Chinese terms follow the seed article: 运行点
 * (operating point), 负载档位 (load level), 吞吐 (throughput), 并发 (concurrency).
 *
 * A load level is a parameter pair: the sweep's load axis `kind` (`concurrency`, `requestRate`,
 * `rps`, or null when unknown) and the value (a number, `"inf"` for an unbounded request rate,
 * or null), so both languages write the same digits.
 */
import { fmtNum } from "../base/number-format";
import { loadLabel, type LoadKind } from "./load";
import { defineMessages, message } from "../base/problems";

/** A load value as a parameter: a number, `"inf"` (∞, which JSON cannot hold), or null. */
export type LoadParam = number | "inf" | null;

/** `v` as a {@link LoadParam}. */
export function loadParam(v: number | null | undefined): LoadParam {
  if (v === null || v === undefined || Number.isNaN(v)) return null;
  return v === Infinity ? "inf" : v;
}

const num = (v: LoadParam): number | null => (v === "inf" ? Infinity : v);
type Kind = LoadKind | null;

/** The words of a load level in English (`loadLabel`). */
export function loadEn(kind: Kind, v: LoadParam): string {
  return loadLabel(kind, num(v));
}

/** The words of a load level in Chinese: 并发 8, 请求速率 4 req/s, 实测 4.2 req/s, 未知负载. */
export function loadZh(kind: Kind, v: LoadParam): string {
  const x = num(v);
  if (x === null || kind === null) return "未知负载";
  const s = fmtNum(x, 2);
  if (kind === "concurrency") return `并发 ${s}`;
  if (kind === "requestRate") return `请求速率 ${s} req/s`;
  return `实测 ${s} req/s`;
}

/** The load axis of a sweep in Chinese (the sort message). */
const KIND_ZH: Record<string, string> = {
  concurrency: "并发",
  requestRate: "请求速率",
  rps: "RPS",
  position: "原始位置",
};

/** What a missing statistic's sweep has: `TTFT p50, p99`, or none of that metric. */
type MissingP = {
  slo: string;
  missingAt: number;
  n: number;
  metric: string;
  available: readonly string[];
  ntpot: boolean;
};
const missingPart = (p: MissingP, lang: "en" | "zh"): string =>
  p.missingAt < p.n
    ? lang === "en"
      ? ` at ${p.missingAt} of ${p.n} points`
      : `（${p.n} 个点中有 ${p.missingAt} 个缺失）`
    : "";

/** The constraint that reaches its limit: an SLO (`slo`, `maxMs`) or the failed share (`slo` null, `maxPct`). */
type BindP = { slo: string | null; maxMs: number; maxPct: number };
const bindEn = (p: BindP): string =>
  p.slo !== null
    ? `${p.slo} reaches its ${fmtNum(p.maxMs)} ms limit`
    : `the failed share reaches its ${fmtNum(p.maxPct)} % limit`;

export const sloMessages = defineMessages("slo", {
  noPoints: message({
    severity: "warning",
    en: () => "the sweep has no points: the operating point is unknown",
    zh: () => "扫描没有数据点：运行点未知",
  }),
  sorted: message({
    severity: "info",
    en: (p: { by: string }) =>
      `the sweep's points were not in load order; they were sorted by ${p.by}`,
    zh: (p) => `扫描的数据点未按负载顺序排列，已按${KIND_ZH[p.by] ?? p.by}排序`,
  }),
  substituted: message({
    severity: "info",
    en: (p: { slo: string; used: string; metric: string }) =>
      `SLO ${p.slo} evaluated on ${p.used}: the sweep has no ${p.metric}`,
    zh: (p) => `SLO ${p.slo} 改用 ${p.used} 判断：该扫描没有 ${p.metric}`,
  }),
  noLimit: message({
    severity: "warning",
    en: (p: { slo: string; got: string }) =>
      `SLO ${p.slo} has no valid limit (${p.got}): it cannot be checked`,
    zh: (p) => `SLO ${p.slo} 没有有效的上限（${p.got}），无法检查`,
  }),
  missing: message({
    severity: "warning",
    en: (p: MissingP) =>
      `${p.slo} is missing${missingPart(p, "en")}; ` +
      (p.available.length
        ? `this sweep has ${p.metric} ${p.available.join(", ")}`
        : `this sweep has no ${p.metric} statistics`) +
      (p.ntpot
        ? "; it has NTPOT (end-to-end latency ÷ output tokens, which includes the time to first token), a different measure that is not substituted: add an SLO on ntpot to judge this sweep by it"
        : ""),
    zh: (p) =>
      `缺少 ${p.slo}${missingPart(p, "zh")}；` +
      (p.available.length
        ? `该扫描的 ${p.metric} 只有 ${p.available.join(", ")}`
        : `该扫描没有 ${p.metric} 统计量`) +
      (p.ntpot
        ? "；它有 NTPOT（端到端延迟 ÷ 输出 token 数，包含首 token 时间），这是另一种度量，不会替代使用：如需按它判断，请添加 ntpot 的 SLO"
        : ""),
  }),
  failedUnknown: message({
    severity: "warning",
    en: (p: { unknown: number; n: number }) =>
      `failed requests are recorded without a count of completed ones at ${p.unknown} of ${p.n} points: the failed share is unknown there`,
    zh: (p) =>
      `${p.n} 个点中有 ${p.unknown} 个记录了失败请求但没有成功请求数：这些点的失败占比未知`,
  }),
  nonMonotone: message({
    severity: "warning",
    en: (p: { kind: Kind; at: LoadParam; after: LoadParam; slos: boolean }) =>
      `non-monotone data: ${loadEn(p.kind, p.at)} ${p.slos ? "meets all SLOs" : "passes"} again after ${loadEn(p.kind, p.after)} did not; ignored`,
    zh: (p) =>
      p.slos
        ? `数据不单调：${loadZh(p.kind, p.after)} 未满足 SLO，但更高的${loadZh(p.kind, p.at)}又全部满足；已忽略`
        : `数据不单调：${loadZh(p.kind, p.after)} 未通过，但更高的${loadZh(p.kind, p.at)}又通过了；已忽略`,
  }),
  cannotCheck: message({
    severity: "warning",
    en: (p: { kind: Kind; at: LoadParam }) =>
      `the SLOs cannot be checked at ${loadEn(p.kind, p.at)}: a statistic is missing, so feasibility is unknown`,
    zh: (p) => `无法在${loadZh(p.kind, p.at)} 处检查 SLO：缺少统计量，可行性未知`,
  }),
  infeasibleSlo: message({
    severity: "warning",
    en: (p: {
      slo: string;
      valueMs: number;
      kind: Kind;
      at: LoadParam;
      overMs: number;
      overPct: number | null;
      maxMs: number;
    }) =>
      `infeasible: ${p.slo} is ${fmtNum(p.valueMs)} ms at the lowest load (${loadEn(p.kind, p.at)}), ${fmtNum(p.overMs)} ms (${fmtNum(p.overPct ?? Infinity)} %) over the ${fmtNum(p.maxMs)} ms limit`,
    zh: (p) =>
      `不可行：最低负载（${loadZh(p.kind, p.at)}）下 ${p.slo} 为 ${fmtNum(p.valueMs)} ms，超出 ${fmtNum(p.maxMs)} ms 上限 ${fmtNum(p.overMs)} ms（${fmtNum(p.overPct ?? Infinity)} %）`,
  }),
  infeasibleFailed: message({
    severity: "warning",
    en: (p: { sharePct: number; kind: Kind; at: LoadParam; maxPct: number }) =>
      `infeasible: ${fmtNum(p.sharePct)} % of requests failed at the lowest load (${loadEn(p.kind, p.at)}), over the ${fmtNum(p.maxPct)} % limit`,
    zh: (p) =>
      `不可行：最低负载（${loadZh(p.kind, p.at)}）下失败请求占 ${fmtNum(p.sharePct)} %，超过 ${fmtNum(p.maxPct)} % 上限`,
  }),
  noThroughput: message({
    severity: "info",
    en: () =>
      "throughput is not recorded at every passing point: the operating point is the highest passing load",
    zh: () => "并非每个达标点都记录了吞吐：运行点取达标的最高负载",
  }),
  pastPeak: message({
    severity: "info",
    en: (p: {
      kind: Kind;
      at: LoadParam;
      higher: LoadParam;
      higherThr: number;
      thr: number;
      unit: string;
    }) =>
      `the operating point is ${loadEn(p.kind, p.at)}, where throughput peaks: the higher passing load ${loadEn(p.kind, p.higher)} gives less (${fmtNum(p.higherThr)} vs ${fmtNum(p.thr)} ${p.unit})`,
    zh: (p) =>
      `运行点取吞吐最高的${loadZh(p.kind, p.at)}：更高且达标的${loadZh(p.kind, p.higher)} 吞吐更低（${fmtNum(p.higherThr)} 对 ${fmtNum(p.thr)} ${p.unit}）`,
  }),
  allPassHighest: message({
    severity: "info",
    en: (p: { kind: Kind; at: LoadParam }) =>
      `every point meets the SLOs: the operating point is the highest load measured (${loadEn(p.kind, p.at)}); capacity may be higher`,
    zh: (p) =>
      `所有点都满足 SLO：运行点取测得的最高负载（${loadZh(p.kind, p.at)}），实际容量可能更高`,
  }),
  noSlos: message({
    severity: "info",
    en: () => "no SLOs given: the operating point is the highest load measured",
    zh: () => "未设置 SLO：运行点取测得的最高负载",
  }),
  allPassPeak: message({
    severity: "info",
    en: (p: { kind: Kind; at: LoadParam }) =>
      `every point meets the SLOs: the operating point is ${loadEn(p.kind, p.at)}, where throughput peaks`,
    zh: (p) => `所有点都满足 SLO：运行点取吞吐最高的${loadZh(p.kind, p.at)}`,
  }),
  noInterpolation: message({
    severity: "warning",
    en: (p: { kind: Kind; toward: LoadParam; at: LoadParam }) =>
      `cannot interpolate toward ${loadEn(p.kind, p.toward)}: used the last passing point (${loadEn(p.kind, p.at)})`,
    zh: (p) =>
      `无法向${loadZh(p.kind, p.toward)} 插值：改用最后一个达标点（${loadZh(p.kind, p.at)}）`,
  }),
  staysMeasured: message({
    severity: "info",
    en: (p: BindP & { kind: Kind; at: LoadParam; thr: number | null; best: LoadParam }) =>
      `${bindEn(p)} at ${loadEn(p.kind, p.at)}, but throughput there (${fmtNum(p.thr ?? Number.NaN)}) is not above ${loadEn(p.kind, p.best)}'s: the operating point stays measured`,
    zh: (p) =>
      `${p.slo !== null ? `${p.slo} 在${loadZh(p.kind, p.at)} 达到 ${fmtNum(p.maxMs)} ms 上限` : `失败请求占比在${loadZh(p.kind, p.at)} 达到 ${fmtNum(p.maxPct)} % 上限`}，但那里的吞吐（${fmtNum(p.thr ?? Number.NaN)}）不高于${loadZh(p.kind, p.best)}：运行点仍取实测点`,
  }),
  interpolated: message({
    severity: "info",
    en: (p: BindP & { kind: Kind; at: LoadParam; from: LoadParam; toward: LoadParam }) =>
      `operating point interpolated to ${loadEn(p.kind, p.at)} between ${loadEn(p.kind, p.from)} and ${loadEn(p.kind, p.toward)}, where ${bindEn(p)}`,
    zh: (p) =>
      `运行点插值到${loadZh(p.kind, p.at)}（介于${loadZh(p.kind, p.from)} 与${loadZh(p.kind, p.toward)} 之间），此时` +
      (p.slo !== null
        ? ` ${p.slo} 达到 ${fmtNum(p.maxMs)} ms 上限`
        : `失败请求占比达到 ${fmtNum(p.maxPct)} % 上限`),
  }),
});
