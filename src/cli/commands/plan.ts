import { CliError, parseArgs, type Io } from "../io";
import { loadPlan } from "../plan-loader";
import { localizeError } from "../../report/messages";
import { planCsv, planJson, planMarkdown, planText, type Lang } from "../../report/plan-output";

/** Language from `--lang`, default English. */
export function langFlag(v: string | true | undefined): Lang {
  if (v === undefined) return "en";
  if (v === "en" || v === "zh") return v;
  throw new CliError([`--lang must be en or zh, got ${String(v)}`]);
}

/**
 * `capplan plan <plan.json|-> [--json | --markdown | --csv] [--lang en|zh] [--allow-path DIR]...`
 * (spec §7). A plan that reads but has formula errors still prints its result (with `errors[]`)
 * and exits 2.
 */
export function planCommand(args: string[], io: Io): number {
  const { positional, flags, lists } = parseArgs(args, ["lang", "allow-path"], ["json", "markdown", "csv"]);
  if (positional.length !== 1) throw new CliError(["usage: capplan plan <plan.json|-> [--json | --markdown | --csv] [--lang en|zh] [--allow-path DIR]..."]);
  const modes = ["json", "markdown", "csv"].filter(m => flags.has(m));
  if (modes.length > 1) throw new CliError([`choose one of --json, --markdown, --csv (got ${modes.map(m => "--" + m).join(" ")})`]);
  const lang = langFlag(flags.get("lang"));
  const { result, importWarnings } = loadPlan(positional[0]!, lang, { allowPaths: lists.get("allow-path") ?? [], stdin: io.stdin });
  for (const w of importWarnings) io.err(`warning: ${w}\n`);
  if (flags.has("json")) io.out(JSON.stringify(planJson(result), null, 2) + "\n");
  else if (flags.has("markdown")) io.out(planMarkdown(result, lang));
  else if (flags.has("csv")) io.out(planCsv(result));
  else io.out(planText(result, lang));
  if (result.errors.length) {
    for (const e of result.errors) io.err(`${positional[0]}: ${e.path}: ${localizeError(e, lang)}\n`);
    return 2;
  }
  return 0;
}
