/** A workbook inside a reactive root, for the edit modules' tests (each edit is one undo step). */
import { createRoot } from "solid-js";
import type { PlanFile } from "../../../../src/engine/base/types";
import { emptyPlan } from "../../../../src/ui/state/plan-edit";
import { createWorkbook, type Workbook } from "../../../../src/ui/state/workbook";

/** Run `fn` with a workbook on `plan` (an empty plan by default), then dispose it. */
export function withWorkbook<T>(fn: (wb: Workbook) => T, plan: PlanFile = emptyPlan("t")): T {
  return createRoot((dispose) => {
    try {
      return fn(createWorkbook(plan));
    } finally {
      dispose();
    }
  });
}
