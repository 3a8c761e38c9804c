/**
 * `capplan actuals <plan.json|-> <focus.csv> [--json] [--lang en|zh] [--allow-path DIR]...` (docs/focus.md):
 * planned vs actual cost per pool, shared cost and team over the FOCUS file's charge period, with
 * the variance. Exit 0 when both read (whatever the variance), 2 on bad input. `--lang` is the
 * language of its warnings and errors (rendered from their problems, docs/problems.md).
 */
import { fmtNum } from "../../engine/base/number-format";
import { minorUnitDigits } from "../../engine/finops/money";
import { readFocusCsv, planVsActual, type VarianceLine } from "../../report/actuals";
import { CliError, cliError, ReadProblem, readRegularFile, readStdin, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { loadPlan } from "../plan-loader";
import { ALLOW_PATH_OPTION, type CommandDef, langFlag, parseOptions } from "../command";
import { localizeError, renderProblem } from "../../report/messages";

function table(title: string, lines: readonly VarianceLine[], digits: number): string[] {
  if (!lines.length) return [];
  const pct = (x: number | null) =>
    x === null ? "—" : `${x >= 0 ? "+" : ""}${fmtNum(x * 100, 1)} %`;
  const rows = lines.map((l) => [
    l.name,
    fmtNum(l.planned, digits, digits),
    fmtNum(l.actual, digits, digits),
    `${l.variance > 0 ? "+" : ""}${fmtNum(l.variance, digits, digits)}`,
    pct(l.variancePct),
  ]);
  const head = [title, "planned", "actual", "variance", "%"];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join("  ");
  return [fmt(head), ...rows.map(fmt), ""];
}

/** `capplan actuals`. */
function actualsCommand(args: string[], io: Io): number {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 2) throw cliError(C.problem("usage", { syntax: command.usage }));
  const lang = langFlag(flags.get("lang"));
  const [planPath, focusPath] = positional as [string, string];
  const loaded = loadPlan(planPath, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: io.stdin,
  });
  const result = loaded.result;
  if (result.errors.length)
    throw new CliError(
      result.errors.map((e) => `${planPath}: ${e.path}: ${localizeError(e, lang)}`),
    );
  let text: string;
  try {
    text = focusPath === "-" ? (io.stdin ?? readStdin)() : readRegularFile(focusPath);
  } catch (e) {
    if (e instanceof ReadProblem)
      throw new CliError([`${focusPath}: ${renderProblem(e.problem, lang)}`]);
    throw e;
  }
  const read = readFocusCsv(text, result.tenants?.pools.map((p) => p.name) ?? []);
  if (!read.ok)
    throw new CliError(read.problems.map((p) => `${focusPath}: ${renderProblem(p, lang)}`));
  const cmp = planVsActual(result, read);
  if ("error" in cmp) throw new CliError([`${planPath}: ${renderProblem(cmp.problem, lang)}`]);
  for (const p of cmp.problems) io.err(`warning: ${focusPath}: ${renderProblem(p, lang)}\n`);
  if (flags.has("json")) {
    io.out(JSON.stringify(cmp, null, 2) + "\n");
    return 0;
  }
  const digits = minorUnitDigits(cmp.currency);
  const out = [
    `Plan vs actual (${cmp.currency}), ${cmp.period.start.slice(0, 10)} to ${cmp.period.end.slice(0, 10)} (${cmp.period.days} day${cmp.period.days === 1 ? "" : "s"}), ${cmp.charges} charges, cost column ${cmp.costColumn}`,
    "",
    ...table("pool", cmp.pools, digits),
    ...table("shared cost", cmp.shared, digits),
    ...table("team", cmp.teams, digits),
    ...table("", [cmp.total], digits),
    `not attributed to a team (idle, unallocated, untagged): ${fmtNum(cmp.unattributed, digits, digits)} ${cmp.currency}`,
  ];
  io.out(out.join("\n") + "\n");
  return 0;
}

export const command: CommandDef = {
  usage: "actuals <plan.json|-> <focus.csv> [--json] [--lang en|zh] [--allow-path DIR]...",
  summary:
    "Planned vs actual cost per pool, shared cost and team: the plan's allocation against a FOCUS 1.0–1.3 cost-and-usage CSV (a cloud bill or capplan's own --focus export), with the variance.",
  options: [
    { name: "json", help: "one JSON object" },
    { name: "lang", value: "en|zh", help: "language of the warnings and errors (default en)" },
    ALLOW_PATH_OPTION,
  ],
  run: actualsCommand,
};
