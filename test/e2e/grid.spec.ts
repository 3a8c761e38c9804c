/**
 * The grid as a spreadsheet (docs/grid.md): Excel/Sheets clipboard text (quoted cells with line
 * breaks and doubled quotes, `$`/`%`/thousands), filling a selection, cut and copy as quoted TSV,
 * typed numbers as people write them (also a decimal comma in a locale that writes one), and
 * every navigation key, with the active cell exposed to screen readers.
 */
import type { Page } from "@playwright/test";
import { expect, test, type WorkbookPage } from "./workbook-page";

/** The data-testid of the grid's active cell, found through aria-activedescendant (what a screen reader follows). */
async function active(page: Page, grid: string): Promise<string | null> {
  return page.getByTestId(`grid-${grid}`).evaluate((el) => {
    const id = el.getAttribute("aria-activedescendant");
    return id ? (document.getElementById(id)?.getAttribute("data-testid") ?? null) : null;
  });
}

/** data-testids of the selected cells of a grid, in document order. */
function selected(page: Page, grid: string): Promise<string[]> {
  return page
    .getByTestId(`grid-${grid}`)
    .locator('td[aria-selected="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid") ?? ""));
}

/** The named cells of the plan in the autosave. */
const savedCells = async (wp: WorkbookPage) =>
  ((await wp.savedPlan()) as { cells: Record<string, unknown> }).cells;

/** Click cell `from` of `grid`, then Shift+click cell `to`: the range between them is selected. */
async function select(
  wp: WorkbookPage,
  from: [string, string],
  to: [string, string],
  grid = "sweep-0",
) {
  await wp.cell(grid, ...from).click();
  await wp.cell(grid, ...to).click({ modifiers: ["Shift"] });
}

/** Dispatch a copy or cut event on the grid and return what it put on the clipboard. */
function clip(page: Page, grid: string, type: "copy" | "cut"): Promise<string> {
  return page.getByTestId(`grid-${grid}`).evaluate((el, t) => {
    const dt = new DataTransfer();
    el.dispatchEvent(new ClipboardEvent(t, { clipboardData: dt, bubbles: true, cancelable: true }));
    return dt.getData("text/plain");
  }, type);
}

test.describe("paste from Excel / Google Sheets", () => {
  test("a quoted cell keeps its line break and its doubled quotes; $, % and thousands are read as numbers", async ({
    wp,
  }) => {
    await wp.sheet("assumptions");
    await wp.cell("workloads", "0", "name").click();
    // What Excel puts on the clipboard for: [chat⏎bot] [1,500] [50%] [$1,234.50] [1.5k] [2 000]
    await wp.paste(
      wp.id("grid-workloads"),
      '"chat\nbot"\t"1,500"\t50%\t"$1,234.50"\t1.5k\t2 000\r\n',
    );
    // Stored as numbers; each cell keeps showing what was pasted (docs/grid.md "Typed numbers").
    await wp.expectCells("workloads", [
      ["0", "outputTokens", "2 000"],
      ["0", "dailyRequests", "$1,234.50"],
    ]);
    await wp.cell("workloads", "0", "name").click();
    await expect(wp.id("fx-workloads")).toHaveText("chat\nbot", { useInnerText: false });
    const plan = async () =>
      ((await wp.savedPlan()) as { workloads: Record<string, unknown>[] }).workloads[0];
    await expect.poll(plan).toMatchObject({
      name: "chat\nbot",
      peakRps: 1500,
      avgRps: 0.5,
      dailyRequests: 1234.5,
      inputTokens: 1500,
      outputTokens: 2000,
    });
    await expect(wp.id("grid-workloads").locator("td.err")).toHaveCount(0);

    await wp.cell("workloads", "0", "name").click();
    await wp.paste(wp.id("grid-workloads"), '"say ""hi"""\r\n');
    await expect.poll(async () => (await plan())?.name).toBe('say "hi"');
    await expect(wp.cell("workloads", "0", "name")).toHaveText('say "hi"');
  });

  test("one value fills the whole selection; a block that divides the selection repeats", async ({
    wp,
  }) => {
    await select(wp, ["r0", "rps"], ["r2", "rps"]);
    await wp.paste(wp.id("grid-sweep-0"), "7\r\n");
    for (const r of ["r0", "r1", "r2"]) await expect(wp.cell("sweep-0", r, "rps")).toHaveText("7");
    await expect(wp.cell("sweep-0", "r3", "rps")).not.toHaveText("7");

    await select(wp, ["r0", "rps"], ["r3", "outputTokensPerSec"]);
    await wp.paste(wp.id("grid-sweep-0"), "1\t10\r\n2\t20\r\n");
    const rows = await Promise.all(
      ["r0", "r1", "r2", "r3"].map(async (r) => [
        await wp.cell("sweep-0", r, "rps").innerText(),
        await wp.cell("sweep-0", r, "outputTokensPerSec").innerText(),
      ]),
    );
    // Each row as "rps output tokens/s".
    expect(rows.map((r) => r.join(" "))).toEqual(["1 10", "2 20", "1 10", "2 20"]);
  });

  test("copy writes quoted TSV that reads back; cut copies then clears", async ({ wp, page }) => {
    await wp.sheet("assumptions");
    await wp.cell("workloads", "0", "name").click();
    await wp.paste(wp.id("grid-workloads"), '"a ""b""\nc"\t12\r\n');
    await select(wp, ["0", "name"], ["0", "peakRps"], "workloads");
    expect(await clip(page, "workloads", "copy")).toBe('"a ""b""\nc"\t12');

    await wp.sheet("benchmarks");
    const before = await wp.cell("sweep-0", "r1", "rps").innerText();
    await wp.cell("sweep-0", "r1", "rps").click();
    const cut = await clip(page, "sweep-0", "cut");
    expect(Number(cut)).toBeCloseTo(Number(before.replace(/,/g, "")), 1);
    await expect(wp.cell("sweep-0", "r1", "rps")).toHaveText("");
    await wp.cell("sweep-0", "r1", "rps").click();
    await wp.paste(wp.id("grid-sweep-0"), cut);
    await expect(wp.cell("sweep-0", "r1", "rps")).toHaveText(before);
  });
});

test.describe("typed numbers", () => {
  test("$2.99, 50%, 1.5k and 1 500 are numbers, not #VALUE; text that is no number is kept and flagged", async ({
    wp,
  }) => {
    await wp.sheet("assumptions");
    const cases: [string, string, number][] = [
      ["h100_hour", "$2.99", 2.99],
      ["avg_rps", "50%", 0.5],
      ["input_tokens", "1.5k", 1500],
      ["peak_rps", "1 500", 1500],
    ];
    for (const [name, typed] of cases) await wp.type("cells", name, "value", typed);
    await expect(wp.id("grid-cells").locator("td.err")).toHaveCount(0);
    await expect
      .poll(async () => {
        const cells = await savedCells(wp);
        return cases.map(([n]) => cells[n]);
      })
      .toEqual(cases.map(([, , v]) => v));
    await expect(wp.cell("cells", "h100_hour", "result")).toHaveText("2.99");

    await wp.type("cells", "l40s_hour", "value", "two");
    await expect(wp.cell("cells", "l40s_hour", "value")).toHaveText("#VALUE");
    await wp.cell("cells", "l40s_hour", "value").click();
    await expect(wp.id("fx-cells")).toHaveText("two");
  });
});

test.describe("a decimal comma where the locale writes one", () => {
  test.use({ locale: "de-DE" });
  test("2,5 is two and a half in de-DE", async ({ wp }) => {
    await wp.sheet("assumptions");
    await wp.type("cells", "h100_hour", "value", "2,5");
    await expect(wp.cell("cells", "h100_hour", "value")).not.toHaveText("#VALUE");
    await expect.poll(async () => (await savedCells(wp)).h100_hour).toBe(2.5);
  });
});

test.describe("keys", () => {
  test("Home/End, Ctrl+Home/End, Ctrl+Arrow, PageUp/PageDown, Ctrl+A move like a spreadsheet, followed by aria-activedescendant", async ({
    wp,
    page,
  }) => {
    await wp.cell("sweep-0", "r1", "rps").click();
    expect(await active(page, "sweep-0")).toBe("sweep-0:r1:rps");
    const row1 = wp.id("grid-sweep-0").locator("tbody tr").nth(1);
    const lastCol = (await row1.locator("td").last().getAttribute("data-testid"))!;
    // [keys pressed in turn, the active cell after them]
    const steps: [string, string][] = [
      ["End", lastCol],
      ["Home", "sweep-0:r1:zone"],
      ["Control+End", lastCol.replace(":r1:", ":r3:")],
      ["Control+Home", "sweep-0:r0:zone"],
      ["ArrowRight Control+ArrowDown", "sweep-0:r3:concurrency"],
      ["Control+ArrowUp", "sweep-0:r0:concurrency"],
      ["PageDown", "sweep-0:r3:concurrency"],
      ["PageUp", "sweep-0:r0:concurrency"],
    ];
    for (const [keys, want] of steps) {
      for (const key of keys.split(" ")) await page.keyboard.press(key);
      expect(await active(page, "sweep-0"), keys).toBe(want);
    }
    await page.keyboard.press("Control+Shift+ArrowDown");
    const column = ["r0", "r1", "r2", "r3"].map((r) => `sweep-0:${r}:concurrency`);
    expect(await selected(page, "sweep-0")).toEqual(column);
    await page.keyboard.press("Control+a");
    const all = await wp.id("grid-sweep-0").locator("td").count();
    expect((await selected(page, "sweep-0")).length).toBe(all);
  });

  test("Ctrl+Arrow stops at the edge of the data: the last filled cell before a gap, then the next filled cell", async ({
    wp,
    page,
  }) => {
    await wp.cell("sweep-0", "r2", "rps").click();
    await page.keyboard.press("Delete");
    await expect(wp.cell("sweep-0", "r2", "rps")).toHaveText("");
    await wp.cell("sweep-0", "r0", "rps").click();
    for (const row of ["r1", "r3"]) {
      await page.keyboard.press("Control+ArrowDown");
      expect(await active(page, "sweep-0")).toBe(`sweep-0:${row}:rps`);
    }
  });

  test("Ctrl+D fills down; Shift+click and mouse drag select ranges; the formula bar shows the formula", async ({
    wp,
    page,
  }) => {
    const r0 = await wp.cell("sweep-0", "r0", "rps").innerText();
    await select(wp, ["r0", "rps"], ["r2", "rps"]);
    await page.keyboard.press("Control+d");
    for (const r of ["r1", "r2"]) await expect(wp.cell("sweep-0", r, "rps")).toHaveText(r0);
    await expect(wp.cell("sweep-0", "r3", "rps")).not.toHaveText(r0);

    const a = await wp.cell("sweep-0", "r0", "concurrency").boundingBox();
    const b = await wp.cell("sweep-0", "r2", "rps").boundingBox();
    await page.mouse.move(a!.x + 5, a!.y + 5);
    await page.mouse.down();
    await page.mouse.move(b!.x + 5, b!.y + 5, { steps: 5 });
    await page.mouse.up();
    const sel = await selected(page, "sweep-0");
    expect(sel[0]).toBe("sweep-0:r0:concurrency");
    expect(sel[sel.length - 1]).toBe("sweep-0:r2:rps");
    expect(sel.filter((s) => s.includes(":r3:"))).toEqual([]);

    await wp.sheet("comparison");
    await wp.cell("cmp", "pricePerGpuHour", "s0").click();
    await expect(wp.id("fx-cmp")).toHaveText("=h100_hour");
    await wp.sheet("assumptions");
    await wp.cell("cells", "h200_speedup", "value").click();
    await expect(wp.id("fx-cells")).toHaveText("=4.8 / 3.35");
    // the cell above is h200_hour, a plain number (the H200 estimate now follows the H100 through h100_tok_s)
    await page.keyboard.press("ArrowUp");
    await expect(wp.id("fx-cells")).toHaveText("3.79");
  });
});
