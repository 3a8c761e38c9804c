/**
 * `capplan simulate <plan.json> [--sku NAME] [--replicas N] [--slots S]
 *   [--trace FILE [--rate-scale X] | --poisson RPS (--duration SEC | --requests N)]
 *   [--input-tokens N|exp:MEAN] [--output-tokens N|exp:MEAN] [--seed S] [--json] [--lang en|zh]`
 * (docs/simulate.md): replays traffic against a fleet built from the SKU's own measured curve and
 * prints the tail latency, queued share, utilization, SLO attainment and the replicas the SLOs
 * need. Without --trace or --poisson the arrivals are Poisson at the plan's peak rate (Σ peakRps),
 * 100,000 requests, with the workloads' mean lengths.
 */
import { type CommandDef, parseOptions, langFlag } from "../command";
import { englishOf, type Problem } from "../../engine/base/problems";
import type { Slo } from "../../engine/base/types";
import {
  parseLengthSpec,
  poissonArrivals,
  traceArrivals,
  type LengthSpec,
} from "../../engine/fleet/arrivals";
import { fleetSetup, pickSku, simulatePlanFleet } from "../../engine/fleet/fleet-plan";
import { fleetMessages as F, type OptionKind } from "../../engine/fleet/messages";
import type { Arrivals } from "../../engine/fleet/simulate";
import { localizeIssue } from "../../report/messages";
import { simulateJson, simulateText } from "../../report/simulate-text";
import { CliError, cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";
import { loadPlan } from "../plan-loader";
import { readTraceFile } from "../trace-file";

export const SIMULATE_USAGE =
  "simulate <plan.json|-> [--sku NAME] [--replicas N] [--slots S] [--trace FILE [--rate-scale X] | --poisson RPS (--duration SEC | --requests N)] [--input-tokens N|exp:MEAN] [--output-tokens N|exp:MEAN] [--seed S] [--json] [--lang en|zh] [--allow-path DIR]...";
export const SIMULATE_SUMMARY =
  "Fleet simulation under real traffic (docs/simulate.md): N replicas × S slots on the SKU's measured TTFT/TPOT curve, a trace or seeded Poisson arrivals; tail latency, queued share, utilization, SLO attainment and the fewest replicas meeting the plan's SLOs.";

/** Requests simulated when the plan's peak rate is used and --requests is not given. */
export const DEFAULT_REQUESTS = 100_000;

function fail(p: Problem): never {
  throw new CliError([englishOf(p)], [p]);
}

function num(v: string | true | undefined, option: string, kind: OptionKind): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  const ok =
    kind === "count"
      ? Number.isInteger(n) && n >= 1
      : kind === "seed"
        ? Number.isSafeInteger(n)
        : Number.isFinite(n) && n > 0;
  if (!ok) fail(F.problem("optionInvalid", { option, expected: kind, got: String(v) }));
  return n;
}

function lengthFlag(v: string | true | undefined, option: string): LengthSpec | null {
  if (v === undefined) return null;
  const l = typeof v === "string" ? parseLengthSpec(v) : null;
  if (!l) fail(F.problem("optionInvalid", { option, expected: "length", got: String(v) }));
  return l;
}

/** Read a trace's requests (time, lengths) through the shared trace reader. */
function readTraceRows(
  file: string,
  io: Io,
  lang: "en" | "zh",
): { t: Float64Array; inp: Float64Array; out: Float64Array } {
  let cap = 1 << 16;
  let t = new Float64Array(cap);
  let inp = new Float64Array(cap);
  let out = new Float64Array(cap);
  let n = 0;
  const res = readTraceFile(file, {
    stdin: io.stdin,
    onRequest: (ts, i, o) => {
      if (n === cap) {
        cap *= 2;
        const g = (a: Float64Array) => {
          const b = new Float64Array(cap);
          b.set(a);
          return b;
        };
        t = g(t);
        inp = g(inp);
        out = g(out);
      }
      t[n] = ts;
      inp[n] = i;
      out[n] = o;
      n++;
    },
  });
  if (!res.ok) throw new CliError(res.errors.map((e) => localizeIssue(e, lang)));
  for (const w of res.warnings) io.err(`warning: ${localizeIssue(w, lang)}\n`);
  if (n === 0) fail(F.problem("traceNoRows", { file }));
  return { t: t.subarray(0, n), inp: inp.subarray(0, n), out: out.subarray(0, n) };
}

function simulateCommand(args: string[], io: Io): number {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 1) throw cliError(C.problem("usage", { syntax: SIMULATE_USAGE }));
  const lang = langFlag(flags.get("lang"));
  const trace = flags.get("trace");
  if (trace !== undefined && flags.has("poisson"))
    throw cliError(
      C.problem("chooseOne", {
        options: ["--trace", "--poisson"],
        given: ["--trace", "--poisson"],
      }),
    );
  if (flags.has("rate-scale") && trace === undefined)
    fail(F.problem("optionNeeds", { option: "--rate-scale", needs: "--trace" }));
  for (const o of ["duration", "requests"])
    if (flags.has(o) && trace !== undefined)
      fail(F.problem("optionNeeds", { option: `--${o}`, needs: "--poisson" }));
  if (flags.has("duration") && flags.has("requests"))
    throw cliError(C.problem("chooseOne", { options: ["--duration", "--requests"], given: null }));
  if (flags.has("poisson") && !flags.has("duration") && !flags.has("requests"))
    fail(F.problem("optionNeeds", { option: "--poisson", needs: "--duration SEC | --requests N" }));
  const replicasFlag = num(flags.get("replicas"), "--replicas", "count");
  const slotsFlag = num(flags.get("slots"), "--slots", "count");
  const rateScale = num(flags.get("rate-scale"), "--rate-scale", "positive") ?? 1;
  const poisson = num(flags.get("poisson"), "--poisson", "positive");
  const duration = num(flags.get("duration"), "--duration", "positive");
  const requests = num(flags.get("requests"), "--requests", "count");
  const seed = num(flags.get("seed"), "--seed", "seed") ?? 1;
  const inputSpec = lengthFlag(flags.get("input-tokens"), "--input-tokens");
  const outputSpec = lengthFlag(flags.get("output-tokens"), "--output-tokens");

  const loaded = loadPlan(positional[0]!, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: trace === "-" ? undefined : io.stdin,
  });
  for (const w of loaded.importWarnings) io.err(`warning: ${w}\n`);
  const { result } = loaded;
  const sku = pickSku(
    result,
    typeof flags.get("sku") === "string" ? String(flags.get("sku")) : null,
  );
  if (!sku.ok) fail(sku.problem);
  const set = fleetSetup(result, sku.sku);
  if (!set.ok) fail(set.problem);
  const setup = set.setup;
  const replicas = replicasFlag ?? setup.formulaReplicas;
  if (replicas == null || replicas < 1) fail(F.problem("noReplicas", { sku: setup.sku }));
  const slots = slotsFlag ?? setup.slots;
  if (slots == null) fail(F.problem("noSlots", { sku: setup.sku }));

  let arrivals: Arrivals;
  if (typeof trace === "string") {
    const rows = readTraceRows(trace, io, lang);
    arrivals = traceArrivals(rows.t, rows.inp, rows.out, {
      rateScale,
      input: inputSpec,
      output: outputSpec,
      seed,
    });
  } else {
    const rps = poisson ?? setup.peakRps;
    if (rps == null) fail(F.problem("noTraffic", {}));
    const fixed = (x: number | null): LengthSpec => ({ kind: "fixed", tokens: Math.round(x ?? 1) });
    const a = poissonArrivals({
      rps,
      requests: duration === undefined ? (requests ?? DEFAULT_REQUESTS) : undefined,
      durationSec: duration,
      input: inputSpec ?? fixed(setup.inputTokens),
      output: outputSpec ?? fixed(setup.outputTokens),
      seed,
    });
    if (!a.ok) fail(a.problem);
    arrivals = a.arrivals;
  }
  if (arrivals.timeMs.length === 0) fail(F.problem("noArrivals", {}));
  const slos: Slo[] = result.slo.filter((s): s is Slo => s.maxMs !== null);
  let last = 0;
  const answer = simulatePlanFleet(setup, arrivals, {
    replicas,
    slots,
    seed,
    source: typeof trace === "string" ? "trace" : "poisson",
    slos,
    onProgress: io.progress
      ? (stage, done, total) => {
          const now = Date.now();
          if (now - last < 200) return;
          last = now;
          io.progress!(
            stage === "run"
              ? `capplan: simulating ${Math.round((done / total) * 100)} %`
              : `capplan: searching replicas (step ${done} of about ${total})`,
          );
        }
      : undefined,
  });
  io.out(
    flags.has("json")
      ? `${JSON.stringify(simulateJson(answer), null, 2)}\n`
      : simulateText(answer, lang),
  );
  return 0;
}

export const command: CommandDef = {
  usage: SIMULATE_USAGE,
  summary: SIMULATE_SUMMARY,
  options: [
    { name: "sku", value: "NAME", help: "the SKU to simulate (default: the recommended one)" },
    {
      name: "replicas",
      value: "N",
      help: "replicas in the fleet (default: the plan's replicas for the SKU)",
    },
    {
      name: "slots",
      value: "S",
      help: "requests one replica serves at once (default: the operating point's concurrency, rounded down)",
    },
    {
      name: "trace",
      value: "FILE",
      help: "replay a request trace's timestamps and lengths (any trace `capplan traffic` reads)",
    },
    {
      name: "rate-scale",
      value: "X",
      help: "with --trace: divide the trace's gaps by X (2 = twice the rate)",
    },
    { name: "poisson", value: "RPS", help: "Poisson arrivals at RPS requests per second (seeded)" },
    { name: "duration", value: "SEC", help: "with --poisson: every arrival in SEC seconds" },
    {
      name: "requests",
      value: "N",
      help: "with --poisson: exactly N requests (default without --poisson: 100000)",
    },
    {
      name: "input-tokens",
      value: "N|exp:MEAN",
      help: "input lengths: fixed, or geometric on 1, 2, … with that mean",
    },
    {
      name: "output-tokens",
      value: "N|exp:MEAN",
      help: "output lengths: fixed, or geometric with that mean",
    },
    {
      name: "seed",
      value: "S",
      help: "seed of the arrivals and lengths (default 1): the same seed gives the same numbers",
    },
    { name: "json", help: "one JSON object (numbers unrounded)" },
    {
      name: "lang",
      value: "en|zh",
      help: "language of the output and of the messages (default en)",
    },
    {
      name: "allow-path",
      value: "DIR",
      help: "also allow the plan's `file` references to read inside DIR (repeatable)",
    },
  ],
  run: simulateCommand,
};
