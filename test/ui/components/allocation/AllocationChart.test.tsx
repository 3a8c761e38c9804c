import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { allocationLines } from "../../../../src/report/allocation-csv";
import { AllocationChart } from "../../../../src/ui/components/allocation/AllocationChart";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";

function Chart(props: { pools: number }) {
  const lines = allocationLines(useWorkbook().computed().result);
  return (
    <AllocationChart lines={lines} pools={props.pools} currency="CNY" digits={2} pngName="a.png" />
  );
}

describe("AllocationChart", () => {
  it.each([
    ["en", "Daily cost per team (CNY)"],
    ["zh", "各团队每日成本（CNY）"],
  ] as const)("labels the chart with its currency (%s)", (lang, label) => {
    renderInWorkbook(() => <Chart pools={1} />, { lang });
    expect(screen.getByTestId("chart-allocation").getAttribute("aria-label")).toBe(label);
  });
  it("offers auto, stacked bars and doughnut, and keeps the choice", () => {
    renderInWorkbook(() => <Chart pools={2} />);
    const kind = screen.getByTestId("alloc-chart-kind") as HTMLSelectElement;
    expect([...kind.options].map((o) => o.value)).toEqual(["auto", "bar", "doughnut"]);
    fireEvent.change(kind, { target: { value: "doughnut" } });
    expect(kind.value).toBe("doughnut");
  });
});
