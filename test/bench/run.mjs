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
 * --only import,cli: run only these areas (RESULTS.md is not written).
 *
 * The cases live in one file per area, test/bench/cases/<area>.mjs (import, engine, browser, cli,
 * trace), each exporting `run(ctx)`; ctx carries the helpers below (child, wall, row, notes,
 * profiles, profileOf, median, ms, MB, log) and the settings (tmp, ROWS, RUNS, ...).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { summarizeProfile } from "./profile.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const AREAS = ["import", "engine", "browser", "cli", "trace", "fleet", "sweep"];
const onlyArg = args.find((a) => a.startsWith("--only"));
const only = onlyArg
  ? (onlyArg.includes("=") ? onlyArg.split("=")[1] : args[args.indexOf(onlyArg) + 1]).split(",")
  : null;
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
const ms = (x) =>
  x >= 100 ? `${x.toFixed(0)} ms` : x >= 10 ? `${x.toFixed(1)} ms` : `${x.toFixed(2)} ms`;
const log = (s) => process.stderr.write(`${s}\n`);

function machine() {
  const info = readFileSync("/proc/cpuinfo", "utf8");
  const model = /^model name\s*:\s*(.*)$/m.exec(info)?.[1] ?? cpus()[0]?.model ?? "unknown";
  return {
    cpu: model.trim(),
    cores: cpus().length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    load: loadavg()
      .map((x) => x.toFixed(2))
      .join(", "),
  };
}

/** Run one child case; returns { ms, maxRssKB, info }. */
function child(kind, input, extra, opts = {}) {
  const argv = [
    ...(opts.prof ? ["--cpu-prof", `--cpu-prof-dir=${opts.prof}`] : []),
    join(root, "test/bench/child.mjs"),
    kind,
    join(tmp, "lib.mjs"),
    input,
    ...(extra ? [String(extra)] : []),
  ];
  const r = spawnSync(node, argv, { encoding: "utf8", maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${kind} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

/** Wall time of a command, in ms. `opts.discard`: its stdout goes to /dev/null (long outputs). */
function wall(cmd, argv, opts = {}) {
  const t = performance.now();
  const r = spawnSync(cmd, argv, {
    cwd: root,
    encoding: "utf8",
    ...(opts.discard ? { stdio: ["ignore", "ignore", "pipe"] } : {}),
  });
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
// The machine is shared and noisy: each figure keeps the 1-minute load average when it was taken.
function row(r) {
  r.load = loadavg()[0];
  rows.push(r);
  log(
    `  ${r.case}: ${r.value}${r.ratio != null ? `  (${r.ratio.toFixed(2)}× ${r.baseline})` : ""}  ${r.met == null ? "" : r.met ? "✓" : "✗ target missed"}`,
  );
}

// ---- 0. Bundle the library cases run against (compiled JavaScript, like the CLI and the app).
log(`bench: temp dir ${tmp}`);
await build({
  entryPoints: [join(root, "test/bench/lib.ts")],
  outfile: join(tmp, "lib.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "error",
});

// ---- 1. The cases, one file per area (test/bench/cases/<area>.mjs), each generating its own
// inputs deterministically in the temp dir; rows are written in this order.
const ctx = {
  root,
  tmp,
  node,
  args,
  quick,
  ROWS,
  RUNS,
  CLI_RUNS,
  RECALC_SAMPLES,
  inputs: {},
  child,
  wall,
  row,
  notes,
  profiles,
  profileOf,
  median,
  ms,
  MB,
  log,
};
for (const area of AREAS) {
  if (only && !only.includes(area)) continue;
  const mod = await import(`./cases/${area}.mjs`);
  await mod.run(ctx);
}

// ---- Output.
const m = machine();
const table = [
  "| Case | Median | Baseline (same run) | Ratio | Target | Met | Load |",
  "|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.case} | ${r.value} | ${r.baseline} | ${r.ratio == null ? "" : `${r.ratio.toFixed(2)}×`} | ${r.target} | ${r.met == null ? "—" : r.met ? "yes" : "**no**"} | ${r.load.toFixed(2)} |`,
  ),
].join("\n");
const header = `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}; load average at start ${m.load}. Runs per case: ${RUNS} (imports, interleaved with their baselines, one process each), ${RECALC_SAMPLES} (recalculation), ${CLI_RUNS} (CLI). Total bench time ${((Date.now() - started) / 1000).toFixed(0)} s.`;
process.stdout.write(`\n${header}\n\n${table}\n\n${notes.map((n) => `- ${n}`).join("\n")}\n`);
const profText = profiles
  .map((p) =>
    [
      `### Profile: ${p.title} (one run, ${ms(p.totalMs)} sampled)`,
      "",
      "| Self ms | % | Function |",
      "|---|---|---|",
      ...p.self.map((x) => `| ${x.ms.toFixed(1)} | ${x.pct.toFixed(1)} | \`${x.fn}\` |`),
      "",
      "| Inclusive ms | % | Function |",
      "|---|---|---|",
      ...p.inclusive.map((x) => `| ${x.ms.toFixed(1)} | ${x.pct.toFixed(1)} | \`${x.fn}\` |`),
    ].join("\n"),
  )
  .join("\n\n");
// ---- History: one line per run and case (test/bench/history.csv), quick runs and CI runs
// included, so that a regression shows as a trend rather than as one noisy figure.
{
  const path = join(root, "test/bench/history.csv");
  const commit =
    spawnSync("git", ["rev-parse", "--short=7", "HEAD"], {
      cwd: root,
      encoding: "utf8",
    }).stdout?.trim() || "";
  const q = (x) => {
    const t = String(x ?? "");
    return /[",\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
  };
  const mode = quick ? "quick" : only ? `only:${only.join("+")}` : "full";
  const when = new Date().toISOString().slice(0, 19) + "Z";
  const head = "date,commit,mode,ci,case,value,baseline,ratio,target,met,load1\n";
  const lines = rows
    .map((r) =>
      [
        when,
        commit,
        mode,
        process.env.CI ? "yes" : "no",
        r.case,
        r.value,
        r.baseline,
        r.ratio == null ? "" : r.ratio.toFixed(3),
        r.target,
        r.met == null ? "" : r.met ? "yes" : "no",
        r.load.toFixed(2),
      ]
        .map(q)
        .join(","),
    )
    .join("\n");
  const old = existsSync(path) ? readFileSync(path, "utf8") : head;
  writeFileSync(path, `${old}${old.endsWith("\n") ? "" : "\n"}${lines}\n`);
  log(`bench: appended ${rows.length} rows to ${path}`);
}
if (!quick && !only) {
  const path = join(root, "test/bench/RESULTS.md");
  const analysis = existsSync(join(root, "test/bench/ANALYSIS.md"))
    ? readFileSync(join(root, "test/bench/ANALYSIS.md"), "utf8")
    : "";
  writeFileSync(
    path,
    `# Benchmark results (\`npm run bench\`)\n\nLatest run, ${new Date().toISOString().slice(0, 10)}. ${header}\n\n${table}\n\n${notes.map((n) => `- ${n}`).join("\n")}\n\n${analysis}${profText ? `\n## Profiles of the cases that missed a target\n\n(file:line refer to the benchmark bundle of src/; function names are those of src/.)\n\n${profText}\n` : ""}`,
  );
  log(`bench: wrote ${path}`);
}
if (!args.includes("--keep")) rmSync(tmp, { recursive: true, force: true });
