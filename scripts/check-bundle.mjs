#!/usr/bin/env node
/**
 * The bundle budget (issue #32, docs/performance.md "Initial JavaScript"): the JavaScript a browser
 * loads before the first screen, counted as every `<script src>` and every
 * `<link rel="modulepreload">` of dist/index.html, each file gzipped on its own with zlib level 9,
 * summed. Over 150 KB (150 × 1000 bytes) the check fails.
 *
 *   node scripts/check-bundle.mjs [distDir] [--budget BYTES]
 *
 * Prints one line per file (gzip and raw bytes) and the total; exits 1 over the budget, 2 when
 * dist/index.html (or a file it names) is missing. `.ci/run` runs it after its build step.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** The budget: 150 KB of gzip (kilobytes of 1000 bytes). */
export const BUDGET_BYTES = 150_000;

/** The zlib level every file is gzipped with (9: the smallest output, what a static host may serve). */
export const GZIP_LEVEL = 9;

const SCRIPT = /<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;
const LINK = /<link\b[^>]*>/gi;

/** The local files index.html loads at start: its script sources and modulepreload links, in order, once each. */
export function initialFiles(html) {
  const out = [];
  const add = (url) => {
    // Relative to index.html: `./assets/x.js`, `assets/x.js` or `/assets/x.js` (a site-root build).
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return; // another origin: not part of this build
    const path = url.replace(/[?#].*$/, "").replace(/^\.?\//, "");
    if (!out.includes(path)) out.push(path);
  };
  for (const m of html.matchAll(SCRIPT)) add(m[1]);
  for (const m of html.matchAll(LINK)) {
    const tag = m[0];
    if (!/\brel\s*=\s*["']?modulepreload\b/i.test(tag)) continue;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag);
    if (href) add(href[1]);
  }
  return out;
}

/**
 * Measure the initial JavaScript of a built app folder: `{ files: [{ file, raw, gzip }], raw,
 * gzip, missing }` (bytes; `missing`: files index.html names that are not in the folder).
 */
export function measureInitialJs(distDir) {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const files = [];
  const missing = [];
  for (const file of initialFiles(html)) {
    const abs = join(distDir, file);
    if (!existsSync(abs)) {
      missing.push(file);
      continue;
    }
    const bytes = readFileSync(abs);
    files.push({ file, raw: bytes.length, gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length });
  }
  const sum = (k) => files.reduce((a, f) => a + f[k], 0);
  return { files, raw: sum("raw"), gzip: sum("gzip"), missing };
}

const kb = (b) => `${(b / 1000).toFixed(1)} KB`;

/** The report lines and the exit code for a measurement against a budget. */
export function verdict(m, budget = BUDGET_BYTES) {
  const lines = [...m.files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `${kb(f.gzip).padStart(10)} gzip ${kb(f.raw).padStart(10)} raw  ${f.file}`);
  lines.push(
    `${kb(m.gzip).padStart(10)} gzip ${kb(m.raw).padStart(10)} raw  total of ${m.files.length} files (each gzipped with zlib level ${GZIP_LEVEL})`,
  );
  if (m.missing.length) {
    lines.push(`index.html names files that are not in the build: ${m.missing.join(", ")}`);
    return { lines, code: 2 };
  }
  if (m.gzip > budget) {
    lines.push(
      `FAIL: initial JavaScript is ${kb(m.gzip)} gzip, over the budget of ${kb(budget)} by ${kb(m.gzip - budget)} (docs/performance.md: split what the first screen does not need).`,
    );
    return { lines, code: 1 };
  }
  lines.push(`ok: initial JavaScript ${kb(m.gzip)} gzip is within the budget of ${kb(budget)}.`);
  return { lines, code: 0 };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const b = args.indexOf("--budget");
  const budget = b >= 0 ? Number(args[b + 1]) : BUDGET_BYTES;
  const dir = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--budget") ?? "dist";
  if (!existsSync(join(dir, "index.html"))) {
    console.error(
      `check-bundle: no ${join(dir, "index.html")}: build the app first (npm run build)`,
    );
    process.exit(2);
  }
  const { lines, code } = verdict(measureInitialJs(dir), budget);
  for (const l of lines) (code ? console.error : console.log)(l);
  process.exit(code);
}
