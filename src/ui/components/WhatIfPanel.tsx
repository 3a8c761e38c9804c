/**
 * The comparison sheet's what-if panel (docs/uncertainty.md): a tornado chart of the selected
 * SKU's result against ±step of each input, and "What would make this …?" (goal seek) from the
 * computed cell selected in the comparison table, in a small dialog. Both recompute the whole
 * plan with the engine's what-if tools; nothing changes the plan until "Use this value".
 */
import { isLargePlan } from "../state/large-plan";
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import { fmtNum } from "../../engine/base/number-format";
import { readResult } from "../../engine/whatif/model";
import {
  SENSITIVITY_RESULTS,
  sensitivity,
  sensitivityInputs,
  type SensitivityOf,
} from "../../engine/whatif/sensitivity";
import { solve, type SolveResult } from "../../engine/whatif/solve";
import { renderProblem } from "../../report/messages";
import { tornadoChart } from "../charts/tornado";
import { fmtMoney, fmtMoneyAxis, fmtValue } from "../format";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { WHATIF_WORDS } from "../state/uncertainty";
import { ChartCanvas } from "./ChartCanvas";

/** A computed cell of the comparison table: its `plan --json` path, row label and SKU. */
export interface SelectedCell {
  path: string;
  label: string;
  sku: number;
}

/** The what-if panel; `selected` is the comparison table's selected computed cell, if any. */
export function WhatIfPanel(props: { selected: () => SelectedCell | null }): JSX.Element {
  const wb = useWorkbook();
  const w = () => WHATIF_WORDS[lang()];
  const result = () => wb.computed().result;
  const [skuPick, setSkuPick] = createSignal<number | null>(null);
  const [of, setOf] = createSignal<SensitivityOf>("costPerMonth");
  const planned = () => result().skus.flatMap((s, i) => (s.capacity ? [i] : []));
  const skuIndex = () => {
    const p = skuPick();
    if (p !== null && result().skus[p]?.capacity) return p;
    const rec = result().skus.findIndex((s) => s.name === result().cheapest);
    return rec >= 0 ? rec : (planned()[0] ?? null);
  };
  const money = (v: number) => fmtMoney(v, result().currency, lang());
  // An axis (given its ticks) in one money unit ($12K … $18K); tooltips to the cent.
  const format = (v: number, ticks?: readonly number[]) =>
    of() === "replicas"
      ? fmtValue(v, Number.isInteger(v) ? 0 : 1)
      : ticks
        ? fmtMoneyAxis(v, result().currency, lang(), ticks)
        : money(v);
  // On a large plan the tornado is computed when asked, for the plan as it is then (large-plan.ts).
  const [askedAt, setAskedAt] = createSignal<number | null>(null);
  const waits = () => isLargePlan(result()) && askedAt() !== wb.revision();
  const sens = createMemo(() => {
    wb.revision();
    const i = skuIndex();
    if (i === null || waits()) return null;
    return sensitivity({ plan: wb.snapshot() }, { sku: result().skus[i]!.name, of: of() });
  });
  const chart = createMemo(() => {
    const s = sens();
    if (!s) return null;
    const pct = fmtNum(s.step * 100, 2);
    return tornadoChart(
      s,
      {
        title: w().tornadoTitle(s.sku.name, w().of[s.of], pct),
        low: w().low(pct),
        high: w().high(pct),
      },
      format,
    );
  });

  // Goal seek.
  const [open, setOpen] = createSignal<SelectedCell | null>(null);
  const [goal, setGoal] = createSignal("");
  const [vary, setVary] = createSignal("");
  const [answer, setAnswer] = createSignal<SolveResult | null>(null);
  const inputs = () => {
    const c = open();
    return c ? sensitivityInputs(wb.snapshot(), c.sku) : [];
  };
  const ask = () => {
    const c = props.selected();
    if (!c) return;
    const now = readResult(result(), c.path);
    setGoal(now === null ? "" : String(Number(now.toPrecision(6))));
    setOpen(c);
    setVary(sensitivityInputs(wb.snapshot(), c.sku)[0] ?? "");
    setAnswer(null);
  };
  const run = () => {
    const c = open();
    const v = Number(goal());
    if (!c || !Number.isFinite(v) || !vary()) return;
    setAnswer(solve({ plan: wb.snapshot() }, { target: c.path, value: v, vary: vary() }));
  };
  const answerText = () => {
    const a = answer();
    const c = open();
    if (!a || !c) return "";
    if (!a.found) return a.problem ? renderProblem(a.problem, lang()) : "—";
    const achieved = `${c.label} = ${fmtNum(a.achieved ?? NaN, 4)}`;
    return `${w().found(a.vary, fmtNum(a.value ?? NaN, 6), achieved)} ${w().now(fmtNum(a.base ?? NaN, 6))}`;
  };

  return (
    <section class="whatif" data-testid="whatif">
      <h3 class="whatif-title">{w().whatIf}</h3>
      <div class="whatif-controls">
        <label>
          {w().sku}{" "}
          <select
            data-testid="whatif-sku"
            value={String(skuIndex() ?? "")}
            onChange={(e) => setSkuPick(Number(e.currentTarget.value))}
          >
            <For each={planned()}>
              {(i) => <option value={String(i)}>{result().skus[i]!.name}</option>}
            </For>
          </select>
        </label>
        <label>
          {w().result}{" "}
          <select
            data-testid="whatif-of"
            value={of()}
            onChange={(e) => setOf(e.currentTarget.value as SensitivityOf)}
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
          onClick={ask}
        >
          {w().ask}
        </button>
      </div>
      <Show when={waits()}>
        <p class="empty" data-testid="whatif-large">
          {t("largePlanNote")}{" "}
          <button data-testid="whatif-run" onClick={() => setAskedAt(wb.revision())}>
            {t("largePlanRun")}
          </button>
        </p>
      </Show>
      <Show
        when={chart()}
        fallback={
          <Show when={!waits()}>
            <p class="empty">{w().noSensitivity}</p>
          </Show>
        }
      >
        {(cfg) => (
          <ChartCanvas
            config={cfg()}
            testId="chart-tornado"
            label={cfg().options?.plugins?.title?.text as string}
            height={Math.max(160, 70 + (sens()?.rows.length ?? 0) * 30)}
            pngName="sensitivity.png"
          />
        )}
      </Show>
      <Show when={open()}>
        {(c) => (
          <div
            class="whatif-dialog"
            role="dialog"
            aria-label={w().dialogTitle(c().label)}
            data-testid="solve-dialog"
          >
            <div class="whatif-dialog-head">
              <strong>
                {w().dialogTitle(`${c().label} (${result().skus[c().sku]?.name ?? ""})`)}
              </strong>
              <button class="link" aria-label={w().close} onClick={() => setOpen(null)}>
                ×
              </button>
            </div>
            <label>
              {w().reach}{" "}
              <input
                class="whatif-field"
                data-testid="solve-value"
                inputmode="decimal"
                value={goal()}
                onInput={(e) => setGoal(e.currentTarget.value)}
                onKeyDown={(e) => e.key === "Enter" && run()}
              />
            </label>
            <label>
              {w().vary}{" "}
              <select
                class="whatif-field"
                data-testid="solve-vary"
                value={vary()}
                onChange={(e) => setVary(e.currentTarget.value)}
              >
                <For each={inputs()}>{(p) => <option value={p}>{p}</option>}</For>
              </select>
            </label>
            <div class="whatif-dialog-actions">
              <button data-testid="solve-run" onClick={run}>
                {w().solve}
              </button>
              <Show
                when={
                  answer()?.found &&
                  !/^skus\[\d+\]\.replicaOutputTokensPerSec$/.test(answer()!.vary)
                }
              >
                <button
                  data-testid="solve-apply"
                  onClick={() => {
                    const a = answer();
                    if (a?.value != null) wb.setNumber(a.vary, String(a.value));
                    setOpen(null);
                  }}
                >
                  {w().apply}
                </button>
              </Show>
            </div>
            <Show when={answer()}>
              <p
                class={answer()?.found ? "whatif-answer" : "whatif-answer warn"}
                data-testid="solve-answer"
              >
                {answerText()}
              </p>
            </Show>
          </div>
        )}
      </Show>
    </section>
  );
}
