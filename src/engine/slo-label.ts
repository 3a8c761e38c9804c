/**
 * How the plan, its results and its reports name an SLO (docs/architecture.md): the statistic
 * and the metric as the plan writes them, upper-cased ("P99 TTFT", "MEAN E2E"), with its limit
 * when asked ("P99 TTFT ≤ 500 ms"). The one place this label is built; the SLO module's own
 * `sloLabel` (src/engine/slo.ts) names a normalised statistic in its warnings ("mean E2E").
 */

/** An SLO's limit in a label: `≤` in tables and messages, `<` in the report's prose; the number as written unless `format` is given. */
export interface SloLimitStyle {
  sign?: "≤" | "<";
  format?: (maxMs: number) => string;
}

/** "P99 TTFT"; with `limit`, "P99 TTFT ≤ 500 ms" ("?" for a missing limit). */
export function sloText(slo: { metric: string; stat: string; maxMs?: number | null }, limit?: SloLimitStyle): string {
  const name = `${slo.stat.toUpperCase()} ${slo.metric.toUpperCase()}`;
  if (!limit) return name;
  const ms = slo.maxMs == null ? "?" : limit.format ? limit.format(slo.maxMs) : String(slo.maxMs);
  return `${name} ${limit.sign ?? "≤"} ${ms} ms`;
}
