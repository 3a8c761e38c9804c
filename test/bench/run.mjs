#!/usr/bin/env node
/**
 * `npm run bench` (issue #6 "Fast at scale"): generates its inputs deterministically in a temp
 * dir, runs every case and its baseline side by side (interleaved, each run in a fresh process so
 * peak RSS is per case), prints a table of medians and ratios, and writes test/bench/RESULTS.md
 * with the machine description. Where a target is missed it profiles that case (node --cpu-prof)
 * and puts the top functions in RESULTS.md.
 *
 *   node test/bench/run.mjs [--quick] [--no-build] [--keep]
 *
 * --quick: fewer runs and 200,000 rows (a smoke run; RESULTS.md is not written).
 * --no-build: measure the existing dist/ instead of running `vite build` into the temp dir.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { generatePlan } from "./gen-plan.mjs";
import { generateVllm } from "./gen-vllm.mjs";
import { summarizeProfile } from "./profile.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const ROWS = quick ? 200_000 : 1_000_000;
const RUNS = quick ? 3 : 5;
const CLI_RUNS = quick ? 4 : 10;
const RECALC_SAMPLES = quick ? 5 : 15;
const tmp = mkdtempSync(join(tmpdir(), "capplan-bench-"));
const node = process.execPath;
const started = Date.now();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const MB = (b) => `${(b / 1e6).toFixed(1)} MB`;
const ms = (x) => (x >= 100 ? `${x.toFixed(0)} ms` : x >= 10 ? `${x.toFixed(1)} ms` : `${x.toFixed(2)} ms`);
const log = (s) => process.stderr.write(`${s}\n`);

function machine() {
  const info = readFileSync("/proc/cpuinfo", "utf8");
  const model = /^model name\s*:\s*(.*)$/m.exec(info)?.[1] ?? cpus()[0]?.model ?? "unknown";
  return { cpu: model.trim(), cores: cpus().length, memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`, node: process.version, load: loadavg().map((x) => x.toFixed(2)).join(", ") };
}

/** Run one child case; returns { ms, maxRssKB, info }. */
function child(kind, input, extra, opts = {}) {
  const argv = [...(opts.prof ? ["--cpu-prof", `--cpu-prof-dir=${opts.prof}`] : []), join(root, "test/bench/child.mjs"), kind, join(tmp, "lib.mjs"), input, ...(extra ? [String(extra)] : [])];
  const r = spawnSync(node, argv, { encoding: "utf8", maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${kind} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

/** Wall time of a command, in ms. */
function wall(cmd, argv) {
  const t = performance.now();
  const r = spawnSync(cmd, argv, { cwd: root, encoding: "utf8" });
  const dt = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed (${r.status}): ${r.stderr}`);
  return dt;
}

/** Profile one run of a case and keep the summary for RESULTS.md. */
function profileOf(kind, input, extra) {
  const dir = join(tmp, `prof-${kind}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(dir);
  child(kind, input, extra, { prof: dir });
  return summarizeProfile(dir, 10);
}

const rows = [];
const notes = [];
const profiles = [];
function row(r) {
  rows.push(r);
  log(`  ${r.case}: ${r.value}${r.ratio != null ? `  (${r.ratio.toFixed(2)}× ${r.baseline})` : ""}  ${r.met == null ? "" : r.met ? "✓" : "✗ target missed"}`);
}

// ---- 0. Bundle the library cases run against (compiled JavaScript, like the CLI and the app).
log(`bench: temp dir ${tmp}`);
await build({ entryPoints: [join(root, "test/bench/lib.ts")], outfile: join(tmp, "lib.mjs"), bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "error" });

// ---- 1. Inputs, generated deterministically.
log(`bench: generating ${ROWS.toLocaleString("en")} per-request rows (CSV and JSONL), 1,000 vLLM files, the workbook`);
const csv = join(tmp, "requests.csv");
const jsonl = join(tmp, "requests.jsonl");
execFileSync(node, [join(root, "scripts/gen-per-request.mjs"), String(ROWS), csv]);
execFileSync(node, [join(root, "scripts/gen-per-request.mjs"), String(ROWS), jsonl, "--jsonl"]);
const vllmDir = join(tmp, "vllm");
const vllmBytes = generateVllm(1000, vllmDir);
const planPath = join(tmp, "plan.json");
writeFileSync(planPath, JSON.stringify(generatePlan()));

// ---- 2. Per-request import vs split/Number; peak RSS per process.
log("bench: per-request import");
const idle = [];
const imp = { csv: { base: [], run: [] }, jsonl: { base: [], run: [] } };
for (let r = 0; r < RUNS; r++) {
  idle.push(child("idle", csv));
  imp.csv.base.push(child("split-csv", csv));
  imp.csv.run.push(child("import", csv));
  imp.jsonl.base.push(child("split-jsonl", jsonl));
  imp.jsonl.run.push(child("import", jsonl));
}
const idleRss = median(idle.map((x) => x.maxRssKB)) * 1024;
for (const [fmt, file] of [["CSV", csv], ["JSONL", jsonl]]) {
  const m = imp[fmt.toLowerCase()];
  const size = statSync(file).size;
  const t = median(m.run.map((x) => x.ms));
  const b = median(m.base.map((x) => x.ms));
  const rss = median(m.run.map((x) => x.maxRssKB)) * 1024;
  const info = m.run[0].info;
  row({ case: `Import ${ROWS.toLocaleString("en")}-row per-request ${fmt} (${MB(size)}) → ${info.points} points`, value: ms(t), baseline: `read + split + Number: ${ms(b)}`, ratio: t / b, target: "≤ 2×", met: t / b <= 2 });
  row({ case: `  peak RSS of that import`, value: `${MB(rss)} = ${(rss / size).toFixed(2)}× file (${((rss - idleRss) / size).toFixed(2)}× above idle node ${MB(idleRss)})`, baseline: `split baseline ${MB(median(m.base.map((x) => x.maxRssKB)) * 1024)}`, ratio: null, target: "≤ 4× file", met: rss / size <= 4 });
  if (t / b > 2) profiles.push({ title: `Import of the per-request ${fmt}`, ...profileOf("import", file) });
}

// ---- 3. 1,000 vLLM result files vs read + JSON.parse.
log("bench: 1,000 vLLM result files");
const vb = [];
const vr = [];
for (let r = 0; r < RUNS + 2; r++) {
  vb.push(child("parse-folder", vllmDir).ms);
  vr.push(child("import-folder", vllmDir));
}
{
  const t = median(vr.map((x) => x.ms));
  const b = median(vb);
  row({ case: `Import + merge 1,000 vLLM result files (${MB(vllmBytes)}) → ${vr[0].info.points} points`, value: ms(t), baseline: `read + JSON.parse: ${ms(b)}`, ratio: t / b, target: "≤ 1.5×", met: t / b <= 1.5 });
  if (t / b > 1.5) profiles.push({ title: "Import of 1,000 vLLM files", ...profileOf("import-folder", vllmDir) });
}

// ---- 4. Recalculation: full evaluation vs one edit through the incremental engine.
log("bench: recalculation (50 SKUs × 30 levels, 20 workloads, 2,000 teams, 200 formula cells)");
const rc = child("recalc", planPath, RECALC_SAMPLES).info;
row({ case: `Full evaluation (resolvePlan ${ms(rc.resolve)} + computePlan ${ms(rc.compute)})`, value: ms(rc.full), baseline: "one 16 ms frame", ratio: rc.full / 16, target: "≤ 16 ms", met: rc.full <= 16 });
for (const e of ["price cell", "SLO threshold", "team tokens"]) {
  row({ case: `Edit one ${e} (incremental engine)`, value: ms(rc[e]), baseline: `full evaluation ${ms(rc.full)}`, ratio: rc[e] / rc.full, target: "≤ 0.10×", met: rc[e] / rc.full <= 0.1 });
}
notes.push(`Recalculation check: cheapest SKU ${rc.check.cheapest}, ${rc.check.feasible} feasible SKUs, ${rc.check.teams} teams allocated, ${rc.check.errors} errors; medians of ${rc.samples} interleaved samples in one process.`);
if (rc.full > 16 || ["price cell", "SLO threshold", "team tokens"].some((e) => rc[e] / rc.full > 0.1)) {
  profiles.push({ title: "Recalculation (full evaluations and edits)", ...profileOf("recalc", planPath, 5) });
}

// ---- 5. Bundle sizes of the app (vite build into the temp dir, else the existing dist/).
log("bench: app bundle");
let distDir = join(tmp, "dist");
let built = "built now with `vite build` into the temp dir";
if (args.includes("--no-build")) distDir = null;
else {
  const r = spawnSync(node, [join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", distDir, "--emptyOutDir", "--logLevel", "error"], { cwd: root, encoding: "utf8", timeout: 240_000 });
  if (r.status !== 0) {
    notes.push(`\`vite build\` failed (${(r.stderr || r.stdout || "").trim().split("\n")[0]}); measured the existing dist/ instead.`);
    distDir = null;
  }
}
if (!distDir) {
  distDir = join(root, "dist");
  built = "existing dist/ (not rebuilt)";
}
if (existsSync(join(distDir, "index.html"))) {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const initialNames = new Set([...html.matchAll(/<script[^>]*src="\/?assets\/([^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="\/?assets\/([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]));
  const js = readdirSync(join(distDir, "assets")).filter((f) => f.endsWith(".js"));
  const size = (f) => {
    const b = readFileSync(join(distDir, "assets", f));
    return { f, raw: b.length, gz: gzipSync(b, { level: 9 }).length };
  };
  const all = js.map(size);
  const initial = all.filter((x) => initialNames.has(x.f));
  const lazy = all.filter((x) => !initialNames.has(x.f));
  const gz = initial.reduce((a, x) => a + x.gz, 0);
  row({ case: `Initial JavaScript (${initial.map((x) => x.f).join(", ")}; ${built})`, value: `${(gz / 1024).toFixed(1)} KiB gzip (${(initial.reduce((a, x) => a + x.raw, 0) / 1024).toFixed(1)} KiB raw)`, baseline: "200 KB gzip", ratio: gz / 200_000, target: "≤ 200 KB gzip", met: gz <= 200_000 });
  const big = [...lazy].sort((a, b) => b.gz - a.gz).slice(0, 3);
  notes.push(`Lazy chunks: ${lazy.length} files, ${(lazy.reduce((a, x) => a + x.gz, 0) / 1024).toFixed(1)} KiB gzip in total; largest ${big.map((x) => `${x.f} ${(x.gz / 1024).toFixed(1)} KiB`).join(", ")}.`);
} else {
  notes.push("No app build to measure (no dist/index.html).");
}

// ---- 5b. In the browser (Chromium via Playwright, test/e2e/perf.spec.ts): long tasks during a
// large import and input-to-paint of an edit in the large workbook (test/bench/browser.mjs).
if (!args.includes("--no-browser") && existsSync(join(distDir, "index.html")) && existsSync("/usr/bin/chromium")) {
  log("bench: in the browser");
  try {
    const { runBrowserBench } = await import("./browser.mjs");
    const browserRows = await runBrowserBench({ dist: distDir, runs: quick ? 1 : 3, rows: ROWS, log });
    for (const r of browserRows.filter((x) => !x.case.startsWith("Initial JavaScript"))) row(r);
  } catch (e) {
    notes.push(`Browser measurements failed: ${e instanceof Error ? e.message.split("\n")[0] : e}`);
  }
} else notes.push("Browser measurements skipped (--no-browser, no build, or no /usr/bin/chromium).");

// ---- 6. CLI start: `capplan plan models/examples/seed.json` beside `node -e 0`.
log("bench: CLI start");
execFileSync(node, [join(root, "scripts/build-cli.mjs")]);
const seed = "models/examples/seed.json";
const direct = `const { main } = await import(${JSON.stringify(join(root, "dist-cli/capplan.mjs"))}); process.exitCode = await main(["plan", ${JSON.stringify(seed)}]);`;
const cli = { empty: [], bin: [], bundle: [] };
for (let r = 0; r < CLI_RUNS; r++) {
  cli.empty.push(wall(node, ["-e", "0"]));
  cli.bin.push(wall(node, ["bin/capplan.mjs", "plan", seed]));
  cli.bundle.push(wall(node, ["--input-type=module", "-e", direct]));
}
const e0 = median(cli.empty);
row({ case: "`capplan plan models/examples/seed.json` (bin/capplan.mjs: staleness check + dist-cli bundle)", value: ms(median(cli.bin)), baseline: `node -e 0: ${ms(e0)}`, ratio: median(cli.bin) / e0, target: "report", met: null });
row({ case: "  the same through dist-cli/capplan.mjs directly (no staleness check)", value: ms(median(cli.bundle)), baseline: `node -e 0: ${ms(e0)}`, ratio: median(cli.bundle) / e0, target: "report", met: null });

// ---- Output.
const m = machine();
const table = [
  "| Case | Median | Baseline (same run) | Ratio | Target | Met |",
  "|---|---|---|---|---|---|",
  ...rows.map((r) => `| ${r.case} | ${r.value} | ${r.baseline} | ${r.ratio == null ? "" : `${r.ratio.toFixed(2)}×`} | ${r.target} | ${r.met == null ? "—" : r.met ? "yes" : "**no**"} |`),
].join("\n");
const header = `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}; load average at start ${m.load}. Runs per case: ${RUNS} (imports, interleaved with their baselines, one process each), ${RECALC_SAMPLES} (recalculation), ${CLI_RUNS} (CLI). Total bench time ${((Date.now() - started) / 1000).toFixed(0)} s.`;
process.stdout.write(`\n${header}\n\n${table}\n\n${notes.map((n) => `- ${n}`).join("\n")}\n`);
const profText = profiles
  .map((p) => [
    `### Profile: ${p.title} (one run, ${ms(p.totalMs)} sampled)`,
    "",
    "| Self ms | % | Function |",
    "|---|---|---|",
    ...p.self.map((x) => `| ${x.ms.toFixed(1)} | ${x.pct.toFixed(1)} | \`${x.fn}\` |`),
    "",
    "| Inclusive ms | % | Function |",
    "|---|---|---|",
    ...p.inclusive.map((x) => `| ${x.ms.toFixed(1)} | ${x.pct.toFixed(1)} | \`${x.fn}\` |`),
  ].join("\n"))
  .join("\n\n");
if (!quick) {
  const path = join(root, "test/bench/RESULTS.md");
  const analysis = existsSync(join(root, "test/bench/ANALYSIS.md")) ? readFileSync(join(root, "test/bench/ANALYSIS.md"), "utf8") : "";
  writeFileSync(path, `# Benchmark results (\`npm run bench\`)\n\nLatest run, ${new Date().toISOString().slice(0, 10)}. ${header}\n\n${table}\n\n${notes.map((n) => `- ${n}`).join("\n")}\n\n${analysis}${profText ? `\n## Profiles of the cases that missed a target\n\n(file:line refer to the benchmark bundle of src/; function names are those of src/.)\n\n${profText}\n` : ""}`);
  log(`bench: wrote ${path}`);
}
if (!args.includes("--keep")) rmSync(tmp, { recursive: true, force: true });
