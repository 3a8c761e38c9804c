/**
 * The formula engine's readiness in the app. mathjs and the GPU/model catalogues are lazy chunks
 * (docs/performance.md, "Initial JavaScript"): the app shell shows at once, and the workbook
 * evaluates the plan once both are in (`formulasReady()`); the sheets and the status bar wait for it behind a visible
 * "Loading" line. In Node and in unit tests the engine is a static import and ready from the start.
 */
import { createSignal } from "solid-js";
import { formulaEngineLoaded, loadFormulaEngine } from "../../engine/formula/math";
import { loadCatalogs } from "./catalog";

const [ready, setReady] = createSignal(formulaEngineLoaded());
const [failure, setFailure] = createSignal<string | null>(null);
let pending: Promise<void> | null = null;

/** True once formulas can be evaluated. */
export const formulasReady = ready;

/** Why the formula engine could not be loaded (its chunk failed to fetch), else null. */
export const formulaEngineFailure = failure;

/** Start (or join) loading the formula engine; never rejects (a failure is `formulaEngineFailure()`). */
export function startFormulaEngine(): Promise<void> {
  pending ??= Promise.all([loadFormulaEngine(), loadCatalogs()]).then(
    () => {
      setFailure(null);
      setReady(true);
    },
    (e: unknown) => {
      pending = null; // the next call tries again
      setFailure(e instanceof Error ? e.message : String(e));
    },
  );
  return pending;
}
