import { createRoot, createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import { createVirtualRows, type Viewport } from "../../../../src/ui/components/grid/virtual";

/** A scroll viewport of `height` px whose rendered rows are `row` px tall under a 30 px header. */
function viewport(height: number, row: number) {
  const box = (h: number) => ({ getBoundingClientRect: () => ({ height: h }) });
  return {
    clientHeight: height,
    scrollTop: 0,
    querySelector: (sel: string) => (sel === "thead" ? box(30) : box(row)),
  } as unknown as Viewport & { scrollTop: number };
}

/** Virtual rows over `n` rows in `vp`, in a root of their own. */
function virtualRows(n: number, vp: Viewport) {
  const count = () => n;
  const view = () => vp;
  return createRoot(() => createVirtualRows(count, view));
}

describe("createVirtualRows", () => {
  it("renders every row of a short grid, with no spacers", () => {
    const v = virtualRows(150, viewport(600, 25));
    expect([v.virtual(), v.shown().length]).toEqual([false, 150]);
    expect(v.spacers()).toEqual({ top: 0, bottom: 0 });
  });

  it("renders the viewport plus overscan of a long grid and follows the scroll", () => {
    const vp = viewport(400, 20);
    const v = virtualRows(1000, vp);
    v.measure();
    // 400 px / 20 px = rows 0..19, plus 10 overscan: 0..29.
    expect(v.win()).toEqual({ start: 0, end: 30 });
    vp.scrollTop = 10_000;
    v.onScroll();
    // Row 500 first, (10,000 + 400) / 20 = 520 last, ±10.
    expect(v.win()).toEqual({ start: 490, end: 530 });
    expect(v.shown()[0]).toBe(490);
    expect(v.spacers()).toEqual({ top: 490 * 20, bottom: (1000 - 530) * 20 });
  });

  it("reveal scrolls a row into view below the header, and no further than needed", () => {
    const vp = viewport(330, 20);
    const v = virtualRows(1000, vp);
    v.measure();
    // Row 100 (top 2,000 px) into a 300 px view under the header: scrollTop 2,020 - 300 = 1,720.
    v.reveal(100);
    expect(vp.scrollTop).toBe(1720);
    v.reveal(95);
    expect(vp.scrollTop).toBe(1720);
    v.reveal(10);
    expect(vp.scrollTop).toBe(200);
    expect(v.win().start).toBe(0);
  });

  it("grows from short to long as rows are added", () => {
    const [n, setN] = createSignal(10);
    const v = createRoot(() => createVirtualRows(n, () => viewport(600, 25)));
    expect(v.virtual()).toBe(false);
    setN(5000);
    expect(v.virtual()).toBe(true);
    expect(v.win()).toEqual({ start: 0, end: 34 });
  });
});
