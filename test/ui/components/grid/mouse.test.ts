import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createCellEditor } from "../../../../src/ui/components/grid/editor";
import { createMouseSelect, DRAG_THRESHOLD } from "../../../../src/ui/components/grid/mouse";
import { createSelection } from "../../../../src/ui/components/grid/selection";

function setup() {
  const commits: string[] = [];
  return createRoot(() => {
    const selection = createSelection({ rowCount: () => 10, colCount: () => 5 });
    const editor = createCellEditor({
      owner: {
        cell: () => ({ raw: "", display: "" }),
        onCommit: (r, c, raw) => commits.push(`${r},${c}=${raw}`),
      },
      selection,
      focusGrid: () => undefined,
    });
    const mouse = createMouseSelect(selection, editor, () => undefined);
    return { selection, editor, mouse, commits };
  });
}
const press = (x: number, y: number, shiftKey = false, button = 0) => ({
  clientX: x,
  clientY: y,
  button,
  shiftKey,
});
const moveTo = (x: number, y: number, buttons = 1) => ({ clientX: x, clientY: y, buttons });

describe("createMouseSelect", () => {
  it("a click selects; Shift+click extends from the anchor", () => {
    const g = setup();
    expect(g.mouse.down(2, 1, press(0, 0))).toBe(true);
    g.mouse.release();
    g.mouse.down(4, 3, press(0, 0, true));
    expect(g.selection.range()).toEqual({ r0: 2, r1: 4, c0: 1, c1: 3 });
  });

  it(`a drag extends only once the pointer moved ${DRAG_THRESHOLD} px`, () => {
    const g = setup();
    g.mouse.down(1, 1, press(100, 100));
    g.mouse.move(2, 1, moveTo(100, 102));
    expect(g.selection.sel()).toEqual({ r: 1, c: 1 });
    g.mouse.move(3, 2, moveTo(100, 100 + DRAG_THRESHOLD));
    expect(g.selection.range()).toEqual({ r0: 1, r1: 3, c0: 1, c1: 2 });
    // After the button is released (seen on a move with no button down) nothing extends.
    g.mouse.move(5, 4, moveTo(200, 200, 0));
    g.mouse.move(6, 4, moveTo(300, 300));
    expect(g.selection.sel()).toEqual({ r: 3, c: 2 });
  });

  it("ignores other buttons and the cell being edited; a click elsewhere commits the edit", () => {
    const g = setup();
    expect(g.mouse.down(3, 3, press(0, 0, false, 2))).toBe(false);
    g.editor.start("7");
    expect(g.mouse.down(0, 0, press(0, 0))).toBe(false);
    expect(g.mouse.down(5, 0, press(0, 0))).toBe(true);
    expect(g.commits).toEqual(["0,0=7"]);
    expect(g.selection.sel()).toEqual({ r: 5, c: 0 });
  });
});
