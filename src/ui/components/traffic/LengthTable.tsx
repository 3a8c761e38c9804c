/** The input / output length table of a trace: mean and percentiles, per bin when aggregated. */
import { type JSX, Show } from "solid-js";
import type { LengthStats } from "../../../engine/demand/traffic";
import type { TrafficSummary } from "../../../engine/base/traffic-types";
import { t } from "../../state/i18n";
import { num } from "./trace-format";

function LengthRow(props: { label: string; l: LengthStats }): JSX.Element {
  return (
    <tr>
      <th scope="row">{props.label}</th>
      <td>{num(props.l.mean, 1)}</td>
      <td>{num(props.l.p50, 0)}</td>
      <td>{num(props.l.p90, 0)}</td>
      <td>{num(props.l.p95, 0)}</td>
      <td>{num(props.l.p99, 0)}</td>
      <td>{num(props.l.max, 0)}</td>
    </tr>
  );
}

/** The length table, in its chart figure. */
export function LengthTable(props: { summary: TrafficSummary }): JSX.Element {
  return (
    <figure class="chart">
      <h4 class="tr-h4">{t("trLengths")}</h4>
      <div class="tr-table-wrap">
        <table class="tr-table" data-testid="traffic-lengths">
          <thead>
            <tr>
              <th />
              <th scope="col">{t("trMean")}</th>
              <th scope="col">P50</th>
              <th scope="col">P90</th>
              <th scope="col">P95</th>
              <th scope="col">P99</th>
              <th scope="col">{t("trMax")}</th>
            </tr>
          </thead>
          <tbody>
            <LengthRow label={t("trInput")} l={props.summary.inputTokens} />
            <LengthRow label={t("trOutput")} l={props.summary.outputTokens} />
          </tbody>
        </table>
      </div>
      <Show when={props.summary.aggregated}>
        <p class="muted small">{t("trLengthsPerBin")}</p>
      </Show>
    </figure>
  );
}
