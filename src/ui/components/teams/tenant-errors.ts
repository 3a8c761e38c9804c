/** The allocation's errors as the Teams sheet reads them: by path, and the usage rows they name. */
import type { PlanResult } from "../../../engine/plan/plan-result";

/** One error of the plan, with its plan path. */
export type PlanError = PlanResult["errors"][number];

/** The first error at `path` or inside it (`path.` prefix), or null. */
export function errorAt(errors: readonly PlanError[], path: string): PlanError | null {
  return errors.find((e) => e.path === path || e.path.startsWith(`${path}.`)) ?? null;
}

/** The errors of the tenants block. */
export function tenantErrors(errors: readonly PlanError[]): PlanError[] {
  return errors.filter((e) => e.path.startsWith("tenants"));
}

/** How many distinct usage rows the errors name (rows the allocation cannot place). */
export function badUsageRows(errors: readonly PlanError[]): number {
  const rows = new Set<string>();
  for (const e of errors) {
    const m = /^tenants\.usage\[(\d+)\]/.exec(e.path);
    if (m) rows.add(m[1]!);
  }
  return rows.size;
}
