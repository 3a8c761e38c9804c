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

test("New plan is not green: the status says there is no SKU yet and nothing is recommended", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.getByTestId("btn-new").click();
  await expect(page.getByTestId("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(page.getByTestId("status-errors")).toContainText("No SKU yet");
  await expect(page.getByTestId("status-recommendation")).toHaveText(
    "No benchmarks yet: import a sweep on the Benchmarks sheet",
  );
  await expect(page.getByTestId("status-recommendation")).not.toHaveClass(/\bgood\b/);
});

test("a mistyped SLO metric is an error in the status bar, says the plan still uses TTFT, and goes to its cell", async ({
  page,
}) => {
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

test("a sweep imported into a new plan needs a price: no #VALUE, no 'No SKU meets the SLOs'; a price makes it the recommendation", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.getByTestId("btn-new").click();
  await page
    .getByTestId("file-input")
    .setInputFiles(fixture("vllm/vllm-8qps-concurrency8-llama.json"));
  await expect(page.getByTestId("import-ok")).toBeVisible();
  const price = page.getByTestId("sku-price-0");
  await expect(price).toHaveAttribute("data-needs", "true");
  await expect(price).toHaveValue("");
  await expect(price).toHaveAttribute("placeholder", "needs a price");
  await expect(page.locator(".field.bad")).toHaveCount(0);
  await expect(page.getByTestId("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(page.getByTestId("status-errors")).toContainText("needs a price per GPU-hour");
  await expect(page.getByTestId("status-recommendation")).toContainText(
    "meet(s) the SLOs — enter a price per GPU-hour",
  );
  await expect(page.getByTestId("status-recommendation")).not.toContainText(
    "No SKU meets the SLOs",
  );
  await wp.sheet("comparison");
  await expect(wp.cell("cmp", "feasible", "s0")).toHaveText("yes");
  await expect(wp.cell("cmp", "pricePerGpuHour", "s0")).toHaveText("needs a price");
  await expect(wp.cell("cmp", "pricePerGpuHour", "s0")).not.toHaveClass(/\berr\b/);
  await expect(page.getByTestId("rec-banner")).toContainText("enter a price per GPU-hour");
  // The banner item goes to the price field on the Benchmarks sheet.
  await page
    .getByTestId("rec-banner")
    .getByTestId("banner-item")
    .filter({ hasText: "needs a price" })
    .click();
  await expect(page.getByTestId("sku-price-0")).toBeFocused();
  await page.keyboard.type("2.5");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("status-recommendation")).toContainText("Recommended:");
  await expect(page.getByTestId("status-errors")).not.toContainText("needs a price");
});

test("picking a GPU the catalogue has no price for asks for the price", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.getByTestId("btn-new").click();
  await page
    .getByTestId("file-input")
    .setInputFiles(fixture("vllm/vllm-8qps-concurrency8-llama.json"));
  await expect(page.getByTestId("import-ok")).toBeVisible();
  await page.getByTestId("sku-gpu-0").selectOption("l4");
  await expect(page.getByTestId("sku-price-0")).toBeFocused();
  await expect(page.getByTestId("sku-price-0")).toHaveAttribute("data-needs", "true");
});

test("an export that would carry an unchecked number asks first and says so at the top of the file", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("report");
  // Declining writes nothing.
  let downloads = 0;
  page.on("download", () => downloads++);
  // The app's own dialog asks, never window.confirm.
  page.on("dialog", (d) => {
    throw new Error(`a native dialog opened: ${d.message()}`);
  });
  await page.getByTestId("report-download").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("confirm-items")).toContainText(
    "H100 TP4: capacity given or estimated, not checked against the SLOs",
  );
  await dialog.getByTestId("confirm-cancel").click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300);
  expect(downloads).toBe(0);
  // Accepting writes the file with the warning on top.
  await page.getByTestId("report-download").click();
  const md = await wp.download(dialog.getByTestId("confirm-ok"));
  expect(md.text.split("\n")[0]).toBe(
    "> **⚠ WARNING: some numbers in this file are not checked or not right:**",
  );
  expect(md.text).toContain(
    "> - H100 TP4: capacity given or estimated, not checked against the SLOs",
  );
});

const TABLE =
  "users,throughput,latency p99,first token p50\n1,100,300,40\n8,700,500,60\n32,2100,1900,250\n";

async function pasteTable(wp: WorkbookPage): Promise<void> {
  await wp.page.getByTestId("btn-new").click();
  await wp.page.getByTestId("btn-paste").click();
  await wp.page.getByTestId("paste-area").fill(TABLE);
  await wp.page.getByTestId("paste-import").click();
  await expect(wp.page.getByTestId("column-mapping")).toBeVisible();
}

test("the mapping step shows every column in words and imports exactly what it shows: an ignored column is not read as RPS", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await pasteTable(wp);
  const map = page.getByTestId("column-mapping");
  await expect(page.getByTestId("map-row-0")).toContainText("Concurrency (requests in flight)");
  await expect(page.getByTestId("map-row-2")).toContainText("End-to-end latency · P99 (ms)");
  // Nothing is guessed: the ambiguous column must be chosen before importing.
  await expect(page.getByTestId("mapping-apply")).toBeDisabled();
  await expect(page.getByTestId("map-1")).toHaveValue("?");
  await expect(map).not.toContainText("outputTokensPerSec");
  await expect(page.getByTestId("map-1").locator("option")).toHaveText([
    "— choose —",
    "Requests per second achieved (RPS)",
    "Output tokens per second",
    "(ignore this column)",
  ]);
  await page.getByTestId("map-1").selectOption({ label: "(ignore this column)" });
  await expect(page.getByTestId("mapping-apply")).toBeEnabled();
  await page.getByTestId("mapping-apply").click();
  await expect(page.getByTestId("import-ok")).toBeVisible();
  await expect(wp.cell("sweep-0", "r2", "concurrency")).toHaveText("32");
  // RPS and output tokens/s are always columns of a sweep grid: here they stay empty.
  await expect(wp.cell("sweep-0", "r2", "rps")).toHaveText("");
  await expect(wp.cell("sweep-0", "r2", "outputTokensPerSec")).toHaveText("");
  // Each note is listed once.
  const notes = await page.locator(".issues-warn li").allTextContents();
  expect(new Set(notes).size).toBe(notes.length);
});

test("choosing output tokens/s in the mapping step imports the column as output tokens/s, in Chinese too", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.getByTestId("lang-toggle").click();
  await pasteTable(wp);
  await expect(page.getByTestId("map-1").locator("option")).toHaveText([
    "— 请选择 —",
    "实际每秒请求数（RPS）",
    "每秒输出 token 数",
    "（忽略此列）",
  ]);
  await page.getByTestId("map-1").selectOption({ label: "每秒输出 token 数" });
  await page.getByTestId("mapping-apply").click();
  await expect(page.getByTestId("import-ok")).toBeVisible();
  await expect(wp.cell("sweep-0", "r2", "outputTokensPerSec")).toHaveText("2,100");
  await expect(wp.cell("sweep-0", "r2", "rps")).toHaveText("");
});

test("the Teams sheet says what its cost per 1M tokens is per (input + output, output or weighted), unlike the comparison's per output token", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  const results = page.getByTestId("alloc-results");
  await expect(results.locator("thead th").filter({ hasText: "Cost / 1M" })).toHaveText([
    "Cost / 1M tokens (input + output)",
    "Cost / 1M input tokens",
    "Cost / 1M output tokens",
  ]);
  await page.getByTestId("alloc-method").selectOption("output");
  await expect(results.locator("thead th").filter({ hasText: "Cost / 1M" })).toHaveText([
    "Cost / 1M output tokens",
    "Cost / 1M input tokens",
    "Cost / 1M output tokens",
  ]);
  await page.getByTestId("alloc-method").selectOption("weighted");
  await expect(results.locator("thead th").filter({ hasText: "Cost / 1M" })).toHaveText([
    "Cost / 1M weighted tokens",
    "Cost / 1M input tokens",
    "Cost / 1M output tokens",
  ]);
  await page.getByTestId("lang-toggle").click();
  await expect(results.locator("thead th").filter({ hasText: "每百万" })).toHaveText([
    "每百万加权 token 成本",
    "每百万输入 token 成本",
    "每百万输出 token 成本",
  ]);
  await page.getByTestId("alloc-method").selectOption("tokens");
  await expect(results.locator("thead th").filter({ hasText: "每百万" })).toHaveText([
    "每百万 token 成本（输入 + 输出）",
    "每百万输入 token 成本",
    "每百万输出 token 成本",
  ]);
  await wp.sheet("comparison");
  await expect(
    page.getByTestId("grid-cmp").locator("th").filter({ hasText: "每百万输出 token 成本" }).first(),
  ).toBeVisible();
});

const USAGE =
  "date,team,model,prompt_tokens,completion_tokens\n2025-06-01,search,llama-70b,10000000,20000000\n2025-06-01,support,llama-70b,60000000,40000000\n2025-06-01,ads,qwen-7b,1000000,500000\n";

test("a usage CSV with a model column asks to map each model to a pool instead of importing rows that are all #NAME", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  await page
    .getByTestId("usage-input")
    .setInputFiles({ name: "usage.csv", mimeType: "text/csv", buffer: Buffer.from(USAGE) });
  const step = page.getByTestId("usage-pool-step");
  await expect(step).toContainText(
    "usage.csv names 2 pool(s) or model(s) this plan has no pool for",
  );
  await expect(page.getByTestId("usage-import-ok")).toHaveCount(0);
  await expect(page.getByTestId("usage-pool-apply")).toBeDisabled();
  await page.getByTestId("usage-pool-0").selectOption("70b");
  await page.getByTestId("usage-pool-1").selectOption("70b");
  await page.getByTestId("usage-pool-apply").click();
  await expect(page.getByTestId("usage-import-ok")).toContainText(
    "Imported 3 team row(s) from usage.csv",
  );
  await expect(wp.cell("usage", "2", "team")).toHaveText("ads");
  await expect(wp.cell("usage", "2", "pool")).toHaveText("70b");
  await expect(page.getByTestId("conservation-0")).toHaveClass(/\bgood\b/);
  await expect(page.getByTestId("alloc-results")).toContainText("ads");
});

test("cancelling the model-to-pool step imports nothing", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  await page
    .getByTestId("usage-input")
    .setInputFiles({ name: "usage.csv", mimeType: "text/csv", buffer: Buffer.from(USAGE) });
  await page.getByTestId("usage-pool-cancel").click();
  await expect(page.getByTestId("usage-pool-step")).toHaveCount(0);
  await expect(wp.cell("usage", "0", "team")).toHaveText("search");
  await expect(wp.cell("usage", "0", "pool")).toHaveText("70b");
  await expect(wp.cell("usage", "1", "team")).toHaveText("support");
  await expect(wp.cell("usage", "2", "team")).toHaveCount(0);
  await expect(page.getByTestId("usage-import-ok")).toHaveCount(0);
});

test("usage rows that name no pool are not green: the check says they are missing, the status bar says so and the allocation export asks and warns in the file", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  await wp.type("usage", "0", "pool", "nosuch");
  await wp.type("usage", "1", "pool", "nosuch");
  await expect(page.getByTestId("conservation-0")).not.toHaveClass(/\bgood\b/);
  await expect(page.getByTestId("conservation-0")).toContainText(
    "2 usage row(s) are not allocated",
  );
  await expect(page.getByTestId("status-trust")).toHaveAttribute("data-level", "error");
  await expect(page.getByTestId("status-errors")).toContainText(
    "2 of 2 usage row(s) name a pool that does not exist (nosuch)",
  );
  await page.getByTestId("export-allocation").click();
  await expect(page.getByTestId("confirm-items")).toContainText(
    "usage row(s) name a pool that does not exist",
  );
  const csv = await wp.download(page.getByTestId("confirm-ok"));
  // The CSV starts with its header (after the BOM): the warning was the dialog's.
  expect(csv.text.startsWith("\ufeffPool,")).toBe(true);
});
