/** The Teams sheet's allocation card: method, basis, idle handling, weights, and what they mean. */
import { type JSX, Show } from "solid-js";
import type { UiKey } from "../../i18n";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { FieldInput } from "../FieldInput";

/** A labelled select of the allocation card. */
function Choice(props: {
  label: string;
  testId: string;
  value: string;
  options: readonly string[];
  optionKey: (o: string) => UiKey;
  onChange: (v: string) => void;
}): JSX.Element {
  return (
    <label class="field">
      <span class="field-label">{props.label}</span>
      <select
        data-testid={props.testId}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.options.map((o) => (
          <option value={o}>{t(props.optionKey(o))}</option>
        ))}
      </select>
    </label>
  );
}

/** The allocation method card. */
export function AllocationMethodCard(): JSX.Element {
  const wb = useWorkbook();
  const ten = () => wb.plan.tenants;
  return (
    <section class="card">
      <h3>{t("allocMethod")}</h3>
      <div class="inline-fields">
        <Choice
          label={t("allocBy")}
          testId="alloc-method"
          value={ten()?.method ?? "tokens"}
          options={["tokens", "output", "weighted"]}
          optionKey={(o) => `method_${o}` as UiKey}
          onChange={(v) => wb.setText("tenants.method", v)}
        />
        <Choice
          label={t("allocBasis")}
          testId="alloc-basis"
          value={ten()?.basis ?? "usage"}
          options={["usage", "reservation"]}
          optionKey={(o) => `basis_${o}` as UiKey}
          onChange={(v) => wb.setText("tenants.basis", v === "usage" ? "" : v)}
        />
        <Choice
          label={t("idleHandling")}
          testId="alloc-idle"
          value={ten()?.idle ?? "proportional"}
          options={["proportional", "separate"]}
          optionKey={(o) => `idle_${o}` as UiKey}
          onChange={(v) => wb.setText("tenants.idle", v)}
        />
      </div>
      <Show when={ten()?.method === "weighted"}>
        <div class="inline-fields">
          <FieldInput
            path="tenants.inputWeight"
            label={t("inputWeight")}
            testId="input-weight"
            width="6em"
          />
          <FieldInput
            path="tenants.outputWeight"
            label={t("outputWeight")}
            testId="output-weight"
            width="6em"
          />
        </div>
      </Show>
      <p class="muted small" data-testid="alloc-hint">
        {t(`basisHint_${ten()?.basis ?? "usage"}` as UiKey)}{" "}
        {t(`methodHint_${ten()?.method ?? "tokens"}` as UiKey)}{" "}
        {t(`idleHint_${ten()?.idle ?? "proportional"}` as UiKey)}
      </p>
    </section>
  );
}
