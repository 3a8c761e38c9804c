/**
 * Accessibility in CI: axe-core scans every sheet of the app, in English and Chinese, at a desktop
 * (1440 px) and a phone (420 px) width (light; dark mode in English), and fails on any critical or
 * serious violation, and on a missing `<h1>` or `main` landmark. A failure lists each rule with the first few offending elements, so the message alone
 * says what to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, WorkbookPage } from "./workbook-page";

const SHEETS = [
  "benchmarks",
  "assumptions",
  "traffic",
  "comparison",
  "fleet",
  "teams",
  "report",
] as const;

/**
 * Rules of lower impact that this app also keeps: one `<h1>`, one `main` landmark, and heading
 * levels that do not skip one (each sheet has a level-2 heading, read by screen readers only).
 */
const ALSO_FAIL = ["page-has-heading-one", "landmark-one-main", "landmark-unique", "heading-order"];

/**
 * Every axe rule, violations only. Legacy mode runs axe in the page itself: the default mode
 * serialises every result and finishes the run in a second blank page, which took 2–10 s a sheet
 * against 1–1.7 s here, with the same violations on every sheet (checked when this was chosen).
 * Legacy mode's one loss, cross-origin iframes, does not apply: the app has no iframes.
 */
async function scan(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious" || ALSO_FAIL.includes(v.id))
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`)
          .join(" | ")}`,
    );
}

for (const scheme of ["light", "dark"] as const) {
  for (const width of [1440, 420]) {
    for (const lang of ["en", "zh"] as const) {
      if (scheme === "dark" && lang === "zh") continue;
      test(`axe: no critical or serious violation on any sheet (${lang}, ${width} px, ${scheme})`, async ({
        page,
      }) => {
        test.setTimeout(300_000);
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await new WorkbookPage(page).open(60_000);
        if (lang === "zh") {
          await page.getByTestId("lang-toggle").click();
          await expect(page.locator("html")).toHaveAttribute("lang", /zh/);
        }
        const found: string[] = [];
        for (const sheet of SHEETS) {
          await page.getByTestId(`tab-${sheet}`).click();
          await expect(page.getByTestId("sheet-loading")).toHaveCount(0);
          await page.waitForTimeout(300);
          for (const v of await scan(page)) found.push(`${sheet}: ${v}`);
        }
        expect(found).toEqual([]);
        // The sheet tabs sit in the navigation landmark.
        await expect(page.getByRole("navigation").getByRole("tablist")).toHaveCount(1);
      });
    }
  }
}
