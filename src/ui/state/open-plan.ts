/**
 * Checking a plan file before it replaces the workbook (docs/plan-file.md, docs/import.md): JSON syntax (line and
 * column), the plan's shape (`validatePlan`, each problem with its path), then its formulas
 * (unknown names, cycles, syntax, each with the path of the field). A file with any problem does
 * not replace the current plan; a file whose only problems are formula errors may be opened
 * anyway on request (the workbook shows each error in its cell and keeps computing the rest).
 * Pure: no DOM, no solid-js.
 */
import { parsePlanText, validatePlan } from "../../engine/plan/plan-file";
import type { Problem } from "../../engine/base/problems";
import { localizeError } from "../../report/messages";
import type { Lang } from "../../report/i18n";
import { resolvePlan } from "../../engine/plan/resolve-plan";
import type { PlanFile } from "../../engine/base/types";
import { depthProblem } from "../../share/limits";

/** One problem of a plan file: the path inside the plan (empty for the whole file) and the message. */
export interface PlanProblem {
  path: string;
  message: string;
  /** The problem as a value (docs/problems.md), shown in the app's language. */
  problem?: Problem | undefined;
  /** The formula error kind shown in front (`#NAME`), for a formula error. */
  kind?: string;
}

/** A plan problem's text in `lang` (a formula error with its `#KIND: ` in front). */
export function planProblemText(p: PlanProblem, lang: Lang): string {
  if (!p.problem) return localizeError(p, lang);
  return `${p.kind ? `#${p.kind}: ` : ""}${localizeError(p, lang)}`;
}

/** Result of {@link checkPlanFile}. `openable`: the plan, when the only problems are formula errors. */
export type PlanCheck =
  | { ok: true; plan: PlanFile; warnings: string[]; warningProblems: Problem[] }
  | { ok: false; problems: PlanProblem[]; openable: PlanFile | null };

/** Check the text of a plan file (see the module comment). Never throws. */
export function checkPlanFile(text: string): PlanCheck {
  const deep = depthProblem(text, "the file");
  if (deep) return { ok: false, problems: [{ path: "", message: deep }], openable: null };
  const parsed = parsePlanText(text, "plan");
  if (!parsed.ok)
    return {
      ok: false,
      problems: parsed.errors.map((e) => ({
        path: e.path,
        message: e.message,
        problem: e.problem,
      })),
      openable: null,
    };
  const v = validatePlan(parsed.value);
  if (!v.ok)
    return {
      ok: false,
      problems: v.errors.map((e) => ({ path: e.path, message: e.message, problem: e.problem })),
      openable: null,
    };
  const formulaErrors = resolvePlan(v.plan).errors;
  if (formulaErrors.length) {
    return {
      ok: false,
      problems: formulaErrors.map((e) => ({
        path: e.path,
        message: `#${e.kind}: ${e.message}`,
        problem: e.problem,
        kind: e.kind,
      })),
      openable: v.plan,
    };
  }
  return { ok: true, plan: v.plan, warnings: v.warnings, warningProblems: v.problems ?? [] };
}
