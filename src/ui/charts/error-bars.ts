/**
 * Error bars on the sweep curves (docs/uncertainty.md): a small inline Chart.js plugin drawing,
 * at each repeated load level, a vertical bar over the 95 % t-interval of the plotted statistic,
 * with caps. Pure drawing over the chart's scales; no global registration.
 */
import type { Chart, Plugin } from "chart.js";

/** One bar: at data x, from data y `lo` to `hi`. */
export interface ErrorBar {
  x: number;
  lo: number;
  hi: number;
  color: string;
}

/** Half the width of a bar's caps, in pixels. */
const CAP = 4;

/** The plugin drawing `bars` above the datasets (clipped to the plot area); `bars` stays readable on it for tests. */
export function errorBarsPlugin(bars: readonly ErrorBar[]): Plugin & { bars: readonly ErrorBar[] } {
  return {
    bars,
    id: "capplanErrorBars",
    afterDatasetsDraw(chart: Chart) {
      const { ctx, chartArea: a, scales } = chart;
      const x = scales.x;
      const y = scales.y;
      if (!x || !y || !a || bars.length === 0) return;
      ctx.save();
      ctx.beginPath();
      ctx.rect(a.left, a.top, a.right - a.left, a.bottom - a.top);
      ctx.clip();
      ctx.lineWidth = 1.5;
      for (const b of bars) {
        // A log axis cannot place a value ≤ 0: the bar starts at the bottom of the plot.
        const px = x.getPixelForValue(b.x);
        const top = y.getPixelForValue(b.hi);
        const bottom = b.lo > 0 || y.type !== "logarithmic" ? y.getPixelForValue(b.lo) : a.bottom;
        if (![px, top, bottom].every(Number.isFinite)) continue;
        ctx.strokeStyle = b.color;
        ctx.beginPath();
        ctx.moveTo(px, top);
        ctx.lineTo(px, bottom);
        ctx.moveTo(px - CAP, top);
        ctx.lineTo(px + CAP, top);
        ctx.moveTo(px - CAP, bottom);
        ctx.lineTo(px + CAP, bottom);
        ctx.stroke();
      }
      ctx.restore();
    },
  };
}
