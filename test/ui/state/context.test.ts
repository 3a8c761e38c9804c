import { createComponent, createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { useWorkbook, WorkbookContext } from "../../../src/ui/state/context";
import { emptyPlan } from "../../../src/ui/state/plan-edit";
import { createWorkbook } from "../../../src/ui/state/workbook";

describe("useWorkbook", () => {
  it("is the workbook of the enclosing provider", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(emptyPlan("t"));
      let seen: unknown = null;
      createComponent(WorkbookContext.Provider, {
        value: wb,
        get children() {
          seen = useWorkbook();
          return null;
        },
      });
      expect(seen).toBe(wb);
      dispose();
    }));

  it("outside a provider is a programmer error that says so", () =>
    createRoot((dispose) => {
      expect(() => useWorkbook()).toThrow("useWorkbook outside WorkbookContext.Provider");
      dispose();
    }));
});
