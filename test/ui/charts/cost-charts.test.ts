import { describe, expect, it } from "vitest";
import { BAR_COLORS, costBarChart } from "../../../src/ui/charts/cost-charts";
import { recBasis } from "../../../src/ui/state/trust";

describe("costBarChart", () => {
  // The case: L40S is recommended by the fleet's cost per hour, although its cost per 1M
  // tokens ($0.518) is above the H100's ($0.500): the chart must say on what basis it is green.
  const bars = [
    { name: "H100 SXM ×1", value: 0.4997, recommended: false },
    { name: "L40S ×1", value: 0.5177, recommended: true },
  ];
  it.each([
    ["en", "★ recommended: cheapest fleet per hour at the peak"],
    ["zh", "★ 推荐依据：峰值时集群每小时成本最低"],
  ] as const)("says the recommendation's basis under the title (%s)", (lang, note) => {
    const c = costBarChart(bars, "Cost / 1M", String, recBasis({}, lang));
    expect(c.options?.plugins?.subtitle).toMatchObject({ display: true, text: note });
    expect(c.data.labels).toEqual(["H100 SXM ×1", "★ L40S ×1"]);
    expect(c.data.datasets[0]!.backgroundColor).toEqual([BAR_COLORS.other, BAR_COLORS.recommended]);
  });
  it.each([
    ["static", "cheapest static schedule"],
    ["autoscaled", "cheapest autoscaled schedule"],
    ["blended", "cheapest blended schedule (reserved + on demand)"],
  ] as const)("names the plan's recommendBy %s", (by, text) => {
    expect(recBasis({ recommendBy: by }, "en")).toBe(`★ recommended: ${text}`);
  });
  it("keeps every SKU's label on a short chart (Chart.js would skip some at phone width)", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      name: `SKU ${i}`,
      value: i,
      recommended: false,
    }));
    const c = costBarChart(many, "t", String);
    expect(c.options?.indexAxis).toBe("y");
    expect(c.options?.scales?.y?.ticks?.autoSkip).toBe(false);
    expect(c.data.labels).toHaveLength(12);
  });
  it("says nothing when no bar is recommended", () => {
    const none = bars.map((b) => ({ ...b, recommended: false }));
    const c = costBarChart(none, "t", String, recBasis({}, "en"));
    expect(c.options?.plugins?.subtitle?.display).toBe(false);
  });
});
