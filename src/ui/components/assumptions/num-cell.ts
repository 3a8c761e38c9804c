/** A number cell of the Assumptions sheet: as typed or at `digits`, a formula explained with its values. */
import { formulaWithValues } from "../../explain";
import { fmtValue } from "../../format";
import type { Workbook } from "../../state/workbook";
import type { CellView } from "../grid/types";

/** The cell at `path`. */
export function numCell(wb: Workbook, path: string, digits = 4): CellView {
  const v = wb.cell(path);
  const note =
    v.raw.startsWith("=") && v.value !== null
      ? formulaWithValues(v.raw, wb.computed().resolved.cells, v.value)
      : undefined;
  return {
    raw: v.raw,
    display: v.value === null ? v.raw : (v.typed ?? fmtValue(v.value, digits)),
    error: v.error,
    note,
  };
}
