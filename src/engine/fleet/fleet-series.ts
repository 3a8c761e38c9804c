/**
 * The app's fleet view (docs/simulate.md "In the app"): the answer of `capplan simulate` for the
 * plan's fleet, and beside it the same arrivals simulated at other replica counts, so tail
 * latency, queued share and utilization can be read against the replica count. Pure; the app runs
 * it in a worker (src/ui/state/fleet-worker.ts), and it gives the CLI's numbers for the same seed
 * because both call {@link simulatePlanFleet}.
 */
import type { Slo } from "../base/types";
import { judgedSlos, simulateStats, type LatencyStats } from "./fleet-result";
import { simulatePlanFleet, type FleetSetup, type SimulationAnswer } from "./fleet-plan";
import type { Arrivals } from "./simulate";

/** One replica count of the series. */
export interface FleetSeriesRow {
  replicas: number;
  ttftMs: LatencyStats | null;
  e2eMs: LatencyStats | null;
  queuedShare: number | null;
  utilization: number | null;
  sloAttainment: number | null;
  /** Every judged SLO holds at its statistic; null without one. */
  slosHold: boolean | null;
}

/** Most replica counts one series simulates. */
export const MAX_SERIES = 16;

/**
 * The replica counts of the series: every count from 1 to `upTo` when they are few, else
 * {@link MAX_SERIES} counts spread over 1 … `upTo`; always with the `marks` (the fleet's count, the
 * formula's, replicasForSlo) and in ascending order.
 */
export function seriesCounts(upTo: number, marks: readonly (number | null)[]): number[] {
  const set = new Set<number>();
  if (upTo <= MAX_SERIES) for (let r = 1; r <= upTo; r++) set.add(r);
  else
    for (let i = 0; i < MAX_SERIES; i++)
      set.add(Math.max(1, Math.round(1 + (i * (upTo - 1)) / (MAX_SERIES - 1))));
  for (const m of marks) if (m !== null && m >= 1) set.add(m);
  return [...set].sort((a, b) => a - b);
}

/** The answer and the series. `onProgress(done, total)` counts simulations. */
export function fleetSeries(
  setup: FleetSetup,
  arrivals: Arrivals,
  opts: {
    replicas: number;
    slots: number;
    seed: number;
    source: "trace" | "poisson";
    slos: readonly Slo[];
  },
  onProgress?: (done: number, total: number) => void,
): { answer: SimulationAnswer; rows: FleetSeriesRow[] } {
  const judged = judgedSlos(opts.slos);
  const upTo = 4 * (setup.formulaReplicas ?? opts.replicas);
  // The search takes about log2(upTo) + 1 simulations, the series one per count.
  const searchSteps = Math.ceil(Math.log2(Math.max(2, upTo))) + 1;
  const estimate = 1 + searchSteps + Math.min(upTo, MAX_SERIES) + 3;
  let done = 0;
  const step = () => onProgress?.(++done, Math.max(estimate, done + 1));
  const answer = simulatePlanFleet(setup, arrivals, {
    ...opts,
    onProgress: (stage, d, t) => {
      if (stage === "run" && d >= t) step();
      if (stage === "search") step();
    },
  });
  step();
  const counts = seriesCounts(upTo, [opts.replicas, setup.formulaReplicas, answer.replicasForSlo]);
  const rows = counts.map((r): FleetSeriesRow => {
    const st =
      r === answer.replicas
        ? { ...answer, slo: answer.slo.map((s) => ({ holds: s.holds })) }
        : simulateStats(arrivals, setup.levels, r, opts.slots, judged);
    step();
    return {
      replicas: r,
      ttftMs: st.ttftMs,
      e2eMs: st.e2eMs,
      queuedShare: st.queuedShare,
      utilization: st.utilization,
      sloAttainment: st.sloAttainment,
      slosHold: judged.length ? st.slo.every((s) => s.holds) : null,
    };
  });
  onProgress?.(done, done);
  return { answer, rows };
}
