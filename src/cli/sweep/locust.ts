/**
 * `capplan sweep --locustfile FILE` (docs/sweep.md "Distributed load with Locust"): a locustfile
 * for the same load, closed-loop levels run in turn (`--duration SEC` each, default 60), the same
 * request bodies (lengths, lengths drawn from a trace, prompts, streaming with usage), TTFT and ITL per request fired as Locust
 * request events, and per-request records that `capplan import` reads into a sweep.
 */
import { WORDS } from "./body";
import { API_PATH } from "./body";
import { LOCUST_TEMPLATE } from "./locust-template";
import type { RunOptions } from "./run";
import { lengthPairs } from "./lengths";

/** The locustfile's text. `url` is the endpoint as shown (no credentials); `keyEnv` the key's variable. */
export function locustfileOf(o: RunOptions, url: string, keyEnv: string | null): string {
  const u = new URL(url);
  const stageSec = o.durationSec ?? 60;
  const config = {
    levels: o.concurrency ?? [],
    stageSec,
    // Requests sent in the first seconds of a level, while its users start, are marked warm-up.
    rampSec: Math.min(1, stageSec / 4),
    host: `${u.protocol}//${u.host}`,
    path: `${u.pathname.replace(/\/+$/, "")}${API_PATH[o.api]}`,
    api: o.api,
    model: o.model,
    inputTokens: o.inputTokens,
    outputTokens: o.outputTokens,
    prompts: o.prompts,
    // --lengths: the trace's distinct (input, output) pairs with their counts (drawn by weight).
    lengths: o.lengths ? lengthPairs(o.lengths) : null,
    seed: o.seed,
    strict: o.strict,
    timeoutSec: o.timeoutMs / 1000,
    keyEnv,
    words: WORDS,
  };
  // The JSON sits in a raw triple-quoted Python string: no `"""` can occur in JSON text except
  // inside strings, where quotes are escaped as \".
  return LOCUST_TEMPLATE.replace("@@CONFIG@@", JSON.stringify(config).replace(/"""/g, '\\"\\"\\"'));
}
