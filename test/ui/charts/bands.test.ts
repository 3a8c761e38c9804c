/** The zone bands and SLO lines plugin (docs/zones.md), drawn on a recording canvas context. */
import { describe, expect, it } from "vitest";
import type { Chart } from "chart.js";
import { bandsPlugin } from "../../../src/ui/charts/bands";

/** A chart of plot area x 0…100, y 0…50 px; x value v at 10·v px, y value v at 50 − v px. */
function fakeChart() {
  const calls: unknown[][] = [];
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (t, k: string) => (k in t ? t[k] : (...a: unknown[]) => void calls.push([k, ...a])),
    set: (t, k: string, v) => {
      t[k] = v;
      calls.push([`${k}=`, v]);
      return true;
    },
  });
  const chart = {
    ctx,
    canvas: null,
    options: { color: "#333" },
    chartArea: { left: 0, right: 100, top: 0, bottom: 50 },
    scales: {
      x: { getPixelForValue: (v: number) => v * 10 },
      y: { getPixelForValue: (v: number) => 50 - v },
    },
  } as unknown as Chart;
  const named = (k: string) => calls.filter((c) => c[0] === k);
  /** The calls of `k` in order, each its name then its arguments, as one flat list. */
  const flat = (k: string) => named(k).flat();
  return { chart, calls, named, flat };
}

describe("bandsPlugin", () => {
  it("shades each band clamped to the plot area, labels it only when wider than 40 px, skips an empty one", () => {
    const { chart, named, flat } = fakeChart();
    const p = bandsPlugin(
      [
        { x0: null, x1: 5, color: "idle", label: "idle" },
        { x0: 8, x1: 20, color: "sat", label: "saturated" },
        { x0: 30, x1: 40, color: "off", label: "off the plot" },
      ],
      [],
    );
    (p.beforeDatasetsDraw as (c: Chart) => void)(chart);
    expect(flat("fillRect")).toEqual(["fillRect", 0, 0, 50, 50, "fillRect", 80, 0, 20, 50]);
    expect(named("fillText")).toEqual([["fillText", "idle", 4, 11]]);
    expect([named("save").length, named("restore").length]).toEqual([1, 1]);
  });

  it("draws a dashed line per SLO inside the plot, labelled at its left or right end on a white halo", () => {
    const { chart, calls, named, flat } = fakeChart();
    const p = bandsPlugin(
      [],
      [
        { y: 10, color: "red", label: "P99 TTFT ≤ 10" },
        { y: 20, color: "blue", label: "right", align: "right" },
        { y: 100, color: "gray", label: "above the plot" },
      ],
    );
    (p.afterDatasetsDraw as (c: Chart) => void)(chart);
    expect(flat("moveTo")).toEqual(["moveTo", 0, 40, "moveTo", 0, 30]);
    expect(flat("lineTo")).toEqual(["lineTo", 100, 40, "lineTo", 100, 30]);
    const texts = ["fillText", "P99 TTFT ≤ 10", 6, 35, "fillText", "right", 94, 25];
    expect(flat("fillText")).toEqual(texts);
    expect(calls).toContainEqual(["strokeStyle=", "#fff"]);
    expect(calls).toContainEqual(["textAlign=", "right"]);
    expect(named("setLineDash")).toContainEqual(["setLineDash", [6, 4]]);
  });
});
