/**
 * The team cost allocation (docs/allocation.md) as a CSV for finance: one row per pool × team, an
 * idle row when a pool has idle cost, and a totals row per pool. Money is rounded to the
 * currency's minor unit with exact conservation (largest remainder, `money.ts`), so the rows of a
 * pool add up to its total in every money column. Every cell goes through {@link csvCell}
 * (spreadsheet formula injection is neutralised). Pure: no DOM.
 */
import { DAYS_PER_MONTH } from "../engine/base/units";
import type { PlanResult } from "../engine/plan/plan";
import type { TeamInPool } from "../engine/finops/allocation";
import { largestRemainder, minorUnitDigits, toMinor } from "../engine/finops/money";
import { csvCell, planWords, type Lang } from "./plan-output";

// A month is 730 ÷ 24 days, as in docs/capacity.md (`costPerMonth = costPerHour × 730`).
export { DAYS_PER_MONTH };

/** One line of the allocation of a pool: a team, the pool's idle cost, or the pool's total. */
export interface AllocationLine {
  kind: "team" | "idle" | "total";
  pool: string;
  /** Team name; null for the idle and totals lines. */
  team: string | null;
  /** Raw daily tokens (null when the result does not carry them, and for idle). */
  inputTokens: number | null;
  outputTokens: number | null;
  /** Daily weighted tokens (the allocation basis). Idle: spare capacity when known, else null. */
  weightedTokens: number | null;
  /** Share of the pool's used weighted tokens, 0…1 (totals: 1; idle: null). */
  share: number | null;
  /** Unrounded daily cost. */
  costPerDay: number;
  /** Daily cost in integer minor units (cents, fen), as the result's `costRounded`. */
  costPerDayMinor: number;
  /** Monthly cost (day × 730/24) in integer minor units; a pool's lines add up to its total. */
  costPerMonthMinor: number;
  /** Unrounded cost per 1M weighted tokens; null without tokens (idle). */
  costPerMillionTokens: number | null;
  /** Unrounded cost per 1M input / output tokens (weights applied; docs/allocation.md); null for idle. */
  costPerMillionInputTokens: number | null;
  costPerMillionOutputTokens: number | null;
}

type TeamView = TeamInPool;

const fin = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/**
 * The allocation of a plan result as lines (docs/allocation.md), shared by the allocation CSV and the FOCUS
 * export. Daily money is the result's `costRounded`/`idleRounded` (exact conservation); monthly
 * money is the unrounded pool cost × 730/24 rounded to the minor unit, split over the team and
 * idle lines by largest remainder so the lines add up to the monthly total exactly. Empty when
 * the plan has no allocation.
 */
export function allocationLines(result: PlanResult): AllocationLine[] {
  const t = result.tenants;
  if (!t) return [];
  const digits = minorUnitDigits(result.currency);
  const lines: AllocationLine[] = [];
  for (const p of t.pools) {
    const teams = p.teams as TeamView[];
    const used = teams.reduce((s, x) => s + (fin(x.tokens) ? x.tokens : 0), 0);
    const hasIdle = p.idleRounded !== 0 || t.idle === "separate";
    const monthTotal = toMinor(p.cost * DAYS_PER_MONTH, digits);
    const monthParts = largestRemainder(
      [...teams.map((x) => x.cost * DAYS_PER_MONTH), p.idle * DAYS_PER_MONTH],
      monthTotal,
      digits,
    );
    const sumOrNull = (f: (x: TeamView) => number | undefined): number | null =>
      teams.every((x) => fin(f(x))) ? teams.reduce((s, x) => s + f(x)!, 0) : null;
    teams.forEach((x, i) => {
      lines.push({
        kind: "team",
        pool: p.name,
        team: x.name,
        inputTokens: fin(x.inputTokens) ? x.inputTokens : null,
        outputTokens: fin(x.outputTokens) ? x.outputTokens : null,
        weightedTokens: x.tokens,
        share: x.share,
        costPerDay: x.cost,
        costPerDayMinor: toMinor(x.costRounded, digits),
        costPerMonthMinor: monthParts[i]!,
        costPerMillionTokens: x.costPerMillionTokens,
        costPerMillionInputTokens: x.costPerMillionInputTokens ?? null,
        costPerMillionOutputTokens: x.costPerMillionOutputTokens ?? null,
      });
    });
    if (hasIdle) {
      const spare = fin(p.capacityTokens) ? Math.max(0, p.capacityTokens - used) : null;
      lines.push({
        kind: "idle",
        pool: p.name,
        team: null,
        inputTokens: null,
        outputTokens: null,
        weightedTokens: spare,
        share: null,
        costPerDay: p.idle,
        costPerDayMinor: toMinor(p.idleRounded, digits),
        costPerMonthMinor: monthParts[teams.length]!,
        costPerMillionTokens: null,
        costPerMillionInputTokens: null,
        costPerMillionOutputTokens: null,
      });
    }
    lines.push({
      kind: "total",
      pool: p.name,
      team: null,
      inputTokens: sumOrNull((x) => x.inputTokens),
      outputTokens: sumOrNull((x) => x.outputTokens),
      weightedTokens: used,
      share: used > 0 ? 1 : null,
      costPerDay: p.cost,
      costPerDayMinor: toMinor(p.costRounded, digits),
      costPerMonthMinor: monthTotal,
      costPerMillionTokens: used > 0 ? (p.cost / used) * 1e6 : null,
      costPerMillionInputTokens: p.costPerMillionInputTokens ?? null,
      costPerMillionOutputTokens: p.costPerMillionOutputTokens ?? null,
    });
  }
  return lines;
}

const HEAD = {
  en: [
    "Pool",
    "Team",
    "Input tokens / day",
    "Output tokens / day",
    "Weighted tokens / day",
    "Share",
    "Cost / day",
    "Cost / month",
    "Cost / 1M weighted tokens",
  ],
  zh: [
    "资源池",
    "团队",
    "每日输入 token",
    "每日输出 token",
    "每日加权 token",
    "占比",
    "每日成本",
    "每月成本",
    "每百万加权 token 成本",
  ],
} as const;

/**
 * Money in minor units as a fixed-decimal cell: 192000 fen → `1920.00`. Only digits, `.` and `-`,
 * so it is written raw (a number cannot be a formula; {@link csvCell} would prefix a minus).
 */
export function minorCell(minor: number, digits: number): string {
  const neg = minor < 0;
  const s = String(Math.abs(Math.round(minor))).padStart(digits + 1, "0");
  const body = digits > 0 ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
  return neg ? `-${body}` : body;
}

/** Round to `d` decimals without binary noise (0.23076923 → 0.230769). */
function roundTo(x: number | null, d: number): number | null {
  return x === null || !Number.isFinite(x) ? null : Number(x.toFixed(d));
}

/**
 * The allocation CSV (docs/allocation.md) in English or Chinese headers; money columns carry the currency
 * code (`Cost / day (CNY)`). Columns: pool, team, input / output / weighted tokens per day, share
 * (fraction 0…1, 6 decimals), cost per day (the result's `costRounded`, fixed minor-unit decimals: `1920.00`), cost per
 * month (× 730/24, minor unit, conserved), cost per 1M weighted tokens (minor unit + 2 decimals).
 * Idle line: team `(idle capacity)`; totals line: team `Total`. Numbers are plain (no grouping) so
 * spreadsheets read them. Header only when the plan has no allocation. Lines end with `\n`; add a
 * UTF-8 BOM when saving for Excel (Chinese headers).
 */
export function allocationCsv(result: PlanResult, lang: Lang = "en"): string {
  const w = planWords(lang);
  const cur = result.currency;
  const digits = minorUnitDigits(cur);
  const head = HEAD[lang].map((h, i) => (i >= 6 ? `${h} (${cur})` : h));
  const out = [head.map(csvCell).join(",")];
  for (const l of allocationLines(result)) {
    const team = l.kind === "team" ? l.team! : l.kind === "idle" ? `(${w.idle})` : w.total;
    const row = [
      csvCell(l.pool),
      csvCell(team),
      csvCell(l.inputTokens),
      csvCell(l.outputTokens),
      csvCell(l.weightedTokens),
      csvCell(roundTo(l.share, 6)),
      minorCell(l.costPerDayMinor, digits),
      minorCell(l.costPerMonthMinor, digits),
      csvCell(roundTo(l.costPerMillionTokens, digits + 2)),
    ];
    out.push(row.join(","));
  }
  return out.join("\n") + "\n";
}
