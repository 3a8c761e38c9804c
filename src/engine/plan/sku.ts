/**
 * One SKU of a plan (docs/operating-point.md, docs/capacity.md, docs/memory.md): each workload's
 * operating point under the SLOs (or its given capacity), the KV memory that may limit it, then
 * the SKU's replicas, GPUs, costs, error bars and schedule. Pure; problems are values.
 */
import type { Problem } from "../base/problems";
import { planMessages as M } from "./messages";
import type { FileSweep, OperatingPointSummary, SkuResult, SkuWorkloadResult } from "./plan-result";
import { skuSchedule, type PlanSchedules } from "./plan-schedule";
import { capacity, type WorkloadInput } from "../chain/capacity";
import type { ResolvedPlan, ResolvedSweepRef } from "./resolved-plan-types";
import { sloText } from "../curve/slo-label";
import type { OperatingPoint } from "../curve/slo";
import type { Slo, Sweep, SweepPoint } from "../base/types";
import {
  capacityBounds,
  noRepeatsProblem,
  repeatSloProblem,
  skuInterval,
  type CapacityBounds,
} from "./interval";
import { kvLimit, skuKvBudget, type MemoryCatalog } from "./plan-kv";
import {
  num,
  plainAnalyzer,
  saturatedProblem,
  summarizeOp,
  sweepOf,
  type SloSet,
  type SweepAnalysis,
  type SweepAnalyzer,
} from "./sweep-analysis";

/** A load level in the reasons' text: an unbounded request rate reads `Infinity`, as it always has. */
function loadText(load: number | "inf"): string {
  return String(load === "inf" ? Infinity : load);
}

/** `p` with `subject` in front of its text (a SKU name, `skus[0] (chat)`), and where it points. */
function about(p: Problem, subject: string, path?: string): Problem {
  const q: Problem = { ...p, subject };
  if (path !== undefined && q.path === undefined) q.path = path;
  return q;
}

/** One workload's share of the SKU's capacity input. */
interface CapInput {
  workload: WorkloadInput;
  replicaOutputTokensPerSec: number;
  sweepMeanInputTokens?: number | null;
  sweepMeanOutputTokens?: number | null;
}

/** What {@link computeSku} shares between its workloads: the SKU, the SLOs, the sweeps read and analysed, the reason so far. */
interface SkuWalk {
  plan: ResolvedPlan;
  sku: ResolvedPlan["skus"][number];
  path: string;
  files: ReadonlyMap<string, FileSweep>;
  analyzer: SweepAnalyzer;
  slos: Slo[];
  /** The SLO list's own errors (a limit that is not a number, a bad failed-share limit). */
  sloErrors: Problem[];
  sloSet: SloSet;
  budget: NonNullable<ReturnType<typeof skuKvBudget>>["budget"] | null;
  // Each sweep is analysed once per call: workloads sharing the SKU's sweep share its points.
  analyses: Map<readonly SweepPoint[], SweepAnalysis>;
  // Per analysed sweep: its operating point's problems with this SKU's name, and its summary.
  opProblems: Map<SweepAnalysis, Problem[]>;
  opSummary: Map<SweepAnalysis, OperatingPointSummary>;
  refs: Map<ResolvedSweepRef, ReturnType<typeof sweepOf>>;
  /** Why the SKU is not feasible, as found so far. */
  reason: Problem | null;
}

function sloErrorsOf(plan: ResolvedPlan): Problem[] {
  const errors: Problem[] = plan.slo.flatMap((s, i) =>
    num(s.maxMs) ? [] : [M.problem("sloLimitError", { index: i }, { path: `slo[${i}].maxMs` })],
  );
  const maxErr = plan.maxErrorRatePct ?? Number.NaN;
  if (!num(maxErr) || maxErr < 0)
    errors.push(
      M.problem(
        "maxErrorRateInvalid",
        { value: num(maxErr) ? maxErr : null },
        { path: "maxErrorRatePct" },
      ),
    );
  return errors;
}

/** A workload's empty result. */
function emptyWorkload(name: string): SkuWorkloadResult {
  return {
    workload: name,
    feasible: null,
    operatingPoint: null,
    replicasBase: null,
    replicaOutputTokensPerSec: null,
    sweep: null,
    zones: [],
    kneeIndex: null,
    findings: [],
    detail: null,
    problems: [],
    errorProblems: [],
  };
}

/** A given capacity (`replicaOutputTokensPerSec`): feasible unless the KV cache cannot hold the load. */
function givenCapacity(
  walk: SkuWalk,
  wl: SkuWorkloadResult,
  given: number | null,
  winput: WorkloadInput | undefined,
  fail: (p: Problem) => void,
): number | null {
  const { sku, path } = walk;
  if (!(num(given) && given > 0)) {
    if (num(given)) fail(M.problem("givenNotPositive", { got: given }));
    return null;
  }
  let capTps: number | null = given;
  wl.feasible = true;
  if (walk.budget && winput) {
    const lim = kvLimit(walk.budget, winput, null, null, given);
    wl.kv = lim.kv;
    if (lim.problem) {
      wl.problems.push(about(lim.problem, sku.name));
      wl.feasible = false;
      capTps = null;
      walk.reason = lim.problem;
    }
  }
  wl.operatingPoint = {
    concurrency: null,
    requestRate: null,
    rps: null,
    outputTokensPerSec: given,
    totalTokensPerSec: null,
    basis: "given",
    bindingSlo: null,
    bindingErrorRate: false,
    sloBinding: false,
  };
  if (walk.slos.length)
    wl.problems.push(
      M.problem(
        "capacityGiven",
        { workload: wl.workload, tokS: given },
        { subject: sku.name, path: `${path}.sweeps.${wl.workload}` },
      ),
    );
  return capTps;
}

/** Why an operating point is not feasible (or unknown), as a problem; null when it is feasible. */
function infeasibleReason(op: OperatingPoint): Problem | null {
  if (op.feasible === false && op.bindingErrorRate && op.errorRateFailure) {
    const f = op.errorRateFailure;
    return M.problem(
      "failedAtLowest",
      { sharePct: f.sharePct, load: loadText(f.load), maxPct: f.maxPct },
      { path: "maxErrorRatePct" },
    );
  }
  if (op.feasible === false && op.failure) {
    const f = op.failure;
    return M.problem("sloAtLowest", {
      slo: sloText(f.slo, {}),
      load: loadText(f.load),
      valueMs: f.valueMs,
      overMs: f.overMs,
      overPct: f.overPct,
    });
  }
  if (op.missing.length)
    return M.problem("statsMissing", {
      slos: op.missing.map((m) => sloText(m)),
      available: op.missing.map((m) => m.available.join(", ")),
    });
  return null;
}

/** A feasible operating point's replica throughput: its output tokens/s, else rps × mean output tokens, limited by the KV cache. */
function feasibleCapacity(
  walk: SkuWalk,
  wl: SkuWorkloadResult,
  sweep: Sweep,
  analysis: SweepAnalysis,
  op: OperatingPoint,
  winput: WorkloadInput | undefined,
  fail: (p: Problem) => void,
): number | null {
  const { sku } = walk;
  const warn = (p: Problem): void => void wl.problems.push(p);
  let summary = walk.opSummary.get(analysis);
  if (!summary) walk.opSummary.set(analysis, (summary = summarizeOp(op)));
  wl.operatingPoint = { ...summary };
  let capTps = op.outputTokensPerSec;
  if (!num(capTps) && num(op.rps)) {
    const out = analysis.base.meanOut ?? winput?.outputTokens ?? null;
    if (num(out)) {
      capTps = op.rps * out;
      warn(M.problem("tokensFromRps", { outputTokens: out }, { subject: sku.name }));
    }
  }
  if (!num(capTps) || capTps <= 0) {
    wl.feasible = null;
    fail(M.problem("noOutputTokens", {}));
  } else if (walk.budget && winput) {
    const lim = kvLimit(walk.budget, winput, op.concurrency, sweep.points, capTps);
    wl.kv = lim.kv;
    capTps = lim.tokS;
    if (lim.problem) warn(about(lim.problem, sku.name));
    if (lim.tokS === null) {
      wl.feasible = false;
      walk.reason = lim.problem;
    }
  }
  const repeat = repeatSloProblem(sweep, op, walk.slos);
  if (repeat) warn(about(repeat, sku.name));
  return capTps;
}

/** A workload read from a sweep: its zones and diagnostics, its operating point and, when feasible, its replica throughput. */
function sweepCapacity(
  walk: SkuWalk,
  wl: SkuWorkloadResult,
  sweep: Sweep,
  winput: WorkloadInput | undefined,
  fail: (p: Problem) => void,
): { capTps: number | null; analysis: SweepAnalysis } {
  wl.sweep = sweep;
  let analysis = walk.analyses.get(sweep.points);
  if (!analysis) walk.analyses.set(sweep.points, (analysis = { base: walk.analyzer.base(sweep) }));
  wl.zones = analysis.base.zones;
  wl.kneeIndex = analysis.base.kneeIndex;
  wl.findings = analysis.base.findings;
  if (walk.sloErrors.length) {
    wl.feasible = null;
    wl.problems.push(...walk.sloErrors);
    walk.reason = walk.sloErrors[0]!;
    return { capTps: null, analysis };
  }
  const op = (analysis.op ??= walk.analyzer.operatingPoint(sweep, analysis.base, walk.sloSet));
  wl.detail = op;
  let named = walk.opProblems.get(analysis);
  if (!named) {
    const sat = saturatedProblem(sweep, op, analysis.base);
    named = [...op.problems, ...(sat ? [sat] : [])].map((p) => about(p, walk.sku.name));
    walk.opProblems.set(analysis, named);
  }
  wl.problems.push(...named);
  wl.feasible = op.feasible;
  if (op.feasible)
    return { capTps: feasibleCapacity(walk, wl, sweep, analysis, op, winput, fail), analysis };
  walk.reason = infeasibleReason(op) ?? walk.reason;
  return { capTps: null, analysis };
}

/** One workload on the SKU: its result, its replica throughput (null without one) and its sweep's analysis. */
function workloadOnSku(
  walk: SkuWalk,
  name: string,
  winput: WorkloadInput | undefined,
): { wl: SkuWorkloadResult; capTps: number | null; analysis: SweepAnalysis | null } {
  const { path } = walk;
  const wl = emptyWorkload(name);
  const fail = (p: Problem): void =>
    void wl.errorProblems.push(about(p, `${path} (${name})`, `${path}.sweeps.${name}`));
  const ref = walk.sku.sweeps[name] ?? { kind: "missing" as const };
  // Workloads sharing the SKU's sweep share its reading.
  let read = walk.refs.get(ref);
  if (!read) walk.refs.set(ref, (read = sweepOf(ref, walk.files)));
  read.errors.forEach(fail);
  if (ref.kind === "given")
    return { wl, capTps: givenCapacity(walk, wl, read.given, winput, fail), analysis: null };
  if (!read.sweep) return { wl, capTps: null, analysis: null };
  return { wl, ...sweepCapacity(walk, wl, read.sweep, winput, fail) };
}

/** The SKU's KV summary (docs/memory.md): the workload with the longest context binds the cache (the fewest requests at once). */
function skuKv(
  kv: NonNullable<ReturnType<typeof skuKvBudget>>,
  budget: NonNullable<NonNullable<ReturnType<typeof skuKvBudget>>["budget"]>,
  perWl: readonly SkuWorkloadResult[],
): NonNullable<SkuResult["kv"]> {
  const needs = perWl.flatMap((w) => (w.kv ? [w.kv] : []));
  const bind = needs.reduce<(typeof needs)[number] | null>(
    (a, k) => (!a || k.perRequestTokens > a.perRequestTokens ? k : a),
    null,
  );
  return {
    model: kv.model,
    availableGiB: budget.availableGiB,
    tokens: budget.tokens,
    perRequestTokens: bind?.perRequestTokens ?? null,
    maxConcurrency: bind ? bind.maxConcurrency : null,
    limited: needs.some((k) => k.limited),
    terms: budget,
  };
}

/**
 * A feasible SKU's replicas, GPUs and costs (capacity.ts), its error bars and its schedule, into
 * `result`. Nothing when an input of the chain is invalid (its error is already the SKU's).
 */
function planCapacity(
  plan: ResolvedPlan,
  skuIndex: number,
  result: SkuResult,
  capInputs: CapInput[],
  bounds: (CapacityBounds | null)[],
  fromSweep: boolean,
  schedules: PlanSchedules | null,
): void {
  const sku = plan.skus[skuIndex]!;
  const path = `skus[${skuIndex}]`;
  const redundancy = "spare" in plan.redundancy ? plan.redundancy.spare : plan.redundancy.factor;
  if (
    !num(sku.gpusPerReplica) ||
    sku.gpusPerReplica <= 0 ||
    !num(sku.pricePerGpuHour) ||
    sku.pricePerGpuHour < 0 ||
    !num(plan.elasticity) ||
    !num(redundancy)
  )
    return;
  const capInput = {
    gpusPerReplica: sku.gpusPerReplica,
    pricePerGpuHour: sku.pricePerGpuHour,
    perWorkload: capInputs,
  };
  const factors = {
    elasticity: plan.elasticity,
    redundancy: "spare" in plan.redundancy ? { spare: redundancy } : { factor: redundancy },
  };
  const cap = capacity(capInput, factors);
  // An invalid input gives no numbers (capacity.ts); the problems say why.
  result.capacity = cap.value;
  if (cap.value) {
    result.interval = skuInterval(capInput, bounds, factors);
    if (!result.interval && fromSweep) result.intervalNote = noRepeatsProblem(sku.name);
  }
  result.problems.push(...cap.problems);
  if (schedules?.aligned) {
    // Demand over time (docs/schedules.md): the same capacity, interval by interval.
    const sc = skuSchedule(plan, skuIndex, capInput, schedules.aligned);
    result.schedule = sc.value;
    for (const p of sc.problems) {
      if (p.severity === "error") result.errorProblems.push(about(p, p.path ?? path, path));
      else result.problems.push(about(p, sku.name));
    }
  }
}

/**
 * Compute one SKU for every workload: operating point under the SLOs, then capacity and cost.
 */
export function computeSku(
  plan: ResolvedPlan,
  skuIndex: number,
  workloads: WorkloadInput[],
  files: ReadonlyMap<string, FileSweep>,
  schedules: PlanSchedules | null = null,
  analyzer: SweepAnalyzer = plainAnalyzer,
  memory: MemoryCatalog | null = null,
): SkuResult {
  const sku = plan.skus[skuIndex]!;
  const path = `skus[${skuIndex}]`;
  const slos = plan.slo.filter((s): s is Slo => num(s.maxMs));
  // KV memory (docs/memory.md): the replica's budget when the SKU serves a catalogue model.
  const kv = memory ? skuKvBudget(plan, sku, memory) : null;
  const walk: SkuWalk = {
    plan,
    sku,
    path,
    files,
    analyzer,
    slos,
    sloErrors: sloErrorsOf(plan),
    sloSet: {
      list: plan.slo,
      slos,
      mode: plan.sloMode,
      maxErrorRatePct: plan.maxErrorRatePct ?? Number.NaN,
    },
    budget: kv?.budget?.fits ? kv.budget : null,
    analyses: new Map(),
    opProblems: new Map(),
    opSummary: new Map(),
    refs: new Map(),
    reason: null,
  };
  const errorProblems: Problem[] = [];
  const problems: Problem[] = [];
  const perWl: SkuWorkloadResult[] = [];
  const capInputs: CapInput[] = [];
  // Per entry of capInputs: its capacity's t-interval (docs/uncertainty.md), null without repeats.
  const bounds: (CapacityBounds | null)[] = [];
  let fromSweep = false;
  let feasible: boolean | null = true;

  plan.workloads.forEach((w, i) => {
    const winput = workloads.find((x) => x.name === w.name);
    const { wl, capTps, analysis } = workloadOnSku(walk, w.name, winput);
    perWl.push(wl);
    if (wl.errorProblems.length) wl.feasible = wl.feasible === false ? false : null;
    if (wl.feasible === false) feasible = false;
    else if (wl.feasible === null && feasible !== false) feasible = null;
    errorProblems.push(...wl.errorProblems);
    problems.push(...wl.problems);
    if (winput && num(capTps) && capTps > 0) {
      wl.replicaOutputTokensPerSec = capTps;
      wl.replicasBase = (winput.peakRps * winput.outputTokens) / capTps;
      fromSweep ||= wl.detail !== null;
      bounds.push(wl.detail && wl.sweep ? capacityBounds(wl.sweep, wl.detail, capTps) : null);
      capInputs.push({
        workload: winput,
        replicaOutputTokensPerSec: capTps,
        // A workload read from a sweep has its analysis (the given capacity has neither).
        sweepMeanInputTokens: analysis ? analysis.base.meanIn : null,
        sweepMeanOutputTokens: analysis ? analysis.base.meanOut : null,
      });
    } else if (!winput) {
      const p = M.problem("workloadInputErrors", { workload: w.name }, { path: `workloads[${i}]` });
      problems.push(about(p, sku.name));
      walk.reason ??= p;
      if (feasible === true) feasible = null;
    }
  });

  if (kv?.budget && !kv.budget.fits) {
    // The weights (with activations and runtime) do not fit: no KV cache, no workload.
    feasible = false;
    walk.reason = kv.problems[0] ?? walk.reason;
    for (const w of perWl) {
      w.feasible = false;
      w.replicasBase = null;
      w.replicaOutputTokensPerSec = null;
    }
    capInputs.length = 0;
  } else if (kv) problems.push(...kv.problems.map((p) => about(p, sku.name)));
  const result: SkuResult = {
    name: sku.name,
    gpu: sku.gpu,
    gpusPerReplica: sku.gpusPerReplica,
    pricePerGpuHour: sku.pricePerGpuHour,
    feasible,
    operatingPoint: perWl[0]?.operatingPoint ?? null,
    workloads: perWl,
    infeasibleProblem: feasible === true ? null : (walk.reason ?? errorProblems[0] ?? null),
    // Checked: every workload has an operating point from its sweep (detail), known feasible or not (a workload with
    // an error has feasible null).
    sloChecked: perWl.length > 0 && perWl.every((w) => w.detail !== null && w.feasible !== null),
    capacity: null,
    interval: null,
    intervalNote: null,
    problems,
    errorProblems,
  };
  if (kv?.budget) result.kv = skuKv(kv, kv.budget, perWl);
  const formulaError = (f: string) => plan.errors.some((e) => e.path === `${path}.${f}`);
  const inputError = (field: string, p: Problem): void =>
    void errorProblems.push(about(p, `${path}.${field}`, `${path}.${field}`));
  if ((!num(sku.gpusPerReplica) || sku.gpusPerReplica <= 0) && !formulaError("gpusPerReplica"))
    inputError("gpusPerReplica", M.problem("needsPositive", {}));
  if ((!num(sku.pricePerGpuHour) || sku.pricePerGpuHour < 0) && !formulaError("pricePerGpuHour"))
    inputError("pricePerGpuHour", M.problem("needsNonNegative", {}));
  // A feasible SKU has every workload's replica throughput in capInputs (a workload without one is not feasible).
  if (feasible === true)
    planCapacity(plan, skuIndex, result, capInputs, bounds, fromSweep, schedules);
  if (schedules && result.schedule === undefined) result.schedule = null;
  return result;
}
