/** The in-cell input of a grid while a cell is edited (state in `editor.ts`). */
import type { JSX } from "solid-js";
import type { CellEditor } from "./editor";

/** The text input over the edited cell; `label` names the cell for a screen reader. */
export function CellEditorInput(props: { editor: CellEditor; label: string }): JSX.Element {
  const ed = props.editor;
  return (
    <input
      class="cell-input"
      data-testid="cell-editor"
      aria-label={props.label}
      value={ed.editing()?.text ?? ""}
      ref={(el) =>
        queueMicrotask(() => {
          el.focus();
          el.setSelectionRange(el.value.length, el.value.length);
        })
      }
      onInput={(e) => ed.setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Enter") {
          e.preventDefault();
          ed.commit({ r: e.shiftKey ? -1 : 1, c: 0 });
        } else if (e.key === "Tab") {
          e.preventDefault();
          ed.commit({ r: 0, c: e.shiftKey ? -1 : 1 });
        } else if (e.key === "Escape") {
          e.preventDefault();
          ed.cancel();
        }
      }}
      onBlur={() => ed.editing() && ed.commit(null)}
      onCopy={(e) => e.stopPropagation()}
      onCut={(e) => e.stopPropagation()}
      onPaste={(e) => {
        e.stopPropagation();
        // A block of cells is the grid's paste (editor.ts `paste`); one cell's text stays here.
        if (ed.paste(e.clipboardData?.getData("text/plain") ?? "")) e.preventDefault();
      }}
    />
  );
}
