import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { TrafficSheet } from "../../../src/ui/components/TrafficSheet";
import { renderWithTrace } from "./traffic/open-trace";
import { renderInWorkbook } from "../render-workbook";

describe("TrafficSheet", () => {
  it("without a trace says how to bring one, and always offers the schedule", () => {
    renderInWorkbook(() => <TrafficSheet />);
    expect(screen.getByTestId("traffic-dropzone")).toBeTruthy();
    expect(screen.queryByTestId("traffic-file")).toBeNull();
    expect(screen.getByTestId("schedule-section")).toBeTruthy();
  });

  it("with a trace open shows its summary, charts, plan actions and the per-team and per-model tables", async () => {
    await renderWithTrace(() => <TrafficSheet />);
    expect(screen.getByTestId("traffic-file").textContent).toBe("teams.jsonl");
    for (const id of ["traffic-lengths", "traffic-actions", "traffic-teams", "traffic-models"])
      expect(screen.getByTestId(id)).toBeTruthy();
    fireEvent.click(screen.getByTestId("traffic-clear"));
    expect(screen.queryByTestId("traffic-file")).toBeNull();
  });

  it("offers to show a trace summary the plan stores", async () => {
    const { wb } = await renderWithTrace(() => <TrafficSheet />);
    fireEvent.click(screen.getByTestId("traffic-make-workload"));
    fireEvent.click(screen.getByTestId("traffic-clear"));
    fireEvent.click(screen.getByTestId("traffic-show-stored-1"));
    expect(screen.getByTestId("traffic-file").textContent).toBe("teams.jsonl");
    expect(wb.plan.workloads).toHaveLength(2);
  });
});
