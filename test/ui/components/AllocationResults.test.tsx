import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { AllocationResults } from "../../../src/ui/components/AllocationResults";
import { example, renderInWorkbook } from "../render-workbook";

describe("AllocationResults", () => {
  it.each([
    ["en", "Cost per team", "Pool 70b"],
    ["zh", "各团队成本", "资源池 70b"],
  ] as const)(
    "shows the seed's pool with its teams, conserved, and the exports (%s)",
    (lang, title, pool) => {
      renderInWorkbook(() => <AllocationResults />, { lang });
      const headings = screen.getAllByRole("heading").map((h) => h.textContent);
      expect(headings.slice(0, 2)).toEqual([title, pool]);
      expect(screen.getByTestId("conservation-0").dataset.ok).toBe("true");
      expect(screen.getByTestId("export-allocation")).toBeTruthy();
      expect(screen.getByTestId("plan-vs-actual")).toBeTruthy();
    },
  );

  it("says there is nothing to show when the allocation cannot be computed (a pool cost that names no cell)", () => {
    const p = example();
    p.tenants!.pools![0]!.costPerDay = "=no_such_cell";
    renderInWorkbook(() => <AllocationResults />, { plan: p });
    expect(screen.queryByTestId("alloc-results")).toBeNull();
    expect(document.body.textContent).toContain("No allocation to show");
  });
});
