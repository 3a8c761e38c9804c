/** The schedule section's values: SKUs with a schedule, schedule problems, period and saving words. */
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { textProblem } from "../../../../src/engine/base/problems";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../../../../src/engine/base/units";
import type { PlanResult } from "../../../../src/engine/plan/plan-result";
import {
  currentScheduleText,
  HOUR,
  periodWord,
  savingText,
  scheduleProblems,
  scheduleRows,
  wholeOrNull,
} from "../../../../src/ui/components/schedule/schedule-text";
import { setLang, t } from "../../../../src/ui/state/i18n";
import { createWorkbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";

/** The seed with the worked example of docs/schedules.md as its schedule. */
function scheduled(): PlanResult {
  return createRoot((dispose) => {
    const wb = createWorkbook(seed);
    wb.setNumber("skus[0].reservedPricePerGpuHour", "10", false);
    wb.setSchedule(0, { intervalSec: 3600, rps: [50, 25, 5, 0], minReplicas: 1, leadIntervals: 1 });
    const r = wb.computed().result;
    dispose();
    return r;
  });
}

describe("HOUR", () => {
  it("is an hour in seconds", () => expect(HOUR).toBe(SECONDS_PER_HOUR));
});

describe("periodWord", () => {
  it.each([
    [SECONDS_PER_DAY, "schedPeriodDay"],
    [7 * SECONDS_PER_DAY, "schedPeriodWeek"],
  ] as const)("%i s → %s", (sec, key) => {
    setLang("en");
    expect(periodWord({ periodSec: sec })).toBe(t(key));
  });
  it("says the hours of any other period", () => {
    setLang("en");
    expect(periodWord({ periodSec: 4 * SECONDS_PER_HOUR })).toBe(t("schedPeriodHours", { n: "4" }));
  });
});

describe("wholeOrNull", () => {
  it.each([
    ["3", 3],
    [" 0 ", 0],
    ["", null],
    ["  ", null],
    ["-1", null],
    ["1.5", null],
    ["x", null],
  ])("%j → %s", (text, v) => expect(wholeOrNull(text)).toBe(v));
});

describe("scheduleRows", () => {
  it("lists the SKUs with a schedule, by index", () => {
    const rows = scheduleRows(scheduled());
    expect(rows.map((r) => [r.i, r.name])).toEqual([[0, "H100 TP4"]]);
    expect(rows[0]!.s.staticCost).toBe(4800);
    expect(scheduleRows({ ...scheduled(), skus: [] })).toEqual([]);
  });
  it("is empty without schedules", () =>
    createRoot((dispose) => {
      expect(scheduleRows(createWorkbook(seed).computed().result)).toEqual([]);
      dispose();
    }));
});

describe("scheduleProblems", () => {
  it("keeps errors and warnings about schedules, once each", () => {
    const r = scheduled();
    const error = (path: string, kind: string, text: string) => ({
      path,
      kind,
      problem: textProblem(text, "error"),
    });
    const err = error("workloads[0].schedule.rps", "VALUE", "bad rate");
    const other = error("skus[0].gpu", "NAME", "unknown GPU");
    const list = scheduleProblems({
      ...r,
      errors: [err, err, other],
      problems: [
        textProblem("Reserved price is above on-demand"),
        textProblem("Unrelated warning"),
      ],
    });
    expect(list.map((p) => [p.path, p.message])).toEqual([
      ["workloads[0].schedule.rps", "bad rate"],
      ["", "Reserved price is above on-demand"],
    ]);
  });
});

describe("savingText", () => {
  it.each([
    [0.3333, "33.3 %"],
    [0.0005, "0.1 %"],
    [0.0004, null],
    [0, null],
    [null, null],
    [Number.NaN, null],
  ])("%s → %s", (f, pct) => {
    setLang("en");
    expect(savingText(f)).toBe(pct === null ? "" : t("schedSaves", { pct }));
  });
});

describe("currentScheduleText", () => {
  it("says none, from the trace, or how many values", () => {
    setLang("en");
    expect(currentScheduleText(undefined)).toBe(t("schedNone"));
    const fromTrace = t("schedFromTraceNow", { interval: "3,600" });
    expect(currentScheduleText({ fromTrace: true })).toBe(fromTrace);
    const values = t("schedValues", { n: "3", interval: "900" });
    expect(currentScheduleText({ intervalSec: 900, rps: [1, 2, 3] })).toBe(values);
  });
});
