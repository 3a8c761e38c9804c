/**
 * Demand over time in the readable outputs (docs/schedules.md): the period line under the SKU
 * comparison of `capplan plan`, and the schedule section of `capplan report`, in English or
 * Chinese. Numbers through Intl (fmtValue, fmtMoney). Pure.
 */
import type { PlanResult, SkuResult } from "../engine/plan/plan";
import { fmtValue } from "../engine/base/number-format";
import type { RecommendBy } from "../engine/base/types";
import type { Lang } from "./i18n";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../engine/base/units";

const W = {
  en: {
    heading: "Demand over time (schedule)",
    period: (n: string, len: string, total: string) =>
      `Schedule: ${n} intervals of ${len} (one period: ${total}); the schedule costs are per period.`,
    rules: (min: string, lead: string) =>
      `Replicas kept running in every interval (minReplicas): ${min}; intervals a replica starts ahead of its demand (leadIntervals): ${lead}.`,
    sku: "SKU",
    busiest: "Replicas (busiest interval)",
    static: "Static (on demand)",
    autoscaled: "Autoscaled",
    reserved: "Reserved replicas",
    blended: "Reserved + on demand",
    saves: "saves",
    noReserved: "no reserved price",
    replicasOver: "Replicas per interval",
    infeasible: "cannot be sized",
    by: {
      peak: "cost at peak",
      static: "static cost",
      autoscaled: "autoscaled cost",
      blended: "reserved + on-demand cost",
    } as Record<RecommendBy, string>,
    cheapestBy: (by: string) => `The recommendation compares the ${by}.`,
    units: { s: "s", min: "min", h: "h", d: "days" },
  },
  zh: {
    heading: "随时间变化的需求（需求曲线）",
    period: (n: string, len: string, total: string) =>
      `需求曲线：${n} 个时段，每段 ${len}（一个周期 ${total}）；曲线相关成本均为每周期。`,
    rules: (min: string, lead: string) =>
      `每个时段至少运行的副本数（minReplicas）：${min}；副本提前启动的时段数（leadIntervals）：${lead}。`,
    sku: "SKU",
    busiest: "副本数（最忙时段）",
    static: "固定规模（按需）",
    autoscaled: "自动伸缩",
    reserved: "预留副本数",
    blended: "预留 + 按需",
    saves: "节省",
    noReserved: "无预留价格",
    replicasOver: "各时段副本数",
    infeasible: "无法估算",
    by: {
      peak: "峰值成本",
      static: "固定规模成本",
      autoscaled: "自动伸缩成本",
      blended: "预留 + 按需成本",
    } as Record<RecommendBy, string>,
    cheapestBy: (by: string) => `推荐按${by}比较。`,
    units: { s: "秒", min: "分钟", h: "小时", d: "天" },
  },
} as const;

/** A duration in the largest whole unit: 3600 → "1 h", 300 → "5 min", 604800 → "7 days". */
export function durationText(sec: number, lang: Lang): string {
  const u = W[lang].units;
  const sep = " ";
  if (sec >= SECONDS_PER_DAY && sec % SECONDS_PER_DAY === 0)
    return `${fmtValue(sec / SECONDS_PER_DAY, 0)}${sep}${u.d}`;
  if (sec >= SECONDS_PER_HOUR && sec % SECONDS_PER_HOUR === 0)
    return `${fmtValue(sec / SECONDS_PER_HOUR, 0)}${sep}${u.h}`;
  if (sec >= 60 && sec % 60 === 0) return `${fmtValue(sec / 60, 0)}${sep}${u.min}`;
  return `${fmtValue(sec, 3)}${sep}${u.s}`;
}

/** The first SKU schedule of the plan (they share the period), or null when the plan has none. */
function firstSchedule(r: PlanResult): NonNullable<SkuResult["schedule"]> | null {
  for (const s of r.skus) if (s.schedule) return s.schedule;
  return null;
}

/** The period line(s) under the comparison of `capplan plan` (empty without schedules). */
export function scheduleLines(r: PlanResult, lang: Lang): string[] {
  const sc = firstSchedule(r);
  const w = W[lang];
  const out: string[] = [];
  if (sc)
    out.push(
      w.period(
        fmtValue(sc.intervals, 0),
        durationText(sc.intervalSec, lang),
        durationText(sc.periodSec, lang),
      ),
    );
  if (r.recommendBy && r.recommendBy !== "peak") out.push(w.cheapestBy(w.by[r.recommendBy]));
  return out;
}

const pct = (x: number | null | undefined): string =>
  x == null || !Number.isFinite(x) ? "" : `${fmtValue(x * 100, 1)} %`;

/** The schedule section of `capplan report` (Markdown lines; empty when the plan has no schedule). */
export function scheduleSection(
  r: PlanResult,
  lang: Lang,
  fmtMoney: (x: number | null | undefined, currency: string, lang: Lang) => string,
): string[] {
  const sc = firstSchedule(r);
  if (!sc) return [];
  const w = W[lang];
  const money = (x: number | null | undefined) => fmtMoney(x, r.currency, lang);
  const [open, comma, close] = lang === "zh" ? ["（", "，", "）"] : [" (", ", ", ")"];
  const saving = (amount: number | null, frac: number | null) =>
    amount === null
      ? ""
      : `${open}${w.saves} ${money(amount)}${pct(frac) ? `${comma}${pct(frac)}` : ""}${close}`;
  const out = [
    "",
    `### ${w.heading}`,
    "",
    ...scheduleLines(r, lang),
    w.rules(fmtValue(sc.minReplicas, 0), fmtValue(sc.leadIntervals, 0)),
    "",
  ];
  out.push(
    `| ${w.sku} | ${w.busiest} | ${w.static} | ${w.autoscaled} | ${w.reserved} | ${w.blended} |`,
    "|---|---|---|---|---|---|",
  );
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  for (const s of r.skus) {
    const x = s.schedule;
    if (!x) {
      out.push(`| ${esc(s.name)} | ${w.infeasible} | — | — | — | — |`);
      continue;
    }
    const blended =
      x.blendedCost === null
        ? w.noReserved
        : `${money(x.blendedCost)}${saving(x.savings.blended, x.savings.blendedFraction)}`;
    out.push(
      `| ${esc(s.name)} | ${fmtValue(x.staticReplicas, 0)} | ${money(x.staticCost)} | ${money(x.autoscaledCost)}${saving(x.savings.autoscaled, x.savings.autoscaledFraction)} | ${x.reservedReplicas === null ? "—" : fmtValue(x.reservedReplicas, 0)} | ${blended} |`,
    );
  }
  // The replica schedule itself, when it is short enough to read (a day of hours, two days).
  if (sc.intervals <= 48) {
    out.push("", `${w.replicasOver}${lang === "zh" ? "：" : ":"}`, "");
    for (const s of r.skus)
      if (s.schedule)
        out.push(
          `- ${s.name}${lang === "zh" ? "：" : ": "}${s.schedule.replicas.map((n) => fmtValue(n, 0)).join(" · ")}`,
        );
  }
  return out;
}
