/**
 * Request bodies of a sweep (docs/sweep.md): a prompt of about N tokens (seeded random common
 * words, a different prompt per request so a prefix cache does not shorten the prefill), or a
 * prompt from `--prompts`; `max_tokens` = the request's output length, streaming with usage, and
 * `ignore_eos` / `min_tokens` so the server generates exactly that many tokens where it takes them.
 */

/** A 32-bit seeded generator (mulberry32): uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Short common words, one token each in the usual BPE vocabularies. */
export const WORDS = (
  "the of and to in is it you that he was for on are as with his they at be this have from or one " +
  "had by word but not what all were we when your can said there use an each which she do how their " +
  "if will up other about out many then them these so some her would make like him into time has look " +
  "two more write go see number no way could people my than first water been call who oil its now find"
).split(" ");

/** A prompt of `n` words drawn with `rand`. */
export function promptOf(n: number, rand: () => number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  return out.join(" ");
}

/** One request to send: its text and requested lengths. */
export interface RequestSpec {
  prompt: string;
  inputTokens: number;
  outputTokens: number;
}

export type Api = "chat" | "completions";

/** The API path of a request kind under the base URL. */
export const API_PATH: Readonly<Record<Api, string>> = {
  chat: "/chat/completions",
  completions: "/completions",
};

/** The JSON body of one streamed request. */
export function bodyOf(api: Api, model: string, r: RequestSpec, strict: boolean): string {
  const o: Record<string, unknown> = { model };
  if (api === "chat") o.messages = [{ role: "user", content: r.prompt }];
  else o.prompt = r.prompt;
  o.max_tokens = r.outputTokens;
  o.stream = true;
  o.stream_options = { include_usage: true };
  if (!strict) {
    o.ignore_eos = true;
    o.min_tokens = r.outputTokens;
  }
  o.temperature = 0;
  return JSON.stringify(o);
}
