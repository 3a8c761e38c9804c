/**
 * The cell editor's state: which cell is being edited and its text. Enter/F2 or typing starts it
 * (not on read-only cells or a grid without `onCommit`), Enter/Tab commit and move, Esc cancels.
 * A commit that leaves the text as it was reports nothing to the owner. A paste of more than one
 * cell while editing is the grid's paste, not text for this one cell (see `paste`).
 */
import { createSignal } from "solid-js";
import { parseClipboardTsv } from "../../state/clipboard";
import type { Selection } from "./selection";
import type { CellOwner, Pos } from "./types";

/** The cell being edited and its current text. */
export type Editing = { r: number; c: number; text: string };

/** What {@link createCellEditor} acts on. */
export interface CellEditorOptions {
  owner: CellOwner;
  selection: Selection;
  /** Give the keys back to the grid after an edit. */
  focusGrid(): void;
  /** The grid's paste of clipboard text at the selection (`grid/clipboard.ts`). */
  pasteBlock?(text: string): void;
}

/** The cell-editor primitive; see {@link CellEditorOptions}. */
export function createCellEditor(o: CellEditorOptions) {
  const [editing, setEditing] = createSignal<Editing | null>(null);
  const isEditing = (r: number, c: number) => {
    const e = editing();
    return e !== null && e.r === r && e.c === c;
  };
  /** Edit the active cell, starting from `text` (a typed key) or from its raw text. */
  const start = (text?: string) => {
    const { r, c } = o.selection.sel();
    const v = o.owner.cell(r, c);
    if (v.readOnly || !o.owner.onCommit) return;
    setEditing({ r, c, text: text ?? v.raw });
  };
  const setText = (text: string) => {
    const e = editing();
    if (e) setEditing({ ...e, text });
  };
  /** Commit the edit, then move the selection by `move` from the edited cell (null: stay). */
  const commit = (move: Pos | null) => {
    const e = editing();
    if (!e) return;
    setEditing(null);
    if (e.text !== o.owner.cell(e.r, e.c).raw) o.owner.onCommit?.(e.r, e.c, e.text);
    if (move) o.selection.select({ r: e.r + move.r, c: e.c + move.c });
    o.focusGrid();
  };
  const cancel = () => {
    setEditing(null);
    o.focusGrid();
  };
  /**
   * Clipboard text pasted into the editor. A block of more than one cell (tabs or line breaks
   * between cells, as a spreadsheet copies a range) is the grid's paste at the edited cell: the
   * edit is committed as it stands (nothing typed is lost; unchanged text reports nothing), then
   * the block goes in, so that a block pasted after a double click lands cell by cell (a usage
   * table with its header row is imported) instead of becoming one cell's text. Returns true then;
   * false leaves one cell's text to the input.
   */
  const paste = (text: string): boolean => {
    const e = editing();
    if (!e || !o.pasteBlock) return false;
    const block = parseClipboardTsv(text);
    if (block.length < 2 && (block[0]?.length ?? 0) < 2) return false;
    commit(null);
    o.selection.select({ r: e.r, c: e.c });
    o.pasteBlock(text);
    return true;
  };
  return { editing, isEditing, start, setText, commit, cancel, paste };
}

/** The cell editor of a grid. */
export type CellEditor = ReturnType<typeof createCellEditor>;
