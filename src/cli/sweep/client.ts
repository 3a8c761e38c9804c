/**
 * One streamed request with Node's own HTTP client (a keep-alive agent per run), timed on
 * `performance.now()` (docs/sweep.md): the send time, each event carrying content (its TCP read's
 * arrival), the end, and the outcome: `ok`, the HTTP status (`"500"`, `"429"`, …), `timeout`,
 * `disconnected` (the connection ended before `[DONE]` or a finish reason) or `bad-stream` (an
 * event that is not JSON, or an error object inside the stream).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { performance } from "node:perf_hooks";
import { chunkOf, SseParser } from "./sse";

export interface Endpoint {
  /** Base URL as given, e.g. `http://127.0.0.1:8000/v1` (no trailing slash). */
  base: URL;
  /** Headers of every request (authorization included; never printed). */
  headers: Record<string, string>;
  agent: HttpAgent;
}

/** An endpoint for `url` with a keep-alive agent of up to `sockets` connections. */
export function endpointOf(url: URL, headers: Record<string, string>, sockets: number): Endpoint {
  const opts = { keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets };
  return {
    base: url,
    headers,
    agent: url.protocol === "https:" ? new HttpsAgent(opts) : new HttpAgent(opts),
  };
}

/** The URL of `path` under the endpoint's base (`/v1` + `/chat/completions`). */
export function urlOf(ep: Endpoint, path: string): URL {
  const u = new URL(ep.base.href);
  u.pathname = `${u.pathname.replace(/\/+$/, "")}${path}`;
  return u;
}

/** What a request measured. Times in ms since its send (`startMs` on the run's clock). */
export interface Sample {
  outcome: string;
  startMs: number;
  endMs: number;
  /** Arrival of each content event, ms after the send. */
  chunks: number[];
  promptTokens?: number;
  completionTokens?: number;
}

/** In-flight requests of a run, to cancel them on Ctrl-C. */
export interface Inflight {
  cancelled: boolean;
  requests: Set<{ destroy(): void }>;
}

function drain(res: IncomingMessage): void {
  res.resume();
  res.on("error", () => {});
}

/**
 * POST `body` to `path` and read the stream. Never rejects: every failure is an outcome.
 * `clock` is the run's clock (ms); `timeoutMs` bounds the whole request.
 */
export function streamOnce(
  ep: Endpoint,
  path: string,
  body: string,
  timeoutMs: number,
  clock: () => number,
  inflight: Inflight,
): Promise<Sample & { cancelled: boolean }> {
  return new Promise((resolve) => {
    const u = urlOf(ep, path);
    const send = u.protocol === "https:" ? httpsRequest : httpRequest;
    const chunks: number[] = [];
    const s: Sample & { cancelled: boolean } = {
      outcome: "disconnected",
      startMs: clock(),
      endMs: 0,
      chunks,
      cancelled: false,
    };
    let settled = false;
    let done = false;
    let finished = false;
    const handle = { destroy: () => req.destroy() };
    const end = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      inflight.requests.delete(handle);
      s.outcome = outcome;
      s.endMs = clock();
      s.cancelled = inflight.cancelled && outcome !== "ok";
      resolve(s);
    };
    const req = send(u, {
      method: "POST",
      agent: ep.agent,
      headers: {
        ...ep.headers,
        "content-type": "application/json",
        accept: "text/event-stream",
        "content-length": Buffer.byteLength(body),
      },
    });
    inflight.requests.add(handle);
    // Small writes go out at once (no Nagle delay between a request and its stream).
    req.on("socket", (sock) => sock.setNoDelay(true));
    const timer = setTimeout(() => {
      end("timeout");
      req.destroy();
    }, timeoutMs);
    req.on("error", () => end("disconnected"));
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        drain(res);
        end(String(res.statusCode ?? 0));
        return;
      }
      res.setEncoding("utf8");
      const parser = new SseParser();
      const take = (events: string[], now: number): boolean => {
        for (const e of events) {
          const c = chunkOf(e);
          if (c.kind === "done") done = true;
          else if (c.kind !== "chunk") return false;
          else {
            if (c.content) chunks.push(now - s.startMs);
            if (c.finish) finished = true;
            if (c.promptTokens !== undefined) s.promptTokens = c.promptTokens;
            if (c.completionTokens !== undefined) s.completionTokens = c.completionTokens;
          }
        }
        return true;
      };
      res.on("data", (text: string) => {
        if (settled) return;
        const now = clock();
        if (!take(parser.push(text), now)) {
          end("bad-stream");
          req.destroy();
        }
      });
      res.on("end", () => {
        if (settled) return;
        if (!take(parser.flush(), clock())) end("bad-stream");
        else end(done || finished ? "ok" : "disconnected");
      });
      res.on("aborted", () => end("disconnected"));
      res.on("error", () => end("disconnected"));
    });
    req.end(body);
  });
}

/** The run's clock: ms since an origin (`performance.now()` based). */
export function runClock(): () => number {
  const t0 = performance.now();
  return () => performance.now() - t0;
}

/**
 * Open up to `n` keep-alive connections before a level (n concurrent `GET /models`), so that the
 * level's first requests do not pay for connection setup in their TTFT, as a pooled production
 * client does not. Failures are ignored: the level's requests will meet them.
 */
export function openConnections(ep: Endpoint, n: number, timeoutMs: number): Promise<void> {
  const u = urlOf(ep, "/models");
  const send = u.protocol === "https:" ? httpsRequest : httpRequest;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = send(u, { method: "GET", agent: ep.agent, headers: ep.headers });
      const timer = setTimeout(() => req.destroy(), timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      req.on("error", done);
      req.on("socket", (sock) => sock.setNoDelay(true));
      req.on("response", (res) => {
        res.resume();
        res.on("end", done);
        res.on("error", done);
      });
      req.end();
    });
  return Promise.all(Array.from({ length: n }, one)).then(() => undefined);
}
