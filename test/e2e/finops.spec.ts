/**
 * FinOps on the Teams sheet (docs/allocation.md, docs/focus.md) in Chromium against the built app:
 * the seed example switched to the reservation basis with a separate idle line, a reserved replica
 * count and a shared cost; the team totals and the conservation line; the FOCUS 1.3 export; and the
 * plan-vs-actual view after importing a FOCUS file. Numbers are hand-calculated below.
 */
import Papa from "papaparse";
import { FOCUS_COLUMNS } from "../../src/report/focus";
import { expect, test, WorkbookPage } from "./workbook-page";

const shot = (name: string) => `/tmp/finops-${name}.png`;

test("reservation basis, reserved replicas and a shared cost: team totals, conservation, FOCUS export and plan vs actual", async ({
  wp,
  page,
}) => {
  await wp.example("seed", "teams");
  // Seed: pool 70b costs ¥1,920 a day; search uses 3e7 tokens, support 1e8.
  await wp.id("alloc-basis").selectOption("reservation");
  await wp.id("alloc-idle").selectOption("separate");
  await expect(wp.id("alloc-hint")).toContainText("max(reserved, used) replicas");
  // Without replicas and capacity the pool falls back to usage (warning), so give them: 8 replicas, 2.6e8 tokens a day.
  await wp.type("pools", "0", "replicas", "8");
  await wp.type("pools", "0", "capacityTokensPerDay", "260000000");
  await wp.type("usage", "0", "reservedReplicas", "4");
  // search: used 3e7 / 2.6e8 × 8 = 0.92 replicas, reserves 4 → billed 4 → 4/8 × 1920 = 960.00;
  // support: used 1e8 / 2.6e8 × 8 = 3.08 replicas → 1920 × 1e8 / 2.6e8 = 738.46; idle 1920 − 960 − 738.46 = 221.54.
  await expect(wp.cell("alloc-0", "search", "day")).toHaveText("¥960.00");
  await expect(wp.cell("alloc-0", "support", "day")).toHaveText("¥738.46");
  await expect(wp.cell("alloc-0", "__idle", "day")).toHaveText("¥221.54");
  await expect(wp.id("conservation-0")).toHaveAttribute("data-ok", "true");
  // Cost per 1M input and output tokens beside per 1M tokens (method tokens: all equal): 960 / 3e7 × 1e6 = 32.00.
  await expect(wp.cell("alloc-0", "search", "perMIn")).toHaveText("¥32.00");
  await expect(wp.cell("alloc-0", "search", "perMOut")).toHaveText("¥32.00");

  // A shared cost of ¥100 a day, weighted by pool cost: search 100 × 960 / 1698.46 = 56.52, support 43.48.
  await wp.id("add-shared").click();
  await wp.type("shared", "0", "costPerDay", "100");
  await expect(wp.cell("team-totals", "search", "own")).toHaveText("¥960.00");
  await expect(wp.cell("team-totals", "search", "shared")).toHaveText("¥56.52");
  await expect(wp.cell("team-totals", "search", "total")).toHaveText("¥1,016.52");
  await expect(wp.cell("team-totals", "support", "total")).toHaveText("¥781.94");
  await expect(wp.cell("shared-lines", "platform", "cost")).toHaveText("¥100.00");
  // teams 1,798.46 + idle 221.54 + unallocated 0 = 2,020.00 = pool 1,920 + shared 100.
  const all = wp.id("conservation-all");
  await expect(all).toHaveAttribute("data-ok", "true");
  for (const text of ["¥1,798.46", "¥2,020.00"]) await expect(all).toContainText(text);

  // FOCUS 1.3 export for one day: pool origin → search, support, idle; shared origin → search, support.
  await wp.id("focus-start").fill("2026-11-01");
  await wp.id("focus-days").fill("1");
  await wp.id("focus-days").dispatchEvent("change");
  const { name, text } = await wp.download(wp.id("export-focus"));
  expect(name).toMatch(/-focus-2026-11-01\.csv$/);
  expect(text.split("\n")[0]).toBe(FOCUS_COLUMNS.join(","));
  const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
  expect(rows.map((r) => [r.x_OriginChargeId, r.x_Team || r.x_Line, r.BilledCost])).toEqual([
    ["pool/70b/2026-11-01", "search", "960.00"],
    ["pool/70b/2026-11-01", "support", "738.46"],
    ["pool/70b/2026-11-01", "idle", "221.54"],
    ["shared/platform/2026-11-01", "search", "56.52"],
    ["shared/platform/2026-11-01", "support", "43.48"],
  ]);
  expect(rows[0]!.AllocatedMethodDetails).toBe(
    '{"Elements":[{"AllocatedRatio":0.5,"UsageUnit":"Replicas","UsageQuantity":4}]}',
  );

  // Importing the export back: actual = plan, variance 0.
  await wp.upload("focus-input", "own.csv", text);
  await expect(wp.id("pva-result")).toBeVisible();
  await expect(wp.cell("pva", "team:search", "planned")).toHaveText("¥1,016.52");
  await expect(wp.cell("pva", "team:search", "variance")).toHaveText("¥0.00");
  await expect(wp.cell("pva", "total", "actual")).toHaveText("¥2,020.00");
  // A bill where search spent ¥40 more on the pool: +40.00, +3.9 % of 1,016.52.
  const over = text.replace(
    /,960\.00,960\.00,960\.00,960\.00,/,
    ",1000.00,1000.00,1000.00,1000.00,",
  );
  await wp.upload("focus-input", "bill.csv", over);
  await expect(wp.cell("pva", "team:search", "variance")).toHaveText("+¥40.00");
  await expect(wp.cell("pva", "team:search", "pct")).toHaveText("+3.9 %");
  await expect(wp.cell("pva", "pool:70b", "variance")).toHaveText("+¥40.00");
  await expect(wp.cell("pva", "total", "variance")).toHaveText("+¥40.00");
  await expect(wp.id("pva-unattributed")).toContainText("¥221.54");

  await wp.id("shared-costs").scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot("light"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: shot("dark"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 420, height: 900 });
  await page.screenshot({ path: shot("420"), fullPage: true });
});
