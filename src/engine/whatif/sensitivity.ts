/**
 * Sensitivity (docs/uncertainty.md, `capplan sensitivity`): change one input at a time by ±step,
 * recompute the whole plan, and sort the inputs by how far they swing one SKU's result. Pure.
 */
import type { PlanFile } from "../base/types";
import { workloadDefs } from "../plan/plan-file";
import type { PlanResult } from "../plan/plan-result";
import { evaluate, feeders, inputValue, readResult, withInput, type WhatIfInput } from "./model";

/** The results a sensitivity can be taken of. */
export const SENSITIVITY_RESULTS = [
  "replicas",
  "costPerHour",
  "costPerMonth",
  "costPerMillionOutputTokens",
] as const;
export type SensitivityOf = (typeof SENSITIVITY_RESULTS)[number];

/** One input's row: its base value, the result at −step and +step, and the swing between them. */
export interface SensitivityRow {
  input: string;
  base: number;
  low: { value: number; result: number | null };
  high: { value: number; result: number | null };
  /** |high.result − low.result|; null when either is missing. */
  swing: number | null;
}

export interface Sensitivity {
  /** The SKU's index and name. */
  sku: { index: number; name: string };
  of: SensitivityOf;
  /** The step as a fraction (0.1 for 10 %). */
  step: number;
  /** The result at the plan as it is. */
  result: number | null;
  rows: SensitivityRow[];
}

/** The SKU a what-if looks at: the one named, else the recommended one, else the first with a capacity, else the first. */
export function pickSku(result: PlanResult, name?: string): number {
  if (name !== undefined) return result.skus.findIndex((s) => s.name === name);
  const cheapest = result.skus.findIndex((s) => s.name === result.cheapest);
  if (cheapest >= 0) return cheapest;
  const planned = result.skus.findIndex((s) => s.capacity !== null);
  return Math.max(planned, 0);
}

/**
 * The inputs of one SKU's result, each once, in plan order: every workload's peakRps, inputTokens
 * and outputTokens; factors.elasticity; a factor redundancy; the SKU's pricePerGpuHour and its
 * capacity. An input written as a formula of named cells is replaced by those cells.
 */
export function sensitivityInputs(plan: PlanFile, skuIndex: number): string[] {
  const fields: [string, unknown][] = [];
  for (const { def, path } of workloadDefs(plan))
    for (const k of ["peakRps", "inputTokens", "outputTokens"] as const)
      fields.push([`${path}.${k}`, def[k]]);
  fields.push(["factors.elasticity", plan.factors?.elasticity ?? 1]);
  const red = plan.factors?.redundancy;
  if (typeof red === "number" || typeof red === "string") fields.push(["factors.redundancy", red]);
  const sku = plan.skus[skuIndex] as unknown as Record<string, unknown> | undefined;
  fields.push([`skus[${skuIndex}].pricePerGpuHour`, sku?.pricePerGpuHour]);
  // A capacity given in the plan (a number or a formula) is an input like any other; a sweep's is the SKU's.
  const given = (sku?.sweep as Record<string, unknown> | undefined)?.replicaOutputTokensPerSec;
  fields.push(
    given !== undefined
      ? [`skus[${skuIndex}].sweep.replicaOutputTokensPerSec`, given]
      : [`skus[${skuIndex}].replicaOutputTokensPerSec`, 0],
  );
  const out: string[] = [];
  for (const [path, raw] of fields)
    for (const p of feeders(plan, path, raw)) if (!out.includes(p)) out.push(p);
  return out;
}

/**
 * The sensitivity of one SKU's result to each of its inputs: each changed by ±`step` (a fraction)
 * alone, the plan recomputed whole; rows by swing, largest first (rows without one last).
 */
export function sensitivity(
  input: WhatIfInput,
  opts: { sku?: string; of?: SensitivityOf; step?: number } = {},
): Sensitivity | null {
  const of = opts.of ?? "costPerMonth";
  const step = opts.step ?? 0.1;
  const base = evaluate(input);
  const index = pickSku(base, opts.sku);
  if (index < 0 || !base.skus[index]) return null;
  const target = `skus[${index}].${of}`;
  const rows: SensitivityRow[] = [];
  for (const path of sensitivityInputs(input.plan, index)) {
    const v = inputValue(input, base, path);
    if (v === null) continue;
    const at = (value: number) => ({
      value,
      result: readResult(evaluate(withInput(input, base, path, value)), target),
    });
    const low = at(v * (1 - step));
    const high = at(v * (1 + step));
    const swing =
      low.result !== null && high.result !== null ? Math.abs(high.result - low.result) : null;
    rows.push({ input: path, base: v, low, high, swing });
  }
  // Stable: equal swings keep plan order.
  rows.sort((a, b) => (b.swing ?? -1) - (a.swing ?? -1));
  return {
    sku: { index, name: base.skus[index]!.name },
    of,
    step,
    result: readResult(base, target),
    rows,
  };
}
