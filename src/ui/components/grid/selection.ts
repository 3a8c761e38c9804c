/**
 * Selection of a grid: the active cell and the anchor of a range (Shift extends), kept inside the
 * grid's bounds. A Solid primitive without DOM: the owner says how to reveal a cell.
 */
import { createSignal } from "solid-js";
import type { Pos, Range } from "./types";

/** What {@link createSelection} needs from its grid. */
export interface SelectionOptions {
  rowCount(): number;
  colCount(): number;
  /** Told of every selection the user makes (not of select-all or a paste's block). */
  onSelect?(r: number, c: number): void;
  /** Bring a newly selected cell into view. */
  reveal?(p: Pos): void;
}

/** The selection primitive; see {@link SelectionOptions}. */
export function createSelection(o: SelectionOptions) {
  const [sel, setSel] = createSignal<Pos>({ r: 0, c: 0 });
  const [anchor, setAnchor] = createSignal<Pos>({ r: 0, c: 0 });
  const clamp = (p: Pos): Pos => ({
    r: Math.max(0, Math.min(o.rowCount() - 1, p.r)),
    c: Math.max(0, Math.min(o.colCount() - 1, p.c)),
  });
  const range = (): Range => {
    const a = anchor();
    const s = sel();
    return {
      r0: Math.min(a.r, s.r),
      r1: Math.max(a.r, s.r),
      c0: Math.min(a.c, s.c),
      c1: Math.max(a.c, s.c),
    };
  };
  const inRange = (r: number, c: number) => {
    const g = range();
    return r >= g.r0 && r <= g.r1 && c >= g.c0 && c <= g.c1;
  };
  /** Move the active cell to p (clamped); `extend` keeps the anchor (Shift). */
  const select = (p: Pos, extend = false) => {
    const q = clamp(p);
    setSel(q);
    if (!extend) setAnchor(q);
    o.onSelect?.(q.r, q.c);
    o.reveal?.(q);
  };
  /** Select the block from `from` to `to` (clamped) without telling the owner. */
  const selectBlock = (from: Pos, to: Pos) => {
    setAnchor(from);
    setSel(clamp(to));
  };
  const selectAll = () => selectBlock({ r: 0, c: 0 }, { r: o.rowCount() - 1, c: o.colCount() - 1 });
  const isActive = (r: number, c: number) => sel().r === r && sel().c === c;
  return { sel, anchor, range, inRange, select, selectBlock, selectAll, isActive, clamp };
}

/** The selection of a grid. */
export type Selection = ReturnType<typeof createSelection>;
