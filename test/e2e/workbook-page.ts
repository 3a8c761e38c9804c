/** Page model of the workbook for the browser tests (Actual's page-model pattern). */
import { expect, type Locator, type Page } from "@playwright/test";

/** The workbook page. */
export class WorkbookPage {
  constructor(readonly page: Page) {}

  /** Open the app and wait until the default example is loaded. */
  async open(): Promise<void> {
    await this.page.goto("/");
    await expect(this.page.getByTestId("app")).toHaveAttribute("data-loading", "false", { timeout: 20_000 });
  }

  sheet(name: "benchmarks" | "assumptions" | "comparison"): Promise<void> {
    return this.page.getByTestId(`tab-${name}`).click();
  }

  cell(grid: string, row: string, col: string): Locator {
    return this.page.getByTestId(`${grid}:${row}:${col}`);
  }

  /** Select a cell, type text and press Enter. */
  async type(grid: string, row: string, col: string, text: string): Promise<void> {
    await this.cell(grid, row, col).click();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press("Enter");
  }

  /** Non-transparent pixels painted on a canvas (getImageData). */
  painted(testId: string): Promise<number> {
    return this.page.getByTestId(testId).evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext("2d");
      if (!ctx) return 0;
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    });
  }

  /** Dispatch a paste event carrying `text` on an element (what Ctrl+V delivers). */
  paste(target: Locator, text: string): Promise<void> {
    return target.evaluate((el, t) => {
      const dt = new DataTransfer();
      dt.setData("text/plain", t);
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
    }, text);
  }
}
