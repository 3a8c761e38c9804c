/** Chart.js loaded on first use (src/ui/charts/load-chart.ts), registered by src/ui/charts/chartjs.ts. */
import { describe, expect, it } from "vitest";
import { loadChartJs, loadedChartJs } from "../../../src/ui/charts/load-chart";

describe("loadChartJs and loadedChartJs", () => {
  it("is null until loaded, then the one class with the app's controllers, scales and plugins registered", async () => {
    expect(loadedChartJs()).toBeNull();
    const [a, b] = await Promise.all([loadChartJs(), loadChartJs()]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(loadedChartJs()).toBe(a);
    const reg = a!.registry;
    for (const c of ["line", "bar", "doughnut"]) expect(reg.getController(c)).toBeDefined();
    for (const s of ["linear", "logarithmic", "category"]) expect(reg.getScale(s)).toBeDefined();
    for (const p of ["legend", "title", "subtitle", "tooltip"])
      expect(reg.getPlugin(p)).toBeDefined();
  });
});
