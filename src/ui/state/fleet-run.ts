/**
 * The fleet view's simulation job (docs/simulate.md "In the app"): arrivals built from a plain
 * description (Poisson at a rate, or a trace file read in chunks through the shared trace reader),
 * then {@link fleetSeries}. Runs in the fleet worker (./fleet-worker.ts) or, where there is no
 * worker (unit tests), on the calling thread. No DOM, no Solid.
 */
import type { Problem } from "../../engine/base/problems";
import type { Slo } from "../../engine/base/types";
import { poissonArrivals, traceArrivals, type LengthSpec } from "../../engine/fleet/arrivals";
import type { FleetSetup } from "../../engine/fleet/fleet-plan";
import { fleetSeries, type FleetSeriesRow } from "../../engine/fleet/fleet-series";
import { fleetMessages as F } from "../../engine/fleet/messages";
import type { SimulationAnswer } from "../../engine/fleet/fleet-plan";
import type { Arrivals } from "../../engine/fleet/simulate";
import { TraceReader } from "../../import/trace";
import type { ImportIssue } from "../../import/types";

/** Where the arrivals come from. */
export type ArrivalSpec =
  | { kind: "poisson"; rps: number; requests: number; input: LengthSpec; output: LengthSpec }
  | { kind: "trace"; name: string; file: Blob | string; rateScale: number };

/** One simulation job. */
export interface FleetJob {
  setup: FleetSetup;
  arrivals: ArrivalSpec;
  replicas: number;
  slots: number;
  seed: number;
  slos: Slo[];
}

/** A job's outcome. */
export type FleetOutcome =
  | { ok: true; answer: SimulationAnswer; rows: FleetSeriesRow[] }
  | { ok: false; problem?: Problem; issues?: ImportIssue[] };

/** Progress: stage, and done of total. */
export type FleetProgress = (stage: "read" | "simulate", done: number, total: number) => void;

async function readTrace(
  spec: Extract<ArrivalSpec, { kind: "trace" }>,
  onProgress?: FleetProgress,
): Promise<{ ok: true; arrivals: Arrivals } | { ok: false; outcome: FleetOutcome }> {
  const t: number[] = [];
  const inp: number[] = [];
  const out: number[] = [];
  const reader = new TraceReader(spec.name, {
    onRequest: (ts, i, o) => {
      t.push(ts);
      inp.push(i);
      out.push(o);
    },
  });
  if (typeof spec.file === "string") reader.push(spec.file);
  else {
    const total = spec.file.size;
    const stream = spec.file.stream().getReader();
    const decoder = new TextDecoder("utf-8");
    let done = 0;
    for (;;) {
      const r = await stream.read();
      if (r.done) break;
      done += r.value.byteLength;
      reader.push(decoder.decode(r.value, { stream: true }));
      onProgress?.("read", done, total);
    }
    reader.push(decoder.decode());
  }
  const res = reader.finish();
  if (!res.ok) return { ok: false, outcome: { ok: false, issues: res.errors } };
  if (!t.length)
    return {
      ok: false,
      outcome: { ok: false, problem: F.problem("traceNoRows", { file: spec.name }) },
    };
  return { ok: true, arrivals: traceArrivals(t, inp, out, { rateScale: spec.rateScale }) };
}

/** Run a job: arrivals, then the answer and the series. Never throws for bad input. */
export async function runFleetJob(
  job: FleetJob,
  onProgress?: FleetProgress,
): Promise<FleetOutcome> {
  let arrivals: Arrivals;
  if (job.arrivals.kind === "trace") {
    const r = await readTrace(job.arrivals, onProgress);
    if (!r.ok) return r.outcome;
    arrivals = r.arrivals;
  } else {
    const a = poissonArrivals({ ...job.arrivals, seed: job.seed });
    if (!a.ok) return { ok: false, problem: a.problem };
    arrivals = a.arrivals;
  }
  if (!arrivals.timeMs.length) return { ok: false, problem: F.problem("noArrivals", {}) };
  const { answer, rows } = fleetSeries(
    job.setup,
    arrivals,
    {
      replicas: job.replicas,
      slots: job.slots,
      seed: job.seed,
      source: job.arrivals.kind,
      slos: job.slos,
    },
    (d, t) => onProgress?.("simulate", d, t),
  );
  return { ok: true, answer, rows };
}
