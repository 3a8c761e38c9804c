import { describe, expect, it } from "vitest";
import { OVERSCAN, VIRTUAL_FROM, visibleRows } from "../../src/ui/components/virtual-rows";

// Virtual rows of a long grid (docs/grid.md): the rows in the viewport plus an overscan each side.
describe("visibleRows", () => {
  it("renders the first screen plus the overscan at the top", () => {
    // 600 px of 25 px rows = rows 0..23; +10 overscan below = end 34; nothing above row 0.
    expect(visibleRows(2000, 0, 600, 25)).toEqual({ start: 0, end: 34 });
  });
  it("renders the rows around the scroll position", () => {
    // scrollTop 25,000 / 25 = row 1000 first; (25,000 + 600) / 25 = 1024 last; ±10.
    expect(visibleRows(2000, 25_000, 600, 25)).toEqual({ start: 990, end: 1034 });
    // A partly scrolled row (scrollTop 1,010 → row 40.4) still counts: first 40, last ceil(64.4) = 65.
    expect(visibleRows(2000, 1010, 600, 25, 0)).toEqual({ start: 40, end: 65 });
  });
  it("stops at the last row when scrolled to the end", () => {
    // 2,001 rows (teams and "+") of 25 px = 50,025 px; scrolled to 49,425 shows rows 1977..2000.
    expect(visibleRows(2001, 49_425, 600, 25)).toEqual({ start: 1967, end: 2001 });
    expect(visibleRows(2001, 99_999, 600, 25)).toEqual({ start: 2001, end: 2001 });
  });
  it("takes a measured row height and guards against nonsense", () => {
    expect(visibleRows(500, 300, 300, 30, 2)).toEqual({ start: 8, end: 22 });
    // A zero height (not measured yet) falls back to 25 px; a negative scroll is the top.
    expect(visibleRows(500, -40, 100, 0, 0)).toEqual({ start: 0, end: 4 });
    expect(visibleRows(3, 0, 600, 25)).toEqual({ start: 0, end: 3 });
  });
  it("keeps small grids whole and the overscan modest", () => {
    expect(VIRTUAL_FROM).toBe(200);
    expect(OVERSCAN).toBe(10);
  });
});
