/**
 * One benchmark run in its own process (so that its peak RSS is its own): prints one JSON line
 * { ms, maxRssKB, info }. Invoked by test/bench/run.mjs:
 *   node test/bench/child.mjs <case> <lib.mjs> <input> [extra]
 * Cases: idle, split-csv, split-jsonl, import, import-stats (the points), duckdb, duckdb-stats (its
 * rows; test/bench/duckdb.mjs), trace (readTraceFile, streamed), schedule, parse-folder,
 * import-folder, recalc.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [kind, libPath, input, extra] = process.argv.slice(2);
const lib = await import(pathToFileURL(libPath).href);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Baseline: lines and fields with String.prototype.split and Number, nothing else. */
function splitCsv(text) {
  const lines = text.split("\n");
  let sum = 0;
  let n = 0;
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]) continue;
    const f = lines[i].split(",");
    for (let k = 0; k < f.length; k++) sum += Number(f[k]);
    n++;
  }
  return { rows: n, sum };
}

/** Baseline for JSONL: lines, then `"key":value` fields split on "," and ":"; values through Number. */
function splitJsonl(text) {
  const lines = text.split("\n");
  let sum = 0;
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]) continue;
    const f = lines[i].split(",");
    for (let k = 0; k < f.length; k++) sum += Number(f[k].split(":")[1]) || 0;
    n++;
  }
  return { rows: n, sum };
}

/**
 * A week of 5-minute intervals (2,016) for 20 workloads and 50 SKUs: `alignSchedules` once and
 * `scheduleForSku` per SKU, `runs` times; median ms and a check of the results.
 */
function schedules(runs) {
  const { alignSchedules, scheduleForSku } = lib;
  const n = 7 * 24 * 12;
  const workloads = Array.from({ length: 20 }, (_, w) => ({
    name: `class-${w}`,
    path: `workloads[${w}]`,
    peakRps: 40,
    schedule: {
      intervalSec: 300,
      rps: Array.from({ length: n }, (_, i) => {
        const day = (i % 288) / 288;
        const weekend = Math.floor(i / 288) >= 5 ? 0.6 : 1;
        return (
          Math.round(
            (2 +
              30 * Math.sin(Math.PI * ((day + w / 40) % 1)) ** 2 * weekend +
              ((i * 7919 + w * 104729) % 97) / 50) *
              100,
          ) / 100
        );
      }),
      minReplicas: 1,
      leadIntervals: 2,
    },
  }));
  const skus = Array.from({ length: 50 }, (_, k) => ({
    path: `skus[${k}]`,
    gpusPerReplica: [1, 2, 4, 8][k % 4],
    pricePerGpuHour: 1 + (k % 10) * 0.4,
    reservedPricePerGpuHour: (1 + (k % 10) * 0.4) * 0.6,
    perWorkload: workloads.map((w, j) => ({
      name: w.name,
      outputTokens: 100 + 25 * (j % 7),
      replicaOutputTokensPerSec: 800 + 200 * (k % 17) + 50 * j,
    })),
  }));
  const factors = { elasticity: 1.2, redundancy: { spare: 1 } };
  const times = [];
  let check = null;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const a = alignSchedules(workloads);
    if (!a?.ok) throw new Error("schedules did not align");
    const out = skus.map((s) => scheduleForSku(a.value, s, factors));
    times.push(performance.now() - t);
    if (out.some((o) => !o.ok)) throw new Error("a schedule failed");
    check ??= {
      intervals: a.value.intervals,
      skus: out.length,
      maxReplicas: Math.max(...out.map((o) => o.value.staticReplicas)),
      reserved: out.reduce((x, o) => x + o.value.reservedReplicas, 0),
    };
  }
  return {
    ms: median(times),
    min: Math.min(...times),
    max: Math.max(...times),
    samples: runs,
    check,
  };
}

function readFolder(dir) {
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name: `sweep/${name}`, text: readFileSync(join(dir, name), "utf8") }));
}

function imported(res) {
  if (!res.ok) throw new Error(`import failed: ${JSON.stringify(res.errors.slice(0, 3))}`);
  return { sweeps: res.sweeps.length, points: res.sweeps.reduce((a, s) => a + s.points.length, 0) };
}

/** Full evaluation and the three edits, interleaved, `runs` times; medians in ms. */
function recalc(planPath, runs) {
  const { resolvePlan, computePlan, createPlanEngine } = lib;
  const plan = JSON.parse(readFileSync(planPath, "utf8"));
  const edits = [
    { name: "price cell", path: "cells.price_g3", values: [2.49, 2.79] },
    { name: "SLO threshold", path: "cells.slo_ttft", values: [1200, 1400] },
    {
      name: "team tokens",
      path: "tenants.usage[1234].inputTokens",
      values: [123456789, 223456789],
    },
  ];
  const engines = edits.map(() => createPlanEngine(plan));
  const t = { resolve: [], compute: [], full: [] };
  edits.forEach((e) => (t[e.name] = []));
  let check = null;
  for (let r = 0; r < runs; r++) {
    const a = performance.now();
    const resolved = resolvePlan(plan);
    const b = performance.now();
    const result = computePlan(resolved);
    const c = performance.now();
    t.resolve.push(b - a);
    t.compute.push(c - b);
    t.full.push(c - a);
    check ??= {
      cheapest: result.cheapest,
      feasible: result.skus.filter((s) => s.feasible === true).length,
      teams: result.tenants?.teams.length ?? 0,
      errors: result.errors.length,
    };
    edits.forEach((e, i) => {
      const s = performance.now();
      engines[i].edit(e.path, e.values[r % 2]);
      t[e.name].push(performance.now() - s);
    });
  }
  return Object.fromEntries([
    ...Object.entries(t).map(([k, v]) => [k, median(v)]),
    ["check", check],
    ["samples", runs],
  ]);
}

// DuckDB is loaded before the clock starts, as the library bundle is.
const duckdb = kind.startsWith("duckdb") ? await import("@duckdb/node-api") : null;
const duck = kind.startsWith("duckdb") ? await import("./duckdb.mjs") : null;

const t0 = performance.now();
let info = null;
/**
 * The fleet simulation of `n` requests (docs/simulate.md): seeded Poisson arrivals at 85 % of a
 * 16 × 32-slot fleet on a measured-shape curve, then either the simulator with its statistics
 * (`runFleet` + `fleetStats`), or the reference: a plain loop doing the same per-request
 * arithmetic (service time from the curve's table, a single-queue Lindley recursion for the
 * wait, TTFT and E2E written to typed arrays) without the event heap, the routing or the
 * statistics. Only the part after the arrivals is timed (`simMs`).
 */
function fleet(reference, n) {
  const replicas = 16;
  const slots = 32;
  const levels = [
    { concurrency: 1, ttftMs: 22, tpotMs: 6.6 },
    { concurrency: 4, ttftMs: 30, tpotMs: 9.8 },
    { concurrency: 16, ttftMs: 48, tpotMs: 20.5 },
    { concurrency: 64, ttftMs: 300, tpotMs: 38 },
  ];
  const { ttft, tpot } = lib.curveTables(levels, slots);
  // At 32 in service: ttft 132 ms, tpot 26.3 ms, so a mean service of ≈ 5.4 s; 512 slots serve ≥ 95 rps.
  const a = lib.poissonArrivals({
    rps: 76,
    requests: n,
    input: { kind: "fixed", tokens: 1000 },
    output: { kind: "exp", mean: 200 },
    seed: 1,
  });
  if (!a.ok) throw new Error("arrivals");
  const arr = a.arrivals;
  const t0 = performance.now();
  if (reference) {
    const wait = new Float64Array(n);
    const ttftA = new Float64Array(n);
    const e2e = new Float64Array(n);
    const t1 = ttft[slots];
    const p1 = tpot[slots];
    let w = 0;
    let prevS = 0;
    let prevT = arr.timeMs[0];
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const t = arr.timeMs[i];
      w = Math.max(0, w + prevS / (replicas * slots) - (t - prevT));
      const o = arr.outputTokens[i];
      const s = t1 + (o > 1 ? o - 1 : 0) * p1;
      wait[i] = w;
      ttftA[i] = w + t1;
      e2e[i] = w + s;
      sum += e2e[i];
      prevS = s;
      prevT = t;
    }
    return { simMs: performance.now() - t0, requests: n, meanE2e: sum / n };
  }
  const run = lib.runFleet(arr, { replicas, slots, ttftMs: ttft, tpotMs: tpot });
  const st = lib.fleetStats(run, replicas, slots, [{ metric: "ttft", stat: "p99", maxMs: 1000 }]);
  return {
    simMs: performance.now() - t0,
    requests: n,
    meanE2e: st.e2eMs.mean,
    p99Ttft: st.ttftMs.p99,
    queuedShare: st.queuedShare,
    utilization: st.utilization,
  };
}

switch (kind) {
  case "idle":
    break;
  case "split-csv":
    info = splitCsv(readFileSync(input, "utf8"));
    break;
  case "split-jsonl":
    info = splitJsonl(readFileSync(input, "utf8"));
    break;
  case "import":
    info = imported(
      lib.importFiles([{ name: input.split("/").pop(), text: readFileSync(input, "utf8") }]),
    );
    break;
  case "import-stats": {
    const res = lib.importFiles([
      { name: input.split("/").pop(), text: readFileSync(input, "utf8") },
    ]);
    imported(res);
    info = res.sweeps[0].points;
    break;
  }
  case "duckdb":
    info = { groups: (await duck.duckStats(duckdb, input)).length };
    break;
  case "duckdb-all": {
    // Every core of the machine: the target of issue #32 is against DuckDB with all its threads.
    const threads = (await import("node:os")).availableParallelism();
    info = { groups: (await duck.duckStats(duckdb, input, threads)).length, threads };
    break;
  }
  case "duckdb-stats":
    info = await duck.duckStats(duckdb, input);
    break;
  case "trace": {
    const r = lib.readTraceFile(input);
    if (!r.ok) throw new Error(`trace import failed: ${JSON.stringify(r.errors.slice(0, 3))}`);
    info = { rows: r.rows, bad: r.badRows, format: r.format };
    break;
  }
  case "schedule":
    info = schedules(Number(extra ?? 15));
    break;
  case "parse-folder":
    info = { files: readFolder(input).map((f) => JSON.parse(f.text)).length };
    break;
  case "import-folder":
    info = imported(lib.importFiles(readFolder(input).map((f) => ({ ...f, optional: true }))));
    break;
  case "recalc":
    info = recalc(input, Number(extra ?? 15));
    break;
  case "fleet":
  case "fleet-ref":
    info = fleet(kind === "fleet-ref", Number(extra));
    break;
  default:
    throw new Error(`unknown case ${kind}`);
}
const ms = info?.simMs ?? performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, maxRssKB: process.resourceUsage().maxRSS, info }) + "\n");
