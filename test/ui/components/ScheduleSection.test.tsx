import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { ScheduleSection } from "../../../src/ui/components/ScheduleSection";
import { renderInWorkbook } from "../render-workbook";
import { scheduledSeed } from "./schedule/schedule-plan";

describe("ScheduleSection", () => {
  it.each([
    ["en", "Demand over time: schedule", "Cost per day"],
    ["zh", "随时间变化的需求：调度", "每天成本"],
  ] as const)(
    "shows the editor, then the costs per day and the chart of a scheduled plan (%s)",
    (lang, title, per) => {
      renderInWorkbook(() => <ScheduleSection />, { plan: scheduledSeed(), lang });
      expect(screen.getAllByRole("heading")[0]!.textContent).toBe(title);
      expect(screen.getByTestId("sched-table")).toBeTruthy();
      expect(screen.getByTestId("schedule-section").textContent).toContain(per);
      expect(screen.getByTestId("chart-schedule")).toBeTruthy();
    },
  );
  it("has no cost table while no workload has a schedule", () => {
    renderInWorkbook(() => <ScheduleSection />);
    expect(screen.queryByTestId("sched-table")).toBeNull();
    expect(screen.getByTestId("sched-text")).toBeTruthy();
  });
});
