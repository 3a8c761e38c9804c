/**
 * Screenshots of every sheet of the built app at 1440 and 420 px wide, in English and Chinese (light;
 * English also dark), in Debian's Chromium, written to /tmp/capplan-shots (never committed): the
 * seven tabs on the default example, the Fleet sheet after a short simulation, the fleet mix and
 * the what-if panel on the Comparison sheet of a two-workload plan, the seed's Teams allocation and
 * the problems a broken plan shows. Run `npm run build` first; the script starts `vite preview` on
 * 127.0.0.1:4199 (SHOTS_PORT) and stops it at the end.
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

const SHEETS = ["benchmarks", "assumptions", "traffic", "comparison", "fleet", "teams", "report"];

/** Two workloads on two SKUs with a cap: the Comparison sheet shows the fleet mix beside one SKU. */
const MIX_PLAN = {
  format: "capplan.plan/v1",
  title: "Chat on L4, documents on H100",
  model: "llama-3.1-8b",
  workloads: [
    { name: "chat", peakRps: 20, inputTokens: 300, outputTokens: 300 },
    { name: "docs", peakRps: 5, inputTokens: 3000, outputTokens: 500 },
  ],
  factors: { elasticity: 1.2, redundancy: { spare: 1 } },
  skus: [
    {
      name: "H100",
      gpu: "h100-sxm",
      gpusPerReplica: 1,
      pricePerGpuHour: 3.5,
      maxReplicas: 3,
      sweeps: {
        chat: { replicaOutputTokensPerSec: 3000 },
        docs: { replicaOutputTokensPerSec: 1500 },
      },
    },
    {
      name: "L4",
      gpu: "l4",
      gpusPerReplica: 1,
      pricePerGpuHour: 0.8,
      sweeps: {
        chat: { replicaOutputTokensPerSec: 900 },
        docs: { replicaOutputTokensPerSec: 150 },
      },
    },
  ],
};

const loaded = (page) => page.waitForSelector('[data-testid="app"][data-loading="false"]');

async function openPlan(page, name, plan) {
  await page.getByTestId("plan-input").setInputFiles({
    name,
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(plan)),
  });
  await loaded(page);
}

try {
  const runs = [
    ["light", "en"],
    ["light", "zh"],
    ["dark", "en"],
  ];
  for (const [scheme, lang] of runs) {
    for (const [w, h] of [
      [1440, 900],
      [420, 900],
    ]) {
      const page = await browser.newPage({
        viewport: { width: w, height: h },
        colorScheme: scheme,
      });
      await page.goto(base);
      await loaded(page);
      if (lang === "zh") await page.getByTestId("lang-toggle").click();
      const shot = async (name) => {
        await page.waitForTimeout(300);
        const file = `${out}/${name}-${w}-${lang}-${scheme}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      };
      for (const sheet of SHEETS) {
        await page.getByTestId(`tab-${sheet}`).click();
        await shot(sheet);
      }
      // The Fleet sheet with a result: a short simulation of the recommended SKU.
      await page.getByTestId("tab-fleet").click();
      await page.getByTestId("fleet-requests").fill("2000");
      await page.getByTestId("fleet-run").click();
      await page.waitForSelector('[data-testid="fleet-result"]', { timeout: 120_000 });
      await shot("fleet-run");
      // The fleet mix (and the what-if panel) of a two-workload plan.
      await openPlan(page, "mix.json", MIX_PLAN);
      await page.getByTestId("tab-comparison").click();
      await page.waitForSelector('[data-testid="fleet-headline"]', { timeout: 60_000 });
      await shot("comparison-mix");
      // The seed example's allocation (one pool; doughnut).
      await page.getByTestId("example-select").selectOption("seed");
      await loaded(page);
      await page.getByTestId("tab-teams").click();
      await shot("teams-seed");
      // Problems: an unreadable autosave and a plan file with a broken formula.
      await page.evaluate(() => localStorage.setItem("capplan.autosave", "{not json"));
      await page.reload();
      await loaded(page);
      if (lang === "zh" && (await page.getByTestId("lang-toggle").textContent()) === "中文")
        await page.getByTestId("lang-toggle").click();
      await openPlan(page, "broken.json", {
        format: "capplan.plan/v1",
        cells: { a: "=b +" },
        workloads: [{ peakRps: "=nope * 2", inputTokens: 1, outputTokens: 1 }],
        skus: [],
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
