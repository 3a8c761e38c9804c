import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { SweepCard } from "../../../src/ui/components/SweepCard";
import { useWorkbook } from "../../../src/ui/state/context";
import { renderInWorkbook } from "../render-workbook";
import { addH100Sweep } from "./sweep/sweep-plan";

function Card() {
  const wb = useWorkbook();
  const i = addH100Sweep(wb);
  return (
    <SweepCard
      skuIndex={i}
      sweepPath={`skus[${i}].sweep`}
      workload={null}
      color="#000"
      focused
      onFocus={() => {}}
      result={wb.computed().result.skus[i]!.workloads[0]!}
    />
  );
}

describe("SweepCard", () => {
  it("shows an imported sweep's load levels with their zones, the operating point marked", () => {
    renderInWorkbook(() => <Card />);
    const rows = screen.getAllByRole("rowheader").map((h) => h.textContent);
    expect(rows).toEqual(["1", "2", "3", "4"]);
    expect(screen.getByTestId("sweep-1:r0:concurrency").textContent).toBe("1");
    expect(document.querySelectorAll("tr.op-row")).toHaveLength(1);
    expect(screen.getByRole("grid").getAttribute("aria-label")).toContain("H100");
  });

  it("adds a row (the next load level, doubled), and removes the selected one", () => {
    const { wb } = renderInWorkbook(() => <Card />);
    fireEvent.click(screen.getByTestId("add-row-1"));
    expect(wb.plan.skus[1]!.sweep!.points).toHaveLength(5);
    fireEvent.mouseDown(screen.getByTestId("sweep-1:r0:concurrency"));
    fireEvent.mouseUp(screen.getByTestId("sweep-1:r0:concurrency"));
    fireEvent.click(screen.getByTestId("remove-row-1"));
    expect(wb.plan.skus[1]!.sweep!.points!.map((p) => p.concurrency)).toEqual([4, 16, 64, 128]);
  });
});
