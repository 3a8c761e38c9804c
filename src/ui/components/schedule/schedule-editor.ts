/**
 * The schedule editor's state: the chosen workload (shared with the Traffic sheet's "make a
 * workload"), the typed values and settings, and the actions that write a schedule to the plan.
 */
import { createEffect, createSignal, on } from "solid-js";
import type { ScheduleDef, WorkloadDef } from "../../../engine/base/types";
import { fmtValue } from "../../format";
import { t } from "../../state/i18n";
import { parseScheduleValues } from "../../state/schedule-edit";
import { trafficOf } from "../../state/traffic";
import type { Workbook } from "../../state/workbook";
import { HOUR, wholeOrNull } from "./schedule-text";

/** The plan's workloads (a list, or the single `workload`). */
export function workloadDefs(wb: Workbook): WorkloadDef[] {
  const p = wb.plan;
  return Array.isArray(p.workloads) ? p.workloads : p.workload ? [p.workload] : [];
}

/** The editor's state and actions. */
export function createScheduleEditor(wb: Workbook) {
  const { scheduleWorkload } = trafficOf(wb);
  const defs = () => workloadDefs(wb);
  const index = () => Math.min(Math.max(0, scheduleWorkload()), Math.max(0, defs().length - 1));
  const def = () => defs()[index()];
  const [text, setText] = createSignal("");
  const [minR, setMinR] = createSignal("1");
  const [lead, setLead] = createSignal("0");
  const [error, setError] = createSignal<string | null>(null);

  // Selecting a workload shows its schedule's values and settings, ready to edit.
  createEffect(
    on(index, () => {
      const s = def()?.schedule;
      setText(s?.rps && s.rps.every((v) => typeof v === "number") ? s.rps.join("\n") : "");
      setMinR(String(typeof s?.minReplicas === "number" ? s.minReplicas : 1));
      setLead(String(typeof s?.leadIntervals === "number" ? s.leadIntervals : 0));
      setError(null);
    }),
  );

  const settings = (): { minReplicas: number; leadIntervals: number } | null => {
    const m = wholeOrNull(minR());
    const l = wholeOrNull(lead());
    if (m === null)
      return (setError(t("schedBadValue", { index: t("schedMinReplicas"), text: minR() })), null);
    if (l === null)
      return (setError(t("schedBadValue", { index: t("schedLead"), text: lead() })), null);
    return { minReplicas: m, leadIntervals: l };
  };
  const apply = () => {
    const locale = typeof navigator !== "undefined" ? navigator.language : undefined;
    const r = parseScheduleValues(text(), locale);
    if (!r.ok)
      return setError(
        r.key === "schedBadCount"
          ? t(r.key, { n: fmtValue(r.n, 0) })
          : t(r.key, { index: r.index, text: r.text }),
      );
    const s = settings();
    if (!s) return;
    setError(null);
    wb.setSchedule(index(), { intervalSec: HOUR, rps: r.values, ...s } satisfies ScheduleDef);
  };
  const fromTrace = () => {
    const s = settings();
    if (!s) return;
    setError(null);
    wb.setSchedule(index(), { intervalSec: HOUR, fromTrace: true, ...s } satisfies ScheduleDef);
  };
  return {
    defs,
    index,
    def,
    text,
    setText,
    minR,
    setMinR,
    lead,
    setLead,
    error,
    apply,
    fromTrace,
    remove: () => wb.setSchedule(index(), null),
  };
}

/** The editor of {@link createScheduleEditor}. */
export type ScheduleEditorState = ReturnType<typeof createScheduleEditor>;
