/** How the plan recommends with schedules, and the chart of demand and replicas of one SKU. */
import { createMemo, createSignal, For, type JSX, Show } from "solid-js";
import { type ScheduleChartWords, scheduleChart } from "../../charts/schedule-chart";
import { fmtValue } from "../../format";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { ChartCanvas } from "../ChartCanvas";
import type { ScheduleRow } from "./schedule-text";

/** The chart words for SKU `sku`. */
function chartWords(sku: string): ScheduleChartWords {
  return {
    title: t("schedChartTitle", { sku }),
    demand: t("schedDemand"),
    replicas: t("schedReplicas"),
    staticFleet: t("schedStaticFleet"),
    reserved: t("schedReservedLine"),
    rpsAxis: t("schedRpsAxis"),
    replicasAxis: t("schedReplicasAxis"),
    days: t("schedDays").split(","),
  };
}

/** The recommend-by and SKU selects, and the chart of the picked (or recommended) SKU. */
export function ScheduleChartPanel(props: { rows: readonly ScheduleRow[] }): JSX.Element {
  const wb = useWorkbook();
  const [skuPick, setSkuPick] = createSignal<number | null>(null);
  const chartRow = () =>
    props.rows.find((r) => r.i === skuPick()) ??
    props.rows.find((r) => r.name === wb.computed().result.cheapest) ??
    props.rows[0] ??
    null;
  const chart = createMemo(() => {
    const r = chartRow();
    return r ? scheduleChart(r.s, chartWords(r.name), (v) => fmtValue(v, v >= 10 ? 0 : 2)) : null;
  });
  return (
    <>
      <div class="tr-actions">
        <label class="field">
          <span class="field-label">{t("schedRecommendBy")}</span>
          <select
            data-testid="sched-recommend-by"
            value={wb.plan.recommendBy ?? "peak"}
            onChange={(e) =>
              wb.setText(
                "recommendBy",
                e.currentTarget.value === "peak" ? "" : e.currentTarget.value,
              )
            }
          >
            <option value="peak">{t("schedByPeak")}</option>
            <option value="static">{t("schedByStatic")}</option>
            <option value="autoscaled">{t("schedByAutoscaled")}</option>
            <option value="blended">{t("schedByBlended")}</option>
          </select>
        </label>
        <label class="field">
          <span class="field-label">{t("schedSku")}</span>
          <select
            data-testid="sched-sku"
            value={String(chartRow()?.i ?? "")}
            onChange={(e) => setSkuPick(Number(e.currentTarget.value))}
          >
            <For each={props.rows}>{(r) => <option value={String(r.i)}>{r.name}</option>}</For>
          </select>
        </label>
      </div>
      <figure class="chart sched-chart">
        <Show when={chart()}>
          {(c) => (
            <ChartCanvas
              config={c()}
              testId="chart-schedule"
              label={t("schedChartTitle", { sku: chartRow()?.name ?? "" })}
              pngName="schedule.png"
              height={260}
            />
          )}
        </Show>
      </figure>
    </>
  );
}
