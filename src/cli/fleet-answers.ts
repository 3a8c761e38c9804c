/**
 * The fleet answers of a loaded plan for `plan --json` and `capplan report` (docs/cli.md,
 * docs/report.md): the cheapest mix (HiGHS) and each SKU's fleet simulated at the plan's traffic.
 * HiGHS and the simulator are loaded here, on first use, so `capplan plan` without `--json`
 * never loads them. The simulation is bounded so that the answers stay fast: {@link
 * FLEET_REQUESTS} requests per SKU, seed {@link FLEET_SEED}, the same numbers as
 * `capplan simulate plan.json --sku NAME --requests 10000 --json` (or `--trace FILE` when the
 * plan's one workload has a trace of at most that many requests).
 */
import { dirname, resolve } from "node:path";
import type { Problem } from "../engine/base/problems";
import type { Slo } from "../engine/base/types";
import type { Arrivals } from "../engine/fleet/simulate";
import type { MilpSolver } from "../engine/plan/optimize";
import type { FleetAnswers, FleetSimulation } from "../report/fleet-section";
import type { Lang } from "../report/i18n";
import { localizeIssue } from "../report/messages";
import { CliError } from "./io";
import type { LoadedPlan } from "./plan-loader";
import { readTraceFile } from "./trace-file";

/** Requests simulated per SKU (the first ones of a trace). */
export const FLEET_REQUESTS = 10_000;
/** Seed of the simulated arrivals. */
export const FLEET_SEED = 1;
/**
 * Most replicas of a SKU these answers simulate: the search for replicasForSlo runs up to four
 * times as many, and a fleet with more slots than requests never queues anyway.
 */
export const FLEET_MAX_REPLICAS = 1_000;

/** The plan's one workload's trace file, resolved beside the plan (the loader has confined it). */
function traceOf(loaded: LoadedPlan, planPath: string): { file: string; full: string } | null {
  const ws = loaded.result.workloads;
  const file = ws.length === 1 ? ws[0]!.trace?.file : null;
  if (!file) return null;
  // As the loader resolves it: beside the plan, or in the working directory for `-`.
  return { file, full: resolve(planPath === "-" ? "." : dirname(planPath), file) };
}

/** The first {@link FLEET_REQUESTS} requests of a trace, in arrival order. */
async function traceArrivalsOf(full: string, lang: Lang): Promise<Arrivals> {
  const { traceArrivals } = await import("../engine/fleet/arrivals");
  const t: number[] = [];
  const inp: number[] = [];
  const out: number[] = [];
  const res = readTraceFile(full, {
    onRequest: (ts, i, o) => {
      t.push(ts);
      inp.push(i);
      out.push(o);
    },
  });
  if (!res.ok) throw new CliError(res.errors.map((e) => localizeIssue(e, lang)));
  const a = traceArrivals(t, inp, out, { seed: FLEET_SEED });
  const n = Math.min(FLEET_REQUESTS, a.timeMs.length);
  return {
    timeMs: a.timeMs.subarray(0, n),
    inputTokens: a.inputTokens.subarray(0, n),
    outputTokens: a.outputTokens.subarray(0, n),
  };
}

/** Simulate every SKU of the plan (each at its formula's replicas and default slots). */
async function simulations(loaded: LoadedPlan, trace: Arrivals | null): Promise<FleetSimulation[]> {
  const { fleetSetup, simulatePlanFleet } = await import("../engine/fleet/fleet-plan");
  const { poissonArrivals } = await import("../engine/fleet/arrivals");
  const { fleetMessages: F } = await import("../engine/fleet/messages");
  const { result } = loaded;
  const slos: Slo[] = result.slo.filter((s): s is Slo => s.maxMs !== null);
  return result.skus.map((sku): FleetSimulation => {
    const fail = (problem: Problem): FleetSimulation => ({ sku: sku.name, answer: null, problem });
    const set = fleetSetup(result, sku);
    if (!set.ok) return fail(set.problem);
    const st = set.setup;
    if (st.formulaReplicas === null || st.formulaReplicas < 1 || st.slots === null)
      return fail(F.problem("notPlanned", { sku: st.sku }));
    if (st.formulaReplicas > FLEET_MAX_REPLICAS)
      return fail(
        F.problem("fleetTooLarge", {
          sku: st.sku,
          replicas: st.formulaReplicas,
          max: FLEET_MAX_REPLICAS,
        }),
      );
    let arrivals = trace;
    if (!arrivals) {
      if (st.peakRps === null) return fail(F.problem("noTraffic", {}));
      const fixed = (x: number | null) => ({ kind: "fixed" as const, tokens: Math.round(x ?? 1) });
      const a = poissonArrivals({
        rps: st.peakRps,
        requests: FLEET_REQUESTS,
        input: fixed(st.inputTokens),
        output: fixed(st.outputTokens),
        seed: FLEET_SEED,
      });
      if (!a.ok) return fail(a.problem);
      arrivals = a.arrivals;
    }
    if (!arrivals.timeMs.length) return fail(F.problem("noArrivals", {}));
    const answer = simulatePlanFleet(st, arrivals, {
      replicas: st.formulaReplicas,
      slots: st.slots,
      seed: FLEET_SEED,
      source: trace ? "trace" : "poisson",
      slos,
    });
    return { sku: sku.name, answer, problem: null };
  });
}

let solverLoaded: Promise<MilpSolver> | null = null;

/** HiGHS, loaded on first use (the loader of `capplan optimize`) and kept for the process. */
function highs(): Promise<MilpSolver> {
  solverLoaded ??= import("./commands/optimize").then((m) => m.loadHighs());
  return solverLoaded;
}

/** The fleet answers of a plan; `solver` is for tests (default: HiGHS). */
export async function fleetAnswers(
  loaded: LoadedPlan,
  planPath: string,
  lang: Lang,
  solver: () => Promise<MilpSolver> = highs,
): Promise<FleetAnswers> {
  const { optimizePlan } = await import("../engine/plan/optimize");
  const mix = optimizePlan(loaded.resolved, loaded.result, await solver());
  const t = traceOf(loaded, planPath);
  const trace = t ? await traceArrivalsOf(t.full, lang) : null;
  return {
    mix,
    requests: trace ? trace.timeMs.length : FLEET_REQUESTS,
    seed: FLEET_SEED,
    arrivals: trace ? "trace" : "poisson",
    trace: t ? t.file : null,
    simulations: await simulations(loaded, trace),
  };
}
