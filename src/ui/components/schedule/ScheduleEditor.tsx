/** The schedule editor: the workload, its schedule now, the hourly values, minimum replicas, lead. */
import { For, type JSX, Show } from "solid-js";
import { t } from "../../state/i18n";
import { useTraffic } from "../../state/traffic";
import type { ScheduleEditorState } from "./schedule-editor";
import { currentScheduleText } from "./schedule-text";

/** A small whole-number field of the editor. */
function SmallField(props: {
  label: string;
  testId: string;
  value: string;
  onInput: (v: string) => void;
}): JSX.Element {
  return (
    <label class="field">
      <span class="field-label">{props.label}</span>
      <input
        data-testid={props.testId}
        size={4}
        inputmode="numeric"
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}

/** The editor. */
export function ScheduleEditor(props: { ed: ScheduleEditorState }): JSX.Element {
  const { setScheduleWorkload } = useTraffic();
  const ed = props.ed;
  return (
    <>
      <div class="tr-actions">
        <label class="field">
          <span class="field-label">{t("schedWorkload")}</span>
          <select
            data-testid="sched-workload"
            value={String(ed.index())}
            onChange={(e) => setScheduleWorkload(Number(e.currentTarget.value))}
          >
            <For each={ed.defs()}>
              {(d, i) => <option value={String(i())}>{d.name ?? `#${i() + 1}`}</option>}
            </For>
          </select>
        </label>
        <span class="small" data-testid="sched-current">
          {currentScheduleText(ed.def()?.schedule)}
        </span>
      </div>
      <div class="sched-edit">
        <textarea
          data-testid="sched-text"
          rows={4}
          aria-label={t("schedPaste")}
          placeholder={t("schedPaste")}
          value={ed.text()}
          onInput={(e) => ed.setText(e.currentTarget.value)}
        />
        <div class="sched-controls">
          <SmallField
            label={t("schedMinReplicas")}
            testId="sched-min"
            value={ed.minR()}
            onInput={ed.setMinR}
          />
          <SmallField
            label={t("schedLead")}
            testId="sched-lead"
            value={ed.lead()}
            onInput={ed.setLead}
          />
          <button
            class="primary"
            data-testid="sched-apply"
            disabled={!ed.defs().length || !ed.text().trim()}
            onClick={() => ed.apply()}
          >
            {t("schedApply")}
          </button>
          <button
            data-testid="sched-from-trace"
            disabled={!ed.def()?.trace}
            title={ed.def()?.trace ? t("schedFromTraceHint") : t("schedNoTrace")}
            onClick={() => ed.fromTrace()}
          >
            {t("schedFromTrace")}
          </button>
          <Show when={ed.def()?.schedule}>
            <button class="link" data-testid="sched-remove" onClick={() => ed.remove()}>
              {t("schedRemove")}
            </button>
          </Show>
        </div>
      </div>
      <Show when={ed.error()}>
        {(e) => (
          <p class="bad small" role="alert" data-testid="sched-error">
            {e()}
          </p>
        )}
      </Show>
    </>
  );
}
