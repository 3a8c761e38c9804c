/**
 * The trust state in Chromium, driven as a planner would (docs/trust.md): the status bar, the
 * recommendation banner and the exports agree with the sheets; nothing is green over a missing
 * price, a rejected entry or an empty plan; each listed item goes to its cell.
 */
import { join } from "node:path";
import { ROOT } from "./expected";
import { expect, test, type WorkbookPage } from "./workbook-page";

const ONE_RUN = join(ROOT, "fixtures/vllm/vllm-8qps-concurrency8-llama.json");

test("New plan is not green: the status says there is no SKU yet and nothing is recommended", async ({
  wp,
}) => {
  await wp.newPlan();
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(wp.id("status-errors")).toContainText("No SKU yet");
  const rec = wp.id("status-recommendation");
  await expect(rec).toHaveText("No benchmarks yet: import a sweep on the Benchmarks sheet");
  await expect(rec).not.toHaveClass(/\bgood\b/);
});

test("a mistyped SLO metric is an error in the status bar, says the plan still uses TTFT, and goes to its cell", async ({
  wp,
}) => {
  await wp.sheet("assumptions");
  await wp.type("slo", "0", "metric", "ttf");
  await expect(wp.cell("slo", "0", "metric")).toHaveText("#VALUE");
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "error");
  for (const text of ["1 error(s)", '"ttf" was not taken', "the plan still uses TTFT"])
    await expect(wp.id("status-errors")).toContainText(text);
  // The banner of the comparison agrees: not green.
  await wp.sheet("comparison");
  await expect(wp.id("rec-banner")).toHaveAttribute("data-level", "error");
  await expect(wp.id("rec-banner")).toContainText('"ttf" was not taken');
  // Clicking the item in the status list goes to the cell on the Assumptions sheet.
  await wp.id("status-errors").click();
  await wp.id("trust-list").getByTestId("trust-item").filter({ hasText: "ttf" }).click();
  await expect(wp.id("sheet-assumptions")).toBeVisible();
  await expect(wp.cell("slo", "0", "metric")).toHaveClass(/flash/);
  // Fixing it turns the error off.
  await wp.type("slo", "0", "metric", "ttft");
  await expect(wp.id("status-trust")).not.toHaveAttribute("data-level", "error");
});

test("a sweep imported into a new plan needs a price: no #VALUE, no 'No SKU meets the SLOs'; a price makes it the recommendation", async ({
  wp,
  page,
}) => {
  await wp.newPlan();
  await wp.importFile(ONE_RUN);
  const price = wp.id("sku-price-0");
  await expect(price).toHaveAttribute("data-needs", "true");
  await expect(price).toHaveValue("");
  await expect(price).toHaveAttribute("placeholder", "needs a price");
  await expect(page.locator(".field.bad")).toHaveCount(0);
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(wp.id("status-errors")).toContainText("needs a price per GPU-hour");
  const rec = wp.id("status-recommendation");
  await expect(rec).toContainText("meet(s) the SLOs — enter a price per GPU-hour");
  await expect(rec).not.toContainText("No SKU meets the SLOs");
  await wp.sheet("comparison");
  await expect(wp.cell("cmp", "feasible", "s0")).toHaveText("yes");
  await expect(wp.cell("cmp", "pricePerGpuHour", "s0")).toHaveText("needs a price");
  await expect(wp.cell("cmp", "pricePerGpuHour", "s0")).not.toHaveClass(/\berr\b/);
  await expect(wp.id("rec-banner")).toContainText("enter a price per GPU-hour");
  // The banner item goes to the price field on the Benchmarks sheet.
  await wp.id("rec-banner").getByTestId("banner-item").filter({ hasText: "needs a price" }).click();
  await expect(price).toBeFocused();
  await page.keyboard.type("2.5");
  await page.keyboard.press("Enter");
  await expect(rec).toContainText("Recommended:");
  await expect(wp.id("status-errors")).not.toContainText("needs a price");
});

test("picking a GPU the catalogue has no price for asks for the price", async ({ wp }) => {
  await wp.newPlan();
  await wp.importFile(ONE_RUN);
  await wp.id("sku-gpu-0").selectOption("l4");
  await expect(wp.id("sku-price-0")).toBeFocused();
  await expect(wp.id("sku-price-0")).toHaveAttribute("data-needs", "true");
});

test("an export that would carry an unchecked number asks first and says so at the top of the file", async ({
  wp,
  page,
}) => {
  await wp.example("seed", "report");
  // Declining writes nothing.
  let downloads = 0;
  page.on("download", () => downloads++);
  // The app's own dialog asks, never window.confirm.
  page.on("dialog", (d) => {
    throw new Error(`a native dialog opened: ${d.message()}`);
  });
  await wp.id("report-download").click();
  const dialog = wp.id("confirm-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("confirm-items")).toContainText(
    "H100 TP4: capacity given or estimated, not checked against the SLOs",
  );
  await dialog.getByTestId("confirm-cancel").click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300);
  expect(downloads).toBe(0);
  // Accepting writes the file with the warning on top.
  await wp.id("report-download").click();
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
  await wp.newPlan();
  await wp.pasteImport(TABLE);
  await expect(wp.id("column-mapping")).toBeVisible();
}

test("the mapping step shows every column in words and imports exactly what it shows: an ignored column is not read as RPS", async ({
  wp,
  page,
}) => {
  await pasteTable(wp);
  await expect(wp.id("map-row-0")).toContainText("Concurrency (requests in flight)");
  await expect(wp.id("map-row-2")).toContainText("End-to-end latency · P99 (ms)");
  // Nothing is guessed: the ambiguous column must be chosen before importing.
  await expect(wp.id("mapping-apply")).toBeDisabled();
  await expect(wp.id("map-1")).toHaveValue("?");
  await expect(wp.id("column-mapping")).not.toContainText("outputTokensPerSec");
  await expect(wp.id("map-1").locator("option")).toHaveText([
    "— choose —",
    "Requests per second achieved (RPS)",
    "Output tokens per second",
    "(ignore this column)",
  ]);
  await wp.id("map-1").selectOption({ label: "(ignore this column)" });
  await expect(wp.id("mapping-apply")).toBeEnabled();
  await wp.id("mapping-apply").click();
  await expect(wp.id("import-ok")).toBeVisible();
  // RPS and output tokens/s are always columns of a sweep grid: here they stay empty.
  await wp.expectCells("sweep-0", [
    ["r2", "concurrency", "32"],
    ["r2", "rps", ""],
    ["r2", "outputTokensPerSec", ""],
  ]);
  // Each note is listed once.
  const notes = await page.locator(".issues-warn li").allTextContents();
  expect(new Set(notes).size).toBe(notes.length);
});

test("choosing output tokens/s in the mapping step imports the column as output tokens/s, in Chinese too", async ({
  wp,
}) => {
  await wp.toggleLang();
  await pasteTable(wp);
  await expect(wp.id("map-1").locator("option")).toHaveText([
    "— 请选择 —",
    "实际每秒请求数（RPS）",
    "每秒输出 token 数",
    "（忽略此列）",
  ]);
  await wp.id("map-1").selectOption({ label: "每秒输出 token 数" });
  await wp.id("mapping-apply").click();
  await expect(wp.id("import-ok")).toBeVisible();
  await wp.expectCells("sweep-0", [
    ["r2", "outputTokensPerSec", "2,100"],
    ["r2", "rps", ""],
  ]);
});

test("the Teams sheet says what its cost per 1M tokens is per (input + output, output or weighted), unlike the comparison's per output token", async ({
  wp,
}) => {
  await wp.example("seed", "teams");
  const heads = wp.id("alloc-results").locator("thead th");
  // Rows [method picked (null: as it is), its header]; the input and output headers stay.
  const check = async (has: string, rows: [string | null, string][], rest: string[]) => {
    for (const [method, first] of rows) {
      if (method) await wp.id("alloc-method").selectOption(method);
      await expect(heads.filter({ hasText: has })).toHaveText([first, ...rest]);
    }
  };
  await check(
    "Cost / 1M",
    [
      [null, "Cost / 1M tokens (input + output)"],
      ["output", "Cost / 1M output tokens"],
      ["weighted", "Cost / 1M weighted tokens"],
    ],
    ["Cost / 1M input tokens", "Cost / 1M output tokens"],
  );
  await wp.toggleLang();
  await check(
    "每百万",
    [
      [null, "每百万加权 token 成本"],
      ["tokens", "每百万 token 成本（输入 + 输出）"],
    ],
    ["每百万输入 token 成本", "每百万输出 token 成本"],
  );
  await wp.sheet("comparison");
  await expect(
    wp.id("grid-cmp").locator("th").filter({ hasText: "每百万输出 token 成本" }).first(),
  ).toBeVisible();
});

const USAGE =
  "date,team,model,prompt_tokens,completion_tokens\n2025-06-01,search,llama-70b,10000000,20000000\n2025-06-01,support,llama-70b,60000000,40000000\n2025-06-01,ads,qwen-7b,1000000,500000\n";

test("a usage CSV with a model column asks to map each model to a pool instead of importing rows that are all #NAME; cancelling imports nothing", async ({
  wp,
}) => {
  await wp.example("seed", "teams");
  // Cancelled: the step goes and the seed's usage stays.
  await wp.upload("usage-input", "usage.csv", USAGE);
  await wp.id("usage-pool-cancel").click();
  await expect(wp.id("usage-pool-step")).toHaveCount(0);
  await wp.expectCells("usage", [
    ["0", "team", "search"],
    ["0", "pool", "70b"],
    ["1", "team", "support"],
  ]);
  await expect(wp.cell("usage", "2", "team")).toHaveCount(0);
  await expect(wp.id("usage-import-ok")).toHaveCount(0);
  // Asked again and each model mapped to a pool: imported.
  await wp.upload("usage-input", "usage.csv", USAGE);
  await expect(wp.id("usage-pool-step")).toContainText(
    "usage.csv names 2 pool(s) or model(s) this plan has no pool for",
  );
  await expect(wp.id("usage-import-ok")).toHaveCount(0);
  await expect(wp.id("usage-pool-apply")).toBeDisabled();
  await wp.id("usage-pool-0").selectOption("70b");
  await wp.id("usage-pool-1").selectOption("70b");
  await wp.id("usage-pool-apply").click();
  await expect(wp.id("usage-import-ok")).toContainText("Imported 3 team row(s) from usage.csv");
  await wp.expectCells("usage", [
    ["2", "team", "ads"],
    ["2", "pool", "70b"],
  ]);
  await expect(wp.id("conservation-0")).toHaveClass(/\bgood\b/);
  await expect(wp.id("alloc-results")).toContainText("ads");
});

test("usage rows that name no pool are not green: the check says they are missing, the status bar says so and the allocation export asks and warns in the file", async ({
  wp,
}) => {
  await wp.example("seed", "teams");
  await wp.type("usage", "0", "pool", "nosuch");
  await wp.type("usage", "1", "pool", "nosuch");
  await expect(wp.id("conservation-0")).not.toHaveClass(/\bgood\b/);
  await expect(wp.id("conservation-0")).toContainText("2 usage row(s) are not allocated");
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "error");
  await expect(wp.id("status-errors")).toContainText(
    "2 of 2 usage row(s) name a pool that does not exist (nosuch)",
  );
  await wp.id("export-allocation").click();
  await expect(wp.id("confirm-items")).toContainText(
    "usage row(s) name a pool that does not exist",
  );
  const csv = await wp.download(wp.id("confirm-ok"));
  // The CSV starts with its header (after the BOM): the warning was the dialog's.
  expect(csv.text.startsWith("\ufeffPool,")).toBe(true);
});
