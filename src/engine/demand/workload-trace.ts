/**
 * Workloads that take their numbers from a request trace (docs/traffic.md, "A workload from a
 * trace"): `trace: { file, binSec, peak }` in the plan. The engine never reads files: the CLI
 * reads `file` and puts the trace's summary inline under `trace.traffic` (a
 * {@link TrafficSummary}), as the app does when it imports a trace. From the summary a workload
 * takes, unless written explicitly:
 *   peakRps      = the highest bin rate (`peak: "max"`, the default) or the p99 of the bin rates
 *   avgRps       = meanRps (requests ÷ duration)
 *   inputTokens  = mean input tokens per request
 *   outputTokens = mean output tokens per request
 * Pure; no I/O.
 */
import { trafficMessages as T } from "./traffic-messages";
import type { Problem } from "../base/problems";
import type { TrafficGroup, TrafficSummary } from "../base/traffic-types";
import { SECONDS_PER_DAY } from "../base/units";

export type TracePeak = "max" | "p99";

/** The default bin of a trace-backed workload, seconds. */
export const DEFAULT_TRACE_BIN_SEC = 60;

/** A workload's trace as the resolved plan holds it. */
export interface ResolvedTrace {
  /** The file as written in the plan (null when only the inline summary is stored). */
  file: string | null;
  /** A display name (the app stores the imported file's name). */
  name: string | null;
  binSec: number;
  peak: TracePeak;
  /** The summary; null when the file has not been read. */
  traffic: TrafficSummary | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const finiteOrNull = (v: unknown): boolean => v === null || finite(v);

/**
 * Why `v` is not a usable traffic summary (the shape `capplan traffic --json` prints), or null:
 * a problem (code `traffic.summary*`). Only what a workload and a schedule read is checked.
 */
export function trafficSummaryProblem(v: unknown): Problem | null {
  if (!isObj(v)) return T.problem("summaryNotObject", {});
  for (const k of ["requests", "binSec", "peakRps", "p99Rps", "durationSec", "seriesStartSec"]) {
    if (!finite(v[k])) return T.problem("summaryNotNumber", { key: k });
  }
  if (!((v.binSec as number) > 0)) return T.problem("summaryBinNotPositive", {});
  if (!finiteOrNull(v.meanRps)) return T.problem("summaryNumberOrNull", { key: "meanRps" });
  for (const k of ["inputTokens", "outputTokens"]) {
    const s = v[k];
    if (!isObj(s) || !finiteOrNull(s.mean))
      return T.problem("summaryNumberOrNull", { key: `${k}.mean` });
  }
  if (!Array.isArray(v.series) || !v.series.every((x) => finite(x) && x >= 0))
    return T.problem("summarySeries", {});
  return null;
}

/** The workload's trace (`def.trace`), or null when it has none. Assumes a validated plan. */
export function resolveTrace(v: unknown): ResolvedTrace | null {
  if (!isObj(v)) return null;
  const bin = v.binSec;
  const traffic =
    v.traffic !== undefined && trafficSummaryProblem(v.traffic) === null
      ? (v.traffic as TrafficSummary)
      : null;
  return {
    file: typeof v.file === "string" ? v.file : null,
    name: typeof v.name === "string" ? v.name : null,
    binSec: finite(bin) && bin > 0 ? bin : (traffic?.binSec ?? DEFAULT_TRACE_BIN_SEC),
    peak: v.peak === "p99" ? "p99" : "max",
    traffic,
  };
}

/** The numbers a workload takes from its trace's summary (null: the trace does not give one). */
export interface TraceNumbers {
  peakRps: number | null;
  avgRps: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

/** The workload numbers of a summary: peak (max or p99 of the bins), mean rate, mean lengths. */
export function traceNumbers(s: TrafficSummary, peak: TracePeak): TraceNumbers {
  const n = (x: number | null | undefined): number | null => (finite(x) ? x : null);
  return {
    peakRps: n(peak === "p99" ? s.p99Rps : s.peakRps),
    avgRps: n(s.meanRps),
    inputTokens: s.requests > 0 ? n(s.inputTokens.mean) : null,
    outputTokens: s.requests > 0 ? n(s.outputTokens.mean) : null,
  };
}

/** One daily `tenants.usage` row (docs/allocation.md: daily tokens per team). */
export interface UsageRow {
  team: string;
  pool?: string;
  inputTokens: number;
  outputTokens: number;
}

/**
 * Daily `tenants.usage` rows from a trace's team column (docs/traffic.md): each team's tokens ÷
 * the trace's duration in days (the `dailyInputTokens` / `dailyOutputTokens` of its group). Null
 * when the trace has no team column or no duration (one instant: there is no "per day").
 */
export function usageFromTraffic(
  s: Pick<TrafficSummary, "teams" | "durationSec">,
  pool?: string,
): UsageRow[] | null {
  if (!s.teams || !(s.durationSec > 0)) return null;
  const days = s.durationSec / SECONDS_PER_DAY;
  return s.teams.map((g: TrafficGroup) => {
    const tokens = {
      inputTokens: g.totalInputTokens / days,
      outputTokens: g.totalOutputTokens / days,
    };
    return pool !== undefined ? { team: g.name, pool, ...tokens } : { team: g.name, ...tokens };
  });
}
