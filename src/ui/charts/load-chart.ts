/**
 * Lazy loading of Chart.js (kept out of the initial bundle): `loadChartJs()` starts or joins the
 * one dynamic import; `loadedChartJs()` is the class once it is in, so charts mounted later are
 * constructed synchronously (no flash, no race in tests that read the canvas right away).
 */
import type { Chart } from "chart.js";

/** The registered Chart.js class. */
export type ChartClass = typeof Chart;

let loaded: ChartClass | null = null;
let pending: Promise<ChartClass | null> | null = null;

/** Start (or join) loading Chart.js; resolves with the class, or null when the chunk failed to load. */
export function loadChartJs(): Promise<ChartClass | null> {
  pending ??= import("./chartjs").then(
    (m) => (loaded = m.Chart),
    () => {
      pending = null; // a failed fetch may be retried by the next chart
      return null;
    },
  );
  return pending;
}

/** Chart.js when it is loaded, else null. */
export function loadedChartJs(): ChartClass | null {
  return loaded;
}
