/** The Teams sheet's shared-costs card: costs split over the teams (weighted, evenly, or not). */
import { createSignal, type JSX, Show } from "solid-js";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { Grid } from "../Grid";
import { sharedCell, sharedColumns, sharedCommit } from "./shared-grid";

/** The shared-costs card. */
export function SharedCostsCard(): JSX.Element {
  const wb = useWorkbook();
  const shared = () => wb.plan.tenants?.shared ?? [];
  const [selected, setSelected] = createSignal(0);
  return (
    <section class="card" data-testid="shared-costs">
      <h3>{t("sharedCosts")}</h3>
      <p class="muted small">{t("sharedHint")}</p>
      <Show when={shared().length}>
        <Grid
          id="shared"
          label={t("sharedCosts")}
          columns={sharedColumns()}
          rows={shared().map((_, i) => ({ key: String(i), label: String(i + 1) }))}
          corner="#"
          cell={(r, c) => sharedCell(wb, r, c)}
          onCommit={(r, c, raw) => sharedCommit(wb, r, c, raw)}
          onSelect={(r) => setSelected(r)}
        />
      </Show>
      <div class="card-actions">
        <button data-testid="add-shared" onClick={() => wb.addShared()}>
          {t("addShared")}
        </button>
        <Show when={shared().length}>
          <button data-testid="remove-shared" onClick={() => wb.removeShared(selected())}>
            {t("removeShared", { n: selected() + 1 })}
          </button>
        </Show>
      </div>
    </section>
  );
}
