/**
 * Clipboard: copying text out (share link, Markdown) and the spreadsheet clipboard of the grids.
 * Excel and Google Sheets put a block on the clipboard as TSV with quoted cells (a cell holding
 * a tab, a line break or a `"` is wrapped in quotes, `"` doubled); we read and write the same
 * (docs/grid.md). The TSV helpers are pure, so they are unit-tested in Node.
 */
import Papa from "papaparse";

// In its own module so that the share button does not bring papaparse into the first load.
export { copyText } from "./copy-text";

/**
 * Read clipboard text as the TSV block Excel/Sheets wrote: quoted cells may hold line breaks, tabs
 * and doubled quotes; CRLF or LF rows; the trailing line break Excel adds is dropped. Text whose
 * quotes are not TSV quoting (`5" disk` at the start of a cell, a lone `"`) is split literally.
 */
export function parseClipboardTsv(text: string): string[][] {
  if (text === "") return [];
  const literal = () => {
    const lines = text.replace(/\r\n?/g, "\n").split("\n");
    if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
    return lines.map((l) => l.split("\t"));
  };
  if (!text.includes('"')) return literal();
  const res = Papa.parse<string[]>(text, {
    delimiter: "\t",
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
  });
  if (res.errors.some((e) => e.type === "Quotes")) return literal();
  const rows = res.data.map((r) => r.map((c) => c.replace(/\r\n?/g, "\n")));
  if (rows.length > 1 && rows[rows.length - 1]!.length === 1 && rows[rows.length - 1]![0] === "")
    rows.pop();
  return rows;
}

/** One cell as Excel writes it into TSV: quoted when it holds a tab, a line break or a quote. */
export function tsvCell(v: string): string {
  return /[\t\r\n"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** A block as clipboard TSV that Excel and Sheets read back cell for cell. */
export function toClipboardTsv(block: readonly (readonly string[])[]): string {
  return block.map((r) => r.map(tsvCell).join("\t")).join("\r\n");
}

/**
 * What a paste writes into a selection of `rows` × `cols` (as in a spreadsheet): one value fills
 * every cell; a block whose size divides the selection repeats to fill it; otherwise the block is
 * pasted once from the selection's top-left cell.
 */
export function fillSelection(
  block: readonly (readonly string[])[],
  rows: number,
  cols: number,
): string[][] {
  const h = block.length;
  const w = Math.max(0, ...block.map((r) => r.length));
  if (h === 0 || w === 0) return [];
  const rect = block.map((r) => Array.from({ length: w }, (_, c) => r[c] ?? ""));
  if (rows < h || cols < w || rows % h !== 0 || cols % w !== 0 || (rows === h && cols === w))
    return rect;
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => rect[r % h]![c % w]!),
  );
}
