/**
 * The Traffic sheet's trace (docs/traffic.md "In the app"): one trace at a time, read in the
 * trace worker with progress by bytes (a file is never read on the main thread), summarised at
 * the planner's bin. The state lives for the page (switching sheets keeps it); what the plan
 * keeps is written into it by the sheet's buttons. A failed import leaves the previous trace.
 */
import { createStore, produce } from "solid-js/store";
import { readTraceInWorker, rebinTrace } from "../../import/trace-browser";
import type { TraceSource, TraceView } from "../../import/trace-session";
import { formatIssue } from "../../import/types";
import type { TrafficSummary } from "../../engine/traffic";
import { fmtValue } from "../format";
import { t } from "./i18n";

/** The trace the sheet shows and the import in progress. */
export interface TrafficState {
  status: "idle" | "reading" | "ok" | "error";
  /** Name of the file being read or last read. */
  file: string | null;
  progress: { done: number; total: number } | null;
  /** Why the last import failed (file:line:column: message). */
  errors: string[];
  view: TraceView | null;
  binSec: number;
}

/** Default bin of the sheet (seconds), as the command line's. */
export const DEFAULT_BIN_SEC = 60;

const [state, setState] = createStore<TrafficState>({ status: "idle", file: null, progress: null, errors: [], view: null, binSec: DEFAULT_BIN_SEC });

/** The sheet's trace state (read-only; change it through the functions below). */
export const traffic: TrafficState = state;

let generation = 0;

/** Read a trace (a picked or dropped file, or text) and show it at the current bin. */
export async function importTrace(src: TraceSource): Promise<void> {
  const gen = ++generation;
  setState(produce((s) => {
    s.status = "reading";
    s.file = src.name;
    s.progress = { done: 0, total: "file" in src ? src.file.size : src.text.length };
    s.errors = [];
  }));
  const r = await readTraceInWorker(src, state.binSec, (done, total) => {
    if (gen === generation) setState("progress", { done, total });
  });
  if (gen !== generation) return;
  if (!r.ok) {
    setState(produce((s) => {
      s.status = s.view ? "ok" : "error";
      s.errors = r.errors.map(formatIssue);
      s.progress = null;
    }));
    return;
  }
  setState(produce((s) => {
    s.status = "ok";
    s.view = r.view;
    s.progress = null;
  }));
}

/** The first file of a drop or a pick. */
export function traceSourceOf(files: ArrayLike<File>): TraceSource | null {
  const f = files[0];
  return f ? { name: f.name, file: f } : null;
}

/** Summarise the trace at another bin (the worker keeps it: nothing is read again). */
export async function setTraceBin(binSec: number): Promise<void> {
  setState("binSec", binSec);
  if (!state.view) return;
  const gen = ++generation;
  const r = await rebinTrace(binSec);
  if (gen !== generation) return;
  if (r.ok) setState(produce((s) => void ((s.view = r.view), (s.errors = []))));
  else setState("errors", r.errors.map(formatIssue));
}

/** Forget the trace (tests, "Clear"). */
export function clearTrace(): void {
  generation++;
  setState({ status: "idle", file: null, progress: null, errors: [], view: null, binSec: DEFAULT_BIN_SEC });
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
