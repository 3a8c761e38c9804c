/**
 * What a plan reads of a sweep (docs/operating-point.md): the SLO-free analysis (zones, knee,
 * diagnostics, load order, mean lengths), the operating point through an analyzer the incremental
 * engine can memoise, a sweep reference read into a sweep, and the saturated-zone warning.
 */
import type { Problem } from "../base/problems";
import { planMessages as M } from "./messages";
import { loadParam } from "../curve/messages";
import type { FileSweep, OperatingPointSummary } from "./plan-result";
import { diagnose, type Finding } from "../curve/diagnostics";
import type { ResolvedPlan, ResolvedSweepRef } from "./resolved-plan-types";
import { loadKind, loadValue } from "../curve/load";
import { operatingPoint, prepareSweep, type OperatingPoint, type SweepPrep } from "../curve/slo";
import type { Slo, Sweep } from "../base/types";
import { classifyZones, type Zone } from "../curve/zones";

/** A finite number (Number.isFinite is false for anything that is not a number). */
export function num(v: number | null | undefined): v is number {
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
export interface SweepAnalysis {
  base: SweepBase;
  op?: OperatingPoint;
}

export function sweepOf(
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

export function summarizeOp(op: OperatingPoint): OperatingPointSummary {
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
 * A warning when a sweep's operating point lies in the saturated zone (docs/operating-point.md):
 * the measured point itself, or for an interpolated one the step it was interpolated into.
 */
export function saturatedProblem(
  sweep: Sweep,
  op: OperatingPoint,
  analysis: SweepBase,
): Problem | null {
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
