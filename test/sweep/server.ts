/**
 * An OpenAI-compatible test server with a known latency model, for the sweep runner's tests and
 * bench (docs/sweep.md "The test server"). It listens on 127.0.0.1 only and serves:
 *
 * - `GET /v1/models` (`owned_by: "vllm"`), `GET /version` (`{"version": …}`, as vLLM answers);
 * - `POST /v1/completions` and `POST /v1/chat/completions`, streamed as vLLM frames them: for chat
 *   a first chunk with an empty role delta (sent on arrival, so a client that takes the first
 *   chunk for the first token measures ~0 ms), one chunk per token, the last with
 *   `finish_reason: "length"`, a usage chunk (`choices: []`) when the request asks
 *   `stream_options.include_usage`, then `data: [DONE]`; optional `: keep-alive` comments while
 *   the first token is pending.
 *
 * Latency model, with `active` = generation requests in progress (this one included):
 * TTFT = ttftBaseMs + ttftPerActiveMs × active (at arrival), and each further token after
 * ITL = itlBaseMs + itlPerActiveMs × active (at the time it is scheduled). Tokens: the prompt's
 * whitespace-separated words (chat: of every message), and `max_tokens` tokens out.
 *
 * The server keeps its own clock per request (`records`): arrival, each content chunk written,
 * the end and the outcome, so tests compare what a client measured with what the server did.
 * Fault modes (per generation request, by its 0-based index): HTTP 500 or 429, a stream cut
 * halfway (socket destroyed), a malformed chunk halfway, and a request never answered.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";

/** What the server does with one generation request. */
export type Fault = "ok" | "500" | "429" | "cut" | "malformed" | "hang";

export interface LatencyModel {
  ttftBaseMs: number;
  ttftPerActiveMs: number;
  itlBaseMs: number;
  itlPerActiveMs: number;
}

/** One generation request as the server saw it; times in ms on `performance.now()`. */
export interface ServerRecord {
  index: number;
  api: "chat" | "completions";
  arrivalMs: number;
  /** Content chunks written (the role chunk is not content). */
  chunkMs: number[];
  endMs: number | null;
  fault: Fault;
  /** How it ended: the fault, or `client-closed` when the client went away first. */
  outcome: Fault | "client-closed";
  promptTokens: number;
  maxTokens: number;
  activeAtArrival: number;
  includeUsage: boolean;
  authorization: string | undefined;
}

export interface TestServerOptions {
  model?: string;
  latency?: Partial<LatencyModel>;
  /** The fault of the n-th generation request (default: always "ok"). */
  fault?: (index: number) => Fault;
  /** Faults in turn, request n gets `faultCycle[n % length]` (a JSON-able `fault`). */
  faultCycle?: Fault[];
  /** Send `: keep-alive` comments this often while the first token is pending (0: never). */
  keepAliveMs?: number;
  /** Answer `/v1/models` with an HTML 404, as a web server that is not an LLM endpoint does. */
  notOpenAi?: boolean;
  /** Require `Authorization: Bearer <key>` (401 otherwise). */
  apiKey?: string;
  /** Send no usage chunk even when asked (as TGI does). */
  noUsage?: boolean;
  version?: string;
}

export interface TestServer {
  /** Base URL with `/v1`. */
  url: string;
  port: number;
  records: ServerRecord[];
  /** Requests to any path, in order (`METHOD path`). */
  log: string[];
  close(): Promise<void>;
}

const DEFAULT_LATENCY: LatencyModel = {
  ttftBaseMs: 20,
  ttftPerActiveMs: 1,
  itlBaseMs: 5,
  itlPerActiveMs: 0.25,
};

function words(s: unknown): number {
  return typeof s === "string" ? s.split(/\s+/).filter((w) => w !== "").length : 0;
}

function promptTokensOf(body: Record<string, unknown>): number {
  if (Array.isArray(body.messages))
    return body.messages.reduce(
      (n: number, m: unknown) => n + words((m as { content?: unknown })?.content),
      0,
    );
  return words(body.prompt);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (s += d));
    req.on("end", () => resolve(s));
    req.on("error", () => resolve(s));
  });
}

function json(res: ServerResponse, status: number, v: unknown): void {
  const text = JSON.stringify(v);
  res.writeHead(status, { "content-type": "application/json" });
  res.end(text);
}

/** Start the server on 127.0.0.1 with an OS-assigned port. */
/** What the server keeps between requests. */
interface State {
  opts: TestServerOptions;
  model: string;
  lat: LatencyModel;
  records: ServerRecord[];
  active: number;
  created: number;
  later: (ms: number, f: () => void) => void;
}

async function generate(
  st: State,
  req: IncomingMessage,
  res: ServerResponse,
  api: "chat" | "completions",
) {
  const { opts, lat, records, later, model } = st;
  const arrivalMs = performance.now();
  const text = await readBody(req);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json(res, 400, { error: { message: "invalid JSON body" } });
    return;
  }
  const index = records.length;
  const cycle = opts.faultCycle;
  const fault = opts.fault?.(index) ?? (cycle?.length ? cycle[index % cycle.length]! : "ok");
  const maxTokens = Math.max(1, Number(body.max_tokens) || 16);
  const includeUsage =
    (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  st.active++;
  const rec: ServerRecord = {
    index,
    api,
    arrivalMs,
    chunkMs: [],
    endMs: null,
    fault,
    outcome: fault,
    promptTokens: promptTokensOf(body),
    maxTokens,
    activeAtArrival: st.active,
    includeUsage,
    authorization: req.headers.authorization,
  };
  records.push(rec);
  let finished = false;
  const finish = (outcome: ServerRecord["outcome"]) => {
    if (finished) return;
    finished = true;
    st.active--;
    rec.endMs = performance.now();
    rec.outcome = outcome;
  };
  res.on("close", () => finish("client-closed"));
  if (fault === "hang") return; // never answers; the client's timeout ends it
  if (fault === "500" || fault === "429") {
    finish(fault);
    json(res, Number(fault), { error: { message: fault === "429" ? "rate limited" : "boom" } });
    return;
  }
  streamTokens(st, rec, res, finish, () => finished);
}

/** The 200 response of a generation request: the role chunk, the tokens, usage, `[DONE]` or a fault halfway. */
function streamTokens(
  st: State,
  rec: ServerRecord,
  res: ServerResponse,
  finish: (outcome: ServerRecord["outcome"]) => void,
  isFinished: () => boolean,
): void {
  const { opts, lat, later, model } = st;
  const { api, index, includeUsage, fault, maxTokens } = rec;
  const id = `${api === "chat" ? "chatcmpl" : "cmpl"}-${index}`;
  const head = {
    id,
    object: api === "chat" ? "chat.completion.chunk" : "text_completion",
    created: st.created++,
    model,
  };
  const usageNull = includeUsage && !opts.noUsage ? { usage: null } : {};
  const send = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`);
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
  });
  if (api === "chat")
    send({
      ...head,
      choices: [
        {
          index: 0,
          delta: { role: "assistant", content: "" },
          logprobs: null,
          finish_reason: null,
        },
      ],
      ...usageNull,
    });
  let keepAlive: NodeJS.Timeout | null = null;
  if (opts.keepAliveMs && opts.keepAliveMs > 0)
    keepAlive = setInterval(() => res.write(": keep-alive\n\n"), opts.keepAliveMs);
  const half = Math.floor(maxTokens / 2);
  let n = 0;
  const token = () => {
    if (isFinished()) return;
    if (keepAlive) {
      clearInterval(keepAlive);
      keepAlive = null;
    }
    if (n === half && fault === "cut") {
      finish("cut");
      res.socket?.destroy();
      return;
    }
    if (n === half && fault === "malformed") {
      res.write('data: {"id":"' + id + '","choices":[{"index":0,"delta":{"content":" tok\n\n');
      res.write("data: [DONE]\n\n");
      finish("malformed");
      res.end();
      return;
    }
    n++;
    const last = n === maxTokens;
    const choice =
      api === "chat"
        ? {
            index: 0,
            delta: { content: " tok" },
            logprobs: null,
            finish_reason: last ? "length" : null,
          }
        : {
            index: 0,
            text: " tok",
            logprobs: null,
            finish_reason: last ? "length" : null,
            stop_reason: null,
          };
    rec.chunkMs.push(performance.now());
    send({ ...head, choices: [choice], ...usageNull });
    if (!last) {
      later(lat.itlBaseMs + lat.itlPerActiveMs * st.active, token);
      return;
    }
    if (includeUsage && !opts.noUsage)
      send({
        ...head,
        choices: [],
        usage: {
          prompt_tokens: rec.promptTokens,
          total_tokens: rec.promptTokens + maxTokens,
          completion_tokens: maxTokens,
        },
      });
    res.write("data: [DONE]\n\n");
    finish("ok");
    res.end();
  };
  later(lat.ttftBaseMs + lat.ttftPerActiveMs * st.active, token);
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const records: ServerRecord[] = [];
  const log: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const immediates = new Set<NodeJS.Immediate>();
  const later = (ms: number, f: () => void) => {
    // A zero latency is the next turn of the event loop, not a timer (which waits at least 1 ms).
    if (ms <= 0) {
      const i = setImmediate(() => {
        immediates.delete(i);
        f();
      });
      immediates.add(i);
      return;
    }
    const t = setTimeout(() => {
      timers.delete(t);
      f();
    }, ms);
    timers.add(t);
  };
  const st: State = {
    opts,
    model: opts.model ?? "test/model",
    lat: { ...DEFAULT_LATENCY, ...opts.latency },
    records,
    active: 0,
    created: 1_700_000_000,
    later,
  };
  const model = st.model;
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (path !== "/_records") log.push(`${req.method} ${path}`);
    if (
      opts.apiKey !== undefined &&
      path.startsWith("/v1/") &&
      req.headers.authorization !== `Bearer ${opts.apiKey}`
    ) {
      json(res, 401, { error: { message: "invalid api key" } });
      return;
    }
    if (req.method === "GET" && path === "/v1/models") {
      if (opts.notOpenAi) {
        res.writeHead(404, { "content-type": "text/html" });
        res.end("<html><body><h1>404 Not Found</h1></body></html>");
        return;
      }
      json(res, 200, {
        object: "list",
        data: [{ id: model, object: "model", created: 1_700_000_000, owned_by: "vllm" }],
      });
      return;
    }
    if (req.method === "GET" && path === "/_records") {
      // The server's clock, for a test that runs this server in a process of its own.
      json(res, 200, records);
      return;
    }
    if (req.method === "GET" && path === "/version" && !opts.notOpenAi) {
      json(res, 200, { version: opts.version ?? "0.6.3.test" });
      return;
    }
    if (req.method === "POST" && path === "/v1/chat/completions" && !opts.notOpenAi) {
      void generate(st, req, res, "chat");
      return;
    }
    if (req.method === "POST" && path === "/v1/completions" && !opts.notOpenAi) {
      void generate(st, req, res, "completions");
      return;
    }
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<html><body>not found</body></html>");
  });
  server.keepAliveTimeout = 60_000;
  server.on("connection", (s) => {
    s.setNoDelay(true);
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    records,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const i of immediates) clearImmediate(i);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
