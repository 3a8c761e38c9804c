import {
  ALLOW_PATH_OPTION,
  CHEAPEST_BY_OPTION,
  cheapestByFlag,
  type CommandDef,
  LANG_OPTION,
  langFlag,
  parseOptions,
} from "../command";
import { cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { loadPlan } from "../plan-loader";
import { planErrorLines } from "../error-lines";
import { reportMarkdown } from "../../report/report";

/** `capplan report <plan.json|-> [--lang en|zh] [--allow-path DIR]...`: the benchmark report (docs/report.md) in Markdown. */
async function reportCommand(args: string[], io: Io): Promise<number> {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 1) throw cliError(C.problem("usage", { syntax: command.usage }));
  const lang = langFlag(flags.get("lang"));
  const cheapestBy = cheapestByFlag(flags.get("cheapest-by"));
  const loaded = loadPlan(positional[0]!, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: io.stdin,
    cheapestBy,
  });
  const { result, importWarnings } = loaded;
  for (const w of importWarnings) io.err(`warning: ${w}\n`);
  // The solver and the simulator load only now (docs/report.md, "Fleet").
  const { fleetAnswers } = await import("../fleet-answers");
  const { fleetSectionMarkdown } = await import("../../report/fleet-section");
  const fleet = await fleetAnswers(loaded, positional[0]!, lang);
  io.out(reportMarkdown(result, lang, fleetSectionMarkdown(fleet, result, lang)));
  if (result.errors.length) {
    for (const l of planErrorLines(positional[0]!, result.errors, lang)) io.err(`${l}\n`);
    return 2;
  }
  return 0;
}

export const command: CommandDef = {
  usage: "report <plan.json|-> [--lang en|zh] [--cheapest-by BY] [--allow-path DIR]...",
  summary: "The benchmark report of a plan, in Markdown (docs/report.md).",
  options: [LANG_OPTION, CHEAPEST_BY_OPTION, ALLOW_PATH_OPTION],
  run: reportCommand,
};
