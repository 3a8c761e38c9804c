/**
 * The whole plan computation (docs/operating-point.md, docs/capacity.md, docs/allocation.md;
 * the result model in docs/architecture.md): resolved plan + sweeps → operating points,
 * replicas, costs, the recommendation and the team allocation. Pure; errors are values.
 */
import { englishOf, textProblem, type Problem } from "../base/problems";
import { planMessages as M } from "./messages";
import { loadParam } from "../curve/messages";
import { appendAll } from "../base/append";
import { computeTenants } from "./plan-tenants";
import type {
  FileSweep,
  OperatingPointSummary,
  PlanResult,
  SkuResult,
  SkuWorkloadResult,
  TenantsResult,
  WorkloadResult,
} from "./plan-result";
import { traceMessages as TM } from "../demand/trace-messages";
import { planSchedules, recommendCost, skuSchedule, type PlanSchedules } from "./plan-schedule";
import type { RecommendBy } from "../base/types";
import { capacity, tokensPerRequest, tokensPerSec, type WorkloadInput } from "../chain/capacity";
import { diagnose, type Finding } from "../curve/diagnostics";
import type { FormulaError, ResolvedPlan, ResolvedSweepRef } from "./resolved-plan-types";
import { loadKind, loadValue } from "../curve/load";
import { sloText } from "../curve/slo-label";
import { operatingPoint, prepareSweep, type OperatingPoint, type SweepPrep } from "../curve/slo";
import type { Slo, Sweep, SweepPoint } from "../base/types";
import { classifyZones, type Zone } from "../curve/zones";
import {
  capacityBounds,
  noRepeatsProblem,
  repeatSloProblem,
  skuInterval,
  type CapacityBounds,
} from "./interval";
import { kvLimit, skuKvBudget, type MemoryCatalog } from "./plan-kv";

/** A finite number (Number.isFinite is false for anything that is not a number). */
function num(v: number | null | undefined): v is number {
  return Number.isFinite(v);
}

/**
 * What a sweep gives that does not depend on the SLOs: its zones and knee, its diagnostics, its
 * load order (`prep`) and the mean input / output tokens of its points (null when no point has
 * them). A pure function of the points ({@link analyzeSweep}).
 */
export interface SweepBase {
  zones: Zone[];
  kneeIndex: number | null;
  findings: Finding[];
  prep: SweepPrep;
  meanIn: number | null;
  meanOut: number | null;
}

/** The SLO set a plan holds its sweeps to: the resolved `slo` list as written, the checkable ones, the mode and the failed-share limit. */
export interface SloSet {
  /** The plan's `slo` list (the same array until an edit changes it: the incremental engine's memo key). */
  list: ResolvedPlan["slo"];
  /** The SLOs with a valid limit. */
  slos: Slo[];
  mode: ResolvedPlan["sloMode"];
  maxErrorRatePct: number;
}

/** The SLO-free analysis of a sweep (docs/architecture.md): zones, diagnostics, load order, mean lengths. */
export function analyzeSweep(sweep: Sweep): SweepBase {
  const z = classifyZones(sweep.points);
  return {
    zones: z.zones,
    kneeIndex: z.kneeIndex,
    findings: diagnose(sweep, z.zones),
    prep: prepareSweep(sweep.points),
    meanIn: meanOf(sweep.points.map((p) => p.meanInputTokens)),
    meanOut: meanOf(sweep.points.map((p) => p.meanOutputTokens)),
  };
}

/**
 * How {@link computeSku} analyses a sweep. The plain analyzer computes; the incremental engine
 * passes one that memoises by input identity (src/engine/plan/incremental.ts), so the maths keeps no
 * cache of its own.
 */
export interface SweepAnalyzer {
  base(sweep: Sweep): SweepBase;
  operatingPoint(sweep: Sweep, base: SweepBase, slo: SloSet): OperatingPoint;
}

/** The analyzer without memory: every call computes (a class, so that nothing of it runs when the module loads). */
class PlainAnalyzer implements SweepAnalyzer {
  base(sweep: Sweep): SweepBase {
    return analyzeSweep(sweep);
  }
  operatingPoint(sweep: Sweep, base: SweepBase, slo: SloSet): OperatingPoint {
    return operatingPoint(sweep, slo.slos, slo.mode, base.prep, {
      maxErrorRatePct: slo.maxErrorRatePct,
    });
  }
}
export const plainAnalyzer: SweepAnalyzer = new PlainAnalyzer();

/** One sweep's analysis within one computeSku call (workloads sharing a SKU's sweep share it). */
interface SweepAnalysis {
  base: SweepBase;
  op?: OperatingPoint;
}

function sweepOf(
  ref: ResolvedSweepRef,
  files: ReadonlyMap<string, FileSweep>,
): { sweep: Sweep | null; given: number | null; errors: Problem[] } {
  switch (ref.kind) {
    case "given":
      return {
        sweep: null,
        given: ref.replicaOutputTokensPerSec,
        errors: num(ref.replicaOutputTokensPerSec) ? [] : [M.problem("givenNotNumber", {})],
      };
    case "points":
      return {
        sweep: {
          label: ref.label ?? "inline sweep",
          source: { files: [], format: "inline" },
          meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null, ...ref.meta },
          points: ref.points,
          warnings: ref.warnings ?? [],
        },
        given: null,
        errors: [],
      };
    case "file": {
      const f = files.get(ref.file);
      if (!f)
        return { sweep: null, given: null, errors: [M.problem("fileNotRead", { file: ref.file })] };
      if (!f.ok) return { sweep: null, given: null, errors: f.problems };
      return { sweep: f.sweep, given: null, errors: [] };
    }
    case "missing":
      return { sweep: null, given: null, errors: [M.problem("noSweep", {})] };
  }
}

function summarizeOp(op: OperatingPoint): OperatingPointSummary {
  return {
    concurrency: op.concurrency,
    requestRate: op.requestRate,
    rps: op.rps,
    outputTokensPerSec: op.outputTokensPerSec,
    totalTokensPerSec: op.totalTokensPerSec,
    basis: op.basis,
    bindingSlo: op.bindingSlo,
    bindingErrorRate: op.bindingErrorRate,
    sloBinding: op.sloBinding,
  };
}

function meanOf(values: (number | null | undefined)[]): number | null {
  const v = values.filter(num);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
}

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

/** Problems and their English, kept in step (the legacy string arrays beside the values). */
function pushAll(problems: Problem[], ps: readonly Problem[]): void {
  for (const p of ps) problems.push(p);
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
  const sloErrors: Problem[] = plan.slo.flatMap((s, i) =>
    num(s.maxMs) ? [] : [M.problem("sloLimitError", { index: i }, { path: `slo[${i}].maxMs` })],
  );
  const maxErr = plan.maxErrorRatePct ?? NaN;
  if (!num(maxErr) || maxErr < 0)
    sloErrors.push(
      M.problem(
        "maxErrorRateInvalid",
        { value: num(maxErr) ? maxErr : null },
        { path: "maxErrorRatePct" },
      ),
    );
  const sku = plan.skus[skuIndex]!;
  const path = `skus[${skuIndex}]`;
  const errorProblems: Problem[] = [];
  const problems: Problem[] = [];
  const slos = plan.slo.filter((s): s is Slo => num(s.maxMs));
  const perWl: SkuWorkloadResult[] = [];
  const capInputs: {
    workload: WorkloadInput;
    replicaOutputTokensPerSec: number;
    sweepMeanInputTokens?: number | null;
    sweepMeanOutputTokens?: number | null;
  }[] = [];
  // Per entry of capInputs: its capacity's t-interval (docs/uncertainty.md), null without repeats.
  const bounds: (CapacityBounds | null)[] = [];
  let fromSweep = false;
  let feasible: boolean | null = true;
  let reason: Problem | null = null;
  const sloSet: SloSet = { list: plan.slo, slos, mode: plan.sloMode, maxErrorRatePct: maxErr };
  // Each sweep is analysed once per call: workloads sharing the SKU's sweep share its points.
  const analyses = new Map<readonly SweepPoint[], SweepAnalysis>();
  // Per analysed sweep: its operating point's problems with this SKU's name, and its summary.
  const opProblems = new Map<SweepAnalysis, { problems: Problem[] }>();
  const opSummary = new Map<SweepAnalysis, OperatingPointSummary>();
  const refs = new Map<ResolvedSweepRef, ReturnType<typeof sweepOf>>();
  // KV memory (docs/memory.md): the replica's budget when the SKU serves a catalogue model.
  const kv = memory ? skuKvBudget(plan, sku, memory) : null;
  const budget = kv?.budget?.fits ? kv.budget : null;

  for (const w of plan.workloads) {
    const wl: SkuWorkloadResult = {
      workload: w.name,
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
    perWl.push(wl);
    const warn = (p: Problem): void => pushAll(wl.problems, [p]);
    const fail = (p: Problem): void =>
      pushAll(wl.errorProblems, [about(p, `${path} (${w.name})`, `${path}.sweeps.${w.name}`)]);
    const ref = sku.sweeps[w.name] ?? { kind: "missing" as const };
    // Workloads sharing the SKU's sweep share its reading.
    let read = refs.get(ref);
    if (!read) refs.set(ref, (read = sweepOf(ref, files)));
    const { sweep, given, errors: refErrors } = read;
    refErrors.forEach(fail);
    const winput = workloads.find((x) => x.name === w.name);
    let capTps: number | null = null;
    let analysis: SweepAnalysis | null = null;
    if (ref.kind === "given") {
      if (num(given) && given > 0) {
        capTps = given;
        wl.feasible = true;
        if (budget && winput) {
          const lim = kvLimit(budget, winput, null, null, given);
          wl.kv = lim.kv;
          if (lim.problem) {
            warn(about(lim.problem, sku.name));
            wl.feasible = false;
            capTps = null;
            reason = lim.problem;
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
        if (slos.length)
          warn(
            M.problem(
              "capacityGiven",
              { workload: w.name, tokS: given },
              { subject: sku.name, path: `${path}.sweeps.${w.name}` },
            ),
          );
      } else if (num(given)) fail(M.problem("givenNotPositive", { got: given }));
    } else if (sweep) {
      wl.sweep = sweep;
      analysis = analyses.get(sweep.points) ?? null;
      if (!analysis) analyses.set(sweep.points, (analysis = { base: analyzer.base(sweep) }));
      wl.zones = analysis.base.zones;
      wl.kneeIndex = analysis.base.kneeIndex;
      wl.findings = analysis.base.findings;
      if (sloErrors.length) {
        wl.feasible = null;
        sloErrors.forEach(warn);
        reason = sloErrors[0]!;
      } else {
        const op = (analysis.op ??= analyzer.operatingPoint(sweep, analysis.base, sloSet));
        wl.detail = op;
        let named = opProblems.get(analysis);
        if (!named) {
          named = { problems: [] };
          const sat = saturatedProblem(sweep, op, analysis.base);
          pushAll(
            named.problems,
            [...op.problems, ...(sat ? [sat] : [])].map((p) => about(p, sku.name)),
          );
          opProblems.set(analysis, named);
        }
        wl.problems.push(...named.problems);
        wl.feasible = op.feasible;
        if (op.feasible) {
          let summary = opSummary.get(analysis);
          if (!summary) opSummary.set(analysis, (summary = summarizeOp(op)));
          wl.operatingPoint = { ...summary };
          capTps = op.outputTokensPerSec;
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
          } else if (budget && winput) {
            const lim = kvLimit(budget, winput, op.concurrency, sweep.points, capTps);
            wl.kv = lim.kv;
            capTps = lim.tokS;
            if (lim.problem) warn(about(lim.problem, sku.name));
            if (lim.tokS === null) {
              wl.feasible = false;
              reason = lim.problem;
            }
          }
          const repeat = repeatSloProblem(sweep, op, slos);
          if (repeat) warn(about(repeat, sku.name));
        } else if (op.feasible === false && op.bindingErrorRate && op.errorRateFailure) {
          const f = op.errorRateFailure;
          reason = M.problem(
            "failedAtLowest",
            { sharePct: f.sharePct, load: loadText(f.load), maxPct: f.maxPct },
            { path: "maxErrorRatePct" },
          );
        } else if (op.feasible === false && op.failure) {
          const f = op.failure;
          reason = M.problem("sloAtLowest", {
            slo: sloText(f.slo, {}),
            load: loadText(f.load),
            valueMs: f.valueMs,
            overMs: f.overMs,
            overPct: f.overPct,
          });
        } else if (op.missing.length) {
          reason = M.problem("statsMissing", {
            slos: op.missing.map((m) => sloText(m)),
            available: op.missing.map((m) => m.available.join(", ")),
          });
        }
      }
    }
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
      const p = M.problem(
        "workloadInputErrors",
        { workload: w.name },
        { path: `workloads[${plan.workloads.indexOf(w)}]` },
      );
      pushAll(problems, [about(p, sku.name)]);
      reason ??= p;
      if (feasible === true) feasible = null;
    }
  }

  if (kv?.budget && !kv.budget.fits) {
    // The weights (with activations and runtime) do not fit: no KV cache, no workload.
    feasible = false;
    reason = kv.problems[0] ?? reason;
    for (const w of perWl) {
      w.feasible = false;
      w.replicasBase = null;
      w.replicaOutputTokensPerSec = null;
    }
    capInputs.length = 0;
  } else if (kv)
    pushAll(
      problems,
      kv.problems.map((p) => about(p, sku.name)),
    );
  const reasonProblem = feasible === true ? null : (reason ?? errorProblems[0] ?? null);
  const result: SkuResult = {
    name: sku.name,
    gpu: sku.gpu,
    gpusPerReplica: sku.gpusPerReplica,
    pricePerGpuHour: sku.pricePerGpuHour,
    feasible,
    operatingPoint: perWl[0]?.operatingPoint ?? null,
    workloads: perWl,
    infeasibleProblem: reasonProblem,
    // Checked: every workload has an operating point from its sweep (detail), known feasible or not (a workload with
    // an error has feasible null).
    sloChecked: perWl.length > 0 && perWl.every((w) => w.detail !== null && w.feasible !== null),
    capacity: null,
    interval: null,
    intervalNote: null,
    problems,
    errorProblems,
  };
  if (kv?.budget) {
    // The workload with the longest context binds the cache (the fewest requests at once).
    const needs = perWl.flatMap((w) => (w.kv ? [w.kv] : []));
    const bind = needs.reduce<(typeof needs)[number] | null>(
      (a, k) => (!a || k.perRequestTokens > a.perRequestTokens ? k : a),
      null,
    );
    result.kv = {
      model: kv.model,
      availableGiB: kv.budget.availableGiB,
      tokens: kv.budget.tokens,
      perRequestTokens: bind?.perRequestTokens ?? null,
      maxConcurrency: bind ? bind.maxConcurrency : null,
      limited: needs.some((k) => k.limited),
      terms: kv.budget,
    };
  }
  const formulaError = (f: string) => plan.errors.some((e) => e.path === `${path}.${f}`);
  const inputError = (field: string, p: Problem): void =>
    pushAll(errorProblems, [about(p, `${path}.${field}`, `${path}.${field}`)]);
  if ((!num(sku.gpusPerReplica) || sku.gpusPerReplica <= 0) && !formulaError("gpusPerReplica"))
    inputError("gpusPerReplica", M.problem("needsPositive", {}));
  if ((!num(sku.pricePerGpuHour) || sku.pricePerGpuHour < 0) && !formulaError("pricePerGpuHour"))
    inputError("pricePerGpuHour", M.problem("needsNonNegative", {}));
  const redundancy = "spare" in plan.redundancy ? plan.redundancy.spare : plan.redundancy.factor;
  // A feasible SKU has every workload's replica throughput in capInputs (a workload without one is not feasible).
  if (
    feasible === true &&
    num(sku.gpusPerReplica) &&
    sku.gpusPerReplica > 0 &&
    num(sku.pricePerGpuHour) &&
    sku.pricePerGpuHour >= 0 &&
    num(plan.elasticity) &&
    num(redundancy)
  ) {
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
    problems.push(...cap.problems);
    if (schedules?.aligned) {
      // Demand over time (docs/schedules.md): the same capacity, interval by interval.
      const sc = skuSchedule(plan, skuIndex, capInput, schedules.aligned);
      result.schedule = sc.value;
      for (const p of sc.problems) {
        if (p.severity === "error") pushAll(errorProblems, [about(p, p.path ?? path, path)]);
        else pushAll(problems, [about(p, sku.name)]);
      }
    }
  }
  if (schedules && result.schedule === undefined) result.schedule = null;
  return result;
}

/**
 * A warning when a sweep's operating point lies in the saturated zone (docs/operating-point.md):
 * the measured point itself, or for an interpolated one the step it was interpolated into.
 */
function saturatedProblem(sweep: Sweep, op: OperatingPoint, analysis: SweepBase): Problem | null {
  if (op.feasible !== true) return null;
  const i = op.basis === "interpolated" ? op.towardIndex : op.pointIndex;
  if (i === null || analysis.zones[i] !== "saturated") return null;
  const kind = loadKind(sweep.points);
  // The load the operating point was run at: its concurrency, else its request rate, else (a sweep along achieved
  // req/s) its rps; none of them is an unknown load.
  const rate = op.requestRate === "inf" ? Infinity : op.requestRate;
  const at =
    op.concurrency !== null
      ? { kind: "concurrency" as const, at: loadParam(op.concurrency) }
      : rate !== null
        ? { kind: "requestRate" as const, at: loadParam(rate) }
        : op.rps !== null
          ? { kind: "rps" as const, at: loadParam(op.rps) }
          : { kind, at: null };
  const knee =
    analysis.kneeIndex !== null && kind
      ? loadParam(loadValue(sweep.points[analysis.kneeIndex]!, kind))
      : undefined;
  return M.problem("saturated", { ...at, kneeKind: kind, knee });
}

/**
 * Compute the plan. `files` maps every `file` sweep reference (as written in the plan) to the
 * imported sweep, read by the caller (the CLI reads files; the app stores sweeps inline).
 */
export function computePlan(
  plan: ResolvedPlan,
  files: ReadonlyMap<string, FileSweep> = new Map(),
  memory: MemoryCatalog | null = null,
): PlanResult {
  const level = planLevel(plan);
  const skus = plan.skus.map((_, i) =>
    computeSku(plan, i, level.wlInputs, files, level.schedules, plainAnalyzer, memory),
  );
  return assemblePlan(plan, skus, level);
}

/** Workload results and inputs, and the plan-level errors (formula errors, missing workload numbers). */
export function planLevel(plan: ResolvedPlan): {
  workloads: WorkloadResult[];
  wlInputs: WorkloadInput[];
  errors: PlanResult["errors"];
  schedules: PlanSchedules | null;
} {
  // A formula error without a code keeps its text (`formula.*` errors all have one).
  const errors: PlanResult["errors"] = plan.errors.map((e) => ({
    path: e.path,
    kind: e.kind,
    problem: e.problem ?? textProblem(e.message, "error", e.path),
  }));
  const wlInputs: WorkloadInput[] = [];
  const workloads: WorkloadResult[] = plan.workloads.map((w, i) => {
    const ok = num(w.peakRps) && num(w.inputTokens) && num(w.outputTokens);
    const input: WorkloadInput | null = ok
      ? {
          name: w.name,
          peakRps: w.peakRps!,
          inputTokens: w.inputTokens!,
          outputTokens: w.outputTokens!,
          avgRps: w.avgRps,
          dailyRequests: w.dailyRequests,
        }
      : null;
    if (input) wlInputs.push(input);
    else if (w.trace && !w.traffic) {
      const problem = TM.problem(
        "notRead",
        { workload: w.name, file: w.trace.file ?? w.trace.name ?? "?" },
        { path: `workloads[${i}].trace` },
      );
      errors.push({ path: `workloads[${i}].trace`, kind: "INPUT", problem });
    } else if (w.trace && !plan.errors.some((e) => e.path.startsWith(`workloads[${i}]`))) {
      for (const field of ["peakRps", "inputTokens", "outputTokens"] as const) {
        if (num(w[field])) continue;
        const problem = TM.problem(
          "noNumber",
          { workload: w.name, field },
          { path: `workloads[${i}].${field}` },
        );
        errors.push({ path: `workloads[${i}].${field}`, kind: "VALUE", problem });
      }
    } else if (!plan.errors.some((e) => e.path.startsWith(`workloads[${i}]`))) {
      const problem = M.problem("workloadNumbers", {}, { path: `workloads[${i}]` });
      errors.push({ path: `workloads[${i}]`, kind: "VALUE", problem });
    }
    // tokensPerRequest needs only the lengths: it still computes when peakRps has an error.
    const perRequest =
      num(w.inputTokens) && num(w.outputTokens)
        ? tokensPerRequest({
            name: w.name,
            peakRps: 0,
            inputTokens: w.inputTokens,
            outputTokens: w.outputTokens,
          })
        : null;
    return { ...w, tokensPerRequest: perRequest, tokensPerSec: input ? tokensPerSec(input) : null };
  });
  if (!num(plan.elasticity) && !errors.some((e) => e.path === "factors.elasticity")) {
    const problem = M.problem("elasticityNotNumber", {}, { path: "factors.elasticity" });
    errors.push({ path: "factors.elasticity", kind: "VALUE", problem });
  }
  const schedules = planSchedules(plan);
  if (schedules) appendAll(errors, schedules.errors);
  return { workloads, wlInputs, errors, schedules };
}

/**
 * The plan result from per-SKU results: the recommendation (cheapest feasible SKU by cost per
 * hour), SKU input errors as plan errors, and the team allocation.
 */
export function assemblePlan(
  plan: ResolvedPlan,
  skus: SkuResult[],
  level = planLevel(plan),
  tenantsOf: typeof computeTenants = computeTenants,
): PlanResult {
  const { workloads, wlInputs, errors } = level;
  const problems: Problem[] = [];
  // The cheapest feasible SKU among those checked against the SLOs; an unchecked one only when no checked one is feasible.
  // The cost compared (docs/schedules.md): at peak, or a schedule's static, autoscaled or blended cost.
  let by: RecommendBy = plan.recommendBy ?? "peak";
  if (by !== "peak" && !level.schedules) {
    problems.push(TM.problem("recommendByNoSchedule", { by }, { path: "recommendBy" }));
    by = "peak";
  }
  if (level.schedules) {
    appendAll(problems, level.schedules.warnings);
  }
  const cheapestOf = (checked: boolean): SkuResult | null => {
    let best: SkuResult | null = null;
    let bestCost = Infinity;
    for (const s of skus) {
      const cost = recommendCost(s, by);
      if (
        s.sloChecked === checked &&
        s.feasible === true &&
        num(cost) &&
        (!best || cost < bestCost)
      ) {
        best = s;
        bestCost = cost;
      }
    }
    return best;
  };
  let cheapest = cheapestOf(true);
  let recommendationChecked: boolean | null = cheapest ? true : null;
  if (!cheapest) {
    cheapest = cheapestOf(false);
    if (cheapest) {
      recommendationChecked = false;
      const p = M.problem(
        "uncheckedRecommended",
        { sku: cheapest.name, anyChecked: skus.some((s) => s.sloChecked) },
        { path: `skus[${skus.indexOf(cheapest)}]` },
      );
      problems.push(p);
    }
  }
  // A SKU's input errors as plan errors, at the path each problem points to, without the `skus[0] (chat)` prefix.
  skus.forEach((s, i) => {
    for (const e of s.errorProblems) {
      const path = e.path ?? `skus[${i}]`;
      const { subject: _, ...problem } = e;
      // The same error reached twice (a formula error a SKU also reports) is listed once.
      const text = englishOf(problem);
      if (!errors.some((x) => x.path === path && englishOf(x.problem) === text))
        errors.push({ path, kind: "INPUT", problem });
    }
  });
  let tenants: TenantsResult | null = null;
  if (plan.tenants) {
    const t = tenantsOf(plan, skus, cheapest, wlInputs, errors);
    appendAll(errors, t.errors);
    appendAll(problems, t.problems);
    tenants = t.tenants;
  }
  return {
    title: plan.title,
    currency: plan.currency,
    workloads,
    slo: plan.slo,
    sloMode: plan.sloMode,
    maxErrorRatePct: plan.maxErrorRatePct,
    factors: { elasticity: plan.elasticity, redundancy: plan.redundancy },
    skus,
    cheapest: cheapest?.name ?? null,
    recommendationChecked,
    ...(plan.recommendBy !== undefined ? { recommendBy: by } : {}),
    tenants,
    errors,
    problems,
  };
}

export { computeTenants } from "./plan-tenants";

export type { FormulaError };
export type {
  FileSweep,
  OperatingPointSummary,
  PlanResult,
  SkuResult,
  SkuWorkloadResult,
  TenantsResult,
  WorkloadResult,
} from "./plan-result";
