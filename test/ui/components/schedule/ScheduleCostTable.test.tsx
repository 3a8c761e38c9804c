import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { ScheduleCostTable } from "../../../../src/ui/components/schedule/ScheduleCostTable";
import { scheduleRows } from "../../../../src/ui/components/schedule/schedule-text";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";
import { scheduledSeed } from "./schedule-plan";

const Table = () => <ScheduleCostTable rows={scheduleRows(useWorkbook().computed().result)} />;

describe("ScheduleCostTable", () => {
  it.each([
    ["en", "no reserved price"],
    ["zh", "无预留价格"],
  ] as const)(
    "costs a day of the seed three ways; no reserved count without a reserved price (%s)",
    (lang, none) => {
      renderInWorkbook(() => <Table />, { plan: scheduledSeed(), lang });
      // Static: 15 replicas × 4 GPUs × ¥20 × 24 h = ¥28,800; autoscaled: 12 h at 15 and 12 h at 2.
      expect(screen.getByTestId("sched-static-replicas-0").textContent).toBe("15");
      expect(screen.getByTestId("sched-static-0").textContent).toBe("¥28,800.00");
      expect(screen.getByTestId("sched-autoscaled-0").textContent).toBe("¥16,320.00");
      expect(screen.getByTestId("sched-reserved-0").textContent).toBe(none);
    },
  );

  it("with a reserved price, reserves the replicas that pay off and shows the blended cost", () => {
    renderInWorkbook(() => <Table />, { plan: scheduledSeed(10) });
    expect(Number(screen.getByTestId("sched-reserved-0").textContent)).toBeGreaterThan(0);
    expect(screen.getByTestId("sched-blended-0").textContent).toMatch(/^¥/);
  });
});
