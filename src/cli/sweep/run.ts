/**
 * The sweep's load levels (docs/sweep.md): closed loop (`--concurrency`: that many workers, each
 * sending its next request when the last ends) or Poisson open loop (`--rate`: exponential gaps
 * from a seeded generator, outstanding requests unbounded unless `--max-concurrency`). Each level
 * first sends its warm-up requests (not recorded), then `--requests N` or `--duration SEC`. After
 * a level, the stop rule: more than `--max-error-pct` failed, or an SLO missed by more than 2×,
 * ends the sweep (saturation). Ctrl-C (`stop.interrupted`) cancels the requests in flight, keeps
 * the completed ones and marks the level partial.
 */
import type { Slo } from "../../engine/base/types";
import { failedSharePct, statValue } from "../../engine/curve/slo";
import { sloText } from "../../engine/curve/slo-label";
import type { Problem } from "../../engine/base/problems";
import {
  pointsFromRequests,
  type RunPoint,
  type SweepLevel,
  type SweepRequest,
} from "../../import/formats/capplan-sweep";
import { sweepMessages as M } from "../../import/messages/sweep";
import { API_PATH, bodyOf, promptOf, seededRandom, type Api, type RequestSpec } from "./body";
import { type Endpoint, type Inflight, openConnections, streamOnce } from "./client";
import { type LengthRows, rowDrawer } from "./lengths";

export interface RunOptions {
  api: Api;
  model: string;
  /** Closed-loop levels, or null for open loop. */
  concurrency: number[] | null;
  /** Open-loop offered rates (requests/s), or null. */
  rates: number[] | null;
  requests: number | null;
  durationSec: number | null;
  warmup: number;
  seed: number;
  inputTokens: number;
  outputTokens: number;
  /** Prompts read from `--prompts` (used in turn), or null for generated ones. */
  prompts: RequestSpec[] | null;
  /** Rows of `--lengths TRACE`, each request's lengths drawn jointly from one, or null. */
  lengths: LengthRows | null;
  timeoutMs: number;
  maxErrorPct: number;
  slos: Slo[];
  maxConcurrency: number | null;
  strict: boolean;
}

/** Shared by the run and the Ctrl-C handler. */
export interface StopState {
  interrupted: boolean;
  inflight: Inflight;
  /** Resolves when interrupted (wakes the open loop's sleeps). */
  wake: Promise<void>;
}

export interface RunResult {
  levels: SweepLevel[];
  requests: SweepRequest[];
  points: RunPoint[];
  problems: Problem[];
  /** A line per finished level, for stderr. */
  lines: string[];
}

/** Times kept to the microsecond: the file holds them so, and its points are computed from them. */
const us = (x: number) => Math.round(x * 1000) / 1000;

const levelName = (c: number | null, r: number | null) =>
  c !== null ? `concurrency ${c}` : `rate ${r} req/s`;

function fmt(v: number | undefined, d = 1): string {
  return v === undefined || !Number.isFinite(v) ? "—" : v.toFixed(d);
}

/** The readable summary of one level. */
export function levelLine(p: RunPoint): string {
  const failed = p.failedByOutcome
    ? Object.entries(p.failedByOutcome)
        .map(([k, n]) => `${n} ${k}`)
        .join(", ")
    : "0";
  return (
    `${levelName(p.concurrency, p.requestRate as number | null)}: ${p.completed ?? 0} ok, failed ${failed}` +
    ` · TTFT p50 ${fmt(p.ttftMs?.p50)} p99 ${fmt(p.ttftMs?.p99)} ms` +
    ` · ITL p50 ${fmt(p.itlMs?.p50, 2)} p99 ${fmt(p.itlMs?.p99, 2)} ms` +
    ` · ${fmt(p.rps ?? undefined, 2)} req/s, ${fmt(p.outputTokensPerSec ?? undefined, 0)} output tok/s` +
    (p.partial ? " (partial)" : "")
  );
}

/** Run every level; never throws for a failing server (each request has an outcome). */
export async function runLevels(
  ep: Endpoint,
  o: RunOptions,
  clock: () => number,
  stop: StopState,
  onLevel: (line: string) => void,
): Promise<RunResult> {
  const rand = seededRandom(o.seed);
  let promptIndex = 0;
  const draw = o.lengths ? rowDrawer(o.lengths.input.length, o.seed) : null;
  const nextSpec = (): RequestSpec => {
    if (o.prompts) return o.prompts[promptIndex++ % o.prompts.length]!;
    if (draw && o.lengths) {
      const i = draw();
      const inputTokens = o.lengths.input[i]!;
      return {
        prompt: promptOf(inputTokens, rand),
        inputTokens,
        outputTokens: o.lengths.output[i]!,
      };
    }
    return {
      prompt: promptOf(o.inputTokens, rand),
      inputTokens: o.inputTokens,
      outputTokens: o.outputTokens,
    };
  };
  const path = API_PATH[o.api];
  const res: RunResult = { levels: [], requests: [], points: [], problems: [], lines: [] };
  const loads: { c: number | null; r: number | null }[] = o.concurrency
    ? o.concurrency.map((c) => ({ c, r: null }))
    : (o.rates ?? []).map((r) => ({ c: null, r }));

  for (const { c, r } of loads) {
    if (stop.interrupted) break;
    const level: SweepLevel = { concurrency: c, requestRate: r };
    const mine: SweepRequest[] = [];
    const fire = async (record: boolean): Promise<void> => {
      const spec = nextSpec();
      const s = await streamOnce(
        ep,
        path,
        bodyOf(o.api, o.model, spec, o.strict),
        o.timeoutMs,
        clock,
        stop.inflight,
      );
      if (!record || s.cancelled) return;
      const usage = s.completionTokens !== undefined;
      mine.push({
        concurrency: c,
        requestRate: r,
        start: us(s.startMs),
        end: us(s.endMs),
        outcome: s.outcome,
        chunks: s.chunks.map(us),
        inputTokens: s.promptTokens ?? spec.inputTokens,
        outputTokens: s.completionTokens ?? s.chunks.length,
        requestedInputTokens: spec.inputTokens,
        requestedOutputTokens: spec.outputTokens,
        usage,
      });
    };
    const phase = (n: number | null, durationSec: number | null, record: boolean) =>
      c !== null
        ? closedLoop(c, n, durationSec, clock, stop, () => fire(record))
        : openLoop(r!, n, durationSec, o.maxConcurrency, rand, clock, stop, () => fire(record));
    if (c !== null) await openConnections(ep, c, Math.min(o.timeoutMs, 10_000));
    if (o.warmup > 0) await phase(o.warmup, null, false);
    await phase(o.requests, o.durationSec, true);
    if (stop.interrupted) level.partial = true;
    res.levels.push(level);
    res.requests.push(...mine);
    const point = pointsFromRequests(mine, [level])[0];
    if (!point) continue;
    const name = levelName(c, r);
    const counted = mine.filter((q) => q.outcome === "ok" && !q.usage).length;
    if (counted) res.problems.push(M.problem("tokensCounted", { n: counted, level: name }));
    if (level.partial) res.problems.push(M.problem("partialLevel", { level: name }));
    const line = levelLine(point);
    res.lines.push(line);
    onLevel(line);
    const why = saturation(point, o, name);
    if (why) {
      res.problems.push(why);
      break;
    }
  }
  res.points = pointsFromRequests(res.requests, res.levels);
  return res;
}

/** The stop rule: the problem that ends the sweep after this level, or null. */
export function saturation(
  p: RunPoint,
  o: Pick<RunOptions, "maxErrorPct" | "slos">,
  level: string,
): Problem | null {
  const pct = failedSharePct(p);
  if (pct !== null && pct > o.maxErrorPct)
    return M.problem("stoppedErrors", { level, pct, max: o.maxErrorPct });
  for (const slo of o.slos) {
    const v = statValue(p, slo.metric, slo.stat).valueMs;
    if (v !== null && v > 2 * slo.maxMs)
      return M.problem("stoppedSlo", { level, slo: sloText(slo), value: v, max: slo.maxMs });
  }
  return null;
}

/** `workers` loops, each sending its next request when the last ends. */
async function closedLoop(
  workers: number,
  n: number | null,
  durationSec: number | null,
  clock: () => number,
  stop: StopState,
  fire: () => Promise<void>,
): Promise<void> {
  let issued = 0;
  const deadline = durationSec !== null ? clock() + durationSec * 1000 : Infinity;
  const more = () => !stop.interrupted && (n !== null ? issued < n : clock() < deadline);
  const worker = async () => {
    while (more()) {
      issued++;
      await fire();
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

/** Poisson arrivals at `rate` per second: exponential gaps from the seeded generator. */
async function openLoop(
  rate: number,
  n: number | null,
  durationSec: number | null,
  maxConcurrency: number | null,
  rand: () => number,
  clock: () => number,
  stop: StopState,
  fire: () => Promise<void>,
): Promise<void> {
  const pending = new Set<Promise<void>>();
  const t0 = clock();
  const deadline = durationSec !== null ? t0 + durationSec * 1000 : Infinity;
  let next = t0;
  for (let i = 0; n === null || i < n; i++) {
    next += (-Math.log(1 - rand()) / rate) * 1000;
    if (next >= deadline) break;
    const wait = next - clock();
    if (wait > 0) await sleepOrWake(wait, stop.wake);
    if (stop.interrupted) break;
    while (maxConcurrency !== null && pending.size >= maxConcurrency && !stop.interrupted)
      await Promise.race([...pending, stop.wake]);
    if (stop.interrupted) break;
    const p: Promise<void> = fire().finally(() => pending.delete(p));
    pending.add(p);
  }
  await Promise.all(pending);
}

/** Sleep `ms`, or less when `wake` resolves first (the timer is cleared: nothing keeps the process alive). */
function sleepOrWake(ms: number, wake: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    void wake.then(() => {
      clearTimeout(t);
      resolve();
    });
  });
}
