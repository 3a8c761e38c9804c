/**
 * Pure builder of the run-history chart (docs/sweep.md "Archive and history"): one line per
 * deployment, a run per point in date order, the metric at the deployment's load level; a run
 * that regressed from the one before is drawn as a larger red triangle, so it stands out in any
 * colour scheme. The words come in `w` (the component's English or Chinese).
 */
import type { ChartConfiguration } from "chart.js";
import type { History } from "../../report/history";
import { SERIES_COLORS } from "./sweep-charts";

/** The run's label on the x axis: its date and time (UTC, to the minute), else its file. */
export function runLabel(date: string | null, file: string): string {
  if (date && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(date))
    return date.slice(0, 16).replace("T", " ");
  return file;
}

/** A deployment's name: model · engine · GPU × count. */
export function deploymentName(d: History["deployments"][number]): string {
  const gpu = d.gpu ? ` · ${d.gpu}${d.gpuCount ? ` × ${d.gpuCount}` : ""}` : "";
  return `${d.model ?? "?"} · ${d.engine ?? "?"}${gpu}`;
}

export const REGRESSION_COLOR = "#cf222e";

/** Line colours: the series colours without the red ones, which mark regressions here. */
const LINE_COLORS = SERIES_COLORS.filter((c) => !["#d1242f", "#bf3989"].includes(c));

/** The line chart of `h`; `title` names the metric, `format` renders values. */
export function historyChart(
  h: History,
  title: string,
  format: (v: number) => string,
): ChartConfiguration<"line", (number | null)[], string> {
  // One x axis for every deployment: the runs' labels in date order.
  const keyed = new Map<string, string>();
  for (const d of h.deployments)
    for (const r of d.runs) keyed.set(`${r.date ?? ""}\u0000${r.file}`, runLabel(r.date, r.file));
  const keys = [...keyed.keys()].sort();
  const index = new Map(keys.map((k, i) => [k, i]));
  return {
    type: "line",
    data: {
      labels: keys.map((k) => keyed.get(k)!),
      datasets: h.deployments.map((d, i) => {
        const data: (number | null)[] = keys.map(() => null);
        const bad: boolean[] = keys.map(() => false);
        for (const r of d.runs) {
          const k = index.get(`${r.date ?? ""}\u0000${r.file}`)!;
          data[k] = r.value;
          bad[k] = r.regression;
        }
        const color = LINE_COLORS[i % LINE_COLORS.length]!;
        return {
          label: deploymentName(d),
          data,
          spanGaps: true,
          borderColor: color,
          backgroundColor: color,
          pointStyle: bad.map((b) => (b ? "triangle" : "circle")),
          pointRadius: bad.map((b) => (b ? 8 : 3)),
          pointBackgroundColor: bad.map((b) => (b ? REGRESSION_COLOR : color)),
          pointBorderColor: bad.map((b) => (b ? REGRESSION_COLOR : color)),
        };
      }),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        title: { display: true, text: title, align: "start", font: { weight: "bold" } },
        tooltip: {
          callbacks: {
            label: (ctx) =>
              `${ctx.dataset.label}: ${typeof ctx.parsed.y === "number" ? format(ctx.parsed.y) : "—"}`,
          },
        },
      },
      scales: {
        y: { beginAtZero: false, ticks: { callback: (v) => format(Number(v)) } },
        x: { ticks: { maxRotation: 30 } },
      },
    },
  };
}
