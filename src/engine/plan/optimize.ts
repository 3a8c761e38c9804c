/**
 * The mixed-fleet optimiser (docs/optimize.md): the cheapest fleet over the plan's SKUs that
 * serves every workload, each wholly on one SKU (or in fractions with `split`), with N+k per SKU
 * used and `skus[].maxReplicas` caps, as a mixed-integer program.
 *
 * Pure: the model is written as CPLEX LP text and handed to a {@link MilpSolver} the caller
 * loads (the CLI and the app load HiGHS lazily), so the engine holds no solver. The answer's
 * replicas and costs are recomputed from the assignment with the ceiling of docs/capacity.md, never read from the
 * solver's (tolerance-bound) integer variables.
 */
import type { Problem } from "../base/problems";
import { ceilTol } from "../chain/capacity";
import { optimizeMessages as M } from "./optimize-messages";
import type { PlanResult } from "./plan-result";
import type { ResolvedPlan } from "./resolved-plan-types";

/** What a solver reports: its status and the value of every column by name. */
export interface MilpSolution {
  /** `optimal`: proved optimal; `infeasible`: proved infeasible; `other`: anything else (text in `statusText`). */
  status: "optimal" | "infeasible" | "other";
  statusText: string;
  values: Record<string, number>;
}

/** A MILP solver of CPLEX LP text (HiGHS in the CLI and the app). */
export interface MilpSolver {
  /** Name and version, reported as `solver`. */
  name: string;
  solve(lp: string): MilpSolution;
}

/** One SKU as the optimiser sees it. */
export interface FleetSku {
  name: string;
  gpusPerReplica: number;
  pricePerGpuHour: number;
  /** The most replicas that can be had (`skus[].maxReplicas`); null: no cap. */
  maxReplicas: number | null;
  sloChecked: boolean;
}

/** One workload: its base replicas on each SKU (null where it is not feasible, with why). */
export interface FleetWorkload {
  name: string;
  /** b_wj = peakRps × outputTokens ÷ capacity_wj, per SKU (index of `skus`); null: not feasible there. */
  base: (number | null)[];
  /** Per SKU: why it cannot serve this workload (null where it can). */
  why: (Problem | null)[];
  /** The workload's own numbers have an error: it cannot be placed anywhere. */
  inputError?: boolean;
}

export interface FleetModel {
  skus: FleetSku[];
  workloads: FleetWorkload[];
  elasticity: number;
  redundancy: { factor: number } | { spare: number };
}

export interface FleetSkuResult {
  name: string;
  replicas: number;
  gpus: number;
  costPerHour: number;
}

export interface FleetAssignment {
  workload: string;
  sku: string;
  share: number;
}

/** Why a workload has no place: the problem, and for `optimize.noSku` each SKU's own reason. */
export interface FleetReason {
  workload: string;
  /** Why, as a value; {@link reasonText} writes it with its details (`no SKU can serve docs (A10G: …; A100: …)`). */
  problem: Problem;
  details: Problem[];
}

/** The answer (`capplan optimize --json`, docs/optimize.md). */
export interface FleetResult {
  feasible: boolean;
  /** Cost of the mix per hour; null when no mix is feasible. */
  costPerHour: number | null;
  /** The SKUs used, in plan order. */
  skus: FleetSkuResult[];
  assignment: FleetAssignment[];
  /** The cheapest fleet of one SKU under the same caps; null when no single SKU serves everything. */
  bestSingle: { name: string; costPerHour: number } | null;
  /** (bestSingle − costPerHour) ÷ bestSingle × 100; null without both, or when bestSingle costs 0. */
  savingsPct: number | null;
  /** True when the solver proved the mix optimal and the recomputed fleet agrees with it. */
  optimal: boolean;
  solver: string;
  split: boolean;
  /** Per workload that cannot be placed: why (empty when feasible). */
  reasons: FleetReason[];
  /** Warnings as values (code `optimize.*`); `capplan optimize --json` renders their text (src/report/fleet-output.ts). */
  problems: Problem[];
}

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Slack of the ceiling rows: half of the ceiling tolerance of docs/capacity.md (capacity.ts `ceilTol`, 1e-9), so that
 * a load the solver accepts within its own feasibility tolerance (1e-10, milp-highs.ts) still
 * rounds up, with `ceilTol`, to the replicas the solver chose.
 */
const CEIL_TOL = 5e-10;

/**
 * The optimiser's model from a computed plan: b_wj is each SKU's `workloads[w].replicasBase`
 * (the plan's own operating points and capacities), feasible where the SKU's workload is.
 */
export function fleetModel(
  plan: ResolvedPlan,
  result: PlanResult,
): { model: FleetModel | null; problems: Problem[] } {
  const red = plan.redundancy;
  const redundancy =
    "spare" in red
      ? num(red.spare) && red.spare >= 0
        ? { spare: Math.ceil(red.spare) }
        : null
      : num(red.factor) && red.factor > 0
        ? { factor: red.factor }
        : null;
  if (!num(plan.elasticity) || plan.elasticity <= 0 || !redundancy)
    return { model: null, problems: [M.problem("factorsInvalid", {})] };
  const skus: FleetSku[] = result.skus.map((s, j) => {
    const cap = plan.skus[j]?.maxReplicas;
    return {
      name: s.name,
      gpusPerReplica: s.gpusPerReplica ?? NaN,
      pricePerGpuHour: s.pricePerGpuHour ?? NaN,
      maxReplicas: num(cap) ? Math.floor(cap) : null,
      sloChecked: s.sloChecked,
    };
  });
  const skuUsable = (j: number): boolean => {
    const s = skus[j]!;
    return num(s.gpusPerReplica) && s.gpusPerReplica > 0 && num(s.pricePerGpuHour);
  };
  const workloads: FleetWorkload[] = result.workloads.map((w) => {
    const inputError = !(num(w.peakRps) && num(w.inputTokens) && num(w.outputTokens));
    const base: (number | null)[] = [];
    const why: (Problem | null)[] = [];
    result.skus.forEach((s, j) => {
      const wl = s.workloads.find((x) => x.workload === w.name);
      const b = wl?.replicasBase;
      if (!inputError && wl?.feasible === true && num(b) && skuUsable(j)) {
        base.push(b);
        why.push(null);
      } else {
        base.push(null);
        const p =
          wl?.errorProblems[0] ?? s.errorProblems[0] ?? s.infeasibleProblem ?? wl?.problems[0];
        // The SKU's name comes first in the reason already (`A10G: …`), not its path again.
        why.push(p ? withoutSubject(p) : null);
      }
    });
    return inputError ? { name: w.name, base, why, inputError } : { name: w.name, base, why };
  });
  return { model: { skus, workloads, elasticity: plan.elasticity, redundancy }, problems: [] };
}

function withoutSubject(p: Problem): Problem {
  const { subject: _, ...rest } = p;
  return rest;
}

/** Replicas of one SKU serving `load` = Σ share × b (the ceiling of docs/capacity.md; N+k adds k when it serves anything). */
export function skuReplicas(model: FleetModel, load: number, used: boolean): number {
  if (!used) return 0;
  const r = model.redundancy;
  return "spare" in r
    ? ceilTol(load * model.elasticity) + r.spare
    : ceilTol(load * model.elasticity * r.factor);
}

/** A number as LP text (full precision; HiGHS reads exponents). */
function lpNum(x: number): string {
  return String(x);
}

/** Column names of the LP: x_w_j (share of w on j), y_j (replicas), u_j (j serves anything). */
const X = (w: number, j: number): string => `x_${w}_${j}`;
const Y = (j: number): string => `y_${j}`;
const U = (j: number): string => `u_${j}`;

/**
 * The model as CPLEX LP text: minimise Σ_j y_j × gpus_j × price_j subject to
 * Σ_j x_wj = 1 per workload; y_j ≥ Σ_w x_wj × b_wj × elasticity × redundancy − tol
 * (N+k: y_j ≥ Σ_w x_wj × b_wj × elasticity + k × u_j − tol, u_j ≥ x_wj); 0 ≤ y_j ≤ maxReplicas_j;
 * y integer; x binary (continuous in [0, 1] with `split`); u binary.
 */
export function fleetLp(model: FleetModel, split: boolean): string {
  const { skus, workloads } = model;
  const spare = "spare" in model.redundancy ? model.redundancy.spare : 0;
  const factor = model.elasticity * ("factor" in model.redundancy ? model.redundancy.factor : 1);
  const usedSkus = skus.map((_, j) => workloads.some((w) => w.base[j] !== null));
  const obj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const generals: string[] = [];
  const binaries: string[] = [];
  workloads.forEach((w, i) => {
    const terms = w.base.flatMap((b, j) => (b === null ? [] : [X(i, j)]));
    rows.push(` a_${i}: ${terms.join(" + ")} = 1`);
    for (const t of terms) (split ? bounds : binaries).push(split ? ` 0 <= ${t} <= 1` : t);
  });
  skus.forEach((s, j) => {
    if (!usedSkus[j]) return;
    obj.push(`${lpNum(s.gpusPerReplica * s.pricePerGpuHour)} ${Y(j)}`);
    const terms = workloads.flatMap((w, i) => {
      const b = w.base[j] ?? null;
      return b === null ? [] : [`- ${lpNum(b * factor)} ${X(i, j)}`];
    });
    if (spare > 0) {
      terms.push(`- ${spare} ${U(j)}`);
      binaries.push(U(j));
      workloads.forEach((w, i) => {
        if (w.base[j] !== null) rows.push(` u_${i}_${j}: ${U(j)} - ${X(i, j)} >= 0`);
      });
    }
    rows.push(` c_${j}: ${Y(j)} ${terms.join(" ")} >= -${CEIL_TOL}`);
    bounds.push(s.maxReplicas !== null ? ` 0 <= ${Y(j)} <= ${s.maxReplicas}` : ` ${Y(j)} >= 0`);
    generals.push(Y(j));
  });
  return [
    "Minimize",
    ` obj: ${obj.length ? obj.join(" + ") : "0 y_none"}`,
    "Subject To",
    ...(rows.length ? rows : [" none: y_none >= 0"]),
    "Bounds",
    ...bounds,
    ...(generals.length ? ["Generals", ` ${generals.join(" ")}`] : []),
    ...(binaries.length ? ["Binaries", ` ${binaries.join(" ")}`] : []),
    "End",
    "",
  ].join("\n");
}

/** The fleet an assignment needs: shares[w][j], replicas recomputed with the ceiling of docs/capacity.md. */
export function fleetOf(
  model: FleetModel,
  shares: number[][],
): { replicas: number[]; costPerHour: number } {
  let cost = 0;
  const replicas = model.skus.map((s, j) => {
    let load = 0;
    let used = false;
    model.workloads.forEach((w, i) => {
      const x = shares[i]?.[j] ?? 0;
      if (x > 0) {
        used = true;
        load += x * (w.base[j] ?? NaN);
      }
    });
    const y = skuReplicas(model, load, used);
    cost += y * s.gpusPerReplica * s.pricePerGpuHour;
    return y;
  });
  return { replicas, costPerHour: cost };
}

/** The cheapest fleet of one SKU serving every workload within its cap, or null. */
export function bestSingleSku(model: FleetModel): { name: string; costPerHour: number } | null {
  let best: { name: string; costPerHour: number } | null = null;
  model.skus.forEach((s, j) => {
    if (model.workloads.some((w) => w.base[j] === null)) return;
    const load = model.workloads.reduce((a, w) => a + w.base[j]!, 0);
    const y = skuReplicas(model, load, model.workloads.length > 0);
    if (s.maxReplicas !== null && y > s.maxReplicas) return;
    const cost = y * s.gpusPerReplica * s.pricePerGpuHour;
    if (!best || cost < best.costPerHour) best = { name: s.name, costPerHour: cost };
  });
  return best;
}

/** Why no mix is feasible, per workload that causes it (an input error, no SKU, the caps). */
type Why = { workload: string; problem: Problem; details?: Problem[] };

function reasonsOf(model: FleetModel): Why[] {
  const unplaceable = model.workloads.flatMap((w): Why[] => {
    if (w.inputError)
      return [{ workload: w.name, problem: M.problem("workloadNumbers", { workload: w.name }) }];
    if (w.base.some((b) => b !== null)) return [];
    const details = model.skus.map((s, j) =>
      M.problem("skuCannot", { sku: s.name, reason: w.why[j] ?? null }),
    );
    const problem = M.problem("noSku", { workload: w.name, skuCount: model.skus.length });
    return [{ workload: w.name, problem, details }];
  });
  if (unplaceable.length) return unplaceable;
  const alone = model.workloads.flatMap((w) => {
    const needs = w.base.flatMap((b, j) => {
      const s = model.skus[j]!;
      return b === null ? [] : [{ s, y: skuReplicas(model, b, true) }];
    });
    if (!needs.every(({ s, y }) => s.maxReplicas !== null && y > s.maxReplicas)) return [];
    const text = needs.map(({ s, y }) => `${s.name} ${y} > ${s.maxReplicas}`);
    return [
      { workload: w.name, problem: M.problem("capsAlone", { workload: w.name, candidates: text }) },
    ];
  });
  if (alone.length) return alone;
  return model.workloads.map((w) => ({
    workload: w.name,
    problem: M.problem("capsTogether", { workload: w.name }),
  }));
}

/**
 * Shares from the solver's columns. Binary x are rounded. Split x are clamped to [0, 1]; a SKU the
 * solver left empty (y_j rounds to 0 and, with N+k, u_j to 0) may still carry a share within the
 * solver's feasibility tolerance: that dust goes to the workload's largest share, so that a
 * tolerance never adds a replica (or N+k spares) the solver did not pay for.
 */
function sharesOf(model: FleetModel, values: Record<string, number>, split: boolean): number[][] {
  const empty = model.skus.map(
    (_, j) => Math.round(values[Y(j)] ?? 0) === 0 && Math.round(values[U(j)] ?? 0) === 0,
  );
  return model.workloads.map((w, i) => {
    const raw = w.base.map((b, j) => {
      if (b === null) return 0;
      const v = values[X(i, j)] ?? 0;
      return split ? Math.min(1, Math.max(0, v)) : v > 0.5 ? 1 : 0;
    });
    if (split) {
      let top = 0;
      raw.forEach((x, j) => {
        if (x > raw[top]!) top = j;
      });
      raw.forEach((x, j) => {
        if (j !== top && x > 0 && empty[j]) {
          raw[top]! += x;
          raw[j] = 0;
        }
      });
    }
    const sum = raw.reduce((a, b) => a + b, 0);
    return sum > 0 ? raw.map((x) => x / sum) : raw;
  });
}

/** A reason with its details, in whatever language `render` writes: `main (d1; d2)`. */
export function reasonText(
  problem: Problem,
  details: readonly Problem[],
  render: (p: Problem) => string,
): string {
  const main = render(problem);
  return details.length ? `${main} (${details.map(render).join("; ")})` : main;
}

/** Solve the model: the cheapest mix, the best single SKU and the savings (docs/optimize.md). */
export function optimizeFleet(
  model: FleetModel,
  solver: MilpSolver,
  opts: { split?: boolean } = {},
): FleetResult {
  const split = opts.split === true;
  const bestSingle = bestSingleSku(model);
  const base = {
    bestSingle,
    solver: solver.name,
    split,
    problems: [] as Problem[],
  };
  const infeasible = (why: Why[], extra: Problem[] = []): FleetResult => ({
    ...base,
    feasible: false,
    costPerHour: null,
    skus: [],
    assignment: [],
    savingsPct: null,
    optimal: false,
    reasons: why.map(({ workload, problem, details = [] }) => ({ workload, problem, details })),
    problems: extra,
  });
  if (model.workloads.some((w) => w.inputError || w.base.every((b) => b === null)))
    return infeasible(reasonsOf(model));
  const sol = solver.solve(fleetLp(model, split));
  if (sol.status === "infeasible") return infeasible(reasonsOf(model));
  if (sol.status !== "optimal" && !Object.keys(sol.values).length)
    return infeasible(reasonsOf(model), [M.problem("solverStatus", { status: sol.statusText })]);
  const shares = sharesOf(model, sol.values, split);
  const fleet = fleetOf(model, shares);
  const problems: Problem[] = [];
  if (sol.status !== "optimal")
    problems.push(M.problem("solverStatus", { status: sol.statusText }));
  let optimal = sol.status === "optimal";
  const skus: FleetSkuResult[] = [];
  model.skus.forEach((s, j) => {
    const y = fleet.replicas[j]!;
    if (y === 0 && !shares.some((r) => (r[j] ?? 0) > 0)) return;
    if (s.maxReplicas !== null && y > s.maxReplicas) {
      optimal = false;
      problems.push(
        M.problem("recomputedOverCap", { sku: s.name, replicas: y, cap: s.maxReplicas }),
      );
    }
    if (!s.sloChecked) problems.push(M.problem("uncheckedUsed", { sku: s.name }));
    skus.push({
      name: s.name,
      replicas: y,
      gpus: y * s.gpusPerReplica,
      costPerHour: y * s.gpusPerReplica * s.pricePerGpuHour,
    });
  });
  const assignment: FleetAssignment[] = model.workloads.flatMap((w, i) =>
    model.skus.flatMap((s, j) => {
      const share = shares[i]![j]!;
      return share > 0 ? [{ workload: w.name, sku: s.name, share }] : [];
    }),
  );
  const cost = fleet.costPerHour;
  return {
    ...base,
    feasible: true,
    costPerHour: cost,
    skus,
    assignment,
    savingsPct:
      bestSingle && bestSingle.costPerHour > 0
        ? ((bestSingle.costPerHour - cost) / bestSingle.costPerHour) * 100
        : null,
    optimal,
    reasons: [],
    problems,
  };
}

/**
 * The answer of `capplan optimize` for a computed plan: its model solved, or, when the plan gives
 * no model (no SKU, or a SKU whose numbers are unusable), `feasible: false` with the model's
 * problem as every workload's reason. The CLI's `optimize`, `plan --json` and `report` share it.
 */
export function optimizePlan(
  plan: ResolvedPlan,
  result: PlanResult,
  solver: MilpSolver,
  opts: { split?: boolean } = {},
): FleetResult {
  const { model, problems } = fleetModel(plan, result);
  if (model) return optimizeFleet(model, solver, opts);
  const problem = problems[0]!;
  return {
    feasible: false,
    costPerHour: null,
    skus: [],
    assignment: [],
    bestSingle: null,
    savingsPct: null,
    optimal: false,
    solver: solver.name,
    split: opts.split === true,
    reasons: result.workloads.map((w) => ({ workload: w.name, problem, details: [] })),
    problems: [],
  };
}
