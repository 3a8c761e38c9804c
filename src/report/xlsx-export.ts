/**
 * `plan --xlsx` and the app's Excel button (docs/xlsx.md): the workbook of a computed plan as
 * .xlsx bytes. Imported lazily by both, so that neither loads the workbook code or exceljs before
 * a workbook is asked for.
 */
import type { PlanResult } from "../engine/plan/plan-result";
import { planWorkbook, type WorkbookOptions } from "./xlsx-model";
import { writeXlsx } from "./xlsx-write";

export async function planXlsx(result: PlanResult, options: WorkbookOptions): Promise<Uint8Array> {
  return writeXlsx(planWorkbook(result, options));
}
