/** The schedule editor's state: values and settings checked, then written to the plan. */
import { beforeEach, describe, expect, it } from "vitest";
import {
  createScheduleEditor,
  workloadDefs,
} from "../../../../src/ui/components/schedule/schedule-editor";
import { setLang } from "../../../../src/ui/state/i18n";
import type { Workbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

/** A day of hourly rates (a typed schedule has 24 or 168 values). */
const day = Array.from({ length: 24 }, (_, h) => (h < 8 ? 5 : 50));
beforeEach(() => setLang("en"));
const inRoot = (body: (wb: Workbook) => void) => withWorkbook(body, seed);
/** The first workload's schedule in the plan. */
const schedule = (wb: Workbook) => workloadDefs(wb)[0]!.schedule;

describe("workloadDefs", () => {
  it("reads a list of workloads or the single one", () =>
    inRoot((wb) => expect(workloadDefs(wb)).toHaveLength(seed.workloads?.length ?? 1)));
});

describe("createScheduleEditor", () => {
  it("applies typed hourly values with the settings", () =>
    inRoot((wb) => {
      const ed = createScheduleEditor(wb);
      ed.setText(day.join("\n"));
      ed.setMinR("2");
      ed.setLead("1");
      ed.apply();
      expect(ed.error()).toBeNull();
      expect(schedule(wb)).toEqual({
        intervalSec: 3600,
        rps: day,
        minReplicas: 2,
        leadIntervals: 1,
      });
      ed.remove();
      expect(schedule(wb)).toBeUndefined();
    }));

  it.each([
    ["50\n25", "x", "0"],
    ["50\n25", "1", "-1"],
    ["50\nabc", "1", "0"],
  ])("values %j, min %j, lead %j: an error, nothing written", (text, min, lead) =>
    inRoot((wb) => {
      const ed = createScheduleEditor(wb);
      ed.setText(text);
      ed.setMinR(min);
      ed.setLead(lead);
      ed.apply();
      expect(ed.error()).toBeTruthy();
      expect(schedule(wb)).toBeUndefined();
    }),
  );

  it("takes the schedule from the workload's trace", () =>
    inRoot((wb) => {
      createScheduleEditor(wb).fromTrace();
      const want = { intervalSec: 3600, fromTrace: true, minReplicas: 1, leadIntervals: 0 };
      expect(schedule(wb)).toEqual(want);
    }));
});
