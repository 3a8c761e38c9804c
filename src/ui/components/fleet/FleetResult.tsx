/**
 * The outcome of a fleet simulation: the formula's replicas and the fewest meeting the SLOs, the
 * arrivals' burstiness, what was simulated, a sentence when bursts decide the fleet, the series,
 * and the notes; or the problems of a run that failed.
 */
import { For, type JSX, Show } from "solid-js";
import { localizeIssue, renderProblem } from "../../../report/messages";
import { burstDecides } from "../../../report/simulate-text";
import { fmtValue } from "../../format";
import type { FleetOutcome } from "../../state/fleet-run";
import { lang, t } from "../../state/i18n";
import { SeriesTable } from "./SeriesTable";

const num = (v: number | null | undefined, d = 1) => fmtValue(v, d);
type Ok = Extract<FleetOutcome, { ok: true }>;

/** One headline number. */
function Stat(props: { label: string; testId: string; strong?: boolean; children: JSX.Element }) {
  return (
    <div class="tr-stat" classList={{ strong: !!props.strong }}>
      <span class="tr-stat-label">{props.label}</span>
      <span class="tr-stat-value" data-testid={props.testId}>
        {props.children}
      </span>
    </div>
  );
}

/** A run that failed: its problem and the trace's issues. */
export function FleetError(props: { outcome: Extract<FleetOutcome, { ok: false }> }): JSX.Element {
  const lines = () => [
    ...(props.outcome.problem ? [renderProblem(props.outcome.problem, lang())] : []),
    ...(props.outcome.issues ?? []).map((i) => localizeIssue(i, lang())),
  ];
  return (
    <section class="card" data-testid="fleet-error">
      <ul class="issues">
        <For each={lines()}>{(l) => <li class="bad">{l}</li>}</For>
      </ul>
    </section>
  );
}

/** A run's result. */
export function FleetResult(props: { outcome: Ok }): JSX.Element {
  const a = () => props.outcome.answer;
  const forSlo = () =>
    a().replicasForSlo ??
    (a().searchedUpTo === null ? t("flNoSlo") : t("flNone", { n: a().searchedUpTo! }));
  return (
    <section class="card" data-testid="fleet-result">
      <div class="tr-stats">
        <Stat label={t("flFormula")} testId="fleet-formula" strong>
          {a().formulaReplicas ?? "—"}
        </Stat>
        <Stat label={t("flForSlo")} testId="fleet-for-slo" strong>
          {forSlo()}
        </Stat>
        <Stat label={t("flCv")} testId="fleet-cv">
          {num(a().arrivals.interarrivalCv, 2)}
        </Stat>
        <Stat label={t("flMeanRps")} testId="fleet-mean-rps">
          {num(a().arrivals.meanRps, 2)}
        </Stat>
        <Stat label={t("flAt", { n: a().replicas })} testId="fleet-p99-ttft">
          P99 TTFT {num(a().ttftMs?.p99)} ms
        </Stat>
      </div>
      <p class="muted small" data-testid="fleet-basis">
        {t("flBasis", {
          sku: a().sku,
          slots: a().slots,
          n: num(a().requests, 0),
          seed: a().seed,
          source: a().arrivals.source === "trace" ? t("flTrace") : t("flPoisson"),
        })}
      </p>
      <Show when={burstDecides(a())}>
        <p class="warn" data-testid="fleet-burst">
          {t("flBurst", { cv: num(a().arrivals.interarrivalCv, 1) })}
        </p>
      </Show>
      <SeriesTable
        rows={props.outcome.rows}
        simulated={a().replicas}
        formula={a().formulaReplicas}
        forSlo={a().replicasForSlo}
      />
      <Show when={a().problems.length}>
        <ul class="issues muted small" data-testid="fleet-notes">
          <For each={a().problems}>{(p) => <li>{renderProblem(p, lang())}</li>}</For>
        </ul>
      </Show>
    </section>
  );
}
