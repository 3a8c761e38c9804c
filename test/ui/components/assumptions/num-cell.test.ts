/** A number cell of the Assumptions sheet: as typed or at its digits, a formula explained. */
import { beforeEach, describe, expect, it } from "vitest";
import { numCell } from "../../../../src/ui/components/assumptions/num-cell";
import { setLang } from "../../../../src/ui/state/i18n";
import type { Workbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

beforeEach(() => setLang("en"));
const inRoot = (body: (wb: Workbook) => void) => withWorkbook(body, seed);
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
