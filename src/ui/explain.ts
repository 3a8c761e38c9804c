/**
 * Derived cells in plain words with the numbers plugged in (spec §4; seed §4.3 worked example
 * `replicas = ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15`). Pure: result → lines.
 */
import type { PlanResult, SkuResult } from "../engine/plan";
import { fmtMoney, fmtValue } from "./format";
import type { UiLang } from "./i18n";

/** One derived cell: its name, value and the formula with numbers. */
export interface Derivation {
  key: string;
  value: string;
  formula: string;
}

/** Tokens per request and tokens/s of each workload (seed §4.4). */
export function workloadDerivations(r: PlanResult): Derivation[][] {
  const n = (x: number | null | undefined, d = 2) => fmtValue(x, d);
  return r.workloads.map((w) => [
    { key: "tokensPerRequest", value: n(w.tokensPerRequest, 0), formula: `${n(w.inputTokens, 0)} + ${n(w.outputTokens, 0)} = ${n(w.tokensPerRequest, 0)}` },
    { key: "tokensPerSec", value: n(w.tokensPerSec, 0), formula: `${n(w.peakRps)} × ${n(w.tokensPerRequest, 0)} = ${n(w.tokensPerSec, 0)}` },
  ]);
}

/** Capacity of the replica for a workload (the operating point's output tokens/s). */
function capacityOf(r: PlanResult, s: SkuResult, wi: number): number | null {
  const wl = s.workloads[wi];
  const w = r.workloads[wi];
  if (!wl || !w || wl.replicasBase == null || !(wl.replicasBase > 0) || w.peakRps == null || w.outputTokens == null) return null;
  return (w.peakRps * w.outputTokens) / wl.replicasBase;
}

/** The replica and cost chain of one SKU, each step with its numbers; empty when it has no result. */
export function skuDerivations(r: PlanResult, s: SkuResult, lang: UiLang): Derivation[] {
  if (s.replicas == null || s.replicasBase == null) return [];
  const n = (x: number | null | undefined, d = 2) => fmtValue(x, d);
  const m = (x: number | null | undefined) => fmtMoney(x, r.currency, lang);
  const terms = r.workloads.map((w, i) => `${n(w.peakRps)} × ${n(w.outputTokens, 0)} ÷ ${n(capacityOf(r, s, i), 1)}`);
  const base = terms.length > 1 ? `(${terms.join(" + ")})` : terms[0] ?? "0";
  const el = r.factors.elasticity ?? 1;
  const red = r.factors.redundancy;
  const replicas =
    "spare" in red
      ? `ceil(${base} × ${n(el, 3)}) + ${n(red.spare, 0)} = ceil(${n(s.replicasBase * el, 3)}) + ${n(red.spare, 0)} = ${n(s.replicas, 0)}`
      : `ceil(${base} × ${n(el, 3)} × ${n(red.factor, 3)}) = ceil(${n(s.replicasRaw, 3)}) = ${n(s.replicas, 0)}`;
  const g = s.gpusPerReplica;
  const price = s.pricePerGpuHour;
  const cap = s.replicaOutputTokensPerSec ?? (s.replicasBase > 0 ? r.workloads.reduce((a, w) => a + (w.peakRps ?? 0) * (w.outputTokens ?? 0), 0) / s.replicasBase : null);
  return [
    { key: "replicasBase", value: n(s.replicasBase, 3), formula: `${base} = ${n(s.replicasBase, 3)}` },
    { key: "replicas", value: n(s.replicas, 0), formula: replicas },
    { key: "gpus", value: n(s.gpus, 0), formula: `${n(s.replicas, 0)} × ${n(g, 0)} = ${n(s.gpus, 0)}` },
    { key: "costPerHour", value: m(s.costPerHour), formula: `${n(s.gpus, 0)} × ${m(price)} = ${m(s.costPerHour)}` },
    { key: "costPerDay", value: m(s.costPerDay), formula: `${m(s.costPerHour)} × 24 = ${m(s.costPerDay)}` },
    { key: "costPerMonth", value: m(s.costPerMonth), formula: `${m(s.costPerHour)} × 730 = ${m(s.costPerMonth)}` },
    {
      key: "costPerMillionOutputTokens",
      value: m(s.costPerMillionOutputTokens),
      formula: `${n(g, 0)} × ${m(price)} ÷ (${n(cap, 1)} × 3,600) × 1,000,000 = ${m(s.costPerMillionOutputTokens)}`,
    },
  ];
}

/**
 * A formula with its names replaced by their values: `=peak * 0.8` with peak = 50 →
 * `peak * 0.8 = 50 * 0.8 = 40`. Names without a value are left as written.
 */
export function formulaWithValues(raw: string, values: Readonly<Record<string, number | null>>, result: number | null): string {
  const expr = raw.trim().replace(/^=/, "").trim();
  const plugged = expr.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (name) => {
    const v = values[name];
    return typeof v === "number" ? fmtValue(v, 4) : name;
  });
  const out = fmtValue(result, 4);
  return plugged === expr ? `${expr} = ${out}` : `${expr} = ${plugged} = ${out}`;
}
