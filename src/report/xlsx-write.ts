/**
 * Writes a workbook model (./xlsx-model) to an .xlsx file with exceljs (docs/xlsx.md). exceljs is
 * large, so it is loaded only here and only when a workbook is asked for (a dynamic import: the
 * CLI's bundle keeps it in a chunk of its own, the app in a lazy chunk).
 */
import type { CellFormat, XWorkbook } from "./xlsx-cells";

/** Excel number formats of the cell formats. */
const NUMBER_FORMATS: Record<CellFormat, string> = {
  money: "#,##0.00",
  int: "#,##0",
  num: "#,##0.####",
  ratio: "0.000",
  percent: "0.0%",
  small: "0.000000000",
};

/** Blue for inputs: the spreadsheet modeller's convention for "type here". */
const INPUT_FONT = { color: { argb: "FF1F4FBF" } };

/** The .xlsx bytes of a workbook model. */
export async function writeXlsx(
  model: XWorkbook,
  meta: { creator?: string } = {},
): Promise<Uint8Array> {
  const mod = await import("exceljs");
  // exceljs is CommonJS: its namespace arrives as the default export under some bundlers.
  const ExcelJS = ((mod as unknown as { default?: typeof mod }).default ?? mod) as typeof mod;
  const wb = new ExcelJS.Workbook();
  wb.creator = meta.creator ?? "capplan";
  // A fixed date keeps the file the same for the same plan (exceljs would stamp "now").
  wb.created = new Date(Date.UTC(2000, 0, 1));
  wb.modified = wb.created;
  // Ask Excel to recalculate everything on open (the cached values are capplan's numbers already).
  wb.calcProperties = { fullCalcOnLoad: true };
  for (const s of model.sheets) {
    const ws = wb.addWorksheet(s.name);
    s.widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
    s.rows.forEach((row, r) => {
      row.forEach((c, col) => {
        if (!c) return;
        const cell = ws.getCell(r + 1, col + 1);
        if (c.formula !== undefined) {
          cell.value =
            c.value === null
              ? { formula: c.formula }
              : { formula: c.formula, result: c.value as number };
        } else if (c.value !== null) cell.value = c.value;
        if (c.format) cell.numFmt = NUMBER_FORMATS[c.format];
        if (c.input) cell.font = INPUT_FONT;
        if (c.bold) cell.font = { bold: true };
      });
    });
    ws.views = [{ state: "frozen", ySplit: s.name === "Assumptions" ? 0 : 1 }];
  }
  for (const n of model.names) wb.definedNames.add(n.ref, n.name);
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
