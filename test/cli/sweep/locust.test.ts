/**
 * `capplan sweep --locustfile` (src/cli/sweep/locust.ts): the generated locustfile runs on Locust
 * in master/worker mode (one master, two workers on 127.0.0.1) against the test server, its
 * per-request records import into one sweep, and that sweep agrees with the server's own records.
 * Needs Locust (Debian: `apt-get install -y python3-locust`); skipped with that message without it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { percentileSorted } from "../../../src/engine/curve/stats";
import { run, runLine, tmpDir } from "../helpers";
import { words } from "../../words";
import { startTestServer, type TestServer } from "../../sweep/server";

const LOCUST = spawnSync("locust", ["--version"], { encoding: "utf8" }).status === 0;
if (!LOCUST)
  console.warn(
    "locust is not installed: the Locust test is skipped (apt-get install -y python3-locust)",
  );

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

const pct = (xs: number[], q: number) => percentileSorted(Float64Array.from(xs).sort(), q);

let server: TestServer | null = null;
afterAll(() => server?.close());

describe("locustfileOf", () => {
  it("needs closed-loop levels", async () => {
    const r = await runLine(
      `sweep --url http://127.0.0.1:9/v1 --model m --rate 1 --locustfile ${join(tmpdir(), "x.py")}`,
    );
    const closedLoop = "--locustfile must be used with --concurrency";
    expect([r.code, r.err]).toEqual([2, expect.stringContaining(closedLoop)]);
  });

  it.skipIf(!LOCUST)(
    "one master and two workers: the records import into one sweep that matches the server",
    async () => {
      server = await startTestServer({
        latency: { ttftBaseMs: 20, ttftPerActiveMs: 1, itlBaseMs: 5, itlPerActiveMs: 0.2 },
        // Every tenth request fails with HTTP 500: Locust's failures and the records' must agree.
        faultCycle: ["ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok", "500"],
      });
      const dir = tmpDir("capplan-locust-");
      const file = join(dir, "locustfile.py");
      const g = await runLine(
        `sweep --url ${server.url} --model test/model --api chat --concurrency 2,4 --duration 3 --output-tokens 6 --input-tokens 5 --locustfile ${file}`,
      );
      expect(g.code, g.err).toBe(0);
      expect(readFileSync(file, "utf8")).not.toContain("@@CONFIG@@");
      const port = await freePort();
      const common = { cwd: dir, stdio: ["ignore", "ignore", "pipe"] as ("ignore" | "pipe")[] };
      // The server's 500s are part of the test: they must not make Locust exit 1 (--exit-code-on-error 0).
      const masterArgs = `-f ${file} --headless --master --expect-workers 2 --master-bind-host 127.0.0.1
        --master-bind-port ${port} --csv run --only-summary --exit-code-on-error 0`;
      const master = spawn("locust", words(masterArgs), common);
      const workerArgs = `-f ${file} --worker --master-host 127.0.0.1 --master-port ${port}`;
      const workers = [0, 1].map(() => spawn("locust", words(workerArgs), common));
      let err = "";
      master.stderr!.on("data", (d) => (err += d));
      const code = await new Promise<number | null>((res) => {
        const t = setTimeout(() => master.kill("SIGTERM"), 60_000);
        master.on("exit", (c) => {
          clearTimeout(t);
          res(c);
        });
      });
      for (const w of workers) if (w.exitCode === null) w.kill("SIGTERM");
      const errors = err.split("\n").filter((l) => /error|Error|exit|Traceback/.test(l));
      expect(code, errors.join("\n").slice(0, 3000)).toBe(0);
      const records = join(dir, "capplan-records.jsonl");
      expect(existsSync(records), err.slice(-2000)).toBe(true);
      const lines = readFileSync(records, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      // Both workers' requests are in the master's file.
      expect(new Set(lines.map((l) => l.worker)).size).toBe(2);
      // Every request the server finished is recorded once (none lost between worker and master).
      const serverOk = server.records.filter((x) => x.outcome === "ok");
      const recordedOk = lines.filter((l) => l.outcome === "ok");
      expect(Math.abs(recordedOk.length - serverOk.length)).toBeLessThanOrEqual(4); // in flight at the stop
      const imp = await run("import", records, "--json");
      expect(imp.code, imp.err).toBe(0);
      const sweeps = JSON.parse(imp.out).sweeps;
      const s = sweeps[0];
      const levels = s.points.map((p: { concurrency: number }) => p.concurrency);
      const got = [sweeps.length, s.source.format, s.meta.workers, levels];
      expect(got).toEqual([1, "capplan-locust-records", 2, [2, 4]]);
      const counted = lines.filter((l) => !l.warmup);
      expect(s.points.reduce((n: number, p: { completed: number }) => n + p.completed, 0)).toBe(
        counted.filter((l) => l.outcome === "ok").length,
      );
      for (const p of s.points) expect(p.meanOutputTokens).toBe(6);
      // TTFT against the server's clock (a Python client on a shared machine: 20 % + 10 ms).
      const srvTtft = serverOk.map((x) => x.chunkMs[0]! - x.arrivalMs);
      const recTtft = recordedOk.map((l) => l.chunks[0] as number);
      expect(Math.abs(pct(recTtft, 50) - pct(srvTtft, 50))).toBeLessThanOrEqual(
        0.2 * pct(srvTtft, 50) + 10,
      );
      // Locust's own statistics carry the TTFT events, one per successful request.
      const stats = readFileSync(join(dir, "run_stats.csv"), "utf8");
      const ttftRow = stats.split("\n").find((l) => l.startsWith("TTFT,"));
      expect(Number(ttftRow?.split(",")[2])).toBe(recordedOk.length);
      // The run's folder (records + Locust's CSVs) imports as one sweep, its counts checked.
      const all = await run("import", dir, "--json");
      expect(all.code, all.err).toBe(0);
      const joined = JSON.parse(all.out).sweeps;
      const j = joined[0];
      const files = j.source.files.map((f: string) => f.split("/").pop()).sort();
      const csvs = words("run_exceptions.csv run_failures.csv run_stats.csv run_stats_history.csv");
      expect([joined.length, j.source.format, files]).toEqual([
        1,
        "capplan-locust-records",
        ["capplan-records.jsonl", ...csvs],
      ]);
      expect(j.points).toEqual(s.points);
      expect(all.err).not.toContain("Locust counts");
      // Locust's counts against the server's own: every request it answered (4 may be cut at the stop).
      const served500 = server.records.filter((x) => x.outcome === "500").length;
      expect(served500).toBeGreaterThan(0);
      expect(Math.abs(j.meta.locustRequests - server.records.length)).toBeLessThanOrEqual(4);
      expect(Math.abs(j.meta.locustFailures - served500)).toBeLessThanOrEqual(4);
      // …and the sweep's failed requests are the records' 500s, not counting warm-up ones.
      const failed = j.points.reduce((n: number, p: { failed?: number }) => n + (p.failed ?? 0), 0);
      expect(failed).toBe(counted.filter((l) => l.outcome === "500").length);
    },
    90_000,
  );
});
