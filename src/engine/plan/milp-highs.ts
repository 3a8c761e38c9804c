/**
 * The optimiser's solver interface over a loaded HiGHS runtime (the `highs` package, MIT, HiGHS
 * compiled to WebAssembly). The engine imports no package: the CLI and the app load HiGHS
 * lazily and pass the loaded runtime here (its shape is written out below).
 */
import type { MilpSolution, MilpSolver } from "./optimize";

/** The part of a loaded `highs` runtime this uses: `solve(lpText, options)` and its version. */
export interface HighsLike {
  version?: { string?: string };
  solve(
    lp: string,
    options: Record<string, string | number | boolean>,
  ): { Status: string; Columns: Record<string, object> };
}

/**
 * Tolerances tighter than HiGHS's defaults (1e-7 primal, 1e-6 integrality), so that a ceiling row
 * y ≥ Σ x·b − 1e-9 is not met by a y below the true ceiling; the answer is recomputed anyway.
 */
const OPTIONS = {
  output_flag: false,
  primal_feasibility_tolerance: 1e-10,
  mip_feasibility_tolerance: 1e-10,
  mip_rel_gap: 0,
  time_limit: 60,
};

/** A {@link MilpSolver} over a loaded HiGHS runtime. */
export function highsSolver(highs: HighsLike): MilpSolver {
  return {
    name: `HiGHS ${highs.version?.string ?? ""}`.trim(),
    solve(lp: string): MilpSolution {
      const r = highs.solve(lp, OPTIONS);
      const values: Record<string, number> = {};
      for (const [k, c] of Object.entries(r.Columns ?? {})) {
        const v = (c as { Primal?: unknown }).Primal;
        if (typeof v === "number") values[k] = v;
      }
      const status =
        r.Status === "Optimal" ? "optimal" : r.Status === "Infeasible" ? "infeasible" : "other";
      return { status, statusText: r.Status, values };
    },
  };
}
