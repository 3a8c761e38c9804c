/**
 * `capplan history <archive-dir> [--metric KEY] [--at concurrency=N | rate=R] [--threshold PCT]
 * [--json]` (docs/sweep.md): the runs of each deployment over time and whether the latest one
 * regressed. Exit 1 on a regression (as `compare`), 0 otherwise, 2 on bad input.
 */
import { type CommandDef, parseOptions } from "../command";
import {
  HISTORY_THRESHOLD,
  historyLoad,
  historyMarkdown,
  historyMetric,
  runHistory,
} from "../../report/history";
import { archiveNames, readRuns } from "../archive";
import { CliError, type Io } from "../io";

export const HISTORY_USAGE =
  "history <archive-dir> [--metric KEY] [--at concurrency=N | --at rate=R] [--threshold PCT] [--json]";
export const HISTORY_SUMMARY =
  "The runs of each deployment in an archive (capplan sweep --archive DIR) in date order, with a metric at one load level and its change from the run before; exit 1 when the latest run regresses.";

function historyCommand(args: string[], io: Io): number {
  const { positional, flags } = parseOptions(command.options, args);
  if (positional.length !== 1) throw new CliError([`usage: capplan ${HISTORY_USAGE}`]);
  const dir = positional[0]!;
  const metricKey = String(flags.get("metric") ?? "ttft.p99");
  const metric = historyMetric(metricKey);
  if (!metric)
    throw new CliError([
      `--metric must be metric.stat (ttft.p99, itl.p50, e2e.mean, …) or rps / outputTokensPerSec, got ${metricKey}`,
    ]);
  const atV = flags.get("at");
  const at = atV === undefined ? null : historyLoad(String(atV));
  if (atV !== undefined && !at)
    throw new CliError([`--at must be concurrency=N or rate=R, got ${String(atV)}`]);
  const thr = flags.get("threshold");
  const threshold = thr === undefined ? HISTORY_THRESHOLD : Number(String(thr).replace(/%$/, ""));
  if (!(Number.isFinite(threshold) && threshold >= 0))
    throw new CliError([`--threshold must be a number ≥ 0, got ${String(thr)}`]);
  let names: string[];
  try {
    names = archiveNames(dir);
  } catch (e) {
    throw new CliError([
      `${dir}: cannot read the archive (${(e as { code?: string }).code ?? "error"})`,
    ]);
  }
  const { runs, problems } = readRuns(dir, names);
  if (problems.length) throw new CliError(problems);
  if (!runs.length)
    throw new CliError([`${dir}: no runs (capplan sweep --archive ${dir} stores them)`]);
  const h = runHistory(runs, metric, threshold, at);
  io.out(flags.has("json") ? `${JSON.stringify(h, null, 2)}\n` : historyMarkdown(h));
  return h.deployments.some((d) => d.regression) ? 1 : 0;
}

export const command: CommandDef = {
  usage: HISTORY_USAGE,
  summary: HISTORY_SUMMARY,
  options: [
    {
      name: "metric",
      value: "KEY",
      help: "metric.stat (ttft.p99, default; itl.p50, e2e.mean, …) or rps / outputTokensPerSec",
    },
    {
      name: "at",
      value: "LOAD",
      help: "the load level: concurrency=N or rate=R (default: the highest level every run of the deployment has)",
    },
    { name: "threshold", value: "PCT", help: "regression threshold in percent (default 5)" },
    { name: "json", help: "print the history as JSON" },
  ],
  run: historyCommand,
};
