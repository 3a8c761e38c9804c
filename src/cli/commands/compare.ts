/**
 * `capplan compare <baseline> <candidate> [--threshold PCT] [--json] [--lang en|zh]` (docs/cli.md):
 * each side is any importable input (file or folder) yielding exactly one sweep. Prints the seed
 * benchmark report table (docs/report.md) with deltas per matched load level and a summary line. Exit 1 when a throughput
 * drops or a latency statistic rises by more than the threshold (default 5 %), 0 otherwise, 2 on
 * bad input or usage.
 */
import type { Sweep } from "../../engine/base/types";
import { compareSweeps } from "../../report/compare";
import { compareMarkdown } from "../../report/compare-table";
import { parseLang, type Lang } from "../../report/i18n";
import { type CommandDef, LANG_OPTION, parseOptions } from "../command";
import { CliError, cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { withSubject } from "../../engine/base/problems";
import { cliFileMessages as F } from "../../import/messages/usage";
import { renderProblem } from "../../report/messages";
import { importOrFail } from "./import";

/** Import one side; exactly one sweep is required. */
function oneSweep(path: string, side: "baseline" | "candidate", io: Io, lang: Lang = "en"): Sweep {
  let sweeps: Sweep[];
  try {
    sweeps = importOrFail([path], {}, io, true, lang);
  } catch (e) {
    // Each line with its side in front (`baseline: …`, `基线：…`); the lines are in `lang` already.
    const label = renderProblem(F.problem("side", { side }), lang);
    if (e instanceof CliError)
      throw new CliError(
        e.lines.map((l, i) =>
          withSubject(label, e.problems?.[i] ? renderProblem(e.problems[i]!, lang) : l, lang),
        ),
      );
    throw e;
  }
  if (sweeps.length !== 1) {
    throw new CliError([
      renderProblem(
        F.problem("compareManySweeps", {
          side,
          path,
          n: sweeps.length,
          names: sweeps.map((s) => s.label),
        }),
        lang,
      ),
    ]);
  }
  return sweeps[0]!;
}

/** `capplan compare`: returns 0 (no regression), 1 (regression) or throws a CliError (exit 2). */
function compareCommand(args: string[], io: Io): number {
  const a = parseOptions(command.options, args);
  if (a.positional.length !== 2)
    throw new CliError(
      [
        `expected a baseline and a candidate, got ${a.positional.length} argument(s)`,
        `usage: capplan ${command.usage}`,
      ],
      [C.problem("compareArgs", { n: a.positional.length }), null],
    );
  const thr = a.flags.get("threshold");
  let threshold = 5;
  if (thr !== undefined) {
    threshold = Number(String(thr).replace(/%$/, ""));
    if (thr === true || !Number.isFinite(threshold) || threshold < 0)
      throw cliError(C.problem("thresholdInvalid", { got: String(thr) }));
  }
  const lang = parseLang(a.flags.get("lang"));
  if (!lang) throw cliError(C.problem("langInvalid", { got: null }));
  // Import both sides before printing anything, collecting the problems of both.
  const problems: string[] = [];
  const sides: (Sweep | null)[] = (["baseline", "candidate"] as const).map((side, i) => {
    try {
      return oneSweep(a.positional[i]!, side, io, lang);
    } catch (e) {
      if (e instanceof CliError) {
        for (const l of e.lines) problems.push(l);
        return null;
      }
      throw e;
    }
  });
  if (problems.length) throw new CliError(problems);
  const [base, cand] = sides as [Sweep, Sweep];
  const result = compareSweeps(base, cand, threshold);
  if (result.rows.length === 0) {
    // Nothing compared is not "no regression": a CI gate must not pass on it.
    throw new CliError([
      renderProblem(F.problem("compareNoMatch", { base: base.label, cand: cand.label }), lang),
    ]);
  }
  if (a.flags.has("json")) {
    io.out(
      JSON.stringify({ baseline: base.label, candidate: cand.label, ...result }, null, 2) + "\n",
    );
  } else {
    io.out(compareMarkdown(base, cand, result, lang));
  }
  return result.regressions.length > 0 ? 1 : 0;
}

export const command: CommandDef = {
  usage: "compare <baseline> <candidate> [--threshold PCT] [--json] [--lang en|zh]",
  summary:
    "Deltas per matched load level; a regression (exit 1) is a throughput drop or a latency rise of more than PCT % (default 5).",
  options: [
    { name: "threshold", value: "PCT", help: "regression threshold in percent (default 5)" },
    { name: "json", help: "print the comparison as JSON" },
    LANG_OPTION,
  ],
  run: compareCommand,
};
