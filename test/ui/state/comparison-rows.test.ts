/** The per-SKU memoised comparison table equals `comparisonText` of the whole plan. */
import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { fresh, generatePlan, seed } from "./bench-plan";
import { comparisonText } from "../../../src/report/plan-output";
import { createComparisonRows } from "../../../src/ui/state/comparison-rows";
import { createWorkbook } from "../../../src/ui/state/workbook";

describe("memoised comparison table", () => {
  test("equals comparisonText before and after an edit, in both languages", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(generatePlan());
      const rows = createComparisonRows();
      expect(rows(wb.computed().result, "en")).toEqual(comparisonText(wb.computed().result, "en"));
      wb.setNumber("skus[3].pricePerGpuHour", "0.5");
      expect(rows(wb.computed().result, "en")).toEqual(comparisonText(wb.computed().result, "en"));
      expect(rows(wb.computed().result, "zh")).toEqual(comparisonText(wb.computed().result, "zh"));
      // An infeasible SKU brings the "why" row (empty "" for the feasible ones).
      wb.setNumber("slo[0].maxMs", "1");
      const r = wb.computed().result;
      expect(r.skus.some((s) => s.feasible === false)).toBe(true);
      expect(rows(r, "en")).toEqual(comparisonText(r, "en"));
      dispose();
    }));
  test("equals comparisonText for the seed example", () =>
    createRoot((dispose) => {
      const r = fresh(seed);
      expect(createComparisonRows()(r, "zh")).toEqual(comparisonText(r, "zh"));
      dispose();
    }));
});
