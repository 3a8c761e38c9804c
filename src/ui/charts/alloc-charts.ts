/**
 * Pure builders of the team cost allocation charts (docs/allocation.md): a stacked bar per pool (one segment
 * per team, plus idle), or a doughnut of each team's total daily cost over all pools. Money is the
 * rounded daily cost of `allocationLines` (conserved to the minor unit), so the chart adds up to
 * the table.
 */
import type { ChartConfiguration } from "chart.js";
import type { AllocationLine } from "../../report/allocation-csv";

/** Team colours (colour-blind friendly order, Okabe–Ito based); idle is neutral grey. */
export const TEAM_COLORS = [
  "#0072b2",
  "#e69f00",
  "#009e73",
  "#cc79a7",
  "#56b4e9",
  "#d55e00",
  "#f0e442",
  "#6a3d9a",
  "#8c564b",
  "#17becf",
] as const;
/** Colour of the idle capacity segment. */
export const IDLE_COLOR = "#9aa4ae";

/** Words of the charts in the UI language. */
export interface AllocChartWords {
  title: string;
  idle: string;
  /** Label of the segment that groups the teams beyond the largest ones, e.g. "1,991 other teams". */
  others?: (count: number) => string;
}

/** Teams drawn one by one; the rest are grouped (Chart.js stacks are O(datasets²): 2,000 teams froze the page). */
export const MAX_CHART_TEAMS = 9;
/** Colour of the "other teams" segment. */
export const OTHERS_COLOR = "#c5ccd3";

/**
 * Teams in first-seen order over all pools, with their daily cost per pool (minor units); when
 * there are more than {@link MAX_CHART_TEAMS}, the largest ones by total cost (in first-seen
 * order) and the rest grouped under `other`.
 */
function teamSeries(lines: readonly AllocationLine[]): {
  teams: string[];
  perPool: Map<string, Map<string, number>>;
  other: Map<string, number> | null;
  otherCount: number;
} {
  const perPool = new Map<string, Map<string, number>>();
  const total = new Map<string, number>();
  for (const l of lines) {
    if (l.kind !== "team") continue;
    const team = l.team!;
    let m = perPool.get(team);
    if (!m) perPool.set(team, (m = new Map()));
    m.set(l.pool, (m.get(l.pool) ?? 0) + l.costPerDayMinor);
    total.set(team, (total.get(team) ?? 0) + l.costPerDayMinor);
  }
  const all = [...total.keys()];
  if (all.length <= MAX_CHART_TEAMS) return { teams: all, perPool, other: null, otherCount: 0 };
  const keep = new Set(
    [...all].sort((a, b) => total.get(b)! - total.get(a)!).slice(0, MAX_CHART_TEAMS),
  );
  const other = new Map<string, number>();
  for (const team of all) {
    if (keep.has(team)) continue;
    for (const [pool, v] of perPool.get(team)!) other.set(pool, (other.get(pool) ?? 0) + v);
  }
  return {
    teams: all.filter((t) => keep.has(t)),
    perPool,
    other,
    otherCount: all.length - keep.size,
  };
}

const othersLabel = (words: AllocChartWords, n: number) => words.others?.(n) ?? `${n} other teams`;

/** Colour of team `i` (cycles through {@link TEAM_COLORS}). */
export function teamColor(i: number): string {
  return TEAM_COLORS[i % TEAM_COLORS.length]!;
}

/** Stacked bars: one bar per pool, one dataset per team (+ idle), values in major units per day. */
export function allocationBarChart(
  lines: readonly AllocationLine[],
  digits: number,
  words: AllocChartWords,
  format: (v: number) => string,
): ChartConfiguration<"bar", number[], string> {
  const pools = [...new Set(lines.map((l) => l.pool))];
  const { teams, perPool, other, otherCount } = teamSeries(lines);
  const major = (minor: number | undefined) => (minor ?? 0) / 10 ** digits;
  const datasets = teams.map((team, i) => ({
    label: team,
    data: pools.map((p) => major(perPool.get(team)!.get(p))),
    backgroundColor: teamColor(i),
    maxBarThickness: 56,
  }));
  if (other)
    datasets.push({
      label: othersLabel(words, otherCount),
      data: pools.map((p) => major(other.get(p))),
      backgroundColor: OTHERS_COLOR,
      maxBarThickness: 56,
    });
  if (lines.some((l) => l.kind === "idle" && l.costPerDayMinor !== 0)) {
    const idle = new Map<string, number>();
    for (const l of lines)
      if (l.kind === "idle") idle.set(l.pool, (idle.get(l.pool) ?? 0) + l.costPerDayMinor);
    datasets.push({
      label: words.idle,
      data: pools.map((p) => major(idle.get(p))),
      backgroundColor: IDLE_COLOR,
      maxBarThickness: 56,
    });
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
        tooltip: {
          callbacks: {
            label: (ctx) => `${ctx.dataset.label ?? ""}: ${format(Number(ctx.parsed.y))}`,
          },
        },
      },
      scales: {
        x: { stacked: true, grid: { display: false } },
        y: { stacked: true, beginAtZero: true, ticks: { callback: (v) => format(Number(v)) } },
      },
    },
  };
}

/** Doughnut: each team's daily cost over all pools (+ idle), in major units. */
export function allocationDoughnut(
  lines: readonly AllocationLine[],
  digits: number,
  words: AllocChartWords,
  format: (v: number) => string,
): ChartConfiguration<"doughnut", number[], string> {
  const { teams, perPool, other, otherCount } = teamSeries(lines);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) / 10 ** digits;
  const data = teams.map((team) => sum(perPool.get(team)!));
  const labels = [...teams];
  const colors: string[] = teams.map((_, i) => teamColor(i));
  if (other) {
    labels.push(othersLabel(words, otherCount));
    data.push(sum(other));
    colors.push(OTHERS_COLOR);
  }
  const idle =
    lines.filter((l) => l.kind === "idle").reduce((s, l) => s + l.costPerDayMinor, 0) /
    10 ** digits;
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
