/**
 * What the schedule section reads from the plan's result, as plain values: the SKUs that have a
 * schedule, the problems that concern schedules, and the words for a period, a saving and the
 * current schedule.
 */
import { englishOf, type Problem } from "../../../engine/base/problems";
import type { ScheduleDef } from "../../../engine/base/types";
import { DAYS_PER_WEEK, SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../../../engine/base/units";
import type { ScheduleResult } from "../../../engine/chain/schedule";
import type { PlanResult } from "../../../engine/plan/plan-result";
import { fmtValue } from "../../format";
import { t } from "../../state/i18n";

/** Seconds of an hourly interval: typed and pasted values are hours. */
export const HOUR = SECONDS_PER_HOUR;

/** The period of a schedule in words: a day, a week, or its hours. */
export function periodWord(s: Pick<ScheduleResult, "periodSec">): string {
  if (s.periodSec === SECONDS_PER_DAY) return t("schedPeriodDay");
  if (s.periodSec === DAYS_PER_WEEK * SECONDS_PER_DAY) return t("schedPeriodWeek");
  return t("schedPeriodHours", { n: fmtValue(s.periodSec / SECONDS_PER_HOUR, 1) });
}

/** A whole number ≥ 0 typed in a small field, or null. */
export function wholeOrNull(text: string): number | null {
  const v = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(v) && v >= 0 ? v : null;
}

/** A SKU with a schedule: its index, name and the engine's schedule result. */
export interface ScheduleRow {
  i: number;
  name: string;
  s: ScheduleResult;
}

/** The SKUs whose result has a schedule, by their index in the plan. */
export function scheduleRows(result: PlanResult): ScheduleRow[] {
  return result.skus.flatMap((sku, i) => {
    const s = (sku as { schedule?: ScheduleResult | null }).schedule ?? null;
    return s ? [{ i, name: sku.name, s }] : [];
  });
}

/** A problem the schedule section lists: its plan path ("" when none), English text, problem. */
export interface ScheduleProblem {
  path: string;
  message: string;
  problem: Problem | undefined;
}

/** Problems of the schedules: plan errors with their path, warnings and SKU errors that name a schedule, once each. */
export function scheduleProblems(result: PlanResult): ScheduleProblem[] {
  const about = (x: string) => /schedule|reserved/i.test(x);
  const plan = result.errors
    .map((e) => ({ path: e.path, message: englishOf(e.problem), problem: e.problem }))
    .filter((e) => about(e.path) || about(e.message));
  const warnings = result.problems.map((p) => ({ path: "", message: englishOf(p), problem: p }));
  const skuErrors = result.skus.flatMap((s) =>
    s.errorProblems.map((p) => ({ path: "", message: englishOf(p), problem: p })),
  );
  const rest = [...warnings, ...skuErrors].filter((x) => about(x.message));
  const seen = new Set<string>();
  return [...plan, ...rest].filter(
    (p) => !seen.has(p.path + p.message) && !!seen.add(p.path + p.message),
  );
}

/** A saving, shown only when there is one (autoscaled never costs more than static). */
export function savingText(f: number | null | undefined): string {
  return f == null || !Number.isFinite(f) || f < 0.0005
    ? ""
    : t("schedSaves", { pct: `${fmtValue(f * 100, 1)} %` });
}

/** The workload's schedule now, in words: none, from its trace, or its number of values. */
export function currentScheduleText(s: ScheduleDef | undefined): string {
  if (!s) return t("schedNone");
  const interval = fmtValue(typeof s.intervalSec === "number" ? s.intervalSec : HOUR, 0);
  if (s.fromTrace) return t("schedFromTraceNow", { interval });
  return t("schedValues", { n: fmtValue(s.rps?.length ?? 0, 0), interval });
}
