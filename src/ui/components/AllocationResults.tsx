/**
 * Results of the team cost allocation (docs/allocation.md): per pool, each team's weighted tokens,
 * share, cost per day and month, cost per 1M tokens, the idle line and a totals line that shows
 * conservation (teams + idle = pool cost, to the minor unit); team totals over pools; a stacked
 * bar or doughnut chart; exports of the allocation CSV and the FOCUS-style CSV; plan vs actual.
 * Each part is a component of `./allocation/`.
 */
import { createMemo, For, type JSX, Show } from "solid-js";
import { minorUnitDigits } from "../../engine/finops/money";
import { allocationLines } from "../../report/allocation-csv";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { fileStem } from "../state/persist";
import { conservation } from "../state/usage-edit";
import { moneyFormat, wholeConservation } from "./allocation/alloc-lines";
import { AllocationChart } from "./allocation/AllocationChart";
import { FinanceExports } from "./allocation/FinanceExports";
import { PlanVsActual } from "./allocation/PlanVsActual";
import { PoolResult } from "./allocation/PoolResult";
import { TeamTotals } from "./allocation/TeamTotals";
import { LineagePanel } from "./LineagePanel";

export { POOL_ROW_LIMIT } from "./allocation/alloc-lines";

/** The allocation results, chart and exports. */
export function AllocationResults(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const cur = () => result().currency;
  const digits = () => minorUnitDigits(cur());
  const lines = createMemo(() => allocationLines(result()));
  const pools = () => [...new Set(lines().map((l) => l.pool))];
  const checks = createMemo(() => conservation(lines()));
  const money = createMemo(() => moneyFormat(cur(), digits(), lang()));
  const whole = createMemo(() => wholeConservation(result().tenants, digits()));
  return (
    <Show when={lines().length} fallback={<p class="empty">{t("noAllocation")}</p>}>
      <section class="card" data-testid="alloc-results">
        <h3>{t("allocResults")}</h3>
        <For each={pools()}>
          {(pool, i) => (
            <PoolResult
              pool={pool}
              index={i()}
              lines={lines()}
              check={checks()[i()]}
              money={money()}
            />
          )}
        </For>
        <TeamTotals pools={pools().length} money={money()} />
        <Show when={whole()}>
          {(k) => (
            <p
              class="conservation"
              classList={{ good: k().ok, bad: !k().ok }}
              data-testid="conservation-all"
              data-ok={k().ok ? "true" : "false"}
            >
              {k().ok ? "✓ " : "✗ "}
              {t("conservationAll", {
                teams: money().minor(k().teams),
                idle: money().minor(k().idle),
                unalloc: money().minor(k().unalloc),
                parts: money().minor(k().parts),
                total: money().minor(k().total),
              })}
            </p>
          )}
        </Show>
        <LineagePanel />
        <div class="alloc-bottom">
          <AllocationChart
            lines={lines()}
            pools={pools().length}
            currency={cur()}
            digits={digits()}
            pngName={`${fileStem(result().title)}-allocation.png`}
          />
          <FinanceExports />
        </div>
        <PlanVsActual />
      </section>
    </Show>
  );
}
