/**
 * src/ui/state/formula-engine.ts and the workbook's wait for it: in the app mathjs and the
 * catalogues are lazy chunks, so until they are in the workbook evaluates nothing (a placeholder
 * with no SKU), and the edits made meanwhile reach the engine when it is built. The readiness
 * signal is replaced here by one the test controls (in Node the real one is ready from the start).
 *
 * vitest-isolate: it needs a module graph of its own (vite.config.ts), where mathjs is not yet loaded.
 */
import { readFileSync } from "node:fs";
import { createRoot, createSignal } from "solid-js";
import { describe, expect, test, vi } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";

const gate = vi.hoisted(() => ({ ready: (() => true) as () => boolean, set: (_: boolean) => {} }));
vi.mock("../../../src/ui/state/formula-engine", () => ({
  formulasReady: () => gate.ready(),
  formulaEngineFailure: () => null,
  startFormulaEngine: async () => undefined,
}));

const { createWorkbook } = await import("../../../src/ui/state/workbook");

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;

describe("formulasReady (the workbook waits for the lazy formula engine)", () => {
  test("before: a placeholder result; edits meanwhile are applied once it is ready", () =>
    createRoot((dispose) => {
      const [ready, setReady] = createSignal(false);
      gate.ready = ready;
      const wb = createWorkbook(seed);
      // Nothing evaluated: the placeholder has no SKU and no workload.
      expect(wb.computed().result.skus).toEqual([]);
      expect(wb.computed().result.workloads).toEqual([]);
      // 100 RPS × 300 ÷ 1,500 = 20 base replicas × 1.44 = 28.8 → 29 (as in workbook.test.ts).
      wb.setCell("peak_rps", "100");
      expect(wb.computed().result.skus).toEqual([]);
      setReady(true);
      expect(wb.computed().result.skus[0]!.capacity?.replicas).toBe(29);
      // And the engine keeps taking edits: 50 RPS → 10 base replicas × 1.44 = 14.4 → 15.
      wb.setCell("peak_rps", "50");
      expect(wb.computed().result.skus[0]!.capacity?.replicas).toBe(15);
      dispose();
    }));
  test("ready from the start: evaluated at once", () =>
    createRoot((dispose) => {
      gate.ready = () => true;
      const wb = createWorkbook(seed);
      expect(wb.computed().result.skus[0]!.capacity?.replicas).toBe(15);
      dispose();
    }));
  test("the real module is ready at once in Node (mathjs and the catalogues are static there)", async () => {
    const real = await vi.importActual<typeof import("../../../src/ui/state/formula-engine")>(
      "../../../src/ui/state/formula-engine",
    );
    expect(real.formulasReady()).toBe(true);
    await real.startFormulaEngine();
    expect(real.formulasReady()).toBe(true);
    expect(real.formulaEngineFailure()).toBeNull();
  });
});
