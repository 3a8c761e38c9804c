import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import {
  createGridKeys,
  dataEnd,
  edge,
  type Extent,
} from "../../../../src/ui/components/grid/keyboard";
import { createSelection } from "../../../../src/ui/components/grid/selection";

/** A grid from a picture: "x" is a filled cell, "." an empty one. */
function extent(...lines: string[]): Extent {
  return {
    rows: lines.length,
    cols: lines[0]!.length,
    filled: (p) => lines[p.r]?.[p.c] === "x",
  };
}

describe("edge", () => {
  const row = extent("xxx..x.");
  const right = { r: 0, c: 1 };
  it.each([
    [0, 2], // inside a run: to its last filled cell
    [2, 5], // at the end of a run: over the gap to the next filled cell
    [5, 6], // no filled cell after: to the edge
    [6, 6], // already at the edge: stays
  ])("Ctrl+Right from column %i goes to column %i", (from, to) => {
    expect(edge(row, { r: 0, c: from }, { r: 0, c: 0 + right.c })).toEqual({ r: 0, c: to });
  });
  it("works down a column and from an empty cell", () => {
    const col = extent(".", ".", "x", "x", ".");
    expect(edge(col, { r: 0, c: 0 }, { r: 1, c: 0 })).toEqual({ r: 2, c: 0 });
    expect(edge(col, { r: 2, c: 0 }, { r: 1, c: 0 })).toEqual({ r: 3, c: 0 });
    expect(edge(col, { r: 3, c: 0 }, { r: 1, c: 0 })).toEqual({ r: 4, c: 0 });
    expect(edge(col, { r: 4, c: 0 }, { r: -1, c: 0 })).toEqual({ r: 3, c: 0 });
  });
});

describe("dataEnd", () => {
  it.each([
    [["x..", "...", "..."], { r: 0, c: 0 }],
    [["x..", "..x", "...", "x.."], { r: 3, c: 2 }],
    [["...", "..."], { r: 0, c: 0 }],
  ])("the last row and column with data of %j is %j", (lines, want) => {
    expect(dataEnd(extent(...lines))).toEqual(want);
  });
});

/** A keydown as the grid sees it, recording preventDefault. */
function key(k: string, mods: Partial<KeyboardEvent> = {}) {
  const e = { key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods };
  let prevented = false;
  return {
    event: { ...e, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent,
    prevented: () => prevented,
  };
}

function setup(opts: { editing?: boolean; editable?: boolean } = {}) {
  const calls: string[] = [];
  return createRoot(() => {
    const selection = createSelection({ rowCount: () => 20, colCount: () => 4 });
    const onKey = createGridKeys({
      selection,
      extent: () => extent(...Array.from({ length: 20 }, (_, r) => (r < 6 ? "xxx." : "...."))),
      pageRows: () => 7,
      editing: () => opts.editing ?? false,
      editable: () => opts.editable ?? true,
      startEdit: (t) => calls.push(`edit:${t ?? ""}`),
      clearRange: () => calls.push("clear"),
      fillDown: () => calls.push("fill"),
    });
    const press = (k: string, mods: Partial<KeyboardEvent> = {}) => {
      const e = key(k, mods);
      onKey(e.event);
      return e.prevented();
    };
    return { selection, press, calls };
  });
}

describe("createGridKeys", () => {
  it.each([
    ["ArrowDown", {}, { r: 1, c: 0 }],
    ["ArrowRight", {}, { r: 0, c: 1 }],
    ["ArrowDown", { ctrlKey: true }, { r: 5, c: 0 }],
    ["ArrowRight", { metaKey: true }, { r: 0, c: 2 }],
    ["End", {}, { r: 0, c: 3 }],
    ["End", { ctrlKey: true }, { r: 5, c: 2 }],
    ["PageDown", {}, { r: 7, c: 0 }],
    ["Tab", {}, { r: 0, c: 1 }],
  ])("%s %j moves to %j", (k, mods, want) => {
    const g = setup();
    expect(g.press(k, mods)).toBe(true);
    expect(g.selection.sel()).toEqual(want);
  });

  it("Shift extends, Home and Ctrl+Home return, PageUp stops at the top", () => {
    const g = setup();
    g.press("ArrowDown", { shiftKey: true });
    g.press("ArrowRight", { shiftKey: true });
    expect(g.selection.range()).toEqual({ r0: 0, r1: 1, c0: 0, c1: 1 });
    g.press("Home");
    expect(g.selection.sel()).toEqual({ r: 1, c: 0 });
    g.press("PageUp");
    expect(g.selection.sel()).toEqual({ r: 0, c: 0 });
    g.press("ArrowDown", { ctrlKey: true });
    g.press("Home", { ctrlKey: true });
    expect(g.selection.sel()).toEqual({ r: 0, c: 0 });
  });

  it("Tab at the last column and Shift+Tab at the first leave the grid (not prevented)", () => {
    const g = setup();
    expect(g.press("Tab", { shiftKey: true })).toBe(false);
    g.press("End");
    expect(g.press("Tab")).toBe(false);
    expect(g.press("Tab", { shiftKey: true })).toBe(true);
    // Shift+Tab moves, never extends the selection.
    expect(g.selection.range()).toEqual({ r0: 0, r1: 0, c0: 2, c1: 2 });
  });

  it("Ctrl+A selects all; Ctrl+D fills; Delete clears; Enter, F2 and typing edit", () => {
    const g = setup();
    g.press("a", { ctrlKey: true });
    expect(g.selection.range()).toEqual({ r0: 0, r1: 19, c0: 0, c1: 3 });
    g.press("D", { metaKey: true });
    g.press("Delete");
    g.press("Backspace");
    g.press("Enter");
    g.press("F2");
    g.press("7");
    expect(g.calls).toEqual(["fill", "clear", "clear", "edit:", "edit:", "edit:7"]);
  });

  it("keeps its hands off while editing, on Alt chords and on a read-only grid's Delete", () => {
    expect(setup({ editing: true }).press("ArrowDown")).toBe(false);
    const g = setup({ editable: false });
    expect(g.press("Delete")).toBe(false);
    expect(g.press("a", { altKey: true })).toBe(false);
    expect(g.press("Shift")).toBe(false);
    expect(g.calls).toEqual([]);
  });
});
