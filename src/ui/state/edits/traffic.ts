/** Edits of the Traffic sheet: a workload from a trace, and a workload's schedule (docs/schedules.md). */
import type { ScheduleDef, WorkloadDef } from "../../../engine/base/types";
import type { EditContext } from "./context";
import { planDefs } from "./assumptions";

/** Trace and schedule edits of the workbook. */
export interface TrafficEdits {
  /** Add a workload (one undo step); returns its index in `workloads`. */
  addTraceWorkload(def: WorkloadDef): number;
  /** Set `workloads[index].schedule`, or remove it (null): one undo step. */
  setSchedule(index: number, schedule: ScheduleDef | null): void;
}

export function trafficEdits(ctx: EditContext): TrafficEdits {
  const { mutate } = ctx;
  return {
    addTraceWorkload(def) {
      let index = -1;
      mutate((p) => {
        const defs = planDefs(p);
        defs.push(structuredClone(def));
        index = defs.length - 1;
      });
      return index;
    },
    setSchedule(index, schedule) {
      mutate((p) => {
        const w = planDefs(p)[index];
        if (!w) return;
        if (schedule) w.schedule = structuredClone(schedule);
        else delete w.schedule;
      });
    },
  };
}
