/**
 * Load a plan file for `capplan plan` / `report`: parse, validate, evaluate formulas, read the
 * sweep files it references (relative to the plan file), and compute the result.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parsePlanText, validatePlan } from "../engine/plan-file";
import { computePlan, type FileSweep, type PlanResult } from "../engine/plan";
import { resolvePlan } from "../engine/resolve";
import type { ResolvedPlan } from "../engine/resolved";
import { formatIssue, importFiles } from "../import/index";
import type { Lang } from "../report/i18n";
import { translateMessage } from "../report/messages-zh";
import { CliError, readInputs } from "./io";

export interface LoadedPlan {
  resolved: ResolvedPlan;
  result: PlanResult;
  /** Import warnings of sweep files, as printable lines. */
  importWarnings: string[];
}

/**
 * Load and compute a plan file; throws {@link CliError} (exit 2) when the file cannot be used.
 * The error lines and `importWarnings` are in `lang`; the result keeps the engine's English.
 */
export function loadPlan(planPath: string, lang: Lang = "en"): LoadedPlan {
  const tr = (m: string) => translateMessage(m, lang);
  let text: string;
  try {
    if (statSync(planPath).isDirectory()) throw new CliError([`${planPath}: ${tr("is a folder, expected a plan JSON file")}`]);
    text = readFileSync(planPath, "utf8");
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError([`${planPath}: ${tr("no such file")}`]);
  }
  const parsed = parsePlanText(text, planPath);
  if (!parsed.ok) throw new CliError(parsed.errors.map(e => `${planPath}: ${e.path ? e.path + ": " : ""}${tr(e.message)}`));
  const valid = validatePlan(parsed.value);
  if (!valid.ok) throw new CliError(valid.errors.map(e => `${planPath}: ${e.path}: ${tr(e.message)}`));
  const resolved = resolvePlan(valid.plan);
  const files = new Map<string, FileSweep>();
  const importWarnings: string[] = [];
  const base = resolve(dirname(planPath));
  for (const sku of resolved.skus) {
    for (const ref of Object.values(sku.sweeps)) {
      if (ref.kind !== "file" || files.has(ref.file)) continue;
      let inputs;
      try {
        // Names stay relative to the plan file (as written in it), so load levels in paths are read.
        inputs = readInputs([ref.file], base);
      } catch (e) {
        files.set(ref.file, { ok: false, errors: e instanceof CliError ? e.lines : [String(e)] });
        continue;
      }
      const r = importFiles(inputs);
      if (!r.ok) files.set(ref.file, { ok: false, errors: r.errors.map(formatIssue) });
      else if (r.sweeps.length !== 1) {
        files.set(ref.file, { ok: false, errors: [`${ref.file}: holds ${r.sweeps.length} sweeps; a SKU sweep must be one deployment (split the files or use inline points)`] });
      } else {
        files.set(ref.file, { ok: true, sweep: r.sweeps[0]! });
        importWarnings.push(...r.warnings.filter(w => w.code !== "skipped").map(w => formatIssue({ ...w, message: tr(w.message) })));
      }
    }
  }
  const result = computePlan(resolved, files);
  return { resolved, result, importWarnings };
}
