/**
 * Browser side of trace import (docs/traffic.md "In the app"): the file goes to the trace worker
 * as a Blob and is READ THERE in chunks, with progress by bytes; the worker keeps the trace, so a
 * new bin is asked for without sending it again. Where workers are unavailable (unit tests) the
 * same {@link TraceSession} runs on this thread. No solid-js here.
 */
import {
  TraceSession,
  type TraceOutcome,
  type TraceProgress,
  type TraceSource,
} from "./trace-session";
import type { TraceReply, TraceRequest } from "./trace-worker";

let worker: Worker | null = null;
let here: TraceSession | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  if (!worker) {
    try {
      worker = new Worker(new URL("./trace-worker.ts", import.meta.url), { type: "module" });
    } catch {
      worker = null;
    }
  }
  return worker;
}

/** A request without its id. */
type TraceAsk =
  | { type: "read"; source: TraceSource; binSec: number }
  | { type: "bin"; binSec: number };

function ask(req: TraceAsk, onProgress?: TraceProgress): Promise<TraceOutcome> {
  const w = getWorker();
  if (!w) {
    here ??= new TraceSession();
    return req.type === "read"
      ? here.read(req.source, req.binSec, onProgress)
      : Promise.resolve(here.summarise(req.binSec));
  }
  const id = nextId++;
  return new Promise((resolve) => {
    const done = (o: TraceOutcome): void => {
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
      resolve(o);
    };
    const onMessage = (e: MessageEvent<TraceReply>): void => {
      if (e.data.id !== id) return;
      if (e.data.type === "progress") onProgress?.(e.data.done, e.data.total);
      else done(e.data.outcome);
    };
    const onError = (e: ErrorEvent): void => {
      worker = null;
      done({
        ok: false,
        errors: [
          {
            file: "source" in req ? req.source.name : "(trace)",
            code: "worker",
            message: `the trace worker failed: ${e.message}`,
          },
        ],
      });
    };
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    w.postMessage({ ...req, id } satisfies TraceRequest);
  });
}

/** Read a trace (in the worker) and summarise it at `binSec`. Never rejects for bad content. */
export function readTraceInWorker(
  source: TraceSource,
  binSec: number,
  onProgress?: TraceProgress,
): Promise<TraceOutcome> {
  return ask({ type: "read", source, binSec }, onProgress);
}

/** Summarise the trace last read at another bin (no file is read again). */
export function rebinTrace(binSec: number): Promise<TraceOutcome> {
  return ask({ type: "bin", binSec });
}
