/**
 * The app's fast paths give the same results as the plain ones: the workbook store's incremental
 * recalculation (and patch-based undo) equals a fresh `computePlan(resolvePlan(plan))`, the
 * per-SKU memoised comparison table equals `comparisonText`, and the app's formatters are the
 * report's `fmtValue` / `fmtMoney`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";
import { fmtValue as engineValue } from "../../src/engine/base/number-format";
import { comparisonText, fmtMoney as reportMoney } from "../../src/report/plan-output";
import { fmtMoney, fmtValue } from "../../src/ui/format";
import { createComparisonRows } from "../../src/ui/state/comparison-rows";
import { applyColumnChoice } from "../../src/ui/state/column-map";
import { withColumnChoice } from "../../src/ui/state/imports";
import type { Field } from "../../src/import/aliases";
import { createWorkbook } from "../../src/ui/state/workbook";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;
let bench: PlanFile | null = null;
/** The bench workbook of test/bench/gen-plan.mjs (deterministic), generated once. */
function generatePlan(): PlanFile {
  if (!bench) {
    const out = join(mkdtempSync(join(tmpdir(), "capplan-ui-")), "plan.json");
    execFileSync(process.execPath, ["test/bench/gen-plan.mjs", out]);
    bench = JSON.parse(readFileSync(out, "utf8")) as PlanFile;
  }
  return structuredClone(bench);
}
const fresh = (p: PlanFile) => computePlan(resolvePlan(structuredClone(p)));

describe("incremental workbook", () => {
  test("number edits, a structural change, undo and redo all equal a fresh computation", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      const check = () => expect(wb.computed().result).toEqual(fresh(wb.snapshot()));
      wb.setCell("peak_rps", "100");
      check();
      // Seed: 100 RPS × 300 ÷ 1,500 = 20 base replicas × 1.44 = 28.8 → 29 (as in workbook.test.ts).
      expect(wb.computed().result.skus[0]!.capacity?.replicas).toBe(29);
      wb.setCell("gpu_hour", "=10 * 2.5");
      check();
      wb.addSlo();
      check();
      wb.setNumber("slo[0].maxMs", "5");
      check();
      wb.undo(); // the SLO limit (a patch step)
      check();
      wb.undo(); // the added SLO (a whole-plan step)
      check();
      wb.undo(); // the formula
      check();
      expect(wb.plan.cells!.gpu_hour).toBe(20);
      wb.redo();
      expect(wb.plan.cells!.gpu_hour).toBe("=10 * 2.5");
      check();
      wb.undo();
      wb.undo();
      expect(wb.snapshot()).toEqual(seed);
      check();
      dispose();
    }));

  test("a pasted block that edits numbers and adds a row is one undo step back to the exact plan", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      const path = "skus[0].sweep";
      const before = wb.snapshot();
      const n = (wb.plan.skus[0]!.sweep as { points?: unknown[] } | undefined)?.points?.length ?? 0;
      if (n === 0) return dispose();
      wb.setPointBlock(path, n - 1, ["concurrency"], [["7"], ["9"]]);
      expect(wb.computed().result).toEqual(fresh(wb.snapshot()));
      wb.undo();
      expect(wb.snapshot()).toEqual(before);
      expect(wb.computed().result).toEqual(fresh(before));
      dispose();
    }));

  test("in the bench workbook a price edit gives the fresh result (50 SKUs, 2,000 teams)", () =>
    createRoot((dispose) => {
      const plan = generatePlan();
      const wb = createWorkbook(plan);
      wb.setNumber("skus[3].pricePerGpuHour", "7.25");
      const want = fresh(wb.snapshot());
      expect(wb.computed().result).toEqual(want);
      expect(wb.computed().result.skus[3]!.capacity?.costPerHour).toBe(
        want.skus[3]!.capacity?.costPerHour,
      );
      wb.undo();
      expect(wb.computed().result).toEqual(fresh(plan));
      dispose();
    }));
});

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

describe("cached formatters", () => {
  test("format exactly like the report's fmtValue and fmtMoney", () => {
    const xs = [
      0,
      1,
      -1,
      0.5,
      0.00123,
      0.00001234,
      1234.5678,
      1e9,
      -0.25,
      NaN,
      null,
      undefined,
      12_345_678.9,
    ];
    for (const x of xs) {
      for (const lang of ["en", "zh"] as const) {
        for (const d of [0, 1, 2]) expect(fmtValue(x, d)).toBe(engineValue(x, d));
        for (const c of ["USD", "CNY", "EUR"])
          expect(fmtMoney(x, c, lang)).toBe(reportMoney(x, c, lang));
      }
    }
    // By hand: 1234.5678 with 2 digits → "1,234.57"; $0.00001234 → "$0.0000123" (fixed, 3 significant digits).
    expect(fmtValue(1234.5678)).toBe("1,234.57");
    expect(fmtMoney(0.00001234, "USD")).toBe("$0.0000123");
  });
});

describe("column choice on a file that is not read on the main thread", () => {
  test("rewrites only the header bytes and equals applyColumnChoice on the whole text", async () => {
    // BOM, a blank line, a header with a multi-byte name, CRLF rows.
    const text = "\uFEFF\nconcurrency,延迟 ms,rps\r\n1,10.5,2\r\n2,11,3.9\r\n";
    const choice = new Map<number, Field | null>([
      [1, { kind: "metric", metric: "ttft", stat: "mean", unit: "ms" } as Field],
      [2, null],
    ]);
    const src = { name: "x.csv", file: new Blob([text]) };
    const out = await withColumnChoice(src, choice);
    const got = "file" in out ? await out.file.text() : out.text;
    // Blob.text() drops the BOM, as the worker's reader does; applyColumnChoice drops it too.
    expect(got).toBe(applyColumnChoice(text, choice));
    expect(got).toBe("\nconcurrency,ttft_mean_ms,ignored 3\r\n1,10.5,2\r\n2,11,3.9\r\n");
  });
});
