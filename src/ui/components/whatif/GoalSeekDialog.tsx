/** The goal-seek dialog: the value to reach, the input to vary, the answer, and "Use this value". */
import { For, type JSX, Show } from "solid-js";
import { useWorkbook } from "../../state/context";
import { lang } from "../../state/i18n";
import { WHATIF_WORDS } from "../../state/uncertainty";
import { answerText, canApply, type GoalSeek, type SelectedCell } from "./goal-seek";

/** The dialog for cell `c`. */
export function GoalSeekDialog(props: { gs: GoalSeek; c: SelectedCell }): JSX.Element {
  const wb = useWorkbook();
  const w = () => WHATIF_WORDS[lang()];
  const gs = props.gs;
  const skuName = () => wb.computed().result.skus[props.c.sku]?.name ?? "";
  return (
    <div
      class="whatif-dialog"
      role="dialog"
      aria-label={w().dialogTitle(props.c.label)}
      data-testid="solve-dialog"
    >
      <div class="whatif-dialog-head">
        <strong>{w().dialogTitle(`${props.c.label} (${skuName()})`)}</strong>
        <button class="link" aria-label={w().close} onClick={() => gs.close()}>
          ×
        </button>
      </div>
      <label>
        {w().reach}{" "}
        <input
          class="whatif-field"
          data-testid="solve-value"
          inputmode="decimal"
          value={gs.goal()}
          onInput={(e) => gs.setGoal(e.currentTarget.value)}
          onKeyDown={(e) => e.key === "Enter" && gs.run()}
        />
      </label>
      <label>
        {w().vary}{" "}
        <select
          class="whatif-field"
          data-testid="solve-vary"
          value={gs.vary()}
          onChange={(e) => gs.setVary(e.currentTarget.value)}
        >
          <For each={gs.inputs()}>{(p) => <option value={p}>{p}</option>}</For>
        </select>
      </label>
      <div class="whatif-dialog-actions">
        <button data-testid="solve-run" onClick={() => gs.run()}>
          {w().solve}
        </button>
        <Show when={canApply(gs.answer())}>
          <button data-testid="solve-apply" onClick={() => gs.apply()}>
            {w().apply}
          </button>
        </Show>
      </div>
      <Show when={gs.answer()}>
        {(a) => (
          <p class={a().found ? "whatif-answer" : "whatif-answer warn"} data-testid="solve-answer">
            {answerText(a(), props.c.label, lang())}
          </p>
        )}
      </Show>
    </div>
  );
}
