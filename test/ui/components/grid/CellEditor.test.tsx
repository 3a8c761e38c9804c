import { fireEvent, render, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { CellEditorInput } from "../../../../src/ui/components/grid/CellEditor";
import { createCellEditor } from "../../../../src/ui/components/grid/editor";
import { createSelection } from "../../../../src/ui/components/grid/selection";
import "../../render-workbook";

/** The editor open on cell (1, 1) of a 3 × 3 grid whose raw texts are "rc". */
function open() {
  const commits: string[] = [];
  const state = {
    ed: null as ReturnType<typeof createCellEditor> | null,
    sel: null as ReturnType<typeof createSelection> | null,
  };
  render(() => {
    const sel = createSelection({ rowCount: () => 3, colCount: () => 3 });
    const ed = createCellEditor({
      owner: {
        cell: (r, c) => ({ raw: `${r}${c}`, display: "" }),
        onCommit: (r, c, raw) => commits.push(`${r},${c}=${raw}`),
      },
      selection: sel,
      focusGrid: () => {},
    });
    sel.select({ r: 1, c: 1 });
    ed.start();
    Object.assign(state, { ed, sel });
    return <CellEditorInput editor={ed} label="H100 · Req/s" />;
  });
  const input = screen.getByTestId("cell-editor") as HTMLInputElement;
  return { commits, input, ...state } as {
    commits: string[];
    input: HTMLInputElement;
    ed: ReturnType<typeof createCellEditor>;
    sel: ReturnType<typeof createSelection>;
  };
}

describe("CellEditorInput", () => {
  it.each([
    ["Enter", false, 2, 1],
    ["Enter", true, 0, 1],
    ["Tab", false, 1, 2],
    ["Tab", true, 1, 0],
  ] as const)("%s (Shift %s) commits the typed text and moves to (%i, %i)", (k, shiftKey, r, c) => {
    const { commits, input, sel } = open();
    expect([input.value, input.getAttribute("aria-label")]).toEqual(["11", "H100 · Req/s"]);
    fireEvent.input(input, { target: { value: "=2*3" } });
    fireEvent.keyDown(input, { key: k, shiftKey });
    expect(commits).toEqual(["1,1==2*3"]);
    expect(sel.sel()).toEqual({ r, c });
  });
  it("Escape drops the typed text", () => {
    const { commits, input, ed } = open();
    fireEvent.input(input, { target: { value: "x" } });
    fireEvent.keyDown(input, { key: "Escape" });
    expect([commits, ed.editing()]).toEqual([[], null]);
  });
});
