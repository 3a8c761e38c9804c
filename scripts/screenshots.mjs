/**
 * Screenshots of every sheet of the built app (1280×800 and 420 px wide, light and dark) in
 * Debian's Chromium, written to /tmp/capplan-shots (never committed). Run `npm run build` first;
 * the script starts `vite preview` on 127.0.0.1:4199 and stops it at the end.
 * Usage: node scripts/screenshots.mjs [outDir]
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const out = process.argv[2] ?? "/tmp/capplan-shots";
const port = 4199;
mkdirSync(out, { recursive: true });

const server = spawn("npx", ["vite", "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], { stdio: "ignore", detached: true });
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(base)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 150));
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  for (const scheme of ["light", "dark"]) {
    for (const [w, h] of [[1280, 800], [420, 860]]) {
      const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
      await page.goto(base);
      await page.waitForSelector('[data-testid="app"][data-loading="false"]');
      for (const sheet of ["benchmarks", "assumptions", "comparison"]) {
        await page.getByTestId(`tab-${sheet}`).click();
        await page.waitForTimeout(250);
        const file = `${out}/${sheet}-${w}-${scheme}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  try {
    process.kill(-server.pid);
  } catch {
    server.kill();
  }
}
