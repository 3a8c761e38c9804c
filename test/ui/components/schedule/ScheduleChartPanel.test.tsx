import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { ScheduleChartPanel } from "../../../../src/ui/components/schedule/ScheduleChartPanel";
import { scheduleRows } from "../../../../src/ui/components/schedule/schedule-text";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";
import { scheduledSeed } from "./schedule-plan";

const Panel = () => <ScheduleChartPanel rows={scheduleRows(useWorkbook().computed().result)} />;

describe("ScheduleChartPanel", () => {
  it.each([
    ["en", "H100 TP4: demand and replicas per interval"],
    ["zh", "H100 TP4：各区间的需求与副本数"],
  ] as const)("charts the recommended SKU (%s)", (lang, label) => {
    renderInWorkbook(() => <Panel />, { plan: scheduledSeed(), lang });
    expect(screen.getByTestId("chart-schedule").getAttribute("aria-label")).toBe(label);
  });
  it("recommends by the cost the planner picks", () => {
    const { wb } = renderInWorkbook(() => <Panel />, { plan: scheduledSeed() });
    fireEvent.change(screen.getByTestId("sched-recommend-by"), { target: { value: "autoscaled" } });
    expect(wb.plan.recommendBy).toBe("autoscaled");
  });
});
