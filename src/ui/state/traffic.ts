/**
 * The Traffic sheet's trace (docs/traffic.md "In the app"): one trace at a time, read in the
 * trace worker with progress by bytes (a file is never read on the main thread), summarised at
 * the planner's bin. The state lives for the page (switching sheets keeps it); what the plan
 * keeps is written into it by the sheet's buttons. A failed import leaves the previous trace.
 */
import { createSignal } from "solid-js";
import { createStore, produce, unwrap } from "solid-js/store";
import { readTraceInWorker, rebinTrace } from "../../import/trace-browser";
import { TRACE_BINS, type TraceSource, type TraceView } from "../../import/trace-session";
import { formatIssue, type ImportIssue } from "../../import/types";
import type { TrafficSummary } from "../../engine/demand/traffic";
import { fmtValue } from "../format";
import { t } from "./i18n";

/** The trace the sheet shows and the import in progress. */
export interface TrafficState {
  status: "idle" | "reading" | "ok" | "error";
  /** Name of the file being read or last read. */
  file: string | null;
  progress: { done: number; total: number } | null;
  /** Why the last import failed (file:line:column: message, English). */
  errors: string[];
  /** The same as issues, index for index, to render them in the chosen language. */
  issues: ImportIssue[];
  view: TraceView | null;
  binSec: number;
  /** The view is a summary stored in the plan (no file behind it: one bin, no histograms). */
  stored: boolean;
}

/** Default bin of the sheet (seconds), as the command line's. */
export const DEFAULT_BIN_SEC = 60;

const [state, setState] = createStore<TrafficState>({
  status: "idle",
  file: null,
  progress: null,
  errors: [],
  issues: [],
  view: null,
  binSec: DEFAULT_BIN_SEC,
  stored: false,
});

/** The sheet's trace state (read-only; change it through the functions below). */
export const traffic: TrafficState = state;

let generation = 0;

/** Read a trace (a picked or dropped file, or text) and show it at the current bin. */
export async function importTrace(src: TraceSource): Promise<void> {
  const gen = ++generation;
  // A stored summary may be at a bin the sheet does not offer: a file starts at an offered one.
  if (!(TRACE_BINS as readonly number[]).includes(state.binSec))
    setState("binSec", DEFAULT_BIN_SEC);
  setState(
    produce((s) => {
      s.status = "reading";
      s.file = src.name;
      s.progress = { done: 0, total: "file" in src ? src.file.size : src.text.length };
      s.errors = [];
      s.issues = [];
    }),
  );
  const r = await readTraceInWorker(src, state.binSec, (done, total) => {
    if (gen === generation) setState("progress", { done, total });
  });
  if (gen !== generation) return;
  if (!r.ok) {
    setState(
      produce((s) => {
        s.status = s.view ? "ok" : "error";
        s.errors = r.errors.map(formatIssue);
        s.issues = r.errors;
        s.progress = null;
      }),
    );
    return;
  }
  setState(
    produce((s) => {
      s.status = "ok";
      s.view = r.view;
      s.stored = false;
      s.progress = null;
    }),
  );
}

/** The first file of a drop or a pick. */
export function traceSourceOf(files: ArrayLike<File>): TraceSource | null {
  const f = files[0];
  return f ? { name: f.name, file: f } : null;
}

/** Summarise the trace at another bin (the worker keeps it: nothing is read again). */
export async function setTraceBin(binSec: number): Promise<void> {
  if (state.stored) return;
  setState("binSec", binSec);
  if (!state.view) return;
  const gen = ++generation;
  const r = await rebinTrace(binSec);
  if (gen !== generation) return;
  if (r.ok) setState(produce((s) => void ((s.view = r.view), (s.errors = []), (s.issues = []))));
  else
    setState(produce((s) => void ((s.errors = r.errors.map(formatIssue)), (s.issues = r.errors))));
}

/** Forget the trace (tests, "Clear"). */
export function clearTrace(): void {
  generation++;
  setState({
    status: "idle",
    file: null,
    progress: null,
    errors: [],
    issues: [],
    view: null,
    binSec: DEFAULT_BIN_SEC,
    stored: false,
  });
}

/**
 * Show a summary stored in the plan (a workload made from a trace, after a reload or in a plan
 * someone sent): its own bin only, no length histograms (the plan keeps the statistics, not the
 * per-token counts). Import the file again for the rest.
 */
export function showStoredTrace(name: string, summary: TrafficSummary): void {
  generation++;
  setState({
    status: "ok",
    file: name,
    progress: null,
    errors: [],
    issues: [],
    binSec: summary.binSec,
    stored: true,
    view: {
      name,
      format: "trace-csv",
      formatTitle: "",
      rows: summary.requests + summary.failed,
      badRows: 0,
      warnings: [],
      columns: {},
      summary: structuredClone(unwrap(summary)),
      input: null,
      output: null,
    },
  });
}

/** The burstiness of a summary in one sentence. */
export function burstSentence(s: TrafficSummary): string {
  const ptm = fmtValue(s.peakToMean, 1);
  const bin = fmtValue(s.binSec, 0);
  if (s.interarrivalCv == null) return t("trBurstNoCv", { bin, ptm });
  const cv = s.interarrivalCv;
  const kind = cv > 1.1 ? t("trBursty") : cv >= 0.9 ? t("trRandom") : t("trRegular");
  return t("trBurstSentence", { kind, cv: fmtValue(cv, 2), bin, ptm });
}

const [scheduleWorkload, setScheduleWorkloadSignal] = createSignal(0);

/** Index of the workload the schedule section edits (the workload just made from a trace, or the planner's choice). */
export { scheduleWorkload };

/** Choose the workload the schedule section edits. */
export function setScheduleWorkload(index: number): void {
  setScheduleWorkloadSignal(index);
}
