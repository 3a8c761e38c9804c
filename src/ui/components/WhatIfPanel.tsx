/**
 * The comparison sheet's what-if panel (docs/uncertainty.md): a tornado chart of the selected
 * SKU's result against ±step of each input, and "What would make this …?" (goal seek) from the
 * computed cell selected in the comparison table, in a small dialog. Both recompute the whole
 * plan with the engine's what-if tools; nothing changes the plan until "Use this value". The
 * state lives in `./whatif/`.
 */
import { For, type JSX, Show } from "solid-js";
import { SENSITIVITY_RESULTS, type SensitivityOf } from "../../engine/whatif/sensitivity";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { WHATIF_WORDS } from "../state/uncertainty";
import { ChartCanvas } from "./ChartCanvas";
import { GoalSeekDialog } from "./whatif/GoalSeekDialog";
import { createGoalSeek, type SelectedCell } from "./whatif/goal-seek";
import { createSensitivity } from "./whatif/sensitivity-state";

export type { SelectedCell } from "./whatif/goal-seek";

/** The what-if panel; `selected` is the comparison table's selected computed cell, if any. */
export function WhatIfPanel(props: { selected: () => SelectedCell | null }): JSX.Element {
  const wb = useWorkbook();
  const w = () => WHATIF_WORDS[lang()];
  const tornado = createSensitivity(wb);
  const gs = createGoalSeek(wb);
  return (
    <section class="whatif" data-testid="whatif">
      <h3 class="whatif-title">{w().whatIf}</h3>
      <div class="whatif-controls">
        <label>
          {w().sku}{" "}
          <select
            data-testid="whatif-sku"
            value={String(tornado.skuIndex() ?? "")}
            onChange={(e) => tornado.pickSku(Number(e.currentTarget.value))}
          >
            <For each={tornado.planned()}>
              {(i) => <option value={String(i)}>{wb.computed().result.skus[i]!.name}</option>}
            </For>
          </select>
        </label>
        <label>
          {w().result}{" "}
          <select
            data-testid="whatif-of"
            value={tornado.of()}
            onChange={(e) => tornado.setOf(e.currentTarget.value as SensitivityOf)}
          >
            <For each={[...SENSITIVITY_RESULTS]}>
              {(k) => <option value={k}>{w().of[k]}</option>}
            </For>
          </select>
        </label>
        <button
          data-testid="whatif-ask"
          disabled={!props.selected()}
          title={props.selected() ? undefined : w().askHint}
          onClick={() => {
            const c = props.selected();
            if (c) gs.ask(c);
          }}
        >
          {w().ask}
        </button>
      </div>
      <Show when={tornado.waits()}>
        <p class="empty" data-testid="whatif-large">
          {t("largePlanNote")}{" "}
          <button data-testid="whatif-run" onClick={() => tornado.run()}>
            {t("largePlanRun")}
          </button>
        </p>
      </Show>
      <Show
        when={tornado.chart()}
        fallback={
          <Show when={!tornado.waits()}>
            <p class="empty">{w().noSensitivity}</p>
          </Show>
        }
      >
        {(cfg) => (
          <ChartCanvas
            config={cfg()}
            testId="chart-tornado"
            label={cfg().options?.plugins?.title?.text as string}
            height={Math.max(160, 70 + (tornado.sens()?.rows.length ?? 0) * 30)}
            pngName="sensitivity.png"
          />
        )}
      </Show>
      <Show when={gs.open()}>{(c) => <GoalSeekDialog gs={gs} c={c()} />}</Show>
    </section>
  );
}
