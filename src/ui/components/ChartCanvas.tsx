/**
 * Chart.js in Solid: construct in onMount, update in an effect, destroy in onCleanup. Only the
 * Chart.js parts the app uses are registered. Configs are built by pure functions
 * (`src/ui/charts/*`) and passed as plain objects, never Solid proxies.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  Title,
  Tooltip,
  type ChartConfiguration,
} from "chart.js";
import { createEffect, on, onCleanup, onMount, type JSX } from "solid-js";

Chart.register(LineController, LineElement, PointElement, BarController, BarElement, LinearScale, LogarithmicScale, CategoryScale, Legend, Title, Tooltip);

/** Props of {@link ChartCanvas}. */
export interface ChartCanvasProps {
  config: ChartConfiguration;
  testId: string;
  label: string;
  height?: number;
}

function themeColors(): { fg: string; grid: string } {
  if (typeof getComputedStyle === "undefined") return { fg: "#444", grid: "#ddd" };
  const cs = getComputedStyle(document.documentElement);
  return { fg: cs.getPropertyValue("--chart-fg").trim() || "#444", grid: cs.getPropertyValue("--chart-grid").trim() || "#ddd" };
}

/** A canvas showing one Chart.js chart. */
export function ChartCanvas(props: ChartCanvasProps): JSX.Element {
  let canvas!: HTMLCanvasElement;
  let chart: Chart | null = null;

  onMount(() => {
    const ctx = canvas.getContext?.("2d");
    if (!ctx) return; // happy-dom has no canvas: render nothing rather than throw
    const { fg, grid } = themeColors();
    Chart.defaults.color = fg;
    Chart.defaults.borderColor = grid;
    Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', sans-serif";
    Chart.defaults.font.size = 11;
    chart = new Chart(ctx, props.config);
  });

  createEffect(
    on(
      () => props.config,
      (config) => {
        if (!chart) return;
        // Recreate rather than patch: configs carry inline plugins (zones, SLO lines) and
        // animations are off, so this is cheap and always consistent.
        const ctx = chart.ctx;
        chart.destroy();
        chart = new Chart(ctx, config);
      },
      { defer: true },
    ),
  );

  onCleanup(() => {
    chart?.destroy();
    chart = null;
  });

  return (
    <div class="chart-box" style={{ height: `${props.height ?? 260}px` }}>
      <canvas ref={canvas} data-testid={props.testId} role="img" aria-label={props.label} />
    </div>
  );
}
