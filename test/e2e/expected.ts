/**
 * Node-side expected values for the browser tests: the example plan computed by the engine itself
 * (the same modules the app uses), with its `file` sweeps imported from `fixtures/` by the import
 * library — what `capplan plan models/examples/multi-sku.json` computes.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { computePlan, type PlanResult } from "../../src/engine/plan/plan";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";
import { isSidecar } from "../../src/import/browser";
import { importFiles } from "../../src/import/index";

/** Repository root. */
export const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/** The example plan with its file sweeps inlined (as the app does at load time). */
export function examplePlan(name = "multi-sku"): PlanFile {
  const planPath = join(ROOT, "models/examples", `${name}.json`);
  const v = validatePlan(JSON.parse(readFileSync(planPath, "utf8")));
  if (!v.ok) throw new Error(`example ${name} is not a valid plan`);
  const plan = structuredClone(v.plan);
  for (const sku of plan.skus) {
    const file = sku.sweep?.file;
    if (!file) continue;
    const target = resolve(join(ROOT, "models/examples"), file);
    const files = statSync(target).isDirectory()
      ? listFiles(target).filter((f) => !isSidecar(relative(target, f)))
      : [target];
    const res = importFiles(
      files.map((f) => ({
        name: statSync(target).isDirectory() ? relative(target, f) : f.replace(/^.*\//, ""),
        text: readFileSync(f, "utf8"),
        optional: files.length > 1,
      })),
    );
    if (!res.ok) throw new Error(`import of ${file} failed`);
    const s = res.sweeps[0]!;
    sku.sweep = {
      label: s.label,
      meta: s.meta,
      source: s.source,
      points: s.points,
      warnings: s.warnings,
    };
  }
  return plan;
}

/** The engine's result for a plan. */
export function compute(plan: PlanFile): PlanResult {
  return computePlan(resolvePlan(plan));
}
