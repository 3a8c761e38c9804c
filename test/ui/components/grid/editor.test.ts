import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createCellEditor } from "../../../../src/ui/components/grid/editor";
import { createSelection } from "../../../../src/ui/components/grid/selection";
import type { CellOwner } from "../../../../src/ui/components/grid/types";

function setup(opts: { readOnlyCol?: number; noCommit?: boolean; noPaste?: boolean } = {}) {
  const commits: string[] = [];
  const pastes: string[] = [];
  let focused = 0;
  const owner: CellOwner = {
    cell: (r, c) => ({ raw: `${r}${c}`, display: `${r}${c}`, readOnly: c === opts.readOnlyCol }),
    ...(opts.noCommit
      ? {}
      : { onCommit: (r: number, c: number, raw: string) => commits.push(`${r},${c}=${raw}`) }),
  };
  return createRoot(() => {
    const selection = createSelection({ rowCount: () => 3, colCount: () => 3 });
    const ed = createCellEditor({
      owner,
      selection,
      focusGrid: () => focused++,
      ...(opts.noPaste
        ? {}
        : {
            // What the grid pastes, and where: the block starts at the selection's top-left cell.
            pasteBlock: (text: string) => {
              const g = selection.range();
              pastes.push(`${g.r0},${g.c0}-${g.r1},${g.c1}:${text}`);
            },
          }),
    });
    return { selection, ed, commits, pastes, focused: () => focused };
  });
}

describe("createCellEditor", () => {
  it("starts on the active cell with its raw text, or with the key typed", () => {
    const g = setup();
    g.selection.select({ r: 1, c: 2 });
    g.ed.start();
    expect(g.ed.editing()).toEqual({ r: 1, c: 2, text: "12" });
    expect(g.ed.isEditing(1, 2)).toBe(true);
    expect(g.ed.isEditing(1, 1)).toBe(false);
    g.ed.start("=");
    expect(g.ed.editing()?.text).toBe("=");
  });

  it.each([
    [{ r: 1, c: 0 }, 2, 1],
    [{ r: -1, c: 0 }, 0, 1],
    [{ r: 0, c: 1 }, 1, 2],
    [null, 1, 1],
  ])("commits the new text and moves by %j to (%i, %i)", (move, r, c) => {
    const g = setup();
    g.selection.select({ r: 1, c: 1 });
    g.ed.start();
    g.ed.setText("42");
    g.ed.commit(move);
    expect(g.commits).toEqual(["1,1=42"]);
    expect(g.ed.editing()).toBeNull();
    expect(g.selection.sel()).toEqual({ r, c });
    expect(g.focused()).toBe(1);
  });

  it("an unchanged text and a cancel report nothing to the owner", () => {
    const g = setup();
    g.ed.start();
    g.ed.commit(null);
    g.ed.start();
    g.ed.setText("changed");
    g.ed.cancel();
    expect(g.commits).toEqual([]);
    expect(g.ed.editing()).toBeNull();
    expect(g.focused()).toBe(2);
  });

  it("never edits a read-only cell or a grid without onCommit", () => {
    const ro = setup({ readOnlyCol: 0 });
    ro.ed.start("5");
    expect(ro.ed.editing()).toBeNull();
    const view = setup({ noCommit: true });
    view.ed.start("5");
    expect(view.ed.editing()).toBeNull();
    // setText and commit with no edit open are no-ops.
    view.ed.setText("x");
    view.ed.commit({ r: 1, c: 0 });
    expect(view.selection.sel()).toEqual({ r: 0, c: 0 });
  });
});

describe("createCellEditor paste", () => {
  // The Teams usage grid's own labels: a block copied from a spreadsheet, pasted after a double click.
  const USAGE = "Team\tInput tok / day\tOutput tok / day\r\nsearch\t400,000,000\t100,000,000\r\n";
  it.each([
    ["a header row and a data row", USAGE],
    ["one row of two cells", "a\tb"],
    ["one column of two cells", "1\n2\n"],
  ])("%s is the grid's paste at the edited cell, the edit closed", (_, text) => {
    const g = setup();
    // A range from (2,2) whose active cell is (1,1), where the edit opens.
    g.selection.selectBlock({ r: 2, c: 2 }, { r: 1, c: 1 });
    g.ed.start();
    expect(g.ed.paste(text)).toBe(true);
    expect(g.ed.editing()).toBeNull();
    // The edited cell alone is the target (not the range around it), and the whole text goes to the grid.
    expect(g.pastes).toEqual([`1,1-1,1:${text}`]);
    expect(g.commits).toEqual([]);
  });

  it("keeps what was typed before the block: the edit is committed first", () => {
    const g = setup();
    g.selection.select({ r: 0, c: 1 });
    g.ed.start("x");
    expect(g.ed.paste("p\tq")).toBe(true);
    expect(g.commits).toEqual(["0,1=x"]);
    expect(g.pastes).toEqual(["0,1-0,1:p\tq"]);
  });

  it.each([
    ["one cell", "400,000,000"],
    ["one cell as Excel copies it, with a line break after it", "400,000,000\r\n"],
    ["one quoted cell holding a line break", '"chat\nbot"'],
    ["nothing", ""],
  ])("%s stays text of the edited cell", (_, text) => {
    const g = setup();
    g.ed.start();
    expect(g.ed.paste(text)).toBe(false);
    expect(g.ed.editing()).not.toBeNull();
    expect(g.pastes).toEqual([]);
  });

  it("without an open edit or a grid paste, a block is left alone", () => {
    const closed = setup();
    expect(closed.ed.paste("a\tb")).toBe(false);
    expect(closed.pastes).toEqual([]);
    const noGrid = setup({ noPaste: true });
    noGrid.ed.start();
    expect(noGrid.ed.paste("a\tb")).toBe(false);
    expect(noGrid.ed.editing()).not.toBeNull();
  });
});
