/**
 * Chart.js in Solid: construct in onMount, update in an effect, destroy in onCleanup. Only the
 * Chart.js parts the app uses are registered. Configs are built by pure functions
 * (`src/ui/charts/*`) and passed as plain objects, never Solid proxies.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
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
import { createEffect, on, onCleanup, onMount, Show, type JSX } from "solid-js";
import { t } from "../state/i18n";
import { downloadBlob } from "../state/persist";

Chart.register(ArcElement, DoughnutController, LineController, LineElement, PointElement, BarController, BarElement, LinearScale, LogarithmicScale, CategoryScale, Legend, Title, Tooltip);

/** Props of {@link ChartCanvas}. */
export interface ChartCanvasProps {
  // Any chart type: the configs come from the pure builders in src/ui/charts.
  config: ChartConfiguration<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** File name of the PNG export; without it no export button is shown. */
  pngName?: string;
  testId: string;
  label: string;
  height?: number;
}

function themeColors(): { fg: string; grid: string } {
  if (typeof getComputedStyle === "undefined") return { fg: "#444", grid: "#ddd" };
  const cs = getComputedStyle(document.documentElement);
  return { fg: cs.getPropertyValue("--chart-fg").trim() || "#444", grid: cs.getPropertyValue("--chart-grid").trim() || "#ddd" };
}

/**
 * The chart as a PNG blob on the page's panel colour (a transparent PNG is unreadable on a dark
 * or a light background, depending on the viewer).
 */
export function chartPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  const out = document.createElement("canvas");
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext("2d");
  if (!ctx) return Promise.resolve(null);
  ctx.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--panel").trim() || "#fff";
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return new Promise((resolve) => out.toBlob(resolve, "image/png"));
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
      <Show when={props.pngName}>
        <button
          class="png-btn"
          data-testid={`png-${props.testId}`}
          title={t("downloadPng")}
          onClick={async () => {
            const blob = await chartPng(canvas);
            if (blob) downloadBlob(props.pngName!, blob);
          }}
        >
          PNG
        </button>
      </Show>
    </div>
  );
}
