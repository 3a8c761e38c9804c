/**
 * How the plan, its results, its warnings and its reports name an SLO (docs/architecture.md):
 * one spelling everywhere. A percentile is upper-cased ("P99 TTFT", "P99.9 ITL"; "median" is
 * "P50"), any other statistic stays lower-case ("mean E2E"), the metric is upper-cased; with its
 * limit when asked ("P99 TTFT ≤ 500 ms"). The one place this label is built.
 */
import type { MetricKey } from "../base/types";

const METRIC_LABEL: Record<MetricKey, string> = {
  ttft: "TTFT",
  itl: "ITL",
  tpot: "TPOT",
  ntpot: "NTPOT",
  e2e: "E2E",
};

/** Canonical keys already seen (a pure function of a string; bounded so it cannot grow without end). */
const NORM_CACHE = new Map<string, string>();

/** Canonical stat key: "median", "P50" → "p50"; "P95" → "p95"; "Mean" → "mean" (docs/metrics.md). */
export function normStat(stat: string): string {
  const hit = NORM_CACHE.get(stat);
  if (hit !== undefined) return hit;
  const s = stat.trim().toLowerCase();
  const m = /^p(\d+(?:\.\d+)?)$/.exec(s);
  const out =
    s === "median" ? "p50" : s === "avg" || s === "average" ? "mean" : m ? `p${Number(m[1])}` : s;
  if (NORM_CACHE.size < 1024) NORM_CACHE.set(stat, out);
  return out;
}

/** Display name of a stat: "p95" → "P95", "median" → "P50", "mean" → "mean". */
export function statLabel(stat: string): string {
  const s = normStat(stat);
  return /^p\d/.test(s) ? s.toUpperCase() : s;
}

/** Display name of a metric: "itl" → "ITL". */
export function metricLabel(metric: string): string {
  return METRIC_LABEL[metric as MetricKey] ?? String(metric).toUpperCase();
}

/** An SLO's limit in a label: `≤` in tables and messages, `<` in the report's prose; the number as written unless `format` is given. */
export interface SloLimitStyle {
  sign?: "≤" | "<";
  format?: (maxMs: number) => string;
}

/** "P99 TTFT", "mean E2E"; with `limit`, "P99 TTFT ≤ 500 ms" ("?" for a missing limit). */
export function sloText(
  slo: { metric: string; stat: string; maxMs?: number | null },
  limit?: SloLimitStyle,
): string {
  const name = `${statLabel(slo.stat)} ${metricLabel(slo.metric)}`;
  if (!limit) return name;
  const ms = slo.maxMs == null ? "?" : limit.format ? limit.format(slo.maxMs) : String(slo.maxMs);
  return `${name} ${limit.sign ?? "≤"} ${ms} ms`;
}
