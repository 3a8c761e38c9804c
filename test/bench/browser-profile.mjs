/**
 * CPU profile of one price edit in the bench workbook, in Chromium (the browser case of issue #6
 * that misses its one-frame target): loads the built app (dist/, `npm run build` first) through
 * `vite preview`, opens test/bench/gen-plan.mjs's workbook, starts the V8 profiler over CDP, edits
 * one price in the GPU comparison, and prints the functions with the most self and inclusive
 * time between the Enter key and one second later.
 * Usage: node test/bench/browser-profile.mjs   (DIST=/path/to/dist for another build, e.g. an
 *   unminified one: npx vite build --minify false --outDir /tmp/dist-plain)
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { summarizeCpuProfile } from "./profile.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = mkdtempSync(join(tmpdir(), "capplan-prof-"));
const planPath = join(dir, "bench-plan.json");
execFileSync(process.execPath, [join(root, "test/bench/gen-plan.mjs"), planPath]);
const port = 4311;
const server = spawn(
  process.execPath,
  [
    join(root, "node_modules/vite/bin/vite.js"),
    "preview",
    "--outDir",
    process.env.DIST ?? "dist",
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--strictPort",
  ],
  { cwd: root, stdio: "ignore", detached: true },
);
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(base)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 150));
  }
}
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(base);
  await page
    .getByTestId("app")
    .and(page.locator('[data-loading="false"]'))
    .waitFor({ timeout: 30_000 });
  await page.getByTestId("tab-comparison").click();
  await page.getByTestId("plan-input").setInputFiles(planPath);
  await page.getByTestId("cmp:replicas:s49").waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await page.getByTestId("cmp:pricePerGpuHour:s3").click();
  await page.keyboard.type("7.25");
  await cdp.send("Profiler.start");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(1000);
  const { profile: p } = await cdp.send("Profiler.stop");
  const sum = summarizeCpuProfile(p, 15);
  console.log(`busy main-thread time in the second after Enter: ${sum.busyMs.toFixed(1)} ms`);
  console.log("\n| Self ms | Function |\n|---|---|");
  for (const r of sum.self) console.log(`| ${r.ms.toFixed(1)} | \`${r.fn}\` |`);
  console.log("\n| Inclusive ms | Function |\n|---|---|");
  for (const r of sum.inclusive) console.log(`| ${r.ms.toFixed(1)} | \`${r.fn}\` |`);
} finally {
  await browser.close();
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
}
