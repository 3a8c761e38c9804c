/**
 * The GPU comparison table, memoised per SKU: `comparisonRows` (src/report/plan-output.ts) of the
 * whole plan, computed one SKU column at a time and kept while the SKU's result object is the
 * same (the incremental engine keeps the results of SKUs an edit did not touch). Editing one price
 * of a 50-SKU plan then formats one column, not fifty. The output equals `comparisonRows(result,
 * lang)` (checked by test/ui/perf-state.test.ts).
 */
import type { SkuResult, PlanResult } from "../../engine/plan";
import { comparisonRows, planWords, type Lang, type PlanWords } from "../../report/plan-output";

/** Row order of `comparisonRows` (labels are looked up in the plan words of the language). */
const ROW_ORDER: (keyof PlanWords)[] = [
  "feasible", "op", "basis", "binding", "checked", "replicasBase", "replicasRaw", "replicas", "gpus", "perHour", "perDay", "perMonth",
  "perToken", "perMillion", "perRequest", "peakPerMillion", "forecastPerMillion", "utilization", "reason",
];

/** A memoised `comparisonRows`: call it with each new result; unchanged SKUs are not formatted again. */
export function createComparisonRows(): (r: PlanResult, lang: Lang) => string[][] {
  const cache = new WeakMap<SkuResult, { key: string; column: Map<string, string> }>();
  return (r, lang) => {
    const w = planWords(lang);
    const key = `${lang}|${r.currency}|${r.maxErrorRatePct}`;
    const columns = r.skus.map((s) => {
      let e = cache.get(s);
      if (!e || e.key !== key) {
        const rows = comparisonRows({ ...r, skus: [s] }, lang);
        e = { key, column: new Map(rows.map((row) => [row[0]!, row[1]!])) };
        cache.set(s, e);
      }
      return e.column;
    });
    const labels = ROW_ORDER.map((k) => w[k]);
    for (const c of columns) for (const l of c.keys()) if (!labels.includes(l)) labels.push(l); // a row added later: kept, last
    // Rows empty for every SKU are left out (as comparisonRows does); an empty value is "" for the
    // reason row and "—" elsewhere.
    return labels
      .filter((l) => columns.some((c) => c.has(l)))
      .map((l) => [l, ...columns.map((c) => c.get(l) ?? (l === w.reason ? "" : "—"))]);
  };
}
