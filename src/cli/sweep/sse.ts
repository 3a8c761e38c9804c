/**
 * Server-sent events of an OpenAI-compatible stream, read incrementally (docs/sweep.md): `data:`
 * lines joined per event, events ended by a blank line, comments (`: keep-alive`) and other fields
 * ignored, CRLF or LF line ends. {@link chunkOf} reads what one event says: content (chat
 * `delta.content`, `delta.reasoning_content` / `delta.reasoning`, completions `text`), usage,
 * finish, or an error object.
 */

/** Splits a text stream into the `data` of each event. */
export class SseParser {
  private buf = "";
  private data: string[] = [];

  /** Feed text; returns the data of every event completed by it. */
  push(text: string): string[] {
    this.buf += text;
    const out: string[] = [];
    let start = 0;
    for (;;) {
      const nl = this.buf.indexOf("\n", start);
      if (nl < 0) break;
      let line = this.buf.slice(start, nl);
      start = nl + 1;
      if (line.endsWith("\r")) line = line.slice(0, -1);
      if (line === "") {
        if (this.data.length) out.push(this.data.join("\n"));
        this.data = [];
      } else if (line.startsWith("data:")) {
        this.data.push(line.slice(line.charCodeAt(5) === 32 ? 6 : 5));
      }
      // Comments (":…") and other fields (event:, id:, retry:) carry no tokens.
    }
    this.buf = this.buf.slice(start);
    return out;
  }

  /** The data of an event left open when the stream ended (no blank line after it). */
  flush(): string[] {
    const rest = this.buf.startsWith("data:")
      ? [...this.data, this.buf.slice(this.buf.charCodeAt(5) === 32 ? 6 : 5)]
      : this.data;
    this.buf = "";
    this.data = [];
    return rest.length ? [rest.join("\n")] : [];
  }
}

/** What one event of the stream carries. */
export interface Chunk {
  kind: "done" | "chunk" | "error" | "malformed";
  /** The event has generated text (not an empty role delta). */
  content: boolean;
  /** The event's `finish_reason`, when set. */
  finish: string | null;
  promptTokens?: number;
  completionTokens?: number;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const nonEmpty = (v: unknown) => typeof v === "string" && v !== "";

/** Read one event's data. */
export function chunkOf(data: string): Chunk {
  if (data.trim() === "[DONE]") return { kind: "done", content: false, finish: null };
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return { kind: "malformed", content: false, finish: null };
  }
  if (!isObj(v)) return { kind: "malformed", content: false, finish: null };
  if (v.error !== undefined && v.error !== null)
    return { kind: "error", content: false, finish: null };
  const out: Chunk = { kind: "chunk", content: false, finish: null };
  const choices = v.choices;
  if (Array.isArray(choices)) {
    for (const c of choices) {
      if (!isObj(c)) continue;
      const d = c.delta;
      if (
        nonEmpty(c.text) ||
        (isObj(d) &&
          (nonEmpty(d.content) || nonEmpty(d.reasoning_content) || nonEmpty(d.reasoning)))
      )
        out.content = true;
      if (typeof c.finish_reason === "string" && c.finish_reason !== "")
        out.finish = c.finish_reason;
    }
  }
  const u = v.usage;
  if (isObj(u)) {
    if (typeof u.prompt_tokens === "number" && Number.isFinite(u.prompt_tokens))
      out.promptTokens = u.prompt_tokens;
    if (typeof u.completion_tokens === "number" && Number.isFinite(u.completion_tokens))
      out.completionTokens = u.completion_tokens;
  }
  return out;
}
