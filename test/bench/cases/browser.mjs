/**
 * Bench cases of the app (run by test/bench/run.mjs): initial JavaScript of a fresh `vite build`,
 * then in Chromium via Playwright (test/e2e/perf.spec.ts through test/bench/browser.mjs) the long
 * tasks during a large import and input-to-paint of an edit in the large workbook. Add app cases here.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { BUDGET_BYTES, GZIP_LEVEL, measureInitialJs } from "../../../scripts/check-bundle.mjs";

export const title = "browser";

export async function run(ctx) {
  const { root, tmp, node, args, quick, ROWS, row, notes, log } = ctx;
  log("bench: app bundle");
  let distDir = join(tmp, "dist");
  let built = "built now with `vite build` into the temp dir";
  if (args.includes("--no-build")) distDir = null;
  else {
    const r = spawnSync(
      node,
      [
        join(root, "node_modules/vite/bin/vite.js"),
        "build",
        "--outDir",
        distDir,
        "--emptyOutDir",
        "--logLevel",
        "error",
      ],
      { cwd: root, encoding: "utf8", timeout: 240_000 },
    );
    if (r.status !== 0) {
      notes.push(
        `\`vite build\` failed (${(r.stderr || r.stdout || "").trim().split("\n")[0]}); measured the existing dist/ instead.`,
      );
      distDir = null;
    }
  }
  if (!distDir) {
    distDir = join(root, "dist");
    built = "existing dist/ (not rebuilt)";
  }
  if (existsSync(join(distDir, "index.html"))) {
    // Counted as `.ci/run` counts it (scripts/check-bundle.mjs): every script and modulepreload
    // of index.html, each gzipped with zlib level 9, summed; the lazy chunks are the other files.
    const init = measureInitialJs(distDir);
    const initialNames = new Set(init.files.map((x) => x.file.replace(/^assets\//, "")));
    const js = readdirSync(join(distDir, "assets")).filter((f) => f.endsWith(".js"));
    const size = (f) => {
      const b = readFileSync(join(distDir, "assets", f));
      return { f, raw: b.length, gz: gzipSync(b, { level: GZIP_LEVEL }).length };
    };
    const lazy = js.filter((f) => !initialNames.has(f)).map(size);
    row({
      case: `Initial JavaScript (${[...initialNames].join(", ")}; ${built})`,
      value: `${(init.gzip / 1000).toFixed(1)} KB gzip (${(init.raw / 1000).toFixed(1)} KB raw)`,
      baseline: `${BUDGET_BYTES / 1000} KB gzip`,
      ratio: init.gzip / BUDGET_BYTES,
      target: `≤ ${BUDGET_BYTES / 1000} KB gzip`,
      met: init.gzip <= BUDGET_BYTES,
    });
    const big = [...lazy].sort((a, b) => b.gz - a.gz).slice(0, 3);
    notes.push(
      `Lazy chunks: ${lazy.length} files, ${(lazy.reduce((a, x) => a + x.gz, 0) / 1000).toFixed(1)} KB gzip in total; largest ${big.map((x) => `${x.f} ${(x.gz / 1000).toFixed(1)} KB`).join(", ")}.`,
    );
  } else {
    notes.push("No app build to measure (no dist/index.html).");
  }

  // In the browser (Chromium via Playwright, test/e2e/perf.spec.ts): long tasks during a large
  // import and input-to-paint of an edit in the large workbook (test/bench/browser.mjs).
  if (
    !args.includes("--no-browser") &&
    existsSync(join(distDir, "index.html")) &&
    existsSync("/usr/bin/chromium")
  ) {
    log("bench: in the browser");
    try {
      const { runBrowserBench } = await import("../browser.mjs");
      const browserRows = await runBrowserBench({
        dist: distDir,
        runs: quick ? 1 : 3,
        rows: ROWS,
        log,
      });
      for (const r of browserRows.filter((x) => !x.case.startsWith("Initial JavaScript"))) row(r);
    } catch (e) {
      notes.push(
        `Browser measurements failed: ${e instanceof Error ? e.message.split("\n")[0] : e}`,
      );
    }
  } else
    notes.push("Browser measurements skipped (--no-browser, no build, or no /usr/bin/chromium).");
}
