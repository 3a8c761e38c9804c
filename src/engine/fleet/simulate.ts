/**
 * The fleet simulator (docs/simulate.md): N replicas × S slots serving a stream of requests.
 *
 * - A request admitted to a replica that then has k requests in service is served in
 *   `ttft(k) + (outputTokens − 1) × tpot(k)` ms (output lengths below 1 count as 1), fixed at
 *   admission; its TTFT is its wait plus `ttft(k)`, its E2E its wait plus the service time.
 * - An arriving request goes to the replica with the fewest requests in service when any has a
 *   free slot (ties: the lowest index); otherwise it waits in one first-come queue, and the head
 *   of the queue takes the next slot that frees.
 * - Events at the same instant: completions before arrivals, completions by replica index,
 *   arrivals in the order given.
 *
 * Speed: the only events kept are completions, in a binary heap of typed arrays ordered by
 * (time, replica); arrivals are read in order from their array; the queue is the run of arrivals
 * not yet admitted (first come, first served, so it is always contiguous); the least-loaded
 * replica is the root of a tournament tree over the replicas, updated in O(log N). A run is
 * O(n log(N·S)) time and O(n) memory for the per-request results.
 */
import { CompletionHeap, LeastBusy } from "./fleet-queues";

/** Arrivals in time order: times in ms from any origin (ascending), lengths in tokens. */
export interface Arrivals {
  timeMs: Float64Array;
  inputTokens: Float64Array;
  outputTokens: Float64Array;
}

/** The fleet: replicas, slots per replica, and TTFT/TPOT (ms) at 1 … slots in service (index 0 unused). */
export interface FleetSpec {
  replicas: number;
  slots: number;
  ttftMs: Float64Array;
  tpotMs: Float64Array;
}

/** Per-request results of one run, in arrival order, and the totals. */
export interface FleetRun {
  waitMs: Float64Array;
  ttftMs: Float64Array;
  e2eMs: Float64Array;
  tpotMs: Float64Array;
  /** The replica that served each request (0-based). */
  replica: Int32Array;
  /** Requests in service on that replica right after this one was admitted (k). */
  inService: Int32Array;
  /** Requests that waited at all (wait > 0). */
  queued: number;
  /** Σ service times: busy slot-time (ms). */
  busyMs: number;
  /** First arrival and last completion (ms): the simulated span. */
  startMs: number;
  endMs: number;
}

/**
 * Simulate one fleet over the arrivals. `onProgress(done, total)` is called every 2^16 admitted
 * requests (for the app's worker). Pure and deterministic: the same input gives the same output.
 */
export function runFleet(
  arr: Arrivals,
  fleet: FleetSpec,
  onProgress?: (done: number, total: number) => void,
): FleetRun {
  const n = arr.timeMs.length;
  // A fleet that is not whole numbers ≥ 1 of replicas and slots serves nothing.
  const N = Number.isInteger(fleet.replicas) && fleet.replicas > 0 ? fleet.replicas : 0;
  const S = Number.isInteger(fleet.slots) && fleet.slots > 0 ? fleet.slots : 0;
  const times = arr.timeMs;
  const out = arr.outputTokens;
  const ttftK = fleet.ttftMs;
  const tpotK = fleet.tpotMs;
  const waitMs = new Float64Array(n);
  const ttftMs = new Float64Array(n);
  const e2eMs = new Float64Array(n);
  const tpotMs = new Float64Array(n);
  const replica = new Int32Array(n);
  const inService = new Int32Array(n);

  // Completions to come, at most N × S; the least busy replica.
  const heap = new CompletionHeap(N * S);
  const replicas = new LeastBusy(N);

  let busyMs = 0;
  let endMs = n ? times[0]! : 0;
  let queued = 0;
  let ai = 0; // next arrival to read
  let head = 0; // oldest request not yet admitted; the queue is [head, ai)

  const admit = (j: number, r: number, t: number): void => {
    const k = replicas.add(r);
    const o = out[j]!;
    const tt = ttftK[k]!;
    const tp = tpotK[k]!;
    const svc = tt + (o > 1 ? o - 1 : 0) * tp;
    const w = t - times[j]!;
    if (w > 0) queued++;
    waitMs[j] = w;
    ttftMs[j] = w + tt;
    e2eMs[j] = w + svc;
    tpotMs[j] = tp;
    replica[j] = r;
    inService[j] = k;
    busyMs += svc;
    const done = t + svc;
    if (done > endMs) endMs = done;
    heap.push(done, r);
    if (onProgress && (j & 0xffff) === 0xffff) onProgress(j + 1, n);
  };

  while (head < n) {
    const nextArrival = ai < n ? times[ai]! : Infinity;
    if (heap.n > 0 && heap.topTime() <= nextArrival) {
      // A completion (before an arrival at the same instant).
      const t = heap.topTime();
      const r = heap.topReplica();
      heap.pop();
      replicas.remove(r);
      if (head < ai) admit(head++, r, t);
      else replicas.update(r);
    } else {
      // No completion to come and no arrival left: the rest can never be served (no slot at all).
      if (ai >= n) break;
      // An arrival: admitted at once when the queue is empty and a slot is free.
      const j = ai++;
      if (head === j) {
        const r = replicas.least();
        if (replicas.busy[r]! < S) admit(head++, r, nextArrival);
      }
    }
  }
  // Requests never admitted (a fleet without slots) wait for ever.
  for (let j = head; j < n; j++) {
    waitMs[j] = ttftMs[j] = e2eMs[j] = Infinity;
    tpotMs[j] = NaN;
    replica[j] = -1;
  }
  return {
    waitMs,
    ttftMs,
    e2eMs,
    tpotMs,
    replica,
    inService,
    queued,
    busyMs,
    startMs: n ? times[0]! : 0,
    endMs,
  };
}
