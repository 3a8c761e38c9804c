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
 * Adding a command: write `commands/<name>.ts` exporting a {@link CommandDef} (or a plain
 * `(args, io) => number` function) and add one line to {@link COMMANDS}.
 */
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CliError, cliError, processIo, type Io } from "./io";
import { cliMessages as C, cliText, langOfArgs } from "./messages";
import { renderProblem } from "../report/messages";
import { importCommand } from "./commands/import";
import { actualsCommand, ACTUALS_USAGE } from "./commands/actuals";
import { compareCommand } from "./commands/compare";
import { formatsCommand } from "./commands/formats";
import { planCommand } from "./commands/plan";
import { reportCommand } from "./commands/report";
import { initCommand, INIT_OPTIONS, INIT_SUMMARY, INIT_USAGE } from "./commands/init";
import { explainCommand } from "./commands/explain";
import {
  trafficCommand,
  TRAFFIC_OPTIONS,
  TRAFFIC_SUMMARY,
  TRAFFIC_USAGE,
} from "./commands/traffic";
import { optimizeCommand, OPTIMIZE_USAGE } from "./commands/optimize";
import { stripControl } from "./sanitize";

/** A command: how it runs, and what `capplan <command> --help` prints. */
export interface CommandDef {
  run: (args: string[], io: Io) => number | Promise<number>;
  /** Synopsis after `capplan ` (e.g. `plan <plan.json> [--json | --markdown | --csv]`). */
  usage: string;
  /** One or two sentences on what it does. */
  summary: string;
  /** The command's own options: `[option, description]`. */
  options?: readonly (readonly [string, string])[];
}

type Command = CommandDef | ((args: string[], io: Io) => number | Promise<number>);

const LANG_OPTION = [
  "--lang en|zh",
  "language of the output and of the messages (default en)",
] as const;
const CHEAPEST_BY_OPTION = [
  "--cheapest-by peak|static|autoscaled|blended",
  "the cost the recommended SKU is the cheapest by (overrides the plan's recommendBy; the last three need a schedule: docs/schedules.md)",
] as const;
const ALLOW_PATH_OPTION = [
  "--allow-path DIR",
  "also allow the plan's `file` references to read inside DIR (repeatable); by default they are confined to the plan's folder and the working directory (docs/security.md)",
] as const;

/** The commands, in the order the general usage lists them. */
export const COMMANDS: Record<string, Command> = {
  import: {
    run: importCommand,
    usage:
      "import <file|dir|->... [--format F] [--concurrency N] [--separate] [--json] [--lang en|zh]",
    summary:
      'Import load-test outputs (recognised by content) into sweeps; prints the report table (docs/report.md) per sweep, or { "sweeps": [...] } with --json.',
    options: [
      ["--format F", "force a format id (see `capplan formats`)"],
      ["--concurrency N", "the load level of a single file"],
      ["--separate", "keep the files apart (one sweep each)"],
      ["--json", "print the sweeps as JSON"],
      LANG_OPTION,
    ],
  },
  plan: {
    run: planCommand,
    usage:
      "plan <plan.json|-> [--json | --markdown | --csv | --focus [--start YYYY-MM-DD] [--days N]] [--lang en|zh] [--cheapest-by BY] [--allow-path DIR]...",
    summary:
      "Operating points under the SLOs, replicas, GPUs and costs per SKU, the recommendation and the team allocation of a plan file (capplan.plan/v1).",
    options: [
      ["--json", "one JSON object (numbers unrounded)"],
      ["--markdown", "Markdown tables"],
      ["--csv", "one CSV row per SKU"],
      [
        "--focus",
        "the team allocation as a FOCUS 1.3 cost-and-usage CSV with split cost allocation (docs/focus.md)",
      ],
      [
        "--start YYYY-MM-DD",
        "with --focus: the first day of the charge period (UTC; default today)",
      ],
      [
        "--days N",
        "with --focus: the number of days, one origin charge per pool and shared cost and day (default 1)",
      ],
      LANG_OPTION,
      CHEAPEST_BY_OPTION,
      ALLOW_PATH_OPTION,
    ],
  },
  report: {
    run: reportCommand,
    usage: "report <plan.json|-> [--lang en|zh] [--cheapest-by BY] [--allow-path DIR]...",
    summary: "The benchmark report of a plan, in Markdown (docs/report.md).",
    options: [LANG_OPTION, CHEAPEST_BY_OPTION, ALLOW_PATH_OPTION],
  },
  explain: {
    run: explainCommand,
    usage: "explain <plan.json|-> <path> [--json] [--allow-path DIR]...",
    summary:
      "How one number of `plan --json` was computed (e.g. skus[0].replicas, tenants.teams[1].cost): each step's formula with the numbers plugged in, down to cells, plan fields and sweep points (file and line).",
    options: [["--json", "the same tree as JSON"], ALLOW_PATH_OPTION],
  },
  actuals: {
    run: actualsCommand,
    usage: ACTUALS_USAGE,
    summary:
      "Planned vs actual cost per pool, shared cost and team: the plan's allocation against a FOCUS 1.0–1.3 cost-and-usage CSV (a cloud bill or capplan's own --focus export), with the variance.",
    options: [
      ["--json", "one JSON object"],
      ["--lang en|zh", "language of the warnings and errors (default en)"],
      ALLOW_PATH_OPTION,
    ],
  },
  traffic: {
    run: trafficCommand,
    usage: TRAFFIC_USAGE,
    summary: TRAFFIC_SUMMARY,
    options: TRAFFIC_OPTIONS,
  },
  compare: {
    run: compareCommand,
    usage: "compare <baseline> <candidate> [--threshold PCT] [--json] [--lang en|zh]",
    summary:
      "Deltas per matched load level; a regression (exit 1) is a throughput drop or a latency rise of more than PCT % (default 5).",
    options: [
      ["--threshold PCT", "regression threshold in percent (default 5)"],
      ["--json", "print the comparison as JSON"],
      LANG_OPTION,
    ],
  },
  optimize: {
    run: (args, io) => optimizeCommand(args, io),
    usage: OPTIMIZE_USAGE,
    summary:
      "The cheapest mix of the plan's SKUs (docs/optimize.md): each workload on one SKU (or split with --split), N+k per SKU used, skus[].maxReplicas caps, against the best single SKU; solved with HiGHS.",
    options: [
      ["--split", "let a workload be served by several SKUs in any fractions"],
      ["--json", "one JSON object (numbers unrounded)"],
      LANG_OPTION,
      ALLOW_PATH_OPTION,
    ],
  },
  formats: {
    run: formatsCommand,
    usage: "formats [--json]",
    summary: "The recognised formats and the tool versions they were checked against.",
    options: [["--json", "print the list as JSON"]],
  },
  init: { run: initCommand, usage: INIT_USAGE, summary: INIT_SUMMARY, options: INIT_OPTIONS },
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

function runOf(c: Command): CommandDef["run"] {
  return typeof c === "function" ? c : c.run;
}

function optionLines(options: readonly (readonly [string, string])[]): string {
  const w = options.reduce((m, [o]) => Math.max(m, o.length), 0);
  return options.map(([o, d]) => `  ${o.padEnd(w)}  ${d}`).join("\n");
}

/** The general usage: every command's synopsis and summary. */
export function usage(): string {
  const lines = ["capplan — LLM inference capacity & cost planning", "", "usage:"];
  for (const [name, c] of Object.entries(COMMANDS)) {
    if (typeof c === "function") lines.push(`  capplan ${name} ...`);
    else lines.push(`  capplan ${c.usage}`, `      ${c.summary}`);
  }
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

/** The general usage text (kept as a constant for callers that print it). */
export const USAGE = usage();

/** What `capplan <name> --help` prints. */
export function commandHelp(name: string): string {
  const c = COMMANDS[name];
  if (!c || typeof c === "function") return USAGE;
  const opts = [...(c.options ?? []), ...COMMON_OPTIONS];
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
export function writeAtomically(file: string, text: string): void {
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
    if (cmd === "help" && rawRest[0] && COMMANDS[rawRest[0]]) {
      io.out(commandHelp(rawRest[0]));
      return 0;
    }
    (cmd ? io.out : io.err)(USAGE);
    return cmd ? 0 : 2;
  }
  if (cmd === "--version" || cmd === "-v") {
    io.out(`capplan ${VERSION}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (!command) {
    safeErr(
      `${cliText(C.problem("unknownCommand", { command: cmd }), langOfArgs(rawRest))}\n${USAGE}`,
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
    io.out(commandHelp(cmd));
    return 0;
  }
  let buffered = "";
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
  };
  try {
    const code = await runOf(command)(common.rest, cmdIo);
    io.progress?.("");
    if (common.output !== null) writeAtomically(common.output, buffered);
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
