/** Plan vs actual (docs/focus.md) as grid rows: pools, shared costs, teams, then the total. */
import type { PlanVsActual, VarianceLine } from "../../../report/actuals";
import { fmtMoney, fmtValue } from "../../format";
import { t } from "../../state/i18n";
import type { CellView, GridColumn } from "../grid/types";

/** One row of the comparison: its key, label and variance line. */
export interface PvaRow {
  key: string;
  label: string;
  line: VarianceLine;
}

/** The rows of a comparison, keyed by kind and name. */
export function pvaRows(c: PlanVsActual): PvaRow[] {
  return [
    ...c.pools.map((l) => ({
      key: `pool:${l.name}`,
      label: t("pvaPool", { name: l.name }),
      line: l,
    })),
    ...c.shared.map((l) => ({
      key: `shared:${l.name}`,
      label: t("pvaShared", { name: l.name }),
      line: l,
    })),
    ...c.teams.map((l) => ({ key: `team:${l.name}`, label: l.name, line: l })),
    { key: "total", label: t("pvaTotal"), line: c.total },
  ];
}

/** The plan-vs-actual grid's columns. */
export function pvaColumns(): GridColumn[] {
  return [
    { key: "planned", label: t("pvaPlanned"), numeric: true },
    { key: "actual", label: t("pvaActual"), numeric: true },
    { key: "variance", label: t("pvaVariance"), numeric: true },
    { key: "pct", label: t("pvaVariancePct"), numeric: true },
  ];
}

/** A variance as a signed percentage ("+12.5 %"), "—" without one. */
export function signedPct(x: number | null): string {
  return x === null ? "—" : `${x > 0 ? "+" : ""}${fmtValue(x * 100, 1)} %`;
}

/** Line `l` in column `col`; a variance is marked over or under. */
export function pvaCell(
  l: VarianceLine,
  col: number,
  currency: string,
  lang: "en" | "zh",
): CellView {
  const money = (v: number) => fmtMoney(v, currency, lang);
  const text =
    [
      money(l.planned),
      money(l.actual),
      `${l.variance > 0 ? "+" : ""}${money(l.variance)}`,
      signedPct(l.variancePct),
    ][col] ?? "";
  const cls = col === 2 && l.variance !== 0 ? (l.variance > 0 ? "over" : "under") : "";
  return { raw: "", display: text, readOnly: true, class: cls };
}
