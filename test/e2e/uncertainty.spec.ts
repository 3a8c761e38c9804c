/**
 * Error bars, the sensitivity tornado and goal seek in the app (docs/uncertainty.md), on the
 * example plan whose H100 sweep was run 3 and 5 times per level (models/examples/repeats-h100.json).
 * Screenshots at 1440 and 420 px wide, English and Chinese, go to $SHOTS_DIR (default /tmp/shots-uncert).
 */
import type { Page } from "@playwright/test";
import { expect, test, WorkbookPage } from "./workbook-page";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-uncert";

// A shared, busy machine can take long to start the app: generous limits (the assertions stay exact).
test.setTimeout(240_000);

async function openRepeats(page: Page): Promise<WorkbookPage> {
  const wp = new WorkbookPage(page);
  await page.goto("/", { timeout: 90_000 });
  await wp.loaded(90_000);
  await wp.id("example-select").selectOption("repeats-h100");
  await wp.loaded(90_000);
  await expect(wp.id("title-input")).toHaveValue(/error bars/, { timeout: 30_000 });
  return wp;
}

test("error bars on the curves and replica ranges in the comparison", async ({ page }) => {
  const wp = await openRepeats(page);
  await wp.sheet("benchmarks");
  // Four repeated levels of the H100 sweep: one bar each on the throughput chart.
  await expect(page.locator("figure.chart").first()).toHaveAttribute("data-error-bars", "4");
  await expect.poll(() => wp.painted("chart-throughput")).toBeGreaterThan(2000);
  await wp.sheet("comparison");
  // 40 RPS × 200 ÷ [1639.98, 1684.14] × 1.44 = [7.02, 6.84] → 7–8 replicas.
  const replicas = page.locator('[data-testid^="cmp:"][data-testid$=":s0"]', { hasText: "(7–8)" });
  await expect(replicas).toHaveCount(1);
  await expect(
    page.getByText("7–8 replicas: the range straddles a step", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("no repeats")).toBeVisible();
});

test("tornado chart for the selected SKU and result", async ({ page }) => {
  const wp = await openRepeats(page);
  await wp.sheet("comparison");
  await expect.poll(() => wp.painted("chart-tornado")).toBeGreaterThan(2000);
  await expect(wp.id("whatif-sku")).toHaveValue("0");
  // [what is picked, the chart's label after it]
  for (const [pick, value, label] of [
    ["whatif-of", "replicas", /H100 SXM ×1: Replicas, each input ±10 %/],
    ["whatif-sku", "1", /L40S ×1: Replicas/],
  ] as const) {
    await wp.id(pick).selectOption(value);
    await expect(wp.id("chart-tornado")).toHaveAttribute("aria-label", label);
  }
});

test("goal seek from a computed cell: the peak RPS that fits in 6 replicas", async ({ page }) => {
  const wp = await openRepeats(page);
  await wp.sheet("comparison");
  await expect(wp.id("whatif-ask")).toBeDisabled();
  await wp.id("cmp:replicas:s0").click();
  await wp.id("whatif-ask").click();
  const dialog = wp.id("solve-dialog");
  await expect(dialog).toBeVisible();
  await wp.id("solve-value").fill("6");
  await wp.id("solve-vary").selectOption("cells.peak_rps");
  await wp.id("solve-run").click();
  // 6 replicas ⇔ peak × 200 ÷ 1662.06 × 1.44 ≤ 6 ⇔ peak ≤ 34.626.
  await expect(wp.id("solve-answer")).toContainText("cells.peak_rps = 34.626");
  await wp.id("solve-apply").click();
  await expect(wp.id("cmp:replicas:s0")).toContainText("6");
});

for (const lang of ["en", "zh"] as const) {
  for (const width of [1440, 420]) {
    test(`screenshots ${lang} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const wp = await openRepeats(page);
      if (lang === "zh") await wp.toggleLang();
      await wp.sheet("benchmarks");
      await expect.poll(() => wp.painted("chart-throughput")).toBeGreaterThan(2000);
      await page
        .locator("section.charts")
        .screenshot({ path: `${SHOTS}/bars-${lang}-${width}.png` });
      await wp.sheet("comparison");
      await wp.id("cmp:replicas:s0").click();
      await expect.poll(() => wp.painted("chart-tornado")).toBeGreaterThan(2000);
      await page
        .getByTestId("sheet-comparison")
        .screenshot({ path: `${SHOTS}/compare-${lang}-${width}.png` });
      await wp.id("whatif-ask").click();
      await wp.id("solve-value").fill("6");
      await wp.id("solve-vary").selectOption("cells.peak_rps");
      await wp.id("solve-run").click();
      await expect(wp.id("solve-answer")).toBeVisible();
      await wp.id("whatif").screenshot({ path: `${SHOTS}/whatif-${lang}-${width}.png` });
    });
  }
}
