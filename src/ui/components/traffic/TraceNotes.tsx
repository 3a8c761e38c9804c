/** The notes of a trace summary and the reader's warnings, folded, in the chosen language. */
import { For, type JSX, Show } from "solid-js";
import type { Problem } from "../../../engine/base/problems";
import type { TraceView } from "../../../import/trace-session";
import { localizeIssue, renderProblem } from "../../../report/messages";
import { lang, t } from "../../state/i18n";

/**
 * A summary note in the chosen language, from its problem. A summary stored in a plan keeps its
 * English notes only (no problems, as plan files always have), so those show as written.
 */
function noteLine(problem: Problem<object> | undefined, english: string): string {
  return problem ? renderProblem(problem, lang()) : english;
}

/** The notes, when there are any. */
export function TraceNotes(props: { view: TraceView }): JSX.Element {
  const s = () => props.view.summary;
  return (
    <Show when={s().notes.length || props.view.warnings.length}>
      <details class="issues-warn card">
        <summary>
          {t("trNotes")} ({s().notes.length + props.view.warnings.length})
        </summary>
        <ul>
          <For each={s().notes}>{(n, i) => <li>{noteLine(s().problems?.[i()], n)}</li>}</For>
          <For each={props.view.warnings}>{(w) => <li>{localizeIssue(w, lang())}</li>}</For>
        </ul>
      </details>
    </Show>
  );
}
