/**
 * Pure builders of the Benchmarks sheet's Chart.js configs: throughput vs concurrency, and a
 * latency statistic vs concurrency or vs throughput, several SKUs overlaid, the focused SKU's
 * zones shaded (docs/zones.md), SLO thresholds as lines (docs/operating-point.md) and each operating point marked.
 */
import type { ChartConfiguration, ChartDataset } from "chart.js";
import { loadKind, loadValue } from "../../engine/curve/load";
import { statValue } from "../../engine/curve/slo";
import type { MetricKey, SweepPoint } from "../../engine/base/types";
import type { Zone } from "../../engine/curve/zones";
import { bandsPlugin, type Band, type HLine } from "./bands";
import { errorBarsPlugin, type ErrorBar } from "./error-bars";
import { METRIC_FIELD } from "../../engine/base/types";
import { normStat } from "../../engine/curve/slo-label";

/** One SKU's curve. */
export interface ChartSeries {
  name: string;
  color: string;
  points: readonly SweepPoint[];
  zones: readonly Zone[];
  /** The operating point: load and output tokens/s (null when infeasible or unknown). */
  op: { load: number | null; outputTokensPerSec: number | null } | null;
  /** Shade this series' zones. */
  focused: boolean;
}

/** Words the charts show (from the UI dictionary). */
export interface ChartWords {
  load: string;
  throughput: string;
  latency: string;
  operatingPoint: string;
  zones: Record<Zone, string>;
}

/** Colour of each zone's shading (low alpha: readable in light and dark schemes). */
export const ZONE_COLORS: Readonly<Record<Zone, string>> = {
  idle: "rgba(46, 160, 67, 0.10)",
  linear: "rgba(56, 139, 253, 0.08)",
  saturated: "rgba(248, 81, 73, 0.13)",
};

/** A colour per SKU, distinct in both schemes. */
export const SERIES_COLORS = [
  "#2f6feb",
  "#d1242f",
  "#1a7f37",
  "#9a6700",
  "#8250df",
  "#bf3989",
  "#0598bc",
  "#6e7781",
];

type XY = { x: number; y: number };

/** Load of a point on the sweep's load axis (concurrency, else request rate), finite only. */
function loadOf(p: SweepPoint, kind: ReturnType<typeof loadKind>): number | null {
  if (kind !== "concurrency" && kind !== "requestRate") return null;
  const v = loadValue(p, kind);
  return v !== null && Number.isFinite(v) ? v : null;
}

/** y at x by linear interpolation over sorted (x, y) pairs; null outside the range. */
export function interpolateAt(pts: readonly XY[], x: number): number | null {
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    if (p.x === x) return p.y;
    const q = pts[i + 1];
    if (q && p.x < x && x < q.x) return p.y + ((q.y - p.y) * (x - p.x)) / (q.x - p.x);
  }
  return null;
}

/**
 * Zone bands along x: each point's zone spans halfway (geometric mean on a log axis) to its
 * neighbours; consecutive points of one zone merge. The first and last bands reach the plot edges.
 */
export function zoneBands(
  xs: readonly (number | null)[],
  zones: readonly Zone[],
  log: boolean,
  words: ChartWords,
): Band[] {
  const pts = xs
    .map((x, i) => ({ x, z: zones[i] }))
    .filter((p): p is { x: number; z: Zone } => p.x !== null && p.z !== undefined)
    .sort((a, b) => a.x - b.x);
  const mid = (a: number, b: number) => (log && a > 0 && b > 0 ? Math.sqrt(a * b) : (a + b) / 2);
  const bands: Band[] = [];
  pts.forEach((p, i) => {
    const x0 = i === 0 ? null : mid(pts[i - 1]!.x, p.x);
    const x1 = i === pts.length - 1 ? null : mid(p.x, pts[i + 1]!.x);
    const last = bands[bands.length - 1];
    if (last && last.label === words.zones[p.z]) last.x1 = x1;
    else bands.push({ x0, x1, color: ZONE_COLORS[p.z], label: words.zones[p.z] });
  });
  return bands;
}

function useLog(values: number[]): boolean {
  const v = values.filter((x) => x > 0);
  return v.length >= 2 && v.length === values.length && Math.max(...v) / Math.min(...v) >= 8;
}

function baseOptions(
  xTitle: string,
  yTitle: string,
  xLog: boolean,
  yLog: boolean,
): NonNullable<ChartConfiguration<"line">["options"]> {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: "nearest", intersect: false },
    plugins: {
      // Operating-point markers share their SKU's colour; the legend lists only the curves.
      legend: { position: "bottom", labels: { boxWidth: 12, boxHeight: 2, filter: legendFilter } },
    },
    scales: {
      x: { type: xLog ? "logarithmic" : "linear", title: { display: true, text: xTitle } },
      y: {
        type: yLog ? "logarithmic" : "linear",
        title: { display: true, text: yTitle },
        beginAtZero: !yLog,
      },
    },
  };
}

/** Datasets that are operating-point markers (not curves) carry this role. */
const OP_ROLE = "operating-point";

/**
 * Legend filter: every curve is listed, operating-point markers are not. Decided by the dataset's
 * role, never by its label (imported sweeps are named like "vllm · h100 · …").
 */
export function legendFilter(
  item: { datasetIndex?: number },
  data: { datasets: readonly object[] },
): boolean {
  const ds = item.datasetIndex === undefined ? undefined : data.datasets[item.datasetIndex];
  return (ds as { capplanRole?: string } | undefined)?.capplanRole !== OP_ROLE;
}

function lineDataset(label: string, color: string, data: XY[]): ChartDataset<"line", XY[]> {
  return {
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    borderWidth: 2,
    pointRadius: 3,
    tension: 0,
  };
}

function opDataset(label: string, color: string, data: XY[]): ChartDataset<"line", XY[]> {
  const ds: ChartDataset<"line", XY[]> = {
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    showLine: false,
    pointStyle: "rectRot",
    pointRadius: 7,
    pointHoverRadius: 8,
    pointBorderColor: "#fff",
    pointBorderWidth: 1.5,
  };
  return Object.assign(ds, { capplanRole: OP_ROLE });
}

/** Throughput (output tokens/s) vs load for every series, with the operating points marked. */
export function throughputChart(
  series: readonly ChartSeries[],
  words: ChartWords,
): ChartConfiguration<"line", XY[]> {
  const datasets: ChartDataset<"line", XY[]>[] = [];
  const allX: number[] = [];
  const bars: ErrorBar[] = [];
  let focus: { xs: (number | null)[]; zones: readonly Zone[] } | null = null;
  for (const s of series) {
    const kind = loadKind(s.points);
    const xs = s.points.map((p) => loadOf(p, kind));
    s.points.forEach((p, i) => {
      const sp = p.spread?.outputTokensPerSec;
      if (sp && xs[i] !== null) bars.push({ x: xs[i]!, lo: sp.lo, hi: sp.hi, color: s.color });
    });
    const data = s.points
      .flatMap((p, i) =>
        xs[i] !== null && p.outputTokensPerSec != null
          ? [{ x: xs[i]!, y: p.outputTokensPerSec }]
          : [],
      )
      .sort((a, b) => a.x - b.x);
    allX.push(...data.map((d) => d.x));
    datasets.push(lineDataset(s.name, s.color, data));
    if (s.op?.load != null && s.op.outputTokensPerSec != null)
      datasets.push(
        opDataset(`${s.name} · ${words.operatingPoint}`, s.color, [
          { x: s.op.load, y: s.op.outputTokensPerSec },
        ]),
      );
    if (s.focused) focus = { xs, zones: s.zones };
  }
  const xLog = useLog(allX);
  const bands = focus ? zoneBands(focus.xs, focus.zones, xLog, words) : [];
  return {
    type: "line",
    data: { datasets },
    options: baseOptions(words.load, words.throughput, xLog, false),
    plugins: [bandsPlugin(bands, []), errorBarsPlugin(bars)],
  };
}

/** Options of {@link latencyChart}. */
export interface LatencyOptions {
  metric: MetricKey;
  stat: string;
  /** x = load (concurrency / request rate) or x = output tokens/s. */
  x: "load" | "throughput";
  /** SLO thresholds on this metric and statistic. */
  slos: readonly HLine[];
}

/** A latency statistic vs load or vs throughput, zones shaded, SLO lines drawn, operating points marked. */
export function latencyChart(
  series: readonly ChartSeries[],
  opts: LatencyOptions,
  words: ChartWords,
): ChartConfiguration<"line", XY[]> {
  const datasets: ChartDataset<"line", XY[]>[] = [];
  const allX: number[] = [];
  const allY: number[] = [];
  const bars: ErrorBar[] = [];
  let focus: { xs: (number | null)[]; zones: readonly Zone[] } | null = null;
  for (const s of series) {
    const kind = loadKind(s.points);
    const xs = s.points.map((p) =>
      opts.x === "load" ? loadOf(p, kind) : (p.outputTokensPerSec ?? null),
    );
    s.points.forEach((p, i) => {
      const sp = p.spread?.[METRIC_FIELD[opts.metric]]?.[normStat(opts.stat)];
      if (sp && xs[i] !== null) bars.push({ x: xs[i]!, lo: sp.lo, hi: sp.hi, color: s.color });
    });
    const data = s.points
      .flatMap((p, i) => {
        const y = statValue(p, opts.metric, opts.stat).valueMs;
        return xs[i] !== null && y !== null ? [{ x: xs[i]!, y }] : [];
      })
      .sort((a, b) => a.x - b.x);
    allX.push(...data.map((d) => d.x));
    allY.push(...data.map((d) => d.y));
    datasets.push(lineDataset(s.name, s.color, data));
    const opX = opts.x === "load" ? (s.op?.load ?? null) : (s.op?.outputTokensPerSec ?? null);
    const opY = opX !== null ? interpolateAt(data, opX) : null;
    if (opX !== null && opY !== null)
      datasets.push(
        opDataset(`${s.name} · ${words.operatingPoint}`, s.color, [{ x: opX, y: opY }]),
      );
    if (s.focused) focus = { xs, zones: s.zones };
  }
  const xLog = opts.x === "load" && useLog(allX);
  const yLog =
    useLog([...allY, ...opts.slos.map((l) => l.y)]) &&
    Math.max(...allY) / Math.max(1e-9, Math.min(...allY)) > 20;
  const bands = focus ? zoneBands(focus.xs, focus.zones, xLog, words) : [];
  const options = baseOptions(
    opts.x === "load" ? words.load : words.throughput,
    words.latency,
    xLog,
    yLog,
  );
  const maxSlo = Math.max(0, ...opts.slos.map((l) => l.y));
  if (options.scales?.y && maxSlo > 0)
    (options.scales.y as { suggestedMax?: number }).suggestedMax = maxSlo * 1.15;
  return {
    type: "line",
    data: { datasets },
    options,
    plugins: [bandsPlugin(bands, opts.slos), errorBarsPlugin(bars)],
  };
}
