/**
 * Bench case of `capplan sweep` (run by test/bench/run.mjs --only sweep, or with every area): the
 * runner's own cost. The test server (test/sweep/serve.ts) runs in a process of its own with
 * TTFT 20 ms and ITL 5 ms whatever the load; the runner (bin/capplan.mjs, its own process) keeps 256
 * streams open; its ITL p50 is compared with the server's ITL p50 of the same requests (target:
 * within 5 %). On a saturated machine the gap measures the machine, not the runner: RESULTS.md
 * records the load average beside it. Then the runner against one Locust worker on a zero-latency
 * server (./sweep-vs-locust.mjs).
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { runnerVsLocust } from "./sweep-vs-locust.mjs";

const p50 = (xs) => {
  const s = Float64Array.from(xs).sort();
  const h = (s.length - 1) / 2;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * (s[Math.min(lo + 1, s.length - 1)] - s[lo]);
};

export async function run(ctx) {
  const { root, node, tmp, quick, row, log } = ctx;
  log("bench: sweep runner start");
  execFileSync(node, [join(root, "scripts/build-cli.mjs")]);
  const serve = join(tmp, "serve.mjs");
  await build({
    entryPoints: [join(root, "test/sweep/serve.ts")],
    outfile: serve,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "error",
  });
  const recordsFile = join(tmp, "server-records.json");
  const opts = { latency: { ttftBaseMs: 20, ttftPerActiveMs: 0, itlBaseMs: 5, itlPerActiveMs: 0 } };
  const server = spawn(node, [serve, JSON.stringify(opts), recordsFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.trim());
    });
  });
  const conc = 256;
  const requests = quick ? 512 : 1024;
  const outFile = join(tmp, "sweep.json");
  const load = loadavg()[0];
  execFileSync(
    node,
    [
      join(root, "bin/capplan.mjs"),
      "sweep",
      "--url",
      url,
      "--model",
      "test/model",
      "--concurrency",
      String(conc),
      "--requests",
      String(requests),
      "--output-tokens",
      "64",
      "--input-tokens",
      "16",
      "--timeout",
      "120",
      "-o",
      outFile,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  await new Promise((resolve) => {
    server.on("exit", resolve);
    server.kill("SIGTERM");
  });
  const sweep = JSON.parse(readFileSync(outFile, "utf8")).sweeps[0];
  const mine = sweep.points[0].itlMs.p50;
  const recs = JSON.parse(readFileSync(recordsFile, "utf8")).filter((r) => r.outcome === "ok");
  const gaps = [];
  for (const r of recs)
    for (let i = 1; i < r.chunkMs.length; i++) gaps.push(r.chunkMs[i] - r.chunkMs[i - 1]);
  const theirs = p50(gaps);
  const off = Math.abs(mine / theirs - 1);
  row({
    case: `capplan sweep's own cost: ${conc} concurrent streams, ITL 5 ms, ${requests} requests × 64 tokens (load average ${load.toFixed(1)} at the start)`,
    value: `runner ITL p50 ${mine.toFixed(2)} ms vs server ${theirs.toFixed(2)} ms (${(off * 100).toFixed(1)} % apart); ${sweep.points[0].rps.toFixed(0)} req/s, ${sweep.points[0].outputTokensPerSec.toFixed(0)} tok/s`,
    baseline: "the server's own clock",
    ratio: mine / theirs,
    target: "within 5 %",
    met: off <= 0.05,
  });
  await runnerVsLocust(ctx, serve);
}
