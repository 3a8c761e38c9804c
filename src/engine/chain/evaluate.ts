/**
 * Evaluation of the declared chain (quantities.ts): runs the declarations of one SKU over its
 * workloads, and on request records the trace (each step: which declaration, which inputs, which
 * values) that lineage and the app's explanations render. The untraced path allocates no trace,
 * since the whole plan is evaluated on every edit in the app.
 *
 * A step whose input is null, or whose compute gives NaN or ±Infinity, is null: absent, never NaN.
 */
import type { ProblemLang } from "../base/problems";
import {
  CONSTANTS,
  chainMessages,
  isConstant,
  QUANTITIES,
  type Lists,
  type Quantity,
  type QuantityId,
} from "./quantities";
import { nameOf } from "./names";

/** One workload's leaves. `forecastRps`: avgRps, else dailyRequests ÷ 86,400; null when neither is given. */
export interface WorkloadLeaves {
  inputTokens: number;
  outputTokens: number;
  peakRps: number;
  forecastRps: number | null;
  /** The replica's output tokens/s for this workload (its operating point or a given capacity). */
  workloadCapacity: number;
}

/** A SKU's leaves (already checked by the caller: capacity.ts). */
export interface SkuLeaves {
  gpusPerReplica: number;
  pricePerGpuHour: number;
  /** Optional running cost per GPU-hour (power); null or absent: no power cost. */
  powerCostPerGpuHour?: number | null;
  elasticity: number;
  /** Factor redundancy, or N+k with a whole number of spare replicas. */
  redundancy: { factor: number } | { spare: number };
  workloads: readonly WorkloadLeaves[];
}

/** One evaluated step of the trace. */
export interface Step {
  /** The declaration. */
  id: QuantityId;
  /** The result key it fills (`replicas` for the N+k declaration `replicasSpare`). */
  key: string;
  /** The workload's index for a per-workload step. */
  workload?: number;
  inputs: { id: string; value: number | null }[];
  lists: { id: string; values: (number | null)[] }[];
  value: number | null;
}

/** The values of one SKU, by result key; per workload, by quantity id. */
export interface Evaluation {
  values: Record<string, number | null>;
  perWorkload: Record<string, number | null>[];
  /** Present when asked for (`{ trace: true }`), in evaluation order. */
  trace?: Step[];
}

/** The declaration variant that fills `key` in N+k mode. */
const SPARE_VARIANT: Partial<Record<string, QuantityId>> = {
  replicasRaw: "replicasRawSpare",
  replicas: "replicasSpare",
};

/** Result keys of the SKU chain, in evaluation order (each reads only earlier ones). */
const SKU_KEYS = [
  "replicasBase",
  "peakOutputTokensPerSec",
  "replicaOutputTokensPerSec",
  "replicasRaw",
  "replicas",
  "gpus",
  "costPerHour",
  "costPerDay",
  "costPerMonth",
  "costPerOutputToken",
  "costPerMillionOutputTokens",
  "meanOutputTokens",
  "costPerRequest",
  "utilizationAtPeak",
  "peakCostPerOutputToken",
  "peakCostPerMillionOutputTokens",
] as const;
const FORECAST_KEYS = [
  "forecastOutputTokensPerSec",
  "forecastCostPerOutputToken",
  "forecastCostPerMillionOutputTokens",
  "forecastUtilization",
] as const;
const WORKLOAD_KEYS = [
  "tokensPerRequest",
  "tokensPerSec",
  "workloadReplicasBase",
  "workloadPeakOutput",
  "workloadSecondsPerRequest",
] as const;

/**
 * Result keys with one declaration per case: the case is read from values already computed (and
 * the number of workloads), so each step's formula is the arithmetic of its own case.
 */
const VARIANTS: Partial<
  Record<string, (v: Readonly<Record<string, number | null>>, workloads: number) => QuantityId>
> = {
  replicaOutputTokensPerSec: (v, n) =>
    n === 1
      ? "replicaOutputTokensPerSecOne"
      : v.peakOutputTokensPerSec === 0
        ? "replicaOutputTokensPerSecByLength"
        : "replicaOutputTokensPerSec",
  meanOutputTokens: (v) =>
    v.peakOutputTokensPerSec === 0 ? "meanOutputTokensPlain" : "meanOutputTokens",
};

/**
 * Run declaration `q` reading scalars from `get` and lists from `list`; null when an input is
 * null or the result is not finite. `record` receives the step when tracing.
 */
export function run(
  q: Quantity,
  get: (id: string) => number | null,
  list: (id: string) => readonly (number | null)[],
  record?: (inputs: Step["inputs"], lists: Step["lists"], value: number | null) => void,
): number | null {
  const v: Record<string, number> = {};
  const l: Record<string, number[]> = {};
  let missing = false;
  for (const id of q.inputs) {
    const x = get(id);
    if (x === null) missing = true;
    else v[id] = x;
  }
  for (const id of q.lists ?? []) {
    const xs = list(id);
    if (xs.some((x) => x === null)) missing = true;
    else l[id] = xs as number[];
  }
  let value: number | null = null;
  if (!missing) {
    const r = q.compute(v, l as Lists);
    value = Number.isFinite(r) ? r : null;
  }
  if (record)
    record(
      q.inputs.map((id) => ({ id, value: get(id) })),
      (q.lists ?? []).map((id) => ({ id, values: list(id).slice() })),
      value,
    );
  return value;
}

const constant = (id: string): number | undefined => (isConstant(id) ? CONSTANTS[id] : undefined);

/** Evaluate the chain of one SKU (docs/capacity.md). `trace: true` records every step. */
export function evaluateSku(sku: SkuLeaves, opts: { trace?: boolean } = {}): Evaluation {
  const trace: Step[] | undefined = opts.trace ? [] : undefined;
  const spare = "spare" in sku.redundancy ? sku.redundancy.spare : null;
  const skuLeaf: Record<string, number | null> = {
    gpusPerReplica: sku.gpusPerReplica,
    pricePerGpuHour: sku.pricePerGpuHour,
    powerCostPerGpuHour: sku.powerCostPerGpuHour ?? null,
    elasticity: sku.elasticity,
    redundancy: spare === null ? (sku.redundancy as { factor: number }).factor : null,
    spare,
  };
  const perWorkload = sku.workloads.map((w, wi) => {
    const vals: Record<string, number | null> = { ...w };
    const get = (id: string) => (Object.hasOwn(vals, id) ? vals[id]! : null);
    const keys: readonly string[] =
      w.forecastRps === null ? WORKLOAD_KEYS : [...WORKLOAD_KEYS, "workloadForecastOutput"];
    for (const id of keys) {
      const q = QUANTITIES[id as QuantityId];
      vals[id] = run(q, get, () => [], trace && recorder(trace, q, id, wi));
    }
    return vals;
  });
  const values: Record<string, number | null> = {};
  const get = (id: string): number | null => {
    if (Object.hasOwn(values, id)) return values[id]!;
    if (Object.hasOwn(skuLeaf, id)) return skuLeaf[id]!;
    return constant(id) ?? null;
  };
  const list = (id: string) => perWorkload.map((w) => (Object.hasOwn(w, id) ? w[id]! : null));
  const forecast = sku.workloads.some((w) => w.forecastRps !== null);
  const keys: string[] = [...SKU_KEYS];
  if (forecast) keys.push(...FORECAST_KEYS);
  if (sku.powerCostPerGpuHour !== null && sku.powerCostPerGpuHour !== undefined)
    keys.push("powerCostPerHour");
  for (const key of keys) {
    const id =
      (spare !== null && SPARE_VARIANT[key]) ||
      VARIANTS[key]?.(values, sku.workloads.length) ||
      (key as QuantityId);
    const q = QUANTITIES[id];
    values[key] = run(q, get, list, trace && recorder(trace, q, key));
  }
  return trace ? { values, perWorkload, trace } : { values, perWorkload };
}

/**
 * The replicas a base replica count needs (each interval of a schedule): the declarations
 * `replicasRaw` and `replicas`, or `replicasSpare` for N+k.
 */
export function replicasOf(
  replicasBase: number,
  sku: Pick<SkuLeaves, "elasticity" | "redundancy">,
): number {
  const r = sku.redundancy;
  if ("spare" in r)
    return QUANTITIES.replicasSpare.compute(
      { replicasBase, elasticity: sku.elasticity, spare: r.spare },
      {},
    );
  const replicasRaw = QUANTITIES.replicasRaw.compute(
    { replicasBase, elasticity: sku.elasticity, redundancy: r.factor },
    {},
  );
  return QUANTITIES.replicas.compute({ replicasRaw }, {});
}

function recorder(trace: Step[], q: Quantity, key: string, workload?: number) {
  return (inputs: Step["inputs"], lists: Step["lists"], value: number | null) => {
    const step: Step = { id: q.id, key, inputs, lists, value };
    if (workload !== undefined) step.workload = workload;
    trace.push(step);
  };
}

/** A step's formula in names (`ceil(replicasRaw)`) in `lang`, from its declaration's message. */
export function formulaText(
  id: QuantityId,
  lang: ProblemLang,
  rename: Readonly<Record<string, string>> = {},
): string {
  const q = QUANTITIES[id];
  const names: Record<string, string> = {};
  for (const i of [...q.inputs, ...(q.lists ?? [])]) names[i] = rename[i] ?? nameOf(i, lang);
  return chainMessages.render(chainMessages.problem(id, names), lang)!;
}

/**
 * A step with its numbers plugged in and its value (`ceil(14.4) = 15`), numbers written by `fmt`;
 * `inputs` may override the numbers of some inputs by id (as text, e.g. a sum written out).
 */
export function pluggedText(
  step: Pick<Step, "id" | "inputs" | "lists" | "value">,
  fmt: (x: number | null) => string,
  inputs: Readonly<Record<string, string>> = {},
): string {
  const p: Record<string, string> = {};
  // A constant is written as in the formula (3600, 1,000,000), not as a measured number.
  for (const i of step.inputs)
    p[i.id] = inputs[i.id] ?? (constant(i.id) !== undefined ? nameOf(i.id, "en") : fmt(i.value));
  for (const i of step.lists) p[i.id] = inputs[i.id] ?? listText(i.values.map((x) => fmt(x)));
  return `${chainMessages.render(chainMessages.problem(step.id, p), "en")!} = ${fmt(step.value)}`;
}

/** A list's numbers as a sum: one number alone, several in parentheses (`Σ (50 + 20)`). */
function listText(terms: readonly string[]): string {
  return terms.length === 1 ? terms[0]! : `(${terms.join(" + ")})`;
}

/** Recompute a traced step from its recorded inputs (a check that the explanation is the arithmetic). */
export function recompute(step: Pick<Step, "id" | "inputs" | "lists">): number | null {
  const q = QUANTITIES[step.id];
  const get = (id: string) => step.inputs.find((i) => i.id === id)?.value ?? null;
  const list = (id: string) => step.lists.find((i) => i.id === id)?.values ?? [];
  return run(q, get, list);
}

/**
 * The formula of traced result `key` with its numbers, the inputs named in `expand` written out
 * as their own formulas instead of their values: `replicas` expanding `replicasRaw` and
 * `replicasBase` is `ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2)`. A sum over workloads expands to its
 * terms (in parentheses when there are several). `fmt` writes a number of the input `id`.
 */
export function expandedText(
  trace: readonly Step[],
  key: string,
  expand: ReadonlySet<string>,
  fmt: (id: string, x: number | null) => string,
): string {
  const sku = new Map<string, Step>();
  const perWorkload = new Map<string, Step[]>();
  for (const st of trace) {
    if (st.workload === undefined) sku.set(st.key, st);
    else perWorkload.set(st.key, [...(perWorkload.get(st.key) ?? []), st]);
  }
  const text = (st: Step): string => {
    const q = QUANTITIES[st.id];
    if (q.inputs.length === 0 && q.lists?.length === 1 && perWorkload.has(q.lists[0]!)) {
      const terms = perWorkload.get(q.lists[0]!)!.map(text);
      return terms.length > 1 ? `(${terms.join(" + ")})` : (terms[0] ?? "0");
    }
    const p: Record<string, string> = {};
    for (const i of st.inputs) {
      const inner = expand.has(i.id) ? sku.get(i.id) : undefined;
      p[i.id] = inner
        ? text(inner)
        : constant(i.id) !== undefined
          ? nameOf(i.id, "en")
          : fmt(i.id, i.value);
    }
    for (const l of st.lists) p[l.id] = listText(l.values.map((x) => fmt(l.id, x)));
    return chainMessages.render(chainMessages.problem(st.id, p), "en")!;
  };
  const st = sku.get(key);
  return st ? text(st) : "";
}

/**
 * Cost per 1M output tokens of one replica running at `tokS` output tokens/s: the declarations
 * `costPerOutputToken` and `costPerMillionOutputTokens` with those inputs (null when undefined).
 */
export function costPerMillionAt(
  gpusPerReplica: number,
  pricePerGpuHour: number,
  tokS: number,
): number | null {
  const v: Record<string, number> = {
    gpusPerReplica,
    pricePerGpuHour,
    replicaOutputTokensPerSec: tokS,
    ...CONSTANTS,
  };
  const perToken = QUANTITIES.costPerOutputToken.compute(v, {} as never);
  if (!Number.isFinite(perToken)) return null;
  const perM = QUANTITIES.costPerMillionOutputTokens.compute(
    { ...v, costPerOutputToken: perToken },
    {} as never,
  );
  return Number.isFinite(perM) ? perM : null;
}
