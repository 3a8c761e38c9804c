/**
 * The usage grid of the Teams sheet: team | pool | input tokens/day | output tokens/day |
 * reserved replicas, one row per team and a last "+" row that adds one. A long table is one
 * grid: the grid renders only the rows in view (docs/grid.md, virtual rows), so the "+" row is
 * always at its end.
 */
import { fmtValue } from "../../format";
import { t } from "../../state/i18n";
import { USAGE_FIELDS, type Workbook } from "../../state/workbook";
import type { CellView, GridColumn, GridRow } from "../grid/types";
import { errorAt } from "./tenant-errors";

/** The usage grid's columns (in the order of `USAGE_FIELDS`). */
export function usageColumns(): GridColumn[] {
  return [
    { key: "team", label: t("team") },
    { key: "pool", label: t("pool") },
    { key: "inputTokens", label: t("inputTokensDay"), numeric: true },
    { key: "outputTokens", label: t("outputTokensDay"), numeric: true },
    {
      key: "reservedReplicas",
      label: t("reservedReplicas"),
      numeric: true,
      title: t("reservedReplicasHint"),
    },
  ];
}

/** One row per usage row, numbered from 1, then the "+" row. */
export function usageRows(count: number): GridRow[] {
  return [
    ...Array.from({ length: count }, (_, i) => ({ key: String(i), label: String(i + 1) })),
    { key: "new", label: "+" },
  ];
}

/** The cell of usage row `r`, column `c` (the "+" row is blank, with a hint under its team). */
export function usageCell(wb: Workbook, r: number, c: number): CellView {
  if (r >= (wb.plan.tenants?.usage ?? []).length)
    return { raw: "", display: "", note: c === 0 ? t("newTeamHint") : undefined };
  const field = USAGE_FIELDS[c]!;
  const path = `tenants.usage[${r}].${field}`;
  const v = wb.cell(path);
  if (c < 2) {
    const found = c === 1 ? errorAt(wb.computed().result.errors, path) : null;
    const err = v.error ?? (found ? { kind: "NAME", message: "", problem: found.problem } : null);
    return { raw: v.raw, display: v.raw || (c === 1 ? "—" : ""), error: err };
  }
  return {
    raw: v.raw,
    display: v.value === null ? v.raw : (v.typed ?? fmtValue(v.value, c === 4 ? 2 : 0)),
    error: v.error,
  };
}
