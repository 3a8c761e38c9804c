/**
 * What the app shows of error bars, sensitivity and goal seek (docs/uncertainty.md): the ranges
 * written beside replicas and costs ("14–16"), the sentence of a replica range that straddles a
 * step, the words of the what-if panel in English and Chinese, and a few pure helpers.
 */
import type { SkuResult } from "../../engine/plan/plan-result";
import type { SensitivityOf } from "../../engine/whatif/sensitivity";
import { fmtMoney, fmtValue } from "../format";

type Lang = "en" | "zh";

export const WHATIF_WORDS = {
  en: {
    errorBars: "Error bars (95 %)",
    noRepeats: "no repeats",
    steady: (n: string) => `${n} replicas at both ends`,
    straddles: (lo: string, hi: string) =>
      `${lo}–${hi} replicas: the range straddles a step, so the fleet size depends on which run was right`,
    rangeNote:
      "95 % t-interval of the measured capacity over the repeated runs: low replicas and cost at its high end, high ones at its low end (docs/uncertainty.md)",
    whatIf: "What if",
    tornadoTitle: (sku: string, of: string, pct: string) => `${sku}: ${of}, each input ±${pct} %`,
    sku: "SKU",
    result: "Result",
    step: "Step",
    low: (pct: string) => `−${pct} %`,
    high: (pct: string) => `+${pct} %`,
    noSensitivity: "No SKU could be planned: nothing to vary.",
    ask: "What would make this …?",
    askHint: "Select a computed cell (replicas, GPUs, a cost) in the table above.",
    dialogTitle: (what: string) => `What would make ${what} …?`,
    reach: "reach",
    vary: "by changing",
    solve: "Solve",
    apply: "Use this value",
    close: "Close",
    found: (vary: string, v: string, achieved: string) => `${vary} = ${v} gives ${achieved}.`,
    now: (v: string) => `Now ${v}.`,
    of: {
      replicas: "Replicas",
      costPerHour: "Cost / hour",
      costPerMonth: "Cost / month",
      costPerMillionOutputTokens: "Cost / 1M output tokens",
    } satisfies Record<SensitivityOf, string>,
  },
  zh: {
    errorBars: "误差范围（95 %）",
    noRepeats: "无重复运行",
    steady: (n: string) => `两端均为 ${n} 个副本`,
    straddles: (lo: string, hi: string) =>
      `${lo}–${hi} 个副本：范围跨过一个台阶，集群规模取决于哪次运行更准`,
    rangeNote:
      "重复运行实测容量的 95 % t 区间：容量取上限时副本数与成本取低值，取下限时取高值（docs/uncertainty.md）",
    whatIf: "假设分析",
    tornadoTitle: (sku: string, of: string, pct: string) => `${sku}：${of}，每个输入 ±${pct} %`,
    sku: "SKU",
    result: "结果",
    step: "幅度",
    low: (pct: string) => `−${pct} %`,
    high: (pct: string) => `+${pct} %`,
    noSensitivity: "没有可规划的 SKU：无可变动的输入。",
    ask: "怎样才能让它 …？",
    askHint: "先在上表中选中一个计算出的单元格（副本数、GPU 数或成本）。",
    dialogTitle: (what: string) => `怎样才能让 ${what} …？`,
    reach: "达到",
    vary: "改变",
    solve: "求解",
    apply: "采用此值",
    close: "关闭",
    found: (vary: string, v: string, achieved: string) => `${vary} = ${v} 时结果为 ${achieved}。`,
    now: (v: string) => `当前为 ${v}。`,
    of: {
      replicas: "副本数",
      costPerHour: "每小时成本",
      costPerMonth: "每月成本",
      costPerMillionOutputTokens: "每百万输出 token 成本",
    } satisfies Record<SensitivityOf, string>,
  },
};

/** The comparison rows that carry a range, and the interval pair each reads. */
const RANGE_OF: Record<string, keyof NonNullable<SkuResult["interval"]>> = {
  replicas: "replicas",
  perHour: "costPerHour",
  perMillion: "costPerMillionOutputTokens",
};

/** The range written beside a comparison cell ("14–16", "$20.93–$23.92"); "" without one. */
export function rangeText(sku: SkuResult, key: string, lang: Lang, currency: string): string {
  const pair = RANGE_OF[key] ? sku.interval?.[RANGE_OF[key]] : undefined;
  if (!pair || pair[0] === null || pair[1] === null) return "";
  const f = (v: number) => (key === "replicas" ? fmtValue(v, 0) : fmtMoney(v, currency, lang));
  return pair[0] === pair[1] ? f(pair[0]) : `${f(pair[0])}–${f(pair[1])}`;
}

/** The error-bar row's words for a SKU: the replica range, said in words when it straddles a step. */
export function intervalSentence(sku: SkuResult, lang: Lang): string {
  const w = WHATIF_WORDS[lang];
  const r = sku.interval?.replicas;
  if (!r) return sku.capacity ? w.noRepeats : "";
  if (r[0] === null || r[1] === null) return "—";
  return r[0] === r[1]
    ? w.steady(fmtValue(r[0], 0))
    : w.straddles(fmtValue(r[0], 0), fmtValue(r[1], 0));
}
