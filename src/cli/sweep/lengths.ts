/**
 * `capplan sweep --lengths TRACE` (docs/sweep.md "Load"): each request's input and output lengths
 * drawn jointly, from one row of a request trace (any trace `capplan traffic` reads, through the
 * CLI's one trace reader), uniformly with a generator seeded by `--seed`. Drawing a row, not the
 * two lengths apart, keeps their correlation (long prompts with short answers, say) as it is in
 * production. A trace with bad rows, or without request rows, is refused before anything is sent.
 */
import type { Lang } from "../../report/i18n";
import { localizeIssue, renderProblem } from "../../report/messages";
import { sweepMessages as M } from "../../import/messages/sweep";
import { CliError } from "../io";
import { readTraceFile } from "../trace-file";
import { seededRandom } from "./body";

/** Longest length kept (2^26 - 1 tokens, far beyond any context): a pair is one exact number. */
const MAX_LEN = 2 ** 26 - 1;

/** The rows of a trace that lengths are drawn from (row i: `input[i]`, `output[i]`). */
export interface LengthRows {
  file: string;
  input: Uint32Array;
  output: Uint32Array;
}

/** Read the rows of `file`; a CliError (exit 2) when the trace is bad or has no request rows. */
export function readLengths(file: string, lang: Lang, warn: (line: string) => void): LengthRows {
  let cap = 1 << 12;
  let input = new Uint32Array(cap);
  let output = new Uint32Array(cap);
  let n = 0;
  let zero = 0;
  const res = readTraceFile(file, {
    onRequest: (_t, i, o) => {
      const a = Math.round(i);
      const b = Math.round(o);
      // max_tokens must be at least 1, and an empty prompt is refused by most servers.
      if (!(a >= 1 && b >= 1)) {
        zero++;
        return;
      }
      if (n === cap) {
        cap *= 2;
        const grow = (x: Uint32Array) => {
          const y = new Uint32Array(cap);
          y.set(x);
          return y;
        };
        input = grow(input);
        output = grow(output);
      }
      input[n] = Math.min(a, MAX_LEN);
      output[n] = Math.min(b, MAX_LEN);
      n++;
    },
  });
  if (!res.ok) throw new CliError(res.errors.map((e) => localizeIssue(e, lang)));
  if (res.badRows > 0) {
    const p = M.problem("lengthsBadRows", { file, bad: res.badRows });
    throw new CliError([
      ...res.warnings.map((w) => localizeIssue(w, lang)),
      renderProblem(p, lang),
    ]);
  }
  if (n === 0) {
    const p = M.problem("lengthsNoRows", { file });
    throw new CliError([renderProblem(p, lang)], [p]);
  }
  for (const w of res.warnings) warn(localizeIssue(w, lang));
  if (zero) warn(renderProblem(M.problem("lengthsZero", { file, n: zero }), lang));
  return { file, input: input.slice(0, n), output: output.slice(0, n) };
}

/**
 * The row drawer of a run: each call returns the index of a uniformly drawn row. Its generator is
 * its own (seeded from `seed`), so the rows drawn do not depend on the prompts' words or on the
 * Poisson gaps: the n-th request of a run with seed S always gets the n-th row of this sequence.
 */
export function rowDrawer(rows: number, seed: number): () => number {
  const rand = seededRandom((seed ^ 0x5bd1e995) >>> 0);
  return () => Math.floor(rand() * rows);
}

/**
 * The distinct (input, output) pairs of the rows with how often each occurs, for the locustfile:
 * drawing a pair with probability count / rows is drawing a row uniformly.
 */
export function lengthPairs(l: LengthRows): [number, number, number][] {
  const counts = new Map<number, number>();
  for (let i = 0; i < l.input.length; i++) {
    // Both lengths are below 2^26 (MAX_LEN): one exact double key.
    const k = l.input[i]! * 2 ** 26 + l.output[i]!;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, c]) => [Math.floor(k / 2 ** 26), k % 2 ** 26, c]);
}
