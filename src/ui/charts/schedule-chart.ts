/**
 * Pure builder of a SKU's schedule chart (docs/schedules.md "In the app"): the demand over the
 * period (req/s, left axis) and the replicas running in each interval (right axis), with the
 * static fleet and the reserved replicas as dashed lines.
 */
import type { ChartConfiguration } from "chart.js";
import { HOURS_PER_DAY, SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../../engine/base/units";

/** What the chart draws: the engine's schedule of one SKU (`skus[].schedule`). */
export interface ScheduleChartData {
  intervalSec: number;
  demandRps: readonly number[];
  replicas: readonly number[];
  staticReplicas: number;
  reservedReplicas: number | null;
}

/** Words of the chart (from the UI dictionary). */
export interface ScheduleChartWords {
  title: string;
  demand: string;
  replicas: string;
  staticFleet: string;
  reserved: string;
  rpsAxis: string;
  replicasAxis: string;
  /** Short weekday names, Monday first (labels of a week). */
  days: readonly string[];
}

/** Colours: demand in blue, scheduled replicas in green, static red dashed, reserved amber dashed. */
export const SCHEDULE_COLORS = {
  demand: "#2f6feb",
  replicas: "#1a7f37",
  static: "#d1242f",
  reserved: "#9a6700",
} as const;

/**
 * Label of interval i: the hour of the day for hourly intervals (`07`, or `Tue 07` over a week),
 * else the time since the period's start (`+1:30`).
 */
export function intervalLabel(
  i: number,
  intervalSec: number,
  n: number,
  days: readonly string[],
): string {
  const sec = i * intervalSec;
  if (intervalSec % SECONDS_PER_HOUR === 0 || SECONDS_PER_HOUR % intervalSec === 0) {
    const h = Math.floor(sec / SECONDS_PER_HOUR) % HOURS_PER_DAY;
    const m = Math.floor((sec % SECONDS_PER_HOUR) / 60);
    const hm =
      m === 0
        ? String(h).padStart(2, "0")
        : `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
    return n * intervalSec > SECONDS_PER_DAY
      ? `${days[Math.floor(sec / SECONDS_PER_DAY) % 7] ?? ""} ${hm}`
      : hm;
  }
  return `+${Math.floor(sec / SECONDS_PER_HOUR)}:${String(Math.floor((sec % SECONDS_PER_HOUR) / 60)).padStart(2, "0")}`;
}

/** Demand and replicas over one period. */
export function scheduleChart(
  d: ScheduleChartData,
  words: ScheduleChartWords,
  fmtRps: (v: number) => string,
): ChartConfiguration<"line", (number | null)[], string> {
  const n = d.replicas.length;
  const labels = Array.from({ length: n }, (_, i) =>
    intervalLabel(i, d.intervalSec, n, words.days),
  );
  const flat = (v: number) => new Array<number>(n).fill(v);
  const datasets: ChartConfiguration<"line", (number | null)[], string>["data"]["datasets"] = [
    {
      label: words.demand,
      data: [...d.demandRps],
      yAxisID: "y",
      borderColor: SCHEDULE_COLORS.demand,
      backgroundColor: SCHEDULE_COLORS.demand,
      fill: false,
      stepped: "middle",
      borderWidth: 1.5,
      pointRadius: 0,
    },
    {
      label: words.replicas,
      data: [...d.replicas],
      yAxisID: "y1",
      borderColor: SCHEDULE_COLORS.replicas,
      backgroundColor: SCHEDULE_COLORS.replicas,
      stepped: "middle",
      borderWidth: 2,
      pointRadius: 0,
    },
    {
      label: words.staticFleet,
      data: flat(d.staticReplicas),
      yAxisID: "y1",
      borderColor: SCHEDULE_COLORS.static,
      backgroundColor: SCHEDULE_COLORS.static,
      borderDash: [6, 4],
      borderWidth: 1.5,
      pointRadius: 0,
    },
  ];
  if (d.reservedReplicas !== null && d.reservedReplicas > 0) {
    datasets.push({
      label: words.reserved,
      data: flat(d.reservedReplicas),
      yAxisID: "y1",
      borderColor: SCHEDULE_COLORS.reserved,
      backgroundColor: SCHEDULE_COLORS.reserved,
      borderDash: [2, 3],
      borderWidth: 1.5,
      pointRadius: 0,
    });
  }
  return {
    type: "line",
    data: { labels, datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: "index", intersect: false },
      plugins: {
        title: { display: true, text: words.title, align: "start", font: { weight: "bold" } },
        legend: {
          position: "bottom",
          labels: { boxWidth: 24, usePointStyle: true, pointStyle: "line" },
        },
        tooltip: {
          callbacks: {
            label: (ctx) =>
              `${ctx.dataset.label ?? ""}: ${ctx.dataset.yAxisID === "y" ? fmtRps(Number(ctx.parsed.y)) : String(ctx.parsed.y)}`,
          },
        },
      },
      scales: {
        x: {
          grid: { display: false },
          ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 12 },
        },
        y: {
          position: "left",
          beginAtZero: true,
          title: { display: true, text: words.rpsAxis },
          ticks: { callback: (v) => fmtRps(Number(v)) },
        },
        y1: {
          position: "right",
          beginAtZero: true,
          suggestedMax: d.staticReplicas + 1,
          title: { display: true, text: words.replicasAxis },
          grid: { drawOnChartArea: false },
          ticks: { precision: 0 },
        },
      },
    },
  };
}
