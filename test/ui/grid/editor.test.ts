import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createCellEditor } from "../../../src/ui/components/grid/editor";
import { createSelection } from "../../../src/ui/components/grid/selection";
import type { CellOwner } from "../../../src/ui/components/grid/types";

function setup(opts: { readOnlyCol?: number; noCommit?: boolean } = {}) {
  const commits: string[] = [];
  let focused = 0;
  const owner: CellOwner = {
    cell: (r, c) => ({ raw: `${r}${c}`, display: `${r}${c}`, readOnly: c === opts.readOnlyCol }),
    ...(opts.noCommit
      ? {}
      : { onCommit: (r: number, c: number, raw: string) => commits.push(`${r},${c}=${raw}`) }),
  };
  return createRoot(() => {
    const selection = createSelection({ rowCount: () => 3, colCount: () => 3 });
    const ed = createCellEditor({ owner, selection, focusGrid: () => focused++ });
    return { selection, ed, commits, focused: () => focused };
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
    [
      { r: 1, c: 0 },
      { r: 2, c: 1 },
    ],
    [
      { r: -1, c: 0 },
      { r: 0, c: 1 },
    ],
    [
      { r: 0, c: 1 },
      { r: 1, c: 2 },
    ],
    [null, { r: 1, c: 1 }],
  ])("commits the new text and moves by %j to %j", (move, want) => {
    const g = setup();
    g.selection.select({ r: 1, c: 1 });
    g.ed.start();
    g.ed.setText("42");
    g.ed.commit(move);
    expect(g.commits).toEqual(["1,1=42"]);
    expect(g.ed.editing()).toBeNull();
    expect(g.selection.sel()).toEqual(want);
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
