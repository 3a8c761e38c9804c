/**
 * Virtual rows of a long grid (docs/grid.md): which rows to render for a scroll position. Pure (no
 * DOM), used by the Grid component.
 */

/** Grids with more rows than this render only the rows in the scroll viewport (docs/grid.md, virtual rows). */
export const VIRTUAL_FROM = 200;
/** Rows rendered above and below the viewport of a virtual grid. */
export const OVERSCAN = 10;

/**
 * The rows of a virtual grid to render: those in the viewport plus `overscan` on each side, as a
 * half-open range [start, end). Pure, so it is tested without a browser.
 */
export function visibleRows(
  count: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  overscan = OVERSCAN,
): { start: number; end: number } {
  const h = rowHeight > 0 ? rowHeight : 25;
  const first = Math.floor(Math.max(0, scrollTop) / h);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewHeight)) / h);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end };
}
