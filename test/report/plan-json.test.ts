/**
 * `plan --json` (src/report/plan-json.ts, docs/problems.md): the engine's result carries problems
 * only; the contract's English strings (`errors[].message`, `warnings[]`, a SKU's and a
 * workload's `warnings`/`errors`, `infeasibleReason`) are rendered here from them, in the keys'
 * order of the contract.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { words } from "../words";
import { englishOf, textProblem } from "../../src/engine/base/problems";
import type { PlanFile } from "../../src/engine/base/types";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { planJson } from "../../src/report/plan-json";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;

/** The seed example with its SKU's sweep removed and a usage row in a pool that does not exist. */
function broken(): PlanFile {
  const p = structuredClone(seed);
  delete (p.skus[0] as { sweep?: unknown }).sweep;
  p.tenants!.usage[0]!.pool = "nope";
  return p;
}

type Json = Record<string, unknown> & {
  errors: { path: string; kind: string; message: string; problem: { code: string } }[];
  warnings: string[];
  problems: { code: string }[];
  skus: (Record<string, unknown> & { workloads: Record<string, unknown>[] })[];
};

describe("planJson", () => {
  it("writes errors, warnings and problems last, in that order, after the result's own keys", () => {
    const j = planJson(computePlan(resolvePlan(seed))) as Json;
    const keys = `title currency workloads slo sloMode maxErrorRatePct factors skus cheapest
      recommendationChecked tenants errors warnings problems`;
    expect(Object.keys(j)).toEqual(words(keys));
  });

  it("renders each error's message and each warning from its problem (English, the contract's text)", () => {
    const r = computePlan(resolvePlan(broken()));
    const j = planJson(r) as Json;
    expect(j.errors.map((e) => [e.path, e.kind, e.message, e.problem.code])).toEqual([
      ["skus[0].sweeps.chat", "INPUT", "no sweep for this workload", "plan.noSweep"],
      ["tenants.usage[0].pool", "NAME", 'no pool named "nope"', "tenants.noPool"],
    ]);
    expect(Object.keys(j.errors[0]!)).toEqual(["path", "kind", "message", "problem"]);
    expect(j.warnings).toEqual(r.problems.map(englishOf));
    expect(j.problems).toBe(r.problems);
  });

  it("renders a SKU's reason, warnings and errors, and each workload's, from their problems", () => {
    const r = computePlan(resolvePlan(broken()));
    const s = planJson(r) as Json;
    const sku = s.skus[0]!;
    const why = "skus[0] (chat): no sweep for this workload";
    expect(sku).toMatchObject({ infeasibleReason: why, errors: [why], warnings: [] });
    expect(sku.workloads[0]!.errors).toEqual([why]);
    expect(planJson(computePlan(resolvePlan(seed))) as Json).toMatchObject({
      skus: [{ infeasibleReason: null, errors: [] }],
    });
  });

  it("renders a problem without a code (an operating-system error) as its text", () => {
    const r = computePlan(resolvePlan(seed));
    r.errors.push({
      path: "skus[0].sweeps.chat",
      kind: "INPUT",
      problem: textProblem("s.csv: no such file or directory", "error"),
    });
    r.problems.push(textProblem("a note"));
    const j = planJson(r) as Json;
    const last = [j.errors.at(-1)!.message, j.warnings.at(-1)];
    expect(last).toEqual(["s.csv: no such file or directory", "a note"]);
  });
});
