/**
 * Keys of the grid as in a spreadsheet (docs/grid.md): arrows move (Shift extends, Ctrl/Cmd jumps
 * to the edge of the data), Home/End, Ctrl+Home/End, PageUp/PageDown, Ctrl+A, Ctrl+D, Tab,
 * Enter/F2 or typing edits, Delete clears. `edge` and `dataEnd` are pure; `createGridKeys` turns a
 * keydown into one of the grid's actions.
 */
import type { Selection } from "./selection";
import type { Pos } from "./types";

/** The size of a grid and which of its cells hold something. */
export interface Extent {
  rows: number;
  cols: number;
  filled(p: Pos): boolean;
}

const inside = (x: Extent, p: Pos) => p.r >= 0 && p.r < x.rows && p.c >= 0 && p.c < x.cols;

/** Ctrl+Arrow: to the last filled cell of this run, else to the next filled cell, else to the edge. */
export function edge(x: Extent, from: Pos, d: Pos): Pos {
  let p = from;
  const step = (q: Pos) => ({ r: q.r + d.r, c: q.c + d.c });
  if (!inside(x, step(p))) return p;
  if (x.filled(p) && x.filled(step(p))) {
    while (inside(x, step(p)) && x.filled(step(p))) p = step(p);
    return p;
  }
  p = step(p);
  while (inside(x, step(p)) && !x.filled(p)) p = step(p);
  return p;
}

/** Ctrl+End: the last row and the last column that hold data. */
export function dataEnd(x: Extent): Pos {
  let r1 = 0;
  let c1 = 0;
  for (let r = 0; r < x.rows; r++)
    for (let c = 0; c < x.cols; c++)
      if (x.filled({ r, c })) {
        r1 = Math.max(r1, r);
        c1 = Math.max(c1, c);
      }
  return { r: r1, c: c1 };
}

/** What {@link createGridKeys} acts on. */
export interface GridKeysOptions {
  selection: Selection;
  extent(): Extent;
  /** Rows one PageDown moves. */
  pageRows(): number;
  /** While a cell is being edited the editor has the keys. */
  editing(): boolean;
  /** Whether the grid takes edits at all (an owner with onCommit). */
  editable(): boolean;
  startEdit(text?: string): void;
  clearRange(): void;
  fillDown(): void;
}

const MOVES: Record<string, Pos> = {
  ArrowUp: { r: -1, c: 0 },
  ArrowDown: { r: 1, c: 0 },
  ArrowLeft: { r: 0, c: -1 },
  ArrowRight: { r: 0, c: 1 },
};

/** The grid's keydown handler. */
export function createGridKeys(o: GridKeysOptions): (e: KeyboardEvent) => void {
  const { selection } = o;
  return (e) => {
    if (o.editing()) return;
    const s = selection.sel();
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key;
    const m = MOVES[key];
    const go = (p: Pos) => {
      e.preventDefault();
      selection.select(p, e.shiftKey);
    };
    const act = (f: () => void) => {
      e.preventDefault();
      f();
    };
    if (m) go(mod ? edge(o.extent(), s, m) : { r: s.r + m.r, c: s.c + m.c });
    else if (key === "Home") go(mod ? { r: 0, c: 0 } : { r: s.r, c: 0 });
    else if (key === "End") go(mod ? dataEnd(o.extent()) : { r: s.r, c: o.extent().cols - 1 });
    else if (key === "PageDown") go({ r: s.r + o.pageRows(), c: s.c });
    else if (key === "PageUp") go({ r: s.r - o.pageRows(), c: s.c });
    else if (mod && !e.altKey && key.toLowerCase() === "a") act(selection.selectAll);
    else if (mod && !e.altKey && key.toLowerCase() === "d") act(o.fillDown);
    else if (key === "Tab") {
      // At the first or last column Tab leaves the grid (the browser moves focus on).
      const next = selection.clamp({ r: s.r, c: s.c + (e.shiftKey ? -1 : 1) });
      if (next.c !== s.c) act(() => selection.select(next));
    } else if (key === "Enter" || key === "F2") act(() => o.startEdit());
    else if ((key === "Delete" || key === "Backspace") && o.editable()) act(o.clearRange);
    else if (key.length === 1 && !mod && !e.altKey) act(() => o.startEdit(key));
  };
}
