/**
 * Trust gaps closed in Chromium (docs/trust.md, docs/security.md): a formula whose result is out of
 * its field's range is an error on that field in the app, as on the CLI; a corrupt file inside an
 * imported folder is shown and counted as dropped, never a green "Imported".
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./expected";
import { expect, test, WorkbookPage } from "./workbook-page";

test("a formula yielding a negative peak RPS is an error on the workload's field, in the status bar too", async ({
  wp,
}) => {
  await wp.sheet("assumptions");
  await expect(wp.id("status-trust")).not.toHaveAttribute("data-level", "error");
  // The cell itself has no range; the workload's peak RPS (=peak_rps) does.
  await wp.type("cells", "peak_rps", "value", "=10 - 60");
  await expect(wp.cell("cells", "peak_rps", "result")).toHaveText("-50");
  await expect(wp.cell("workloads", "0", "peakRps")).toHaveText("#VALUE");
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "error");
  const errors = wp.id("status-errors");
  await expect(errors).toContainText("workloads[0].peakRps");
  await expect(errors).toContainText("expected from 0 up to 1e9 (requests per second), got -50");
  // A formula typed into the field itself is checked the same way.
  await wp.type("cells", "peak_rps", "value", "40");
  await expect(wp.id("status-trust")).not.toHaveAttribute("data-level", "error");
  await wp.type("workloads", "0", "peakRps", "=peak_rps - 100");
  await expect(wp.cell("workloads", "0", "peakRps")).toHaveText("#VALUE");
  await expect(wp.id("status-errors")).toContainText("got -60");
  // In Chinese, the same message is rendered from the range.
  await wp.toggleLang();
  await expect(wp.id("status-errors")).toContainText("应在 0 至 1e9 之间（请求/秒），实际为 -60");
});

test("a corrupt file inside an imported folder: the import is not green, names the file, and the status bar and banner say what was dropped", async ({
  page,
}) => {
  // A folder of four vLLM result files of one sweep; concurrency 16 was cut off mid-write.
  const dir = mkdtempSync(join(tmpdir(), "capplan-e2e-folder-"));
  const run = join(dir, "run");
  mkdirSync(run);
  const src = join(ROOT, "fixtures/vllm/concurrency-sweep-h100");
  const names = readdirSync(src).filter((f) => f.endsWith(".json"));
  expect(names).toHaveLength(4);
  const broken = names.find((f) => f.includes("concurrency16-"))!;
  for (const f of names)
    writeFileSync(
      join(run, f),
      f === broken ? readFileSync(join(src, f), "utf8").slice(0, 300) : readFileSync(join(src, f)),
    );
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.newPlan();
  await wp.id("folder-input").setInputFiles(run);
  const job = wp.id("import-job").first();
  await expect(wp.id("import-dropped")).toContainText(
    "but 1 file(s) could not be read and were dropped",
  );
  await expect(wp.id("import-ok")).toHaveCount(0);
  await expect(job).toHaveAttribute("data-dropped", "true");
  // The file and why are shown at once, not folded into the notes.
  const dropped = wp.id("import-dropped-file");
  await expect(dropped).toHaveCount(1);
  await expect(dropped).toBeVisible();
  for (const text of [`run/${broken}:1:301`, "invalid JSON"])
    await expect(dropped).toContainText(text);
  // The three other levels were imported.
  await expect(wp.cell("sweep-0", "r2", "concurrency")).toHaveText("64");
  // Priced, the SKU is recommended, but the state stays amber and says what was dropped.
  await wp.id("sku-price-0").fill("2.5");
  await wp.id("sku-price-0").press("Enter");
  await expect(wp.id("status-recommendation")).toContainText("Recommended:");
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(wp.id("status-errors")).toContainText(`were dropped (${broken})`);
  // The list of what to check opens on click and closes with Escape.
  await wp.id("status-errors").click();
  await expect(
    wp.id("trust-list").getByTestId("trust-item").filter({ hasText: broken }),
  ).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(wp.id("trust-list")).toHaveCount(0);
  await wp.sheet("comparison");
  await expect(wp.id("rec-banner")).toHaveAttribute("data-level", "warn");
  const item = wp.id("rec-banner").getByTestId("banner-item").filter({ hasText: broken });
  await expect(item).toHaveCount(1);
  // Clicking the item goes to the sweep card on the Benchmarks sheet.
  await item.click();
  await expect(wp.id("sheet-benchmarks")).toBeVisible();
  await expect(wp.id("sweep-card-0")).toBeInViewport();
});

test("picking a catalogue GPU for a sweep without a price fills its indicative price, flagged 'defaulted' until a price is typed", async ({
  wp,
  page,
}) => {
  await wp.newPlan();
  await wp.importFile(join(ROOT, "fixtures/vllm/vllm-8qps-concurrency8-llama.json"));
  await wp.id("sku-gpu-0").selectOption("l40s");
  const price = wp.id("sku-price-0");
  await expect(price).toHaveValue("1.09");
  await expect(price).toHaveAttribute("data-defaulted", "true");
  await expect(price).toBeFocused();
  await expect(page.locator(".field.defaulted")).toHaveAttribute(
    "title",
    /indicative on-demand price \(RunPod pricing.*2026-09-25\), not a quote/,
  );
  // Costed and recommended, but not green: the status bar and the banner say the price is a default.
  await expect(wp.id("status-recommendation")).toContainText("Recommended:");
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(wp.id("status-errors")).toContainText("defaulted price $1.09 per GPU-hour");
  await wp.sheet("comparison");
  const item = wp
    .id("rec-banner")
    .getByTestId("banner-item")
    .filter({ hasText: "defaulted price" });
  await expect(item).toHaveCount(1);
  await item.click();
  await expect(price).toBeFocused();
  // Typing a price makes it the planner's own: the flag goes.
  await price.fill("0.95");
  await price.press("Enter");
  await expect(price).not.toHaveAttribute("data-defaulted", "true");
  await expect(wp.id("status-errors")).not.toContainText("defaulted price");
});
