import {
  ALLOW_PATH_OPTION,
  CHEAPEST_BY_OPTION,
  cheapestByFlag,
  type CommandDef,
  LANG_OPTION,
  langFlag,
  parseOptions,
} from "../command";
import { CliError, cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { loadPlan } from "../plan-loader";
import { planErrorLines } from "../error-lines";
import { focusCsv } from "../../report/focus";
import { problemEnglish } from "../../report/messages";
import { planCsv, planJson, planMarkdown, planText } from "../../report/plan-output";

/** `--start YYYY-MM-DD` (a UTC day); default: today (UTC). */
function startFlag(v: string | true | undefined, now: () => Date): Date {
  if (v === undefined) {
    const d = now();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  }
  const m = typeof v === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1)
    throw cliError(C.problem("startInvalid", { got: String(v) }));
  return d;
}

/** `--days N` (whole days 1…366); default 1. */
function daysFlag(v: string | true | undefined): number {
  if (v === undefined) return 1;
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 366)
    throw cliError(C.problem("daysInvalid", { got: String(v) }));
  return n;
}

/**
 * `capplan plan` (synopsis: `command.usage` below; docs/cli.md). A plan that reads but has
 * formula errors still prints its result (with `errors[]`) and exits 2.
 */
function planCommand(args: string[], io: Io): number | Promise<number> {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 1) throw cliError(C.problem("usage", { syntax: command.usage }));
  const modes = ["json", "markdown", "csv", "focus", "xlsx"].filter((m) => flags.has(m));
  if (modes.length > 1)
    throw cliError(
      C.problem("chooseOne", {
        options: ["--json", "--markdown", "--csv", "--focus", "--xlsx"],
        given: modes.map((m) => "--" + m),
      }),
    );
  const xlsx = flags.has("xlsx");
  if (!flags.has("focus") && !xlsx && (flags.has("start") || flags.has("days")))
    throw cliError(C.problem("startDaysNeedFocus", {}));
  if (xlsx && !io.outBytes) throw cliError(C.problem("xlsxNeedsOutput", {}));
  const lang = langFlag(flags.get("lang"));
  const start = flags.has("focus") || xlsx ? startFlag(flags.get("start"), () => new Date()) : null;
  const days = daysFlag(flags.get("days"));
  const cheapestBy = cheapestByFlag(flags.get("cheapest-by"));
  const loaded = loadPlan(positional[0]!, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: io.stdin,
    cheapestBy,
  });
  const { result, importWarnings } = loaded;
  for (const w of importWarnings) io.err(`warning: ${w}\n`);
  const errors = (): number => {
    for (const l of planErrorLines(positional[0]!, result.errors, lang)) io.err(`${l}\n`);
    return result.errors.length ? 2 : 0;
  };
  if (xlsx && start) {
    // The workbook code and exceljs load only now, from chunks of their own (docs/xlsx.md).
    return import("../../report/xlsx-export").then(async ({ planXlsx }) => {
      io.outBytes!(await planXlsx(result, { period: { start, days }, plan: loaded.plan, lang }));
      return errors();
    });
  }
  if (flags.has("json")) {
    // The fleet answers (docs/cli.md, `fleet`) load HiGHS and the simulator only here.
    return Promise.all([import("../fleet-answers"), import("../../report/fleet-section")]).then(
      async ([{ fleetAnswers }, { fleetAnswersJson }]) => {
        const fleet = fleetAnswersJson(
          await fleetAnswers(loaded, positional[0]!, lang),
          result.currency,
          lang,
        );
        io.out(`${JSON.stringify({ ...(planJson(result) as object), fleet }, null, 2)}\n`);
        return errors();
      },
    );
  }
  if (flags.has("markdown")) io.out(planMarkdown(result, lang));
  else if (flags.has("csv")) io.out(planCsv(result));
  else if (start) {
    const f = focusCsv(result, {
      period: { start, days },
      plan: loaded.plan,
      warnings: [...importWarnings, ...result.problems.map(problemEnglish)],
    });
    if (!f.ok) throw new CliError([`${positional[0]}: ${f.reason}`]);
    io.out(f.csv);
  } else io.out(planText(result, lang));
  return errors();
}

export const command: CommandDef = {
  usage:
    "plan <plan.json|-> [--json | --markdown | --csv | --focus [--start YYYY-MM-DD] [--days N] | --xlsx -o FILE.xlsx] [--lang en|zh] [--cheapest-by BY] [--allow-path DIR]...",
  summary:
    "Operating points under the SLOs, replicas, GPUs and costs per SKU, the recommendation and the team allocation of a plan file (capplan.plan/v1).",
  options: [
    { name: "json", help: "one JSON object (numbers unrounded)" },
    { name: "markdown", help: "Markdown tables" },
    { name: "csv", help: "one CSV row per SKU" },
    {
      name: "focus",
      help: "the team allocation as a FOCUS 1.3 cost-and-usage CSV with split cost allocation (docs/focus.md)",
    },
    {
      name: "xlsx",
      help: "an Excel workbook (needs -o FILE.xlsx): inputs as values, every derived number a formula with its value (docs/xlsx.md)",
    },
    {
      name: "start",
      value: "YYYY-MM-DD",
      help: "with --focus or --xlsx: the first day of the charge period (UTC; default today)",
    },
    {
      name: "days",
      value: "N",
      help: "with --focus or --xlsx: the number of days, one origin charge per pool and shared cost and day (default 1)",
    },
    LANG_OPTION,
    CHEAPEST_BY_OPTION,
    ALLOW_PATH_OPTION,
  ],
  run: planCommand,
};
