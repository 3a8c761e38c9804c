/**
 * Pure helpers of the Teams sheet: recognising a pasted block that starts with a usage header
 * (then it is imported like a CSV, docs/allocation.md: any column order, aliases, rows of a team summed),
 * and the conservation check of a pool's allocation lines (teams + idle = pool cost, to the
 * minor unit). No solid-js here.
 */
import { usageHeader, type UsageRow } from "../../import/usage";
import type { AllocationLine } from "../../report/allocation-csv";

/** True when a pasted row is a usage table header: a team column and a token column. */
export function looksLikeUsageHeader(row: readonly string[]): boolean {
  const fields = row.map((h) => usageHeader(h)?.field);
  return (
    fields.includes("team") && fields.some((f) => f === "input" || f === "output" || f === "total")
  );
}

/**
 * Pools named by imported usage rows that the plan has no pool for (a `model` column is read as
 * the pool): the import asks to map each to a pool first (docs/usage-import.md). `known` are the
 * plan's pool names; with no pools given, the one default pool takes rows without a pool only.
 */
export function unknownPools(rows: readonly UsageRow[], known: readonly string[]): string[] {
  const have = new Set(known);
  return [
    ...new Set(rows.flatMap((r) => (r.pool !== undefined && !have.has(r.pool) ? [r.pool] : []))),
  ];
}

/**
 * Rows with their pools renamed by `map` (file name → plan pool; null = no pool, i.e. the plan's
 * only pool). Rows of one team that land in one pool are added up, in first-seen order.
 */
export function mapUsagePools(
  rows: readonly UsageRow[],
  map: ReadonlyMap<string, string | null>,
): UsageRow[] {
  const out = new Map<string, UsageRow>();
  for (const r of rows) {
    const to = r.pool !== undefined && map.has(r.pool) ? map.get(r.pool)! : (r.pool ?? null);
    const k = JSON.stringify([r.team, to]);
    const a = out.get(k);
    if (a) {
      a.inputTokens += r.inputTokens;
      a.outputTokens += r.outputTokens;
      // Two models mapped to one pool: their reservations add up.
      if (r.reservedReplicas !== undefined)
        a.reservedReplicas = (a.reservedReplicas ?? 0) + r.reservedReplicas;
    } else
      out.set(k, {
        team: r.team,
        ...(to !== null ? { pool: to } : {}),
        inputTokens: r.inputTokens,
        outputTokens: r.outputTokens,
        ...(r.reservedReplicas !== undefined ? { reservedReplicas: r.reservedReplicas } : {}),
      });
  }
  return [...out.values()];
}

/** Conservation of one pool: Σ team and idle lines vs the pool total, in minor units (per day and per month). */
export interface Conservation {
  pool: string;
  partsMinor: number;
  totalMinor: number;
  partsMonthMinor: number;
  totalMonthMinor: number;
  ok: boolean;
}

/** Check conservation (docs/allocation.md) for every pool of the allocation lines. */
export function conservation(lines: readonly AllocationLine[]): Conservation[] {
  const pools = [...new Set(lines.map((l) => l.pool))];
  return pools.map((pool) => {
    const mine = lines.filter((l) => l.pool === pool);
    const parts = mine.filter((l) => l.kind !== "total");
    const total = mine.find((l) => l.kind === "total");
    const partsMinor = parts.reduce((s, l) => s + l.costPerDayMinor, 0);
    const partsMonthMinor = parts.reduce((s, l) => s + l.costPerMonthMinor, 0);
    const totalMinor = total?.costPerDayMinor ?? 0;
    const totalMonthMinor = total?.costPerMonthMinor ?? 0;
    return {
      pool,
      partsMinor,
      totalMinor,
      partsMonthMinor,
      totalMonthMinor,
      ok: partsMinor === totalMinor && partsMonthMinor === totalMonthMinor,
    };
  });
}

/** The first day of the month of `now`, at midnight UTC, and the number of days of that month. */
export function monthPeriod(now: Date): { start: string; days: number } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const days = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return { start: `${y}-${String(m + 1).padStart(2, "0")}-01`, days };
}
