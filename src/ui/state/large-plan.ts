/**
 * Analyses that recompute the whole plan many times (sensitivity: twice per input) or solve an
 * integer program over every SKU and workload (the fleet mix) follow every edit only on a plan
 * small enough for that to stay within a frame or two. On a large plan they run when the planner
 * asks, and an edit puts them back to "ask": an edit must never freeze the page for seconds (the
 * 50-SKU × 2,000-team bench workbook froze it for 5.8 s).
 */
import type { PlanResult } from "../../engine/plan/plan-result";

/** SKU × workload pairs above which a whole-plan analysis waits to be asked. */
export const LARGE_PAIRS = 40;
/** Teams above which it waits too (every recomputation allocates them all). */
export const LARGE_TEAMS = 200;

export function isLargePlan(r: Pick<PlanResult, "skus" | "workloads" | "tenants">): boolean {
  const teams = r.tenants?.teams.length ?? 0;
  return r.skus.length * Math.max(1, r.workloads.length) > LARGE_PAIRS || teams > LARGE_TEAMS;
}
