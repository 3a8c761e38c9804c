/** The simulated fleet against the replica count: latencies, queued share, utilization, SLOs, marks. */
import { For, type JSX } from "solid-js";
import type { FleetSeriesRow } from "../../../engine/fleet/fleet-series";
import { fmtValue } from "../../format";
import { t } from "../../state/i18n";
import { seriesMark } from "./fleet-run-form";

const num = (v: number | null | undefined, d = 1) => fmtValue(v, d);
const pct = (v: number | null | undefined) => (v == null ? "—" : `${fmtValue(v * 100, 1)} %`);

/** The series table. */
export function SeriesTable(props: {
  rows: FleetSeriesRow[];
  simulated: number;
  formula: number | null;
  forSlo: number | null;
}): JSX.Element {
  const mark = (r: number) =>
    seriesMark(r, props, {
      formula: t("flMarkFormula"),
      slo: t("flMarkSlo"),
      simulated: t("flMarkSimulated"),
    });
  return (
    <div class="tr-table-wrap">
      <table class="tr-table" data-testid="fleet-series">
        <thead>
          <tr>
            <th scope="col">{t("flReplicas")}</th>
            <th scope="col">P50 TTFT</th>
            <th scope="col">P99 TTFT</th>
            <th scope="col">P50 E2E</th>
            <th scope="col">P99 E2E</th>
            <th scope="col">{t("flQueued")}</th>
            <th scope="col">{t("flUtilization")}</th>
            <th scope="col">{t("flSlos")}</th>
            <th scope="col">{t("flMark")}</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>
            {(r) => (
              <tr
                data-testid={`fleet-row-${r.replicas}`}
                classList={{
                  rec: r.replicas === props.forSlo,
                  formula: r.replicas === props.formula,
                }}
              >
                <th scope="row">{r.replicas}</th>
                <td>{num(r.ttftMs?.p50)}</td>
                <td>{num(r.ttftMs?.p99)}</td>
                <td>{num(r.e2eMs?.p50, 0)}</td>
                <td>{num(r.e2eMs?.p99, 0)}</td>
                <td>{pct(r.queuedShare)}</td>
                <td>{pct(r.utilization)}</td>
                <td classList={{ bad: r.slosHold === false }}>
                  {r.slosHold === null ? "—" : r.slosHold ? t("flYes") : t("flNo")}
                </td>
                <td class="muted small">{mark(r.replicas)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </div>
  );
}
