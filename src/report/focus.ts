/**
 * The planned team allocation as a FOCUS 1.3 cost-and-usage CSV with split cost allocation
 * (docs/focus.md): for every day of the period, each pool's daily cost and each shared cost is an
 * origin charge, written as its allocated charges — one per team, one for the pool's idle line,
 * one for a shared cost's unallocated line — whose costs add up to the origin to the minor unit
 * and whose AllocatedRatio values add up to exactly 1 (12-decimal fixed point, largest remainder).
 * Pure: nothing here reads the clock; the caller passes the period.
 */
import { largestRemainder, minorUnitDigits, toMinor } from "../engine/finops/money";
import { compareNames } from "../engine/finops/allocation";
import type { PlanResult } from "../engine/plan/plan";
import type { PlanFile } from "../engine/base/types";
import { minorCell } from "./allocation-csv";
import { csvCell } from "./plan-output";
import { MS_PER_DAY } from "../engine/base/units";

/** The header of {@link focusCsv}, in order: FOCUS 1.3 columns, then capplan's `x_` columns. */
export const FOCUS_COLUMNS = [
  "BillingAccountId",
  "BillingAccountName",
  "BillingCurrency",
  "BillingPeriodStart",
  "BillingPeriodEnd",
  "ChargePeriodStart",
  "ChargePeriodEnd",
  "ChargeCategory",
  "ChargeClass",
  "ChargeDescription",
  "ChargeFrequency",
  "BilledCost",
  "EffectiveCost",
  "ListCost",
  "ContractedCost",
  "ListUnitPrice",
  "ContractedUnitPrice",
  "PricingCategory",
  "PricingQuantity",
  "PricingUnit",
  "ConsumedQuantity",
  "ConsumedUnit",
  "ServiceCategory",
  "ServiceName",
  "ServiceProviderName",
  "HostProviderName",
  "InvoiceIssuerName",
  "ProviderName",
  "PublisherName",
  "ResourceId",
  "ResourceName",
  "ResourceType",
  "SkuId",
  "SubAccountId",
  "SubAccountName",
  "Tags",
  "AllocatedMethodId",
  "AllocatedMethodDetails",
  "AllocatedResourceId",
  "AllocatedResourceName",
  "AllocatedTags",
  "x_OriginChargeId",
  "x_Pool",
  "x_Team",
  "x_Line",
  "x_InputTokens",
  "x_OutputTokens",
  "x_WeightedTokens",
  "x_CapplanWarnings",
] as const;

/** Decimals of AllocatedRatio (fixed point, so the ratios of an origin add up to exactly 1). */
export const RATIO_DIGITS = 12;

/** Options of {@link focusCsv}. */
export interface FocusOptions {
  /** Charge period: `days` whole days (default 1) from `start` (midnight UTC for day boundaries). */
  period: { start: Date; days?: number };
  /** The plan, to name each pool's SKU (`tenants.pools[].sku`, or the recommended SKU when no pools are given). */
  plan?: PlanFile;
  /** `ServiceName` (default `LLM inference`). */
  serviceName?: string;
  /**
   * What keeps numbers of this file from being checked (the app's trust items, the plan's
   * warnings), written into every row's `x_CapplanWarnings` cell, joined by ` | `: a FOCUS file
   * starts with its header, so the warnings travel in a column, never above it.
   */
  warnings?: readonly string[];
  /** The provider columns (ServiceProviderName, HostProviderName, InvoiceIssuerName, ProviderName, PublisherName); default `Internal`. */
  providerName?: string;
}

/** Result of {@link focusCsv}: the CSV and its number of data rows, or why no CSV was written. */
export type FocusResult = { ok: true; csv: string; rows: number } | { ok: false; reason: string };

/** A date in FOCUS Date/Time format: `2025-06-01T00:00:00Z` (UTC, whole seconds). */
export function focusDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function poolSku(
  result: PlanResult,
  plan: PlanFile | undefined,
  pool: string,
): string | null {
  const defs = plan?.tenants?.pools;
  if (defs && defs.length) {
    const def = defs.find((p) => p.name === pool);
    return typeof def?.sku === "string" ? def.sku : null;
  }
  // With no pools the engine names its one pool after the recommended SKU (plan-tenants.ts).
  if (result.cheapest && result.cheapest === pool) return result.cheapest;
  return result.skus.some((s) => s.name === pool) ? pool : null;
}

/** Integer units of 10^-digits as a plain decimal: 375000000000 (12) → `0.375`, 10^12 → `1`. */
export function fixedText(units: number, digits: number): string {
  const s = String(Math.round(units)).padStart(digits + 1, "0");
  const int = s.slice(0, -digits) || "0";
  const frac = s.slice(-digits).replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}

/** A number as a plain JSON number text (no exponent for the magnitudes written here). */
function plain(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(15)));
}

/** One allocated charge of an origin charge. */
interface Line {
  /** Team name; null for the idle and unallocated lines. */
  team: string | null;
  kind: "team" | "idle" | "unallocated";
  /** Exact (unrounded) daily amount, for the ratio. */
  amount: number;
  /** Daily cost in minor units (the result's rounded part). */
  minor: number;
  /** AllocatedMethodDetails element unit and quantity (null: none). */
  unit: string | null;
  quantity: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  weightedTokens: number | null;
  consumed: number;
}

interface Origin {
  id: string;
  pool: string | null;
  resourceId: string;
  resourceName: string;
  resourceType: string;
  sku: string | null;
  description: string;
  tags: Record<string, string>;
  methodId: string;
  costMinor: number;
  lines: Line[];
}

/** Ratios of an origin's lines in units of 10^-RATIO_DIGITS, summing to 10^RATIO_DIGITS exactly; ties to the name that sorts first. */
function ratioUnits(lines: readonly Line[]): number[] {
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const raw = total > 0 ? lines.map((l) => l.amount / total) : lines.map(() => 1 / lines.length);
  const order = lines
    .map((_, i) => i)
    .sort((a, b) => {
      const x = lines[a]!.team;
      const y = lines[b]!.team;
      return x === null ? (y === null ? a - b : 1) : y === null ? -1 : compareNames(x, y) || a - b;
    });
  const parts = largestRemainder(
    order.map((i) => raw[i]!),
    10 ** RATIO_DIGITS,
    RATIO_DIGITS,
  );
  const out = new Array<number>(lines.length);
  order.forEach((i, k) => (out[i] = parts[k]!));
  return out;
}

/** The origin charges of a day of the plan's allocation (pools, then shared costs). */
function origins(result: PlanResult, plan: PlanFile | undefined, digits: number): Origin[] {
  const t = result.tenants!;
  const out: Origin[] = [];
  const title = result.title ? ` (${result.title})` : "";
  for (const p of t.pools) {
    const reservation = p.basis === "reservation";
    const unit = reservation ? "Replicas" : "Tokens";
    const lines: Line[] = p.teams.map((x) => ({
      team: x.name,
      kind: "team",
      amount: x.cost,
      minor: toMinor(x.costRounded, digits),
      unit,
      quantity: reservation ? x.billedReplicas : x.tokens,
      inputTokens: x.inputTokens,
      outputTokens: x.outputTokens,
      weightedTokens: x.tokens,
      consumed: x.inputTokens + x.outputTokens,
    }));
    if (p.idleRounded !== 0 || p.idle !== 0 || t.idle === "separate") {
      const spare = reservation
        ? p.replicas !== null && p.billedReplicas !== null
          ? Math.max(0, p.replicas - p.billedReplicas)
          : null
        : p.capacityTokens !== null
          ? Math.max(0, p.capacityTokens - p.usedTokens)
          : null;
      lines.push({
        team: null,
        kind: "idle",
        amount: p.idle,
        minor: toMinor(p.idleRounded, digits),
        unit: spare === null ? null : unit,
        quantity: spare,
        inputTokens: null,
        outputTokens: null,
        weightedTokens: reservation ? null : spare,
        consumed: 0,
      });
    }
    out.push({
      id: `pool/${p.name}`,
      pool: p.name,
      resourceId: `pool/${p.name}`,
      resourceName: p.name,
      resourceType: "LLM serving pool",
      sku: poolSku(result, plan, p.name),
      description: `Planned daily cost of LLM serving pool ${p.name}${title}`,
      tags: { pool: p.name },
      methodId: `capplan/${p.basis}/${t.method}/idle-${t.idle}`,
      costMinor: toMinor(p.costRounded, digits),
      lines,
    });
  }
  for (const s of t.shared) {
    const own = new Map(t.teams.map((x) => [x.name, x.cost]));
    const lines: Line[] = s.teams.map((x) => ({
      team: x.name,
      kind: "team",
      amount: x.cost,
      minor: toMinor(x.costRounded, digits),
      unit: s.split === "weighted" ? result.currency : null,
      quantity: s.split === "weighted" ? (own.get(x.name) ?? 0) : null,
      inputTokens: null,
      outputTokens: null,
      weightedTokens: null,
      consumed: 0,
    }));
    if (s.unallocatedRounded !== 0 || s.unallocated !== 0 || lines.length === 0) {
      lines.push({
        team: null,
        kind: "unallocated",
        amount: s.unallocated,
        minor: toMinor(s.unallocatedRounded, digits),
        unit: null,
        quantity: null,
        inputTokens: null,
        outputTokens: null,
        weightedTokens: null,
        consumed: 0,
      });
    }
    out.push({
      id: `shared/${s.name}`,
      pool: null,
      resourceId: `shared/${s.name}`,
      resourceName: s.name,
      resourceType: "Shared cost",
      sku: null,
      description: `Planned daily shared cost ${s.name}${title}`,
      tags: { shared: s.name },
      methodId: `capplan/shared/${s.split}`,
      costMinor: toMinor(s.costRounded, digits),
      lines,
    });
  }
  return out;
}

/**
 * The planned allocation as FOCUS 1.3 CSV rows (header {@link FOCUS_COLUMNS}; docs/focus.md).
 * Returns `ok: false` when the plan has no allocation or the period is not usable (invalid date,
 * days not a whole number 1…366). Every text cell goes through {@link csvCell} (formula injection
 * neutralised); JSON cells (Tags, AllocatedTags, AllocatedMethodDetails) are JSON object strings.
 */
export function focusCsv(result: PlanResult, options: FocusOptions): FocusResult {
  const t = result.tenants;
  if (!t) return { ok: false, reason: "the plan has no team allocation (tenants)" };
  const start = options.period.start;
  const days = options.period.days ?? 1;
  if (!(start instanceof Date) || !Number.isFinite(start.getTime()))
    return { ok: false, reason: "the period start is not a valid date" };
  if (!Number.isInteger(days) || days < 1 || days > 366)
    return {
      ok: false,
      reason: `the period must be a whole number of days from 1 to 366, got ${String(days)}`,
    };
  const cur = result.currency;
  const digits = minorUnitDigits(cur);
  const service = options.serviceName ?? "LLM inference";
  const provider = options.providerName ?? "Internal";
  const billingStart = focusDate(start);
  const billingEnd = focusDate(new Date(start.getTime() + days * MS_PER_DAY));
  const list = origins(result, options.plan, digits);
  const warnings = csvCell(
    options.warnings?.length
      ? options.warnings.map((w) => w.replace(/[\r\n]+/g, " ")).join(" | ")
      : null,
  );
  const ratios = list.map((o) => ratioUnits(o.lines));
  const out = [FOCUS_COLUMNS.join(",")];
  let rows = 0;
  for (let d = 0; d < days; d++) {
    const from = focusDate(new Date(start.getTime() + d * MS_PER_DAY));
    const to = focusDate(new Date(start.getTime() + (d + 1) * MS_PER_DAY));
    list.forEach((o, oi) => {
      const unitPrice = minorCell(o.costMinor, digits);
      o.lines.forEach((l, li) => {
        const ratio = fixedText(ratios[oi]![li]!, RATIO_DIGITS);
        const element = `{"AllocatedRatio":${ratio}${l.unit !== null && l.quantity !== null ? `,"UsageUnit":${JSON.stringify(l.unit)},"UsageQuantity":${plain(l.quantity)}` : ""}}`;
        const money = minorCell(l.minor, digits);
        const allocated = l.kind === "team";
        const row = [
          csvCell("capplan"),
          csvCell(result.title || "capplan plan"),
          csvCell(cur),
          csvCell(billingStart),
          csvCell(billingEnd),
          csvCell(from),
          csvCell(to),
          csvCell("Usage"),
          "",
          csvCell(o.description),
          csvCell("Usage-Based"),
          money,
          money,
          money,
          money,
          unitPrice,
          unitPrice,
          csvCell("Standard"),
          ratio,
          csvCell("Days"),
          csvCell(l.consumed),
          csvCell("Tokens"),
          csvCell("AI and Machine Learning"),
          csvCell(service),
          csvCell(provider),
          csvCell(provider),
          csvCell(provider),
          csvCell(provider),
          csvCell(provider),
          csvCell(o.resourceId),
          csvCell(o.resourceName),
          csvCell(o.resourceType),
          csvCell(o.sku),
          "",
          "",
          csvCell(JSON.stringify(o.tags)),
          csvCell(o.methodId),
          csvCell(`{"Elements":[${element}]}`),
          csvCell(allocated ? `team/${l.team}` : null),
          csvCell(allocated ? l.team : null),
          csvCell(allocated ? JSON.stringify({ team: l.team }) : null),
          csvCell(`${o.id}/${from.slice(0, 10)}`),
          csvCell(o.pool),
          csvCell(l.team),
          csvCell(l.kind),
          csvCell(l.inputTokens),
          csvCell(l.outputTokens),
          csvCell(l.weightedTokens),
          warnings,
        ];
        out.push(row.join(","));
        rows++;
      });
    });
  }
  return { ok: true, csv: out.join("\n") + "\n", rows };
}
