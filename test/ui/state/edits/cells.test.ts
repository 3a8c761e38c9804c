import { describe, expect, it } from "vitest";
import { emptyPlan } from "../../../../src/ui/state/plan-edit";
import { withWorkbook } from "./workbook-root";

/** An empty plan without the starter cells, so each test sees only its own. */
const bare = () => ({ ...emptyPlan("t"), cells: {} });

describe("cellEdits", () => {
  it("setCell writes a number or a formula and refuses a mistyped one", () =>
    withWorkbook((wb) => {
      expect(wb.setCell("peak", "120")).toBe(true);
      expect(wb.setCell("half", "=peak / 2")).toBe(true);
      expect(wb.plan.cells).toEqual({ peak: 120, half: "=peak / 2" });
      expect(wb.setCell("peak", "12o")).toBe(false);
      expect(wb.plan.cells!.peak).toBe(120);
      expect(wb.cell("cells.peak").raw).toBe("12o");
    }, bare()));

  it.each([
    ["peak", "busiest", true, ["busiest", "other"]],
    ["peak", "peak", true, ["peak", "other"]],
    ["peak", "other", false, ["peak", "other"]],
    ["peak", "1st", false, ["peak", "other"]],
  ])("renameCell %s → %s: %s", (from, to, ok, names) =>
    withWorkbook((wb) => {
      wb.setCell("peak", "1");
      wb.setCell("other", "2");
      expect(wb.renameCell(from, to)).toBe(ok);
      expect(Object.keys(wb.plan.cells ?? {})).toEqual(names);
      // A refused name is kept where it was typed, with its reason.
      const rejected = wb.rejections().map((r) => r.path);
      expect(rejected).toEqual(ok ? [] : ["cells.peak#name"]);
    }, bare()),
  );

  it("removeCell deletes the cell as one undo step", () =>
    withWorkbook((wb) => {
      wb.setCell("peak", "1");
      wb.removeCell("peak");
      expect(wb.plan.cells).toEqual({});
      wb.undo();
      expect(wb.plan.cells).toEqual({ peak: 1 });
    }, bare()));
});
