/** The workbook's undo history (src/ui/state/plan-history.ts through createWorkbook). */
import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import type { PlanFile, Sweep } from "../../../src/engine/base/types";
import { setAtPath } from "../../../src/engine/plan/plan-path";
import { createPlanHistory, type PlanPatch } from "../../../src/ui/state/plan-history";
import { createWorkbook, HISTORY_LIMIT } from "../../../src/ui/state/workbook";
import { seed } from "./bench-plan";

describe("undo history of the workbook", () => {
  test("edits, a pasted block and a load are one step each; undo and redo walk them", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      expect(wb.canUndo()).toBe(false);
      wb.setCell("peak_rps", "100");
      // Three rows of team, pool, input and output tokens.
      const block = ["a 70b 1 2", "b 70b 3 4", "c 70b 5 6"].map((r) => r.split(" "));
      wb.setUsageBlock(0, 0, block);
      expect(wb.plan.tenants!.usage.map((u) => u.team)).toEqual(["a", "b", "c"]);
      wb.undo();
      expect(wb.plan.tenants!.usage.map((u) => u.team)).toEqual(["search", "support"]);
      expect(wb.plan.cells!.peak_rps).toBe(100);
      wb.undo();
      expect(wb.plan.cells!.peak_rps).toBe(50);
      expect(wb.computed().result.skus[0]!.capacity?.replicas).toBe(15);
      expect(wb.canUndo()).toBe(false);
      wb.redo();
      wb.redo();
      expect(wb.plan.tenants!.usage).toHaveLength(3);
      expect(wb.canRedo()).toBe(false);
      wb.load({ ...structuredClone(seed), title: "other" });
      wb.undo();
      expect(wb.plan.title).toBe(seed.title);
      dispose();
    }));
  test("a rejected entry is not a step, a new edit clears redo, and the history is capped", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      wb.setCell("gpu_hour", "twenty");
      expect(wb.canUndo()).toBe(false);
      wb.setCell("gpu_hour", "10");
      wb.undo();
      wb.setCell("gpu_hour", "11");
      expect(wb.canRedo()).toBe(false);
      for (let i = 0; i < HISTORY_LIMIT + 20; i++) wb.setCell("gpu_hour", String(i));
      let steps = 0;
      while (wb.canUndo()) {
        wb.undo();
        steps++;
      }
      expect(steps).toBe(HISTORY_LIMIT);
      dispose();
    }));
  test("undo of an import removes its SKUs; reset forgets the history", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      const sweep: Sweep = {
        label: "x",
        meta: { gpu: "L40S", model: null, engine: null, gpuCount: 1, date: null },
        source: { files: ["x.json"], format: "vllm" },
        points: [{ concurrency: 1, requestRate: null, rps: 1, outputTokensPerSec: 100 }],
        warnings: [],
      };
      wb.addSweeps([sweep]);
      expect(wb.plan.skus).toHaveLength(2);
      wb.undo();
      expect(wb.plan.skus).toHaveLength(1);
      wb.redo();
      wb.reset(seed);
      expect(wb.canUndo() || wb.canRedo()).toBe(false);
      dispose();
    }));
});

describe("createPlanHistory on its own", () => {
  // A plain object as the store: the history only reads it, restores it and applies patches.
  const target = (initial: PlanFile) => {
    let plan = structuredClone(initial);
    return {
      get plan() {
        return plan;
      },
      set(path: string, v: number | string) {
        setAtPath(plan, path, v);
      },
      current: () => plan,
      restore: (p: PlanFile) => void (plan = structuredClone(p)),
      applyPatches: (list: readonly PlanPatch[], back: boolean) => {
        for (const x of back ? [...list].reverse() : list)
          setAtPath(plan, x.path, back ? x.before : x.after);
      },
    };
  };

  test("number patches then a structural change in one group undo to the plan before the group, exactly", () =>
    createRoot((dispose) => {
      const t = target(seed);
      const h = createPlanHistory(t);
      const before = structuredClone(t.plan);
      h.group(() => {
        h.record({ path: "cells.peak_rps", before: 50, after: 60 });
        t.set("cells.peak_rps", 60);
        h.record({ path: "cells.peak_rps", before: 60, after: 70 });
        t.set("cells.peak_rps", 70);
        h.record();
        t.plan.title = "changed";
      });
      expect(h.canUndo()).toBe(true);
      h.undo();
      expect(t.plan).toEqual(before);
      h.redo();
      expect(t.plan.title).toBe("changed");
      expect(t.plan.cells?.peak_rps).toBe(70);
      dispose();
    }));

  test("a group that records nothing is no step; the limit drops the oldest steps", () =>
    createRoot((dispose) => {
      const t = target(seed);
      const h = createPlanHistory(t, 3);
      h.group(() => undefined);
      expect(h.canUndo()).toBe(false);
      for (let i = 1; i <= 5; i++)
        h.group(() => {
          h.record({ path: "cells.peak_rps", before: t.plan.cells!.peak_rps!, after: i });
          t.set("cells.peak_rps", i);
        });
      let undos = 0;
      while (h.canUndo()) {
        h.undo();
        undos++;
      }
      expect(undos).toBe(3);
      expect(t.plan.cells?.peak_rps).toBe(2);
      dispose();
    }));
});
