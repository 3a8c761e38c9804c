/**
 * The GPU comparison table, memoised per SKU: `comparisonText` (src/report/plan-output.ts) of the
 * whole plan, computed one SKU column at a time from its typed cells and kept while the SKU's
 * result object is the same (the incremental engine keeps the results of SKUs an edit did not
 * touch). Editing one price of a 50-SKU plan then formats one column, not fifty. The output
 * equals `comparisonText(result, lang)` (checked by test/ui/state/comparison-rows.test.ts).
 */
import type { PlanResult, SkuResult } from "../../engine/plan/plan-result";
import {
  COMPARISON_KEYS,
  type ComparisonTextRow,
  cellText,
  comparisonCells,
  isEmptyCell,
  type Lang,
  planWords,
} from "../../report/plan-output";

/** A memoised `comparisonText`: call it with each new result; unchanged SKUs are not formatted again. */
export function createComparisonRows(): (r: PlanResult, lang: Lang) => ComparisonTextRow[] {
  const cache = new WeakMap<SkuResult, { key: string; column: string[] }>();
  return (r, lang) => {
    const w = planWords(lang);
    const key = `${lang}|${r.currency}|${r.maxErrorRatePct}`;
    const columns = r.skus.map((s) => {
      let e = cache.get(s);
      if (!e || e.key !== key) {
        const cells = comparisonCells(s, r.maxErrorRatePct);
        e = { key, column: COMPARISON_KEYS.map((k) => cellText(cells[k], lang, r.currency)) };
        cache.set(s, e);
      }
      return e.column;
    });
    return COMPARISON_KEYS.map((k, i) => ({
      key: k,
      label: w[k],
      cells: columns.map((c) => c[i]!),
    })).filter((row) => row.cells.some((v) => !isEmptyCell(v)));
  };
}
