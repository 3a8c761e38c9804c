/**
 * Pure builders of the team cost allocation charts (spec §5): a stacked bar per pool (one segment
 * per team, plus idle), or a doughnut of each team's total daily cost over all pools. Money is the
 * rounded daily cost of `allocationLines` (conserved to the minor unit), so the chart adds up to
 * the table.
 */
import type { ChartConfiguration } from "chart.js";
import type { AllocationLine } from "../../report/allocation-csv";

/** Team colours (colour-blind friendly order, Okabe–Ito based); idle is neutral grey. */
export const TEAM_COLORS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#6a3d9a", "#8c564b", "#17becf"] as const;
/** Colour of the idle capacity segment. */
export const IDLE_COLOR = "#9aa4ae";

/** Words of the charts in the UI language. */
export interface AllocChartWords {
  title: string;
  idle: string;
}

/** Teams in first-seen order over all pools. */
function teamNames(lines: readonly AllocationLine[]): string[] {
  const out: string[] = [];
  for (const l of lines) if (l.kind === "team" && !out.includes(l.team!)) out.push(l.team!);
  return out;
}

/** Colour of team `i` (cycles through {@link TEAM_COLORS}). */
export function teamColor(i: number): string {
  return TEAM_COLORS[i % TEAM_COLORS.length]!;
}

/** Stacked bars: one bar per pool, one dataset per team (+ idle), values in major units per day. */
export function allocationBarChart(lines: readonly AllocationLine[], digits: number, words: AllocChartWords, format: (v: number) => string): ChartConfiguration<"bar", number[], string> {
  const pools = [...new Set(lines.map((l) => l.pool))];
  const teams = teamNames(lines);
  const value = (pool: string, pick: (l: AllocationLine) => boolean) => lines.filter((l) => l.pool === pool && pick(l)).reduce((s, l) => s + l.costPerDayMinor, 0) / 10 ** digits;
  const datasets = teams.map((team, i) => ({ label: team, data: pools.map((p) => value(p, (l) => l.kind === "team" && l.team === team)), backgroundColor: teamColor(i), maxBarThickness: 56 }));
  if (lines.some((l) => l.kind === "idle" && l.costPerDayMinor !== 0)) {
    datasets.push({ label: words.idle, data: pools.map((p) => value(p, (l) => l.kind === "idle")), backgroundColor: IDLE_COLOR, maxBarThickness: 56 });
  }
  return {
    type: "bar",
    data: { labels: pools, datasets },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        title: { display: true, text: words.title, align: "start", font: { weight: "bold" } },
        legend: { position: "bottom", labels: { boxWidth: 12 } },
        tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label ?? ""}: ${format(Number(ctx.parsed.y))}` } },
      },
      scales: { x: { stacked: true, grid: { display: false } }, y: { stacked: true, beginAtZero: true, ticks: { callback: (v) => format(Number(v)) } } },
    },
  };
}

/** Doughnut: each team's daily cost over all pools (+ idle), in major units. */
export function allocationDoughnut(lines: readonly AllocationLine[], digits: number, words: AllocChartWords, format: (v: number) => string): ChartConfiguration<"doughnut", number[], string> {
  const teams = teamNames(lines);
  const data = teams.map((team) => lines.filter((l) => l.kind === "team" && l.team === team).reduce((s, l) => s + l.costPerDayMinor, 0) / 10 ** digits);
  const labels = [...teams];
  const colors: string[] = teams.map((_, i) => teamColor(i));
  const idle = lines.filter((l) => l.kind === "idle").reduce((s, l) => s + l.costPerDayMinor, 0) / 10 ** digits;
  if (idle !== 0) {
    labels.push(words.idle);
    data.push(idle);
    colors.push(IDLE_COLOR);
  }
  return {
    type: "doughnut",
    data: { labels, datasets: [{ data, backgroundColor: colors, borderWidth: 1 }] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        title: { display: true, text: words.title, align: "start", font: { weight: "bold" } },
        legend: { position: "right", labels: { boxWidth: 12 } },
        tooltip: { callbacks: { label: (ctx) => `${ctx.label}: ${format(Number(ctx.parsed))}` } },
      },
    },
  };
}
