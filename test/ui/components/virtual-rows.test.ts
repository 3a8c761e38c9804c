import { describe, expect, it } from "vitest";
import { OVERSCAN, VIRTUAL_FROM, visibleRows } from "../../../src/ui/components/virtual-rows";

// Virtual rows of a long grid (docs/grid.md): the rows in the viewport plus an overscan each side.
describe("visibleRows", () => {
  it.each([
    // 600 px of 25 px rows = rows 0..23; +10 overscan below = end 34; nothing above row 0.
    ["the first screen", [2000, 0, 600, 25], 0, 34],
    // scrollTop 25,000 / 25 = row 1000 first; (25,000 + 600) / 25 = 1024 last; ±10.
    ["around the scroll position", [2000, 25_000, 600, 25], 990, 1034],
    // A partly scrolled row (scrollTop 1,010 → row 40.4) still counts: first 40, last ceil(64.4) = 65.
    ["a partly scrolled row", [2000, 1010, 600, 25, 0], 40, 65],
    // 2,001 rows (teams and "+") of 25 px = 50,025 px; scrolled to 49,425 shows rows 1977..2000.
    ["the end", [2001, 49_425, 600, 25], 1967, 2001],
    ["past the end", [2001, 99_999, 600, 25], 2001, 2001],
    ["a measured row height", [500, 300, 300, 30, 2], 8, 22],
    // A zero height (not measured yet) falls back to 25 px; a negative scroll is the top.
    ["no height yet, negative scroll", [500, -40, 100, 0, 0], 0, 4],
    ["a small grid", [3, 0, 600, 25], 0, 3],
  ] as const)("renders %s", (_, args, start, end) => {
    expect(visibleRows(...(args as unknown as Parameters<typeof visibleRows>))).toEqual({
      start,
      end,
    });
  });
  it("keeps small grids whole and the overscan modest", () => {
    expect([VIRTUAL_FROM, OVERSCAN]).toEqual([200, 10]);
  });
});
