import loadHighs from "highs";
import { screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it, vi } from "vitest";
import { highsSolver } from "../../../src/engine/plan/milp-highs";
import { FleetMix, perMillionBySku } from "../../../src/ui/components/FleetMix";
import { example, renderInWorkbook } from "../render-workbook";

// The app fetches HiGHS's WebAssembly by URL; under Node the package loads it from disk.
vi.mock("../../../src/ui/state/solver", () => ({
  loadSolver: async () => highsSolver(await loadHighs()),
}));

describe("perMillionBySku", () => {
  it("is the seed's 4 GPUs × ¥20 ÷ (1,500 tok/s × 3,600 s) × 1e6 = ¥14.81 per 1M output tokens", () => {
    const { wb } = renderInWorkbook(() => null);
    const got = perMillionBySku(wb.computed().result, "chat");
    expect(got.map((x) => [x.sku, x.perMillion.toFixed(4)])).toEqual([["H100 TP4", "14.8148"]]);
    expect(perMillionBySku(wb.computed().result, "nope")).toEqual([]);
  });
});

describe("FleetMix", () => {
  it.each([
    [
      "en",
      "Mix: ¥1,200.00/hour · 0 % cheaper than the best single SKU (H100 TP4, ¥1,200.00/hour)",
      "the only SKU that serves it",
    ],
    ["zh", "组合：¥1,200.00/小时 · 比最佳单一 SKU（H100 TP4，¥1,200.00/小时）便宜 0 %", "¥14.81"],
  ] as const)(
    "puts the seed's one workload on its one SKU: 15 replicas, 60 GPUs (%s)",
    async (lang, head, why) => {
      renderInWorkbook(() => <FleetMix />, { lang });
      const headline = await waitFor(() => screen.getByTestId("fleet-headline"), { timeout: 5000 });
      expect(headline.textContent).toBe(head);
      const cells = [...screen.getByTestId("fleet-skus").querySelectorAll("tbody th, tbody td")];
      expect(cells.map((c) => c.textContent)).toEqual(["H100 TP4", "15", "60", "¥1,200.00"]);
      expect(screen.getByTestId("fleet-assignment").textContent).toContain(why);
    },
  );

  it("says why when no mix serves every workload", async () => {
    const p = example();
    p.skus[0]!.pricePerGpuHour = undefined as never;
    renderInWorkbook(() => <FleetMix />, { plan: p });
    const none = await waitFor(() => screen.getByTestId("fleet-infeasible"), { timeout: 5000 });
    expect(none.querySelectorAll("li").length).toBeGreaterThan(0);
  });
});
