/** One cell of a grid: its view from the owner, its selection state, mouse and editor. */
import { createMemo, Show, type JSX } from "solid-js";
import { localizeError } from "../../../report/messages";
import { lang } from "../../state/i18n";
import { CellEditorInput } from "./CellEditor";
import type { CellEditor } from "./editor";
import { errorCode } from "./cell-text";
import type { createMouseSelect } from "./mouse";
import type { Selection } from "./selection";
import type { GridColumn, GridProps } from "./types";

/** What a cell needs from its grid. */
export interface CellContext {
  props: GridProps;
  selection: Selection;
  editor: CellEditor;
  mouse: ReturnType<typeof createMouseSelect>;
  /** The DOM id of cell (r, c), for aria-activedescendant. */
  cellId(r: number, c: number): string;
  where(r: number, c: number): string;
}

/** The `<td role="gridcell">` at (r, c). */
export function GridCell(p: {
  ctx: CellContext;
  r: number;
  c: number;
  rowKey: string;
  col: GridColumn;
}): JSX.Element {
  const { props, selection, editor, mouse } = p.ctx;
  const { r, c } = p;
  // One evaluation of the cell per change (its view is read by several bindings).
  const v = createMemo(() => props.cell(r, c));
  return (
    <td
      id={p.ctx.cellId(r, c)}
      data-testid={`${props.id}:${p.rowKey}:${p.col.key}`}
      data-r={r}
      data-c={c}
      role="gridcell"
      aria-selected={selection.inRange(r, c)}
      aria-readonly={v().readOnly ? "true" : undefined}
      aria-invalid={v().error ? "true" : undefined}
      title={(v().error ? localizeError(v().error!, lang()) : null) ?? v().note ?? undefined}
      class={`${v().class ?? ""} ${props.columnClass?.(c) ?? ""}`}
      classList={{
        num: !!p.col.numeric,
        sel: selection.inRange(r, c),
        cur: selection.isActive(r, c),
        err: !!v().error,
        ro: !!v().readOnly,
        formula: v().raw.startsWith("="),
      }}
      onMouseDown={(e) => {
        if (mouse.down(r, c, e)) e.preventDefault();
      }}
      onMouseMove={(e) => mouse.move(r, c, e)}
      onDblClick={() => editor.start()}
    >
      <Show
        when={editor.isEditing(r, c)}
        fallback={<span class="cv">{v().error ? errorCode(v().error!.kind) : v().display}</span>}
      >
        <CellEditorInput editor={editor} label={p.ctx.where(r, c)} />
      </Show>
    </td>
  );
}
