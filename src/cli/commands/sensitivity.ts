/**
 * `capplan sensitivity <plan.json> [--sku NAME] [--of KEY] [--step PCT] [--json]`
 * (docs/uncertainty.md): each input of one SKU's result changed by ±step alone, the plan
 * recomputed whole, the inputs sorted by swing.
 */
import { type CommandDef, parseOptions, langFlag } from "../command";
import { whatifMessages as W } from "../../engine/whatif/messages";
import {
  SENSITIVITY_RESULTS,
  sensitivity,
  type SensitivityOf,
} from "../../engine/whatif/sensitivity";
import { sensitivityText } from "../../report/whatif-output";
import { cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { loadPlan } from "../plan-loader";

const USAGE =
  "sensitivity <plan.json|-> [--sku NAME] [--of replicas|costPerHour|costPerMonth|costPerMillionOutputTokens] [--step PCT] [--json] [--lang en|zh] [--allow-path DIR]...";

function sensitivityCommand(args: string[], io: Io): number {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 1) throw cliError(C.problem("usage", { syntax: USAGE }));
  const lang = langFlag(flags.get("lang"));
  const of = flags.get("of") ?? "costPerMonth";
  if (!SENSITIVITY_RESULTS.includes(of as SensitivityOf))
    throw cliError(W.problem("ofInvalid", { got: String(of), allowed: SENSITIVITY_RESULTS }));
  const stepText = flags.get("step") ?? "10";
  const pct = typeof stepText === "string" ? Number(stepText) : NaN;
  if (!(pct > 0 && pct < 100)) throw cliError(W.problem("stepInvalid", { got: String(stepText) }));
  const loaded = loadPlan(positional[0]!, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: io.stdin,
  });
  const sku = flags.get("sku");
  const s = sensitivity(
    { plan: loaded.plan, files: loaded.files },
    {
      of: of as SensitivityOf,
      step: pct / 100,
      ...(typeof sku === "string" ? { sku } : {}),
    },
  );
  if (!s)
    throw cliError(
      W.problem("skuUnknown", { sku: String(sku), skus: loaded.result.skus.map((x) => x.name) }),
    );
  if (flags.has("json")) io.out(`${JSON.stringify(s, null, 2)}\n`);
  else io.out(sensitivityText(s, loaded.result.currency, lang));
  return 0;
}

export const command: CommandDef = {
  usage: USAGE,
  summary:
    "Which assumption moves the result most: each input of one SKU's result (peak RPS, lengths, factors, price, capacity, and the named cells that feed them) changed by ±step alone, the plan recomputed, inputs sorted by swing (docs/uncertainty.md).",
  options: [
    { name: "sku", value: "NAME", help: "the SKU (default: the recommended one)" },
    {
      name: "of",
      value: "KEY",
      help: "the result: replicas, costPerHour, costPerMonth (default) or costPerMillionOutputTokens",
    },
    { name: "step", value: "PCT", help: "how far each input moves, in percent (default 10)" },
    { name: "json", help: "{sku, of, step, result, rows[]: {input, base, low, high, swing}}" },
    {
      name: "lang",
      value: "en|zh",
      help: "language of the table and of the messages (default en)",
    },
    {
      name: "allow-path",
      value: "DIR",
      help: "also allow the plan's file references to read inside DIR (repeatable)",
    },
  ],
  run: sensitivityCommand,
};
