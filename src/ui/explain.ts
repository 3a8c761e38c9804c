/**
 * Derived cells in plain words with the numbers plugged in (docs/capacity.md, its worked example
 * `replicas = ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15`). Pure: result → lines.
 */
import type { PlanResult, SkuResult } from "../engine/plan/plan";
import { fmtMoney, fmtValue } from "./format";
import type { UiLang } from "./i18n";

/** One derived cell: its name, value and the formula with numbers. */
export interface Derivation {
  key: string;
  value: string;
  formula: string;
}

/** Tokens per request and tokens/s of each workload (docs/capacity.md). */
export function workloadDerivations(r: PlanResult): Derivation[][] {
  const n = (x: number | null | undefined, d = 2) => fmtValue(x, d);
  return r.workloads.map((w) => [
    {
      key: "tokensPerRequest",
      value: n(w.tokensPerRequest, 0),
      formula: `${n(w.inputTokens, 0)} + ${n(w.outputTokens, 0)} = ${n(w.tokensPerRequest, 0)}`,
    },
    {
      key: "tokensPerSec",
      value: n(w.tokensPerSec, 0),
      formula: `${n(w.peakRps)} × ${n(w.tokensPerRequest, 0)} = ${n(w.tokensPerSec, 0)}`,
    },
  ]);
}

/** The replica and cost chain of one SKU, each step with its numbers; empty when it has no result. */
export function skuDerivations(r: PlanResult, s: SkuResult, lang: UiLang): Derivation[] {
  const c = s.capacity;
  if (!c) return [];
  const n = (x: number | null | undefined, d = 2) => fmtValue(x, d);
  const m = (x: number | null | undefined) => fmtMoney(x, r.currency, lang);
  const terms = r.workloads.map(
    (w, i) =>
      `${n(w.peakRps)} × ${n(w.outputTokens, 0)} ÷ ${n(s.workloads[i]?.replicaOutputTokensPerSec ?? null, 1)}`,
  );
  const base = terms.length > 1 ? `(${terms.join(" + ")})` : (terms[0] ?? "0");
  const el = r.factors.elasticity ?? 1;
  const red = r.factors.redundancy;
  const replicas =
    "spare" in red
      ? `ceil(${base} × ${n(el, 3)}) + ${n(red.spare, 0)} = ceil(${n(c.replicasBase * el, 3)}) + ${n(red.spare, 0)} = ${n(c.replicas, 0)}`
      : `ceil(${base} × ${n(el, 3)} × ${n(red.factor, 3)}) = ceil(${n(c.replicasRaw, 3)}) = ${n(c.replicas, 0)}`;
  const g = s.gpusPerReplica;
  const price = s.pricePerGpuHour;
  return [
    {
      key: "replicasBase",
      value: n(c.replicasBase, 3),
      formula: `${base} = ${n(c.replicasBase, 3)}`,
    },
    { key: "replicas", value: n(c.replicas, 0), formula: replicas },
    {
      key: "gpus",
      value: n(c.gpus, 0),
      formula: `${n(c.replicas, 0)} × ${n(g, 0)} = ${n(c.gpus, 0)}`,
    },
    {
      key: "costPerHour",
      value: m(c.costPerHour),
      formula: `${n(c.gpus, 0)} × ${m(price)} = ${m(c.costPerHour)}`,
    },
    {
      key: "costPerDay",
      value: m(c.costPerDay),
      formula: `${m(c.costPerHour)} × 24 = ${m(c.costPerDay)}`,
    },
    {
      key: "costPerMonth",
      value: m(c.costPerMonth),
      formula: `${m(c.costPerHour)} × 730 = ${m(c.costPerMonth)}`,
    },
    {
      key: "costPerMillionOutputTokens",
      value: m(c.costPerMillionOutputTokens),
      formula: `${n(g, 0)} × ${m(price)} ÷ (${n(c.replicaOutputTokensPerSec ?? null, 1)} × 3,600) × 1,000,000 = ${m(c.costPerMillionOutputTokens)}`,
    },
  ];
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
