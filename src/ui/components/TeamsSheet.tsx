/**
 * The Teams (FinOps) sheet, docs/allocation.md: allocation method and idle handling, pools (daily
 * cost from a SKU of the plan or typed), shared costs, and the daily usage per team. Each card is
 * a component of `./teams/`; the results, chart and exports are in {@link AllocationResults}.
 */
import { For, type JSX, Show } from "solid-js";
import { localizeError } from "../../report/messages";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { AllocationResults } from "./AllocationResults";
import { AllocationMethodCard } from "./teams/AllocationMethodCard";
import { PoolsCard } from "./teams/PoolsCard";
import { SharedCostsCard } from "./teams/SharedCostsCard";
import { tenantErrors } from "./teams/tenant-errors";
import { UsageCard } from "./teams/UsageCard";

/** The Teams sheet. */
export function TeamsSheet(): JSX.Element {
  const wb = useWorkbook();
  const errors = () => tenantErrors(wb.computed().result.errors);
  return (
    <div class="teams" data-testid="sheet-teams">
      <Show
        when={wb.plan.tenants}
        fallback={
          <div class="empty">
            <p>{t("noTenants")}</p>
            <button class="primary" data-testid="start-allocation" onClick={() => wb.addTenants()}>
              {t("startAllocation")}
            </button>
          </div>
        }
      >
        <div class="teams-top">
          <AllocationMethodCard />
          <PoolsCard />
        </div>
        <SharedCostsCard />
        <UsageCard />
        <Show when={errors().length}>
          <ul class="problems" data-testid="tenant-errors">
            <For each={errors()}>
              {(e) => (
                <li>
                  <code>{e.path}</code> {localizeError(e, lang())}
                </li>
              )}
            </For>
          </ul>
        </Show>
        <AllocationResults />
      </Show>
    </div>
  );
}
