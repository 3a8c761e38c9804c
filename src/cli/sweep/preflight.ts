/**
 * Before the first level (docs/sweep.md "Bad input and faults"): `GET <url>/models` must answer
 * 200 with an OpenAI model list, else the sweep fails with a plain message and exit 2 before any
 * load is sent. The list's `owned_by` names the engine (vLLM and SGLang say so); for those,
 * `GET /version` on the same host gives its version. Nothing here ever prints the headers.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Problem } from "../../engine/base/problems";
import { sweepMessages as M } from "../../import/messages/sweep";
import { type Endpoint, urlOf } from "./client";

interface Answer {
  status: number;
  body: string;
}

/** GET a URL; resolves with the status and body, or an error code (`ECONNREFUSED`, `timeout`). */
function get(ep: Endpoint, url: URL, timeoutMs: number): Promise<Answer | { error: string }> {
  return new Promise((resolve) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    let done = false;
    const finish = (v: Answer | { error: string }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(v);
    };
    const req = send(url, { method: "GET", agent: ep.agent, headers: ep.headers });
    const timer = setTimeout(() => {
      finish({ error: "no answer within the timeout" });
      req.destroy();
    }, timeoutMs);
    req.on("error", (e) => finish({ error: (e as { code?: string }).code ?? "connection error" }));
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        if (body.length < 1_000_000) body += d;
      });
      res.on("end", () => finish({ status: res.statusCode ?? 0, body }));
      res.on("error", () => finish({ error: "connection reset" }));
    });
    req.end();
  });
}

export interface Preflight {
  models: string[];
  engine: string | null;
  engineVersion: string | null;
}

const KNOWN_ENGINES = new Set(["vllm", "sglang", "llamacpp", "tgi"]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Check the endpoint; a problem (error) when it cannot be used. */
export async function preflight(
  ep: Endpoint,
  shownUrl: string,
  timeoutMs: number,
): Promise<{ ok: true; value: Preflight } | { ok: false; problem: Problem }> {
  const a = await get(ep, urlOf(ep, "/models"), timeoutMs);
  if ("error" in a)
    return { ok: false, problem: M.problem("unreachable", { url: shownUrl, reason: a.error }) };
  if (a.status === 401 || a.status === 403)
    return { ok: false, problem: M.problem("unauthorized", { url: shownUrl, status: a.status }) };
  if (a.status !== 200)
    return {
      ok: false,
      problem: M.problem("notOpenAi", {
        url: shownUrl,
        why: `GET /models answered HTTP ${a.status}`,
      }),
    };
  const v = parseJson(a.body) as { data?: unknown } | undefined;
  if (!v || typeof v !== "object" || !Array.isArray(v.data))
    return {
      ok: false,
      problem: M.problem("notOpenAi", { url: shownUrl, why: "GET /models gave no model list" }),
    };
  const data = v.data.filter(
    (m): m is Record<string, unknown> => typeof m === "object" && m !== null,
  );
  const models = data.map((m) => m.id).filter((id): id is string => typeof id === "string");
  const owners = data.map((m) => m.owned_by).filter((o): o is string => typeof o === "string");
  const engine = owners.find((o) => KNOWN_ENGINES.has(o.toLowerCase()))?.toLowerCase() ?? null;
  let engineVersion: string | null = null;
  if (engine === "vllm" || engine === "sglang") {
    const u = new URL(ep.base.href);
    u.pathname = "/version";
    u.search = "";
    const ver = await get(ep, u, Math.min(timeoutMs, 5000));
    if (!("error" in ver) && ver.status === 200) {
      const j = parseJson(ver.body) as { version?: unknown } | undefined;
      if (j && typeof j.version === "string") engineVersion = j.version.slice(0, 100);
    }
  }
  return { ok: true, value: { models, engine, engineVersion } };
}
