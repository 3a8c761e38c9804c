/**
 * Bench cases of the engine (run by test/bench/run.mjs): a full evaluation of the bench workbook
 * (test/bench/gen-plan.mjs) against one 16 ms frame, and one edit of each kind through the
 * incremental engine against a full evaluation. Add engine cases here.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatePlan } from "../gen-plan.mjs";

export const title = "engine";

export async function run(ctx) {
  const { tmp, RECALC_SAMPLES, child, row, notes, profiles, profileOf, ms, log } = ctx;
  const planPath = join(tmp, "plan.json");
  writeFileSync(planPath, JSON.stringify(generatePlan()));
  ctx.inputs.plan = planPath;

  log("bench: recalculation (50 SKUs × 30 levels, 20 workloads, 2,000 teams, 200 formula cells)");
  const rc = child("recalc", planPath, RECALC_SAMPLES).info;
  row({
    case: `Full evaluation (resolvePlan ${ms(rc.resolve)} + computePlan ${ms(rc.compute)})`,
    value: ms(rc.full),
    baseline: "one 16 ms frame",
    ratio: rc.full / 16,
    target: "≤ 16 ms",
    met: rc.full <= 16,
  });
  for (const e of ["price cell", "SLO threshold", "team tokens"]) {
    row({
      case: `Edit one ${e} (incremental engine)`,
      value: ms(rc[e]),
      baseline: `full evaluation ${ms(rc.full)}`,
      ratio: rc[e] / rc.full,
      target: "≤ 0.10× and ≤ 4 ms",
      met: rc[e] / rc.full <= 0.1 && rc[e] <= 4,
    });
  }
  notes.push(
    `Recalculation check: cheapest SKU ${rc.check.cheapest}, ${rc.check.feasible} feasible SKUs, ${rc.check.teams} teams allocated, ${rc.check.errors} errors; medians of ${rc.samples} interleaved samples in one process.`,
  );
  if (
    rc.full > 16 ||
    ["price cell", "SLO threshold", "team tokens"].some((e) => rc[e] / rc.full > 0.1 || rc[e] > 4)
  ) {
    profiles.push({
      title: "Recalculation (full evaluations and edits)",
      ...profileOf("recalc", planPath, 5),
    });
  }
}
