/**
 * The before/after view of the Report sheet as values: every sweep of the plan (SKU · workload)
 * to choose from, and a comparison's text split into the table shown and the regressions list
 * folded under it.
 */
import type { Sweep } from "../../../engine/base/types";
import type { PlanResult } from "../../../engine/plan/plan-result";
import { REGRESSION_MARK } from "../../../report/compare-table";

/** A sweep of the plan to compare: its label, the sweep, its GPU. */
export interface SweepChoice {
  label: string;
  sweep: Sweep;
  gpu: string | null;
}

/** Every sweep of the plan; labelled "SKU · workload" when the plan has several workloads. */
export function sweepChoices(result: PlanResult): SweepChoice[] {
  return result.skus.flatMap((s) =>
    s.workloads
      .filter((w) => w.sweep)
      .map((w) => ({
        label: result.workloads.length > 1 ? `${s.name} · ${w.workload}` : s.name,
        sweep: w.sweep as Sweep,
        gpu: s.gpu ?? (w.sweep as Sweep).meta.gpu ?? null,
      })),
  );
}

/**
 * The comparison text without its summary (its last line, shown above the table), cut where the
 * list of regressions starts: that list (long for different GPUs) goes into a folded section
 * titled by the line before it.
 */
export function splitCompareText(text: string): {
  md: string;
  list: { title: string; md: string } | null;
} {
  const lines = text.trimEnd().split("\n").slice(0, -1);
  const first = lines.findIndex((l) => l.startsWith(`- ${REGRESSION_MARK}`));
  if (first <= 0) return { md: lines.join("\n"), list: null };
  return {
    md: lines.slice(0, first - 1).join("\n"),
    list: { title: lines[first - 1]!.replace(/[:：]\s*$/, ""), md: lines.slice(first).join("\n") },
  };
}
