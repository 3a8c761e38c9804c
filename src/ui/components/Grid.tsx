/**
 * A reusable spreadsheet grid: cells addressable by `data-testid="<id>:<row>:<col>"`. Keys as in a
 * spreadsheet (docs/grid.md, `grid/keyboard.ts`), copy/cut/paste as quoted TSV
 * (`grid/clipboard.ts`), Shift+click and mouse-drag select a range (`grid/mouse.ts`), in-cell
 * editing (`grid/editor.ts`), virtual rows for long grids (`grid/virtual.ts`). The formula bar
 * above shows the selected cell's address and raw text; errors show in the cell (`#CYCLE`,
 * `#NAME`, `#VALUE`) with the reason on hover and in the detail line. The grid never owns data:
 * it asks `cell()` and reports `onCommit`. A screen reader hears the grid's `label` and follows
 * the active cell (aria-activedescendant); rows and headers carry explicit ARIA roles.
 */
import { createMemo, createUniqueId, onCleanup, onMount, type JSX } from "solid-js";
import { createGridClipboard } from "./grid/clipboard";
import { cellAddress } from "./grid/cell-text";
import { createCellEditor } from "./grid/editor";
import { DetailLine, FormulaBar } from "./grid/GridBars";
import { GridTable } from "./grid/GridTable";
import { createGridKeys } from "./grid/keyboard";
import { createMouseSelect } from "./grid/mouse";
import { createSelection } from "./grid/selection";
import type { GridProps, Pos } from "./grid/types";
import { createVirtualRows } from "./grid/virtual";

export { errorCode } from "./grid/cell-text";
export type { CellView, GridColumn, GridProps, GridRow } from "./grid/types";

/** The spreadsheet grid component. */
export function Grid(props: GridProps): JSX.Element {
  // Read the rows once per change: an owner's row list may be derived from thousands of store
  // fields, and every binding reading it directly would track them all.
  const rows = createMemo(() => props.rows);
  const uid = createUniqueId();
  let root!: HTMLDivElement;
  const rowCount = () => rows().length;
  const colCount = () => props.columns.length;
  const virtual = createVirtualRows(rowCount, () => root);
  const reveal = (q: Pos) => {
    virtual.reveal(q.r);
    queueMicrotask(() =>
      root
        ?.querySelector<HTMLElement>(`[data-r="${q.r}"][data-c="${q.c}"]`)
        ?.scrollIntoView?.({ block: "nearest", inline: "nearest" }),
    );
  };
  const selection = createSelection({
    rowCount,
    colCount,
    onSelect: (r, c) => props.onSelect?.(r, c),
    reveal,
  });
  const focusGrid = () => root?.focus();
  const editor = createCellEditor({
    owner: props,
    selection,
    focusGrid,
    // A block pasted into the open editor is the grid's paste (created below; called later).
    pasteBlock: (text) => clip.pasteText(text),
  });
  const editing = () => editor.editing() !== null;
  const clip = createGridClipboard({ owner: props, selection, rowCount, colCount, editing });
  const mouse = createMouseSelect(selection, editor, focusGrid);
  const filled = (p: Pos) => {
    const v = props.cell(p.r, p.c);
    return v.raw !== "" || v.display !== "";
  };
  const pageRows = () => {
    const h = root?.querySelector<HTMLElement>("tbody tr")?.getBoundingClientRect().height || 25;
    const view = Math.min(root?.clientHeight || window.innerHeight, window.innerHeight);
    return Math.max(1, Math.floor(view / h) - 1);
  };
  const onKeyDown = createGridKeys({
    selection,
    extent: () => ({ rows: rowCount(), cols: colCount(), filled }),
    pageRows,
    editing,
    editable: () => !!props.onCommit,
    startEdit: editor.start,
    clearRange: clip.clearRange,
    fillDown: clip.fillDown,
  });

  onMount(() => {
    window.addEventListener("mouseup", mouse.release);
    window.addEventListener("resize", virtual.measure);
    onCleanup(() => {
      window.removeEventListener("mouseup", mouse.release);
      window.removeEventListener("resize", virtual.measure);
    });
    virtual.measure();
  });

  const where = (r: number, c: number) => cellAddress(rows()[r], props.columns[c]);
  const active = () => {
    const { r, c } = selection.sel();
    if (r >= rowCount() || c >= colCount()) return null;
    return { where: where(r, c), v: props.cell(r, c) };
  };
  const cellId = (r: number, c: number) => `g${uid}-${r}-${c}`;
  const ctx = { props, selection, editor, mouse, cellId, where };

  return (
    <div class="grid-wrap">
      <FormulaBar id={props.id} active={active()} editingText={editor.editing()?.text} />
      <div
        ref={root}
        class="grid"
        tabIndex={0}
        role="grid"
        aria-label={props.label}
        aria-rowcount={rowCount() + 1}
        aria-colcount={colCount() + (props.corner !== undefined ? 1 : 0)}
        aria-multiselectable="true"
        aria-activedescendant={active() ? cellId(selection.sel().r, selection.sel().c) : undefined}
        data-testid={`grid-${props.id}`}
        classList={{ virtual: virtual.virtual() }}
        onScroll={virtual.onScroll}
        onKeyDown={onKeyDown}
        onCopy={clip.onCopy}
        onCut={clip.onCut}
        onPaste={clip.onPaste}
      >
        <GridTable ctx={ctx} rows={rows()} virtual={virtual} />
      </div>
      <DetailLine id={props.id} active={active()} />
    </div>
  );
}
