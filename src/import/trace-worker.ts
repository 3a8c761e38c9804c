/**
 * Trace worker: reads a request trace off the main thread (a trace of millions of rows never
 * freezes the page) and keeps its accumulator, so the planner's next bin is summarised without
 * reading the file again. Messages in: `{ id, type: "read", source, binSec }` or
 * `{ id, type: "bin", binSec }`; out: `{ id, type: "progress", done, total }` (bytes) and
 * `{ id, type: "result", outcome }`.
 */
import { TraceSession, type TraceOutcome, type TraceSource } from "./trace-session";

/** A request to the trace worker. */
export type TraceRequest =
  | { id: number; type: "read"; source: TraceSource; binSec: number }
  | { id: number; type: "bin"; binSec: number };

/** A message from the trace worker. */
export type TraceReply =
  | { id: number; type: "progress"; done: number; total: number }
  | { id: number; type: "result"; outcome: TraceOutcome };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<TraceRequest>) => void) | null;
  postMessage(m: TraceReply): void;
};

/** Progress messages at most this often (ms). */
const PROGRESS_EVERY_MS = 50;

const session = new TraceSession();
// Requests are handled one after the other: a new bin waits for the read before it.
let queue: Promise<unknown> = Promise.resolve();

scope.onmessage = (e) => {
  const req = e.data;
  queue = queue.then(async () => {
    let last = 0;
    const outcome =
      req.type === "read"
        ? await session.read(req.source, req.binSec, (done, total) => {
            const now = performance.now();
            if (now - last < PROGRESS_EVERY_MS && done < total) return;
            last = now;
            scope.postMessage({ id: req.id, type: "progress", done, total });
          })
        : session.summarise(req.binSec);
    scope.postMessage({ id: req.id, type: "result", outcome });
  });
};
