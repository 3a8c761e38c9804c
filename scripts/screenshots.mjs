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
const port = Number(process.env.SHOTS_PORT ?? 4199);
mkdirSync(out, { recursive: true });

const server = spawn(
  "npx",
  ["vite", "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
  { stdio: "ignore", detached: true },
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
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const scheme of ["light", "dark"]) {
    for (const [w, h] of [
      [1280, 800],
      [420, 860],
    ]) {
      const page = await browser.newPage({
        viewport: { width: w, height: h },
        colorScheme: scheme,
      });
      await page.goto(base);
      await page.waitForSelector('[data-testid="app"][data-loading="false"]');
      const shot = async (name) => {
        await page.waitForTimeout(250);
        const file = `${out}/${name}-${w}-${scheme}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };
      for (const sheet of ["benchmarks", "assumptions", "comparison", "teams", "report"]) {
        await page.getByTestId(`tab-${sheet}`).click();
        await shot(sheet);
      }
      // The seed example's allocation (one pool; doughnut) and the report in Chinese.
      await page.getByTestId("example-select").selectOption("seed");
      await page.waitForSelector('[data-testid="app"][data-loading="false"]');
      await page.getByTestId("tab-teams").click();
      await shot("teams-seed");
      await page.getByTestId("lang-toggle").click();
      await page.getByTestId("tab-report").click();
      await shot("report-zh");
      await page.getByTestId("tab-teams").click();
      await shot("teams-seed-zh");
      await page.getByTestId("lang-toggle").click();
      // Problems: an unreadable autosave and a plan file with a broken formula.
      await page.evaluate(() => localStorage.setItem("capplan.autosave", "{not json"));
      await page.reload();
      await page.waitForSelector('[data-testid="app"][data-loading="false"]');
      await page.getByTestId("plan-input").setInputFiles({
        name: "broken.json",
        mimeType: "application/json",
        buffer: Buffer.from(
          JSON.stringify({
            format: "capplan.plan/v1",
            cells: { a: "=b +" },
            workloads: [{ peakRps: "=nope * 2", inputTokens: 1, outputTokens: 1 }],
            skus: [],
          }),
        ),
      });
      await shot("problems");
      await page.evaluate(() => localStorage.clear());
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
