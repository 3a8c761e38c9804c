/**
 * The Traffic sheet (docs/traffic.md "In the app"): a request trace dropped on the sheet is read
 * in the worker and summarised; the numbers on screen are checked against an independent count
 * of the fixture's rows here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ROOT } from "./expected";
import { WorkbookPage } from "./workbook-page";

const AZURE = join(ROOT, "fixtures/traces/AzureLLMInferenceTrace_conv.csv");
const text = readFileSync(AZURE, "utf8");

/** Requests per aligned bin from the raw timestamps (what the sheet must show). */
function independent(binSec: number): { n: number; peak: number } {
  const rows = text.trim().split("\n").slice(1);
  const bins = new Map<number, number>();
  for (const r of rows) {
    const ts = r.split(",")[0]!;
    const b = Math.floor(Date.parse(`${ts.slice(0, 23).replace(" ", "T")}Z`) / 1000 / binSec);
    bins.set(b, (bins.get(b) ?? 0) + 1);
  }
  return { n: rows.length, peak: Math.max(...bins.values()) / binSec };
}

async function dropTrace(page: Page): Promise<void> {
  await page.getByTestId("traffic-dropzone").evaluate((el, t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], "AzureLLMInferenceTrace_conv.csv", { type: "text/csv" }));
    el.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
}

test("a trace dropped on the Traffic sheet shows its peak, profile and lengths", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.sheet("traffic");
  await dropTrace(page);
  const want = independent(60);
  await expect(page.getByTestId("traffic-requests")).toHaveText(want.n.toLocaleString("en-US"));
  // 60-s bins: 502 requests in the busiest minute → 8.367 req/s (checked here, not copied).
  expect(want.peak * 60).toBe(502);
  await expect(page.getByTestId("traffic-peak")).toHaveText(`${want.peak.toFixed(3)} req/s`);
  await expect(page.getByTestId("traffic-burst")).toContainText("coefficient of variation");
  await expect.poll(() => wp.painted("chart-traffic-rate")).toBeGreaterThan(2000);
  await expect.poll(() => wp.painted("chart-traffic-hourly")).toBeGreaterThan(1000);
  await expect.poll(() => wp.painted("chart-traffic-output")).toBeGreaterThan(1000);
  // Another bin: the worker summarises again without the file.
  await page.getByTestId("traffic-bin").selectOption("1");
  await expect(page.getByTestId("traffic-peak")).toHaveText(`${independent(1).peak} req/s`);
  await page.screenshot({ path: "/tmp/trafficui-light.png", fullPage: true });
});
