/**
 * The Benchmarks sheet's charts: throughput vs concurrency and a latency statistic vs concurrency
 * or vs throughput, all SKUs overlaid, the focused SKU's zones shaded, SLO lines and operating
 * points marked. Configs come from the pure builders in `src/ui/charts/sweep-charts.ts`.
 */
import { createMemo, createSignal, For, type JSX } from "solid-js";
import { sloText } from "../../engine/curve/slo-label";
import { METRIC_KEYS, type MetricKey } from "../../engine/base/types";
import {
  latencyChart,
  throughputChart,
  type ChartSeries,
  type ChartWords,
} from "../charts/sweep-charts";
import { useWorkbook } from "../state/context";
import { t } from "../state/i18n";
import { ChartCanvas } from "./ChartCanvas";

const STATS = ["p50", "p90", "p95", "p99", "mean"];

/** Props of {@link SweepCharts}. */
export interface SweepChartsProps {
  series: () => ChartSeries[];
}

/** The two overlaid sweep charts with their controls. */
export function SweepCharts(props: SweepChartsProps): JSX.Element {
  const wb = useWorkbook();
  const firstSlo = () => wb.computed().result.slo[0];
  const [metric, setMetric] = createSignal<MetricKey | null>(null);
  const [stat, setStat] = createSignal<string | null>(null);
  const [x, setX] = createSignal<"load" | "throughput">("load");
  const m = () => metric() ?? firstSlo()?.metric ?? "ttft";
  const s = () => stat() ?? firstSlo()?.stat ?? "p99";
  const words = (): ChartWords => ({
    load: t("axisConcurrency"),
    throughput: t("axisThroughput"),
    latency: t("axisLatency", { stat: s().toUpperCase(), metric: m().toUpperCase() }),
    operatingPoint: t("operatingPoint"),
    zones: { idle: t("zone_idle"), linear: t("zone_linear"), saturated: t("zone_saturated") },
  });
  const slos = () =>
    wb
      .computed()
      .result.slo.filter((x) => x.metric === m() && x.stat === s() && x.maxMs != null)
      .map((x) => ({ y: x.maxMs!, color: "#cf222e", label: `SLO ${sloText(x, {})}` }));
  const tput = createMemo(() => throughputChart(props.series(), words()));
  const lat = createMemo(() =>
    latencyChart(props.series(), { metric: m(), stat: s(), x: x(), slos: slos() }, words()),
  );
  // How many error bars each chart draws (docs/uncertainty.md), for the reader of the page and the tests.
  const barCount = (cfg: { plugins?: unknown[] }) =>
    (cfg.plugins ?? []).reduce<number>(
      (n, p) => n + ((p as { bars?: unknown[] }).bars?.length ?? 0),
      0,
    );
  return (
    <section class="charts">
      <figure class="chart" data-error-bars={barCount(tput())}>
        <figcaption>{t("chartThroughput")}</figcaption>
        <ChartCanvas
          config={tput()}
          testId="chart-throughput"
          label={t("chartThroughput")}
          pngName="throughput.png"
        />
      </figure>
      <figure class="chart" data-error-bars={barCount(lat())}>
        <figcaption>
          {t("chartLatency")}
          <span class="controls">
            <select
              data-testid="latency-metric"
              aria-label={t("metric")}
              value={m()}
              onChange={(e) => setMetric(e.currentTarget.value as MetricKey)}
            >
              <For each={METRIC_KEYS}>{(k) => <option value={k}>{k.toUpperCase()}</option>}</For>
            </select>
            <select
              data-testid="latency-stat"
              aria-label={t("statistic")}
              value={s()}
              onChange={(e) => setStat(e.currentTarget.value)}
            >
              <For each={STATS}>{(k) => <option value={k}>{k.toUpperCase()}</option>}</For>
            </select>
            <select
              data-testid="latency-x"
              aria-label={t("xAxis")}
              value={x()}
              onChange={(e) => setX(e.currentTarget.value as "load" | "throughput")}
            >
              <option value="load">{t("vsConcurrency")}</option>
              <option value="throughput">{t("vsThroughput")}</option>
            </select>
          </span>
        </figcaption>
        <ChartCanvas
          config={lat()}
          testId="chart-latency"
          label={t("chartLatency")}
          pngName="latency.png"
        />
      </figure>
    </section>
  );
}
