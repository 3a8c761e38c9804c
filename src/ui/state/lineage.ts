/**
 * The number whose lineage is shown (a path of the plan result, e.g. `skus[1].replicas`), or
 * null. Set by selecting a computed number; read by the lineage panel (docs/lineage.md).
 */
import { createSignal } from "solid-js";
import type { PlanResult } from "../../engine/plan/plan";

const [lineagePath, setLineagePath] = createSignal<string | null>(null);
export { lineagePath, setLineagePath };

/** Result paths of the comparison sheet's rows (their `planWords` keys), for SKU `i`. */
export function comparisonPath(key: string, i: number): string | null {
  const p = `skus[${i}]`;
  const map: Record<string, string> = {
    gpusPerReplica: `${p}.gpusPerReplica`,
    pricePerGpuHour: `${p}.pricePerGpuHour`,
    op: `${p}.operatingPoint.outputTokensPerSec`,
    replicasBase: `${p}.replicasBase`,
    replicasRaw: `${p}.replicasRaw`,
    replicas: `${p}.replicas`,
    gpus: `${p}.gpus`,
    perHour: `${p}.costPerHour`,
    perDay: `${p}.costPerDay`,
    perMonth: `${p}.costPerMonth`,
    perToken: `${p}.costPerOutputToken`,
    perMillion: `${p}.costPerMillionOutputTokens`,
    perRequest: `${p}.costPerRequest`,
    peakPerMillion: `${p}.peak.costPerMillionOutputTokens`,
    forecastPerMillion: `${p}.forecast.costPerMillionOutputTokens`,
    utilization: `${p}.forecast.utilization`,
  };
  return map[key] ?? null;
}

/** A line of the Teams sheet's allocation table: a team of a pool, the pool's idle, or its total. */
export interface AllocationRowRef {
  kind: "team" | "idle" | "total";
  pool: string;
  team: string | null;
}

/**
 * Result path of a number of the Teams sheet's allocation table (docs/lineage.md), or null when it
 * has none. Columns: input, output and weighted tokens, share, cost per day, per month, per 1M.
 * A team's cost per day is its rounded cost; the idle line is the pool's idle, the total line the
 * pool's cost. A month is the day × 730/24 and has no step of its own: it opens the day's lineage.
 */
export function allocationPath(
  result: PlanResult,
  row: AllocationRowRef,
  col: number,
): string | null {
  const pools = result.tenants?.pools ?? [];
  const pi = pools.findIndex((p) => p.name === row.pool);
  if (pi < 0) return null;
  const p = `tenants.pools[${pi}]`;
  if (row.kind === "total")
    return col === 4 || col === 5
      ? `${p}.costRounded`
      : col === 2
        ? `${p}.usedTokens`
        : col === 6
          ? `${p}.costPerMillionTokens`
          : col === 7
            ? `${p}.costPerMillionInputTokens`
            : col === 8
              ? `${p}.costPerMillionOutputTokens`
              : null;
  if (row.kind === "idle") return col === 4 || col === 5 ? `${p}.idleRounded` : null;
  const ti = pools[pi]!.teams.findIndex((t) => t.name === row.team);
  if (ti < 0) return null;
  const keys = [
    "inputTokens",
    "outputTokens",
    "tokens",
    "share",
    "costRounded",
    "costRounded",
    "costPerMillionTokens",
    "costPerMillionInputTokens",
    "costPerMillionOutputTokens",
  ];
  const k = keys[col];
  return k ? `${p}.teams[${ti}].${k}` : null;
}

/** Result path of a team's total over pools (the Teams sheet's "team totals" table). */
export function teamTotalPath(i: number): string {
  return `tenants.teams[${i}].costRounded`;
}
