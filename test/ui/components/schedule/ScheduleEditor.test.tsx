import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { ScheduleEditor } from "../../../../src/ui/components/schedule/ScheduleEditor";
import { createScheduleEditor } from "../../../../src/ui/components/schedule/schedule-editor";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";
import { DAY_NIGHT } from "./schedule-plan";

const Editor = () => <ScheduleEditor ed={createScheduleEditor(useWorkbook())} />;

describe("ScheduleEditor", () => {
  it.each([
    ["en", "No schedule: the workload's peak rate every hour.", "24 values of 3,600 s"],
    ["zh", "无调度：每小时都按工作负载的峰值速率。", "24 个值，每个 3,600 秒"],
  ] as const)("puts 24 pasted hourly rates on the workload (%s)", (lang, none, now) => {
    const { wb } = renderInWorkbook(() => <Editor />, { lang });
    expect(screen.getByTestId("sched-current").textContent).toBe(none);
    const apply = screen.getByTestId("sched-apply") as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.input(screen.getByTestId("sched-text"), { target: { value: DAY_NIGHT.join("\n") } });
    fireEvent.click(apply);
    expect(screen.getByTestId("sched-current").textContent).toBe(now);
    expect((wb.plan.workloads![0] as { schedule?: { rps: number[] } }).schedule!.rps).toEqual(
      DAY_NIGHT,
    );
    fireEvent.click(screen.getByTestId("sched-remove"));
    expect(screen.getByTestId("sched-current").textContent).toBe(none);
  });

  it("says what is wrong with the values instead of applying them, and offers no trace it lacks", () => {
    renderInWorkbook(() => <Editor />);
    fireEvent.input(screen.getByTestId("sched-text"), { target: { value: "1, 2, x" } });
    fireEvent.click(screen.getByTestId("sched-apply"));
    expect(screen.getByRole("alert").textContent).not.toBe("");
    const fromTrace = screen.getByTestId("sched-from-trace") as HTMLButtonElement;
    expect([fromTrace.disabled, fromTrace.title]).toEqual([true, "This workload has no trace"]);
  });
});
