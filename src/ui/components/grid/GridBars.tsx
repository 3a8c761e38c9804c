/**
 * The lines around a grid: the formula bar above (the active cell's address and raw text, or the
 * editor's text while editing) and the detail line below (error, note or formula → result).
 */
import { Show, type JSX } from "solid-js";
import { lang } from "../../state/i18n";
import { cellDetail } from "./cell-text";
import type { CellView } from "./types";

/** The active cell as the bars show it. */
export type ActiveCell = { where: string; v: CellView };

/** The formula bar of grid `id`. */
export function FormulaBar(props: {
  id: string;
  active: ActiveCell | null;
  editingText: string | undefined;
}): JSX.Element {
  return (
    <div class="formula-bar" data-testid={`formula-bar-${props.id}`}>
      <Show when={props.active} fallback={<span class="muted">&nbsp;</span>}>
        {(cur) => {
          const text = () =>
            props.editingText ?? (cur().v.readOnly ? cur().v.display : cur().v.raw);
          return (
            <>
              <span class="where">{cur().where}</span>
              <span class="fx" aria-hidden="true">
                fx
              </span>
              <span
                class="fx-raw"
                data-testid={`fx-${props.id}`}
                title={text()}
                classList={{ formula: cur().v.raw.startsWith("=") }}
              >
                {text()}
              </span>
            </>
          );
        }}
      </Show>
    </div>
  );
}

/** The detail line of grid `id`. */
export function DetailLine(props: { id: string; active: ActiveCell | null }): JSX.Element {
  const detail = () => (props.active ? cellDetail(props.active.v, lang()) : null);
  return (
    <div
      class="grid-detail"
      data-testid={`detail-${props.id}`}
      classList={{ bad: !!detail()?.error }}
    >
      <Show when={detail()} fallback={<span class="muted">&nbsp;</span>}>
        {(d) => (
          <>
            <span class="where">{props.active?.where}</span> {d().text}
          </>
        )}
      </Show>
    </div>
  );
}
