/**
 * The allocation results as grid rows: per pool, each team's tokens, share and costs, then the
 * idle and total lines; the first {@link POOL_ROW_LIMIT} teams unless all are asked for; and the
 * whole allocation's conservation (teams + idle + unallocated shared = pools + shared costs).
 */
import type { PlanResult } from "../../../engine/plan/plan-result";
import type { AllocationLine } from "../../../report/allocation-csv";
import { fmtMoney, fmtValue } from "../../format";
import { t } from "../../state/i18n";
import type { CellView, GridColumn, GridRow } from "../grid/types";

/** Teams per pool shown before "Show all" (ten pools of a hundred teams are still a thousand rows). */
export const POOL_ROW_LIMIT = 25;

/** The allocation method, as its result columns name it. */
export type Method = "tokens" | "output" | "weighted";

/** A plan's method, "tokens" unless it says output or weighted. */
export function methodOf(m: string | undefined): Method {
  return m === "output" || m === "weighted" ? m : "tokens";
}

/** The columns of a pool's result grid. */
export function poolResultColumns(method: Method): GridColumn[] {
  return [
    { key: "inputTokens", label: t("inputTokensDay"), numeric: true },
    { key: "outputTokens", label: t("outputTokensDay"), numeric: true },
    { key: "weightedTokens", label: t("weightedTokensDay"), numeric: true },
    { key: "share", label: t("share"), numeric: true },
    { key: "day", label: t("costPerDay"), numeric: true },
    { key: "month", label: t("costPerMonth"), numeric: true },
    // Per input + output token (method tokens), per output token, or per weighted token: said in
    // the label, since the GPU comparison's "Cost / 1M output tokens" is per output token only.
    {
      key: "perM",
      label: t(`costPerMTokens_${method}`),
      numeric: true,
      title: t("costPerMTokensHint", { method: t(`method_${method}`) }),
    },
    { key: "perMIn", label: t("costPerMInput"), numeric: true, title: t("costPerMInputHint") },
    { key: "perMOut", label: t("costPerMOutput"), numeric: true, title: t("costPerMOutputHint") },
  ];
}

/** A line's grid row: a team by name, the idle and total lines by reserved keys. */
export function lineRow(l: AllocationLine): GridRow {
  if (l.kind === "team") return { key: l.team!, label: l.team!, class: "" };
  if (l.kind === "idle") return { key: "__idle", label: t("idleCapacity"), class: "idle-row" };
  return { key: "__total", label: t("total"), class: "total-row" };
}

/** How a result cell formats money: minor units of the currency, or a plain amount. */
export interface MoneyFormat {
  minor(v: number): string;
  amount(v: number | null | undefined): string;
}

/** The cell of a line in column `c` (the cost per day in bold money). */
export function lineCell(l: AllocationLine, c: number, money: MoneyFormat): CellView {
  const n = (x: number | null) => fmtValue(x, 0);
  const texts = [
    n(l.inputTokens),
    n(l.outputTokens),
    n(l.weightedTokens),
    l.share === null ? "—" : `${fmtValue(l.share * 100, 2)} %`,
    money.minor(l.costPerDayMinor),
    money.minor(l.costPerMonthMinor),
    money.amount(l.costPerMillionTokens),
    money.amount(l.costPerMillionInputTokens),
    money.amount(l.costPerMillionOutputTokens),
  ];
  return { raw: "", display: texts[c] ?? "", readOnly: true, class: c === 4 ? "money" : "" };
}

/** A pool's lines as shown: the first `limit` teams then idle and total, unless `all`. */
export function shownLines(
  poolLines: readonly AllocationLine[],
  all: boolean,
  limit = POOL_ROW_LIMIT,
): readonly AllocationLine[] {
  const teams = poolLines.filter((l) => l.kind === "team");
  if (all || teams.length <= limit) return poolLines;
  return [...teams.slice(0, limit), ...poolLines.filter((l) => l.kind !== "team")];
}

/** The whole allocation's conservation, in minor units; null without an allocation. */
export interface WholeConservation {
  teams: number;
  idle: number;
  unalloc: number;
  parts: number;
  total: number;
  ok: boolean;
}

/** Teams + idle + unallocated shared = pools + shared costs, over the whole allocation (docs/allocation.md). */
export function wholeConservation(
  tr: PlanResult["tenants"],
  digits: number,
): WholeConservation | null {
  if (!tr) return null;
  const m = (x: number) => Math.round(x * 10 ** digits);
  const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((a, x) => a + m(f(x)), 0);
  const teams = sum(tr.teams, (x) => x.totalRounded);
  const idle = sum(tr.pools, (p) => p.idleRounded);
  const unalloc = sum(tr.shared, (x) => x.unallocatedRounded);
  const total = sum(tr.pools, (p) => p.costRounded) + sum(tr.shared, (x) => x.costRounded);
  const parts = teams + idle + unalloc;
  return { teams, idle, unalloc, parts, total, ok: parts === total };
}

/** The money formats of a currency and language: minor units shown with the currency's digits. */
export function moneyFormat(currency: string, digits: number, lang: "en" | "zh"): MoneyFormat {
  return {
    minor: (v) => fmtMoney(v / 10 ** digits, currency, lang),
    amount: (v) => fmtMoney(v, currency, lang),
  };
}
