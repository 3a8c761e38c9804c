/**
 * The cells of the workbook export (docs/xlsx.md): a value, or a formula with its cached value;
 * sheets as grids of cells; A1 references. Pure data, written to a file by ./xlsx-write.
 */
/** How a cell's number is shown (docs/xlsx.md). */
export type CellFormat = "money" | "int" | "num" | "ratio" | "percent" | "small";

/** A cell: a value, or a formula with its cached value. `input` marks a value meant to be changed. */
export interface XCell {
  value: string | number | boolean | null;
  formula?: string;
  input?: boolean;
  format?: CellFormat;
  bold?: boolean;
}

export interface XSheet {
  name: string;
  /** Rows from row 1, cells from column A; null is an empty cell. */
  rows: (XCell | null)[][];
  /** Column widths in characters. */
  widths: number[];
}

export interface XWorkbook {
  sheets: XSheet[];
  /** Defined names (`elasticity` → `Assumptions!$B$5`). */
  names: { name: string; ref: string }[];
}

/** Column letters of a 1-based column number (1 → A, 27 → AA). */
export function columnName(n: number): string {
  let s = "";
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26))
    s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** An absolute reference, with its sheet when given: `Assumptions!$C$7`. */
export function ref(col: number, row: number, sheet?: string): string {
  return `${sheet ? `${sheet}!` : ""}$${columnName(col)}$${row}`;
}

const num = (x: number | null | undefined): x is number =>
  typeof x === "number" && Number.isFinite(x);
/** A cached value: capplan's number, or empty when it has none. */
const cached = (x: number | null | undefined): number | null => (num(x) ? x : null);

export const text = (value: string, bold = false): XCell => ({ value, bold });
export const input = (value: number | null, format: CellFormat = "num"): XCell => ({
  value: cached(value),
  input: true,
  format,
});
export const formula = (
  f: string,
  value: number | null | undefined,
  format: CellFormat,
): XCell => ({
  value: cached(value),
  formula: f,
  format,
});
