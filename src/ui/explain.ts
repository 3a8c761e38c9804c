/**
 * Derived cells in plain words with the numbers plugged in (docs/capacity.md, its worked example
 * `replicas = ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15`). Rendered from the trace of
 * the declared chain (src/engine/chain/evaluate.ts): the arithmetic and the formulas are the
 * declarations', evaluated again with tracing for the SKU shown. Pure: result → lines.
 */
import { evaluateSku, expandedText, pluggedText, type Step } from "../engine/chain/evaluate";
import { unitOf } from "../engine/chain/names";
import { isConstant } from "../engine/chain/quantities";
import type { PlanResult, SkuResult } from "../engine/plan/plan";
import { fmtMoney, fmtValue } from "./format";
import type { UiLang } from "./i18n";

/** One derived cell: its name, value and the formula with numbers. */
export interface Derivation {
  key: string;
  value: string;
  formula: string;
}

/** The cells shown per SKU, the inputs written out as formulas, and whether the step's own numbers follow. */
const SKU_CELLS: readonly {
  key: string;
  /** Written out from its inputs' formulas (a sum as its terms), not only its own numbers. */
  written?: boolean;
  expand?: readonly string[];
  /** After the written-out form, the step's own numbers (`= ceil(14.4) = 15`). */
  middle?: boolean;
}[] = [
  { key: "replicasBase", written: true },
  { key: "replicas", written: true, expand: ["replicasRaw", "replicasBase"], middle: true },
  { key: "gpus" },
  { key: "costPerHour" },
  { key: "costPerDay" },
  { key: "costPerMonth" },
  { key: "costPerMillionOutputTokens", written: true, expand: ["costPerOutputToken"] },
];

/** A number of input or quantity `id`: money in the plan's currency, else up to 3 decimals. */
function formatter(currency: string, lang: UiLang) {
  return (id: string, x: number | null): string =>
    unitOf(id)?.startsWith("money") ? fmtMoney(x, currency, lang) : fmtValue(x, 3);
}

/** The traced chain of one SKU (null when it has no result or an input is missing). */
export function skuTrace(r: PlanResult, s: SkuResult): Step[] | null {
  const el = r.factors.elasticity;
  const red = r.factors.redundancy;
  const redundancy =
    "spare" in red
      ? red.spare === null
        ? null
        : { spare: Math.ceil(red.spare) }
      : red.factor === null
        ? null
        : { factor: red.factor };
  if (!s.capacity || s.gpusPerReplica === null || s.pricePerGpuHour === null) return null;
  if (el === null || redundancy === null) return null;
  const workloads = r.workloads.map((w, i) => ({
    inputTokens: w.inputTokens ?? Number.NaN,
    outputTokens: w.outputTokens ?? Number.NaN,
    peakRps: w.peakRps ?? Number.NaN,
    forecastRps: null,
    workloadCapacity: s.workloads[i]?.replicaOutputTokensPerSec ?? Number.NaN,
  }));
  const e = evaluateSku(
    {
      gpusPerReplica: s.gpusPerReplica,
      pricePerGpuHour: s.pricePerGpuHour,
      elasticity: el,
      redundancy,
      workloads,
    },
    { trace: true },
  );
  return e.trace ?? null;
}

/** Tokens per request and tokens/s of each workload (docs/capacity.md), from their declarations. */
export function workloadDerivations(r: PlanResult): Derivation[][] {
  const n = (x: number | null | undefined) => fmtValue(x, 2);
  return r.workloads.map((w) => {
    const perRequest = {
      id: "tokensPerRequest" as const,
      inputs: [
        { id: "inputTokens", value: w.inputTokens ?? null },
        { id: "outputTokens", value: w.outputTokens ?? null },
      ],
      lists: [],
      value: w.tokensPerRequest,
    };
    const perSec = {
      id: "tokensPerSec" as const,
      inputs: [
        { id: "peakRps", value: w.peakRps ?? null },
        { id: "tokensPerRequest", value: w.tokensPerRequest },
      ],
      lists: [],
      value: w.tokensPerSec,
    };
    return [
      {
        key: "tokensPerRequest",
        value: n(w.tokensPerRequest),
        formula: pluggedText(perRequest, n),
      },
      { key: "tokensPerSec", value: n(w.tokensPerSec), formula: pluggedText(perSec, n) },
    ];
  });
}

/** The replica and cost chain of one SKU, each step with its numbers; empty when it has no result. */
export function skuDerivations(r: PlanResult, s: SkuResult, lang: UiLang): Derivation[] {
  const trace = skuTrace(r, s);
  if (!trace) return [];
  const fmt = formatter(r.currency, lang);
  return SKU_CELLS.flatMap(({ key, written, expand = [], middle }) => {
    const st = trace.find((x) => x.key === key && x.workload === undefined);
    if (!st) return [];
    const value = fmt(key, st.value);
    const own = pluggedInputs(st, fmt);
    if (!written) return [{ key, value, formula: own }];
    const full = expandedText(trace, key, new Set(expand), fmt);
    const formula = middle ? `${full} = ${own}` : `${full} = ${value}`;
    return [{ key, value, formula }];
  });
}

/** A step's own numbers and its value, each input formatted by its unit. */
function pluggedInputs(st: Step, fmt: (id: string, x: number | null) => string): string {
  const inputs: Record<string, string> = {};
  for (const i of st.inputs) if (!isConstant(i.id)) inputs[i.id] = fmt(i.id, i.value);
  return pluggedText(st, (x) => fmt(st.key, x), inputs);
}

/**
 * A formula with its names replaced by their values: `=peak * 0.8` with peak = 50 →
 * `peak * 0.8 = 50 * 0.8 = 40`. Names without a value are left as written.
 */
export function formulaWithValues(
  raw: string,
  values: Readonly<Record<string, number | null>>,
  result: number | null,
): string {
  const expr = raw.trim().replace(/^=/, "").trim();
  const plugged = expr.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (name) => {
    const v = values[name];
    return typeof v === "number" ? fmtValue(v, 4) : name;
  });
  const out = fmtValue(result, 4);
  return plugged === expr ? `${expr} = ${out}` : `${expr} = ${plugged} = ${out}`;
}
