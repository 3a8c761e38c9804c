/**
 * `capplan optimize <plan.json|-> [--split] [--json] [--lang en|zh]` (docs/optimize.md): the
 * cheapest mix of the plan's SKUs. HiGHS is loaded only here, when the command runs.
 */
import { optimizePlan, type MilpSolver } from "../../engine/plan/optimize";
import { highsSolver, type HighsLike } from "../../engine/plan/milp-highs";
import { localizeError } from "../../report/messages";
import { fleetJson, fleetText } from "../../report/fleet-output";
import { cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { loadPlan } from "../plan-loader";
import {
  ALLOW_PATH_OPTION,
  LANG_OPTION,
  langFlag,
  parseOptions,
  type CommandDef,
} from "../command";

export const OPTIMIZE_USAGE =
  "optimize <plan.json|-> [--split] [--json] [--lang en|zh] [--allow-path DIR]...";

/**
 * HiGHS, loaded on first use. In the CLI bundle (scripts/build-cli.mjs) `highs.wasm` sits beside
 * capplan.mjs, where the loader looks for it (`new URL("highs.wasm", import.meta.url)`).
 */
export async function loadHighs(): Promise<MilpSolver> {
  const mod = (await import("highs")) as unknown as { default: () => Promise<HighsLike> };
  return highsSolver(await mod.default());
}

/** Run the optimiser on a plan file; `solver` is for tests (default: HiGHS). */
export async function optimizeCommand(
  args: string[],
  io: Io,
  solver: () => Promise<MilpSolver> = loadHighs,
): Promise<number> {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 1) throw cliError(C.problem("usage", { syntax: OPTIMIZE_USAGE }));
  const lang = langFlag(flags.get("lang"));
  const { resolved, result, importWarnings } = loadPlan(positional[0]!, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: io.stdin,
  });
  for (const w of importWarnings) io.err(`warning: ${w}\n`);
  const fleet = optimizePlan(resolved, result, await solver(), { split: flags.has("split") });
  io.out(
    flags.has("json")
      ? `${JSON.stringify(fleetJson(fleet, result.currency, lang), null, 2)}\n`
      : fleetText(fleet, result.currency, lang),
  );
  if (result.errors.length) {
    for (const e of result.errors)
      io.err(`${positional[0]}: ${e.path}: ${localizeError(e, lang)}\n`);
    return 2;
  }
  return 0;
}

export const command: CommandDef = {
  usage: OPTIMIZE_USAGE,
  summary:
    "The cheapest mix of the plan's SKUs (docs/optimize.md): each workload on one SKU (or split with --split), N+k per SKU used, skus[].maxReplicas caps, against the best single SKU; solved with HiGHS.",
  options: [
    { name: "split", help: "let a workload be served by several SKUs in any fractions" },
    { name: "json", help: "one JSON object (numbers unrounded)" },
    LANG_OPTION,
    ALLOW_PATH_OPTION,
  ],
  run: (args, io) => optimizeCommand(args, io),
};
