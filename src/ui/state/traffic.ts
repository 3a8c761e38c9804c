/**
 * The Traffic sheet's trace (docs/traffic.md "In the app"): one trace at a time, read in the
 * trace worker with progress by bytes (a file is never read on the main thread), summarised at
 * the planner's bin. The state lives as long as the app (switching sheets keeps it); what the plan
 * keeps is written into it by the sheet's buttons. A failed import leaves the previous trace.
 */
import { createSignal } from "solid-js";
import { createStore, produce, unwrap } from "solid-js/store";
import { readTraceInWorker, rebinTrace } from "../../import/trace-browser";
import { TRACE_BINS, type TraceSource, type TraceView } from "../../import/trace-session";
import { formatIssue, type ImportIssue } from "../../import/types";
import type { TrafficSummary } from "../../engine/demand/traffic";
import { fmtValue } from "../format";
import { useWorkbook } from "./context";
import { t } from "./i18n";
import type { Workbook } from "./workbook";

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

/** The state of a sheet with no trace. */
const idle = (): TrafficState => ({
  status: "idle",
  file: null,
  progress: null,
  errors: [],
  issues: [],
  view: null,
  binSec: DEFAULT_BIN_SEC,
  stored: false,
});

/** The view of a summary stored in a plan (no file behind it: one bin, no histograms). */
function storedView(name: string, summary: TrafficSummary): TraceView {
  return {
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
  };
}

export type TrafficStore = ReturnType<typeof createTrafficStore>;

/**
 * The Traffic sheet's state for one workbook (see {@link trafficOf}): two workbooks on a page, or
 * two tests, never share a trace.
 */
export function createTrafficStore() {
  const [state, setState] = createStore<TrafficState>(idle());
  /** Bumped by every import, rebin and clear: a late answer of an older one is dropped. */
  let generation = 0;

  /** Read a trace (a picked or dropped file, or text) and show it at the current bin. */
  async function importTrace(src: TraceSource): Promise<void> {
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
    setState(
      produce((s) => {
        s.progress = null;
        if (!r.ok) {
          s.status = s.view ? "ok" : "error";
          s.errors = r.errors.map(formatIssue);
          s.issues = r.errors;
          return;
        }
        s.status = "ok";
        s.view = r.view;
        s.stored = false;
      }),
    );
  }

  /** Summarise the trace at another bin (the worker keeps it: nothing is read again). */
  async function setTraceBin(binSec: number): Promise<void> {
    if (state.stored) return;
    setState("binSec", binSec);
    if (!state.view) return;
    const gen = ++generation;
    const r = await rebinTrace(binSec);
    if (gen !== generation) return;
    setState(
      produce((s) => {
        if (r.ok) s.view = r.view;
        s.errors = r.ok ? [] : r.errors.map(formatIssue);
        s.issues = r.ok ? [] : r.errors;
      }),
    );
  }

  /** Forget the trace (tests, "Clear"). */
  function clearTrace(): void {
    generation++;
    setState(idle());
  }

  /**
   * Show a summary stored in the plan (a workload made from a trace, after a reload or in a plan
   * someone sent): its own bin only, no length histograms (the plan keeps the statistics, not the
   * per-token counts). Import the file again for the rest.
   */
  function showStoredTrace(name: string, summary: TrafficSummary): void {
    generation++;
    setState({
      ...idle(),
      status: "ok",
      file: name,
      binSec: summary.binSec,
      stored: true,
      view: storedView(name, summary),
    });
  }

  /** Index of the workload the schedule section edits (the workload just made from a trace, or the planner's choice). */
  const [scheduleWorkload, setScheduleWorkload] = createSignal(0);

  return {
    /** The sheet's trace state (read-only; change it through the functions here). */
    traffic: state as TrafficState,
    importTrace,
    setTraceBin,
    clearTrace,
    showStoredTrace,
    scheduleWorkload,
    /** Choose the workload the schedule section edits. */
    setScheduleWorkload: (index: number): void => void setScheduleWorkload(index),
  };
}

/**
 * Each workbook's traffic store, made on first use: the trace belongs to the workbook the sheet
 * shows (switching sheets keeps it; another workbook, as in tests, has its own).
 */
const stores = new WeakMap<Workbook, TrafficStore>();

/** The traffic store of a workbook. */
export function trafficOf(wb: Workbook): TrafficStore {
  let store = stores.get(wb);
  if (!store) stores.set(wb, (store = createTrafficStore()));
  return store;
}

/** The traffic store of the enclosing workbook (components under the workbook's provider). */
export function useTraffic(): TrafficStore {
  return trafficOf(useWorkbook());
}

/** The first file of a drop or a pick. */
export function traceSourceOf(files: ArrayLike<File>): TraceSource | null {
  const f = files[0];
  return f ? { name: f.name, file: f } : null;
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
