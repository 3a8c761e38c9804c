/**
 * A workload's schedule on the Traffic sheet (docs/schedules.md "In the app"): type or paste 24
 * or 168 hourly rates, or take them from the workload's trace; then per SKU the replicas of every
 * interval and the cost of one period three ways (static on demand, autoscaled, reserved + on
 * demand with the best reserved count), side by side with the savings, and a chart of demand and
 * replicas over the period. The numbers are the engine's (`skus[].schedule`). Each part is a
 * component of `./schedule/`.
 */
import { createMemo, For, type JSX, Show } from "solid-js";
import { renderProblem } from "../../report/messages";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { ScheduleChartPanel } from "./schedule/ScheduleChartPanel";
import { ScheduleCostTable } from "./schedule/ScheduleCostTable";
import { ScheduleEditor } from "./schedule/ScheduleEditor";
import { createScheduleEditor } from "./schedule/schedule-editor";
import { periodWord, scheduleProblems, scheduleRows } from "./schedule/schedule-text";

/** The schedule section (always shown: a schedule does not need a trace). */
export function ScheduleSection(): JSX.Element {
  const wb = useWorkbook();
  const ed = createScheduleEditor(wb);
  const rows = createMemo(() => scheduleRows(wb.computed().result));
  const problems = createMemo(() => scheduleProblems(wb.computed().result));
  return (
    <section class="card sched" data-testid="schedule-section">
      <h3>{t("schedTitle")}</h3>
      <p class="muted small">{t("schedIntro")}</p>
      <ScheduleEditor ed={ed} />
      <Show when={problems().length}>
        <div class="problems" data-testid="sched-problems">
          <strong>{t("schedProblems")}</strong>
          <ul class="issues">
            <For each={problems()}>
              {(p) => (
                <li>
                  <Show when={p.path}>
                    <code>{p.path}</code>{" "}
                  </Show>
                  {p.problem ? renderProblem(p.problem, lang()) : p.message}
                </li>
              )}
            </For>
          </ul>
        </div>
      </Show>
      <Show when={rows().length}>
        <ScheduleCostTable rows={rows()} />
        <p class="muted small">{t("schedCostsPer", { period: periodWord(rows()[0]!.s) })}</p>
        <ScheduleChartPanel rows={rows()} />
      </Show>
    </section>
  );
}
