/**
 * Where a plan path is edited in the app: the sheet and the element to bring into view, found by
 * reading the path with the plan's own path grammar (plan-path.ts). The trust state (trust.ts)
 * points every item it lists here, so a click on it goes to the cell that needs attention.
 */
import type { PlanFile } from "../../engine/base/types";
import { parsePath, type PathStep } from "../../engine/plan/plan-path";

/** The sheets of the app an item can point to. */
export type SheetId = "benchmarks" | "assumptions" | "comparison" | "teams" | "report";

/** Where an item is: a plan path, the sheet it is edited on and the element to focus. */
export interface TrustWhere {
  path: string;
  sheet: SheetId;
  /** `data-testid` of the cell or field to bring into view (null: the sheet itself). */
  testId: string | null;
}

/**
 * The steps of a plan path, read with the plan's own path grammar (plan-path.ts). A rejected
 * entry's path may end in `#text` (the raw text typed into a field that is not a plan value):
 * the steps are those of the field. Empty when the path is not well formed.
 */
export function pathSteps(path: string): PathStep[] {
  const hash = path.indexOf("#");
  return parsePath(hash >= 0 ? path.slice(0, hash) : path) ?? [];
}

/** The index `i` of a path that starts `list[i]` (`skus[2].sweep` → 2 for `skus`), else null. */
export function indexIn(steps: readonly PathStep[], ...list: string[]): number | null {
  const at = steps[list.length];
  return list.every((k, j) => steps[j] === k) && typeof at === "number" ? at : null;
}

/** The field a path names right after `list[i]` when it is one of `fields`, else null. */
export function fieldOf<F extends string>(
  steps: readonly PathStep[],
  n: number,
  fields: readonly F[],
) {
  const f = steps[n];
  return typeof f === "string" && (fields as readonly string[]).includes(f) ? (f as F) : null;
}

const SLO_FIELDS = ["metric", "stat", "maxMs"] as const;
const USAGE_FIELDS = ["team", "pool", "inputTokens", "outputTokens"] as const;
const POOL_FIELDS = ["name", "sku", "costPerDay", "capacityTokensPerDay"] as const;

/** Where a path under `skus[i]` is edited: a sweep's card, or the comparison sheet. */
function locateSku(
  plan: PlanFile,
  path: string,
  steps: readonly PathStep[],
  i: number,
): TrustWhere {
  const field = fieldOf(steps, 2, ["pricePerGpuHour", "gpusPerReplica", "sweep", "sweeps"]);
  if (field === "sweep" || field === "sweeps")
    return { path, sheet: "benchmarks", testId: `sweep-card-${i}` };
  if (field && steps.length === 3) {
    const s = plan.skus[i];
    const onCard = !!(s?.sweep?.points || Object.values(s?.sweeps ?? {}).some((r) => r.points));
    if (onCard) {
      const testId = `sku-${field === "pricePerGpuHour" ? "price" : "gpus"}-${i}`;
      return { path, sheet: "benchmarks", testId };
    }
    return { path, sheet: "comparison", testId: `cmp:${field}:s${i}` };
  }
  return { path, sheet: "comparison", testId: null };
}

/** The sheet and element where a plan path is edited. */
export function locate(plan: PlanFile, path: string): TrustWhere {
  const steps = pathSteps(path);
  const slo = indexIn(steps, "slo");
  const sloField = fieldOf(steps, 2, SLO_FIELDS);
  if (slo !== null && sloField)
    return { path, sheet: "assumptions", testId: `slo:${slo}:${sloField}` };
  const sku = indexIn(steps, "skus");
  if (sku !== null) return locateSku(plan, path, steps, sku);
  const usage = indexIn(steps, "tenants", "usage");
  const usageField = fieldOf(steps, 3, USAGE_FIELDS);
  if (usage !== null && usageField)
    return { path, sheet: "teams", testId: `usage:${usage}:${usageField}` };
  const pool = indexIn(steps, "tenants", "pools");
  const poolField = fieldOf(steps, 3, POOL_FIELDS);
  if (pool !== null && poolField)
    return { path, sheet: "teams", testId: `pools:${pool}:${poolField}` };
  if (steps[0] === "tenants") return { path, sheet: "teams", testId: null };
  return { path, sheet: "assumptions", testId: null };
}

/** The row `i` of an engine error at `list[i].field` exactly (`skus[2].pricePerGpuHour`), else null. */
export function rowOf(path: string, field: string, ...list: string[]): number | null {
  const steps = parsePath(path) ?? [];
  const i = indexIn(steps, ...list);
  return i !== null && steps.length === list.length + 2 && steps[list.length + 1] === field
    ? i
    : null;
}
