/** The workloads of a plan whose trace summary is stored inline (the Traffic sheet offers to show them). */
import type { TrafficSummary } from "../../../engine/base/traffic-types";
import type { PlanFile } from "../../../engine/base/types";

/** A stored trace: its workload's index and name, the file it came from, its summary. */
export interface StoredTrace {
  index: number;
  workload: string;
  file: string;
  summary: TrafficSummary;
}

/** The plan's workloads (a list, or the single `workload`) that store a trace summary. */
export function storedTraces(plan: Pick<PlanFile, "workloads" | "workload">): StoredTrace[] {
  const defs = Array.isArray(plan.workloads)
    ? plan.workloads
    : plan.workload
      ? [plan.workload]
      : [];
  return defs.flatMap((d, index) =>
    d.trace?.traffic
      ? [
          {
            index,
            workload: d.name ?? `#${index + 1}`,
            file: d.trace.name ?? d.trace.file ?? d.name ?? "trace",
            summary: d.trace.traffic,
          },
        ]
      : [],
  );
}
