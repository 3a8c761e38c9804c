/** The team totals over pools and the shared-cost lines of an allocation, as grid columns and cells. */
import type { PlanResult } from "../../../engine/plan/plan-result";
import type { UiKey } from "../../i18n";
import { t } from "../../state/i18n";
import { teamTotalPath } from "../../state/lineage";
import type { CellView, GridColumn } from "../grid/types";
import type { MoneyFormat } from "./alloc-lines";

type Tenants = NonNullable<PlanResult["tenants"]>;

/** The team-totals columns, each with the team field its lineage path names. */
const TOTAL_FIELDS = [
  "cost",
  "sharedCost",
  "total",
  "costPerMillionInputTokens",
  "costPerMillionOutputTokens",
] as const;

/** The team-totals grid's columns. */
export function totalColumns(): GridColumn[] {
  return [
    { key: "own", label: t("ownCost"), numeric: true },
    { key: "shared", label: t("sharedCostDay"), numeric: true },
    { key: "total", label: t("totalCostDay"), numeric: true },
    { key: "perMIn", label: t("costPerMInput"), numeric: true, title: t("costPerMInputHint") },
    { key: "perMOut", label: t("costPerMOutput"), numeric: true, title: t("costPerMOutputHint") },
  ];
}

/** Team `r`'s total in column `c` (the total in bold money). */
export function totalCell(tr: Tenants, r: number, c: number, money: MoneyFormat): CellView {
  const x = tr.teams[r]!;
  const v =
    [
      x.costRounded,
      x.sharedCostRounded,
      x.totalRounded,
      x.costPerMillionInputTokens,
      x.costPerMillionOutputTokens,
    ][c] ?? null;
  return { raw: "", display: money.amount(v), readOnly: true, class: c === 2 ? "money" : "" };
}

/** The lineage path of team `r`'s total in column `c`. */
export function totalPath(r: number, c: number): string {
  return c === 0 ? teamTotalPath(r) : `tenants.teams[${r}].${TOTAL_FIELDS[c] ?? "cost"}`;
}

/** The shared-lines grid's columns. */
export function sharedLineColumns(): GridColumn[] {
  return [
    { key: "split", label: t("sharedSplit") },
    { key: "cost", label: t("sharedCost"), numeric: true },
    { key: "unallocated", label: t("unallocated"), numeric: true },
  ];
}

/** Shared cost `r` in column `c`: its split, cost and unallocated part. */
export function sharedLineCell(tr: Tenants, r: number, c: number, money: MoneyFormat): CellView {
  const x = tr.shared[r]!;
  const text =
    [
      t(`sharedSplit_${x.split}` as UiKey),
      money.amount(x.costRounded),
      money.amount(x.unallocatedRounded),
    ][c] ?? "";
  return { raw: "", display: text, readOnly: true };
}

/** The lineage path of shared cost `r` in column `c`. */
export function sharedLinePath(r: number, c: number): string {
  return `tenants.shared[${r}].${c === 2 ? "unallocated" : "cost"}`;
}
