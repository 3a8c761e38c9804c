/**
 * The app on a phone (420 × 900 px), in English and Chinese: the status bar stays small, every
 * sheet tab is on screen, and the GPU comparison shows the metric and a whole SKU column.
 */
import { expect, test, WorkbookPage } from "./workbook-page";

for (const lang of ["en", "zh"] as const) {
  test(`at 420 px (${lang}) the status bar is small, every tab is on screen and the comparison readable`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 420, height: 900 });
    await new WorkbookPage(page).open(60_000);
    if (lang === "zh") await page.getByTestId("lang-toggle").click();
    // At most two lines of 12 px text: it was 125 px, a seventh of the screen.
    const bar = await page.locator("footer.statusbar").boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(60);
    for (const tab of await page.getByRole("tab").all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(420);
    }
    await page.getByTestId("tab-comparison").click();
    const grid = page.getByTestId("grid-cmp");
    const gridBox = (await grid.boundingBox())!;
    const metric = (await grid.getByRole("rowheader").first().boundingBox())!;
    const sku = (await grid.getByRole("gridcell").first().boundingBox())!;
    // The metric column leaves room for a whole SKU column inside the grid's viewport.
    expect(metric.width).toBeLessThanOrEqual(130);
    expect(sku.x + sku.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
  });
}
