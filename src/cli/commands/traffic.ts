/**
 * `capplan traffic <trace|-> [--bin SEC] [--json] [--lang en|zh]` (docs/traffic.md): a request
 * trace's arrival rates, burstiness and request lengths, per team and model when the trace has
 * those columns. The file streams through in fixed-size chunks: memory does not grow with rows.
 * Bad rows are counted and the first ones printed as `warning: file:line:column: …`; a file that
 * is not a trace, or has no usable row, exits 2.
 */
import { TRACE_FORMAT_TITLES } from "../../import/trace-header";
import { trafficMarkdown } from "../../report/traffic-table";
import { type CommandDef, langFlag, parseOptions } from "../command";
import { CliError, cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { readTraceFile } from "../trace-file";
import { trafficMessages as T } from "../../engine/demand/traffic-messages";
import { localizeIssue, renderProblem } from "../../report/messages";
import { usageFromTraffic } from "../../engine/demand/workload-trace";

/** Parse `--bin`: a positive finite number of seconds. */
function parseBin(v: string | true | undefined): number {
  if (v === undefined) return 60;
  const n = typeof v === "string" ? Number(v) : NaN;
  if (!(Number.isFinite(n) && n > 0)) throw cliError(C.problem("binInvalid", { got: String(v) }));
  if (n < 0.001) throw cliError(C.problem("binTooSmall", { got: String(v) }));
  return n;
}

function trafficCommand(args: string[], io: Io): number {
  const { positional, flags } = parseOptions(command.options, args);
  if (positional.length !== 1) throw cliError(C.problem("usage", { syntax: command.usage }));
  if (flags.has("usage") && flags.has("json"))
    throw cliError(C.problem("chooseOne", { options: ["--json", "--usage"], given: null }));
  const pool = flags.get("pool");
  if (pool !== undefined && (!flags.has("usage") || typeof pool !== "string" || pool === ""))
    throw cliError(C.problem("poolNeedsUsage", {}));
  const path = positional[0]!;
  const binSec = parseBin(flags.get("bin"));
  const lang = langFlag(flags.get("lang"));
  let last = 0;
  const res = readTraceFile(path, {
    baseSec: binSec,
    stdin: io.stdin,
    onProgress: io.progress
      ? (bytes, total) => {
          const now = Date.now();
          if (now - last < 200 || bytes < 8 << 20) return;
          last = now;
          const pct = total ? ` (${Math.round((bytes / total) * 100)} %)` : "";
          io.progress!(`capplan: reading ${(bytes / 2 ** 20).toFixed(0)} MiB${pct}`);
        }
      : undefined,
  });
  io.progress?.("");
  if (!res.ok) throw new CliError(res.errors.map((e) => localizeIssue(e, lang)));
  for (const w of res.warnings) io.err(`warning: ${localizeIssue(w, lang)}\n`);
  const sum = res.acc.summary(binSec);
  if (!sum.ok) throw new CliError([`${path}: ${renderProblem(sum.problem, lang)}`]);
  const s = sum.value;
  if (flags.has("usage")) {
    // Daily tokens per team, as tenants.usage rows (docs/traffic.md).
    const rows = usageFromTraffic(s, typeof pool === "string" ? pool : undefined);
    if (!rows)
      throw new CliError([
        `${path}: ${renderProblem(T.problem(s.teams ? "usageOneInstant" : "usageNoTeams", {}), lang)}`,
      ]);
    io.out(`${JSON.stringify(rows, null, 2)}\n`);
  } else if (flags.has("json")) {
    // `problems` stay out: the JSON carries the English notes, as it always has.
    const { problems: _, ...plain } = s;
    io.out(
      `${JSON.stringify({ file: path, format: res.format, timeKind: res.timeKind, rows: res.rows, badRows: res.badRows, columns: res.columns, ...plain })}\n`,
    );
  } else {
    io.out(
      trafficMarkdown(
        s,
        { file: path, format: TRACE_FORMAT_TITLES[res.format], badRows: res.badRows },
        lang,
      ),
    );
  }
  return 0;
}

export const command: CommandDef = {
  usage: "traffic <trace|-> [--bin SEC] [--json | --usage [--pool NAME]] [--lang en|zh]",
  summary:
    "Arrival rates (mean, peak, p99 and p50 of time bins), burstiness (interarrival CV) and request lengths of a request trace (Azure LLM, BurstGPT, any CSV/TSV/JSONL with a timestamp and token columns, or per-bin sums), per team and model.",
  options: [
    {
      name: "bin",
      value: "SEC",
      help: "bin length in seconds for the rates (default 60); bins are aligned to multiples of SEC since the Unix epoch",
    },
    {
      name: "json",
      help: "print every statistic as one JSON object (the series of bin rates included)",
    },
    {
      name: "usage",
      help: "print the daily tenants.usage rows of the trace's teams as plan JSON (team tokens ÷ the trace's duration in days)",
    },
    { name: "pool", value: "NAME", help: "with --usage: the pool every row names" },
    {
      name: "lang",
      value: "en|zh",
      help: "language of the table and of the messages (default en)",
    },
  ],
  run: trafficCommand,
};
