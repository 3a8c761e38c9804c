/**
 * Before/after (`capplan compare`): two sweeps of the plan, the baseline and the candidate, with
 * regressions beyond a threshold marked. Opens on a meaningful pair (same GPU and model), else
 * asks to choose (src/ui/state/compare-pair.ts).
 */
import { createMemo, createSignal, For, type JSX, Show } from "solid-js";
import { compareSweeps } from "../../../report/compare";
import { compareMarkdown, compareSummary } from "../../../report/compare-table";
import { defaultComparePair } from "../../state/compare-pair";
import { useWorkbook } from "../../state/context";
import { lang, t } from "../../state/i18n";
import { MarkdownView } from "../MarkdownView";
import { type SweepChoice, splitCompareText, sweepChoices } from "./compare-view";

/** A select of the plan's sweeps; the candidate's starts on "choose a sweep" (-1). */
function SweepSelect(props: {
  label: string;
  testId: string;
  sweeps: readonly SweepChoice[];
  value: number;
  choose?: boolean;
  onPick: (i: number) => void;
}): JSX.Element {
  return (
    <label class="field">
      <span class="field-label">{props.label}</span>
      <select
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onPick(Number(e.currentTarget.value))}
      >
        <Show when={props.choose}>
          <option value={-1} disabled selected={props.value === -1}>
            {t("chooseSweep")}
          </option>
        </Show>
        <For each={props.sweeps}>
          {(s, i) => (
            <option value={i()} selected={props.value === i()}>
              {s.label}
            </option>
          )}
        </For>
      </select>
    </label>
  );
}

/** The before/after section. */
export function BeforeAfter(): JSX.Element {
  const wb = useWorkbook();
  const sweeps = createMemo(() => sweepChoices(wb.computed().result));
  const pair = createMemo(() =>
    defaultComparePair(sweeps().map((s) => ({ gpu: s.gpu, model: s.sweep.meta.model ?? null }))),
  );
  const [basePick, setBaseIdx] = createSignal<number | null>(null);
  const [candPick, setCandIdx] = createSignal<number | null>(null);
  const baseIdx = () => basePick() ?? pair()?.[0] ?? 0;
  const candIdx = () => candPick() ?? pair()?.[1] ?? -1;
  const [threshold, setThreshold] = createSignal(5);
  const compared = createMemo(() => {
    const a = sweeps()[baseIdx()];
    const b = sweeps()[candIdx()];
    if (!a || !b) return null;
    const r = compareSweeps(a.sweep, b.sweep, threshold());
    const text = compareMarkdown(a.sweep, b.sweep, r, lang());
    return { r, ...splitCompareText(text), summary: compareSummary(r, lang()) };
  });
  return (
    <section class="card" data-testid="before-after">
      <h3>{t("beforeAfter")}</h3>
      <Show when={sweeps().length >= 2} fallback={<p class="muted small">{t("needTwoSweeps")}</p>}>
        <div class="inline-fields">
          <SweepSelect
            label={t("baseline")}
            testId="compare-base"
            sweeps={sweeps()}
            value={baseIdx()}
            onPick={setBaseIdx}
          />
          <span aria-hidden="true">→</span>
          <SweepSelect
            label={t("candidate")}
            testId="compare-cand"
            sweeps={sweeps()}
            value={candIdx()}
            choose
            onPick={setCandIdx}
          />
          <label class="field">
            <span class="field-label">{t("threshold")}</span>
            <input
              type="number"
              min="0"
              step="1"
              value={threshold()}
              data-testid="compare-threshold"
              style={{ width: "4.5em" }}
              onChange={(e) => {
                const v = Number(e.currentTarget.value);
                if (Number.isFinite(v) && v >= 0) setThreshold(v);
              }}
            />
            <span class="field-label">%</span>
          </label>
        </div>
        <Show
          when={compared()}
          fallback={
            <p class="muted small" data-testid="compare-pick">
              {t("comparePickHint")}
            </p>
          }
        >
          {(c) => (
            <>
              <p
                class="compare-summary"
                classList={{
                  bad: c().r.regressions.length > 0,
                  good: c().r.regressions.length === 0,
                }}
                data-testid="compare-summary"
              >
                {c().summary}
              </p>
              <MarkdownView markdown={c().md} testId="compare-table" />
              <Show when={c().list}>
                {(l) => (
                  <details class="regressions" data-testid="compare-regressions">
                    <summary>
                      {l().title} ({c().r.regressions.length})
                    </summary>
                    <MarkdownView markdown={l().md} />
                  </details>
                )}
              </Show>
            </>
          )}
        </Show>
      </Show>
    </section>
  );
}
