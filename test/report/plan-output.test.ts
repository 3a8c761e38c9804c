/**
 * The plan's text and Markdown renderings (src/report/plan-output.ts, docs/problems.md): the
 * footer's errors and warnings are rendered from the result's problems in the language asked
 * for, each warning text once (SKUs sharing a sweep share its warnings).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../src/engine/base/types";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { renderProblem } from "../../src/report/messages";
import { planMarkdown, planText } from "../../src/report/plan-output";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;

/** The seed with a second SKU like the first (the same given capacity: the same warning text, for another SKU). */
function twoSkus(): PlanFile {
  const p = structuredClone(seed);
  p.skus.push({ ...structuredClone(p.skus[0]!), name: "H100 TP4 b" });
  delete (p.skus[0] as { sweep?: unknown }).sweep;
  return p;
}

describe("planText", () => {
  it.each(["en", "zh"] as const)("lists the errors and warnings rendered in %s", (lang) => {
    const r = computePlan(resolvePlan(twoSkus()));
    const text = planText(r, lang);
    const lines = text.split("\n");
    const errorsAt = lines.indexOf(lang === "en" ? "Errors:" : "错误:");
    const warningsAt = lines.indexOf(lang === "en" ? "Warnings:" : "警告:");
    expect(errorsAt).toBeGreaterThan(0);
    expect(lines.slice(errorsAt + 1, warningsAt)).toEqual(
      r.errors.map((e) => `  ${e.path}: ${renderProblem(e.problem, lang)}`),
    );
    const warnings = [...r.problems, ...r.skus.flatMap((s) => s.problems)];
    expect(lines.slice(warningsAt + 1, -1)).toEqual(
      warnings.map((p) => `  ${renderProblem(p, lang)}`),
    );
  });

  it("shows a warning text once when two SKUs carry the same one", () => {
    const p = structuredClone(seed);
    p.skus.push({ ...structuredClone(p.skus[0]!) });
    const r = computePlan(resolvePlan(p));
    const w = renderProblem(r.skus[0]!.problems[0]!, "en");
    expect(renderProblem(r.skus[1]!.problems[0]!, "en")).toBe(w);
    expect(
      planText(r)
        .split("\n")
        .filter((l) => l === `  ${w}`),
    ).toHaveLength(1);
  });
});

describe("planMarkdown", () => {
  it("writes the footer's errors and warnings as list items in the language asked for", () => {
    const r = computePlan(resolvePlan(twoSkus()));
    const md = planMarkdown(r, "zh");
    expect(md).toContain(
      `**错误:**\n- skus[0].sweeps.chat: ${renderProblem(r.errors[0]!.problem, "zh")}`,
    );
    expect(md).toContain(`- ${renderProblem(r.skus[1]!.problems[0]!, "zh")}`);
  });
});
