/**
 * Virtual rows of a long grid (docs/grid.md): a grid of more than VIRTUAL_FROM rows renders the
 * rows in its scroll viewport plus an overscan (`visibleRows`); spacer rows above and below keep
 * the scroll height. The row height is measured once a row is rendered.
 */
import { createMemo, createSignal } from "solid-js";
import { VIRTUAL_FROM, visibleRows } from "../virtual-rows";

/** The scroll viewport of the grid (an element; only these members are read). */
export type Viewport = Pick<HTMLElement, "clientHeight" | "scrollTop" | "querySelector">;

/** The virtual-rows primitive over `count()` rows scrolled in `viewport()`. */
export function createVirtualRows(count: () => number, viewport: () => Viewport | undefined) {
  const virtual = () => count() > VIRTUAL_FROM;
  const [scrollTop, setScrollTop] = createSignal(0);
  const [viewHeight, setViewHeight] = createSignal(600);
  const [rowHeight, setRowHeight] = createSignal(25);
  const win = createMemo(() =>
    virtual()
      ? visibleRows(count(), scrollTop(), viewHeight(), rowHeight())
      : { start: 0, end: count() },
  );
  /** The indices of the rows to render. */
  const shown = createMemo(() => {
    const { start, end } = win();
    return Array.from({ length: end - start }, (_, i) => start + i);
  });
  let measured = false;
  const measure = () => {
    const root = viewport();
    if (!root) return;
    setViewHeight(root.clientHeight || 600);
    const h = root.querySelector<HTMLElement>("tbody tr[data-row]")?.getBoundingClientRect().height;
    if (h && h > 0) {
      setRowHeight(h);
      measured = true;
    }
  };
  const onScroll = () => {
    const root = viewport();
    if (!root) return;
    setScrollTop(root.scrollTop);
    if (virtual() && !measured) measure();
  };
  /** Scroll so row r is rendered and inside the viewport (keyboard moves off-screen). */
  const reveal = (r: number) => {
    const root = viewport();
    if (!virtual() || !root) return;
    const h = rowHeight();
    const head = root.querySelector<HTMLElement>("thead")?.getBoundingClientRect().height ?? h;
    const top = r * h;
    const view = Math.max(h, root.clientHeight - head);
    let next = root.scrollTop;
    if (top < next) next = top;
    else if (top + h > next + view) next = top + h - view;
    if (next !== root.scrollTop) {
      root.scrollTop = next;
      setScrollTop(root.scrollTop);
    }
  };
  /** Heights of the spacer rows above and below the rendered rows. */
  const spacers = () => ({
    top: win().start * rowHeight(),
    bottom: (count() - win().end) * rowHeight(),
  });
  return { virtual, win, shown, rowHeight, measure, onScroll, reveal, spacers };
}

/** The virtual rows of a grid. */
export type VirtualRows = ReturnType<typeof createVirtualRows>;
