/**
 * Layout and wording bugs that were seen on screen (each checked by geometry or text, not pixels):
 * the sticky row numbers under the status bar, the PNG button over the axis, derived formulas cut
 * off, "1 load levels", the example picker after New plan, and the before/after view's defaults.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test, WorkbookPage } from "./workbook-page";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Scroll so that a sticky row header sits under the status bar, and return what is painted on top there. */
async function topmostAtStatus(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const status = document.querySelector<HTMLElement>(".statusbar")!;
    const sb = status.getBoundingClientRect();
    const th = [...document.querySelectorAll<HTMLElement>(".grid tbody th")].find(
      (e) => e.getBoundingClientRect().top > sb.top,
    );
    if (!th) return false;
    window.scrollBy(0, th.getBoundingClientRect().top - sb.top - 2);
    const r = th.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 5, sb.top + sb.height / 2);
    return !!hit && status.contains(hit);
  });
}

for (const [name, opts] of [
  ["light", { colorScheme: "light" as const, viewport: { width: 1280, height: 800 } }],
  ["dark", { colorScheme: "dark" as const, viewport: { width: 1280, height: 800 } }],
  ["narrow", { colorScheme: "light" as const, viewport: { width: 420, height: 800 } }],
] as const) {
  test.describe(`${name} layout`, () => {
    test.use(opts);
    test("the status bar is painted over the sticky row numbers, not under them", async ({
      wp,
    }) => {
      expect(await topmostAtStatus(wp.page)).toBe(true);
    });
  });
}

test("the PNG button sits under the plot, not over the last axis tick", async ({ wp }) => {
  for (const [sheet, id] of [
    ["benchmarks", "chart-throughput"],
    ["report", "report-chart-per-million"],
    ["report", "report-chart-per-month"],
  ] as const) {
    await wp.sheet(sheet);
    const canvas = await wp.id(id).boundingBox();
    const btn = await wp.id(`png-${id}`).boundingBox();
    expect(btn!.y, id).toBeGreaterThanOrEqual(canvas!.y + canvas!.height - 1);
  }
});

for (const width of [1280, 420]) {
  test(`derived formulas wrap inside their card instead of being cut off (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const wp = new WorkbookPage(page);
    await wp.open();
    await wp.sheet("assumptions");
    const grids = page.locator(".derived .grid");
    await expect(grids.first()).toBeVisible();
    const overflow = await grids.evaluateAll((els) =>
      els.map((e) => e.scrollWidth - e.clientWidth),
    );
    expect(overflow.length).toBeGreaterThan(0);
    for (const o of overflow) expect(o).toBeLessThanOrEqual(1);
  });
}

test("a one-point sweep says 1 load level", async ({ wp }) => {
  await wp.importFile(join(ROOT, "fixtures/vllm/vllm-8qps-concurrency8-llama.json"));
  const card = wp.id("sweep-card-3");
  await expect(card).toContainText("1 load level");
  await expect(card).not.toContainText("1 load levels");
});

test("the example picker is an action menu: it never shows an example as open after New plan", async ({
  wp,
}) => {
  const picker = wp.id("example-select");
  await expect(picker).toHaveValue("");
  await wp.example("seed");
  await expect(picker).toHaveValue("");
  await wp.newPlan();
  await expect(wp.id("title-input")).not.toHaveValue(/seed/i);
  await expect(picker).toHaveValue("");
});

test("before/after does not open on two different GPUs; chosen, it names both sides without empty ()", async ({
  wp,
}) => {
  await wp.sheet("report");
  const box = wp.id("before-after");
  await expect(box.getByTestId("compare-pick")).toBeVisible();
  await expect(box.getByTestId("compare-summary")).toHaveCount(0);
  await box.getByTestId("compare-cand").selectOption("1");
  await expect(box.getByTestId("compare-summary")).toBeVisible();
  await expect(box.getByTestId("compare-table")).not.toContainText("()");
});
