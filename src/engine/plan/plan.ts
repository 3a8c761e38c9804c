/**
 * The whole plan computation (docs/operating-point.md, docs/capacity.md, docs/allocation.md;
 * the result model in docs/architecture.md): resolved plan + sweeps → operating points,
 * replicas, costs, the recommendation and the team allocation. Pure; errors are values. One SKU
 * is computed in sku.ts, what is read of a sweep in sweep-analysis.ts.
 */
import { englishOf, textProblem, type Problem } from "../base/problems";
import { planMessages as M } from "./messages";
import { appendAll } from "../base/append";
import { computeTenants } from "./plan-tenants";
import type {
  FileSweep,
  PlanResult,
  SkuResult,
  TenantsResult,
  WorkloadResult,
} from "./plan-result";
import { traceMessages as TM } from "../demand/trace-messages";
import { planSchedules, recommendCost, type PlanSchedules } from "./plan-schedule";
import type { RecommendBy } from "../base/types";
import { tokensPerRequest, tokensPerSec, type WorkloadInput } from "../chain/capacity";
import type { FormulaError, ResolvedPlan } from "./resolved-plan-types";
import type { MemoryCatalog } from "./plan-kv";
import { num, plainAnalyzer } from "./sweep-analysis";
import { computeSku } from "./sku";

export { computeSku } from "./sku";
export {
  analyzeSweep,
  plainAnalyzer,
  type SloSet,
  type SweepAnalyzer,
  type SweepBase,
} from "./sweep-analysis";

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
