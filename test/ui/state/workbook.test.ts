import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { fresh, generatePlan, seed } from "./bench-plan";
import { createWorkbook } from "../../../src/ui/state/workbook";
import { localizeError } from "../../../src/report/messages";
import { trustText } from "../../../src/ui/state/trust";

type Workbook = ReturnType<typeof createWorkbook>;

/** `body` run on a workbook of `plan` inside a reactive root, disposed after it. */
const on = (plan: PlanFile, body: (wb: Workbook) => void) =>
  createRoot((dispose) => {
    body(createWorkbook(plan));
    dispose();
  });

const replicas = (wb: Workbook) => wb.computed().result.skus[0]!.capacity?.replicas;
const costPerHour = (wb: Workbook) => wb.computed().result.skus[0]!.capacity?.costPerHour;
/** A number entry typed in a form the cell keeps showing ($2.99, 50 %, 1.5k). */
const typedCell = (typed: string, value: number) => ({ raw: typed, value, error: null, typed });
/** An entry refused by the plan's range check. */
const outOfRange = (raw: string, message: string) => ({
  raw,
  value: null,
  error: { kind: "VALUE", message, problem: expect.objectContaining({ code: "planFile.range" }) },
});

describe("createWorkbook", () => {
  test("a cycle marks only its members and the rest keeps computing", () =>
    on(seed, (wb) => {
      wb.setCell("elasticity", "=redundancy");
      wb.setCell("redundancy", "=elasticity");
      expect(wb.cell("cells.elasticity").error?.kind).toBe("CYCLE");
      expect(wb.cell("cells.redundancy").error?.kind).toBe("CYCLE");
      expect(wb.cell("cells.gpu_hour")).toEqual({ raw: "20", value: 20, error: null });
      expect(wb.computed().result.workloads[0]!.tokensPerSec).toBe(30000);
    }));
  test("a rejected entry keeps the typed text and the previous plan value", () =>
    on(seed, (wb) => {
      expect(wb.setCell("gpu_hour", "twenty")).toBe(false);
      expect(wb.cell("cells.gpu_hour")).toMatchObject({ raw: "twenty", error: { kind: "VALUE" } });
      expect([wb.plan.cells!.gpu_hour, costPerHour(wb)]).toEqual([20, 1200]);
      wb.setCell("gpu_hour", "10");
      expect([wb.cell("cells.gpu_hour").error, costPerHour(wb)]).toEqual([null, 600]);
    }));
  const onePoint = structuredClone(seed);
  onePoint.skus[0]!.sweep = {
    points: [{ concurrency: 1, requestRate: null, rps: 1, outputTokensPerSec: 100 }],
  };
  test("pasting a block past the last point adds rows", () =>
    on(onePoint, (wb) => {
      const block = ["4 3 300", "16 8 800"].map((line) => line.split(" "));
      wb.setPointBlock("skus[0].sweep", 1, ["concurrency", "rps", "outputTokensPerSec"], block);
      const points = wb.plan.skus[0]!.sweep!.points!;
      // concurrency, rps, output tokens/s of each point, as numbers
      expect(points.flatMap((p) => [p.concurrency, p.rps, p.outputTokensPerSec])).toEqual([
        1, 1, 100, 4, 3, 300, 16, 8, 800,
      ]);
    }));
  test("a formula yielding a negative peak RPS is an error on that field; a typed negative price is refused (docs/security.md)", () =>
    on(seed, (wb) => {
      const zh = (path: string) => localizeError(wb.cell(path).error!, "zh");
      wb.setCell("peak_rps", "=10 - 60");
      expect(wb.cell("workloads[0].peakRps")).toEqual(
        outOfRange("=peak_rps", "expected from 0 up to 1e9 (requests per second), got -50"),
      );
      // The error is a value, shown in the app's language (docs/problems.md).
      expect(zh("workloads[0].peakRps")).toBe("应在 0 至 1e9 之间（请求/秒），实际为 -50");
      expect(wb.computed().result.errors.map((e) => e.path)).toEqual(["workloads[0].peakRps"]);
      expect(wb.trust().level).toBe("error");
      // A plain number outside the range is refused like an unreadable entry: the plan keeps 20.
      const price = "skus[0].pricePerGpuHour";
      expect(wb.setNumber("cells.gpu_hour", "-1")).toBe(true);
      expect(wb.setNumber(price, "-3")).toBe(false);
      expect(wb.cell(price)).toEqual(
        outOfRange("-3", "expected from 0 up to 1e7 (CNY per GPU-hour), got -3"),
      );
      expect(zh(price)).toBe("应在 0 至 1e7 之间（CNY/GPU·小时），实际为 -3");
      // An unreadable entry and an empty required one, likewise (code formula.*).
      expect(wb.setNumber(price, "cheap")).toBe(false);
      expect(wb.cell(price).error!.message).toBe('"cheap" is not a number (formulas start with =)');
      expect(zh(price)).toBe('"cheap" 不是数字（公式以 = 开头）');
      expect(wb.setNumber(price, " ")).toBe(false);
      expect(zh(price)).toBe("此处需要填写值");
      const rejected = wb.trust().items.find((i) => i.kind === "rejected")!;
      expect(trustText(rejected, "zh")).toContain("此处需要填写值");
      // Renaming a cell to a reserved word or to a name in use is refused with a problem.
      expect(wb.renameCell("peak_rps", "max")).toBe(false);
      expect(zh("cells.peak_rps#name")).toBe(
        '"max" 是保留字（公式函数或关键字），不能用作单元格名',
      );
      expect(wb.renameCell("peak_rps", "gpu_hour")).toBe(false);
      expect(wb.cell("cells.peak_rps#name").error!.message).toBe('a cell named "gpu_hour" exists');
      expect(zh("cells.peak_rps#name")).toBe('已有名为 "gpu_hour" 的单元格');
      expect(wb.plan.skus[0]!.pricePerGpuHour).toBe("=gpu_hour");
    }));
  test("a number typed as $2.99, 50% or 1.5k is stored as the number and the cell keeps showing what was typed (docs/grid.md)", () =>
    on(seed, (wb) => {
      expect(wb.setCell("gpu_hour", "$2.99")).toBe(true);
      expect(wb.plan.cells!.gpu_hour).toBe(2.99);
      expect(wb.plan.display).toEqual({ "cells.gpu_hour": "$2.99" });
      expect(wb.cell("cells.gpu_hour")).toEqual(typedCell("$2.99", 2.99));
      // Formulas see the number: 15 replicas × 4 GPUs × 2.99 = 179.40 per hour.
      expect(costPerHour(wb)).toBeCloseTo(179.4, 9);
      wb.setCell("elasticity", "50%");
      expect([wb.plan.cells!.elasticity, wb.cell("cells.elasticity").typed]).toEqual([0.5, "50%"]);
      wb.setNumber("workloads[0].inputTokens", "1.5k");
      expect(wb.plan.workloads![0]!.inputTokens).toBe(1500);
      expect(wb.cell("workloads[0].inputTokens")).toEqual(typedCell("1.5k", 1500));
      // A plain number or a formula drops the typed text.
      wb.setCell("gpu_hour", "3");
      expect(wb.cell("cells.gpu_hour")).toEqual({ raw: "3", value: 3, error: null });
      expect(wb.plan.display).toEqual({
        "cells.elasticity": "50%",
        "workloads[0].inputTokens": "1.5k",
      });
      // A stale text that no longer reads as the stored number is ignored (after an undo, say).
      wb.undo();
      expect([wb.plan.cells!.gpu_hour, wb.cell("cells.gpu_hour").raw]).toEqual([2.99, "2.99"]);
    }));
});

describe("incremental workbook", () => {
  test("editing a cell recomputes replicas at once; number edits, a structural change, undo and redo all equal a fresh computation", () =>
    on(seed, (wb) => {
      // Each step, then the incremental result equals a fresh computation of the plan.
      const check = () => expect(wb.computed().result).toEqual(fresh(wb.snapshot()));
      const steps = (...edits: (() => unknown)[]) => {
        for (const edit of edits) {
          edit();
          check();
        }
      };
      expect(replicas(wb)).toBe(15);
      steps(() => wb.setCell("peak_rps", "100"));
      // Seed: 100 RPS × 300 ÷ 1,500 = 20 base replicas × 1.44 = 28.8 → 29.
      expect(replicas(wb)).toBe(29);
      steps(
        () => wb.setCell("gpu_hour", "=10 * 2.5"),
        () => wb.addSlo(),
        () => wb.setNumber("slo[0].maxMs", "5"),
        () => wb.undo(), // the SLO limit (a patch step)
        () => wb.undo(), // the added SLO (a whole-plan step)
        () => wb.undo(), // the formula
      );
      expect(wb.plan.cells!.gpu_hour).toBe(20);
      wb.redo();
      expect(wb.plan.cells!.gpu_hour).toBe("=10 * 2.5");
      check();
      wb.undo();
      wb.undo();
      expect(wb.snapshot()).toEqual(seed);
      check();
    }));

  test("a pasted block that edits numbers and adds a row is one undo step back to the exact plan", () =>
    on(seed, (wb) => {
      const before = wb.snapshot();
      const n = (wb.plan.skus[0]!.sweep as { points?: unknown[] } | undefined)?.points?.length ?? 0;
      if (n === 0) return;
      wb.setPointBlock("skus[0].sweep", n - 1, ["concurrency"], [["7"], ["9"]]);
      expect(wb.computed().result).toEqual(fresh(wb.snapshot()));
      wb.undo();
      expect(wb.snapshot()).toEqual(before);
      expect(wb.computed().result).toEqual(fresh(before));
    }));

  const bench = generatePlan();
  test("in the bench workbook a price edit gives the fresh result (50 SKUs, 2,000 teams)", () =>
    on(bench, (wb) => {
      wb.setNumber("skus[3].pricePerGpuHour", "7.25");
      const want = fresh(wb.snapshot());
      expect(wb.computed().result).toEqual(want);
      expect(wb.computed().result.skus[3]!.capacity?.costPerHour).toBe(
        want.skus[3]!.capacity?.costPerHour,
      );
      wb.undo();
      expect(wb.computed().result).toEqual(fresh(bench));
    }));
});
