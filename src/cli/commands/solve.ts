/**
 * `capplan solve <plan.json> --target PATH --value V|PATH --vary PATH [--json]`
 * (docs/uncertainty.md): the value of one input at which a result reaches a number or another
 * result. No solution in range is an answer (found: false, and why), exit 0.
 */
import { type CommandDef, parseOptions, langFlag } from "../command";
import { whatifMessages as W } from "../../engine/whatif/messages";
import { solve } from "../../engine/whatif/solve";
import { renderProblem } from "../../report/messages";
import { solveText } from "../../report/whatif-output";
import { cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { loadPlan } from "../plan-loader";

const USAGE =
  "solve <plan.json|-> --target PATH --value V|PATH --vary PATH [--json] [--lang en|zh] [--allow-path DIR]...";

function solveCommand(args: string[], io: Io): number {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 1) throw cliError(C.problem("usage", { syntax: USAGE }));
  const lang = langFlag(flags.get("lang"));
  const target = flags.get("target");
  const valueText = flags.get("value");
  const vary = flags.get("vary");
  if (typeof target !== "string" || typeof valueText !== "string" || typeof vary !== "string")
    throw cliError(W.problem("needsOptions", { options: ["--target", "--value", "--vary"] }));
  // A number, else another result's path (break-even).
  const n = Number(valueText);
  const value = valueText.trim() !== "" && Number.isFinite(n) ? n : valueText;
  const loaded = loadPlan(positional[0]!, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: io.stdin,
  });
  const r = solve({ plan: loaded.plan, files: loaded.files }, { target, value, vary });
  // A path that names nothing is bad usage; "no value works" is an answer.
  if (r.problem?.severity === "error") throw cliError(r.problem);
  if (flags.has("json")) {
    const { problem, ...rest } = r;
    const json = {
      ...rest,
      path: target,
      ...(typeof value === "string" ? { against: value } : {}),
      ...(problem ? { reason: renderProblem(problem, lang), problem } : {}),
    };
    io.out(`${JSON.stringify(json, null, 2)}\n`);
  } else io.out(solveText(r, { target, value }, lang));
  return 0;
}

export const command: CommandDef = {
  usage: USAGE,
  summary:
    "Goal seek: the value of one input (--vary: a cell, a plan field, or skus[i].replicaOutputTokensPerSec) at which a result (--target, a plan --json path) reaches a number or another result (break-even); replicas and gpus give the boundary (docs/uncertainty.md).",
  options: [
    {
      name: "target",
      value: "PATH",
      help: "the result, as a plan --json path (skus[0].replicas, skus[1].costPerMillionOutputTokens)",
    },
    {
      name: "value",
      value: "V|PATH",
      help: "the number to reach, or another result's path (break-even)",
    },
    {
      name: "vary",
      value: "PATH",
      help: "the input to change (cells.peak_rps, skus[0].pricePerGpuHour, workloads[0].peakRps)",
    },
    { name: "json", help: "{found, vary, value, target, achieved, base, path, reason}" },
    {
      name: "lang",
      value: "en|zh",
      help: "language of the answer and of the messages (default en)",
    },
    {
      name: "allow-path",
      value: "DIR",
      help: "also allow the plan's file references to read inside DIR (repeatable)",
    },
  ],
  run: solveCommand,
};
