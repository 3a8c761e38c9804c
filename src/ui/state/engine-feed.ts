/**
 * The incremental engine (`createPlanEngine`) fed with the workbook's changes: a change of single
 * numbers or formulas reaches it as those edits (it re-evaluates only what depends on them); any
 * other change (structure, text, deletion, load, undo) as the whole plan. Both give the result of
 * a fresh `computePlan(resolvePlan(plan))` (the engine's contract, test/engine/plan/incremental.test.ts).
 */
import type { PlanFile } from "../../engine/base/types";
import type { Sheet } from "../../engine/formula/sheet";
import { createPlanEngine, type PlanEngine } from "../../engine/plan/incremental";
import type { PlanResult } from "../../engine/plan/plan";
import type { FormulaError, ResolvedPlan } from "../../engine/plan/resolved-plan-types";
import { memoryCatalog } from "./catalog";

/** Everything computed from the plan in one pass. */
export interface Computed {
  sheet: Sheet;
  resolved: ResolvedPlan;
  result: PlanResult;
  errorsByPath: Map<string, FormulaError>;
}

/** A value an edit can hand the engine as it is: a number or a formula. */
const isEditValue = (v: unknown): v is number | string =>
  typeof v === "number" || (typeof v === "string" && v.startsWith("="));

/** What `computed` holds before the formula engine is loaded: a plan with no formula, evaluated. */
export function placeholder(): Computed {
  const e = createPlanEngine(
    { format: "capplan.plan/v1", cells: {}, workloads: [], slo: [], skus: [] },
    new Map(),
    memoryCatalog(),
  );
  const resolved = e.resolved();
  return { sheet: e.sheet.sheet, resolved, result: e.result(), errorsByPath: new Map() };
}

export type EngineFeed = ReturnType<typeof createEngineFeed>;

/** The engine of one workbook and the changes it has not seen yet. */
export function createEngineFeed() {
  let engine: PlanEngine | null = null;
  // Changes not yet given to the engine: single-number edits, or null once any other change came.
  let edits: { path: string; raw: number | string }[] | null = null;

  return {
    /** The number or formula at `path` became `raw`. */
    edited(path: string, raw: number | string): void {
      edits?.push({ path, raw });
    },
    /** A change that is not one number: the engine takes the whole plan next time. */
    changed(): void {
      edits = null;
    },
    /** An undo or redo wrote `v` at `path`: an edit when it is a number or formula. */
    patched(path: string, v: unknown): void {
      if (edits && isEditValue(v)) edits.push({ path, raw: v });
      else edits = null;
    },
    /** The result for `plan` (its changes since the last call given to the engine). */
    compute(plan: PlanFile, prev: Computed | undefined): Computed {
      const todo = edits;
      edits = [];
      if (!engine)
        engine = createPlanEngine(plan, new Map(), memoryCatalog()); // covers every edit so far
      else if (todo === null) engine.update(plan);
      else for (const e of todo) engine.edit(e.path, e.raw);
      const resolved = engine.resolved();
      const result = engine.result();
      const errorsByPath =
        prev && prev.resolved === resolved
          ? prev.errorsByPath
          : new Map(resolved.errors.map((e) => [e.path, e]));
      return { sheet: engine.sheet.sheet, resolved, result, errorsByPath };
    },
  };
}
