/**
 * The Fleet sheet (docs/simulate.md "In the app"): per SKU, the fleet simulated on the SKU's own
 * curve under Poisson arrivals at the plan's peak rate or a replayed trace, in the fleet worker
 * with progress. A table of P50/P99 TTFT and E2E, queued share and utilization against the replica
 * count, with the formula's replicas and the fewest replicas meeting the SLOs marked; the
 * arrivals' burstiness beside them, and a sentence when bursts, not the mean rate, decide the
 * fleet. The same seed gives the numbers of `capplan simulate`. The parts are in `./fleet/`.
 */
import { createMemo, createSignal, type JSX, Show } from "solid-js";
import { fleetSetup } from "../../engine/fleet/fleet-plan";
import { useWorkbook } from "../state/context";
import { fleet } from "../state/fleet";
import { t } from "../state/i18n";
import { FleetError, FleetResult } from "./fleet/FleetResult";
import { FleetRunForm } from "./fleet/FleetRunForm";

function Progress(): JSX.Element {
  const value = () => {
    const p = fleet.progress;
    return p && p.total > 0 ? Math.round((100 * p.done) / p.total) : 0;
  };
  return (
    <div
      class="progress"
      data-testid="fleet-progress"
      role="progressbar"
      aria-label={t("flRunning")}
      aria-valuenow={value()}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div class="bar" style={{ width: `${value()}%` }} />
    </div>
  );
}

/** The Fleet sheet. */
export function FleetSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  // SKUs with a curve to simulate on: the picked one, else the recommended, else the first.
  const candidates = createMemo(() =>
    result().skus.filter((s) => s.workloads.some((w) => (w.sweep?.points.length ?? 0) > 0)),
  );
  const [skuName, setSkuName] = createSignal<string | null>(null);
  const sku = () => {
    const c = candidates();
    return (
      c.find((s) => s.name === skuName()) ?? c.find((s) => s.name === result().cheapest) ?? c[0]
    );
  };
  const setup = createMemo(() => {
    const s = sku();
    return s ? fleetSetup(result(), s) : null;
  });
  const outcome = () => (fleet.outcome && fleet.sku === sku()?.name ? fleet.outcome : null);
  return (
    <div class="traffic" data-testid="sheet-fleet">
      <section class="card">
        <h3>{t("flTitle")}</h3>
        <p class="muted small">{t("flIntro")}</p>
        <Show
          when={candidates().length}
          fallback={<p data-testid="fleet-empty">{t("flNoCurve")}</p>}
        >
          <FleetRunForm
            candidates={candidates().map((s) => s.name)}
            sku={sku()?.name ?? ""}
            onPick={setSkuName}
            setup={setup()}
          />
        </Show>
        <Show when={fleet.status === "running"}>
          <div class="job" data-testid="fleet-job">
            <span>{fleet.stage === "read" ? t("flReading") : t("flRunning")}</span>
            <Progress />
          </div>
        </Show>
      </section>
      <Show when={outcome()} keyed>
        {(x) => (x.ok ? <FleetResult outcome={x} /> : <FleetError outcome={x} />)}
      </Show>
    </div>
  );
}
