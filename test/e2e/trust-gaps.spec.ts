/**
 * Trust gaps closed in Chromium (docs/trust.md, docs/security.md): a formula whose result is out of
 * its field's range is an error on that field in the app, as on the CLI.
 */
import { expect, test } from "@playwright/test";
import { WorkbookPage } from "./workbook-page";

test("a formula yielding a negative peak RPS is an error on the workload's field, in the status bar too", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.sheet("assumptions");
  await expect(page.getByTestId("status-trust")).not.toHaveAttribute("data-level", "error");
  // The cell itself has no range; the workload's peak RPS (=peak_rps) does.
  await wp.type("cells", "peak_rps", "value", "=10 - 60");
  await expect(wp.cell("cells", "peak_rps", "result")).toHaveText("-50");
  await expect(wp.cell("workloads", "0", "peakRps")).toHaveText("#VALUE");
  await expect(page.getByTestId("status-trust")).toHaveAttribute("data-level", "error");
  await expect(page.getByTestId("status-errors")).toContainText("workloads[0].peakRps");
  await expect(page.getByTestId("status-errors")).toContainText("expected from 0 up to 1e9 (requests per second), got -50");
  // A formula typed into the field itself is checked the same way.
  await wp.type("cells", "peak_rps", "value", "40");
  await expect(page.getByTestId("status-trust")).not.toHaveAttribute("data-level", "error");
  await wp.type("workloads", "0", "peakRps", "=peak_rps - 100");
  await expect(wp.cell("workloads", "0", "peakRps")).toHaveText("#VALUE");
  await expect(page.getByTestId("status-errors")).toContainText("got -60");
  // In Chinese, the same message is rendered from the range.
  await page.getByTestId("lang-toggle").click();
  await expect(page.getByTestId("status-errors")).toContainText("应在 0 至 1e9 之间（请求/秒），实际为 -60");
});
