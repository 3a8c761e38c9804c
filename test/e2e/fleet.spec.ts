/**
 * The Fleet sheet (docs/simulate.md "In the app"): the default example's recommended SKU simulated
 * in the fleet worker with progress; the formula's replicas and replicasForSlo marked in the
 * series; the same numbers as `capplan simulate` with the same seed (run here in-process through
 * the CLI, on the same plan file); the burst sentence for a bursty replayed trace; English and
 * Chinese at 1440 and 420 wide, with screenshots.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./expected";
import { expect, test, type WorkbookPage } from "./workbook-page";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-sim";
const PLAN = join(ROOT, "models/examples/multi-sku.json");

// Generous: the machine may be shared, and the first load of the default example slow (the
// timeout set here covers the fixture's opening too).
test.use({ openTimeout: 200_000 });
test.setTimeout(400_000);

/** Screenshots of the page in `lang` at 1440 and 420 px wide. */
async function shots(wp: WorkbookPage, lang: string): Promise<void> {
  for (const width of [1440, 420]) {
    await wp.page.setViewportSize({ width, height: 900 });
    await wp.page.screenshot({ path: join(SHOTS, `fleet-${lang}-${width}.png`), fullPage: true });
  }
}

/** `capplan simulate PLAN … --json`, run as a user runs it. */
function cli(...args: string[]): Record<string, unknown> {
  const r = spawnSync(
    process.execPath,
    [join(ROOT, "bin/capplan.mjs"), "simulate", PLAN, ...args, "--json"],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

test("the fleet view simulates the recommended SKU with the CLI's numbers, marks and progress", async ({
  wp,
}) => {
  const want = cli("--requests", "20000", "--seed", "7") as {
    sku: string;
    replicas: number;
    formulaReplicas: number;
    replicasForSlo: number;
    ttftMs: { p99: number };
    e2eMs: { p50: number };
  };
  await wp.sheet("fleet");
  await expect(wp.id("fleet-sku")).toHaveValue(want.sku);
  await wp.id("fleet-requests").fill("20000");
  await wp.id("fleet-seed").fill("7");
  await wp.id("fleet-run").click();
  await expect(wp.id("fleet-result")).toBeVisible({ timeout: 60_000 });
  await expect(wp.id("fleet-formula")).toHaveText(String(want.formulaReplicas));
  await expect(wp.id("fleet-for-slo")).toHaveText(String(want.replicasForSlo));
  await expect(wp.id("fleet-p99-ttft")).toHaveText(
    `P99 TTFT ${want.ttftMs.p99.toLocaleString("en-US", { maximumFractionDigits: 1 })} ms`,
  );
  const formulaRow = wp.id(`fleet-row-${want.formulaReplicas}`);
  await expect(formulaRow).toContainText("formula");
  await expect(formulaRow.locator("td").nth(2)).toHaveText(
    want.e2eMs.p50.toLocaleString("en-US", { maximumFractionDigits: 0 }),
  );
  await expect(wp.id(`fleet-row-${want.replicasForSlo}`)).toContainText("fewest meeting the SLOs");
  // Fewer replicas than replicasForSlo fail the SLOs; it and above hold.
  await expect(wp.id(`fleet-row-${want.replicasForSlo}`).locator("td").nth(6)).toHaveText("yes");
  mkdirSync(SHOTS, { recursive: true });
  await shots(wp, "en");
  await wp.toggleLang();
  await expect(wp.id("tab-fleet")).toHaveText("集群");
  await expect(wp.id(`fleet-row-${want.formulaReplicas}`)).toContainText("公式");
  await shots(wp, "zh");
});

test("a bursty trace replayed says that bursts, not the mean rate, decide the fleet", async ({
  wp,
  page,
}) => {
  await wp.sheet("fleet");
  // Bursty arrivals written here: 3 bursts of 800 requests within 0.8 s, two minutes apart: a
  // mean of 10 req/s (a quarter of the plan's peak), but each burst fills every slot of the
  // formula's fleet (19 × 16) more than twice over.
  const rows = ["timestamp,input_tokens,output_tokens"];
  for (let b = 0; b < 3; b++)
    for (let i = 0; i < 800; i++) rows.push(`${(b * 120 + i * 0.001).toFixed(3)},1000,200`);
  await wp.upload("fleet-trace-file", "bursts.csv", rows.join("\n"));
  await wp.id("fleet-rate-scale").fill("1");
  await wp.id("fleet-run").click();
  await expect(wp.id("fleet-result")).toBeVisible({ timeout: 60_000 });
  await expect(wp.id("fleet-burst")).toContainText("the bursts, not the mean rate");
  const cv = Number((await wp.id("fleet-cv").textContent())!.replace(/,/g, ""));
  expect(cv).toBeGreaterThan(1.5);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(SHOTS, "fleet-burst-en-1440.png"), fullPage: true });
});
