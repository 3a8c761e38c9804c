/**
 * One streamed request of `capplan sweep` (docs/sweep.md): server errors, dropped streams,
 * malformed chunks and silence are counted per outcome, and the API key is sent as a bearer token
 * but appears nowhere in what the sweep writes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runLine } from "../helpers";
import { flat, tmp, useServer } from "../../sweep/use-server";

const server = useServer();

describe("streamOnce", () => {
  it("500, 429, a cut stream, a malformed chunk and silence: counts equal the server's", async () => {
    const s = await server.start({
      ...flat(5, 2),
      faultCycle: ["ok", "500", "ok", "429", "cut", "ok", "malformed", "hang", "ok", "ok"],
    });
    const r = await runLine(
      `sweep --url ${s.url} --model test/model --concurrency 4 --requests 20 --output-tokens 6 --timeout 0.5 --max-error-pct 100 --api chat`,
    );
    expect(r.code).toBe(0);
    const sweep = JSON.parse(r.out).sweeps[0];
    const p = sweep.points[0];
    const served = s.records.filter((x) => x.outcome === "ok").length;
    const byOutcome = { "500": 2, "429": 2, disconnected: 2, "bad-stream": 2, timeout: 2 };
    expect([p.completed, p.failed, p.failedByOutcome]).toEqual([served, 10, byOutcome]);
    expect(served).toBe(10);
    // Per request: the runner's outcome against the server's fault, request by request.
    const map: Record<string, string> = {
      cut: "disconnected",
      malformed: "bad-stream",
      hang: "timeout",
    };
    const want = s.records.map((x) => map[x.fault] ?? x.fault).sort();
    expect(sweep.requests.map((q: { outcome: string }) => q.outcome).sort()).toEqual(want);
    // 50 % failed > the default 5 %: a second level would not have been run.
    const again = await runLine(
      `sweep --url ${s.url} --model test/model --concurrency 2,4 --requests 10 --output-tokens 4 --timeout 0.5`,
    );
    const s2 = JSON.parse(again.out).sweeps[0];
    expect([again.code, s2.points.map((x: { concurrency: number }) => x.concurrency)]).toEqual([
      0,
      [2],
    ]);
    expect(again.err).toMatch(
      /concurrency 2: 50\.0 % of requests failed \(more than 5 %\): saturation reached/,
    );
  }, 20_000);

  it("sends the API key as a bearer token and never writes it to the output, the archive, stderr or errors", async () => {
    const KEY = "sk-capplan-test-0f3a9c1e";
    process.env.CAPPLAN_TEST_KEY = KEY;
    const s = await server.start({ apiKey: KEY, ...flat(2, 1) });
    const dir = tmp();
    const out = join(dir, "out.json");
    const url = s.url.replace("http://", "http://alice:pw-secret@");
    const r = await runLine(
      `sweep --url ${url} --model test/model --concurrency 2 --requests 4 --output-tokens 3 --api-key-env CAPPLAN_TEST_KEY --archive ${join(dir, "runs")} -o ${out}`,
    );
    expect(r.code).toBe(0);
    expect(s.records.every((x) => x.authorization === `Bearer ${KEY}`)).toBe(true);
    const texts = [
      r.out,
      r.err,
      readFileSync(out, "utf8"),
      ...readdirSync(join(dir, "runs")).map((f) => readFileSync(join(dir, "runs", f), "utf8")),
    ];
    expect(texts).toHaveLength(4);
    for (const t of texts) for (const secret of [KEY, "pw-secret"]) expect(t).not.toContain(secret);
    const meta = JSON.parse(readFileSync(out, "utf8")).sweeps[0].meta;
    const commandLine = expect.stringContaining("--api-key-env CAPPLAN_TEST_KEY");
    expect(meta).toMatchObject({ endpoint: s.url, commandLine });
    // Without the key the endpoint refuses: exit 2, and the message has no key either.
    const refused = await runLine(`sweep --url ${s.url} --model test/model --rate 1`);
    const why = "refused the request (HTTP 401): give the API key with --api-key-env VAR";
    expect([refused.code, refused.err]).toEqual([2, expect.stringContaining(why)]);
    delete process.env.CAPPLAN_TEST_KEY;
  });
});
