import { fireEvent, screen } from "@solidjs/testing-library";
import { Show } from "solid-js";
import { describe, expect, it } from "vitest";
import { GoalSeekDialog } from "../../../../src/ui/components/whatif/GoalSeekDialog";
import { createGoalSeek } from "../../../../src/ui/components/whatif/goal-seek";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";

/** The dialog opened on the seed's monthly cost (¥876,000: 60 GPUs × ¥20 × 730 h). */
function Dialog() {
  const gs = createGoalSeek(useWorkbook());
  gs.ask({ path: "skus[0].costPerMonth", label: "Cost / month", sku: 0 });
  return <Show when={gs.open()}>{(c) => <GoalSeekDialog gs={gs} c={c()} />}</Show>;
}

describe("GoalSeekDialog", () => {
  it.each([
    ["en", "What would make Cost / month (H100 TP4) …?"],
    ["zh", "怎样才能让 Cost / month (H100 TP4) …？"],
  ] as const)(
    "asks what would make the cell reach a value, from its value now (%s)",
    (lang, title) => {
      renderInWorkbook(() => <Dialog />, { lang });
      expect(screen.getByRole("dialog").querySelector("strong")!.textContent).toBe(title);
      expect((screen.getByTestId("solve-value") as HTMLInputElement).value).toBe("876000");
    },
  );

  it("solves for the price that halves the cost, and Use this value puts it in the plan", () => {
    const { wb } = renderInWorkbook(() => <Dialog />);
    fireEvent.change(screen.getByTestId("solve-vary"), {
      target: { value: "cells.gpu_hour" },
    });
    fireEvent.input(screen.getByTestId("solve-value"), { target: { value: "438000" } });
    fireEvent.click(screen.getByTestId("solve-run"));
    expect(screen.getByTestId("solve-answer").textContent).toMatch(
      /^cells\.gpu_hour = 10 gives Cost \/ month = 438,?000/,
    );
    fireEvent.click(screen.getByTestId("solve-apply"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(wb.computed().result.skus[0]!.capacity!.costPerMonth).toBeCloseTo(438000, 0);
  });
});
