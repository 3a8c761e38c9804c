/**
 * `capplan` command line (docs/cli.md). Exit codes: 0 success, 1 regression (compare), 2 bad input
 * or usage. Problems go to stderr, one line each; never a stack trace.
 *
 * Conventions shared by every command (docs/cli.md): `-` reads standard input; `--` ends the
 * options; `-o FILE` / `--output FILE` writes the result to FILE atomically (a temporary file
 * renamed into place); `--quiet` keeps warnings off stderr; `<command> --help` prints that
 * command's options; a closed pipe (`capplan formats | head -1`) ends quietly with exit 0;
 * control characters are stripped from everything printed.
 *
 * Adding a command: write `commands/<name>.ts` exporting `command`, a {@link CommandDef} whose
 * option table is both its parser and its help (src/cli/command.ts), and add one line to
 * {@link COMMANDS}.
 */
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CliError, cliError, processIo, type Io } from "./io";
import { cliMessages as C, cliText, langOfArgs } from "./messages";
import { renderProblem } from "../report/messages";
import type { CommandDef } from "./command";
import { optionLabel } from "./command";
import { stripControl } from "./sanitize";

export type { CommandDef };

/**
 * The commands, in the order the general usage lists them. Each is loaded when it runs (a
 * dynamic import: the CLI bundle is split per command), so `capplan traffic` does not parse the
 * plan engine, mathjs or the importers it does not use.
 */
export const COMMANDS: Record<string, () => Promise<CommandDef>> = {
  import: async () => (await import("./commands/import")).command,
  plan: async () => (await import("./commands/plan")).command,
  report: async () => (await import("./commands/report")).command,
  explain: async () => (await import("./commands/explain")).command,
  actuals: async () => (await import("./commands/actuals")).command,
  traffic: async () => (await import("./commands/traffic")).command,
  compare: async () => (await import("./commands/compare")).command,
  formats: async () => (await import("./commands/formats")).command,
  init: async () => (await import("./commands/init")).command,
};

/** Options every command takes (handled here, before the command parses its own). */
const COMMON_OPTIONS: readonly (readonly [string, string])[] = [
  [
    "-o, --output FILE",
    "write the result to FILE (atomically: a temporary file renamed into place)",
  ],
  ["-q, --quiet", "keep warnings off stderr (errors are still printed)"],
  ["-h, --help", "print this command's options"],
  ["--", "end of options: what follows is an operand even if it starts with -"],
];

function optionLines(options: readonly (readonly [string, string])[]): string {
  const w = options.reduce((m, [o]) => Math.max(m, o.length), 0);
  return options.map(([o, d]) => `  ${o.padEnd(w)}  ${d}`).join("\n");
}

/** The general usage: every command's synopsis and summary (loads every command). */
export async function usage(): Promise<string> {
  const lines = ["capplan — LLM inference capacity & cost planning", "", "usage:"];
  for (const c of await Promise.all(Object.values(COMMANDS).map((load) => load())))
    lines.push(`  capplan ${c.usage}`, `      ${c.summary}`);
  lines.push(
    "",
    "common options:",
    optionLines(COMMON_OPTIONS),
    "",
    "`-` reads standard input. `capplan <command> --help` prints that command's options.",
    "exit codes: 0 success, 1 regression (compare), 2 bad input or usage (one line per problem on stderr)",
    // Works from an install as well as from the repository (scripts/check-package.mjs runs it).
    "example:  capplan init my-plan && capplan plan my-plan/plan.json",
    "",
  );
  return lines.join("\n");
}

/** What `capplan <name> --help` prints. */
export async function commandHelp(name: string): Promise<string> {
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) return usage();
  const c = await load();
  const opts = [...c.options.map((o) => [optionLabel(o), o.help] as const), ...COMMON_OPTIONS];
  return `usage: capplan ${c.usage}\n\n${c.summary}\n\noptions:\n${optionLines(opts)}\n`;
}

/** The package version (injected by the CLI build; "dev" when run from source in tests). */
const VERSION: string = typeof __CAPPLAN_VERSION__ === "string" ? __CAPPLAN_VERSION__ : "dev";
declare const __CAPPLAN_VERSION__: string | undefined;

interface Common {
  rest: string[];
  output: string | null;
  quiet: boolean;
  help: boolean;
}

/** Take the common options out of a command's arguments (up to `--`). */
function commonOptions(args: readonly string[]): Common {
  const rest: string[] = [];
  let output: string | null = null;
  let quiet = false;
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      for (let j = i; j < args.length; j++) rest.push(args[j]!);
      break;
    }
    if (a === "-o" || a === "--output") {
      const v = args[i + 1];
      if (v === undefined) throw cliError(C.problem("needsFileName", { option: a }));
      output = v;
      i++;
    } else if (a.startsWith("--output=")) output = a.slice("--output=".length);
    else if (a.startsWith("-o") && a.length > 2 && !a.startsWith("--")) output = a.slice(2);
    else if (a === "--quiet" || a === "-q") quiet = true;
    else if (a === "--help" || a === "-h") help = true;
    else rest.push(a);
  }
  if (output === "") throw cliError(C.problem("needsFileName", { option: "--output" }));
  return { rest, output, quiet, help };
}

/** Lines printed as warnings (kept off stderr by --quiet). */
const WARNING_LINE = /^(warning|skipped): /;

/** Write `text` to `file` atomically: a temporary file in the same folder, renamed into place. */
export function writeAtomically(file: string, text: string | Uint8Array): void {
  const tmp = join(
    dirname(file),
    `.${basename(file)}.${process.pid}.${Date.now().toString(36)}.tmp`,
  );
  try {
    writeFileSync(tmp, text, { flag: "wx" });
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    const code = (e as { code?: unknown }).code;
    throw cliError(
      C.problem("cannotWrite", { file, code: typeof code === "string" ? code : "error" }),
    );
  }
}

let pipeGuard = false;

/** A closed stdout/stderr pipe ends the process quietly with 0 (docs/cli.md: `capplan formats | head -1`). */
function guardPipes(): void {
  if (pipeGuard) return;
  pipeGuard = true;
  const onError = (e: unknown) => {
    if ((e as { code?: unknown }).code === "EPIPE") process.exit(0);
    process.exit(2);
  };
  process.stdout.on("error", onError);
  process.stderr.on("error", onError);
}

/** Run the CLI with `args` (without `node capplan`); returns the exit code. */
export async function main(args: string[], io: Io = processIo): Promise<number> {
  if (io === processIo) guardPipes();
  // Everything printed goes through here: control characters (ANSI escapes…) are stripped.
  const safeErr = (t: string) => io.err(stripControl(t));
  const [cmd, ...rawRest] = args;
  if (!cmd || cmd === "--help" || cmd === "-h" || cmd === "help") {
    if (cmd === "help" && rawRest[0] && Object.hasOwn(COMMANDS, rawRest[0])) {
      io.out(await commandHelp(rawRest[0]));
      return 0;
    }
    (cmd ? io.out : io.err)(await usage());
    return cmd ? 0 : 2;
  }
  if (cmd === "--version" || cmd === "-v") {
    io.out(`capplan ${VERSION}\n`);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (!load) {
    safeErr(
      `${cliText(C.problem("unknownCommand", { command: cmd }), langOfArgs(rawRest))}\n${await usage()}`,
    );
    return 2;
  }
  // Usage errors in the language of `--lang` (an invalid --lang: English).
  const lang = langOfArgs(rawRest);
  const lines = (e: CliError): string[] =>
    e.lines.map((l, i) => {
      const p = e.problems?.[i];
      // `cli.*` here; any other code (a file that cannot be read, cliFile.*) through the report layer.
      return p ? (p.code.startsWith("cli.") ? cliText(p, lang) : renderProblem(p, lang)) : l;
    });
  let common: Common;
  try {
    common = commonOptions(rawRest);
  } catch (e) {
    for (const l of lines(e as CliError)) safeErr(`capplan ${cmd}: ${l}\n`);
    return 2;
  }
  if (common.help) {
    io.out(await commandHelp(cmd));
    return 0;
  }
  const command = await load();
  let buffered = "";
  let bytes: Uint8Array | null = null;
  const cmdIo: Io = {
    out:
      common.output !== null
        ? (t) => void (buffered += stripControl(t))
        : (t) => io.out(stripControl(t)),
    err: (t) => {
      if (common.quiet) {
        const kept = t.split(/(?<=\n)/).filter((l) => !WARNING_LINE.test(l));
        if (kept.length) safeErr(kept.join(""));
      } else safeErr(t);
    },
    progress: common.quiet ? undefined : io.progress,
    stdin: io.stdin,
    outBytes: common.output !== null ? (b) => void (bytes = b) : undefined,
  };
  try {
    const code = await command.run(common.rest, cmdIo);
    io.progress?.("");
    if (common.output !== null) writeAtomically(common.output, bytes ?? buffered);
    return code;
  } catch (e) {
    io.progress?.("");
    if (e instanceof CliError) {
      for (const l of lines(e)) safeErr(`capplan ${cmd}: ${l}\n`);
      return 2;
    }
    // Never a stack trace: report the message as an internal error.
    const msg = e instanceof Error ? e.message : String(e);
    safeErr(`capplan ${cmd}: internal error: ${msg.split("\n")[0]!.slice(0, 300)}\n`);
    return 2;
  }
}
