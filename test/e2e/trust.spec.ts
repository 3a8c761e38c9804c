/**
 * The trust state in Chromium, driven as a planner would (docs/trust.md): the status bar, the
 * recommendation banner and the exports agree with the sheets; nothing is green over a missing
 * price, a rejected entry or an empty plan; each listed item goes to its cell.
 */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ROOT } from "./expected";
import { WorkbookPage } from "./workbook-page";

const fixture = (p: string) => join(ROOT, "fixtures", p);

test("New plan is not green: the status says there is no SKU yet and nothing is recommended", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.getByTestId("btn-new").click();
  await expect(page.getByTestId("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(page.getByTestId("status-errors")).toContainText("No SKU yet");
  await expect(page.getByTestId("status-recommendation")).toHaveText("No benchmarks yet: import a sweep on the Benchmarks sheet");
  await expect(page.getByTestId("status-recommendation")).not.toHaveClass(/\bgood\b/);
});

test("a mistyped SLO metric is an error in the status bar, says the plan still uses TTFT, and goes to its cell", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.sheet("assumptions");
  await wp.type("slo", "0", "metric", "ttf");
  await expect(wp.cell("slo", "0", "metric")).toHaveText("#VALUE");
  await expect(page.getByTestId("status-trust")).toHaveAttribute("data-level", "error");
  await expect(page.getByTestId("status-errors")).toContainText("1 error(s)");
  await expect(page.getByTestId("status-errors")).toContainText('"ttf" was not taken');
  await expect(page.getByTestId("status-errors")).toContainText("the plan still uses TTFT");
  // The banner of the comparison agrees: not green.
  await wp.sheet("comparison");
  await expect(page.getByTestId("rec-banner")).toHaveAttribute("data-level", "error");
  await expect(page.getByTestId("rec-banner")).toContainText('"ttf" was not taken');
  // Clicking the item in the status list goes to the cell on the Assumptions sheet.
  await page.getByTestId("status-errors").click();
  await page.getByTestId("trust-list").getByTestId("trust-item").filter({ hasText: "ttf" }).click();
  await expect(page.getByTestId("sheet-assumptions")).toBeVisible();
  await expect(wp.cell("slo", "0", "metric")).toHaveClass(/flash/);
  // Fixing it turns the error off.
  await wp.type("slo", "0", "metric", "ttft");
  await expect(page.getByTestId("status-trust")).not.toHaveAttribute("data-level", "error");
});

test("a sweep imported into a new plan needs a price: no #VALUE, no 'No SKU meets the SLOs'; a price makes it the recommendation", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.getByTestId("btn-new").click();
  await page.getByTestId("file-input").setInputFiles(fixture("vllm/vllm-8qps-concurrency8-llama.json"));
  await expect(page.getByTestId("import-ok")).toBeVisible();
  const price = page.getByTestId("sku-price-0");
  await expect(price).toHaveAttribute("data-needs", "true");
  await expect(price).toHaveValue("");
  await expect(price).toHaveAttribute("placeholder", "needs a price");
  await expect(page.locator(".field.bad")).toHaveCount(0);
  await expect(page.getByTestId("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(page.getByTestId("status-errors")).toContainText("needs a price per GPU-hour");
  await expect(page.getByTestId("status-recommendation")).toContainText("meet(s) the SLOs — enter a price per GPU-hour");
  await expect(page.getByTestId("status-recommendation")).not.toContainText("No SKU meets the SLOs");
  await wp.sheet("comparison");
  await expect(wp.cell("cmp", "feasible", "s0")).toHaveText("yes");
  await expect(wp.cell("cmp", "pricePerGpuHour", "s0")).toHaveText("needs a price");
  await expect(wp.cell("cmp", "pricePerGpuHour", "s0")).not.toHaveClass(/\berr\b/);
  await expect(page.getByTestId("rec-banner")).toContainText("enter a price per GPU-hour");
  // The banner item goes to the price field on the Benchmarks sheet.
  await page.getByTestId("rec-banner").getByTestId("banner-item").filter({ hasText: "needs a price" }).click();
  await expect(page.getByTestId("sku-price-0")).toBeFocused();
  await page.keyboard.type("2.5");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status-recommendation")).toContainText("Recommended:");
  await expect(page.getByTestId("status-errors")).not.toContainText("needs a price");
});

test("picking a GPU for a SKU without a price asks for the price (the catalogue has none to fill in)", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.getByTestId("btn-new").click();
  await page.getByTestId("file-input").setInputFiles(fixture("vllm/vllm-8qps-concurrency8-llama.json"));
  await expect(page.getByTestId("import-ok")).toBeVisible();
  await page.getByTestId("sku-gpu-0").selectOption("l40s");
  await expect(page.getByTestId("sku-price-0")).toBeFocused();
  await expect(page.getByTestId("sku-price-0")).toHaveAttribute("data-needs", "true");
});

test("an export that would carry an unchecked number asks first and says so at the top of the file", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("report");
  // Declining writes nothing.
  let downloads = 0;
  page.on("download", () => downloads++);
  page.once("dialog", (d) => void d.dismiss());
  await page.getByTestId("report-download").click();
  await page.waitForTimeout(300);
  expect(downloads).toBe(0);
  // Accepting writes the file with the warning on top.
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.accept();
  });
  const md = await wp.download(page.getByTestId("report-download"));
  expect(asked).toContain("H100 TP4: capacity given or estimated, not checked against the SLOs");
  expect(md.text.split("\n")[0]).toBe("> **⚠ WARNING: some numbers in this file are not checked or not right:**");
  expect(md.text).toContain("> - H100 TP4: capacity given or estimated, not checked against the SLOs");
});
