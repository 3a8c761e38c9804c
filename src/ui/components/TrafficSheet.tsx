/**
 * The Traffic sheet (docs/traffic.md "In the app"): import a request trace by drop or pick (read
 * in the trace worker with progress), then its arrival rate over time at the chosen bin with the
 * peak and the p99 marked, the hour-of-day profile, the input / output length histograms, the
 * burstiness in one sentence, and the per-team / per-model breakdown. Numbers through Intl.
 * Each part is a component of `./traffic/`.
 */
import { For, type JSX, Show } from "solid-js";
import { useWorkbook } from "../state/context";
import { t } from "../state/i18n";
import { useTraffic } from "../state/traffic";
import { ScheduleSection } from "./ScheduleSection";
import { GroupTable } from "./traffic/GroupTable";
import { PlanActions } from "./traffic/PlanActions";
import { storedTraces } from "./traffic/stored-traces";
import { TraceCharts } from "./traffic/TraceCharts";
import { TraceImportPanel } from "./traffic/TraceImportPanel";
import { TraceNotes } from "./traffic/TraceNotes";
import { TraceSummaryCard } from "./traffic/TraceSummaryCard";

/** No trace open: the workloads whose trace summary the plan stores, each a button to show it. */
function StoredTraces(): JSX.Element {
  const { showStoredTrace } = useTraffic();
  const wb = useWorkbook();
  return (
    <div class="empty">
      <p>{t("trEmpty")}</p>
      <For each={storedTraces(wb.plan)}>
        {(w) => (
          <button
            data-testid={`traffic-show-stored-${w.index}`}
            onClick={() => showStoredTrace(w.file, w.summary)}
          >
            {t("trShowStored", { workload: w.workload, file: w.file })}
          </button>
        )}
      </For>
    </div>
  );
}

/** The Traffic sheet. */
export function TrafficSheet(): JSX.Element {
  const { traffic } = useTraffic();
  return (
    <div class="traffic" data-testid="sheet-traffic">
      <TraceImportPanel />
      <Show
        when={traffic.view}
        fallback={
          <Show when={traffic.status !== "reading"}>
            <StoredTraces />
          </Show>
        }
      >
        {(v) => (
          <>
            <TraceSummaryCard view={v()} />
            <TraceCharts summary={v().summary} />
            <PlanActions view={v()} />
            <Show when={v().summary.teams?.length}>
              <GroupTable title={t("trTeams")} groups={v().summary.teams!} testId="traffic-teams" />
            </Show>
            <Show when={v().summary.models?.length}>
              <GroupTable
                title={t("trModels")}
                groups={v().summary.models!}
                testId="traffic-models"
              />
            </Show>
            <TraceNotes view={v()} />
          </>
        )}
      </Show>
      <ScheduleSection />
    </div>
  );
}
