/**
 * The fleet simulation of a plan (docs/simulate.md): which SKU, its curve, slots and replicas
 * taken from the plan's result, the arrivals' burstiness, and the whole answer of
 * `capplan simulate --json` (the CLI and the app's worker both call {@link simulatePlanFleet}).
 */
import type { Problem } from "../base/problems";
import type { Slo, SweepPoint } from "../base/types";
import { sloText } from "../curve/slo-label";
import type { PlanResult, SkuResult } from "../plan/plan-result";
import { fleetMessages as F } from "./messages";
import {
  judgedMetric,
  judgedSlos,
  replicasForSlo,
  simulateStats,
  type FleetStats,
} from "./fleet-result";
import { serviceCurve, type CurveLevel } from "./service-curve";
import type { Arrivals } from "./simulate";

/** What the plan gives one SKU's simulation. */
export interface FleetSetup {
  sku: string;
  levels: CurveLevel[];
  /** Default slots: the operating point's concurrency (or rps × mean E2E ÷ 1000), rounded down, at least 1; null without an operating point. */
  slots: number | null;
  /** The formula's replicas (docs/capacity.md); null when the SKU could not be planned. */
  formulaReplicas: number | null;
  /** The sweep's mean input and output lengths (mean over its levels), when it has them. */
  sweepInputTokens: number | null;
  sweepOutputTokens: number | null;
  /** The plan's arrival rate (Σ peakRps) and request-weighted mean lengths; null when absent. */
  peakRps: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  problems: Problem[];
}

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

function meanOf(xs: (number | null | undefined)[]): number | null {
  const v = xs.filter(finite);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}

/** The SKU to simulate: `name`, else the recommended one, else the first with a sweep curve. */
export function pickSku(
  result: PlanResult,
  name?: string | null,
): { ok: true; sku: SkuResult } | { ok: false; problem: Problem } {
  if (!result.skus.length) return { ok: false, problem: F.problem("noSku", {}) };
  if (name != null) {
    const s = result.skus.find((k) => k.name === name);
    return s
      ? { ok: true, sku: s }
      : {
          ok: false,
          problem: F.problem("skuUnknown", {
            sku: name,
            known: result.skus.map((k) => k.name).join(", "),
          }),
        };
  }
  const byName = result.skus.find((k) => k.name === result.cheapest);
  const withCurve = result.skus.find((k) => k.workloads.some((w) => w.sweep?.points.length));
  return { ok: true, sku: byName ?? withCurve ?? result.skus[0]! };
}

/** The simulation setup of one SKU of a computed plan. */
export function fleetSetup(
  result: PlanResult,
  sku: SkuResult,
): { ok: true; setup: FleetSetup } | { ok: false; problem: Problem } {
  const problems: Problem[] = [];
  const w = sku.workloads.find((x) => x.sweep?.points.length);
  if (!w?.sweep) return { ok: false, problem: F.problem("noSweep", { sku: sku.name }) };
  const c = serviceCurve(w.sweep.points);
  if (!c.ok) return { ok: false, problem: { ...c.problem, subject: sku.name } };
  if (c.curve.itlForTpot) problems.push(F.problem("itlForTpot", {}));
  const loads = result.workloads.filter((x) => finite(x.peakRps) && x.peakRps > 0);
  if (result.workloads.length > 1)
    problems.push(
      F.problem("severalWorkloads", { workload: w.workload, count: result.workloads.length }),
    );
  const peakRps = loads.length ? loads.reduce((a, x) => a + x.peakRps!, 0) : null;
  const weighted = (k: "inputTokens" | "outputTokens"): number | null => {
    const ok = loads.filter((x) => finite(x[k]));
    if (!ok.length) return null;
    const r = ok.reduce((a, x) => a + x.peakRps!, 0);
    return ok.reduce((a, x) => a + x.peakRps! * x[k]!, 0) / r;
  };
  return {
    ok: true,
    setup: {
      sku: sku.name,
      levels: c.curve.levels,
      slots: defaultSlots(w.detail, w.sweep.points),
      formulaReplicas: sku.capacity?.replicas ?? null,
      sweepInputTokens: meanOf(w.sweep.points.map((p) => p.meanInputTokens)),
      sweepOutputTokens: meanOf(w.sweep.points.map((p) => p.meanOutputTokens)),
      peakRps,
      inputTokens: weighted("inputTokens"),
      outputTokens: weighted("outputTokens"),
      problems,
    },
  };
}

function defaultSlots(
  op: SkuResult["workloads"][number]["detail"],
  points: readonly SweepPoint[],
): number | null {
  if (op?.feasible !== true) return null;
  if (finite(op.concurrency) && op.concurrency > 0) return Math.max(1, Math.floor(op.concurrency));
  const e2e = op.pointIndex !== null ? points[op.pointIndex]?.e2eMs?.mean : undefined;
  if (finite(op.rps) && finite(e2e)) return Math.max(1, Math.floor((op.rps * e2e) / 1000));
  return null;
}

/** Burstiness of arrivals: the interarrival CV (population std ÷ mean of the gaps, as the traffic summary computes it, docs/traffic.md) and the mean rate. */
export function burstiness(a: Arrivals): { meanRps: number | null; interarrivalCv: number | null } {
  const t = a.timeMs;
  const n = t.length;
  if (n < 2) return { meanRps: null, interarrivalCv: null };
  const span = t[n - 1]! - t[0]!;
  if (!(span > 0)) return { meanRps: null, interarrivalCv: null };
  const mean = span / (n - 1);
  let ss = 0;
  for (let i = 1; i < n; i++) ss += (t[i]! - t[i - 1]! - mean) ** 2;
  return { meanRps: (n / span) * 1000, interarrivalCv: Math.sqrt(ss / (n - 1)) / mean };
}

/** The SLO entries of the answer. */
export interface SloOutcome {
  metric: Slo["metric"];
  stat: string;
  maxMs: number;
  /** The simulated metric it was judged on (`tpot` for an ITL SLO). */
  judgedOn: string;
  simulatedMs: number;
  holds: boolean;
}

/** The answer of `capplan simulate --json` (docs/simulate.md). */
export interface SimulationAnswer extends Omit<FleetStats, "slo"> {
  sku: string;
  formulaReplicas: number | null;
  replicasForSlo: number | null;
  /** The replica counts searched for replicasForSlo: 1 … this. */
  searchedUpTo: number | null;
  seed: number;
  arrivals: {
    source: "trace" | "poisson";
    meanRps: number | null;
    interarrivalCv: number | null;
    meanInputTokens: number | null;
    meanOutputTokens: number | null;
  };
  slo: SloOutcome[];
  curve: CurveLevel[];
  problems: Problem[];
}

export interface SimulateOptions {
  replicas: number;
  slots: number;
  seed: number;
  source: "trace" | "poisson";
  slos: readonly Slo[];
  /** Search replicasForSlo (default true). */
  search?: boolean | undefined;
  onProgress?: ((stage: "run" | "search", done: number, total: number) => void) | undefined;
}

/** Simulate the fleet of `setup` over `arrivals`, with replicasForSlo searched over 1 … 4× the formula's replicas. */
export function simulatePlanFleet(
  setup: FleetSetup,
  arrivals: Arrivals,
  opts: SimulateOptions,
): SimulationAnswer {
  const problems = [...setup.problems];
  const judged = judgedSlos(opts.slos);
  for (const s of opts.slos) {
    const text = sloText(s);
    if (!judged.includes(s)) problems.push(F.problem("sloNotJudged", { slo: text }));
    else if (s.metric === "itl") problems.push(F.problem("itlJudgedOnTpot", { slo: text }));
  }
  const n = arrivals.timeMs.length;
  const mean = (a: Float64Array) => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i]!;
    return a.length ? s / a.length : null;
  };
  const meanIn = mean(arrivals.inputTokens);
  const meanOut = mean(arrivals.outputTokens);
  for (const [which, sim, sw] of [
    ["input", meanIn, setup.sweepInputTokens],
    ["output", meanOut, setup.sweepOutputTokens],
  ] as const)
    if (sim !== null && sw !== null && sw > 0 && Math.abs(sim / sw - 1) > 0.25)
      problems.push(F.problem("lengthMismatch", { which, simulated: sim, sweep: sw }));
  const st = simulateStats(
    arrivals,
    setup.levels,
    opts.replicas,
    opts.slots,
    judged,
    opts.onProgress ? (d, t) => opts.onProgress!("run", d, t) : undefined,
  );
  const base = setup.formulaReplicas ?? opts.replicas;
  const upTo = judged.length && n ? 4 * base : null;
  let steps = 0;
  const forSlo =
    upTo !== null && opts.search !== false
      ? replicasForSlo(
          arrivals,
          setup.levels,
          opts.slots,
          judged,
          upTo,
          new Map([[opts.replicas, st.slo.every((x) => x.holds)]]),
          () => opts.onProgress?.("search", ++steps, Math.ceil(Math.log2(upTo)) + 1),
        )
      : null;
  const { slo, ...rest } = st;
  return {
    sku: setup.sku,
    ...rest,
    formulaReplicas: setup.formulaReplicas,
    replicasForSlo: forSlo,
    searchedUpTo: upTo,
    seed: opts.seed,
    arrivals: {
      source: opts.source,
      ...burstiness(arrivals),
      meanInputTokens: meanIn,
      meanOutputTokens: meanOut,
    },
    slo: slo.map((x) => ({
      metric: x.slo.metric,
      stat: x.slo.stat,
      maxMs: x.slo.maxMs,
      judgedOn: judgedMetric(x.slo)!,
      simulatedMs: x.simulatedMs,
      holds: x.holds,
    })),
    curve: setup.levels,
    problems,
  };
}
