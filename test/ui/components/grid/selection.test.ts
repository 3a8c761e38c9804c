import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createSelection } from "../../../../src/ui/components/grid/selection";
import type { Pos } from "../../../../src/ui/components/grid/types";

/** A 5 × 3 grid's selection, with the owner's onSelect and reveal calls recorded. */
function setup(rows = 5, cols = 3) {
  const told: [number, number][] = [];
  const revealed: Pos[] = [];
  const s = createRoot(() =>
    createSelection({
      rowCount: () => rows,
      colCount: () => cols,
      onSelect: (r, c) => told.push([r, c]),
      reveal: (p) => revealed.push(p),
    }),
  );
  return { s, told, revealed };
}

describe("createSelection", () => {
  it("starts at A1 with a one-cell range", () => {
    const { s } = setup();
    expect(s.sel()).toEqual({ r: 0, c: 0 });
    expect(s.range()).toEqual({ r0: 0, r1: 0, c0: 0, c1: 0 });
    expect(s.isActive(0, 0)).toBe(true);
  });

  it.each([
    [2, 1, 2, 1],
    [-3, 1, 0, 1],
    [9, 9, 4, 2],
    [1, -1, 1, 0],
  ])("select(%i, %i) lands on (%i, %i), clamped to the grid", (r, c, r1, c1) => {
    const { s, told, revealed } = setup();
    const want = { r: r1, c: c1 };
    s.select({ r, c });
    expect(s.sel()).toEqual(want);
    expect(s.anchor()).toEqual(want);
    expect(told).toEqual([[want.r, want.c]]);
    expect(revealed).toEqual([want]);
  });

  it("extending keeps the anchor and spans the rectangle in either direction", () => {
    const { s } = setup();
    s.select({ r: 3, c: 2 });
    s.select({ r: 1, c: 0 }, true);
    expect(s.anchor()).toEqual({ r: 3, c: 2 });
    expect(s.range()).toEqual({ r0: 1, r1: 3, c0: 0, c1: 2 });
    expect(s.inRange(2, 1)).toBe(true);
    expect(s.inRange(0, 1)).toBe(false);
    expect(s.inRange(4, 2)).toBe(false);
    expect(s.isActive(1, 0)).toBe(true);
    expect(s.isActive(3, 2)).toBe(false);
  });

  it("select-all and a pasted block select without telling the owner", () => {
    const { s, told } = setup();
    s.selectAll();
    expect(s.range()).toEqual({ r0: 0, r1: 4, c0: 0, c1: 2 });
    s.selectBlock({ r: 1, c: 1 }, { r: 7, c: 7 });
    expect(s.range()).toEqual({ r0: 1, r1: 4, c0: 1, c1: 2 });
    expect(told).toEqual([]);
  });
});
