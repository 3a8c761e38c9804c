/** The named-cells grid: rows, cells (as typed, formula result), add, rename and remove. */
import { beforeEach, describe, expect, it } from "vitest";
import {
  commitNamedCell,
  namedCell,
  namedCellRows,
} from "../../../../src/ui/components/assumptions/named-cells";
import { setLang } from "../../../../src/ui/state/i18n";
import type { Workbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

beforeEach(() => setLang("en"));
const inRoot = (body: (wb: Workbook) => void) => withWorkbook(body, seed);
const names = (wb: Workbook) => Object.keys(wb.plan.cells ?? {});

describe("namedCellRows", () => {
  it("one row per name, then +", () =>
    expect(namedCellRows(["a", "b"])).toEqual([
      { key: "a", label: "a" },
      { key: "b", label: "b" },
      { key: "__new", label: "+" },
    ]));
});

describe("namedCell", () => {
  it("shows the name, the value as typed and the result", () =>
    inRoot((wb) => {
      const n = names(wb);
      const r = n.indexOf("peak_rps");
      expect(namedCell(wb, n, r, 0)).toMatchObject({ raw: "peak_rps", class: "name" });
      expect(namedCell(wb, n, r, 1)).toMatchObject({ raw: "50", display: "50" });
      expect(namedCell(wb, n, r, 2)).toMatchObject({ display: "50", readOnly: true });
    }));
  it("the + row is blank, with a hint under its name and its result read-only", () =>
    inRoot((wb) => {
      const n = names(wb);
      expect(namedCell(wb, n, n.length, 0).note).toBeTruthy();
      expect(namedCell(wb, n, n.length, 1)).toEqual({ raw: "", display: "", readOnly: false });
      expect(namedCell(wb, n, n.length, 2)).toEqual({ raw: "", display: "", readOnly: true });
    }));
  it("a formula error shows in the value cell and leaves the result empty", () =>
    inRoot((wb) => {
      commitNamedCell(wb, names(wb), names(wb).indexOf("gpu_hour"), 1, "=nope*2");
      const n = names(wb);
      expect(namedCell(wb, n, n.indexOf("gpu_hour"), 1).error).not.toBeNull();
      expect(namedCell(wb, n, n.indexOf("gpu_hour"), 2).display).toBe("");
    }));
});

describe("commitNamedCell", () => {
  it("adds a cell at 0 from the + row, renames, sets and removes", () =>
    inRoot((wb) => {
      commitNamedCell(wb, names(wb), names(wb).length, 0, " spare ");
      expect(wb.plan.cells?.spare).toBe(0);
      commitNamedCell(wb, names(wb), names(wb).indexOf("spare"), 0, "headroom");
      expect(names(wb)).toContain("headroom");
      expect(names(wb)).not.toContain("spare");
      commitNamedCell(wb, names(wb), names(wb).indexOf("headroom"), 1, "3");
      expect(wb.cell("cells.headroom").value).toBe(3);
      commitNamedCell(wb, names(wb), names(wb).indexOf("headroom"), 0, " ");
      expect(names(wb)).not.toContain("headroom");
      commitNamedCell(wb, names(wb), names(wb).length, 0, "  ");
      expect(names(wb)).toHaveLength(Object.keys(seed.cells!).length);
    }));
});
