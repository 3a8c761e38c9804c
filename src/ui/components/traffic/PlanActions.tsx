/**
 * The buttons that put an open trace into the plan: a workload from it (at its peak or p99 rate),
 * and team usage from its team column, each with a note of what it did.
 */
import { createSignal, type JSX, Show } from "solid-js";
import { unwrap } from "solid-js/store";
import { SECONDS_PER_DAY } from "../../../engine/base/units";
import { type TracePeak, traceNumbers } from "../../../engine/demand/workload-trace";
import type { TraceView } from "../../../import/trace-session";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { traceUsageRows, traceWorkloadDef, workloadNames } from "../../state/trace-workload";
import { useTraffic } from "../../state/traffic";
import { num } from "./trace-format";

/** The buttons that put the trace into the plan: a workload from it, and team usage from its team column. */
export function PlanActions(props: { view: TraceView }): JSX.Element {
  const { setScheduleWorkload } = useTraffic();
  const wb = useWorkbook();
  const [peak, setPeak] = createSignal<TracePeak>("max");
  const [note, setNote] = createSignal<{ text: string; bad: boolean } | null>(null);
  const make = () => {
    // A plain copy, not the store's proxies (structuredClone refuses proxies).
    const v = unwrap(props.view);
    const r = traceWorkloadDef(v.name, v.summary, peak(), workloadNames(wb.view()));
    if (!r.ok)
      return setNote({ text: t(r.key, { bins: num(r.bins, 0), max: num(r.max, 0) }), bad: true });
    setScheduleWorkload(wb.addTraceWorkload(r.def));
    const n = traceNumbers(v.summary, peak());
    setNote({
      text: t("trWorkloadMade", {
        name: r.def.name ?? "",
        peak: num(n.peakRps, 3),
        mean: num(n.avgRps, 3),
        input: num(n.inputTokens, 1),
        output: num(n.outputTokens, 1),
        bin: num(v.summary.binSec, 0),
      }),
      bad: false,
    });
  };
  const fill = () => {
    const s = unwrap(props.view.summary);
    const rows = traceUsageRows(s, wb.view());
    if (!rows) return setNote({ text: t("trNoTeams"), bad: true });
    wb.setUsageRows(rows);
    setNote({
      text: t("trUsageFilled", {
        n: num(rows.length, 0),
        days: num(s.durationSec / SECONDS_PER_DAY, 3),
      }),
      bad: false,
    });
  };
  return (
    <section class="card" data-testid="traffic-actions">
      <h3>{t("trPlanActions")}</h3>
      <div class="tr-actions">
        <label class="field">
          <span class="field-label">{t("trPeakBasis")}</span>
          <select
            data-testid="traffic-peak-basis"
            value={peak()}
            onChange={(e) => setPeak(e.currentTarget.value === "p99" ? "p99" : "max")}
          >
            <option value="max">{t("trPeakMax")}</option>
            <option value="p99">{t("trPeakP99")}</option>
          </select>
        </label>
        <button class="primary" data-testid="traffic-make-workload" onClick={make}>
          {t("trMakeWorkload")}
        </button>
        <button
          data-testid="traffic-fill-usage"
          disabled={!props.view.summary.teams?.length}
          title={props.view.summary.teams?.length ? "" : t("trNoTeams")}
          onClick={fill}
        >
          {t("trFillUsage")}
        </button>
      </div>
      <Show when={note()}>
        {(n) => (
          <p
            class="small"
            classList={{ bad: n().bad, ok: !n().bad }}
            data-testid="traffic-action-note"
            role="status"
          >
            {n().text}
          </p>
        )}
      </Show>
    </section>
  );
}
