/**
 * The fleet-mix view beside the SKU comparison (docs/optimize.md): the cheapest mix of the plan's
 * SKUs (each workload on one SKU, or split), its cost and savings against the best single SKU,
 * and why each workload went where it did (its cost per 1M output tokens on each SKU that can
 * serve it). The solver is loaded only when this view is shown.
 */
import { createResource, createSignal, For, Show, type JSX } from "solid-js";
import {
  fleetModel,
  optimizeFleet,
  reasonText,
  type FleetResult,
} from "../../engine/plan/optimize";
import type { PlanResult } from "../../engine/plan/plan-result";
import { costPerMillionAt } from "../../engine/chain/evaluate";
import { renderProblem } from "../../report/messages";
import { fmtMoney, fmtValue } from "../format";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { loadSolver } from "../state/solver";
import { isLargePlan } from "../state/large-plan";

/** Cost per 1M output tokens of a workload on each SKU that can serve it, cheapest first. */
export function perMillionBySku(
  result: PlanResult,
  workload: string,
): { sku: string; perMillion: number }[] {
  return result.skus
    .flatMap((s) => {
      const w = s.workloads.find((x) => x.workload === workload);
      const tps = w?.replicaOutputTokensPerSec;
      if (w?.feasible !== true || !tps || s.gpusPerReplica === null || s.pricePerGpuHour === null)
        return [];
      const perMillion = costPerMillionAt(s.gpusPerReplica, s.pricePerGpuHour, tps);
      if (perMillion === null) return [];
      return [{ sku: s.name, perMillion }];
    })
    .sort((a, b) => a.perMillion - b.perMillion);
}

/** The fleet-mix view. */
export function FleetMix(): JSX.Element {
  const wb = useWorkbook();
  const [split, setSplit] = createSignal(false);
  // On a large plan the mix is solved when asked, for the plan as it is then (large-plan.ts).
  const [askedAt, setAskedAt] = createSignal<number | null>(null);
  const waits = () => isLargePlan(wb.computed().result) && askedAt() !== wb.revision();
  const input = () => (waits() ? null : { computed: wb.computed(), split: split() });
  const [fleet] = createResource(
    input,
    async ({ computed, split }): Promise<FleetResult | null> => {
      const { model } = fleetModel(computed.resolved, computed.result);
      if (!model) return null;
      return optimizeFleet(model, await loadSolver(), { split });
    },
  );
  const result = () => wb.computed().result;
  const money = (v: number | null) => fmtMoney(v, result().currency, lang());
  const why = (workload: string, sku: string): string => {
    const all = perMillionBySku(result(), workload);
    const here = all.find((x) => x.sku === sku);
    const other = all.find((x) => x.sku !== sku);
    if (!here) return "";
    return other
      ? t("fleetWhy", {
          here: money(here.perMillion),
          sku,
          other: other.sku,
          there: money(other.perMillion),
        })
      : t("fleetOnly", { here: money(here.perMillion), sku });
  };
  return (
    <section class="fleet-mix" data-testid="fleet-mix" aria-labelledby="fleet-mix-title">
      <h3 id="fleet-mix-title">{t("fleetTitle")}</h3>
      <label class="fleet-split">
        <input
          type="checkbox"
          checked={split()}
          onChange={(e) => setSplit(e.currentTarget.checked)}
          data-testid="fleet-split"
        />{" "}
        {t("fleetSplit")}
      </label>
      <Show when={waits()}>
        <p class="empty" data-testid="fleet-large">
          {t("largePlanNote")}{" "}
          <button data-testid="fleet-run" onClick={() => setAskedAt(wb.revision())}>
            {t("largePlanRun")}
          </button>
        </p>
      </Show>
      <Show
        when={!waits() && !fleet.error}
        fallback={
          <Show when={!waits()}>
            <p class="bad">{t("fleetSolverFailed")}</p>
          </Show>
        }
      >
        <Show when={fleet()} fallback={<p class="empty">{t("fleetSolving")}</p>}>
          {(f) => (
            <Show
              when={f().feasible}
              fallback={
                <div data-testid="fleet-infeasible">
                  <p class="bad">{t("fleetNone")}</p>
                  <ul>
                    <For each={f().reasons}>
                      {(x) => (
                        <li>{reasonText(x.problem, x.details, (p) => renderProblem(p, lang()))}</li>
                      )}
                    </For>
                  </ul>
                </div>
              }
            >
              <p class="fleet-headline" data-testid="fleet-headline">
                {t("fleetCost", { cost: money(f().costPerHour) })}
                <Show when={f().bestSingle}>
                  {/* In JSX, not a string returned by the callback: Show calls it untracked, so a
                      plain string would keep the language it was first written in. */}
                  {(b) => (
                    <span>
                      {` · ${t("fleetSavings", {
                        pct: fmtValue(f().savingsPct ?? 0, 1),
                        sku: b().name,
                        cost: money(b().costPerHour),
                      })}`}
                    </span>
                  )}
                </Show>
              </p>
              <div class="fleet-tables">
                <table class="fleet-skus" data-testid="fleet-skus">
                  <thead>
                    <tr>
                      <th scope="col">{t("fleetSku")}</th>
                      <th scope="col">{t("fleetReplicas")}</th>
                      <th scope="col">{t("fleetGpus")}</th>
                      <th scope="col">{t("fleetPerHour")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    <For each={f().skus}>
                      {(s) => (
                        <tr>
                          <th scope="row">{s.name}</th>
                          <td class="num">{fmtValue(s.replicas, 0)}</td>
                          <td class="num">{fmtValue(s.gpus, 0)}</td>
                          <td class="num">{money(s.costPerHour)}</td>
                        </tr>
                      )}
                    </For>
                  </tbody>
                </table>
                <table class="fleet-assignment" data-testid="fleet-assignment">
                  <thead>
                    <tr>
                      <th scope="col">{t("fleetWorkload")}</th>
                      <th scope="col">{t("fleetSku")}</th>
                      <th scope="col">{t("fleetShare")}</th>
                      <th scope="col">{t("fleetWhyHead")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    <For each={f().assignment}>
                      {(a) => (
                        <tr>
                          <th scope="row">{a.workload}</th>
                          <td>{a.sku}</td>
                          <td class="num">{fmtValue(a.share * 100, 1)} %</td>
                          <td class="wrap">{why(a.workload, a.sku)}</td>
                        </tr>
                      )}
                    </For>
                  </tbody>
                </table>
              </div>
              {/* What the mix rests on (a SKU whose capacity is not checked against the SLOs,
                  a cap the recomputed replicas exceed): said beside it, never left out. */}
              <Show when={f().problems.length}>
                <ul class="fleet-warnings" data-testid="fleet-warnings">
                  <For each={f().problems}>{(p) => <li>⚠ {renderProblem(p, lang())}</li>}</For>
                </ul>
              </Show>
              <p class="fleet-solver">
                {f().solver}
                {f().optimal ? ` · ${t("fleetOptimal")}` : ""}
              </p>
            </Show>
          )}
        </Show>
      </Show>
    </section>
  );
}
