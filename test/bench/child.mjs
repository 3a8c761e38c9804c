/**
 * One benchmark run in its own process (so that its peak RSS is its own): prints one JSON line
 * { ms, maxRssKB, info }. Invoked by test/bench/run.mjs:
 *   node test/bench/child.mjs <case> <lib.mjs> <input> [extra]
 * Cases: idle, split-csv, split-jsonl, import, import-stats (the points), duckdb, duckdb-stats (its
 * rows; test/bench/duckdb.mjs), parse-folder, import-folder, recalc.
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

function readFolder(dir) {
  return readdirSync(dir).sort().map((name) => ({ name: `sweep/${name}`, text: readFileSync(join(dir, name), "utf8") }));
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
    { name: "team tokens", path: "tenants.usage[1234].inputTokens", values: [123456789, 223456789] },
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
    check ??= { cheapest: result.cheapest, feasible: result.skus.filter((s) => s.feasible === true).length, teams: result.tenants?.teams.length ?? 0, errors: result.errors.length };
    edits.forEach((e, i) => {
      const s = performance.now();
      engines[i].edit(e.path, e.values[r % 2]);
      t[e.name].push(performance.now() - s);
    });
  }
  return Object.fromEntries([...Object.entries(t).map(([k, v]) => [k, median(v)]), ["check", check], ["samples", runs]]);
}

// DuckDB is loaded before the clock starts, as the library bundle is.
const duckdb = kind.startsWith("duckdb") ? await import("@duckdb/node-api") : null;
const duck = kind.startsWith("duckdb") ? await import("./duckdb.mjs") : null;

const t0 = performance.now();
let info = null;
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
    info = imported(lib.importFiles([{ name: input.split("/").pop(), text: readFileSync(input, "utf8") }]));
    break;
  case "import-stats": {
    const res = lib.importFiles([{ name: input.split("/").pop(), text: readFileSync(input, "utf8") }]);
    imported(res);
    info = res.sweeps[0].points;
    break;
  }
  case "duckdb":
    info = { groups: (await duck.duckStats(duckdb, input)).length };
    break;
  case "duckdb-stats":
    info = await duck.duckStats(duckdb, input);
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
  default:
    throw new Error(`unknown case ${kind}`);
}
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, maxRssKB: process.resourceUsage().maxRSS, info }) + "\n");
