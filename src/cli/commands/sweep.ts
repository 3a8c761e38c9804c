/**
 * `capplan sweep --url URL --model M (--concurrency 1,2,4 | --rate 0.5,1,2) ... [-o OUT.json]`
 * (docs/sweep.md): runs a load sweep against an OpenAI-compatible endpoint and prints the run as
 * a normalized sweep (`capplan-sweep`) with its per-request records. Exit 0 done, 2 bad input or
 * an endpoint that cannot be used (before the first level, nothing written), 130 after Ctrl-C
 * (the completed requests are written, the level marked partial).
 */
import { type CommandDef, parseOptions } from "../command";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MetricKey, Slo } from "../../engine/base/types";
import { METRIC_KEYS } from "../../engine/base/types";
import { SWEEP_FILE_TAG } from "../../import/formats/capplan-sweep";
import { sweepMessages as M } from "../../import/messages/sweep";
import { renderProblem } from "../../report/messages";
import { parseLang } from "../../report/i18n";
import { CliError, ReadProblem, readRegularFile, type Io } from "../io";
import type { RequestSpec } from "../sweep/body";
import { endpointOf, runClock } from "../sweep/client";
import { preflight } from "../sweep/preflight";
import { runLevels, type RunOptions, type StopState } from "../sweep/run";
import { locustfileOf } from "../sweep/locust";
import { readLengths } from "../sweep/lengths";

export const SWEEP_USAGE =
  "sweep --url URL --model M (--concurrency 1,2,4,... | --rate 0.5,1,2,...) [--requests N | --duration SEC] [--warmup N] [--seed S] [--input-tokens N] [--output-tokens N] [--lengths TRACE] [--prompts FILE.jsonl] [--api completions|chat] [--timeout SEC] [--max-error-pct P] [--slo METRIC:STAT:MS]... [--max-concurrency N] [--api-key-env VAR] [--strict-openai] [--meta key=value]... [--archive DIR] [--locustfile FILE] [--lang en|zh] -o OUT.json";
export const SWEEP_SUMMARY =
  "Run a load sweep against an OpenAI-compatible endpoint (streaming: TTFT, ITL, tokens from usage), closed loop or Poisson open loop, and write it as a normalized sweep with per-request records (docs/sweep.md).";

/** The package version (injected by the CLI build). */
declare const __CAPPLAN_VERSION__: string | undefined;
const VERSION: string = typeof __CAPPLAN_VERSION__ === "string" ? __CAPPLAN_VERSION__ : "dev";

function bad(option: string, want: string, got: string): CliError {
  const p = M.problem("badOption", { option, want, got });
  return new CliError([M.en(p)], [p]);
}

function posNum(
  flags: Map<string, string | true>,
  name: string,
  int: boolean,
  dflt: number | null,
): number | null {
  const v = flags.get(name);
  if (v === undefined) return dflt;
  const n = Number(v);
  if (typeof v !== "string" || !Number.isFinite(n) || n <= 0 || (int && !Number.isInteger(n)))
    throw bad(`--${name}`, int ? "a positive whole number" : "a positive number", String(v));
  return n;
}

function list(flags: Map<string, string | true>, name: string, int: boolean): number[] | null {
  const v = flags.get(name);
  if (v === undefined) return null;
  const xs = String(v)
    .split(",")
    .map((s) => Number(s.trim()));
  if (
    xs.length === 0 ||
    xs.some((n) => !Number.isFinite(n) || n <= 0 || (int && !Number.isInteger(n)))
  )
    throw bad(
      `--${name}`,
      int ? "a list of positive whole numbers (1,2,4)" : "a list of positive numbers (0.5,1,2)",
      String(v),
    );
  return xs;
}

/** `--slo ttft:p99:500` or a plan's SLO object `{"metric":"ttft","stat":"p99","maxMs":500}`. */
export function parseSlo(s: string): Slo | null {
  let metric: unknown, stat: unknown, maxMs: unknown;
  if (s.trim().startsWith("{")) {
    try {
      ({ metric, stat, maxMs } = JSON.parse(s) as Record<string, unknown>);
    } catch {
      return null;
    }
  } else [metric, stat, maxMs] = s.split(":").map((x) => x.trim());
  const max = Number(maxMs);
  if (
    !METRIC_KEYS.includes(metric as MetricKey) ||
    typeof stat !== "string" ||
    !/^(mean|min|max|std|median|p\d+(\.\d+)?)$/.test(stat) ||
    !(max > 0)
  )
    return null;
  return { metric: metric as MetricKey, stat: stat === "median" ? "p50" : stat, maxMs: max };
}

/** The URL as shown in outputs and messages: no user, password, query or fragment. */
export function shownUrl(u: URL): string {
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}`;
}

function readPrompts(file: string): RequestSpec[] {
  let text: string;
  try {
    // The CLI's one file reader: regular files only (not a FIFO or a device), size-limited.
    text = readRegularFile(file);
  } catch (e) {
    throw new CliError([
      `${file}: cannot read the prompts (${e instanceof ReadProblem ? e.message : "error"})`,
    ]);
  }
  const out: RequestSpec[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (!l) continue;
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(l) as Record<string, unknown>;
    } catch {
      throw new CliError([`${file}:${i + 1}: not a JSON object`]);
    }
    const out_ = Number(o.output_tokens ?? o.outputTokens);
    if (typeof o.prompt !== "string" || !(Number.isInteger(out_) && out_ > 0))
      throw new CliError([
        `${file}:${i + 1}: needs "prompt" (text) and "output_tokens" (a positive whole number)`,
      ]);
    const inTok = Number(o.input_tokens ?? o.inputTokens);
    out.push({
      prompt: o.prompt,
      outputTokens: out_,
      inputTokens:
        Number.isFinite(inTok) && inTok > 0 ? inTok : o.prompt.split(/\s+/).filter(Boolean).length,
    });
  }
  if (!out.length) throw new CliError([`${file}: no prompts`]);
  return out;
}

function metaOf(lists: Map<string, string[]>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const kv of lists.get("meta") ?? []) {
    const eq = kv.indexOf("=");
    if (eq <= 0) throw bad("--meta", "key=value", kv);
    const k = kv.slice(0, eq).trim();
    const v = kv.slice(eq + 1).trim();
    out[k] = ["gpuCount", "tp"].includes(k) && Number.isFinite(Number(v)) ? Number(v) : v;
  }
  return out;
}

/** Parse the options into the run's settings (a usage error throws a CliError: exit 2). */
function options(args: string[], io: Io) {
  const { flags, lists, positional } = parseOptions(command.options, args);
  if (positional.length)
    throw new CliError([`unexpected argument ${positional[0]}`, `usage: capplan ${SWEEP_USAGE}`]);
  const lang = parseLang(flags.get("lang"));
  if (!lang) throw bad("--lang", "en or zh", String(flags.get("lang")));
  for (const req of ["url", "model"])
    if (typeof flags.get(req) !== "string") {
      const p = M.problem("needsOption", { option: `--${req}` });
      throw new CliError([M.en(p)], [p]);
    }
  let url: URL;
  try {
    url = new URL(flags.get("url") as string);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
  } catch {
    throw bad("--url", "an http:// or https:// URL", "(not a URL)");
  }
  const concurrency = list(flags, "concurrency", true);
  const rates = list(flags, "rate", false);
  if ((concurrency === null) === (rates === null)) {
    const p = M.problem("loadChoice", {});
    throw new CliError([M.en(p)], [p]);
  }
  const api = flags.get("api") ?? "completions";
  if (api !== "chat" && api !== "completions")
    throw bad("--api", "completions or chat", String(api));
  const slos = (lists.get("slo") ?? []).map((s) => {
    const slo = parseSlo(s);
    if (!slo) throw bad("--slo", "METRIC:STAT:MS (e.g. ttft:p99:500)", s);
    return slo;
  });
  const durationSec = posNum(flags, "duration", false, null);
  const requestsGiven = posNum(flags, "requests", true, null);
  if (durationSec !== null && requestsGiven !== null)
    throw bad("--requests", "left out when --duration is given", String(requestsGiven));
  const warmupV = flags.get("warmup");
  const warmup = warmupV === undefined ? 0 : Number(warmupV);
  if (!(Number.isInteger(warmup) && warmup >= 0))
    throw bad("--warmup", "a whole number ≥ 0", String(warmupV));
  const seedV = flags.get("seed");
  const seed = seedV === undefined ? 0 : Number(seedV);
  if (!Number.isInteger(seed)) throw bad("--seed", "a whole number", String(seedV));
  const maxErr = flags.get("max-error-pct");
  const maxErrorPct = maxErr === undefined ? 5 : Number(maxErr);
  if (!(Number.isFinite(maxErrorPct) && maxErrorPct >= 0 && maxErrorPct <= 100))
    throw bad("--max-error-pct", "a percentage 0–100", String(maxErr));
  const keyEnvV = flags.get("api-key-env");
  const keyEnv = typeof keyEnvV === "string" ? keyEnvV : null;
  const headers: Record<string, string> = {};
  // A locustfile reads the key where it runs; the run itself needs it now.
  if (keyEnv !== null && !flags.has("locustfile")) {
    const key = process.env[keyEnv];
    if (!key) {
      const p = M.problem("keyEnvMissing", { name: keyEnv });
      throw new CliError([M.en(p)], [p]);
    }
    headers.authorization = `Bearer ${key}`;
  }
  const lengthsFile = flags.get("lengths");
  if (lengthsFile !== undefined)
    for (const other of ["prompts", "input-tokens", "output-tokens"])
      if (flags.has(other))
        throw bad("--lengths", `left out when --${other} is given`, String(lengthsFile));
  const prompts =
    typeof flags.get("prompts") === "string" ? readPrompts(flags.get("prompts") as string) : null;
  const lengths =
    typeof lengthsFile === "string"
      ? readLengths(lengthsFile, lang, (w) => io.err(`warning: ${w}\n`))
      : null;
  const maxConc = Math.max(...(concurrency ?? [1]));
  const run: RunOptions = {
    api,
    model: flags.get("model") as string,
    concurrency,
    rates,
    requests:
      durationSec !== null
        ? null
        : (requestsGiven ?? (concurrency ? Math.max(100, 4 * maxConc) : 100)),
    durationSec,
    warmup,
    seed,
    inputTokens: posNum(flags, "input-tokens", true, 128)!,
    outputTokens: posNum(flags, "output-tokens", true, 128)!,
    prompts,
    lengths,
    timeoutMs: posNum(flags, "timeout", false, 600)! * 1000,
    maxErrorPct,
    slos,
    maxConcurrency: posNum(flags, "max-concurrency", true, null),
    strict: flags.has("strict-openai"),
  };
  const archive = flags.get("archive");
  const locustfile = flags.get("locustfile");
  return {
    run,
    url,
    keyEnv,
    headers,
    lang,
    meta: metaOf(lists),
    sockets: concurrency ? maxConc : (run.maxConcurrency ?? 256),
    archive: typeof archive === "string" ? archive : null,
    locustfile: typeof locustfile === "string" ? locustfile : null,
  };
}

/** Write `text` to `file` through a temporary file renamed into place. */
function writeFileAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** The output: one line per request record, the rest indented. */
function sweepJson(sweep: Record<string, unknown>, requests: unknown[]): string {
  const head = JSON.stringify(
    { capplan: SWEEP_FILE_TAG, sweeps: [{ ...sweep, requests: [] }] },
    null,
    2,
  );
  const rows = requests.map((r) => `        ${JSON.stringify(r)}`).join(",\n");
  return `${head.replace(/"requests": \[\]/, rows ? `"requests": [\n${rows}\n      ]` : '"requests": []')}\n`;
}

export async function sweepCommand(args: string[], io: Io): Promise<number> {
  const o = options(args, io);
  const shown = shownUrl(o.url);
  const commandLine = [
    "capplan",
    "sweep",
    ...args.map((a) => (a.includes(o.url.host) && /^https?:/.test(a) ? shown : a)),
  ].join(" ");
  if (o.locustfile && !o.run.concurrency)
    throw bad("--locustfile", "used with --concurrency (Locust users are a closed loop)", "--rate");
  if (o.locustfile) {
    writeFileAtomically(o.locustfile, locustfileOf(o.run, shown, o.keyEnv));
    io.err(`wrote ${o.locustfile}: run it with locust (docs/sweep.md)\n`);
    return 0;
  }
  const ep = endpointOf(o.url, o.headers, o.sockets);
  try {
    const pre = await preflight(ep, shown, Math.min(o.run.timeoutMs, 15_000));
    if (!pre.ok) throw new CliError([renderProblem(pre.problem, o.lang)]);
    const warnings: string[] = [];
    if (pre.value.models.length && !pre.value.models.includes(o.run.model))
      warnings.push(
        renderProblem(
          M.problem("modelNotListed", {
            model: o.run.model,
            listed: pre.value.models.slice(0, 10),
          }),
          o.lang,
        ),
      );
    let wake!: () => void;
    const stop: StopState = {
      interrupted: false,
      inflight: { cancelled: false, requests: new Set() },
      wake: new Promise<void>((r) => (wake = r)),
    };
    const onInt = () => {
      if (stop.interrupted) return;
      stop.interrupted = true;
      stop.inflight.cancelled = true;
      for (const r of [...stop.inflight.requests]) r.destroy();
      wake();
    };
    process.on("SIGINT", onInt);
    const date = new Date().toISOString();
    let res;
    try {
      res = await runLevels(ep, o.run, runClock(), stop, (l) => io.err(`${l}\n`));
    } finally {
      process.off("SIGINT", onInt);
    }
    for (const p of res.problems) warnings.push(renderProblem(p, o.lang));
    for (const w of warnings) io.err(`warning: ${w}\n`);
    const meta: Record<string, unknown> = {
      model: o.run.model,
      engine: pre.value.engine,
      engineVersion: pre.value.engineVersion,
      gpu: null,
      gpuCount: null,
      tp: null,
      quantization: null,
      date,
      endpoint: shown,
      api: o.run.api,
      tool: "capplan sweep",
      toolVersion: VERSION,
      commandLine,
      seed: o.run.seed,
      ...o.meta,
    };
    const sweep = {
      label: `capplan sweep · ${o.run.model}`,
      source: { files: [], format: "capplan-sweep" },
      meta,
      points: res.points,
      warnings: res.problems.map((p) => M.en(p)),
      levels: res.levels,
    };
    const text = sweepJson(sweep, res.requests);
    io.out(text);
    if (o.archive) {
      try {
        mkdirSync(o.archive, { recursive: true });
        const name = `${date.replace(/[:.]/g, "-")}-${o.run.model.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80)}.json`;
        writeFileAtomically(join(o.archive, name), text);
      } catch (e) {
        io.err(
          `warning: ${o.archive}: cannot store the run (${(e as { code?: string }).code ?? "error"})\n`,
        );
      }
    }
    return stop.interrupted ? 130 : 0;
  } finally {
    ep.agent.destroy();
  }
}

export const command: CommandDef = {
  usage: SWEEP_USAGE,
  summary: SWEEP_SUMMARY,
  options: [
    {
      name: "url",
      value: "URL",
      help: "the endpoint's base URL, e.g. http://127.0.0.1:8000/v1 (required)",
    },
    { name: "model", value: "M", help: "the model name sent in every request (required)" },
    {
      name: "concurrency",
      value: "LIST",
      help: "closed-loop levels: that many workers, each sending its next request when the last ends",
    },
    {
      name: "rate",
      value: "LIST",
      help: "open-loop levels: Poisson arrivals at that many requests/s (seeded)",
    },
    {
      name: "requests",
      value: "N",
      help: "requests per level (default max(100, 4 × concurrency))",
    },
    {
      name: "duration",
      value: "SEC",
      help: "per level: send for SEC seconds instead of a number of requests",
    },
    {
      name: "warmup",
      value: "N",
      help: "requests per level sent first and not counted (default 0)",
    },
    {
      name: "seed",
      value: "S",
      help: "seed of the prompts and of the Poisson arrivals (default 0)",
    },
    {
      name: "input-tokens",
      value: "N",
      help: "prompt length in words, about one token each (default 128)",
    },
    { name: "output-tokens", value: "N", help: "max_tokens of every request (default 128)" },
    {
      name: "lengths",
      value: "TRACE",
      help: "draw each request's input and output tokens together from a row of this request trace (any trace `capplan traffic` reads), seeded",
    },
    {
      name: "prompts",
      value: "FILE.jsonl",
      help: 'prompts used in turn, one JSON object a line: {"prompt": "...", "output_tokens": N}',
    },
    {
      name: "api",
      value: "completions|chat",
      help: "which endpoint to load (default completions)",
    },
    {
      name: "timeout",
      value: "SEC",
      help: "per request, from send to the last event (default 600)",
    },
    {
      name: "max-error-pct",
      value: "P",
      help: "stop after a level whose failed share exceeds P % (default 5)",
    },
    {
      name: "slo",
      value: "METRIC:STAT:MS",
      help: "stop after a level that misses this SLO by more than 2× (repeatable; e.g. ttft:p99:500)",
    },
    {
      name: "max-concurrency",
      value: "N",
      help: "open loop: at most N requests outstanding (default unbounded)",
    },
    {
      name: "api-key-env",
      value: "VAR",
      help: "send the key in environment variable VAR as a bearer token (never written anywhere)",
    },
    {
      name: "meta",
      value: "key=value",
      help: "recorded in the sweep's meta (repeatable): gpu=H100 gpuCount=1 tp=1 quantization=fp8 engine=vllm ...",
    },
    {
      name: "archive",
      value: "DIR",
      help: "also store the run in DIR (one file per run), for `capplan history`",
    },
    {
      name: "locustfile",
      value: "FILE",
      help: "write a Locust locustfile for the same load instead of running it (docs/sweep.md)",
    },
    {
      name: "strict-openai",
      help: "do not send vLLM's ignore_eos / min_tokens (for servers that reject unknown fields)",
    },
    { name: "lang", value: "en|zh", help: "language of the messages (default en)" },
  ],
  run: sweepCommand,
};
