/** The Teams sheet's pools card: the pools grid, or the default pool's sentence when none is given. */
import { createSignal, type JSX, Show } from "solid-js";
import { fmtMoney } from "../../format";
import { useWorkbook } from "../../state/context";
import { lang, t } from "../../state/i18n";
import { Grid } from "../Grid";
import { poolCell, poolColumns, poolCommit } from "./pool-grid";

/** The pools card. */
export function PoolsCard(): JSX.Element {
  const wb = useWorkbook();
  const pools = () => wb.plan.tenants?.pools ?? [];
  const firstPool = () => wb.computed().result.tenants?.pools[0];
  const [selected, setSelected] = createSignal(0);
  return (
    <section class="card">
      <h3>{t("pools")}</h3>
      <Show
        when={pools().length}
        fallback={
          <p class="muted small" data-testid="default-pool">
            {t("defaultPool", {
              name: firstPool()?.name ?? "—",
              cost: fmtMoney(firstPool()?.costRounded, wb.computed().result.currency, lang()),
            })}
          </p>
        }
      >
        <Grid
          id="pools"
          label={t("pools")}
          columns={poolColumns()}
          rows={pools().map((_, i) => ({ key: String(i), label: String(i + 1) }))}
          corner="#"
          cell={(r, c) => poolCell(wb, r, c)}
          onCommit={(r, c, raw) => poolCommit(wb, r, c, raw)}
          onSelect={(r) => setSelected(r)}
        />
      </Show>
      <div class="card-actions">
        <button data-testid="add-pool" onClick={() => wb.addPool()}>
          {t("addPool")}
        </button>
        <Show when={pools().length}>
          <button onClick={() => wb.removePool(selected())}>
            {t("removePool", { n: selected() + 1 })}
          </button>
        </Show>
      </div>
    </section>
  );
}
