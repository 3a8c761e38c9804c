/**
 * Pure builder of the GPU comparison's bar charts (cost per 1M output tokens, monthly cost;
 * docs/capacity.md): one bar per SKU, the recommended SKU in the accent colour and starred, infeasible SKUs
 * left empty. The recommendation is by the plan's `recommendBy` cost (the fleet's cost per hour at
 * the peak by default), which need not be this chart's metric: `note` says the basis under the title.
 */
import type { ChartConfiguration } from "chart.js";

/** One bar: SKU name and value (null = no cost, e.g. infeasible). */
export interface CostBar {
  name: string;
  value: number | null;
  recommended: boolean;
}

/** Accent of the recommended SKU and the neutral bar colour. */
export const BAR_COLORS = { recommended: "#1a7f37", other: "#8c959f" } as const;

/** A horizontal bar chart of one cost per SKU; `format` renders axis ticks and tooltips. */
export function costBarChart(
  bars: readonly CostBar[],
  title: string,
  format: (v: number, ticks?: readonly number[]) => string,
  note?: string,
): ChartConfiguration<"bar", (number | null)[], string> {
  return {
    type: "bar",
    data: {
      labels: bars.map((b) => (b.recommended ? `★ ${b.name}` : b.name)),
      datasets: [
        {
          label: title,
          data: bars.map((b) => b.value),
          backgroundColor: bars.map((b) =>
            b.recommended ? BAR_COLORS.recommended : BAR_COLORS.other,
          ),
          borderRadius: 3,
          maxBarThickness: 26,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: "y",
      plugins: {
        legend: { display: false },
        title: { display: true, text: title, align: "start", font: { weight: "bold" } },
        subtitle: {
          display: !!note && bars.some((b) => b.recommended),
          text: note ?? "",
          align: "start",
          color: BAR_COLORS.recommended,
          padding: { bottom: 6 },
        },
        tooltip: {
          callbacks: {
            label: (ctx) => (typeof ctx.parsed.x === "number" ? format(ctx.parsed.x) : "—"),
          },
        },
      },
      scales: {
        // The axis's ticks go with each one, so the axis is written in one unit (fmtMoneyAxis).
        x: {
          beginAtZero: true,
          ticks: {
            callback: (v, _i, ticks) =>
              format(
                Number(v),
                ticks.map((t) => t.value),
              ),
          },
        },
        // Every SKU keeps its label on a short (phone-width) chart: Chart.js would skip some.
        y: { grid: { display: false }, ticks: { autoSkip: false } },
      },
    },
  };
}
