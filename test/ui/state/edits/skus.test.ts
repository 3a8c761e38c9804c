import { describe, expect, it } from "vitest";
import type { PlanFile, Sweep } from "../../../../src/engine/base/types";
import { emptyPlan } from "../../../../src/ui/state/plan-edit";
import { withWorkbook } from "./workbook-root";

/** A measured sweep of `n` points on an H100. */
function sweep(n: number): Sweep {
  return {
    label: "vllm · h100",
    meta: { gpu: "H100", gpuCount: 1 },
    source: { format: "vllm", files: ["a.json"] },
    points: Array.from({ length: n }, (_, i) => ({
      concurrency: 2 ** i,
      requestRate: null,
      rps: 1,
      outputTokensPerSec: 100 * (i + 1),
      ttftMs: { p99: 100 },
    })),
    warnings: [],
  } as unknown as Sweep;
}

/** A plan with one SKU whose sweep has `n` points. */
function withSku(n: number): PlanFile {
  const p = emptyPlan("t");
  p.skus = [
    { name: "a", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points: sweep(n).points } },
  ];
  return p;
}

describe("skuEdits", () => {
  it("addSweeps adds one SKU per sweep, with unique names, and says where they went", () =>
    withWorkbook((wb) => {
      expect(wb.addSweeps([sweep(2), sweep(3)])).toEqual([1, 2]);
      const names = wb.plan.skus.map((s) => s.name);
      expect(new Set(names).size).toBe(3);
      expect(wb.plan.skus[2]!.sweep!.points).toHaveLength(3);
      wb.undo(); // one step
      expect(wb.plan.skus).toHaveLength(1);
    }, withSku(1)));

  it("replaceSweep puts the new sweep in place of the SKU's sweeps", () =>
    withWorkbook((wb) => {
      wb.replaceSweep(0, sweep(4));
      expect(wb.plan.skus[0]!.sweep!.points).toHaveLength(4);
      expect(wb.plan.skus[0]!.sweeps).toBeUndefined();
      wb.replaceSweep(5, sweep(1)); // no such SKU: nothing
      expect(wb.plan.skus).toHaveLength(1);
    }, withSku(1)));

  it("removeSku removes it", () =>
    withWorkbook((wb) => {
      wb.removeSku(0);
      expect(wb.plan.skus).toEqual([]);
    }, withSku(1)));

  it("setGpu sets or clears the GPU; a typed price is kept", () =>
    withWorkbook((wb) => {
      expect(wb.setGpu(0, "l40s")).toBe(false);
      expect(wb.plan.skus[0]).toMatchObject({ gpu: "l40s", pricePerGpuHour: 2 });
      wb.setGpu(0, "");
      expect(wb.plan.skus[0]!.gpu).toBeUndefined();
    }, withSku(1)));

  it("addPoint doubles the last concurrency (1 on an empty sweep); removePoints drops rows", () =>
    withWorkbook((wb) => {
      wb.addPoint("skus[0].sweep");
      const pts = () => wb.plan.skus[0]!.sweep!.points!.map((p) => p.concurrency);
      expect(pts()).toEqual([1, 2, 4, 8]);
      wb.removePoints("skus[0].sweep", [0, 2]);
      expect(pts()).toEqual([2, 8]);
      wb.removePoints("skus[0].sweep", [0, 1]);
      wb.addPoint("skus[0].sweep");
      expect(pts()).toEqual([1]);
    }, withSku(3)));

  it("setPointBlock writes a pasted block, adding rows past the end, as one undo step", () =>
    withWorkbook((wb) => {
      const block = ["4 350", "8 600"].map((row) => row.split(" "));
      wb.setPointBlock("skus[0].sweep", 1, ["concurrency", "outputTokensPerSec"], block);
      const pts = wb.plan.skus[0]!.sweep!.points!;
      // Concurrency and output tokens/s of each point, as numbers.
      const read = pts.flatMap((p) => [p.concurrency, p.outputTokensPerSec]);
      expect(read).toEqual([1, 100, 4, 350, 8, 600]);
      wb.undo();
      expect(wb.plan.skus[0]!.sweep!.points).toHaveLength(1);
    }, withSku(1)));
});
