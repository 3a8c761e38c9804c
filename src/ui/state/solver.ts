/**
 * HiGHS for the fleet-mix view (docs/optimize.md), loaded on first use: the solver's code and its
 * WebAssembly (3.5 MB) stay out of the initial bundle and are fetched only when the view runs.
 */
import type { MilpSolver } from "../../engine/plan/optimize";
import { highsSolver, type HighsLike } from "../../engine/plan/milp-highs";

let loading: Promise<MilpSolver> | null = null;

/** The solver, loaded once (a failed load is retried on the next call). */
export function loadSolver(): Promise<MilpSolver> {
  loading ??= (async () => {
    const [mod, wasm] = await Promise.all([
      import("highs") as unknown as Promise<{ default: (o: object) => Promise<HighsLike> }>,
      import("highs/runtime?url") as Promise<{ default: string }>,
    ]);
    return highsSolver(await mod.default({ locateFile: () => wasm.default }));
  })().catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}
