/**
 * What the Traffic sheet's buttons write into the plan (docs/traffic.md "In the app"):
 * - a workload from the trace: `{ name, trace: { name, binSec, peak, traffic } }` with the
 *   summary stored inline (the app has no file to point at; the engine reads peakRps, avgRps and
 *   the mean lengths from it, docs/plan-file.md);
 * - `tenants.usage` rows from the team column: each team's tokens per day.
 * Pure but for unwrapping store proxies.
 */
import { unwrap } from "solid-js/store";
import type { TrafficSummary } from "../../engine/demand/traffic";
import type { TracePeak } from "../../engine/demand/workload-trace";
import { usageFromTraffic, type UsageRow } from "../../engine/demand/workload-trace";
import type { PlanFile, WorkloadDef } from "../../engine/base/types";
import { uniqueName } from "./plan-edit";

/** Bins a summary stored in the plan may carry (the series is kept for schedules from the trace). */
export const MAX_INLINE_BINS = 20_000;

/** A workload definition from a trace, or why not. */
export type TraceWorkload =
  | { ok: true; def: WorkloadDef }
  | { ok: false; key: "trTooManyBins"; bins: number; max: number };

/** Workload name from a file name: its stem (`AzureLLMInferenceTrace_conv`). */
export function traceStem(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(csv|tsv|jsonl|json|txt)$/i, "") || "trace";
}

/** The workload a trace makes, its name not taken by the plan's workloads. */
export function traceWorkloadDef(
  file: string,
  summary: TrafficSummary,
  peak: TracePeak,
  taken: readonly string[],
): TraceWorkload {
  if (summary.series.length > MAX_INLINE_BINS)
    return { ok: false, key: "trTooManyBins", bins: summary.series.length, max: MAX_INLINE_BINS };
  // A plain copy: the sheet's summary is a store proxy, which structuredClone refuses.
  // The plan stores the English notes only (as `capplan plan` does), not their problems.
  const { problems: _, ...traffic }: TrafficSummary = structuredClone(unwrap(summary));
  return {
    ok: true,
    def: {
      name: uniqueName(traceStem(file), taken),
      trace: { name: file, binSec: summary.binSec, peak, traffic },
    },
  };
}

/** Names of the plan's workloads (a single `workload` counts as one). */
export function workloadNames(p: PlanFile): string[] {
  const defs = Array.isArray(p.workloads) ? p.workloads : p.workload ? [p.workload] : [];
  return defs.map((d) => d.name ?? "");
}

/**
 * Usage rows from the trace's teams, in the plan's first pool when it has pools (the planner can
 * change the pool on the Teams sheet). Null when the trace has no team column or no duration.
 */
export function traceUsageRows(summary: TrafficSummary, p: PlanFile): UsageRow[] | null {
  const pool = p.tenants?.pools?.[0]?.name;
  return usageFromTraffic(summary, pool);
}
