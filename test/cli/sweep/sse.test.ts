/**
 * The stream reader of `capplan sweep` (src/cli/sweep/sse.ts) on the recorded transcripts of
 * vLLM, SGLang, TGI, llama.cpp and Ollama (fixtures/sse/README.md), fed whole and in pieces.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkOf, SseParser } from "../../../src/cli/sweep/sse";

const FIX = join(__dirname, "../../../fixtures/sse");

/** Read a transcript split every `step` characters: content events, first content, usage, end. */
function read(text: string, step: number) {
  const p = new SseParser();
  const events: string[] = [];
  for (let i = 0; i < text.length; i += step) events.push(...p.push(text.slice(i, i + step)));
  events.push(...p.flush());
  const chunks = events.map(chunkOf);
  const last = (f: (c: (typeof chunks)[number]) => number | undefined) =>
    chunks
      .map(f)
      .filter((x) => x !== undefined)
      .at(-1);
  return {
    events: chunks.length,
    content: chunks.filter((c) => c.content).length,
    firstContent: chunks.findIndex((c) => c.content),
    finish: chunks.map((c) => c.finish).filter(Boolean),
    prompt: last((c) => c.promptTokens),
    completion: last((c) => c.completionTokens),
    done: chunks.at(-1)?.kind === "done",
    bad: chunks.filter((c) => c.kind !== "chunk" && c.kind !== "done").length,
  };
}

/** No usage sent in the stream. */
const NONE = { prompt: undefined, completion: undefined };

describe("SseParser and chunkOf on real transcripts", () => {
  it.each([
    ["vllm-chat.sse", { events: 7, content: 3, firstContent: 3, finish: ["stop"], ...NONE }],
    [
      "sglang-completions-usage.sse",
      { events: 5, content: 3, firstContent: 0, finish: ["length"], prompt: 8, completion: 10 },
    ],
    ["tgi-chat.sse", { events: 4, content: 3, firstContent: 0, finish: ["eos_token"], ...NONE }],
    [
      "llamacpp-chat.sse",
      { events: 5, content: 2, firstContent: 1, finish: ["stop"], prompt: 1085, completion: 247 },
    ],
    ["ollama-chat.sse", { events: 5, content: 3, firstContent: 0, finish: ["length"], ...NONE }],
  ])("%s", (file, want) => {
    const text = readFileSync(join(FIX, file), "utf8");
    for (const step of [text.length, 1, 7, 64]) {
      const got = read(text, step);
      expect(got).toEqual({ ...want, done: true, bad: 0 });
      // CRLF line ends read the same.
      expect(read(text.replace(/\n/g, "\r\n"), step)).toEqual(got);
    }
  });
});

describe("SseParser", () => {
  it("ignores comments and other fields, joins multi-line data, keeps an unterminated last event", () => {
    const p = new SseParser();
    expect(p.push(": keep-alive\n\nevent: x\nid: 3\ndata: a\ndata: b\n\ndata: {")).toEqual([
      "a\nb",
    ]);
    expect(p.flush()).toEqual(["{"]);
  });
});

describe("chunkOf", () => {
  it.each([
    ["[DONE]", "done", false],
    ['{"choices":[{"delta":{"content":"x"}}]}', "chunk", true],
    ['{"choices":[{"delta":{"reasoning_content":"x"}}]}', "chunk", true],
    ['{"choices":[{"delta":{"role":"assistant","content":""}}]}', "chunk", false],
    ['{"choices":[{"text":""}]}', "chunk", false],
    ['{"error":{"message":"overloaded"}}', "error", false],
    ['{"choices":[{"delta":{"content":"x', "malformed", false],
    ["[1,2]", "malformed", false],
  ])("%s → %s", (data, kind, content) => {
    const c = chunkOf(data);
    expect([c.kind, c.content]).toEqual([kind, content]);
  });
});
