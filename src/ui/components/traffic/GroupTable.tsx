/** The per-team or per-model breakdown of a trace: requests, share, rates, mean lengths, daily tokens. */
import { For, type JSX } from "solid-js";
import type { TrafficGroup } from "../../../engine/demand/traffic";
import { t } from "../../state/i18n";
import { num } from "./trace-format";

/** The breakdown table. */
export function GroupTable(props: {
  title: string;
  groups: readonly TrafficGroup[];
  testId: string;
}): JSX.Element {
  return (
    <section class="card">
      <h3>{props.title}</h3>
      <div class="tr-table-wrap">
        <table class="tr-table" data-testid={props.testId}>
          <thead>
            <tr>
              <th scope="col">{t("trName")}</th>
              <th scope="col">{t("trRequests")}</th>
              <th scope="col">{t("trShare")}</th>
              <th scope="col">{t("trMeanRps")}</th>
              <th scope="col">{t("trPeak")}</th>
              <th scope="col">
                {t("trInput")} {t("trMean")}
              </th>
              <th scope="col">
                {t("trOutput")} {t("trMean")}
              </th>
              <th scope="col">{t("trDailyIn")}</th>
              <th scope="col">{t("trDailyOut")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.groups}>
              {(g) => (
                <tr>
                  <th scope="row">{g.name}</th>
                  <td>{num(g.requests, 0)}</td>
                  <td>{num(g.share * 100, 1)} %</td>
                  <td>{num(g.meanRps, 3)}</td>
                  <td>{num(g.peakRps, 3)}</td>
                  <td>{num(g.inputTokens.mean, 1)}</td>
                  <td>{num(g.outputTokens.mean, 1)}</td>
                  <td>{num(g.dailyInputTokens, 0)}</td>
                  <td>{num(g.dailyOutputTokens, 0)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </section>
  );
}
