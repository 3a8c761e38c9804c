/**
 * Clipboard and block writes of the grid: copy and cut the selection as quoted TSV (read-only
 * cells give their shown text), paste a block (a single value or a repeating block fills the
 * selection), clear the selection (Delete) and fill down (Ctrl+D). The owner takes a block in one
 * call when it has `onPasteBlock`, else cell by cell.
 */
import { fillSelection, parseClipboardTsv, toClipboardTsv } from "../../state/clipboard";
import type { Selection } from "./selection";
import type { CellOwner } from "./types";

/** What {@link createGridClipboard} acts on. */
export interface GridClipboardOptions {
  owner: CellOwner;
  selection: Selection;
  rowCount(): number;
  colCount(): number;
  /** While a cell is being edited its input has the clipboard. */
  editing(): boolean;
}

/** The clipboard primitive; see {@link GridClipboardOptions}. */
export function createGridClipboard(o: GridClipboardOptions) {
  const { owner, selection } = o;
  /** Write a block at (r, c): one call to the owner when it takes blocks, else cell by cell. */
  const writeBlock = (r: number, c: number, block: string[][]) => {
    if (!block.length) return;
    if (owner.onPasteBlock) return owner.onPasteBlock(r, c, block);
    block.forEach((cells, dr) =>
      cells.forEach((txt, dc) => {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < o.rowCount() && cc < o.colCount() && !owner.cell(rr, cc).readOnly)
          owner.onCommit?.(rr, cc, txt);
      }),
    );
  };
  const clearRange = () => {
    if (!owner.onCommit) return;
    const g = selection.range();
    for (let r = g.r0; r <= g.r1; r++)
      for (let c = g.c0; c <= g.c1; c++)
        if (!owner.cell(r, c).readOnly && owner.cell(r, c).raw !== "") owner.onCommit(r, c, "");
  };
  /** Ctrl+D: the top row of the selection (or the row above a one-row selection) copied down. */
  const fillDown = () => {
    if (!owner.onCommit) return;
    const g = selection.range();
    const src = g.r0 === g.r1 ? g.r0 - 1 : g.r0;
    if (src < 0) return;
    const values: string[] = [];
    for (let c = g.c0; c <= g.c1; c++) values.push(owner.cell(src, c).raw);
    writeBlock(
      src + 1,
      g.c0,
      Array.from({ length: g.r1 - src }, () => [...values]),
    );
  };
  const selectedBlock = (): string[][] => {
    const g = selection.range();
    const block: string[][] = [];
    for (let r = g.r0; r <= g.r1; r++) {
      const row: string[] = [];
      for (let c = g.c0; c <= g.c1; c++) {
        const v = owner.cell(r, c);
        row.push(v.readOnly ? v.display : v.raw);
      }
      block.push(row);
    }
    return block;
  };
  const onCopy = (e: ClipboardEvent) => {
    if (o.editing()) return;
    e.clipboardData?.setData("text/plain", toClipboardTsv(selectedBlock()));
    e.preventDefault();
  };
  const onCut = (e: ClipboardEvent) => {
    if (o.editing()) return;
    onCopy(e);
    clearRange();
  };
  /** Paste clipboard text at the selection: a block from its top-left cell, or filling it. */
  const pasteText = (text: string) => {
    if (!text) return;
    const g = selection.range();
    const block = fillSelection(parseClipboardTsv(text), g.r1 - g.r0 + 1, g.c1 - g.c0 + 1);
    if (!block.length) return;
    writeBlock(g.r0, g.c0, block);
    const width = block.reduce((m, b) => Math.max(m, b.length), 0);
    selection.selectBlock(
      { r: g.r0, c: g.c0 },
      { r: g.r0 + block.length - 1, c: g.c0 + width - 1 },
    );
  };
  const onPaste = (e: ClipboardEvent) => {
    if (o.editing()) return;
    const text = e.clipboardData?.getData("text/plain") ?? "";
    e.preventDefault();
    e.stopPropagation();
    pasteText(text);
  };
  return { writeBlock, clearRange, fillDown, selectedBlock, onCopy, onCut, onPaste, pasteText };
}
