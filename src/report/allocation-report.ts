/**
 * The report's team cost allocation section (docs/allocation.md), in English or Chinese: the
 * method stated in words (basis, weighting, idle, shared costs, rounding), each pool's cost and
 * idle line, each team's own, shared and total cost per day with its cost per 1M input and output
 * tokens, the shared lines, and the conservation check. Empty without an allocation.
 */
import type { PlanResult } from "../engine/plan/plan";
import type { TenantsResult } from "../engine/plan/plan-result";
import { fromMinor, minorUnitDigits, toMinor } from "../engine/finops/money";
import { fmtMoney, type Lang } from "./plan-output";

type Words = {
  heading: string;
  method: (t: TenantsResult, weights: string) => string;
  shared: (t: TenantsResult) => string;
  rounding: string;
  pools: string[];
  teams: string[];
  sharedHead: string[];
  conservation: (parts: string, total: string) => string;
  idle: string;
  unallocated: string;
  fallback: (pool: string) => string;
};

const W: Record<Lang, Words> = {
  en: {
    heading: "Team cost allocation",
    method: (t, weights) => {
      const tokens =
        t.method === "output"
          ? "output tokens"
          : t.method === "weighted"
            ? `weighted tokens (${weights})`
            : "input + output tokens";
      const basis =
        t.basis === "reservation"
          ? `Basis **reservation**: each team pays for max(reserved, used) replicas of a pool, where its used replicas are its ${tokens} ÷ the pool's daily capacity × the pool's replicas.`
          : `Basis **usage**: each team pays for the ${tokens} it uses.`;
      const idle =
        t.idle === "separate"
          ? t.basis === "reservation"
            ? "Idle capacity (replicas nobody is billed for) is kept as its own line."
            : "Teams pay their tokens at the capacity price (pool cost ÷ daily capacity); the unused capacity is kept as its own idle line."
          : t.basis === "reservation"
            ? "Idle capacity is spread over the teams in proportion to their billed replicas."
            : "Idle capacity is spread over the teams in proportion to their tokens (the pool cost is split by share of tokens).";
      return `${basis} ${idle}`;
    },
    shared: (t) =>
      t.shared.length
        ? `Shared costs are distributed after the pools, to teams only: ${t.shared.map((s) => `${s.name} (${s.split === "weighted" ? "in proportion to each team's pool cost" : s.split === "even" ? "evenly" : "not distributed: an unallocated line"})`).join("; ")}.`
        : "There are no shared costs.",
    rounding:
      "Every amount is rounded to the currency's minor unit by largest remainder (ties go to the team whose name sorts first), so the lines add up to the totals exactly.",
    pools: [
      "Pool",
      "Basis",
      "Cost / day",
      "Idle / day",
      "Cost / 1M input tokens",
      "Cost / 1M output tokens",
    ],
    teams: [
      "Team",
      "Own cost / day",
      "Shared / day",
      "Total / day",
      "Cost / 1M input tokens",
      "Cost / 1M output tokens",
    ],
    sharedHead: ["Shared cost", "Split", "Cost / day", "Unallocated / day"],
    conservation: (parts, total) =>
      `Check: teams + idle + unallocated = ${parts} = pools + shared costs ${total} per day.`,
    idle: "idle",
    unallocated: "unallocated",
    fallback: (pool) => `Pool ${pool} has no replicas or capacity, so it is allocated by usage.`,
  },
  zh: {
    heading: "团队成本分摊",
    method: (t, weights) => {
      const tokens =
        t.method === "output"
          ? "输出 token"
          : t.method === "weighted"
            ? `加权 token（${weights}）`
            : "输入 + 输出 token";
      const basis =
        t.basis === "reservation"
          ? `分摊基准 **预留**：每个团队按 max(预留副本, 使用副本) 付费，使用副本 = 该团队的${tokens} ÷ 资源池每日容量 × 资源池副本数。`
          : `分摊基准 **用量**：每个团队按所用的${tokens}付费。`;
      const idle =
        t.idle === "separate"
          ? t.basis === "reservation"
            ? "闲置容量（无人计费的副本）单列为闲置项。"
            : "各团队按容量单价（资源池成本 ÷ 每日容量）支付所用 token，未用容量单列为闲置项。"
          : t.basis === "reservation"
            ? "闲置容量按各团队的计费副本数比例分摊。"
            : "闲置容量按各团队的 token 占比分摊（资源池成本按 token 占比拆分）。";
      return `${basis}${idle}`;
    },
    shared: (t) =>
      t.shared.length
        ? `共享成本在资源池之后只分摊给团队：${t.shared.map((s) => `${s.name}（${s.split === "weighted" ? "按各团队的资源池成本比例" : s.split === "even" ? "平均分摊" : "不分摊：单列为未分摊项"}）`).join("；")}。`
        : "没有共享成本。",
    rounding:
      "所有金额按币种最小单位用最大余数法取整（余数相同时归名称排序靠前的团队），各项之和与合计完全相等。",
    pools: [
      "资源池",
      "基准",
      "每日成本",
      "每日闲置",
      "每百万输入 token 成本",
      "每百万输出 token 成本",
    ],
    teams: [
      "团队",
      "自身成本/天",
      "共享成本/天",
      "合计/天",
      "每百万输入 token 成本",
      "每百万输出 token 成本",
    ],
    sharedHead: ["共享成本", "分摊方式", "每日成本", "每日未分摊"],
    conservation: (parts, total) =>
      `校验：团队 + 闲置 + 未分摊 = ${parts} = 资源池 + 共享成本 ${total}（每日）。`,
    idle: "闲置",
    unallocated: "未分摊",
    fallback: (pool) => `资源池 ${pool} 没有副本数或容量，改为按用量分摊。`,
  },
};

const SPLIT: Record<Lang, Record<string, string>> = {
  en: { weighted: "weighted", even: "even", none: "none" },
  zh: { weighted: "按成本加权", even: "平均", none: "不分摊" },
};
const BASIS: Record<Lang, Record<string, string>> = {
  en: { usage: "usage", reservation: "reservation" },
  zh: { usage: "用量", reservation: "预留" },
};

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/[\r\n]+/g, " ");
const row = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
const head = (cells: string[]) => [
  row(cells),
  `|${cells.map((_, i) => (i === 0 ? " --- " : " ---: ")).join("|")}|`,
];

/** The allocation section of the report (Markdown), or "" when the plan has no allocation. */
export function allocationReportMarkdown(result: PlanResult, lang: Lang = "en"): string {
  const t = result.tenants;
  if (!t) return "";
  const w = W[lang];
  const cur = result.currency;
  const m = (x: number | null) => fmtMoney(x, cur, lang);
  const d = minorUnitDigits(cur);
  const weights = t.pools[0]
    ? `${lang === "zh" ? "输入" : "input"} × ${fmtWeight(t.pools[0].costPerMillionInputTokens, t.pools[0].costPerMillionTokens)}, ${lang === "zh" ? "输出" : "output"} × ${fmtWeight(t.pools[0].costPerMillionOutputTokens, t.pools[0].costPerMillionTokens)}`
    : "";
  const out = [`### ${w.heading}`, "", w.method(t, weights), ""];
  for (const p of t.pools) if (p.basis !== t.basis) out.push(w.fallback(p.name), "");
  out.push(w.shared(t), "", w.rounding, "");
  out.push(...head(w.pools));
  for (const p of t.pools)
    out.push(
      row([
        p.name,
        BASIS[lang][p.basis] ?? p.basis,
        m(p.costRounded),
        m(p.idleRounded),
        m(p.costPerMillionInputTokens),
        m(p.costPerMillionOutputTokens),
      ]),
    );
  out.push("", ...head(w.teams));
  for (const x of t.teams)
    out.push(
      row([
        x.name,
        m(x.costRounded),
        m(x.sharedCostRounded),
        m(x.totalRounded),
        m(x.costPerMillionInputTokens),
        m(x.costPerMillionOutputTokens),
      ]),
    );
  if (t.shared.length) {
    out.push("", ...head(w.sharedHead));
    for (const s of t.shared)
      out.push(
        row([s.name, SPLIT[lang][s.split] ?? s.split, m(s.costRounded), m(s.unallocatedRounded)]),
      );
  }
  const parts =
    t.teams.reduce((s, x) => s + toMinor(x.totalRounded, d), 0) +
    t.pools.reduce((s, p) => s + toMinor(p.idleRounded, d), 0) +
    t.shared.reduce((s, x) => s + toMinor(x.unallocatedRounded, d), 0);
  const total =
    t.pools.reduce((s, p) => s + toMinor(p.costRounded, d), 0) +
    t.shared.reduce((s, x) => s + toMinor(x.costRounded, d), 0);
  out.push(
    "",
    `${parts === total ? "✓" : "✗"} ${w.conservation(m(fromMinor(parts, d)), m(fromMinor(total, d)))}`,
  );
  return out.join("\n") + "\n";
}

/** The weight a cost per 1M input/output tokens carries relative to the cost per weighted token. */
function fmtWeight(part: number | null, all: number | null): string {
  if (part === null || all === null || all === 0) return "?";
  return String(Number((part / all).toPrecision(6)));
}
