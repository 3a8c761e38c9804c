/**
 * The named-cells grid: name | value or formula | result, one row per cell and a last "+" row
 * that adds one. A name cleared removes its cell.
 */
import { keyPath } from "../../../engine/plan/plan-file";
import { fmtComputed } from "../../format";
import { t } from "../../state/i18n";
import type { Workbook } from "../../state/workbook";
import type { CellView, GridRow } from "../grid/types";
import { numCell } from "./num-cell";

/** One row per name, then the "+" row. */
export function namedCellRows(names: readonly string[]): GridRow[] {
  return [...names.map((n) => ({ key: n, label: n })), { key: "__new", label: "+" }];
}

/** The cell of row `r` (a name of `names`, or the "+" row), column `c`. */
export function namedCell(wb: Workbook, names: readonly string[], r: number, c: number): CellView {
  const name = names[r];
  if (name === undefined)
    return c === 0
      ? { raw: "", display: "", note: t("newCellHint") }
      : { raw: "", display: "", readOnly: c === 2 };
  const path = keyPath("cells", name);
  if (c === 0) {
    const bad = wb.cell(`${path}#name`);
    return { raw: name, display: name, error: bad.error, class: "name" };
  }
  const v = numCell(wb, path);
  if (c === 1) return { ...v, display: v.raw, error: v.error };
  // The result column shows the number itself (the value column shows it as typed: `$2.99`).
  const value = wb.cell(path).value;
  return {
    raw: "",
    display: v.error || value === null ? "" : fmtComputed(value),
    readOnly: true,
    note: v.note ?? undefined,
    error: v.error,
  };
}

/** Commit to row `r`, column `c`: a new name adds a cell at 0, an empty name removes one. */
export function commitNamedCell(
  wb: Workbook,
  names: readonly string[],
  r: number,
  c: number,
  raw: string,
): void {
  const name = names[r];
  if (name === undefined) {
    if (c === 0 && raw.trim()) wb.renameCell("", raw.trim()) && wb.setCell(raw.trim(), "0");
    return;
  }
  if (c === 0) {
    if (raw.trim() === "") wb.removeCell(name);
    else wb.renameCell(name, raw.trim());
  } else if (c === 1) wb.setCell(name, raw);
}
