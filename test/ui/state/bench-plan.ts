/**
 * Plans for the workbook tests: the seed example, the bench workbook of test/bench/gen-plan.mjs,
 * and a plan with one measured SKU.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlanFile, Sweep } from "../../../src/engine/base/types";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { GPU_CATALOG } from "../../../src/ui/state/catalog";
import { emptyPlan, skuFromSweep } from "../../../src/ui/state/plan-edit";

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

/** A measured sweep that meets P99 TTFT ≤ 1 s up to concurrency 16 (no warnings). */
export function sweep(): Sweep {
  const pt = (c: number, tps: number, ttft: number) => ({
    concurrency: c,
    requestRate: null,
    rps: tps / 200,
    outputTokensPerSec: tps,
    meanInputTokens: 500,
    meanOutputTokens: 200,
    ttftMs: { p99: ttft },
    completed: 100,
    failed: 0,
  });
  return {
    label: "vllm · h100 · c1..c32",
    meta: { gpu: "H100", gpuCount: 1 },
    source: { format: "vllm", files: ["a.json"] },
    points: [pt(1, 100, 100), pt(4, 380, 200), pt(16, 1200, 600), pt(32, 1300, 2500)],
    warnings: [],
  } as unknown as Sweep;
}

/** A plan with one SKU measured by `sw`, at `price` per GPU-hour ("" for none yet). */
export function planWithSweep(price: number | string, sw = sweep()): PlanFile {
  const p = emptyPlan("t");
  const sku = skuFromSweep(sw, GPU_CATALOG, []);
  sku.pricePerGpuHour = price;
  p.skus.push(sku);
  return p;
}
