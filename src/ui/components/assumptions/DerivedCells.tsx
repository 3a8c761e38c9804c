/** The derived cells of every SKU, explained with the numbers plugged in; the recommended one starred. */
import { For, type JSX, Show } from "solid-js";
import type { SkuResult } from "../../../engine/plan/plan-result";
import { localizeReason } from "../../../report/messages";
import { skuDerivations } from "../../explain";
import type { UiKey } from "../../i18n";
import { useWorkbook } from "../../state/context";
import { lang, t } from "../../state/i18n";
import { setLineagePath } from "../../state/lineage";
import { recBasis } from "../../state/trust";
import { Grid } from "../Grid";
import { LineagePanel } from "../LineagePanel";

/** One SKU's derivations. */
function SkuDerived(props: { s: SkuResult; i: number }): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const derivations = () => skuDerivations(result(), props.s, lang());
  const rec = () => props.s.name === result().cheapest;
  return (
    <div class="derived" classList={{ rec: rec() }}>
      <h4 title={wb.plan.skus[props.i]?.sweep?.label ?? props.s.name}>
        {props.s.name}
        <Show when={rec()}>
          {" "}
          <span class="badge" title={recBasis(result(), lang())}>
            ★ {t("recommended")}
          </span>
        </Show>
      </h4>
      <Show
        when={derivations().length}
        fallback={<p class="muted small">{localizeReason(props.s, lang()) || t("noResult")}</p>}
      >
        <Grid
          id={`derived-${props.i}`}
          label={t("gridDerived", { name: props.s.name })}
          columns={[
            { key: "value", label: t("cellResult"), numeric: true, width: "8em" },
            { key: "formula", label: t("formula") },
          ]}
          rows={derivations().map((d) => ({ key: d.key, label: t(d.key as UiKey) }))}
          corner=""
          onSelect={(r) => {
            const d = derivations()[r];
            if (d) setLineagePath(`skus[${props.i}].${d.key}`);
          }}
          cell={(r, c) => {
            const d = derivations()[r]!;
            return c === 0
              ? {
                  raw: "",
                  display: d.value,
                  readOnly: true,
                  note: `${t(d.key as UiKey)} = ${d.formula}`,
                }
              : { raw: "", display: d.formula, readOnly: true, class: "formula-text" };
          }}
        />
      </Show>
    </div>
  );
}

/** The derived cells card. */
export function DerivedCells(): JSX.Element {
  const wb = useWorkbook();
  return (
    <section class="card">
      <h3>{t("derived")}</h3>
      <p class="muted small">{t("derivedHint")}</p>
      <div class="derived-list">
        <For each={wb.computed().result.skus}>{(s, i) => <SkuDerived s={s} i={i()} />}</For>
      </div>
      <LineagePanel />
    </section>
  );
}
