/** A number cell of the Assumptions sheet: as typed or at its digits, a formula explained. */
import { readFileSync } from "node:fs";
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import { numCell } from "../../../../src/ui/components/assumptions/num-cell";
import { setLang } from "../../../../src/ui/state/i18n";
import { createWorkbook, type Workbook } from "../../../../src/ui/state/workbook";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;
const inRoot = (body: (wb: Workbook) => void) =>
  createRoot((dispose) => {
    setLang("en");
    body(createWorkbook(seed));
    dispose();
  });
describe("numCell", () => {
  it("shows a value at its digits and explains a formula with its values", () =>
    inRoot((wb) => {
      expect(numCell(wb, "cells.gpu_hour")).toMatchObject({ raw: "20", display: "20" });
      const f = numCell(wb, "factors.elasticity");
      expect(f.raw).toBe("=elasticity");
      expect(f.display).toBe("1.2");
      expect(f.note).toContain("1.2");
      expect(numCell(wb, "cells.gpu_hour").note).toBeUndefined();
    }));
});
