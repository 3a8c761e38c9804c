/**
 * A small inline Chart.js plugin that shades x-ranges (the idle / linear / saturated zones of
 * docs/zones.md) behind the data and draws horizontal threshold lines (SLOs) in front of it. Pure
 * drawing over the chart's scales; no global registration.
 */
import type { Chart, Plugin } from "chart.js";

/** A shaded x-range; null ends mean the edge of the plot area. */
export interface Band {
  x0: number | null;
  x1: number | null;
  color: string;
  label: string;
}

/** A horizontal threshold line at data value `y`. */
export interface HLine {
  y: number;
  color: string;
  label: string;
  /** Where the label sits on the line: at its left end (default) or its right end. */
  align?: "left" | "right";
}

/** The plugin drawing `bands` behind the datasets and `lines` above them. */
export function bandsPlugin(bands: readonly Band[], lines: readonly HLine[]): Plugin {
  return {
    id: "capplanBands",
    beforeDatasetsDraw(chart: Chart) {
      const { ctx, chartArea: a, scales } = chart;
      const x = scales.x;
      if (!x || !a) return;
      ctx.save();
      for (const b of bands) {
        const p0 =
          b.x0 === null ? a.left : Math.max(a.left, Math.min(a.right, x.getPixelForValue(b.x0)));
        const p1 =
          b.x1 === null ? a.right : Math.max(a.left, Math.min(a.right, x.getPixelForValue(b.x1)));
        if (!(p1 > p0)) continue;
        ctx.fillStyle = b.color;
        ctx.fillRect(p0, a.top, p1 - p0, a.bottom - a.top);
        if (p1 - p0 > 40) {
          ctx.fillStyle = String(chart.options.color ?? "#666");
          ctx.globalAlpha = 0.75;
          ctx.font = "10px system-ui, sans-serif";
          ctx.fillText(b.label, p0 + 4, a.top + 11);
          ctx.globalAlpha = 1;
        }
      }
      ctx.restore();
    },
    afterDatasetsDraw(chart: Chart) {
      const { ctx, chartArea: a, scales } = chart;
      const y = scales.y;
      if (!y || !a) return;
      ctx.save();
      for (const l of lines) {
        const py = y.getPixelForValue(l.y);
        if (!(py >= a.top - 0.5 && py <= a.bottom + 0.5)) continue;
        ctx.strokeStyle = l.color;
        ctx.lineWidth = 1.5;
        ctx.setLineDash([6, 4]);
        ctx.beginPath();
        ctx.moveTo(a.left, py);
        ctx.lineTo(a.right, py);
        ctx.stroke();
        ctx.setLineDash([]);
        // Label at the left end (low load, where latency curves are usually below their SLO), with
        // a halo of the panel's background so that crossing curves do not make it unreadable.
        ctx.font = "600 10px system-ui, sans-serif";
        ctx.lineJoin = "round";
        ctx.lineWidth = 3;
        ctx.strokeStyle = panelBackground(chart.canvas);
        const right = l.align === "right";
        ctx.textAlign = right ? "right" : "left";
        const lx = right ? a.right - 6 : a.left + 6;
        ctx.strokeText(l.label, lx, py - 5);
        ctx.fillStyle = l.color;
        ctx.fillText(l.label, lx, py - 5);
      }
      ctx.restore();
    },
  };
}

/** The first non-transparent background colour at or above the canvas (the panel's), or white. */
function panelBackground(el: HTMLElement | null): string {
  for (let e = el; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== "transparent" && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return "#fff";
}
