#!/usr/bin/env node
/**
 * Browser half of the bench (issue #6 "Fast at scale"): given a built `dist/` (this script builds
 * nothing), starts `vite preview` on a free port and runs test/e2e/perf.spec.ts in Debian Chromium
 * (/usr/bin/chromium, headless flags of test/e2e/playwright.config.ts: --headless --no-sandbox
 * --disable-gpu --disable-quic --no-first-run --disable-background-networking
 * --disable-component-update --disable-sync) `runs` times; reads the figures the spec attaches
 * (annotations of type "figure") and measures the initial JavaScript of dist/index.html.
 *
 *   node test/bench/browser.mjs [--runs 3] [--rows 1000000] [--json]
 *
 * Rows: `{ case, median, value, baseline, ratio, target, met }` (median: a number in ms or bytes;
 * value: the same for display), as `npm run bench` (test/bench/run.mjs) prints them:
 * - longest main-thread long task while a 1,000,000-row per-request CSV imports, vs 100 ms;
 * - input-to-paint of one price edit in the bench workbook (Enter keydown → the frame that shows
 *   the new value), vs one 16.7 ms frame; and the longest long task after that edit, vs 100 ms;
 * - initial JavaScript (what index.html loads at start: its module script, modulepreloads and
 *   their static imports) gzip, vs 150 KB (scripts/check-bundle.mjs).
 */
import { BUDGET_BYTES } from "../../scripts/check-bundle.mjs";
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FRAME_MS = 1000 / 60;
const LONG_TASK_MS = 100;
// Issue #32: no long task over 50 ms after an edit (on an idle machine; perf.spec.ts widens its
// own assertion under load, the bench row keeps the target and shows the load beside it).
const EDIT_LONG_TASK_MS = 50;
const INITIAL_JS_BYTES = BUDGET_BYTES; // scripts/check-bundle.mjs: 150 KB gzip

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Initial JS of a built app: index.html's module scripts and modulepreloads, plus their static imports. */
export function initialJs(distDir = join(root, "dist")) {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const start = [
    ...html.matchAll(
      /<script[^>]*type="module"[^>]*src="\/?([^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g,
    ),
  ].map((m) => m[1] ?? m[2]);
  const seen = new Set();
  const files = [];
  const visit = (rel) => {
    if (seen.has(rel)) return;
    seen.add(rel);
    const code = readFileSync(join(distDir, rel));
    files.push({ file: rel, raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
    const text = code.toString("utf8");
    for (const m of text.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+\.js)["']/g,
    )) {
      visit(join(dirname(rel), m[1]).replace(/\\/g, "/"));
    }
  };
  for (const f of start) visit(f);
  return {
    files,
    raw: files.reduce((n, f) => n + f.raw, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
  };
}

/** Wait until `url` answers 200. */
async function waitFor(url, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Run a command; resolves with { code, stdout, stderr }. */
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Figures attached by perf.spec.ts, per test run: [{ name: value }]. */
function figures(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) {
          const f = { __status: r.status, __title: spec.title };
          for (const a of r.annotations ?? [])
            if (a.type === "figure") {
              const { name, value } = JSON.parse(a.description);
              f[name] = value;
            }
          out.push(f);
        }
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  return out;
}

/**
 * Run the browser measurements against the built dist/ and return the rows (see the module
 * comment). Options: runs (test repetitions, default 3), rows (CSV rows, default 1,000,000),
 * log (progress lines, default stderr).
 */
export async function runBrowserBench({
  runs = 3,
  rows = 1_000_000,
  dist = join(root, "dist"),
  log = (s) => process.stderr.write(`${s}\n`),
} = {}) {
  if (!existsSync(join(dist, "index.html")))
    throw new Error("no dist/index.html: run `npm run build` first");
  const out = [];
  const init = initialJs(dist);
  out.push({
    case: `Initial JavaScript (${init.files.map((f) => f.file.replace(/^assets\//, "")).join(", ")}: what index.html loads at start)`,
    median: init.gzip,
    value: `${(init.gzip / 1000).toFixed(1)} KB gzip (${(init.raw / 1000).toFixed(1)} KB raw)`,
    baseline: `${INITIAL_JS_BYTES / 1000} KB gzip`,
    ratio: init.gzip / INITIAL_JS_BYTES,
    target: `≤ ${INITIAL_JS_BYTES / 1000} KB gzip`,
    met: init.gzip <= INITIAL_JS_BYTES,
  });

  const port = await freePort();
  log(`browser bench: vite preview on 127.0.0.1:${port}`);
  const server = spawn(
    process.execPath,
    [
      join(root, "node_modules/vite/bin/vite.js"),
      "preview",
      "--outDir",
      dist,
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--strictPort",
    ],
    {
      cwd: root,
      stdio: "ignore",
      detached: true,
    },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/`, 30_000);
    log(`browser bench: perf.spec.ts × ${runs} (${rows.toLocaleString("en")} rows)`);
    // The config's webServer finds our server on E2E_PORT and reuses it (CI unset).
    const r = await run(
      process.execPath,
      [
        join(root, "node_modules/@playwright/test/cli.js"),
        "test",
        "-c",
        "test/e2e/playwright.config.ts",
        "test/e2e/perf.spec.ts",
        "--reporter=json",
        `--repeat-each=${runs}`,
      ],
      {
        E2E_PORT: String(port),
        PERF_ROWS: String(rows),
        CI: "",
      },
    );
    let report;
    try {
      report = JSON.parse(r.stdout);
    } catch {
      throw new Error(
        `perf.spec.ts gave no JSON report (exit ${r.code}): ${r.stderr.slice(-2000)}`,
      );
    }
    const f = figures(report);
    const failed = f.filter((x) => x.__status !== "passed");
    if (failed.length)
      log(
        `browser bench: ${failed.length} run(s) failed: ${failed.map((x) => x.__title).join("; ")}`,
      );
    const of = (name) => f.map((x) => x[name]).filter((v) => typeof v === "number");
    const imp = of("import-longest-long-task");
    const impWall = median(of("import-duration"));
    const bytes = of("import-bytes")[0] ?? 0;
    const paint = of("edit-input-to-paint");
    const editTask = of("edit-longest-long-task");
    const m1 = median(imp);
    out.push({
      case: `Longest main-thread long task while importing a ${rows.toLocaleString("en")}-row per-request CSV (${(bytes / 1e6).toFixed(1)} MB) in the app (worker; import took ${ms(impWall)}; ${imp.length} runs)`,
      median: m1,
      value: imp.length ? ms(m1) : "—",
      baseline: "100 ms long-task budget",
      ratio: m1 / LONG_TASK_MS,
      target: "≤ 100 ms",
      met: imp.length > 0 && Math.max(...imp) <= LONG_TASK_MS,
    });
    const m2 = median(paint);
    out.push({
      case: `Edit one price in the bench workbook (50 SKUs, 2,000 teams): Enter keydown → frame showing it (${paint.length} runs)`,
      median: m2,
      value: paint.length ? ms(m2) : "—",
      baseline: "one 16.7 ms frame",
      ratio: m2 / FRAME_MS,
      target: "≤ 16.7 ms",
      met: paint.length > 0 && m2 <= FRAME_MS,
    });
    const m3 = median(editTask);
    out.push({
      case: "  longest main-thread long task in the second after that edit (0 = none over 50 ms)",
      median: m3,
      value: editTask.length ? ms(m3) : "—",
      baseline: `${EDIT_LONG_TASK_MS} ms long-task budget`,
      ratio: m3 / EDIT_LONG_TASK_MS,
      target: `≤ ${EDIT_LONG_TASK_MS} ms`,
      met: editTask.length > 0 && Math.max(...editTask) <= EDIT_LONG_TASK_MS,
    });
  } finally {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      server.kill("SIGTERM");
    }
  }
  return out;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  const opt = (k, d) => {
    const i = args.indexOf(k);
    return i >= 0 ? Number(args[i + 1]) : d;
  };
  const rowsOut = await runBrowserBench({ runs: opt("--runs", 3), rows: opt("--rows", 1_000_000) });
  if (args.includes("--json")) process.stdout.write(`${JSON.stringify(rowsOut, null, 2)}\n`);
  else {
    const lines = [
      "| Case | Median | Baseline | Ratio | Target | Met |",
      "|---|---|---|---|---|---|",
    ];
    for (const r of rowsOut)
      lines.push(
        `| ${r.case} | ${r.value} | ${r.baseline} | ${Number.isFinite(r.ratio) ? `${r.ratio.toFixed(2)}×` : ""} | ${r.target} | ${r.met ? "yes" : "**no**"} |`,
      );
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
