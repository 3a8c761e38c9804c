/**
 * `capplan history` on an archive written by `capplan sweep --archive` against the test server:
 * a slower server regresses the latest run (exit 1), a faster one does not (exit 0).
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, runLine, tmpDir, writeTmp } from "../helpers";
import { startTestServer } from "../../sweep/server";

async function sweepInto(dir: string, ttftBaseMs: number): Promise<void> {
  const s = await startTestServer({
    latency: { ttftBaseMs, ttftPerActiveMs: 0, itlBaseMs: 1, itlPerActiveMs: 0 },
  });
  const r = await runLine(
    `sweep --url ${s.url} --model test/model --concurrency 1,2 --requests 6 --output-tokens 3 --archive ${dir} --meta gpu=H100`,
  );
  await s.close();
  expect(r.code).toBe(0);
  await new Promise((res) => setTimeout(res, 5)); // distinct dates in the file names
}

describe("historyCommand", () => {
  it("exit 1 when the latest run is slower beyond the threshold, 0 when it is not", async () => {
    const dir = tmpDir("capplan-history-");
    await sweepInto(dir, 10);
    await sweepInto(dir, 60);
    expect(readdirSync(dir)).toHaveLength(2);
    const slower = await run("history", dir, "--metric", "ttft.p50");
    expect(slower.code).toBe(1);
    for (const text of ["ttft.p50 at concurrency 2", "⚠ regression"])
      expect(slower.out).toContain(text);
    const json = JSON.parse((await run("history", dir, "--json", "--at", "concurrency=1")).out);
    const deployment = { model: "test/model", engine: "vllm", gpu: "H100", regression: true };
    expect(json.deployments).toEqual([expect.objectContaining(deployment)]);
    // The second server waits 60 ms before its first token: no client can see it sooner. The first
    // run's 10 ms may read far later on a loaded machine (timers fire late), so the check is the
    // floor and the order, not a fixed gap.
    expect(json.deployments[0].runs[1].value).toBeGreaterThanOrEqual(60);
    expect(json.deployments[0].runs[1].value).toBeGreaterThan(json.deployments[0].runs[0].value);
    await sweepInto(dir, 10);
    const faster = await run("history", dir, "--metric", "ttft.p50");
    expect(faster.code, faster.out).toBe(0);
    expect(faster.out).toContain("No regression in the latest runs (threshold 5 %).");
  }, 30_000);

  it.each([
    [["history"], "usage: capplan history"],
    [["history", "/no/such/dir"], "/no/such/dir: cannot read the archive (ENOENT)"],
    [["history", ".", "--metric", "speed"], "--metric must be metric.stat"],
    [["history", ".", "--at", "c=3"], "--at must be concurrency=N or rate=R"],
  ])("%j → exit 2", async (args, msg) => {
    const r = await run(...args);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining(msg)]);
  });

  it("an archive with a file that is not a run: exit 2 naming it", async () => {
    const dir = tmpDir("capplan-history-");
    writeTmp("{ not json", "x.json", dir);
    const r = await run("history", dir);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining("x.json")]);
  });
});

describe("historyCommand: hostile archives", () => {
  it("refuses a FIFO named like a run (no hang) and names it; exit 2", async () => {
    const dir = tmpDir("capplan-history-fifo-");
    execFileSync("mkfifo", [join(dir, "2026-01-01-run.json")]);
    const t = Date.now();
    const r = await run("history", dir);
    const named = expect.stringMatching(/2026-01-01-run\.json: cannot read \(.*(fifo|regular)/i);
    expect([r.code, r.err]).toEqual([2, named]);
    expect(Date.now() - t).toBeLessThan(10_000);
  });
});
