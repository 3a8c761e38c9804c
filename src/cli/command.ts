/**
 * What a command is (docs/cli.md, "Adding a command"): its synopsis, summary and option table,
 * declared once in the command's own file. The same table gives `capplan <command> --help` and the
 * parser of its arguments, so an option cannot be parsed without being documented or documented
 * without being parsed. The flag readers every command shares (`--lang`, `--cheapest-by`) live here
 * so that loading one command does not load another's code.
 */
import type { RecommendBy } from "../engine/base/types";
import { cliError, parseArgs, type Io, type ParsedArgs } from "./io";
import { cliMessages as C } from "./messages";
import type { Lang } from "../report/i18n";

/** One option: `--name VALUE` when it takes a value, `--name` when it is a switch. */
export interface OptionDef {
  /** The long name without dashes: `lang`, `allow-path`. */
  readonly name: string;
  /** The value's placeholder in the help (`en|zh`, `DIR`); absent for a switch. */
  readonly value?: string;
  readonly help: string;
}

/** A command: how it runs, and what `capplan <command> --help` prints. */
export interface CommandDef {
  /** Synopsis after `capplan ` (e.g. `plan <plan.json> [--json | --markdown | --csv]`). */
  readonly usage: string;
  /** One or two sentences on what it does. */
  readonly summary: string;
  /** The command's own options (the common ones, `-o`, `-q`, `-h`, are main.ts's). */
  readonly options: readonly OptionDef[];
  readonly run: (args: string[], io: Io) => number | Promise<number>;
}

/** `--name VALUE` or `--name`, as the help lists it. */
export function optionLabel(o: OptionDef): string {
  return o.value === undefined ? `--${o.name}` : `--${o.name} ${o.value}`;
}

/** Parse a command's arguments against its option table (unknown options are usage errors). */
export function parseOptions(options: readonly OptionDef[], args: readonly string[]): ParsedArgs {
  return parseArgs(
    args,
    options.filter((o) => o.value !== undefined).map((o) => o.name),
    options.filter((o) => o.value === undefined).map((o) => o.name),
  );
}

export const LANG_OPTION: OptionDef = {
  name: "lang",
  value: "en|zh",
  help: "language of the output and of the messages (default en)",
};
export const CHEAPEST_BY_OPTION: OptionDef = {
  name: "cheapest-by",
  value: "peak|static|autoscaled|blended",
  help: "the cost the recommended SKU is the cheapest by (overrides the plan's recommendBy; the last three need a schedule: docs/schedules.md)",
};
export const ALLOW_PATH_OPTION: OptionDef = {
  name: "allow-path",
  value: "DIR",
  help: "also allow the plan's `file` references to read inside DIR (repeatable); by default they are confined to the plan's folder and the working directory (docs/security.md)",
};

/** Language from `--lang`, default English. */
export function langFlag(v: string | true | undefined): Lang {
  if (v === undefined) return "en";
  if (v === "en" || v === "zh") return v;
  throw cliError(C.problem("langInvalid", { got: String(v) }));
}

/** `--cheapest-by`: the cost the recommendation compares (docs/schedules.md), or undefined. */
export function cheapestByFlag(v: string | true | undefined): RecommendBy | undefined {
  if (v === undefined) return undefined;
  if (v === "peak" || v === "static" || v === "autoscaled" || v === "blended") return v;
  throw cliError(C.problem("cheapestByInvalid", { got: String(v) }));
}
