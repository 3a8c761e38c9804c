/**
 * Arrivals for the fleet simulation (docs/simulate.md): seeded Poisson arrivals with lengths
 * fixed or geometric (`exp:MEAN`), or a trace's own timestamps and lengths, its gaps divided by
 * a rate scale. Times are in ms from the first arrival.
 */
import type { Arrivals } from "./simulate";
import { Prng } from "./prng";
import type { Problem } from "../base/problems";
import { fleetMessages as F } from "./messages";

/** A length: fixed tokens, or geometric on 1, 2, … with a mean (`exp:MEAN`). */
export type LengthSpec = { kind: "fixed"; tokens: number } | { kind: "exp"; mean: number };

/** Read `N` (tokens ≥ 0) or `exp:MEAN` (MEAN ≥ 1); null when it is neither. */
export function parseLengthSpec(text: string): LengthSpec | null {
  const s = text.trim();
  const m = /^exp:(.+)$/i.exec(s);
  if (m) {
    const mean = Number(m[1]);
    return Number.isFinite(mean) && mean >= 1 ? { kind: "exp", mean } : null;
  }
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const tokens = Number(s);
  return Number.isFinite(tokens) ? { kind: "fixed", tokens } : null;
}

/** The text of a length spec (`300`, `exp:300`). */
export function lengthSpecText(l: LengthSpec): string {
  return l.kind === "fixed" ? String(l.tokens) : `exp:${l.mean}`;
}

/** Mean of a length spec. */
export function lengthSpecMean(l: LengthSpec): number {
  return l.kind === "fixed" ? l.tokens : l.mean;
}

/** Most requests one simulation takes (memory: about 60 bytes each). */
export const MAX_REQUESTS = 20_000_000;

export interface PoissonSpec {
  rps: number;
  /** Exactly this many requests, or … */
  requests?: number | undefined;
  /** … every arrival up to this many seconds. */
  durationSec?: number | undefined;
  input: LengthSpec;
  output: LengthSpec;
  seed: number;
}

/**
 * Poisson arrivals: exponential gaps of mean 1000 ÷ rps ms, the first at its first gap. Each
 * request draws, in this order, its gap, its input length and its output length (a fixed length
 * draws nothing), so a seed fixes the whole stream.
 */
export function poissonArrivals(
  spec: PoissonSpec,
): { ok: true; arrivals: Arrivals } | { ok: false; problem: Problem } {
  const { rps, input, output } = spec;
  if (!(rps > 0 && Number.isFinite(rps)))
    return { ok: false, problem: F.problem("rateInvalid", { got: String(rps) }) };
  const rng = new Prng(spec.seed);
  const meanGap = 1000 / rps;
  const durMs = spec.durationSec !== undefined ? spec.durationSec * 1000 : Infinity;
  const limit = spec.requests ?? MAX_REQUESTS;
  if (spec.requests === undefined && (durMs / meanGap) * 1.01 + 100 > MAX_REQUESTS)
    return { ok: false, problem: F.problem("tooManyRequests", { max: MAX_REQUESTS }) };
  let capN = Math.min(limit, spec.requests ?? Math.ceil((durMs / meanGap) * 1.05 + 64));
  let time = new Float64Array(capN);
  let inp = new Float64Array(capN);
  let outp = new Float64Array(capN);
  const draw = (l: LengthSpec): number => (l.kind === "fixed" ? l.tokens : rng.geometric(l.mean));
  let t = 0;
  let n = 0;
  while (n < limit) {
    t += rng.exponential(meanGap);
    if (t > durMs) break;
    if (n === capN) {
      capN = Math.min(limit, capN * 2);
      time = grow(time, capN);
      inp = grow(inp, capN);
      outp = grow(outp, capN);
    }
    time[n] = t;
    inp[n] = draw(input);
    outp[n] = draw(output);
    n++;
  }
  return {
    ok: true,
    arrivals: {
      timeMs: time.subarray(0, n),
      inputTokens: inp.subarray(0, n),
      outputTokens: outp.subarray(0, n),
    },
  };
}

function grow(a: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/**
 * A trace's requests as arrivals: times (seconds, any origin) sorted (stable: rows at one instant
 * keep their order), shifted so the first is at 0, and gaps divided by `rateScale` (2 = twice the
 * rate). `input`/`output` replace the trace's lengths when given (drawn with `seed`).
 */
export function traceArrivals(
  tSec: ArrayLike<number>,
  inputTokens: ArrayLike<number>,
  outputTokens: ArrayLike<number>,
  opts: {
    rateScale?: number;
    input?: LengthSpec | null;
    output?: LengthSpec | null;
    seed?: number;
  } = {},
): Arrivals {
  const n = tSec.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (tSec[i]! < tSec[i - 1]!) sorted = false;
  // Typed-array sort is not guaranteed stable; break ties on the row index.
  if (!sorted) order.sort((a, b) => tSec[a]! - tSec[b]! || a - b);
  const scale = opts.rateScale ?? 1;
  const t0 = n ? tSec[order[0]!]! : 0;
  const timeMs = new Float64Array(n);
  const inp = new Float64Array(n);
  const outp = new Float64Array(n);
  const rng = new Prng(opts.seed ?? 1);
  for (let i = 0; i < n; i++) {
    const j = order[i]!;
    timeMs[i] = ((tSec[j]! - t0) * 1000) / scale;
    const li = opts.input;
    const lo = opts.output;
    inp[i] = li ? (li.kind === "fixed" ? li.tokens : rng.geometric(li.mean)) : inputTokens[j]!;
    outp[i] = lo ? (lo.kind === "fixed" ? lo.tokens : rng.geometric(lo.mean)) : outputTokens[j]!;
  }
  return { timeMs, inputTokens: inp, outputTokens: outp };
}
