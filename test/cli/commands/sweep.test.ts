/**
 * `capplan sweep` against the test server (test/sweep/server.ts): what the runner measures is
 * checked against the server's own clock per request, and its counts against the server's
 * outcomes (docs/sweep.md).
 */
import { cpus, loadavg } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { percentileSorted } from "../../../src/engine/curve/stats";
import { runLine } from "../helpers";
import type { ServerRecord } from "../../sweep/server";
import { spawnTestServer, type SpawnedServer } from "../../sweep/spawn";

let server: SpawnedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function pct(xs: number[], q: number): number {
  return percentileSorted(Float64Array.from(xs).sort(), q);
}

/** The server's TTFT and ITL samples of its successful requests. */
function serverSamples(recs: ServerRecord[]) {
  const ttft: number[] = [];
  const itl: number[] = [];
  for (const r of recs) {
    if (r.outcome !== "ok" || !r.chunkMs.length) continue;
    ttft.push(r.chunkMs[0]! - r.arrivalMs);
    for (let i = 1; i < r.chunkMs.length; i++) itl.push(r.chunkMs[i]! - r.chunkMs[i - 1]!);
  }
  return { ttft, itl };
}

/**
 * The runner's tolerance: 5 % + 2 ms of the server's clock. On a busy machine every wake-up of
 * either process waits for a core, which no client can measure around. Busy means the load average
 * is above 1.5 per core (as when many test files run at once) or this process's timers, sampled
 * every 5 ms during the run, were late by more than 2 ms at p99 (a burst of neighbours that the
 * one-minute load average has not caught up with yet). There the slack is 2 ms plus twice that
 * p99 (the wake-ups the server and the runner each wait for), and the test prints it.
 */
const SATURATED = loadavg()[0]! > 1.5 * cpus().length;

/** Sample timer lateness every 5 ms until stopped; returns its p99 in ms. */
function lagSampler(): () => number {
  const late: number[] = [];
  let on = true;
  const tick = (due: number) =>
    setTimeout(() => {
      late.push(Math.max(0, performance.now() - due));
      if (on) tick(performance.now() + 5);
    }, 5);
  tick(performance.now() + 5);
  return () => {
    on = false;
    return late.length ? pct(late, 99) : 0;
  };
}

describe("sweepCommand", () => {
  // Timing on a shared machine: a busy neighbour can delay one read by several ms, so a miss is
  // retried (retry: 2); every attempt compares against the server's own clock.
  it("--concurrency 1,4,16: TTFT and ITL percentiles within 5 % + 2 ms of the server's clock", {
    timeout: 30_000,
    retry: 2,
  }, async () => {
    server = await spawnTestServer({
      latency: { ttftBaseMs: 40, ttftPerActiveMs: 1, itlBaseMs: 8, itlPerActiveMs: 0.25 },
    });
    const lag = lagSampler();
    const r = await runLine(
      `sweep --url ${server.url} --model test/model --api chat --concurrency 1,4,16 --requests 24 --output-tokens 8 --input-tokens 7`,
    );
    const lagP99 = lag();
    const busy = SATURATED || lagP99 > 2;
    const slack = busy ? 2 + 2 * lagP99 : 2;
    if (busy)
      console.warn(
        `sweep accuracy: busy machine (load ${loadavg()[0]}), timer lateness p99 ${lagP99.toFixed(1)} ms, tolerance 5 % + ${slack.toFixed(1)} ms`,
      );
    const within = (measured: number, truth: number) =>
      Math.abs(measured - truth) <= 0.05 * truth + slack;
    expect(r.code).toBe(0);
    const sweep = JSON.parse(r.out).sweeps[0];
    const meta = { model: "test/model", engine: "vllm", engineVersion: "0.6.3.test" };
    expect(sweep).toMatchObject({ source: { format: "capplan-sweep" }, meta });
    expect(sweep.points.map((p: { concurrency: number }) => p.concurrency)).toEqual([1, 4, 16]);
    // The server saw the requests in level order: 24 per level.
    const records = await server.records();
    expect(records).toHaveLength(72);
    for (let lvl = 0; lvl < 3; lvl++) {
      const p = sweep.points[lvl];
      const recs = records.slice(lvl * 24, lvl * 24 + 24);
      const truth = serverSamples(recs);
      const counts = { completed: 24, failed: 0, meanInputTokens: 7, meanOutputTokens: 8 };
      expect(p).toMatchObject(counts);
      for (const q of [50, 90, 99])
        for (const [m, got] of [
          ["ttft", p.ttftMs],
          ["itl", p.itlMs],
        ] as const) {
          const [key, want] = [`p${q}`, pct(truth[m], q)];
          expect(
            within(got[key], want),
            `c=${p.concurrency} ${m} ${key}: ${got[key]} vs ${want}`,
          ).toBe(true);
        }
    }
    // The role chunk came at once; a runner timing it would have TTFT ≈ 0, not ≥ 15 ms.
    expect(sweep.points[0].ttftMs.min).toBeGreaterThan(40);
    // Every request asked for usage and streaming.
    expect(records.every((x) => x.includeUsage)).toBe(true);
  });

  it("--rate: Poisson arrivals at the server with an inter-arrival CV of about 1 at the offered rate", async () => {
    server = await spawnTestServer({
      latency: { ttftBaseMs: 5, ttftPerActiveMs: 0, itlBaseMs: 2, itlPerActiveMs: 0 },
    });
    const lag = lagSampler();
    const r = await runLine(
      `sweep --url ${server.url} --model test/model --rate 120 --requests 300 --output-tokens 4 --input-tokens 3 --seed 7`,
    );
    expect(r.code).toBe(0);
    const arr = (await server.records()).map((x) => x.arrivalMs);
    const gaps = arr.slice(1).map((t, i) => t - arr[i]!);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - mean) ** 2, 0) / (gaps.length - 1));
    // Exponential gaps have CV 1; 299 of them estimate it within ±0.15 (about 2.5 standard errors).
    // When the machine stalls a process for longer than half a mean gap (timer lateness p99),
    // arrivals bunch at the server whatever the client does: then only the lower bound holds.
    const lagP99 = lag();
    const stalled = lagP99 > mean / 2;
    if (stalled)
      console.warn(
        `sweep Poisson: timer lateness p99 ${lagP99.toFixed(1)} ms > half the mean gap: CV ${(sd / mean).toFixed(2)} not bounded above`,
      );
    expect(sd / mean).toBeGreaterThan(0.85);
    // 299 gaps of mean 1000/120 ms: the achieved rate is the offered one within sampling noise.
    if (!stalled) {
      expect(sd / mean).toBeLessThan(1.15);
      expect(1000 / mean).toBeGreaterThan(100);
      expect(1000 / mean).toBeLessThan(140);
    }
    const p = JSON.parse(r.out).sweeps[0].points[0];
    expect(p).toMatchObject({ concurrency: null, requestRate: 120, completed: 300, failed: 0 });
  }, 30_000);
});

describe("sweepCommand: usage errors", () => {
  const U = "--url http://127.0.0.1:1/v1 --model m";
  it.each([
    ["--model m", "--url is required"],
    ["--url http://127.0.0.1:1/v1", "--model is required"],
    ["--url ftp://x --model m --rate 1", "--url must be an http:// or https:// URL"],
    [U, "--concurrency or --rate"],
    [`${U} --concurrency 1 --rate 2`, "--concurrency or --rate"],
    [`${U} --concurrency 0,2`, "--concurrency must be a list of positive whole numbers"],
    [`${U} --rate 1 --slo ttft:p99`, "--slo must be METRIC:STAT:MS"],
    [
      `${U} --rate 1 --api-key-env CAPPLAN_NO_SUCH_VAR`,
      "--api-key-env CAPPLAN_NO_SUCH_VAR: the environment variable is not set",
    ],
  ])("sweep %s → exit 2: %s", async (args, msg) => {
    const r = await runLine(`sweep ${args}`);
    expect([r.code, r.out, r.err]).toEqual([2, "", expect.stringContaining(msg)]);
  });
});
