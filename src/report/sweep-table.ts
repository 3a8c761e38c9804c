/**
 * The docs/report.md result table ("结果表（并发扫描）") of one sweep, as Markdown:
 *
 * ```
 * | 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |
 * ```
 *
 * Used by `capplan import`, `capplan compare`, `capplan report`, and read back by the Markdown
 * importer. Conventions (documented so the round trip holds):
 * - a line above the table says the unit: latencies in ms;
 * - `tokens/s` is output tokens/s (docs/metrics.md `outputTokensPerSec`);
 * - when the sweep has no ITL anywhere but has TPOT, the two ITL columns show TPOT and their
 *   headers say `P95 TPOT` / `P99 TPOT` (docs/metrics.md keeps the two definitions apart);
 * - a sweep whose points are all open loop (request rate, no concurrency) gets a first column
 *   `Request rate` / `请求速率` holding the rate (`10`, `inf`); in a mixed sweep, open-loop points
 *   show `rate 10` / `速率 10` / `rate inf` in the concurrency column; a point with neither
 *   concurrency nor rate shows `—`;
 * - numbers use `.` decimals and no thousands separators (see `format.ts`); absent → `—`.
 */
import type { MetricField, Sweep, SweepPoint } from "../engine/base/types";
import { fmtMs, fmtPlain, fmtRps, fmtTokensPerSec, ABSENT } from "./format";
import { t, type Lang, type MessageKey } from "./i18n";

/** Which inter-token metric the two "ITL" columns show. */
export type InterTokenMetric = "itl" | "tpot";

/** One value column of the benchmark report table (docs/report.md) (the first, load, column is separate). */
export interface TableColumn {
  /** Compare key: `rps`, `outputTokensPerSec`, `ttft.p50`, `itl.p95`, … */
  key: string;
  header: MessageKey;
  /** `up` = higher is better (throughput), `down` = lower is better (latency). */
  better: "up" | "down";
  value(p: SweepPoint): number | null | undefined;
  format(v: number | null | undefined): string;
}

function hasStats(sweeps: readonly Sweep[], field: MetricField): boolean {
  return sweeps.some((s) =>
    s.points.some((p) => p[field] != null && Object.keys(p[field]!).length > 0),
  );
}

/**
 * ITL unless no sweep has any ITL and some sweep has TPOT (docs/metrics.md substitution rule; the header
 * then names TPOT). With several sweeps (compare), ITL only when every sweep has it.
 */
export function interTokenMetric(...sweeps: Sweep[]): InterTokenMetric {
  if (sweeps.every((s) => hasStats([s], "itlMs"))) return "itl";
  if (sweeps.every((s) => hasStats([s], "tpotMs"))) return "tpot";
  return hasStats(sweeps, "itlMs") || !hasStats(sweeps, "tpotMs") ? "itl" : "tpot";
}

function stat(field: MetricField, s: string) {
  return (p: SweepPoint) => p[field]?.[s];
}

/** The six value columns of the benchmark report table (docs/report.md) for the given inter-token metric. */
export function tableColumns(metric: InterTokenMetric): TableColumn[] {
  const f: MetricField = metric === "itl" ? "itlMs" : "tpotMs";
  return [
    { key: "rps", header: "rps", better: "up", value: (p) => p.rps, format: fmtRps },
    {
      key: "outputTokensPerSec",
      header: "tokensPerSec",
      better: "up",
      value: (p) => p.outputTokensPerSec,
      format: fmtTokensPerSec,
    },
    {
      key: "ttft.p50",
      header: "p50Ttft",
      better: "down",
      value: stat("ttftMs", "p50"),
      format: fmtMs,
    },
    {
      key: "ttft.p99",
      header: "p99Ttft",
      better: "down",
      value: stat("ttftMs", "p99"),
      format: fmtMs,
    },
    {
      key: `${metric}.p95`,
      header: metric === "itl" ? "p95Itl" : "p95Tpot",
      better: "down",
      value: stat(f, "p95"),
      format: fmtMs,
    },
    {
      key: `${metric}.p99`,
      header: metric === "itl" ? "p99Itl" : "p99Tpot",
      better: "down",
      value: stat(f, "p99"),
      format: fmtMs,
    },
  ];
}

type Load = Pick<SweepPoint, "concurrency" | "requestRate">;

/** True when every point is open loop (a rate and no concurrency): the first column is the rate. */
export function allOpenLoop(points: readonly Load[]): boolean {
  return points.length > 0 && points.every((p) => p.concurrency == null && p.requestRate != null);
}

/**
 * The load cell of a point: its concurrency, else `rate N` / `速率 N` (`rate inf`), else `—`.
 * With `rateColumn` (an all-open-loop table) just the rate: `10`, `inf`.
 */
export function loadCell(p: Load, lang: Lang, rateColumn = false): string {
  if (p.concurrency != null) return fmtPlain(p.concurrency, 2);
  if (p.requestRate != null) {
    const r = p.requestRate === "inf" ? "inf" : fmtPlain(p.requestRate, 2);
    return rateColumn ? r : `${t(lang, "rate")} ${r}`;
  }
  return ABSENT;
}

/** Escape a cell for a Markdown table (pipes and newlines). */
export function mdCell(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

/** A Markdown table from headers and rows of cells (`| a | b |` with a `|---|` separator). */
export function markdownTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const line = (cells: readonly string[]) => `| ${cells.map(mdCell).join(" | ")} |`;
  return (
    [line(headers), `|${headers.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n") + "\n"
  );
}

/** The header row of the benchmark report table (docs/report.md) for `lang` and inter-token metric (`rateColumn`: open loop). */
export function tableHeaders(lang: Lang, metric: InterTokenMetric, rateColumn = false): string[] {
  return [
    t(lang, rateColumn ? "requestRate" : "concurrency"),
    ...tableColumns(metric).map((c) => t(lang, c.header)),
  ];
}

/**
 * The docs/report.md table of a sweep: a unit line ("Latencies in ms." / "延迟单位：毫秒。"), a blank
 * line, the header, the separator and one row per point in the sweep's (load) order.
 */
export function sweepTableMarkdown(sweep: Sweep, lang: Lang): string {
  const metric = interTokenMetric(sweep);
  const cols = tableColumns(metric);
  const open = allOpenLoop(sweep.points);
  const rows = sweep.points.map((p) => [
    loadCell(p, lang, open),
    ...cols.map((c) => c.format(c.value(p))),
  ]);
  return `${t(lang, "latenciesInMs")}\n\n${markdownTable(tableHeaders(lang, metric, open), rows)}`;
}
