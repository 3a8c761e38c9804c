import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createGridClipboard } from "../../../../src/ui/components/grid/clipboard";
import { createSelection } from "../../../../src/ui/components/grid/selection";
import type { CellOwner, CellView } from "../../../../src/ui/components/grid/types";

/** A 4 × 3 sheet of raw texts; column 2 is read-only and shows "<raw>!". */
function setup(opts: { blocks?: boolean; editing?: boolean } = {}) {
  // Rows of cells, "|" between cells.
  const data = ["1|=A1*2|x", "2||y", "||z", "4|5|w"].map((row) => row.split("|"));
  const commits: string[] = [];
  const blocks: string[] = [];
  const owner: CellOwner = {
    cell: (r, c): CellView =>
      c === 2
        ? { raw: data[r]![c]!, display: `${data[r]![c]}!`, readOnly: true }
        : { raw: data[r]![c]!, display: data[r]![c]! },
    onCommit: (r, c, raw) => {
      commits.push(`${r},${c}=${raw}`);
      data[r]![c] = raw;
    },
    ...(opts.blocks
      ? {
          onPasteBlock: (r: number, c: number, b: string[][]) =>
            blocks.push(`${r},${c}:${JSON.stringify(b)}`),
        }
      : {}),
  };
  return createRoot(() => {
    const selection = createSelection({ rowCount: () => 4, colCount: () => 3 });
    const clip = createGridClipboard({
      owner,
      selection,
      rowCount: () => 4,
      colCount: () => 3,
      editing: () => opts.editing ?? false,
    });
    return { selection, clip, commits, blocks, data };
  });
}

/** A clipboard event carrying `text`, recording what the grid writes. */
function clipEvent(text = "") {
  const written: Record<string, string> = {};
  let prevented = false;
  const e = {
    clipboardData: { getData: () => text, setData: (t: string, v: string) => (written[t] = v) },
    preventDefault: () => (prevented = true),
    stopPropagation: () => undefined,
  } as unknown as ClipboardEvent;
  return { e, written, prevented: () => prevented };
}

describe("createGridClipboard", () => {
  it("copies raw text of editable cells and the shown text of read-only ones, as TSV", () => {
    const g = setup();
    g.selection.select({ r: 0, c: 0 });
    g.selection.select({ r: 1, c: 2 }, true);
    const ev = clipEvent();
    g.clip.onCopy(ev.e);
    expect(ev.written["text/plain"]).toBe("1\t=A1*2\tx!\r\n2\t\ty!");
    expect(ev.prevented()).toBe(true);
  });

  it("cut copies then clears the editable, non-empty cells only", () => {
    const g = setup();
    g.selection.select({ r: 0, c: 0 });
    g.selection.select({ r: 1, c: 2 }, true);
    g.clip.onCut(clipEvent().e);
    expect(g.commits).toEqual(["0,0=", "0,1=", "1,0="]);
  });

  it("pastes one value into every cell of the selection and selects the block written", () => {
    const g = setup();
    g.selection.select({ r: 1, c: 0 });
    g.selection.select({ r: 2, c: 1 }, true);
    g.clip.onPaste(clipEvent("9\r\n").e);
    expect(g.commits).toEqual(["1,0=9", "1,1=9", "2,0=9", "2,1=9"]);
    expect(g.selection.range()).toEqual({ r0: 1, r1: 2, c0: 0, c1: 1 });
  });

  it("a block past the edge is cut at the grid and skips read-only cells", () => {
    const g = setup();
    g.selection.select({ r: 3, c: 1 });
    g.clip.onPaste(clipEvent("a\tb\tc\r\nd\te").e);
    expect(g.commits).toEqual(["3,1=a"]);
  });

  it("hands a whole block to an owner that takes blocks", () => {
    const g = setup({ blocks: true });
    g.selection.select({ r: 0, c: 1 });
    g.clip.onPaste(clipEvent("a\tb\r\nc\td").e);
    expect(g.blocks).toEqual(['0,1:[["a","b"],["c","d"]]']);
    expect(g.commits).toEqual([]);
  });

  it.each([
    // One-row selection: the row above is copied into it.
    [{ r: 1, c: 0 }, { r: 1, c: 1 }, ["1,0=1", "1,1==A1*2"]],
    // Several rows: the top row fills the rows below.
    [{ r: 0, c: 0 }, { r: 2, c: 0 }, ["1,0=1", "2,0=1"]],
    // Nothing above the first row.
    [{ r: 0, c: 0 }, { r: 0, c: 1 }, []],
  ])("Ctrl+D from %j to %j commits %j", (from, to, want) => {
    const g = setup();
    g.selection.select(from);
    g.selection.select(to, true);
    g.clip.fillDown();
    expect(g.commits).toEqual(want);
  });

  it("pasteText writes a block at the selection even while a cell is edited (the editor hands blocks over)", () => {
    const g = setup({ blocks: true, editing: true });
    g.selection.select({ r: 1, c: 0 });
    g.clip.pasteText("Team\tInput tok / day\r\nsearch\t400,000,000\r\n");
    expect(g.blocks).toEqual(['1,0:[["Team","Input tok / day"],["search","400,000,000"]]']);
    expect(g.selection.range()).toEqual({ r0: 1, r1: 2, c0: 0, c1: 1 });
    g.clip.pasteText("");
    expect(g.blocks).toHaveLength(1);
  });

  it("leaves the clipboard to the editor while a cell is edited", () => {
    const g = setup({ editing: true });
    const ev = clipEvent("5");
    g.clip.onPaste(ev.e);
    g.clip.onCopy(ev.e);
    expect(ev.prevented()).toBe(false);
    expect(ev.written).toEqual({});
    expect(g.commits).toEqual([]);
  });
});
