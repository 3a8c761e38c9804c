/**
 * The chart configurations of an open trace, as memos: arrival rate over time at the chosen bin
 * (peak and p99 marked), the hour-of-day and weekday profiles, and the input / output length
 * histograms. Each is null when the trace has no such data.
 */
import { createMemo } from "solid-js";
import {
  hourlyChart,
  lengthChart,
  rateChart,
  TRAFFIC_COLORS,
  type TrafficChartWords,
  weekdayChart,
} from "../../charts/traffic-charts";
import { t } from "../../state/i18n";
import { type TrafficState, useTraffic } from "../../state/traffic";
import { num, rateTick } from "./trace-format";

/** The chart words in the UI language. */
export function traceChartWords(traffic: TrafficState): TrafficChartWords {
  return {
    rateTitle: t("trRateTitle", { bin: num(traffic.view?.summary.binSec ?? traffic.binSec, 0) }),
    rate: t("trRate"),
    peak: t("trPeakLine"),
    p99: t("trP99Line"),
    hourTitle: traffic.view?.summary.relativeTime ? t("trHourTitleRel") : t("trHourTitle"),
    hourMean: t("trHourMean"),
    hourPeak: t("trHourPeak"),
    lengthTitle: "",
    requests: t("trChartRequests"),
    atLeast: (v) => t("trAtLeast", { v }),
    grouped: (n) => t("trRateGrouped", { n: num(n, 0) }),
  };
}

/** The open trace's chart configurations. */
export function createTraceCharts() {
  const { traffic } = useTraffic();
  const s = () => traffic.view?.summary ?? null;
  const intTick = (v: number) => num(v, 0);
  const words = () => traceChartWords(traffic);
  const length = (which: "input" | "output") => {
    const hist = traffic.view?.[which];
    const title = t(which === "input" ? "trInputTitle" : "trOutputTitle");
    return hist
      ? lengthChart(hist, TRAFFIC_COLORS[which], { ...words(), lengthTitle: title }, intTick)
      : null;
  };
  return {
    words,
    rate: createMemo(() => (s() ? rateChart(s()!, words(), rateTick) : null)),
    hourly: createMemo(() => (s()?.hourly ? hourlyChart(s()!.hourly!, words(), rateTick) : null)),
    weekdays: createMemo(() =>
      s()?.weekdays
        ? weekdayChart(
            s()!.weekdays!,
            t("schedDays").split(","),
            t("trWeekdayTitle"),
            words(),
            rateTick,
          )
        : null,
    ),
    input: createMemo(() => length("input")),
    output: createMemo(() => length("output")),
  };
}
