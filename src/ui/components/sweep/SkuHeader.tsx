/**
 * The head of a sweep card: the SKU's name, its workload, GPU from `models/gpus.json`, GPUs per
 * replica and price (a catalogue price flagged as defaulted until the planner types one).
 */
import { For, type JSX, Show } from "solid-js";
import { gpuCatalog } from "../../state/catalog";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { priceMissing } from "../../state/trust";
import { FieldInput } from "../FieldInput";

/** The header of SKU `skuIndex`'s card. */
export function SkuHeader(props: {
  skuIndex: number;
  workload: string | null;
  color: string;
}): JSX.Element {
  const wb = useWorkbook();
  const i = () => props.skuIndex;
  const sku = () => wb.plan.skus[i()];
  const defaulted = () => {
    const d = sku()?.priceDefault;
    return d && sku()?.pricePerGpuHour === d.usdPerGpuHour ? d : null;
  };
  // Picking a GPU for a SKU without a price fills the catalogue's indicative price, flagged as
  // defaulted until the planner types one; without a catalogue price it asks (docs/trust.md).
  const pickGpu = (id: string) => {
    wb.setGpu(i(), id);
    if (id && (priceMissing(wb.plan, i()) || defaulted()))
      document.querySelector<HTMLInputElement>(`[data-testid="sku-price-${i()}"]`)?.focus();
  };
  return (
    <header class="card-head">
      <span class="swatch" style={{ background: props.color }} />
      <input
        class="sku-name"
        data-testid={`sku-name-${i()}`}
        aria-label={t("skuName")}
        value={sku()?.name ?? ""}
        onChange={(e) =>
          e.currentTarget.value.trim() &&
          wb.setText(`skus[${i()}].name`, e.currentTarget.value.trim())
        }
      />
      <Show when={props.workload}>
        <span class="chip">{props.workload}</span>
      </Show>
      <label class="field">
        <span class="field-label">{t("gpu")}</span>
        <select
          data-testid={`sku-gpu-${i()}`}
          value={sku()?.gpu ?? ""}
          onChange={(e) => pickGpu(e.currentTarget.value)}
        >
          <option value="">—</option>
          <For each={gpuCatalog()}>{(g) => <option value={g.id}>{g.name}</option>}</For>
        </select>
      </label>
      <FieldInput
        path={`skus[${i()}].gpusPerReplica`}
        label={t("gpusPerReplica")}
        testId={`sku-gpus-${i()}`}
        width="4em"
      />
      <FieldInput
        path={`skus[${i()}].pricePerGpuHour`}
        label={t("pricePerGpuHour")}
        testId={`sku-price-${i()}`}
        width="8.5em"
        unit={wb.plan.currency ?? "USD"}
        needs={t("needsPrice")}
        defaulted={
          defaulted()
            ? t("priceDefaulted", {
                source: defaulted()!.source,
                retrieved: defaulted()!.retrieved,
              })
            : undefined
        }
      />
      <span class="spacer" />
      <button
        class="link danger"
        data-testid={`sku-remove-${i()}`}
        onClick={() => wb.removeSku(i())}
      >
        {t("removeSku")}
      </button>
    </header>
  );
}
