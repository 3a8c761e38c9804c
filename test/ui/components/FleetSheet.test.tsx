import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { FleetSheet } from "../../../src/ui/components/FleetSheet";
import { useWorkbook } from "../../../src/ui/state/context";
import { renderInWorkbook } from "../render-workbook";
import { addH100Sweep } from "./sweep/sweep-plan";

function WithCurve() {
  addH100Sweep(useWorkbook());
  return <FleetSheet />;
}

describe("FleetSheet", () => {
  it.each([
    ["en", "No SKU has a sweep with a latency curve to simulate."],
    ["zh", "没有 SKU 具有可仿真的延迟曲线。"],
  ] as const)("says there is nothing to simulate without a curve (%s)", (lang, text) => {
    renderInWorkbook(() => <FleetSheet />, { lang });
    expect(screen.getByTestId("fleet-empty").textContent).toContain(text);
  });

  it("simulates the SKU with a curve (here: no worker) and marks the formula's replicas", async () => {
    renderInWorkbook(() => <WithCurve />);
    expect((screen.getByTestId("fleet-sku") as HTMLSelectElement).value).toBe("H100-SXM");
    fireEvent.input(screen.getByTestId("fleet-requests"), { target: { value: "400" } });
    fireEvent.click(screen.getByTestId("fleet-run"));
    const result = await waitFor(() => screen.getByTestId("fleet-result"), { timeout: 20_000 });
    const formula = screen.getByTestId("fleet-formula").textContent!;
    expect(Number(formula)).toBeGreaterThan(0);
    expect(screen.getByTestId(`fleet-row-${formula}`).textContent).toContain("formula");
    expect(result.querySelector("[data-testid=fleet-basis]")!.textContent).toContain("H100-SXM");
  }, 30_000);
});
