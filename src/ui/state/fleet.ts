/**
 * The fleet view's state (docs/simulate.md "In the app"): one simulation at a time, run in the
 * fleet worker with progress (on this thread where there is no worker). A new run supersedes the
 * one in progress; the last result stays until the next one arrives.
 */
import { createStore, produce } from "solid-js/store";
import type { FleetJob, FleetOutcome } from "./fleet-run";
import type { FleetReply, FleetRequest } from "./fleet-worker";

export interface FleetState {
  status: "idle" | "running" | "ok" | "error";
  stage: "read" | "simulate" | null;
  progress: { done: number; total: number } | null;
  outcome: FleetOutcome | null;
  /** The SKU the outcome is for. */
  sku: string | null;
}

const [state, setState] = createStore<FleetState>({
  status: "idle",
  stage: null,
  progress: null,
  outcome: null,
  sku: null,
});

/** The view's state (read-only). */
export const fleet: FleetState = state;

let worker: Worker | null = null;
let nextId = 1;
let current = 0;

function getWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  if (!worker) {
    try {
      worker = new Worker(new URL("./fleet-worker.ts", import.meta.url), { type: "module" });
    } catch {
      worker = null;
    }
  }
  return worker;
}

function run(job: FleetJob, onProgress: (r: FleetReply) => void): Promise<FleetOutcome> {
  const w = getWorker();
  const id = nextId++;
  if (!w)
    return import("./fleet-run").then((m) =>
      m.runFleetJob(job, (stage, done, total) =>
        onProgress({ id, type: "progress", stage, done, total }),
      ),
    );
  return new Promise((resolve) => {
    const onMessage = (e: MessageEvent<FleetReply>) => {
      if (e.data.id !== id) return;
      if (e.data.type === "progress") onProgress(e.data);
      else {
        w.removeEventListener("message", onMessage);
        w.removeEventListener("error", onError);
        resolve(e.data.outcome);
      }
    };
    const onError = (e: ErrorEvent) => {
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
      worker = null;
      resolve({
        ok: false,
        issues: [
          { file: "(fleet)", code: "worker", message: `the fleet worker failed: ${e.message}` },
        ],
      });
    };
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    w.postMessage({ id, job } satisfies FleetRequest);
  });
}

/** Simulate `job` for `sku`; the view shows progress, then the outcome. */
export async function simulateFleet(sku: string, job: FleetJob): Promise<void> {
  const gen = ++current;
  setState(
    produce((s) => {
      s.status = "running";
      s.stage = null;
      s.progress = null;
    }),
  );
  const outcome = await run(job, (r) => {
    if (gen !== current || r.type !== "progress") return;
    setState({ stage: r.stage, progress: { done: r.done, total: r.total } });
  });
  if (gen !== current) return;
  setState(
    produce((s) => {
      s.status = outcome.ok ? "ok" : "error";
      s.outcome = outcome;
      s.sku = sku;
      s.progress = null;
      s.stage = null;
    }),
  );
}
