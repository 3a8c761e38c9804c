/** Page model of the workbook for the browser tests (Actual's page-model pattern). */
import { expect, type Locator, type Page } from "@playwright/test";

/** The workbook page. */
export class WorkbookPage {
  constructor(readonly page: Page) {}

  /** Open the app and wait until the default example is loaded. */
  async open(): Promise<void> {
    await this.page.goto("/");
    await expect(this.page.getByTestId("app")).toHaveAttribute("data-loading", "false", {
      timeout: 20_000,
    });
  }

  sheet(
    name: "benchmarks" | "assumptions" | "traffic" | "comparison" | "fleet" | "teams" | "report",
  ): Promise<void> {
    return this.page.getByTestId(`tab-${name}`).click();
  }

  /** Load a bundled example from the picker and wait until it is in. */
  async example(name: string): Promise<void> {
    await this.page.getByTestId("example-select").selectOption(name);
    await expect(this.page.getByTestId("app")).toHaveAttribute("data-loading", "false", {
      timeout: 20_000,
    });
    await expect(this.page.getByTestId("title-input")).not.toHaveValue("");
  }

  /** Click `button` and return the text of the file it downloads (with its suggested name). */
  async download(button: Locator): Promise<{ name: string; text: string }> {
    const [dl] = await Promise.all([this.page.waitForEvent("download"), button.click()]);
    const stream = await dl.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return { name: dl.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
  }

  /** The plan in the autosave (browser storage), or null. */
  savedPlan(): Promise<unknown> {
    return this.page.evaluate(() => {
      const raw = localStorage.getItem("capplan.autosave");
      return raw ? (JSON.parse(raw) as { plan: unknown }).plan : null;
    });
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
      el.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }),
      );
    }, text);
  }
}
