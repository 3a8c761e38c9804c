/**
 * Pure builders of the Traffic sheet's Chart.js configs (docs/traffic.md "In the app"): the
 * arrival rate over time with the peak and the p99 of the bins as dashed lines, the hour-of-day
 * profile, and the input / output length histograms.
 */
import type { ChartConfiguration } from "chart.js";
import type { LengthHistogram } from "../../engine/demand/length-histogram";
import type { HourStat, TrafficSummary, WeekdayStat } from "../../engine/demand/traffic";
import { bandsPlugin } from "./bands";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../../engine/base/units";

/** Points drawn at most on the rate chart; longer series keep each group's highest bin. */
export const MAX_RATE_POINTS = 1500;

/** Colours of the traffic charts (readable on the light and the dark panel). */
export const TRAFFIC_COLORS = {
  rate: "#2f6feb",
  peak: "#d1242f",
  p99: "#9a6700",
  mean: "#2f6feb",
  hourPeak: "#bf3989",
  input: "#0598bc",
  output: "#8250df",
} as const;

/**
 * At most `max` points from `series`: consecutive groups of `step` bins, each drawn at its first
 * bin with the group's highest rate (so the peak is never smoothed away).
 */
export function downsampleMax(
  series: readonly number[],
  max = MAX_RATE_POINTS,
): { step: number; values: number[] } {
  const step = Math.max(1, Math.ceil(series.length / max));
  if (step === 1) return { step, values: [...series] };
  const values: number[] = [];
  for (let i = 0; i < series.length; i += step) {
    let m = -Infinity;
    for (let j = i; j < Math.min(series.length, i + step); j++) if (series[j]! > m) m = series[j]!;
    values.push(m);
  }
  return { step, values };
}

/** Words of the traffic charts (from the UI dictionary). */
export interface TrafficChartWords {
  rateTitle: string;
  rate: string;
  peak: string;
  p99: string;
  hourTitle: string;
  hourMean: string;
  hourPeak: string;
  /** Title of a length histogram, e.g. "Input tokens per request". */
  lengthTitle: string;
  requests: string;
  /** Label of the open last bucket, e.g. "≥ 2,000". */
  atLeast: (from: string) => string;
  /** Added to the rate chart's title when each point is the busiest of `n` bins (a long series). */
  grouped?: (n: number) => string;
}

/** Time of day (UTC) or, for relative timestamps, seconds from the start, as an axis label. */
export function timeLabel(sec: number, relative: boolean, withDate: boolean): string {
  if (relative) {
    const h = Math.floor(sec / SECONDS_PER_HOUR);
    const m = Math.floor((sec % SECONDS_PER_HOUR) / 60);
    return `+${h}:${String(m).padStart(2, "0")}`;
  }
  const iso = new Date(sec * 1000).toISOString();
  return withDate ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(11, 16);
}

/** Rate over time: one point per bin (or group of bins), the peak and the p99 as dashed lines. */
export function rateChart(
  s: TrafficSummary,
  words: TrafficChartWords,
  fmt: (v: number) => string,
): ChartConfiguration<"line", { x: number; y: number }[], number> {
  const { step, values } = downsampleMax(s.series);
  const data = values.map((y, i) => ({ x: s.seriesStartSec + i * step * s.binSec, y }));
  const withDate = s.bins * s.binSec > SECONDS_PER_DAY;
  return {
    type: "line",
    data: {
      datasets: [
        {
          label: words.rate,
          data,
          borderColor: TRAFFIC_COLORS.rate,
          backgroundColor: TRAFFIC_COLORS.rate,
          borderWidth: 1.2,
          pointRadius: 0,
          stepped: "before",
          fill: false,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      parsing: false,
      normalized: true,
      plugins: {
        legend: { display: false },
        title: {
          display: true,
          text:
            step > 1 && words.grouped
              ? `${words.rateTitle} ${words.grouped(step)}`
              : words.rateTitle,
          align: "start",
          font: { weight: "bold" },
        },
        tooltip: {
          callbacks: {
            title: (items) =>
              items[0] ? timeLabel(Number(items[0].parsed.x), s.relativeTime, withDate) : "",
            label: (ctx) => `${words.rate}: ${fmt(Number(ctx.parsed.y))}`,
          },
        },
      },
      scales: {
        x: {
          type: "linear",
          min: data[0]?.x ?? 0,
          max: (data.at(-1)?.x ?? 0) + step * s.binSec,
          ticks: {
            maxTicksLimit: 8,
            callback: (v) => timeLabel(Number(v), s.relativeTime, withDate),
          },
        },
        y: { beginAtZero: true, ticks: { callback: (v) => fmt(Number(v)) } },
      },
    },
    plugins: [
      bandsPlugin(
        [],
        [
          {
            y: s.peakRps,
            color: TRAFFIC_COLORS.peak,
            label: `${words.peak} ${fmt(s.peakRps)}`,
            align: "right",
          },
          { y: s.p99Rps, color: TRAFFIC_COLORS.p99, label: `${words.p99} ${fmt(s.p99Rps)}` },
        ],
      ),
    ],
  };
}

/** Hour-of-day profile: mean and peak rate per hour (hours the trace never covers are left empty). */
export function hourlyChart(
  hourly: readonly HourStat[],
  words: TrafficChartWords,
  fmt: (v: number) => string,
): ChartConfiguration<"bar", (number | null)[], string> {
  return profileChart(
    hourly.map((h) => String(h.hour).padStart(2, "0")),
    hourly,
    words.hourTitle,
    words,
    fmt,
  );
}

/** Weekday profile (traces longer than a day): mean and peak rate per day of the week, Monday first. */
export function weekdayChart(
  days: readonly WeekdayStat[],
  dayNames: readonly string[],
  title: string,
  words: TrafficChartWords,
  fmt: (v: number) => string,
): ChartConfiguration<"bar", (number | null)[], string> {
  return profileChart(
    days.map((d) => dayNames[d.weekday] ?? String(d.weekday)),
    days,
    title,
    words,
    fmt,
  );
}

function profileChart(
  labels: string[],
  rows: readonly { meanRps: number; peakRps: number; bins: number }[],
  title: string,
  words: TrafficChartWords,
  fmt: (v: number) => string,
): ChartConfiguration<"bar", (number | null)[], string> {
  return {
    type: "bar",
    data: {
      labels,
      datasets: [
        {
          label: words.hourMean,
          data: rows.map((h) => (h.bins ? h.meanRps : null)),
          backgroundColor: TRAFFIC_COLORS.mean,
          maxBarThickness: 18,
        },
        {
          label: words.hourPeak,
          data: rows.map((h) => (h.bins ? h.peakRps : null)),
          backgroundColor: TRAFFIC_COLORS.hourPeak,
          maxBarThickness: 18,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        title: { display: true, text: title, align: "start", font: { weight: "bold" } },
        legend: { position: "bottom", labels: { boxWidth: 12 } },
        tooltip: {
          callbacks: { label: (ctx) => `${ctx.dataset.label ?? ""}: ${fmt(Number(ctx.parsed.y))}` },
        },
      },
      scales: {
        x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true } },
        y: { beginAtZero: true, ticks: { callback: (v) => fmt(Number(v)) } },
      },
    },
  };
}

/** A length histogram: one bar per bucket, labelled by its lower bound. */
export function lengthChart(
  h: LengthHistogram,
  color: string,
  words: TrafficChartWords,
  fmtInt: (v: number) => string,
): ChartConfiguration<"bar", number[], string> {
  const label = (b: LengthHistogram["buckets"][number]) =>
    b.to === null
      ? words.atLeast(fmtInt(b.from))
      : h.width === 1
        ? fmtInt(b.from)
        : `${fmtInt(b.from)}–${fmtInt(b.to - 1)}`;
  return {
    type: "bar",
    data: {
      labels: h.buckets.map(label),
      datasets: [
        {
          label: words.requests,
          data: h.buckets.map((b) => b.count),
          backgroundColor: color,
          barPercentage: 1,
          categoryPercentage: 0.95,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: false },
        title: { display: true, text: words.lengthTitle, align: "start", font: { weight: "bold" } },
        tooltip: {
          callbacks: { label: (ctx) => `${words.requests}: ${fmtInt(Number(ctx.parsed.y))}` },
        },
      },
      scales: {
        x: {
          grid: { display: false },
          ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 8 },
        },
        y: { beginAtZero: true, ticks: { callback: (v) => fmtInt(Number(v)) } },
      },
    },
  };
}
