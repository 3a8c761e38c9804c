/**
 * Fleet worker: runs a fleet simulation job (./fleet-run.ts) off the main thread, so a hundred
 * thousand requests at a dozen replica counts never freeze the workbook. Messages:
 * `{ id, job }` in; `{ id, type: "progress", stage, done, total }` and `{ id, type: "result", outcome }` out.
 */
import { runFleetJob, type FleetJob, type FleetOutcome } from "./fleet-run";

export interface FleetRequest {
  id: number;
  job: FleetJob;
}

export type FleetReply =
  | { id: number; type: "progress"; stage: "read" | "simulate"; done: number; total: number }
  | { id: number; type: "result"; outcome: FleetOutcome };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<FleetRequest>) => void) | null;
  postMessage(m: FleetReply): void;
};

scope.onmessage = async (e) => {
  const { id, job } = e.data;
  let last = 0;
  const outcome = await runFleetJob(job, (stage, done, total) => {
    const now = Date.now();
    if (now - last < 50 && done < total) return;
    last = now;
    scope.postMessage({ id, type: "progress", stage, done, total });
  });
  scope.postMessage({ id, type: "result", outcome });
};
