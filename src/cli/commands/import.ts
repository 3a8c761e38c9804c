/**
 * `capplan import <file|dir|->... [--format F] [--concurrency N] [--separate] [--since FILE] [--json] [--lang en|zh]`
 * (docs/cli.md): files and folders → normalised sweeps (docs/metrics.md). `--json` prints `{ "sweeps": [...] }`;
 * otherwise per sweep a `### <label>` heading, a source line, the report table (docs/report.md) and its warnings.
 * A run of an archive (or with `--since`) adds "Since the previous run" (`sinceRun` in JSON; docs/sweep.md).
 * Bad input: exit 2, one line per problem on stderr, nothing on stdout.
 */
import type { Sweep } from "../../engine/base/types";
import {
  formatIssue,
  importFiles,
  type ImportInput,
  type ImportIssue,
  type ImportOptions,
} from "../../import/index";
import { type CommandDef, LANG_OPTION, parseOptions } from "../command";
import { CliError, cliError, readInputs, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { parseLang, t, type Lang } from "../../report/i18n";
import { sweepTableMarkdown } from "../../report/sweep-table";
import { filesText, fmtPlain } from "../../report/format";
import { localizeIssue, localizeMessage, renderProblem } from "../../report/messages";
import { importMessages } from "../../import/messages/pipeline";
import { basename, dirname, resolve } from "node:path";
import {
  previousRun,
  sameDeployment,
  sinceMarkdown,
  sinceRun,
  type SinceRun,
} from "../../report/since";
import { archiveNames, readRuns } from "../archive";

/** An import issue as one printable line, its message in `lang` (rendered from its problem). */
export function issueLine(i: ImportIssue, lang: Lang = "en"): string {
  return lang === "en" ? formatIssue(i) : localizeIssue(i, lang);
}

/** The "skipped" notes of a failed import, as lines (a failed import still says which files it skipped). */
function skippedLines(res: { warnings?: ImportIssue[] }, lang: Lang): string[] {
  return (res.warnings ?? [])
    .filter((w) => w.code === "skipped")
    .map((w) => `skipped: ${issueLine(w, lang)}`);
}

/** Print import warnings to stderr, `warning: file:line: message` (the message in `lang`); a note of severity info (repeats) as `info:`. */
export function printWarnings(io: Io, warnings: readonly ImportIssue[], lang: Lang = "en"): void {
  for (const w of warnings) {
    const kind =
      w.code === "skipped" ? "skipped" : w.problem?.severity === "info" ? "info" : "warning";
    io.err(`${kind}: ${issueLine(w, lang)}\n`);
  }
}

/** The readable block of one sweep: heading, source line, benchmark report table (docs/report.md), warnings. */
export function sweepBlock(s: Sweep, lang: Lang): string {
  const m = s.meta;
  const c = t(lang, "colon");
  const gpu = m.gpu ? (m.gpuCount != null ? `${m.gpuCount} × ${m.gpu}` : m.gpu) : "—";
  const src = [
    `${t(lang, "files")}${c}${filesText(s.source.files)}`,
    `${t(lang, "format")}${c}${s.source.format}`,
    `${t(lang, "model")}${c}${m.model ?? "—"}`,
    `${t(lang, "engine")}${c}${m.engine ?? "—"}`,
    `${t(lang, "gpu")}${c}${gpu}`,
  ].join(" · ");
  let out = `### ${s.label}\n\n${src}\n\n${sweepTableMarkdown(s, lang)}`;
  if (s.warnings.length) {
    out += `\n${t(lang, "warnings")}${c.trimEnd()}\n${s.warnings.map((w) => `- ${localizeMessage(w, lang, s.problems)}`).join("\n")}\n`;
  }
  return out;
}

/** Inputs larger than this show progress on stderr (when it is a terminal). */
const PROGRESS_BYTES = 8 * 2 ** 20;

/** Progress while reading many files or many bytes (stderr, when it is a terminal). */
function progressReporter(
  io: Io,
): ((done: number, total: number, bytes: number) => void) | undefined {
  if (!io.progress) return undefined;
  let last = 0;
  return (done, total, bytes) => {
    if (total < 50 && bytes < PROGRESS_BYTES) return;
    const now = Date.now();
    if (done < total && now - last < 100) return;
    last = now;
    io.progress!(`capplan: reading ${done}/${total} file(s), ${(bytes / 2 ** 20).toFixed(1)} MiB`);
  };
}

/** Parse `--concurrency`: a positive finite number. */
function parseConcurrency(v: string | true | undefined): number | undefined {
  if (v === undefined || v === true) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0)
    throw cliError(C.problem("concurrencyInvalid", { got: String(v) }));
  return n;
}

/**
 * Read and import inputs, or throw a {@link CliError} with one line per problem. Shared with
 * `capplan compare`. The import's warning issues are printed to stderr; with
 * `sweepWarningsToStderr`, so are the sweeps' own warnings not already printed (JSON output,
 * where they are otherwise only inside the JSON). Messages are printed in `lang`.
 */
export function importOrFail(
  paths: readonly string[],
  opts: ImportOptions,
  io: Io,
  sweepWarningsToStderr = true,
  lang: Lang = "en",
  status?: { fileErrors: number },
): Sweep[] {
  let inputs: ImportInput[];
  const skipped: string[] = [];
  try {
    inputs = readInputs(paths, process.cwd(), {
      warnings: skipped,
      stdin: io.stdin,
      onProgress: progressReporter(io),
      lang,
    });
  } catch (e) {
    for (const s of skipped) io.err(`${s}\n`);
    // Lines that are problems render from their code; the others (src/cli/io.ts sentences) as the report layer can.
    throw e instanceof CliError
      ? new CliError(
          e.lines.map((l, i) => {
            const p = e.problems?.[i];
            return p ? renderProblem(p, lang) : localizeMessage(l, lang);
          }),
        )
      : e;
  }
  for (const s of skipped) io.err(`${s}\n`);
  const bytes = inputs.reduce((n, i) => n + i.text.length, 0);
  if (bytes > PROGRESS_BYTES)
    io.progress?.(
      `capplan: importing ${inputs.length} file(s), ${(bytes / 2 ** 20).toFixed(0)} MiB…`,
    );
  if (opts.concurrency != null && inputs.length !== 1) {
    throw new CliError([
      renderProblem(importMessages.problem("concurrencyOneFile", { files: inputs.length }), lang),
    ]);
  }
  const res = importFiles(inputs, opts);
  io.progress?.("");
  // Every problem, not only the errors: corrupt files of a folder and the files skipped in it too.
  if (!res.ok) {
    throw new CliError([
      ...res.errors.map((i) => issueLine(i, lang)),
      ...(res.fileErrors ?? []).map((i) => issueLine(i, lang)),
      ...skippedLines(res, lang),
    ]);
  }
  for (const fe of res.fileErrors) io.err(`error: ${issueLine(fe, lang)}\n`);
  if (res.fileErrors.length && status) status.fileErrors = res.fileErrors.length;
  printWarnings(io, res.warnings, lang);
  if (sweepWarningsToStderr) {
    const seen = new Set(res.warnings.map((w) => w.message));
    for (const sw of res.sweeps) {
      for (const w of sw.warnings) {
        if (seen.has(w)) continue;
        seen.add(w);
        io.err(
          `warning: ${filesText(sw.source.files)}: ${localizeMessage(w, lang, sw.problems)}\n`,
        );
      }
    }
  }
  return res.sweeps;
}

/** `model · engine · N × GPU` of a sweep, for messages. */
function deploymentText(s: Sweep): string {
  const m = s.meta;
  const gpu = m.gpu ? (m.gpuCount != null ? `${m.gpuCount} × ${m.gpu}` : m.gpu) : "—";
  return `${m.model ?? "—"} · ${m.engine ?? "—"} · ${gpu}`;
}

/** The run before an archived run: the latest of its deployment in its own folder (docs/sweep.md). */
function archivedPrevious(s: Sweep): SinceRun | null {
  const file = s.source.files[0];
  if (s.source.format !== "capplan-sweep" || s.source.files.length !== 1 || !file || file === "-")
    return null;
  const dir = dirname(resolve(file));
  let names: string[];
  try {
    names = archiveNames(dir).filter((n) => n !== basename(file));
  } catch {
    return null;
  }
  // A folder file that is not a run is simply not a previous run: the import itself succeeded.
  const current = { file: basename(file), sweep: s };
  const prev = previousRun(readRuns(dir, names).runs, current);
  return prev ? sinceRun(prev, current) : null;
}

/** The comparison for the report: with `--since FILE`, with that run; else with the archived run before. */
function sinceFor(
  sweeps: readonly Sweep[],
  since: string | true | undefined,
  io: Io,
  lang: Lang,
): SinceRun | null {
  if (typeof since !== "string") return sweeps.length === 1 ? archivedPrevious(sweeps[0]!) : null;
  if (sweeps.length !== 1) throw cliError(C.problem("sinceOneSweep", { n: sweeps.length }));
  const cur = sweeps[0]!;
  const earlier = importOrFail([since], { separate: true }, io, false, lang);
  const same = earlier.find((e) => sameDeployment(e, cur));
  if (!same)
    throw cliError(
      C.problem("sinceDeployment", {
        since,
        sinceDeployment: deploymentText(earlier[0]!),
        file: filesText(cur.source.files),
        deployment: deploymentText(cur),
      }),
    );
  return sinceRun({ file: since, sweep: same }, { file: filesText(cur.source.files), sweep: cur });
}

/** `capplan import`: print the sweeps as JSON or as benchmark report tables (docs/report.md). */
function importCommand(args: string[], io: Io): number {
  const a = parseOptions(command.options, args);
  if (a.positional.length === 0) throw cliError(C.problem("usage", { syntax: command.usage }));
  const lang = parseLang(a.flags.get("lang"));
  if (!lang) throw cliError(C.problem("langInvalid", { got: null }));
  const fmt = a.flags.get("format");
  const opts: ImportOptions = {
    format: typeof fmt === "string" ? fmt : undefined,
    concurrency: parseConcurrency(a.flags.get("concurrency")),
    separate: a.flags.has("separate"),
  };
  const json = a.flags.has("json");
  // Readable output lists each sweep's warnings under its table; JSON output carries them inside.
  const status = { fileErrors: 0 };
  const sweeps = importOrFail(a.positional, opts, io, json, lang, status);
  // Corrupt files in a folder: the other files are printed, and the exit code says input was bad.
  const code = status.fileErrors ? 2 : 0;
  const since = sinceFor(sweeps, a.flags.get("since"), io, lang);
  if (json) {
    io.out(JSON.stringify(since ? { sweeps, sinceRun: since } : { sweeps }, null, 2) + "\n");
    return code;
  }
  io.out(sweeps.map((s) => sweepBlock(s, lang)).join("\n"));
  if (since) io.out(`\n${sinceMarkdown(since, lang)}`);
  if (sweeps.length > 1) io.out(`\n${fmtPlain(sweeps.length, 0)} sweeps.\n`);
  return code;
}

export const command: CommandDef = {
  usage:
    "import <file|dir|->... [--format F] [--concurrency N] [--separate] [--since FILE] [--json] [--lang en|zh]",
  summary:
    'Import load-test outputs (recognised by content) into sweeps; prints the report table (docs/report.md) per sweep, or { "sweeps": [...] } with --json.',
  options: [
    { name: "format", value: "F", help: "force a format id (see `capplan formats`)" },
    { name: "concurrency", value: "N", help: "the load level of a single file" },
    { name: "separate", help: "keep the files apart (one sweep each)" },
    {
      name: "since",
      value: "FILE",
      help: "compare the run with this earlier run of the same deployment (default: the archived run before it)",
    },
    { name: "json", help: "print the sweeps as JSON" },
    LANG_OPTION,
  ],
  run: importCommand,
};
