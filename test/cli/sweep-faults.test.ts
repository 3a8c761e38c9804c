/**
 * `capplan sweep` under bad input and faults (docs/sweep.md): an endpoint that cannot be used
 * fails before the first level (exit 2, nothing written); server errors, dropped streams,
 * malformed chunks and silence are counted per outcome; the API key appears nowhere; Ctrl-C keeps
 * the completed requests (exit 130).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { run } from "./helpers";
import { startTestServer, type TestServer } from "../sweep/server";

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const tmp = () => mkdtempSync(join(tmpdir(), "capplan-sweep-"));

describe("sweepCommand: an endpoint that cannot be used", () => {
  it("unreachable: plain message, exit 2, no output file", async () => {
    const s = await startTestServer();
    const url = s.url;
    await s.close(); // nothing listens on that port now
    const out = join(tmp(), "out.json");
    const r = await run("sweep", "--url", url, "--model", "m", "--concurrency", "1", "-o", out);
    expect(r.code).toBe(2);
    expect(r.errLines).toHaveLength(1);
    expect(r.err).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\)/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    expect(existsSync(out)).toBe(false);
    expect(r.out).toBe("");
  });

  it("not OpenAI-compatible: exit 2 before any load is sent", async () => {
    server = await startTestServer({ notOpenAi: true });
    const out = join(tmp(), "out.json");
    const r = await run("sweep", "--url", server.url, "--model", "m", "--rate", "5", "-o", out);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is not an OpenAI-compatible endpoint (GET /models answered HTTP 404)");
    expect(server.log).toEqual(["GET /v1/models"]);
    expect(existsSync(out)).toBe(false);
  });

  it("in Chinese with --lang zh", async () => {
    server = await startTestServer({ notOpenAi: true });
    const r = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "m",
      "--rate",
      "5",
      "--lang",
      "zh",
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain("不是 OpenAI 兼容端点");
  });

  it.each([
    [["--model", "m"], "--url is required"],
    [["--url", "http://127.0.0.1:1/v1"], "--model is required"],
    [
      ["--url", "ftp://x", "--model", "m", "--rate", "1"],
      "--url must be an http:// or https:// URL",
    ],
    [["--url", "http://127.0.0.1:1/v1", "--model", "m"], "--concurrency or --rate"],
    [
      ["--url", "http://127.0.0.1:1/v1", "--model", "m", "--concurrency", "1", "--rate", "2"],
      "--concurrency or --rate",
    ],
    [
      ["--url", "http://127.0.0.1:1/v1", "--model", "m", "--concurrency", "0,2"],
      "--concurrency must be a list of positive whole numbers",
    ],
    [
      ["--url", "http://127.0.0.1:1/v1", "--model", "m", "--rate", "1", "--slo", "ttft:p99"],
      "--slo must be METRIC:STAT:MS",
    ],
    [
      [
        "--url",
        "http://127.0.0.1:1/v1",
        "--model",
        "m",
        "--rate",
        "1",
        "--api-key-env",
        "CAPPLAN_NO_SUCH_VAR",
      ],
      "--api-key-env CAPPLAN_NO_SUCH_VAR: the environment variable is not set",
    ],
  ])("usage error %j → exit 2", async (args, msg) => {
    const r = await run("sweep", ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(msg);
    expect(r.out).toBe("");
  });
});

describe("sweepCommand: faults are counted per outcome", () => {
  it("500, 429, a cut stream, a malformed chunk and silence: counts equal the server's", async () => {
    server = await startTestServer({
      latency: { ttftBaseMs: 5, ttftPerActiveMs: 0, itlBaseMs: 2, itlPerActiveMs: 0 },
      faultCycle: ["ok", "500", "ok", "429", "cut", "ok", "malformed", "hang", "ok", "ok"],
    });
    const r = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "test/model",
      "--concurrency",
      "4",
      "--requests",
      "20",
      "--output-tokens",
      "6",
      "--timeout",
      "0.5",
      "--max-error-pct",
      "100",
      "--api",
      "chat",
    );
    expect(r.code).toBe(0);
    const sweep = JSON.parse(r.out).sweeps[0];
    const p = sweep.points[0];
    const serverOk = server.records.filter((x) => x.outcome === "ok").length;
    expect(p.completed).toBe(serverOk);
    expect(p.completed).toBe(10);
    expect(p.failed).toBe(10);
    expect(p.failedByOutcome).toEqual({
      "500": 2,
      "429": 2,
      disconnected: 2,
      "bad-stream": 2,
      timeout: 2,
    });
    // Per request: the runner's outcome against the server's fault, request by request.
    const map: Record<string, string> = {
      ok: "ok",
      "500": "500",
      "429": "429",
      cut: "disconnected",
      malformed: "bad-stream",
      hang: "timeout",
    };
    const want = server.records.map((x) => map[x.fault]).sort();
    expect(sweep.requests.map((q: { outcome: string }) => q.outcome).sort()).toEqual(want);
    // 50 % failed > the default 5 %: a second level would not have been run.
    const again = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "test/model",
      "--concurrency",
      "2,4",
      "--requests",
      "10",
      "--output-tokens",
      "4",
      "--timeout",
      "0.5",
    );
    expect(again.code).toBe(0);
    const s2 = JSON.parse(again.out).sweeps[0];
    expect(s2.points.map((x: { concurrency: number }) => x.concurrency)).toEqual([2]);
    expect(again.err).toMatch(
      /concurrency 2: 50\.0 % of requests failed \(more than 5 %\): saturation reached/,
    );
  }, 20_000);

  it("--slo missed by more than 2× ends the sweep after that level", async () => {
    server = await startTestServer({
      latency: { ttftBaseMs: 5, ttftPerActiveMs: 60, itlBaseMs: 1, itlPerActiveMs: 0 },
    });
    // TTFT ≈ 5 + 60 × active: ~65 ms at 1 (< 2 × 80 ms), ~245 ms at 4 (> 2 × 80 ms), 16 never runs.
    const r = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "test/model",
      "--concurrency",
      "1,4,16",
      "--requests",
      "8",
      "--output-tokens",
      "3",
      "--slo",
      "ttft:p50:80",
    );
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out).sweeps[0];
    expect(s.points.map((x: { concurrency: number }) => x.concurrency)).toEqual([1, 4]);
    expect(r.err).toMatch(
      /concurrency 4: P50 TTFT is [\d.]+ ms, more than twice the SLO \(80 ms\)/,
    );
  }, 20_000);

  it("no usage from the server: tokens counted, with a warning", async () => {
    server = await startTestServer({
      noUsage: true,
      latency: { ttftBaseMs: 2, itlBaseMs: 1, ttftPerActiveMs: 0, itlPerActiveMs: 0 },
    });
    const r = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "test/model",
      "--concurrency",
      "2",
      "--requests",
      "4",
      "--output-tokens",
      "5",
      "--input-tokens",
      "9",
    );
    expect(r.code).toBe(0);
    const p = JSON.parse(r.out).sweeps[0].points[0];
    expect(p.meanOutputTokens).toBe(5);
    expect(p.meanInputTokens).toBe(9);
    expect(r.err).toContain("warning: concurrency 2: the server sent no usage for 4 request(s)");
  });
});

describe("sweepCommand: --prompts", () => {
  it("sends the prompts in turn with their output lengths; a bad line names file and line", async () => {
    server = await startTestServer({
      latency: { ttftBaseMs: 2, itlBaseMs: 1, ttftPerActiveMs: 0, itlPerActiveMs: 0 },
    });
    const dir = tmp();
    const file = join(dir, "prompts.jsonl");
    writeFileSync(
      file,
      '{"prompt": "one two three", "output_tokens": 4}\n\n{"prompt": "a b c d e", "output_tokens": 2, "input_tokens": 5}\n',
    );
    const r = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "test/model",
      "--concurrency",
      "1",
      "--requests",
      "4",
      "--prompts",
      file,
    );
    expect(r.code, r.err).toBe(0);
    expect(server.records.map((x) => [x.promptTokens, x.maxTokens])).toEqual([
      [3, 4],
      [5, 2],
      [3, 4],
      [5, 2],
    ]);
    const reqs = JSON.parse(r.out).sweeps[0].requests;
    expect(reqs.map((q: { requestedOutputTokens: number }) => q.requestedOutputTokens)).toEqual([
      4, 2, 4, 2,
    ]);
    expect(JSON.parse(r.out).sweeps[0].points[0].meanOutputTokens).toBe(3);
    writeFileSync(file, '{"prompt": "x", "output_tokens": 1}\n{"prompt": 3}\n');
    const bad = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "m",
      "--concurrency",
      "1",
      "--prompts",
      file,
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`${file}:2: needs "prompt" (text) and "output_tokens"`);
    // A FIFO as the prompts file is refused at once (it would block a plain read for ever).
    const fifo = join(dir, "prompts.fifo");
    execFileSync("mkfifo", [fifo]);
    const t = Date.now();
    const blocked = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "m",
      "--concurrency",
      "1",
      "--prompts",
      fifo,
    );
    expect(blocked.code).toBe(2);
    expect(blocked.err).toMatch(/cannot read the prompts \(.*(fifo|regular)/i);
    expect(Date.now() - t).toBeLessThan(10_000);
  });
});

describe("sweepCommand: the API key", () => {
  it("is sent as a bearer token and never written to the output, the archive, stderr or errors", async () => {
    const KEY = "sk-capplan-test-0f3a9c1e";
    process.env.CAPPLAN_TEST_KEY = KEY;
    server = await startTestServer({
      apiKey: KEY,
      latency: { ttftBaseMs: 2, itlBaseMs: 1, ttftPerActiveMs: 0, itlPerActiveMs: 0 },
    });
    const dir = tmp();
    const out = join(dir, "out.json");
    const url = server.url.replace("http://", "http://alice:pw-secret@");
    const r = await run(
      "sweep",
      "--url",
      url,
      "--model",
      "test/model",
      "--concurrency",
      "2",
      "--requests",
      "4",
      "--output-tokens",
      "3",
      "--api-key-env",
      "CAPPLAN_TEST_KEY",
      "--archive",
      join(dir, "runs"),
      "-o",
      out,
    );
    expect(r.code).toBe(0);
    expect(server.records.every((x) => x.authorization === `Bearer ${KEY}`)).toBe(true);
    const texts = [
      r.out,
      r.err,
      readFileSync(out, "utf8"),
      ...readdirSync(join(dir, "runs")).map((f) => readFileSync(join(dir, "runs", f), "utf8")),
    ];
    expect(texts).toHaveLength(4);
    for (const t of texts) {
      expect(t).not.toContain(KEY);
      expect(t).not.toContain("pw-secret");
    }
    const meta = JSON.parse(readFileSync(out, "utf8")).sweeps[0].meta;
    expect(meta.endpoint).toBe(server.url);
    expect(meta.commandLine).toContain("--api-key-env CAPPLAN_TEST_KEY");
    // Without the key the endpoint refuses: exit 2, and the message has no key either.
    const refused = await run("sweep", "--url", server.url, "--model", "test/model", "--rate", "1");
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      "refused the request (HTTP 401): give the API key with --api-key-env VAR",
    );
    delete process.env.CAPPLAN_TEST_KEY;
  });
});

describe("sweepCommand: Ctrl-C", () => {
  it("keeps every completed request, marks the level partial and exits 130", async () => {
    server = await startTestServer({
      latency: { ttftBaseMs: 10, ttftPerActiveMs: 0, itlBaseMs: 5, itlPerActiveMs: 0 },
    });
    const out = join(tmp(), "out.json");
    const child = spawn(
      process.execPath,
      [
        "bin/capplan.mjs",
        "sweep",
        "--url",
        server.url,
        "--model",
        "test/model",
        "--concurrency",
        "2,4",
        "--requests",
        "100000",
        "--output-tokens",
        "10",
        "-o",
        out,
      ],
      { cwd: join(__dirname, "../.."), stdio: ["ignore", "pipe", "pipe"] },
    );
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    // Wait until the server has completed some requests of the first level, then interrupt.
    const t0 = Date.now();
    while (server.records.filter((x) => x.outcome === "ok").length < 6 && Date.now() - t0 < 60_000)
      await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
    expect(code, err).toBe(130);
    const sweep = JSON.parse(readFileSync(out, "utf8")).sweeps[0];
    const okServer = server.records.filter((x) => x.outcome === "ok").length;
    expect(sweep.levels).toEqual([{ concurrency: 2, requestRate: null, partial: true }]);
    expect(sweep.points).toHaveLength(1);
    expect(sweep.points[0]).toMatchObject({ concurrency: 2, partial: true, failed: 0 });
    // Every request the server completed is in the file (none in flight is counted as failed).
    expect(sweep.points[0].completed).toBe(okServer);
    expect(err).toContain("interrupted (Ctrl-C)");
  }, 90_000);
});
