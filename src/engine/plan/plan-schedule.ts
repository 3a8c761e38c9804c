/**
 * Schedules in the plan (docs/schedules.md, "In the plan file"): the workloads' `schedule` keys
 * checked and aligned once per plan computation, and each feasible SKU's replicas and three costs
 * over one period from its computed capacity. Also the cost a recommendation compares
 * (`recommendBy`). Pure; problems are values with plan paths.
 */
import { SECONDS_PER_HOUR } from "../chain/quantities";
import type { SkuCapacityInput } from "../chain/capacity";
import { traceMessages as TM } from "../demand/trace-messages";
import type { PlanResult, SkuResult } from "./plan-result";
import type { Problem } from "../base/problems";
import type { ResolvedPlan } from "./resolved-plan-types";
import {
  alignSchedules,
  scheduleForSku,
  type AlignedSchedules,
  type ScheduleResult,
  type ScheduleWorkload,
} from "../chain/schedule";
import { peakPerInterval } from "../demand/traffic";
import type { RecommendBy } from "../base/types";

/** The interval of a schedule that does not write one: an hour. */
export const DEFAULT_INTERVAL_SEC = SECONDS_PER_HOUR;

/** The plan's schedules: aligned (null when they have errors), with the errors and warnings found. */
export interface PlanSchedules {
  aligned: AlignedSchedules | null;
  errors: PlanResult["errors"];
  warnings: Problem[];
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function errorOf(p: Problem): PlanResult["errors"][number] {
  return { path: p.path ?? "", kind: "VALUE", problem: p };
}

/**
 * Check and align the workloads' schedules (null when no workload has one). A `fromTrace`
 * schedule takes each interval's peak bin rate of the workload's trace. A schedule with a formula
 * error is left out of the computation (its error is already the formula's).
 */
export function planSchedules(plan: ResolvedPlan): PlanSchedules | null {
  if (!plan.workloads.some((w) => w.schedule)) return null;
  const errors: PlanResult["errors"] = [];
  let formulaError = false;
  const list: ScheduleWorkload[] = plan.workloads.map((w, i) => {
    const path = `workloads[${i}]`;
    const base: ScheduleWorkload = { name: w.name, path, peakRps: w.peakRps, schedule: null };
    const s = w.schedule;
    if (!s) return base;
    if (plan.errors.some((e) => e.path.startsWith(`${path}.schedule`))) {
      formulaError = true;
      return base;
    }
    const intervalSec = s.intervalSec ?? DEFAULT_INTERVAL_SEC;
    let rps: number[] = [];
    if (s.fromTrace) {
      if (!w.traffic) {
        errors.push(
          errorOf(
            TM.problem(
              "fromTraceWithoutTrace",
              { workload: w.name },
              { path: `${path}.schedule.fromTrace` },
            ),
          ),
        );
        return base;
      }
      const rebinned =
        finite(intervalSec) && intervalSec > 0 ? peakPerInterval(w.traffic, intervalSec) : null;
      if (!rebinned) {
        errors.push(
          errorOf(
            TM.problem(
              "intervalNotMultiple",
              { workload: w.name, intervalSec, binSec: w.traffic.binSec },
              { path: `${path}.schedule.intervalSec` },
            ),
          ),
        );
        return base;
      }
      rps = rebinned.rps;
    } else rps = (s.rps ?? []).map((x) => (x === null ? Number.NaN : x));
    return {
      ...base,
      schedule: { intervalSec, rps, minReplicas: s.minReplicas, leadIntervals: s.leadIntervals },
    };
  });
  if (formulaError || errors.length) return { aligned: null, errors, warnings: [] };
  const a = alignSchedules(list);
  if (a === null) return { aligned: null, errors, warnings: [] };
  if (!a.ok) return { aligned: null, errors: a.problems.map(errorOf), warnings: [] };
  return { aligned: a.value, errors, warnings: a.value.warnings };
}

/**
 * The schedule of SKU `path` with its computed capacity (`cap`: the input of capacity()), or the
 * problems that keep it from computing. Plan-level warnings (the aligned schedules') are left to
 * the plan.
 */
export function skuSchedule(
  plan: ResolvedPlan,
  skuIndex: number,
  cap: SkuCapacityInput,
  aligned: AlignedSchedules,
): { value: ScheduleResult | null; problems: Problem[] } {
  const sku = plan.skus[skuIndex]!;
  const red = plan.redundancy;
  const redundancy =
    "spare" in red ? { spare: red.spare ?? Number.NaN } : { factor: red.factor ?? Number.NaN };
  const out = scheduleForSku(
    aligned,
    {
      path: `skus[${skuIndex}]`,
      gpusPerReplica: cap.gpusPerReplica,
      pricePerGpuHour: cap.pricePerGpuHour,
      reservedPricePerGpuHour: sku.reservedPricePerGpuHour ?? null,
      perWorkload: cap.perWorkload.map((p) => ({
        name: p.workload.name,
        outputTokens: p.workload.outputTokens,
        replicaOutputTokensPerSec: p.replicaOutputTokensPerSec,
      })),
    },
    { elasticity: plan.elasticity ?? Number.NaN, redundancy },
  );
  if (!out.ok) return { value: null, problems: out.problems };
  const own = out.value.problems.filter((p) => !aligned.warnings.includes(p));
  return { value: { ...out.value, problems: own }, problems: own };
}

/** The cost of a SKU the recommendation compares (`recommendBy`); undefined when it has none. */
export function recommendCost(s: SkuResult, by: RecommendBy): number | undefined {
  if (by === "peak" || s.schedule === undefined) return s.capacity?.costPerHour;
  const sc = s.schedule;
  if (!sc) return undefined;
  // Without a reserved price there is no blend: everything is on demand (blended(0) = autoscaled).
  return by === "static"
    ? sc.staticCost
    : by === "autoscaled"
      ? sc.autoscaledCost
      : (sc.blendedCost ?? sc.autoscaledCost);
}
