/**
 * The `plan --json` object (docs/cli.md, docs/problems.md): the plan result with unrounded
 * numbers, and the contract's English strings (`warnings[]`, `errors[]`, a SKU's
 * `infeasibleReason`, each error's `message`) rendered here, at the edge, from the problems the
 * engine's result carries. Pure.
 */
import type { PlanResult } from "../engine/plan/plan-result";
import { problemEnglish } from "./messages";

export const SKU_NUMBER_KEYS = [
  "replicasBase",
  "replicasRaw",
  "replicas",
  "gpus",
  "costPerHour",
  "costPerDay",
  "costPerMonth",
  "costPerOutputToken",
  "costPerMillionOutputTokens",
  "costPerRequest",
] as const;
const EMPTY_OPERATING_POINT = {
  concurrency: null,
  requestRate: null,
  rps: null,
  outputTokensPerSec: null,
  totalTokensPerSec: null,
  basis: null,
  bindingSlo: null,
  bindingErrorRate: null,
  sloBinding: null,
};

/**
 * The `plan --json` object: the result without the imported sweeps' raw points. A SKU's
 * capacity numbers are written flat on the SKU (docs/plan-file.md): the ten numbers of
 * `SKU_NUMBER_KEYS` first (each null when the SKU has no capacity), then the SKU's own fields,
 * then `peak`, `forecast`, `utilizationAtPeak` and `replicaOutputTokensPerSec` when it has one,
 * then `schedule` when the plan has schedules.
 */
export function planJson(result: PlanResult): unknown {
  const { errors, problems: planProblems, ...r } = result;
  return {
    ...r,
    skus: r.skus.map((sku) => {
      const { capacity, schedule, infeasibleProblem, sloChecked, problems, errorProblems, ...s } =
        sku;
      return {
        ...Object.fromEntries(SKU_NUMBER_KEYS.map((k) => [k, capacity ? capacity[k] : null])),
        ...s,
        // The English strings of the contract are rendered here, at the edge, from the problems.
        infeasibleReason: infeasibleProblem ? problemEnglish(infeasibleProblem) : null,
        infeasibleProblem,
        sloChecked,
        warnings: problems.map(problemEnglish),
        errors: errorProblems.map(problemEnglish),
        problems,
        errorProblems,
        ...(capacity && {
          peak: capacity.peak,
          forecast: capacity.forecast,
          utilizationAtPeak: capacity.utilizationAtPeak,
          replicaOutputTokensPerSec: capacity.replicaOutputTokensPerSec,
        }),
        // The schedule's numbers follow the capacity's (they are worked out from it).
        ...(schedule !== undefined && { schedule }),
        operatingPoint: s.operatingPoint ?? EMPTY_OPERATING_POINT,
        workloads: s.workloads.map((w) => {
          const {
            sweep,
            detail,
            replicaOutputTokensPerSec: _perReplica,
            problems,
            errorProblems,
            ...rest
          } = w;
          return {
            ...rest,
            warnings: problems.map(problemEnglish),
            errors: errorProblems.map(problemEnglish),
            problems,
            errorProblems,
            sweep: sweep
              ? {
                  label: sweep.label,
                  source: sweep.source,
                  meta: sweep.meta,
                  points: sweep.points.length,
                }
              : null,
            missing: detail?.missing ?? [],
            failure: detail?.failure ?? null,
          };
        }),
      };
    }),
    // The contract's English strings, rendered here from the problems (docs/problems.md).
    errors: errors.map((e) => ({
      path: e.path,
      kind: e.kind,
      message: problemEnglish(e.problem),
      problem: e.problem,
    })),
    warnings: planProblems.map(problemEnglish),
    problems: planProblems,
  };
}
