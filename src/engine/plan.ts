/**
 * The whole plan computation (spec §3–§5, §7): resolved plan + sweeps → operating points,
 * replicas, costs, the recommendation and the team allocation. Pure; errors are values.
 */
import type { Problem } from "./problems";
import { appendAll } from "./append";
import { computeTenants } from "./plan-tenants";
import type { FileSweep, OperatingPointSummary, PlanResult, SkuResult, SkuWorkloadResult, TenantsResult, WorkloadResult } from "./plan-result";
import { traceMessages as TM } from "./messages/trace";
import { capacity, tokensPerRequest, tokensPerSec, type WorkloadInput } from "./capacity";
import { diagnose, type Finding } from "./diagnostics";
import type { FormulaError, ResolvedPlan, ResolvedSweepRef } from "./resolved";
import { fmtNum } from "./number-format";
import { loadKind, loadLabel, loadValue } from "./load";
import { sloText } from "./slo-label";
import { operatingPoint, prepareSweep, type OperatingPoint, type SweepPrep } from "./slo";
import type { Slo, Sweep, SweepPoint } from "./types";
import { classifyZones, type Zone } from "./zones";

const num = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

interface SweepAnalysis {
  zones: Zone[];
  kneeIndex: number | null;
  findings: Finding[];
  op: () => OperatingPoint;
  /** Mean of the points' mean input / output tokens (null when no point has it), read once per sweep. */
  meanIn: () => number | null;
  meanOut: () => number | null;
}

/**
 * Zones, diagnostics and operating points of the sweeps of one plan computation, keyed by the
 * points array: every workload of a SKU with a SKU-level sweep shares it, so a plan of 50 SKUs
 * × 20 workloads analyses 50 sweeps, not 1,000. computePlan builds one per computation (the app
 * may edit points in place between computations); the incremental engine keeps one across edits
 * and starts a new one whenever it re-resolves the plan (new points arrays). Zones, diagnostics
 * and the load order do not depend on the SLOs, so they are kept once per points array; the
 * operating point for the current SLO set only.
 */
export type SweepAnalysisCache = Map<readonly SweepPoint[], { zones: Zone[]; kneeIndex: number | null; findings: Finding[]; prep: SweepPrep; meanIn?: number | null; meanOut?: number | null; bySlo: Map<string, SweepAnalysis> }>;

/** The cache key of an SLO set and mode. */
function sloKey(slos: Slo[], mode: ResolvedPlan["sloMode"], maxErrorRatePct: number): string {
  return `${mode}|${maxErrorRatePct}|${slos.map(s => `${s.metric}:${s.stat}:${s.maxMs}`).join(",")}`;
}

function analyzeSweep(cache: SweepAnalysisCache, sweep: Sweep, slos: Slo[], mode: ResolvedPlan["sloMode"], maxErrorRatePct: number, key: string): SweepAnalysis {
  let base = cache.get(sweep.points);
  if (!base) {
    const z = classifyZones(sweep.points);
    base = { zones: z.zones, kneeIndex: z.kneeIndex, findings: diagnose(sweep, z.zones), prep: prepareSweep(sweep.points), bySlo: new Map() };
    cache.set(sweep.points, base);
  }
  let a = base.bySlo.get(key);
  if (!a) {
    const b = base;
    // One plan has one SLO set: keep the current one only (an edited SLO is recomputed).
    base.bySlo.clear();
    let op: OperatingPoint | undefined;
    a = {
      zones: b.zones,
      kneeIndex: b.kneeIndex,
      findings: b.findings,
      op: () => (op ??= operatingPoint(sweep, slos, mode, b.prep, { maxErrorRatePct })),
      meanIn: () => (b.meanIn !== undefined ? b.meanIn : (b.meanIn = meanOf(sweep.points.map(p => p.meanInputTokens)))),
      meanOut: () => (b.meanOut !== undefined ? b.meanOut : (b.meanOut = meanOf(sweep.points.map(p => p.meanOutputTokens)))),
    };
    base.bySlo.set(key, a);
  }
  return a;
}

function sweepOf(ref: ResolvedSweepRef, files: ReadonlyMap<string, FileSweep>): { sweep: Sweep | null; given: number | null; errors: string[] } {
  switch (ref.kind) {
    case "given":
      return { sweep: null, given: ref.replicaOutputTokensPerSec, errors: num(ref.replicaOutputTokensPerSec) ? [] : ["replicaOutputTokensPerSec is not a number"] };
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
      if (!f) return { sweep: null, given: null, errors: [`sweep file ${ref.file} was not read`] };
      if (!f.ok) return { sweep: null, given: null, errors: f.errors };
      return { sweep: f.sweep, given: null, errors: [] };
    }
    case "missing":
      return { sweep: null, given: null, errors: ["no sweep for this workload"] };
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

/**
 * Compute one SKU for every workload: operating point under the SLOs, then capacity and cost.
 */
export function computeSku(plan: ResolvedPlan, skuIndex: number, workloads: WorkloadInput[], files: ReadonlyMap<string, FileSweep>, cache: SweepAnalysisCache = new Map()): SkuResult {
  const sloErrors = plan.slo.flatMap((s, i) => (num(s.maxMs) ? [] : [`slo[${i}].maxMs has an error, so no SLO can be checked`]));
  const maxErr = plan.maxErrorRatePct ?? NaN;
  if (!num(maxErr) || maxErr < 0) sloErrors.push(`maxErrorRatePct ${num(maxErr) ? `is ${maxErr}, not a percentage ≥ 0` : "has an error"}, so no load level can be checked`);
  const sku = plan.skus[skuIndex]!;
  const path = `skus[${skuIndex}]`;
  const errors: string[] = [];
  const warnings: string[] = [];
  const slos = plan.slo.filter((s): s is Slo => num(s.maxMs));
  const perWl: SkuWorkloadResult[] = [];
  const capInputs: { workload: WorkloadInput; replicaOutputTokensPerSec: number; sweepMeanInputTokens?: number | null; sweepMeanOutputTokens?: number | null }[] = [];
  let feasible: boolean | null = true;
  let reason: string | null = null;
  const key = sloKey(slos, plan.sloMode, maxErr);
  // Per analysed sweep: its operating point's warnings with this SKU's name, and its summary.
  const opWarnings = new Map<SweepAnalysis, string[]>();
  const opSummary = new Map<SweepAnalysis, OperatingPointSummary>();
  const refs = new Map<ResolvedSweepRef, ReturnType<typeof sweepOf>>();

  for (const w of plan.workloads) {
    const wl: SkuWorkloadResult = { workload: w.name, feasible: null, operatingPoint: null, replicasBase: null, sweep: null, zones: [], kneeIndex: null, findings: [], detail: null, warnings: [], errors: [] };
    perWl.push(wl);
    const ref = sku.sweeps[w.name] ?? { kind: "missing" as const };
    // Workloads sharing the SKU's sweep share its reading.
    let read = refs.get(ref);
    if (!read) refs.set(ref, (read = sweepOf(ref, files)));
    const { sweep, given, errors: refErrors } = read;
    wl.errors.push(...refErrors.map(e => `${path} (${w.name}): ${e}`));
    const winput = workloads.find(x => x.name === w.name);
    let capTps: number | null = null;
    let analysis: SweepAnalysis | null = null;
    if (given !== null || ref.kind === "given") {
      if (num(given) && given > 0) {
        capTps = given;
        wl.feasible = true;
        wl.operatingPoint = { concurrency: null, requestRate: null, rps: null, outputTokensPerSec: given, totalTokensPerSec: null, basis: "given", bindingSlo: null, bindingErrorRate: false, sloBinding: false };
        if (slos.length) wl.warnings.push(`${sku.name}: capacity for ${w.name} is given (${fmt(given)} tok/s), so the SLOs were not checked against a sweep`);
      } else if (num(given)) wl.errors.push(`${path} (${w.name}): replicaOutputTokensPerSec must be positive, got ${given}`);
    } else if (sweep) {
      wl.sweep = sweep;
      analysis = analyzeSweep(cache, sweep, slos, plan.sloMode, maxErr, key);
      wl.zones = analysis.zones;
      wl.kneeIndex = analysis.kneeIndex;
      wl.findings = analysis.findings;
      if (sloErrors.length) {
        wl.feasible = null;
        wl.warnings.push(...sloErrors);
        reason = sloErrors[0]!;
      } else {
        const op = analysis.op();
        wl.detail = op;
        let named = opWarnings.get(analysis);
        if (!named) {
          named = op.warnings.map(x => `${sku.name}: ${x}`);
          const sat = saturatedWarning(sweep, op, analysis);
          if (sat) named.push(`${sku.name}: ${sat}`);
          opWarnings.set(analysis, named);
        }
        wl.warnings.push(...named);
        wl.feasible = op.feasible;
        if (op.feasible) {
          let summary = opSummary.get(analysis);
          if (!summary) opSummary.set(analysis, (summary = summarizeOp(op)));
          wl.operatingPoint = { ...summary };
          capTps = op.outputTokensPerSec;
          if (!num(capTps) && num(op.rps)) {
            const out = analysis.meanOut() ?? winput?.outputTokens ?? null;
            if (num(out)) {
              capTps = op.rps * out;
              wl.warnings.push(`${sku.name}: the sweep has no output tokens/s; used rps × ${out} output tokens per request`);
            }
          }
          if (!num(capTps) || capTps <= 0) {
            wl.feasible = null;
            wl.errors.push(`${path} (${w.name}): the operating point has no output tokens/s`);
          }
        } else if (op.feasible === false && op.bindingErrorRate && op.errorRateFailure) {
          const f = op.errorRateFailure;
          reason = `${fmt(f.sharePct)} % of requests fail already at the lowest load (${f.load}), over the ${fmt(f.maxPct)} % limit (maxErrorRatePct)`;
        } else if (op.feasible === false && op.failure) {
          const f = op.failure;
          reason = `${sloText(f.slo, {})} fails already at the lowest load (${f.load}): ${fmt(f.valueMs)} ms, ${fmt(f.overMs)} ms (${fmt(f.overPct)} %) over`;
        } else if (op.missing.length) {
          reason = op.missing.map(m => `${sloText(m)} is missing; the sweep has ${m.available.join(", ") || "none"}`).join("; ");
        }
      }
    }
    if (wl.errors.length) wl.feasible = wl.feasible === false ? false : null;
    if (wl.feasible === false) feasible = false;
    else if (wl.feasible === null && feasible !== false) feasible = null;
    errors.push(...wl.errors);
    warnings.push(...wl.warnings);
    if (winput && num(capTps) && capTps > 0) {
      wl.replicasBase = (winput.peakRps * winput.outputTokens) / capTps;
      capInputs.push({
        workload: winput,
        replicaOutputTokensPerSec: capTps,
        sweepMeanInputTokens: sweep ? (analysis ? analysis.meanIn() : meanOf(sweep.points.map(p => p.meanInputTokens))) : null,
        sweepMeanOutputTokens: sweep ? (analysis ? analysis.meanOut() : meanOf(sweep.points.map(p => p.meanOutputTokens))) : null,
      });
    } else if (!winput) {
      warnings.push(`${sku.name}: workload ${w.name} has errors in its inputs`);
      reason ??= `workload ${w.name} has errors in its inputs`;
      if (feasible === true) feasible = null;
    }
  }

  const result: SkuResult = {
    name: sku.name,
    gpu: sku.gpu,
    gpusPerReplica: sku.gpusPerReplica,
    pricePerGpuHour: sku.pricePerGpuHour,
    feasible,
    operatingPoint: perWl[0]?.operatingPoint ?? null,
    workloads: perWl,
    infeasibleReason: feasible === true ? null : reason ?? (errors[0] ?? null),
    sloChecked: perWl.length > 0 && perWl.every(w => w.sweep !== null && w.detail !== null && w.feasible !== null && w.errors.length === 0),
    warnings,
    errors,
  };
  const formulaError = (f: string) => plan.errors.some(e => e.path === `${path}.${f}`);
  if ((!num(sku.gpusPerReplica) || sku.gpusPerReplica <= 0) && !formulaError("gpusPerReplica")) errors.push(`${path}.gpusPerReplica: needs a positive number`);
  if ((!num(sku.pricePerGpuHour) || sku.pricePerGpuHour < 0) && !formulaError("pricePerGpuHour")) errors.push(`${path}.pricePerGpuHour: needs a number ≥ 0`);
  const redundancy = "spare" in plan.redundancy ? plan.redundancy.spare : plan.redundancy.factor;
  if (feasible === true && capInputs.length === plan.workloads.length && num(sku.gpusPerReplica) && sku.gpusPerReplica > 0 && num(sku.pricePerGpuHour) && sku.pricePerGpuHour >= 0 && num(plan.elasticity) && num(redundancy)) {
    const cap = capacity(
      { gpusPerReplica: sku.gpusPerReplica, pricePerGpuHour: sku.pricePerGpuHour, perWorkload: capInputs },
      { elasticity: plan.elasticity, redundancy: "spare" in plan.redundancy ? { spare: redundancy } : { factor: redundancy } },
    );
    const { warnings: capWarnings, ...numbers } = cap;
    Object.assign(result, numbers);
    warnings.push(...capWarnings);
  }
  return result;
}

/**
 * A warning when a sweep's operating point lies in the saturated zone (docs/operating-point.md):
 * the measured point itself, or for an interpolated one the step it was interpolated into.
 */
function saturatedWarning(sweep: Sweep, op: OperatingPoint, analysis: SweepAnalysis): string | null {
  if (op.feasible !== true) return null;
  const i = op.basis === "interpolated" ? op.towardIndex : op.pointIndex;
  if (i === null || analysis.zones[i] !== "saturated") return null;
  const kind = loadKind(sweep.points);
  const at = op.concurrency !== null ? loadLabel("concurrency", op.concurrency) : op.requestRate !== null ? loadLabel("requestRate", op.requestRate === "inf" ? Infinity : op.requestRate) : loadLabel(kind, null);
  const knee = analysis.kneeIndex !== null && kind ? ` (the knee is at ${loadLabel(kind, loadValue(sweep.points[analysis.kneeIndex]!, kind))})` : "";
  return `the operating point (${at}) lies in the saturated zone${knee}: throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee`;
}

function fmt(x: number): string {
  return fmtNum(x, 1);
}

/**
 * Compute the plan. `files` maps every `file` sweep reference (as written in the plan) to the
 * imported sweep, read by the caller (the CLI reads files; the app stores sweeps inline).
 */
export function computePlan(plan: ResolvedPlan, files: ReadonlyMap<string, FileSweep> = new Map()): PlanResult {
  const level = planLevel(plan);
  const cache: SweepAnalysisCache = new Map();
  const skus = plan.skus.map((_, i) => computeSku(plan, i, level.wlInputs, files, cache));
  return assemblePlan(plan, skus, level);
}

/** Workload results and inputs, and the plan-level errors (formula errors, missing workload numbers). */
export function planLevel(plan: ResolvedPlan): { workloads: WorkloadResult[]; wlInputs: WorkloadInput[]; errors: PlanResult["errors"] } {
  const errors: PlanResult["errors"] = plan.errors.map(e => ({ path: e.path, kind: e.kind, message: e.message }));
  const wlInputs: WorkloadInput[] = [];
  const workloads: WorkloadResult[] = plan.workloads.map((w, i) => {
    const ok = num(w.peakRps) && num(w.inputTokens) && num(w.outputTokens);
    const input: WorkloadInput | null = ok ? { name: w.name, peakRps: w.peakRps!, inputTokens: w.inputTokens!, outputTokens: w.outputTokens!, avgRps: w.avgRps, dailyRequests: w.dailyRequests } : null;
    if (input) wlInputs.push(input);
    else if (w.trace && !w.traffic) {
      const problem = TM.problem("notRead", { workload: w.name, file: w.trace.file ?? w.trace.name ?? "?" }, { path: `workloads[${i}].trace` });
      errors.push({ path: `workloads[${i}].trace`, kind: "INPUT", message: TM.en(problem), problem });
    } else if (w.trace && !plan.errors.some(e => e.path.startsWith(`workloads[${i}]`))) {
      for (const field of ["peakRps", "inputTokens", "outputTokens"] as const) {
        if (num(w[field])) continue;
        const problem = TM.problem("noNumber", { workload: w.name, field }, { path: `workloads[${i}].${field}` });
        errors.push({ path: `workloads[${i}].${field}`, kind: "VALUE", message: TM.en(problem), problem });
      }
    } else if (!plan.errors.some(e => e.path.startsWith(`workloads[${i}]`))) {
      errors.push({ path: `workloads[${i}]`, kind: "VALUE", message: "peakRps, inputTokens and outputTokens are required numbers" });
    }
    // tokensPerRequest needs only the lengths: it still computes when peakRps has an error.
    const perRequest = num(w.inputTokens) && num(w.outputTokens) ? tokensPerRequest({ name: w.name, peakRps: 0, inputTokens: w.inputTokens, outputTokens: w.outputTokens }) : null;
    return { ...w, tokensPerRequest: perRequest, tokensPerSec: input ? tokensPerSec(input) : null };
  });
  if (!num(plan.elasticity)) errors.some(e => e.path === "factors.elasticity") || errors.push({ path: "factors.elasticity", kind: "VALUE", message: "elasticity must be a number" });
  return { workloads, wlInputs, errors };
}

/**
 * The plan result from per-SKU results: the recommendation (cheapest feasible SKU by cost per
 * hour), SKU input errors as plan errors, and the team allocation.
 */
export function assemblePlan(plan: ResolvedPlan, skus: SkuResult[], level = planLevel(plan), tenantsOf: typeof computeTenants = computeTenants): PlanResult {
  const { workloads, wlInputs, errors } = level;
  const warnings: string[] = [];
  const problems: Problem[] = [];
  // The cheapest feasible SKU among those checked against the SLOs; an unchecked one only when no checked one is feasible.
  const cheapestOf = (checked: boolean): SkuResult | null => {
    let best: SkuResult | null = null;
    for (const s of skus) {
      if (s.sloChecked === checked && s.feasible === true && num(s.costPerHour) && (!best || s.costPerHour < best.costPerHour!)) best = s;
    }
    return best;
  };
  let cheapest = cheapestOf(true);
  let recommendationChecked: boolean | null = cheapest ? true : null;
  if (!cheapest) {
    cheapest = cheapestOf(false);
    if (cheapest) {
      recommendationChecked = false;
      const checked = skus.filter(s => s.sloChecked).length;
      warnings.push(
        `${cheapest.name} is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): ` +
          (checked ? "no SKU with a checked sweep is feasible" : "no SKU has a sweep checked against the SLOs"),
      );
    }
  }
  skus.forEach((s, i) => {
    for (const e of s.errors) {
      const m = /^(skus\[\d+\][^ :]*)(?: \(([^)]*)\))?: (.*)$/.exec(e);
      const path = m ? (m[2] ? `${m[1]}.sweeps.${m[2]}` : m[1]!) : `skus[${i}]`;
      const message = m ? m[3]! : e;
      if (!errors.some(x => x.path === path && x.message === message)) errors.push({ path, kind: "INPUT", message });
    }
  });
  let tenants: TenantsResult | null = null;
  if (plan.tenants) {
    const t = tenantsOf(plan, skus, cheapest, wlInputs, errors);
    appendAll(errors, t.errors);
    appendAll(warnings, t.warnings);
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
    tenants,
    errors,
    warnings,
    problems,
  };
}

export { computeTenants } from "./plan-tenants";

export type { FormulaError };
export type { FileSweep, OperatingPointSummary, PlanResult, SkuResult, SkuWorkloadResult, TenantsResult, WorkloadResult } from "./plan-result";
