/**
 * Chart.js in Solid: construct in onMount, update in an effect, destroy in onCleanup. Chart.js is
 * loaded lazily (`charts/load-chart.ts`, only the parts the app uses are registered); a chart
 * mounted before it is in is constructed when it arrives. Configs are built by pure functions
 * (`src/ui/charts/*`) and passed as plain objects, never Solid proxies.
 */
import type { Chart, ChartConfiguration } from "chart.js";
import { createEffect, on, onCleanup, onMount, Show, type JSX } from "solid-js";
import { loadChartJs, loadedChartJs, type ChartClass } from "../charts/load-chart";
import { t } from "../state/i18n";
import { downloadBlob } from "../state/persist";

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
  return {
    fg: cs.getPropertyValue("--chart-fg").trim() || "#444",
    grid: cs.getPropertyValue("--chart-grid").trim() || "#ddd",
  };
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
  ctx.fillStyle =
    getComputedStyle(document.documentElement).getPropertyValue("--panel").trim() || "#fff";
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return new Promise((resolve) => out.toBlob(resolve, "image/png"));
}

/** A canvas showing one Chart.js chart. */
export function ChartCanvas(props: ChartCanvasProps): JSX.Element {
  let canvas!: HTMLCanvasElement;
  let chart: Chart | null = null;

  let disposed = false;
  const create = (C: ChartClass, ctx: CanvasRenderingContext2D) => {
    const { fg, grid } = themeColors();
    C.defaults.color = fg;
    C.defaults.borderColor = grid;
    C.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', sans-serif";
    C.defaults.font.size = 11;
    chart = new C(ctx, props.config);
  };

  onMount(() => {
    const ctx = canvas.getContext?.("2d");
    if (!ctx) return; // happy-dom has no canvas: render nothing rather than throw
    const C = loadedChartJs();
    if (C) return create(C, ctx);
    void loadChartJs().then((L) => {
      if (L && !disposed && !chart) create(L, ctx);
    });
  });

  // A new config redraws the chart in a task of its own (each chart separately), after the
  // change that caused it has been painted: a recalculation never waits for the charts.
  let timer: ReturnType<typeof setTimeout> | undefined;
  createEffect(
    on(
      () => props.config,
      () => {
        if (!chart || timer !== undefined) return;
        timer = setTimeout(() => {
          timer = undefined;
          if (!chart) return;
          const config = props.config;
          const current = chart.config as ChartConfiguration;
          if (current.type === config.type && (current.plugins || !config.plugins)) {
            // Update in place (no new canvas backing store): data, options and the inline
            // plugins (zones, SLO lines; `update` re-reads the plugin list). Animations are off.
            current.plugins?.splice(0, current.plugins.length, ...(config.plugins ?? []));
            chart.data = config.data;
            chart.options = config.options ?? {};
            chart.update("none");
            return;
          }
          const ctx = chart.ctx;
          const C = chart.constructor as ChartClass;
          chart.destroy();
          chart = new C(ctx, config);
        }, 0);
      },
      { defer: true },
    ),
  );

  onCleanup(() => {
    disposed = true;
    clearTimeout(timer);
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
