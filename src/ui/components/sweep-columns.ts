/**
 * Columns of a sweep grid (rows = load levels): load, throughput, then every latency statistic
 * that exists in the sweep (docs/metrics.md), in a fixed metric and statistic order. Pure.
 */
import { keyPath } from "../../engine/plan/plan-file";
import {
  METRIC_FIELD,
  METRIC_KEYS,
  type MetricField,
  type SweepPoint,
} from "../../engine/base/types";

/** One sweep column: its point field (`rps`, `ttftMs.p99`) and how to show it. */
export interface SweepColumn {
  key: string;
  /** Path below a point: `rps` or `ttftMs["p99.9"]`. */
  sub: string;
  label: string;
  digits: number;
}

const STAT_RANK: Record<string, number> = { mean: 0, min: 1, max: 300, std: 301 };
const METRIC_SHORT: Record<MetricField, string> = {
  ttftMs: "TTFT",
  itlMs: "ITL",
  tpotMs: "TPOT",
  ntpotMs: "NTPOT",
  e2eMs: "E2E",
};

/** Order: mean, min, percentiles ascending (p1 … p99.9), max, std, then anything else. */
function rank(s: string): number {
  if (s in STAT_RANK) return STAT_RANK[s]!;
  const m = /^p(\d+(?:\.\d+)?)$/.exec(s);
  return m ? 2 + Number(m[1]) : 400;
}

/**
 * The columns of a sweep's grid; `labels` gives the words for the plain fields, `statWords` the
 * words for the statistics that are words (`mean`, `std`, `min`, `max`) in the app's language;
 * percentiles are written P50, P99 in every language.
 */
export function sweepColumns(
  points: readonly SweepPoint[],
  labels: Record<
    | "concurrency"
    | "requestRate"
    | "rps"
    | "outputTokensPerSec"
    | "totalTokensPerSec"
    | "meanInputTokens"
    | "meanOutputTokens",
    string
  >,
  statWords: Readonly<Record<string, string>> = {},
): SweepColumn[] {
  const has = (k: keyof SweepPoint) => points.some((p) => p[k] != null);
  const cols: SweepColumn[] = [];
  const plain: [keyof typeof labels, number, boolean][] = [
    ["concurrency", 0, true],
    ["requestRate", 2, has("requestRate")],
    ["rps", 2, true],
    ["outputTokensPerSec", 1, true],
    ["totalTokensPerSec", 1, has("totalTokensPerSec")],
    ["meanInputTokens", 0, has("meanInputTokens")],
    ["meanOutputTokens", 0, has("meanOutputTokens")],
  ];
  for (const [k, digits, show] of plain)
    if (show) cols.push({ key: k, sub: k, label: labels[k], digits });
  for (const m of METRIC_KEYS) {
    const field = METRIC_FIELD[m];
    const stats = new Set<string>();
    for (const p of points) for (const s of Object.keys(p[field] ?? {})) stats.add(s);
    for (const s of [...stats].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))) {
      cols.push({
        key: `${field}.${s}`,
        sub: keyPath(field, s),
        label: `${METRIC_SHORT[field]} ${/^p/.test(s) ? s.toUpperCase() : (statWords[s] ?? s)}`,
        digits: 1,
      });
    }
  }
  return cols;
}
