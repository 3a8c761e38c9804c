/**
 * Pure builder of the sensitivity tornado chart (docs/uncertainty.md): one row per input, largest
 * swing on top, a bar from the base result to the result at −step and one to the result at +step
 * (floating horizontal bars), so the widest bars form the tornado's top.
 */
import type { ChartConfiguration } from "chart.js";
import type { Sensitivity } from "../../engine/whatif/sensitivity";

/** Colours of the −step and +step bars. */
export const TORNADO_COLORS = { low: "#2f6feb", high: "#d1242f" } as const;

type Span = [number, number] | null;

/**
 * The axis's ends: [lo, hi] widened to whole multiples of a round step (1, 2 or 5 × 10^k, about five
 * ticks), so the end labels read like the others ($12K … $18K), not $12,447.96 … $17,190.04.
 */
export function roundAxis(lo: number, hi: number): { min: number; max: number; step: number } {
  const raw = (hi - lo) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * mag;
  return { min: Math.floor(lo / step) * step, max: Math.ceil(hi / step) * step, step };
}

/** An input path of at most `max` characters: leading path parts dropped (`…replicaOutputTokensPerSec`). */
export function shortInput(path: string, max = 28): string {
  const parts = path.split(".");
  if (path.length <= max) return path;
  while (parts.length > 1 && parts.join(".").length + 1 > max) parts.shift();
  return `…${parts.join(".")}`;
}

/**
 * The chart: labels are the inputs, datasets the −step and +step spans around the base result.
 * `format` writes the tooltips and, given the axis's ticks, the axis (one unit for all its ticks).
 */
export function tornadoChart(
  s: Sensitivity,
  words: { title: string; low: string; high: string },
  format: (v: number, ticks?: readonly number[]) => string,
): ChartConfiguration<"bar", Span[], string> {
  const base = s.result ?? 0;
  const span = (v: number | null): Span => (v === null ? null : [base, v]);
  // A tornado reads as swings around the base result: the axis spans the results, not 0 to the
  // largest (from 0 every bar would be a sliver at the right edge).
  const ends = [base, ...s.rows.flatMap((r) => [r.low.result, r.high.result])].filter(
    (v): v is number => v !== null && Number.isFinite(v),
  );
  const lo = Math.min(...ends);
  const hi = Math.max(...ends);
  const pad = (hi - lo) * 0.08 || Math.abs(base) * 0.05 || 1;
  const axis = roundAxis(lo - pad, hi + pad);
  return {
    type: "bar",
    data: {
      labels: s.rows.map((r) => r.input),
      datasets: [
        {
          label: words.low,
          data: s.rows.map((r) => span(r.low.result)),
          backgroundColor: TORNADO_COLORS.low,
          borderRadius: 2,
          maxBarThickness: 22,
          grouped: false,
        },
        {
          label: words.high,
          data: s.rows.map((r) => span(r.high.result)),
          backgroundColor: TORNADO_COLORS.high,
          borderRadius: 2,
          maxBarThickness: 22,
          grouped: false,
        },
      ],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: "y",
      plugins: {
        legend: { position: "bottom", labels: { boxWidth: 12 } },
        title: { display: true, text: words.title, align: "start", font: { weight: "bold" } },
        tooltip: {
          callbacks: {
            label: (ctx) => {
              const raw = ctx.raw as Span;
              return raw ? `${ctx.dataset.label}: ${format(raw[1])}` : "—";
            },
          },
        },
      },
      scales: {
        x: {
          min: axis.min,
          max: axis.max,
          ticks: {
            stepSize: axis.step,
            callback: (v, _i, ticks) =>
              format(
                Number(v),
                ticks.map((t) => t.value),
              ),
          },
        },
        y: {
          grid: { display: false },
          // A long input path loses its leading parts, not its name, on a narrow chart (the
          // tooltip keeps the whole path).
          ticks: {
            callback(v) {
              return shortInput(this.getLabelForValue(Number(v)));
            },
          },
        },
      },
    },
  };
}
