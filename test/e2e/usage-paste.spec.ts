/**
 * Team usage pasted into the Teams sheet's usage grid with the grid's own column labels as the
 * header row (docs/allocation.md, docs/grid.md): read exactly as the grid shows it, in English and
 * in Chinese, whether the target cell is only selected or already open for editing (a double
 * click, F2 or a typed key). Pasted through the real clipboard (Ctrl+V), as a user does.
 */
import type { Page } from "@playwright/test";
import { expect, test, WorkbookPage } from "./workbook-page";

/** The grid's header labels of the team, input and output columns, as the page shows them now. */
async function labels(page: Page): Promise<string[]> {
  const th = await page.getByTestId("grid-usage").locator("th").allInnerTexts();
  // th: the corner "#", then Team, Pool, Input, Output, Reserved, then the row labels.
  return [th[1], th[3], th[4]].map((s) => (s ?? "").trim());
}

/** Put `text` on the system clipboard and press Ctrl+V. */
async function clipboardPaste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press("Control+V");
}

const ROWS = [
  ["search", "400,000,000", "100,000,000"],
  ["chat", "200,000,000", "50,000,000"],
];

for (const lang of ["en", "zh"] as const)
  for (const mode of ["selected", "editing"] as const)
    test(`usage pasted with the grid's own ${lang} labels into a cell ${mode === "selected" ? "that is selected" : "open for editing"} is read as shown`, async ({
      page,
      context,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const wp = new WorkbookPage(page);
      await wp.open();
      // Seed: search 10,000,000 / 20,000,000 and support 60,000,000 / 40,000,000 in pool 70b.
      await wp.example("seed", "teams");
      if (lang === "zh") await wp.toggleLang();
      const shown =
        lang === "en"
          ? ["Team", "Input tok / day", "Output tok / day"]
          : ["团队", "每日输入 tok", "每日输出 tok"];
      // The sheet is loaded on first open and the labels follow the language toggle: wait until
      // the grid shows them, then paste exactly what it shows.
      await expect.poll(() => labels(page)).toEqual(shown);
      const head = await labels(page);
      const tsv = [head, ...ROWS].map((r) => r.join("\t")).join("\r\n") + "\r\n";
      const target = wp.cell("usage", "0", "team");
      if (mode === "selected") await target.click();
      else {
        await target.dblclick();
        await expect(wp.id("cell-editor")).toBeFocused();
      }
      await clipboardPaste(page, tsv);

      await expect(wp.id("usage-import-ok")).toBeVisible();
      await expect(wp.id("cell-editor")).toHaveCount(0);
      for (const [i, [team, input, output]] of ROWS.entries()) {
        await expect(wp.cell("usage", String(i), "team")).toHaveText(team!);
        await expect(wp.cell("usage", String(i), "pool")).toHaveText("—");
        await expect(wp.cell("usage", String(i), "inputTokens")).toHaveText(input!);
        await expect(wp.cell("usage", String(i), "outputTokens")).toHaveText(output!);
        await expect(wp.cell("usage", String(i), "reservedReplicas")).toHaveText("");
      }
      // Two rows and the "+" row: the header row is not a team.
      await expect(wp.cell("usage", "2", "team")).toHaveCount(0);
      await expect(wp.id("grid-usage").locator("td.err")).toHaveCount(0);
      await expect
        .poll(
          async () => ((await wp.savedPlan()) as { tenants: { usage: unknown[] } }).tenants.usage,
        )
        .toEqual([
          { team: "search", inputTokens: 4e8, outputTokens: 1e8 },
          { team: "chat", inputTokens: 2e8, outputTokens: 5e7 },
        ]);
    });
