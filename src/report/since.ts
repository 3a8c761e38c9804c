/**
 * "Since the previous run" (docs/sweep.md "Archive and history"): the report of an archived run
 * compares it with the run of the same deployment before it (or one named by `--since`), load
 * level by load level, with the metrics and the regression rule of `capplan history`
 * (src/report/history.ts): a latency up or a throughput down beyond the threshold regresses.
 */
import type { Sweep } from "../engine/base/types";
import { REGRESSION_MARK, keyLabel } from "./compare-table";
import { fmtMs, fmtPct, fmtRps, fmtTokensPerSec } from "./format";
import {
  HISTORY_THRESHOLD,
  byRunDate,
  changeOf,
  deploymentKey,
  historyMetric,
  loadsOf,
  pointAt,
  type HistoryLoad,
} from "./history";
import { t, type Lang } from "./i18n";
import { interTokenMetric, loadCell, markdownTable } from "./sweep-table";

/** A run: a sweep and the file it came from. */
export interface ArchivedRun {
  file: string;
  sweep: Sweep;
}

/** One metric at one load level, before and after. */
export interface SinceMetric {
  key: string;
  before: number | null;
  after: number | null;
  /** (after − before) ÷ before in percent; null when either is absent or before is 0. */
  changePct: number | null;
  regression: boolean;
}

export interface SinceLevel {
  at: HistoryLoad;
  metrics: SinceMetric[];
  regression: boolean;
}

/** The comparison of a run with an earlier one (`--json`'s `sinceRun`). */
export interface SinceRun {
  previous: { file: string; date: string | null };
  current: { file: string; date: string | null };
  threshold: number;
  /** The load levels both runs have, in the current run's order. */
  levels: SinceLevel[];
  /** Some metric at some level regressed. */
  regression: boolean;
}

/** Whether two sweeps are runs of one deployment (as `capplan history` groups them). */
export const sameDeployment = (a: Sweep, b: Sweep): boolean =>
  deploymentKey(a.meta) === deploymentKey(b.meta);

/** The latest run of `current`'s deployment that comes before it in date order (another file), or null. */
export function previousRun(
  runs: readonly ArchivedRun[],
  current: ArchivedRun,
): ArchivedRun | null {
  const before = runs
    .filter(
      (r) =>
        r.file !== current.file &&
        // The same run stored twice (`-o` and `--archive` in one folder) is not a previous run.
        !(r.sweep.meta.date && r.sweep.meta.date === current.sweep.meta.date) &&
        sameDeployment(r.sweep, current.sweep) &&
        byRunDate(r, current) < 0,
    )
    .sort(byRunDate);
  return before.at(-1) ?? null;
}

/** The metrics compared: TTFT p99, ITL p50 (TPOT p50 when the runs have no ITL), E2E p99, RPS, output tokens/s. */
export function sinceKeys(previous: Sweep, current: Sweep): string[] {
  const it = interTokenMetric(previous, current);
  return ["ttft.p99", `${it}.p50`, "e2e.p99", "rps", "outputTokensPerSec"];
}

/** Compare `current` with `previous` at every load level both have. */
export function sinceRun(
  previous: ArchivedRun,
  current: ArchivedRun,
  threshold = HISTORY_THRESHOLD,
): SinceRun {
  const keys = sinceKeys(previous.sweep, current.sweep);
  const levels: SinceLevel[] = [];
  for (const at of loadsOf(current.sweep)) {
    const before = pointAt(previous.sweep, at);
    const after = pointAt(current.sweep, at);
    if (!before || !after) continue;
    const metrics = keys.map((key) => {
      const m = historyMetric(key)!;
      const b = m.value(before);
      const a = m.value(after);
      return { key, before: b, after: a, ...changeOf(b, a, m.better, threshold) };
    });
    levels.push({ at, metrics, regression: metrics.some((m) => m.regression) });
  }
  return {
    previous: { file: previous.file, date: previous.sweep.meta.date },
    current: { file: current.file, date: current.sweep.meta.date },
    threshold,
    levels,
    regression: levels.some((l) => l.regression),
  };
}

function valueText(key: string, v: number | null): string {
  if (key === "rps") return fmtRps(v);
  if (key === "outputTokensPerSec") return fmtTokensPerSec(v);
  return fmtMs(v);
}

/** The "Since the previous run" section of a run's report, in `lang`. */
export function sinceMarkdown(s: SinceRun, lang: Lang): string {
  const c = t(lang, "colon");
  const lines = [
    `#### ${t(lang, "sinceHeading")}`,
    "",
    `${t(lang, "previousRun")}${c}${s.previous.file} (${s.previous.date ?? "—"}) · ${t(lang, "threshold")}${c}${s.threshold} %`,
    "",
    t(lang, "latenciesInMs"),
    "",
  ];
  if (!s.levels.length) lines.push(t(lang, "noSharedLevel"), "");
  const headers = [t(lang, "metric"), t(lang, "before"), t(lang, "after"), t(lang, "change")];
  for (const l of s.levels) {
    const cell = loadCell(l.at, lang);
    lines.push(l.at.concurrency !== null ? `${t(lang, "concurrency")} ${cell}` : cell, "");
    const rows = l.metrics.map((m) => [
      keyLabel(m.key),
      valueText(m.key, m.before),
      valueText(m.key, m.after),
      `${fmtPct(m.changePct)}${m.regression ? ` ${REGRESSION_MARK} ${t(lang, "regression")}` : ""}`,
    ]);
    lines.push(markdownTable(headers, rows));
  }
  const bad = s.levels.flatMap((l) => l.metrics.filter((m) => m.regression)).length;
  lines.push(
    bad
      ? `${t(lang, "sinceRegressions")}${c}${bad}`
      : `${t(lang, "sinceNoRegression")} (${t(lang, "threshold")} ${s.threshold} %)`,
    "",
  );
  return lines.join("\n");
}
