/** Plans for the workbook tests: the seed example and the bench workbook of test/bench/gen-plan.mjs. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlanFile } from "../../../src/engine/base/types";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";

export const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;

let bench: PlanFile | null = null;
/** The bench workbook (deterministic), generated once; a fresh copy each call. */
export function generatePlan(): PlanFile {
  if (!bench) {
    const out = join(mkdtempSync(join(tmpdir(), "capplan-ui-")), "plan.json");
    execFileSync(process.execPath, ["test/bench/gen-plan.mjs", out]);
    bench = JSON.parse(readFileSync(out, "utf8")) as PlanFile;
  }
  return structuredClone(bench);
}

/** The plan computed from scratch, to compare an incremental result with. */
export const fresh = (p: PlanFile) => computePlan(resolvePlan(structuredClone(p)));
