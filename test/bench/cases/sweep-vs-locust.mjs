/**
 * Bench: `capplan sweep` against one Locust worker, side by side in one run, on the same
 * zero-latency test server (TTFT and ITL 0: each token on the server's next event-loop turn).
 *
 * Both clients run the same load: closed-loop levels of rising concurrency (LEVELS), the same
 * request bodies (16-word prompts, 8 output tokens, streamed with usage). Locust runs the
 * locustfile `capplan sweep --locustfile` writes, headless, in one process (Locust's local runner
 * is one worker). Each client is pinned to core 0 with `taskset -c 0` and the server to core 1
 * when `taskset` exists, so a client never shares its core with the server.
 *
 * Definitions (also in test/bench/RESULTS.md):
 * - completed rate R of a level: its successful requests over its span (first send → last end),
 *   computed from each client's per-request records with the same code (capplan import);
 * - the client's CPU share u of that level: its process's CPU time (user + system, sampled from
 *   /proc every 100 ms) over the level's span, as a fraction of one core;
 * - highest sustainable rate on one core: at the top level, where the offered load (every user
 *   sends its next request at once, the server answers at once) exceeds what the client can drive,
 *   the completed requests per CPU-second of the client, R / u, i.e. what the client completes
 *   with one whole core. On an idle machine u → 1 there and R / u = R; on a shared machine the
 *   client waits for its core and R alone would measure the neighbours. A level with more than
 *   1 % failed requests is not sustainable and is reported as such.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LEVELS = [16, 64, 256];
const HZ = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
const TASKSET = spawnSync("taskset", ["-c", "0", "true"]).status === 0;
const LOCUST = "/usr/bin/locust";

/** Locust's version: Debian's package reports an empty one to `locust --version`. */
function locustVersion() {
  // `dpkg-query -W PKG` prints "PKG<TAB>VERSION".
  const deb = spawnSync("dpkg-query", ["-W", "python3-locust"], { encoding: "utf8" });
  const ver = deb.status === 0 ? deb.stdout.trim().split("\t")[1] : "";
  if (ver) return `${ver} (Debian)`;
  const v = spawnSync(LOCUST, ["--version"], { encoding: "utf8" }).stdout ?? "";
  return /\d+\.\d+(\.\d+)?/.exec(v)?.[0] ?? "version unknown";
}

/** The command pinned to `core` when taskset exists. */
const pinned = (core, cmd, args) =>
  TASKSET ? ["taskset", ["-c", String(core), cmd, ...args]] : [cmd, args];

/** CPU seconds (user + system) of a process so far, or null when it is gone. */
function cpuSec(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / HZ;
  } catch {
    return null;
  }
}

/** Sample a process's CPU time every 100 ms with the wall clock; `at(t)` interpolates. */
function sampler(pid) {
  const xs = [];
  const take = () => {
    const c = cpuSec(pid);
    if (c !== null) xs.push([Date.now(), c]);
  };
  take();
  const timer = setInterval(take, 100);
  return {
    stop() {
      take();
      clearInterval(timer);
    },
    at(t) {
      if (!xs.length) return 0;
      if (t <= xs[0][0]) return xs[0][1];
      for (let i = 1; i < xs.length; i++)
        if (xs[i][0] >= t) {
          const [t0, c0] = xs[i - 1];
          const [t1, c1] = xs[i];
          return c0 + ((c1 - c0) * (t - t0)) / Math.max(1, t1 - t0);
        }
      return xs[xs.length - 1][1];
    },
  };
}

/** Run a pinned command to its end while sampling its CPU time. */
function runSampled(core, cmd, args, opts, server) {
  const [c, a] = pinned(core, cmd, args);
  const p = spawn(c, a, { stdio: ["ignore", "ignore", "pipe"], ...opts });
  let err = "";
  p.stderr.on("data", (d) => (err += d));
  const mine = sampler(p.pid);
  const theirs = sampler(server.pid);
  return new Promise((resolve, reject) => {
    p.on("exit", (code) => {
      mine.stop();
      theirs.stop();
      if (code !== 0) reject(new Error(`${cmd} exited ${code}: ${err.slice(-1500)}`));
      else resolve({ client: mine, server: theirs });
    });
  });
}

/** The top level's figures: R, u, the server's share, failed share, and R / u. */
function topLevel(points, requests, toWall, cpu) {
  const top = LEVELS[LEVELS.length - 1];
  const p = points.find((x) => x.concurrency === top);
  const mine = requests.filter((r) => r.concurrency === top);
  const t0 = toWall(Math.min(...mine.map((r) => r.start)));
  const t1 = toWall(Math.max(...mine.map((r) => r.end)));
  const sec = (t1 - t0) / 1000;
  const u = (cpu.client.at(t1) - cpu.client.at(t0)) / sec;
  const srv = (cpu.server.at(t1) - cpu.server.at(t0)) / sec;
  const failedPct = (100 * (p.failed ?? 0)) / ((p.failed ?? 0) + p.completed);
  return {
    R: p.rps,
    u,
    srv,
    failedPct,
    perCore: p.rps / u,
    rates: LEVELS.map((c) => points.find((x) => x.concurrency === c)?.rps ?? 0),
  };
}

const f0 = (x) => x.toFixed(0);
const pct = (x) => `${(100 * x).toFixed(0)} %`;

/** Side by side: the row of the bench table. */
export async function runnerVsLocust(ctx, serveFile) {
  const { root, node, tmp, quick, row, notes, log } = ctx;
  if (!existsSync(LOCUST)) {
    notes.push(`sweep vs Locust: skipped, ${LOCUST} is missing (apt-get install python3-locust).`);
    return;
  }
  log("bench: capplan sweep vs one Locust worker, zero-latency server");
  const dir = join(tmp, "vs-locust");
  mkdirSync(dir, { recursive: true });
  const zero = { latency: { ttftBaseMs: 0, ttftPerActiveMs: 0, itlBaseMs: 0, itlPerActiveMs: 0 } };
  const [sc, sa] = pinned(1, node, [serveFile, JSON.stringify(zero)]);
  const server = spawn(sc, sa, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.trim());
    });
  });
  const sec = quick ? 3 : 5;
  const cli = join(root, "bin/capplan.mjs");
  const load = ["--concurrency", LEVELS.join(","), "--output-tokens", "8", "--input-tokens", "16"];
  const common = ["--url", url, "--model", "test/model", ...load, "--duration", String(sec)];
  try {
    // capplan sweep: 50 warm-up requests per level, not counted.
    const out = join(dir, "capplan.json");
    const args = [cli, "sweep", ...common, "--warmup", "50", "--max-error-pct", "100"];
    const cpuA = await runSampled(0, node, [...args, "-o", out], {}, server);
    const a = JSON.parse(readFileSync(out, "utf8")).sweeps[0];
    const t0a = Date.parse(a.meta.date);
    const A = topLevel(a.points, a.requests, (t) => t0a + t, cpuA);

    // One Locust worker with the locustfile capplan writes (its first second per level is warm-up).
    const py = join(dir, "load.py");
    execFileSync(node, [cli, "sweep", ...common, "--locustfile", py], { stdio: "ignore" });
    const records = join(dir, "records.jsonl");
    const largs = ["-f", py, "--headless", "--only-summary", "--exit-code-on-error", "0"];
    const env = { ...process.env, CAPPLAN_RECORDS: records };
    const cpuB = await runSampled(0, LOCUST, largs, { cwd: dir, env }, server);
    const imp = execFileSync(node, [cli, "import", records, "--json"], { encoding: "utf8" });
    const b = JSON.parse(imp).sweeps[0];
    const recs = readFileSync(records, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((r) => !r.warmup);
    const B = topLevel(b.points, recs, (t) => t, cpuB);

    const ratio = A.perCore / B.perCore;
    const sustained = A.failedPct <= 1 && B.failedPct <= 1;
    row({
      case: `Highest sustainable request rate on one core: capplan sweep vs one Locust worker (Locust ${locustVersion()}, its locustfile from --locustfile), same zero-latency test server${TASKSET ? " (clients on core 0, server on core 1, taskset)" : " (taskset missing: not pinned)"}; closed loop ${LEVELS.join(" → ")} users, ${sec} s a level, 16-word prompts, 8 output tokens`,
      value: `capplan ${f0(A.perCore)} req/s per core (measured ${f0(A.R)} req/s at ${LEVELS.at(-1)} users with ${pct(A.u)} of its core, server ${pct(A.srv)}; ${A.rates.map(f0).join(" / ")} req/s by level)`,
      baseline: `Locust ${f0(B.perCore)} req/s per core (measured ${f0(B.R)} req/s with ${pct(B.u)} of its core, server ${pct(B.srv)}; ${B.rates.map(f0).join(" / ")} req/s by level)`,
      ratio,
      target: "≥ 5×",
      met: sustained && ratio >= 5,
    });
    notes.push(
      `Sweep vs Locust: highest sustainable rate on one core = at the top level (${LEVELS.at(-1)} users, where the offered load exceeds what the client drives), the completed requests per CPU-second of the client (R / u: R = successful requests over the level's span from the client's own records, u = the client's CPU time over that span from /proc, as a share of one core); failed share at that level: capplan ${A.failedPct.toFixed(1)} %, Locust ${B.failedPct.toFixed(1)} % (above 1 % it would not count as sustained).`,
    );
  } finally {
    await new Promise((resolve) => {
      server.on("exit", resolve);
      server.kill("SIGTERM");
    });
  }
}
