/**
 * `capplan` command line (spec §7). Exit codes: 0 success, 1 regression (compare), 2 bad input
 * or usage. Problems go to stderr, one line each; never a stack trace.
 */
import { CliError, processIo, type Io } from "./io";
import { importCommand } from "./commands/import";
import { compareCommand } from "./commands/compare";
import { formatsCommand } from "./commands/formats";
import { planCommand } from "./commands/plan";
import { reportCommand } from "./commands/report";

export const USAGE = `capplan — LLM inference capacity & cost planning

usage:
  capplan import <file|dir>... [--format F] [--concurrency N] [--separate] [--json]
  capplan plan <plan.json> [--json | --markdown | --csv] [--lang en|zh]
  capplan report <plan.json> [--lang en|zh]
  capplan compare <baseline> <candidate> [--threshold PCT] [--json]
  capplan formats
`;

type Command = (args: string[], io: Io) => number | Promise<number>;

const COMMANDS: Record<string, Command> = {
  import: importCommand,
  compare: compareCommand,
  formats: formatsCommand,
  plan: planCommand,
  report: reportCommand,
};

/** Run the CLI with `args` (without `node capplan`); returns the exit code. */
export async function main(args: string[], io: Io = processIo): Promise<number> {
  const [cmd, ...rest] = args;
  if (!cmd || cmd === "--help" || cmd === "-h" || cmd === "help") {
    (cmd ? io.out : io.err)(USAGE);
    return cmd ? 0 : 2;
  }
  const run = COMMANDS[cmd];
  if (!run) {
    io.err(`unknown command "${cmd}"\n${USAGE}`);
    return 2;
  }
  try {
    return await run(rest, io);
  } catch (e) {
    if (e instanceof CliError) {
      for (const l of e.lines) io.err(`capplan ${cmd}: ${l}\n`);
      return 2;
    }
    // Never a stack trace: report the message as an internal error.
    io.err(`capplan ${cmd}: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
