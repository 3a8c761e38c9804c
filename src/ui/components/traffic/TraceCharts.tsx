/** The charts of an open trace: rate over time, hour of day, weekdays, lengths (table and histograms). */
import { type JSX, Show } from "solid-js";
import type { TrafficSummary } from "../../../engine/base/traffic-types";
import { t } from "../../state/i18n";
import { ChartCanvas } from "../ChartCanvas";
import { LengthTable } from "./LengthTable";
import { createTraceCharts } from "./trace-charts";

type ChartConfig = Parameters<typeof ChartCanvas>[0]["config"];

/** One chart in its figure, when it has a configuration. */
function TraceChart(props: {
  config: ChartConfig | null;
  testId: string;
  label: string;
  png: string;
  height: number;
}): JSX.Element {
  return (
    <Show when={props.config}>
      {(c) => (
        <figure class="chart">
          <ChartCanvas
            config={c()}
            testId={props.testId}
            label={props.label}
            pngName={props.png}
            height={props.height}
          />
        </figure>
      )}
    </Show>
  );
}

/** The trace's charts. */
export function TraceCharts(props: { summary: TrafficSummary }): JSX.Element {
  const charts = createTraceCharts();
  return (
    <div class="tr-charts">
      <figure class="chart tr-wide">
        <Show when={charts.rate()}>
          {(c) => (
            <ChartCanvas
              config={c()}
              testId="chart-traffic-rate"
              label={charts.words().rateTitle}
              pngName="traffic-rate.png"
              height={260}
            />
          )}
        </Show>
      </figure>
      <figure class="chart">
        <Show when={charts.hourly()} fallback={<p class="muted small">{t("trNoHourly")}</p>}>
          {(c) => (
            <ChartCanvas
              config={c()}
              testId="chart-traffic-hourly"
              label={charts.words().hourTitle}
              pngName="traffic-hourly.png"
              height={220}
            />
          )}
        </Show>
      </figure>
      <TraceChart
        config={charts.weekdays()}
        testId="chart-traffic-weekdays"
        label={t("trWeekdayTitle")}
        png="traffic-weekdays.png"
        height={220}
      />
      <LengthTable summary={props.summary} />
      <TraceChart
        config={charts.input()}
        testId="chart-traffic-input"
        label={t("trInputTitle")}
        png="traffic-input.png"
        height={200}
      />
      <TraceChart
        config={charts.output()}
        testId="chart-traffic-output"
        label={t("trOutputTitle")}
        png="traffic-output.png"
        height={200}
      />
    </div>
  );
}
