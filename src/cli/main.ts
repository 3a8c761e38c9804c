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
  capplan import <file|dir>... [--format F] [--concurrency N] [--separate] [--json] [--lang en|zh]
      Import load-test outputs (recognised by content) into sweeps; prints the seed §5.3 table
      per sweep, or { "sweeps": [...] } with --json. --format forces a format id (see formats),
      --concurrency gives the load level of a single file, --separate keeps files apart.
  capplan plan <plan.json> [--json | --markdown | --csv] [--lang en|zh]
      Operating points under the SLOs, replicas, GPUs and costs per SKU, the recommendation and
      the team allocation of a plan file (capplan.plan/v1).
  capplan report <plan.json> [--lang en|zh]
      The seed §5.3 benchmark report of a plan, in Markdown.
  capplan compare <baseline> <candidate> [--threshold PCT] [--json] [--lang en|zh]
      Deltas per matched load level; a regression is a throughput drop or a latency rise of more
      than PCT % (default 5).
  capplan formats [--json]
      The recognised formats and the tool versions they were checked against.

exit codes: 0 success, 1 regression (compare), 2 bad input or usage (one line per problem on stderr)
example:  capplan plan models/examples/seed.json
`;

/** The package version (injected by the CLI build; "dev" when run from source in tests). */
const VERSION: string = typeof __CAPPLAN_VERSION__ === "string" ? __CAPPLAN_VERSION__ : "dev";
declare const __CAPPLAN_VERSION__: string | undefined;

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
  if (!cmd || cmd === "--help" || cmd === "-h" || cmd === "help" || (COMMANDS[cmd] && rest.some(a => a === "--help" || a === "-h"))) {
    (cmd ? io.out : io.err)(USAGE);
    return cmd ? 0 : 2;
  }
  if (cmd === "--version" || cmd === "-v") {
    io.out(`capplan ${VERSION}\n`);
    return 0;
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
