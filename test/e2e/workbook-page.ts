/**
 * Page model of the workbook for the browser tests (Actual's page-model pattern), and `test` with
 * a `wp` fixture: the page model of a page already opened on the default example.
 */
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export { expect };

export type Sheet =
  | "benchmarks"
  | "assumptions"
  | "traffic"
  | "comparison"
  | "fleet"
  | "teams"
  | "report";

/** The workbook page. */
export class WorkbookPage {
  constructor(readonly page: Page) {}

  /** The element with this data-testid. */
  id(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Wait until the app has loaded its plan (the first load may be slow on a busy machine). */
  loaded(timeout = 20_000): Promise<void> {
    return expect(this.id("app")).toHaveAttribute("data-loading", "false", { timeout });
  }

  /** Open the app (or `path`, e.g. a share link) and wait until the default example is loaded. */
  async open(timeout = 20_000, path = "/"): Promise<void> {
    await this.page.goto(path);
    await this.loaded(timeout);
  }

  /** Reload the page and wait until the app has loaded again. */
  async reload(timeout = 20_000): Promise<void> {
    await this.page.reload();
    await this.loaded(timeout);
  }

  sheet(name: Sheet): Promise<void> {
    return this.id(`tab-${name}`).click();
  }

  /** Load a bundled example from the picker and wait until it is in; then open `sheet`. */
  async example(name: string, sheet?: Sheet): Promise<void> {
    await this.id("example-select").selectOption(name);
    await this.loaded();
    await expect(this.id("title-input")).not.toHaveValue("");
    if (sheet) await this.sheet(sheet);
  }

  /** Start a new, empty plan. */
  newPlan(): Promise<void> {
    return this.id("btn-new").click();
  }

  /** Switch between English and Chinese. */
  toggleLang(): Promise<void> {
    return this.id("lang-toggle").click();
  }

  /** Import a benchmark file (a path) through the file input and wait for the "imported" line. */
  async importFile(path: string): Promise<void> {
    await this.id("file-input").setInputFiles(path);
    await expect(this.id("import-ok")).toBeVisible();
  }

  /** Give the file input with test id `input` a file `name` holding `text`. */
  upload(input: string, name: string, text: string, mimeType = "text/csv"): Promise<void> {
    return this.id(input).setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  }

  /** Open a plan file (`plan` as JSON, or a JSON text) with "Open plan". */
  openPlan(name: string, plan: unknown): Promise<void> {
    const text = typeof plan === "string" ? plan : JSON.stringify(plan);
    return this.upload("plan-input", name, text, "application/json");
  }

  /** Paste `text` into the Benchmarks sheet's paste box and import it. */
  async pasteImport(text: string): Promise<void> {
    await this.id("btn-paste").click();
    await this.id("paste-area").fill(text);
    await this.id("paste-import").click();
  }

  /** Type a plan title and leave the field. */
  async setTitle(title: string): Promise<void> {
    await this.id("title-input").fill(title);
    await this.id("title-input").press("Enter");
    await this.id("title-input").blur();
  }

  /**
   * Click `button` (or run `act`, e.g. a key press) and return the text of the file it downloads
   * (with its suggested name).
   */
  async download(button: Locator | (() => Promise<void>)): Promise<{ name: string; text: string }> {
    const act = typeof button === "function" ? button : () => button.click();
    const [dl] = await Promise.all([this.page.waitForEvent("download"), act()]);
    const stream = await dl.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return { name: dl.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
  }

  /** Write `raw` as the autosave (browser storage). */
  setSaved(raw: string): Promise<void> {
    return this.page.evaluate((t) => localStorage.setItem("capplan.autosave", t), raw);
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

  /** Expect each `[row, col, text]` cell of `grid` to show exactly `text`, in order. */
  async expectCells(grid: string, cells: [string, string, string | RegExp][]): Promise<void> {
    for (const [row, col, text] of cells) await expect(this.cell(grid, row, col)).toHaveText(text);
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

/**
 * Playwright's `test` with `wp`: the page model of the page, opened on the default example.
 * `openTimeout` is how long the first load may take (`test.use({ openTimeout })` in a spec that
 * runs on a busy machine).
 */
export const test = base.extend<{ wp: WorkbookPage; openTimeout: number }>({
  openTimeout: [20_000, { option: true }],
  wp: async ({ page, openTimeout }, use) => {
    const wp = new WorkbookPage(page);
    await wp.open(openTimeout);
    await use(wp);
  },
});
