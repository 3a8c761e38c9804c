/**
 * Planned team costs as a FOCUS-style CSV (FinOps Open Cost and Usage Specification; columns as
 * listed in shared/reference/anchors-capacity.md §2.5 item 32, custom columns prefixed `x_`), so
 * a plan's budget can be compared with billed actuals in the same FinOps tooling.
 *
 * Decisions:
 * - One row per pool × team, plus an idle row (`x_Team` = `(idle)`) when the pool has idle cost or
 *   idle is kept separate (spec §5). No totals rows (FinOps tools sum rows themselves).
 * - Money is rounded to the currency's minor unit: the day's `costRounded` × days, in integer minor
 *   units, so a pool's rows add up to its cost exactly. BilledCost = EffectiveCost = ListCost =
 *   ContractedCost: a plan has no discounts or commitments.
 * - Pricing is per 1M weighted tokens (`PricingUnit` `1000000 Tokens`, FOCUS Unit Format
 *   `<unit-quantity> <plural-units>`); ListUnitPrice = ContractedUnitPrice = the line's cost per
 *   1M weighted tokens rounded to minor unit + 4 decimals. Consumed quantity is raw input + output
 *   tokens over the period (`Tokens`).
 * - Dates are FOCUS Date/Time format `YYYY-MM-DDTHH:mm:ssZ` (UTC); ChargePeriodEnd is exclusive.
 *   The caller passes the start: nothing here reads the clock.
 */
import type { PlanResult } from "../engine/plan";
import { minorUnitDigits } from "../engine/money";
import type { PlanFile } from "../engine/types";
import { allocationLines, minorCell } from "./allocation-csv";
import { csvCell } from "./plan-output";

/** The header of {@link focusCsv}, in order. */
export const FOCUS_COLUMNS = [
  "BillingPeriodStart", "BillingPeriodEnd", "ChargePeriodStart", "ChargePeriodEnd",
  "ChargeCategory", "ChargeDescription",
  "BilledCost", "EffectiveCost", "ListCost", "ContractedCost", "ListUnitPrice", "ContractedUnitPrice", "BillingCurrency",
  "ServiceCategory", "ServiceName", "ResourceId", "ResourceName", "SkuId",
  "PricingQuantity", "PricingUnit", "ConsumedQuantity", "ConsumedUnit", "Tags",
  "x_Team", "x_Pool", "x_InputTokens", "x_OutputTokens", "x_WeightedTokens", "x_AllocationMethod", "x_IdleHandling", "x_Share",
] as const;

/** `x_Team` of the idle row. */
export const FOCUS_IDLE_TEAM = "(idle)";

/** Options of {@link focusCsv}. */
export interface FocusOptions {
  /** Charge period: `days` whole days (default 1) from `start` (use midnight UTC for day boundaries). */
  period: { start: Date; days?: number };
  /** The plan, to name each pool's SKU (`tenants.pools[].sku`, or the recommended SKU when no pools are given). */
  plan?: PlanFile;
  /** `ServiceName` (default `LLM inference`). */
  serviceName?: string;
}

/** Result of {@link focusCsv}: the CSV and its number of data rows, or why no CSV was written. */
export type FocusResult = { ok: true; csv: string; rows: number } | { ok: false; reason: string };

/** A date in FOCUS Date/Time format: `2025-06-01T00:00:00Z` (UTC, whole seconds). */
export function focusDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function poolSku(result: PlanResult, plan: PlanFile | undefined, pool: string): string | null {
  const defs = plan?.tenants?.pools;
  if (defs && defs.length) {
    const def = defs.find(p => p.name === pool);
    return typeof def?.sku === "string" ? def.sku : null;
  }
  // With no pools the engine names its one pool after the recommended SKU (plan.ts computeTenants).
  if (result.cheapest && result.cheapest === pool) return result.cheapest;
  return result.skus.some(s => s.name === pool) ? pool : null;
}

/** Round to `d` decimals without binary noise. */
function roundTo(x: number | null, d: number): number | null {
  return x === null || !Number.isFinite(x) ? null : Number(x.toFixed(d));
}

/**
 * The planned cost per team and pool as FOCUS-style CSV rows (header {@link FOCUS_COLUMNS}).
 * Returns `ok: false` when the plan has no allocation or the period is not usable (invalid
 * date, days not a whole number 1…3660). Every text cell goes through {@link csvCell}
 * (formula injection neutralised); `Tags` is a JSON object string `{"team":"search","pool":"70b"}`.
 */
export function focusCsv(result: PlanResult, options: FocusOptions): FocusResult {
  const t = result.tenants;
  if (!t) return { ok: false, reason: "the plan has no team allocation (tenants)" };
  const start = options.period.start;
  const days = options.period.days ?? 1;
  if (!(start instanceof Date) || !Number.isFinite(start.getTime())) return { ok: false, reason: "the period start is not a valid date" };
  if (!Number.isInteger(days) || days < 1 || days > 3660) return { ok: false, reason: `the period must be a whole number of days from 1 to 3660, got ${String(days)}` };
  const end = new Date(start.getTime() + days * 86_400_000);
  const from = focusDate(start);
  const to = focusDate(end);
  const cur = result.currency;
  const digits = minorUnitDigits(cur);
  const service = options.serviceName ?? "LLM inference";
  const title = result.title ? ` (${result.title})` : "";
  const out = [FOCUS_COLUMNS.join(",")];
  let rows = 0;
  for (const l of allocationLines(result)) {
    if (l.kind === "total") continue;
    const team = l.kind === "team" ? l.team! : FOCUS_IDLE_TEAM;
    const money = minorCell(l.costPerDayMinor * days, digits);
    const unitPrice = csvCell(roundTo(l.costPerMillionTokens, digits + 4));
    const scale = (x: number | null): number | null => (x === null ? null : x * days);
    const consumed = l.inputTokens !== null && l.outputTokens !== null ? (l.inputTokens + l.outputTokens) * days : null;
    const pricingQty = l.weightedTokens !== null ? (l.weightedTokens * days) / 1e6 : null;
    const description = l.kind === "team"
      ? `Planned LLM inference cost of team ${team} on pool ${l.pool}${title}`
      : `Planned idle capacity of pool ${l.pool}${title}`;
    const row = [
      csvCell(from), csvCell(to), csvCell(from), csvCell(to),
      csvCell("Usage"), csvCell(description),
      money, money, money, money, unitPrice, unitPrice, csvCell(cur),
      csvCell("AI and Machine Learning"), csvCell(service), csvCell(l.pool), csvCell(l.pool), csvCell(poolSku(result, options.plan, l.pool)),
      csvCell(roundTo(pricingQty, 6)), csvCell(pricingQty === null ? null : "1000000 Tokens"),
      csvCell(consumed), csvCell(consumed === null ? null : "Tokens"),
      csvCell(JSON.stringify({ team, pool: l.pool })),
      csvCell(team), csvCell(l.pool), csvCell(scale(l.inputTokens)), csvCell(scale(l.outputTokens)), csvCell(scale(l.weightedTokens)),
      csvCell(t.method), csvCell(t.idle), csvCell(roundTo(l.share, 6)),
    ];
    out.push(row.join(","));
    rows++;
  }
  return { ok: true, csv: out.join("\n") + "\n", rows };
}
