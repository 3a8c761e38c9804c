/**
 * What the what-if tools change and read (docs/uncertainty.md): a plan file with one input set
 * to a number, recomputed whole; the inputs a result depends on (a field, or the named cells that
 * feed it); a result read by its `plan --json` path. Pure.
 */
import type { PlanFile } from "../base/types";
import { compileFormula } from "../formula/formula";
import { computePlan } from "../plan/plan";
import type { FileSweep, PlanResult, SkuResult } from "../plan/plan-result";
import { keyPath } from "../plan/plan-file";
import { parsePath, setAtPath } from "../plan/plan-path";
import { buildPlanSheet, resolvePlan } from "../plan/resolve-plan";

/** The plan and the sweeps its `file` references resolved to (the CLI reads them; the app stores sweeps inline). */
export interface WhatIfInput {
  plan: PlanFile;
  files?: ReadonlyMap<string, FileSweep>;
}

/** `skus[i].replicaOutputTokensPerSec`: the SKU's operating-point capacity as an input. */
const CAPACITY = /^skus\[(\d+)\]\.replicaOutputTokensPerSec$/;

/** The whole plan computed from a plan file. */
export function evaluate(input: WhatIfInput): PlanResult {
  const files = input.files ?? new Map();
  const plan = input.plan;
  return computePlan(resolvePlan(plan, buildPlanSheet(plan), files), files);
}

function walk(root: unknown, steps: readonly (string | number)[]): unknown {
  let node = root;
  for (const s of steps) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[s];
  }
  return node;
}

/** A SKU as `plan --json` writes it: its capacity numbers flat on it. */
function flatSku(s: SkuResult): Record<string, unknown> {
  const { capacity, ...rest } = s;
  return { ...(capacity ?? {}), ...rest };
}

/**
 * The number at a `plan --json` path of a result (`skus[0].replicas`, `skus[1].peak.costPerMillionOutputTokens`,
 * `tenants.teams[0].cost`, `workloads[0].tokensPerSec`); null when there is none.
 */
export function readResult(result: PlanResult, path: string): number | null {
  const steps = parsePath(path);
  if (!steps) return null;
  let v: unknown;
  if (steps[0] === "skus" && typeof steps[1] === "number") {
    const s = result.skus[steps[1]];
    v = s ? walk(flatSku(s), steps.slice(2)) : undefined;
  } else v = walk(result, steps);
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** The value an input path holds in a computed plan (a field's resolved value, a cell, a SKU's capacity). */
export function inputValue(input: WhatIfInput, result: PlanResult, path: string): number | null {
  const cap = CAPACITY.exec(path);
  if (cap) return result.skus[Number(cap[1])]?.capacity?.replicaOutputTokensPerSec ?? null;
  const sheet = buildPlanSheet(input.plan);
  if (sheet.has(path)) return sheet.value(path);
  const steps = parsePath(path);
  const raw = steps ? walk(input.plan, steps) : undefined;
  return typeof raw === "number" && Number.isFinite(raw) ? raw : null;
}

/** Whether a path names something the what-if tools can set. */
export function isInputPath(input: WhatIfInput, path: string): boolean {
  if (CAPACITY.test(path)) return true;
  const steps = parsePath(path);
  if (!steps) return false;
  const raw = walk(input.plan, steps);
  return typeof raw === "number" || typeof raw === "string";
}

/**
 * The plan with one input set to `value`. A SKU's capacity is scaled: each workload's sweep is
 * replaced by the capacity it gave times `value ÷ base` (the SKU's blended capacity), so a
 * several-workload SKU keeps its mix.
 */
export function withInput(
  input: WhatIfInput,
  result: PlanResult,
  path: string,
  value: number,
): WhatIfInput {
  const plan = structuredClone(input.plan);
  const cap = CAPACITY.exec(path);
  if (cap) {
    const i = Number(cap[1]);
    const sku = result.skus[i];
    const base = sku?.capacity?.replicaOutputTokensPerSec;
    const def = plan.skus[i] as unknown as Record<string, unknown> | undefined;
    if (!sku || !def || !base) return { ...input, plan };
    const sweeps: Record<string, { replicaOutputTokensPerSec: number }> = {};
    for (const w of sku.workloads)
      if (w.replicaOutputTokensPerSec !== null)
        sweeps[w.workload] = {
          replicaOutputTokensPerSec: (w.replicaOutputTokensPerSec * value) / base,
        };
    delete def.sweep;
    def.sweeps = sweeps;
    return { ...input, plan };
  }
  setAtPath(plan as unknown as Record<string, unknown>, path, value);
  return { ...input, plan };
}

/** The names a formula text reads (none for a number or a text that is no formula). */
function namesOf(raw: unknown): string[] {
  if (typeof raw !== "string" || !raw.startsWith("=")) return [];
  const c = compileFormula(raw.slice(1));
  return "names" in c && Array.isArray(c.names) ? [...c.names] : [];
}

/**
 * What to change for an input field (docs/uncertainty.md): the field itself when it holds a
 * number (or a formula of no cell), else every named cell that feeds it, directly or through other
 * cells, in the order the formulas name them.
 */
export function feeders(plan: PlanFile, path: string, raw: unknown): string[] {
  const cells = (plan.cells ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  const visit = (names: readonly string[]) => {
    for (const n of names) {
      if (!Object.hasOwn(cells, n)) continue;
      const p = keyPath("cells", n);
      if (out.includes(p)) continue;
      out.push(p);
      visit(namesOf(cells[n]));
    }
  };
  visit(namesOf(raw));
  return out.length ? out : [path];
}
