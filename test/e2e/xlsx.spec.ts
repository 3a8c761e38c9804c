/**
 * The Excel export of the Report sheet (docs/xlsx.md), in Chromium against the built app: the
 * downloaded workbook opens in a second reader (openpyxl) with its four sheets, the derived cells
 * as formulas with the engine's numbers, and the trust warnings the export was confirmed with.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openpyxlPython, readWithOpenpyxl } from "../report/xlsx-reader";
import { expect, test, WorkbookPage } from "./workbook-page";

const dir = mkdtempSync(join(tmpdir(), "capplan-e2e-xlsx-"));

for (const lang of ["en", "zh"] as const) {
  test(`the Excel button (${lang}) downloads a workbook whose formulas carry the plan's numbers`, async ({
    wp,
    page,
  }) => {
    if (lang === "zh") await wp.toggleLang();
    await wp.example("seed", "report");
    const button = page.getByTestId("export-xlsx");
    await expect(button).toHaveText(lang === "zh" ? "Excel 工作簿" : "Excel workbook");
    // An export that carries unchecked numbers asks first (docs/trust.md); accept it.
    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.accept();
    });
    const [dl] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(dl.suggestedFilename()).toBe("seed-worked-example-70b-chat-service-tp-4.xlsx");
    const file = join(dir, `seed-${lang}.xlsx`);
    await dl.saveAs(file);
    const python = openpyxlPython();
    expect(python, "python3-openpyxl").not.toBeNull();
    const book = readWithOpenpyxl(python!, [file])[file]!;
    expect(Object.keys(book)).toEqual(["Assumptions", "Comparison", "Teams", "FOCUS"]);
    // docs/capacity.md: 50 × 300 / 1500 = 10 base replicas, × 1.2 × 1.2 = 14.4 → 15; 15 × 4 × 20 CNY.
    expect(book.Comparison!.C6).toEqual({ formula: "Assumptions!$D$21", value: 10 });
    expect(book.Comparison!.C8).toEqual({ formula: "CEILING($C$7-1E-9,1)", value: 15 });
    expect(book.Comparison!.A8!.value).toBe(lang === "zh" ? "副本数" : "Replicas");
    expect(book.Comparison!.C10).toEqual({ formula: "$C$8*$C$2*$C$3", value: 1200 });
    // cost_share(1920, 3e7, 1.3e8) = 443.08 a day.
    expect(book.Teams!.G2!.formula).toBe("$E$2/$E$4*$G$4");
    expect(book.Teams!.G2!.value).toBeCloseTo(443.0769, 4);
    // What the export asked about is written atop Assumptions; otherwise that row is empty.
    if (asked)
      expect(String(book.Assumptions!.A3?.value)).toContain(asked.split("\n")[1]!.slice(2, 30));
    else expect(book.Assumptions!.A3).toBeUndefined();
  });
}
