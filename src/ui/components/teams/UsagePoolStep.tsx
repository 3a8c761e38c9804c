/** The usage import's pool-mapping step: each unknown pool name of the file → a pool of the plan. */
import { For, type JSX, Show } from "solid-js";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { defaultPool, knownPools, type PoolStep, type UsageImportState } from "./usage-import";

/** One name's row: the name, an arrow, and the select of pools. */
function PoolChoiceRow(props: { imp: UsageImportState; name: string; index: number }) {
  const wb = useWorkbook();
  const chosen = () => props.imp.poolChoice();
  return (
    <tr>
      <td>
        <code>{props.name}</code>
      </td>
      <td>→</td>
      <td>
        <select
          data-testid={`usage-pool-${props.index}`}
          aria-label={props.name}
          classList={{ unchosen: !chosen().has(props.name) }}
          value={chosen().get(props.name) ?? "?"}
          onChange={(e) => props.imp.choose(props.name, e.currentTarget.value)}
        >
          <option value="?" disabled>
            {t("mappingChoose")}
          </option>
          <Show when={defaultPool(wb) !== null}>
            <option value="">{t("usagePoolDefault", { name: defaultPool(wb)! })}</option>
          </Show>
          <For each={knownPools(wb)}>{(p) => <option value={p}>{p}</option>}</For>
        </select>
      </td>
    </tr>
  );
}

/** The mapping step of an import whose rows name pools the plan does not have. */
export function UsagePoolStep(props: { imp: UsageImportState; step: PoolStep }): JSX.Element {
  const pending = () => props.step.names.filter((n) => !props.imp.poolChoice().has(n)).length;
  return (
    <div class="job mapping" data-status="mapping" data-testid="usage-pool-step">
      <p>{t("usagePoolStep", { what: props.step.what, n: props.step.names.length })}</p>
      <table class="map-table">
        <tbody>
          <For each={props.step.names}>
            {(name, i) => <PoolChoiceRow imp={props.imp} name={name} index={i()} />}
          </For>
        </tbody>
      </table>
      <p class="muted small">{t("usagePoolHint")}</p>
      <div class="map-actions">
        <button
          class="primary"
          data-testid="usage-pool-apply"
          disabled={pending() > 0}
          onClick={() => props.imp.applyStep()}
        >
          {t("usagePoolApply")}
        </button>
        <button class="link" data-testid="usage-pool-cancel" onClick={() => props.imp.cancelStep()}>
          {t("usagePoolCancel")}
        </button>
        <Show when={pending() > 0}>
          <span class="warn small">{t("usagePoolPending", { n: pending() })}</span>
        </Show>
      </div>
    </div>
  );
}
