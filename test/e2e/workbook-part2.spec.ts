/**
 * The workbook, part 2, in Chromium against the built app: team cost allocation (seed example,
 * pasted teams, FOCUS export), never losing work (autosave and reload, undo/redo of an import,
 * a corrupt save set aside, a broken plan file refused), share links in a fresh browser context,
 * and the Chinese report. Expected numbers come from the engine in Node (expected.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import { validatePlan } from "../../src/engine/plan/plan-file";
import type { PlanFile } from "../../src/engine/base/types";
import { focusCsv, FOCUS_COLUMNS } from "../../src/report/focus";
import { fmtMoney } from "../../src/report/plan-output";
import { compute, ROOT } from "./expected";
import { expect, test, WorkbookPage } from "./workbook-page";

const ONE_RUN = join(ROOT, "fixtures/vllm/vllm-8qps-concurrency8-llama.json");

const seedPlan = (): PlanFile => {
  const v = validatePlan(JSON.parse(readFileSync(join(ROOT, "models/examples/seed.json"), "utf8")));
  if (!v.ok) throw new Error("seed.json is not a valid plan");
  return v.plan;
};

test("the seed example allocates 443.08 a day to the team with 3e7 tokens, and the totals conserve", async ({
  wp,
}) => {
  await wp.example("seed", "teams");
  // The seed plan's allocation (docs/allocation.md): cost_share(1920, 3e7, 1.3e8) = 1920 × 3/13 = 443.0769… → ¥443.08; support gets 1,476.92.
  await wp.expectCells("alloc-0", [
    ["search", "day", "¥443.08"],
    ["search", "weightedTokens", "30,000,000"],
    ["search", "share", "23.08 %"],
    ["support", "day", "¥1,476.92"],
    ["__total", "day", "¥1,920.00"],
  ]);
  await expect(wp.id("conservation-0")).toHaveAttribute("data-ok", "true");
  expect(await wp.painted("chart-allocation")).toBeGreaterThan(2000);
});

test("pasting 5 teams from a spreadsheet adds rows and the pool cost is conserved to the cent", async ({
  wp,
}) => {
  await wp.example("seed", "teams");
  const teams = [
    ["search", "70b", "12,345,678", "2345678"],
    ["support", "70b", "33333333", "1111111"],
    ["ads", "70b", "7777777", "999"],
    ["legal", "70b", "1", "2"],
    ["research", "70b", "55555555", "44444444"],
  ];
  await wp.cell("usage", "0", "team").click();
  await wp.paste(wp.id("grid-usage"), teams.map((r) => r.join("\t")).join("\n") + "\n");
  await wp.expectCells("usage", [
    ["4", "team", "research"],
    ["0", "inputTokens", "12,345,678"],
  ]);
  // Expected: the engine on the same usage rows.
  const plan = seedPlan();
  plan.tenants!.usage = teams.map(([team, pool, i, o]) => ({
    team: team!,
    ...(pool !== undefined ? { pool } : {}),
    inputTokens: Number(i!.replace(/,/g, "")),
    outputTokens: Number(o),
  }));
  const pool = compute(plan).tenants!.pools[0]!;
  expect(pool.teams).toHaveLength(5);
  // Conservation in fen: Σ team costs = 192,000 fen exactly (largest remainder, docs/allocation.md).
  expect(pool.teams.reduce((s, x) => s + Math.round(x.costRounded * 100), 0)).toBe(192000);
  for (const x of pool.teams)
    await expect(wp.cell("alloc-0", x.name, "day")).toHaveText(fmtMoney(x.costRounded, "CNY"));
  await expect(wp.cell("alloc-0", "__total", "day")).toHaveText("¥1,920.00");
  await expect(wp.id("conservation-0")).toHaveAttribute("data-ok", "true");
  await expect(wp.id("conservation-0")).toContainText("¥1,920.00");
});

test("a pasted block with a header row is imported like a CSV: aliases, any order, rows of a team summed", async ({
  wp,
  page,
}) => {
  await wp.example("seed", "teams");
  await wp.cell("usage", "0", "team").click();
  await wp.paste(
    wp.id("grid-usage"),
    "输出 token\t团队\t输入 token\n5\tA\t10\n7\tA\t20\n1\tB\t3\n",
  );
  await expect(wp.id("usage-import-ok")).toBeVisible();
  await wp.expectCells("usage", [
    ["0", "team", "A"],
    ["0", "inputTokens", "30"],
    ["0", "outputTokens", "12"],
    ["1", "team", "B"],
  ]);
  await expect(page.locator('[data-testid^="usage:"][data-testid$=":team"]')).toHaveCount(3); // A, B and the "+" row
  // A (42 tokens) and B (4): 1920 × 42/46 = 1,753.04; 1920 × 4/46 = 166.96 (sum 1,920.00).
  await wp.expectCells("alloc-0", [
    ["A", "day", "¥1,753.04"],
    ["B", "day", "¥166.96"],
  ]);
});

test("a usage CSV's notes and errors are shown in Chinese, rendered from their problems (docs/problems.md)", async ({
  wp,
  page,
}) => {
  await wp.example("seed");
  await wp.toggleLang();
  await wp.sheet("teams");
  // Two dates and an unknown column: imported as daily averages, with two notes.
  const csv =
    "date,team,input tokens,output tokens,notes\n2025-06-01,A,10,4,x\n2025-06-02,A,30,8,y\n合计,,40,12,\n";
  await wp.upload("usage-input", "usage.csv", csv);
  const ok = wp.id("usage-import-ok");
  await expect(ok).toContainText("usage.csv:1: 已忽略的列：notes");
  await expect(ok).toContainText("usage.csv: 跳过了 1 行合计行（Total/合计）");
  await expect(ok).toContainText(
    "usage.csv: 文件涵盖 2 个日期（2025-06-01 … 2025-06-02）：token 合计已除以 2，得到每日用量",
  );
  await expect(wp.cell("usage", "0", "inputTokens")).toHaveText("20");
  await page.screenshot({ path: "/tmp/imsg-usage-teams-zh.png", fullPage: false });
  // A bad file: each error with its line and column, in Chinese.
  await wp.upload("usage-input", "bad.csv", "team,input tokens,output tokens\nA,lots,1\n,1,1\n");
  const bad = wp.id("usage-import-error");
  await expect(bad).toContainText('bad.csv:2 column "input tokens": "lots" 不是 token 数');
  await expect(bad).toContainText('bad.csv:3 column "team": 团队名为空');
  await page.screenshot({ path: "/tmp/imsg-usage-teams-zh-error.png", fullPage: false });
});

test("the FOCUS CSV download has the FOCUS header and the planned cost of each team", async ({
  wp,
}) => {
  await wp.example("seed", "teams");
  await wp.id("focus-start").fill("2025-06-01");
  await wp.id("focus-days").fill("30");
  await wp.id("focus-days").dispatchEvent("change");
  const { name, text } = await wp.download(wp.id("export-focus"));
  expect(name).toBe("seed-worked-example-70b-chat-service-tp-4-focus-2025-06-01.csv");
  const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
  expect(text.split("\n")[0]).toBe(FOCUS_COLUMNS.join(","));
  // FOCUS 1.3 split allocation: one allocated charge per team and day; 443.08 a day, 30 days
  // from 2025-06-01 (billing period end, exclusive, 2025-07-01).
  const search = rows.filter((r) => r.x_Team === "search");
  expect(search).toHaveLength(30);
  expect(search[0]).toMatchObject({
    BilledCost: "443.08",
    BillingCurrency: "CNY",
    ChargePeriodStart: "2025-06-01T00:00:00Z",
    ChargePeriodEnd: "2025-06-02T00:00:00Z",
    BillingPeriodEnd: "2025-07-01T00:00:00Z",
    x_InputTokens: String(1e7),
  });
  expect(search[29]!.ChargePeriodStart).toBe("2025-06-30T00:00:00Z");
  // The whole file equals the module's output for the engine's result.
  const plan = seedPlan();
  const expected = focusCsv(compute(plan), {
    period: { start: new Date("2025-06-01T00:00:00Z"), days: 30 },
    plan,
  });
  expect(expected.ok && expected.csv).toBe(text);
  // The allocation CSV has a BOM (Excel) and the totals line.
  const alloc = await wp.download(wp.id("export-allocation"));
  expect(alloc.text.charCodeAt(0)).toBe(0xfeff);
  expect(alloc.text).toContain("70b,search,10000000,20000000,30000000,0.230769,443.08,");
});

test("a reload restores the plan exactly, including an imported sweep with its empty price", async ({
  wp,
}) => {
  await wp.sheet("assumptions");
  await wp.type("cells", "h100_hour", "value", "=2.5 * 1.1");
  await wp.sheet("benchmarks");
  await wp.importFile(ONE_RUN);
  await expect(wp.id("sweep-card-3")).toBeVisible();
  const before = await wp.savedPlan();
  expect(JSON.stringify(before)).toContain('"pricePerGpuHour":""');
  await wp.reload();
  await expect(wp.id("restore-problem")).toHaveCount(0);
  await expect(wp.id("sweep-card-3")).toBeVisible();
  await expect(wp.cell("sweep-3", "r0", "concurrency")).toHaveText("8");
  await wp.sheet("assumptions");
  await expect(wp.cell("cells", "h100_hour", "result")).toHaveText("2.75");
  expect(await wp.savedPlan()).toEqual(before);
});

test("undo and redo an import, with the buttons and the keyboard", async ({ wp, page }) => {
  const cards = page.locator('[data-testid^="sweep-card-"]');
  await expect(cards).toHaveCount(2);
  await expect(wp.id("btn-undo")).toBeDisabled();
  await wp.id("file-input").setInputFiles(ONE_RUN);
  await expect(cards).toHaveCount(3);
  await wp.id("btn-undo").click();
  await expect(cards).toHaveCount(2);
  await wp.id("btn-redo").click();
  await expect(cards).toHaveCount(3);
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("Control+z");
  await expect(cards).toHaveCount(2);
  await page.keyboard.press("Control+Shift+z");
  await expect(cards).toHaveCount(3);
  await wp.sheet("comparison");
  await expect(page.locator('[data-testid^="cmp:replicas:"]')).toHaveCount(4);
});

test("a share link opens in a fresh browser with the same numbers, and its text cannot inject markup", async ({
  wp,
  browser,
}) => {
  await wp.example("seed");
  const evil = `<img src=x onerror="window.__pwned=1">"'&`;
  await wp.setTitle(evil);
  await wp.sheet("teams");
  await wp.type("usage", "0", "inputTokens", "20000000");
  await expect(wp.cell("alloc-0", "search", "day")).not.toHaveText("¥443.08");
  const day = (await wp.cell("alloc-0", "search", "day").textContent())!;
  await wp.id("btn-share").click();
  const url = await wp.id("share-url").inputValue();
  expect(url).toMatch(/#plan=[A-Za-z0-9_-]+$/);

  const fresh = await browser.newContext();
  try {
    const p2 = await fresh.newPage();
    const wp2 = new WorkbookPage(p2);
    await wp2.open(20_000, url);
    await expect(wp2.id("title-input")).toHaveValue(evil);
    await wp2.sheet("teams");
    await expect(wp2.cell("alloc-0", "search", "day")).toHaveText(day);
    await wp2.sheet("report");
    await expect(wp2.id("report-text")).toContainText(evil);
    expect(await p2.locator("img").count()).toBe(0);
    expect(
      await p2.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    expect(p2.url()).not.toContain("#plan="); // the fragment is dropped once loaded
  } finally {
    await fresh.close();
  }
});

test("a plan file with a broken formula is reported with its path and the current plan stays", async ({
  wp,
  page,
}) => {
  const title = await wp.id("title-input").inputValue();
  const broken = structuredClone(seedPlan());
  broken.title = "Broken";
  broken.cells!.peak_rps = "=avg_rps * ";
  await wp.openPlan("broken.json", broken);
  const box = wp.id("file-problems");
  await expect(box).toBeVisible();
  for (const text of ["broken.json", "cells.peak_rps", "#PARSE"])
    await expect(box).toContainText(text);
  await expect(wp.id("title-input")).toHaveValue(title);
  await wp.sheet("comparison");
  await expect(page.locator('[data-testid^="cmp:replicas:"]')).toHaveCount(3);
  // A file that is not a plan at all names the path of each problem.
  await wp.openPlan("bad.json", {
    format: "capplan.plan/v1",
    workloads: [{ peakRps: "four", inputTokens: 1, outputTokens: 1 }],
    skus: [{ name: "x" }],
  });
  for (const text of ["workloads[0].peakRps", "skus[0].gpusPerReplica"])
    await expect(box).toContainText(text);
  await expect(wp.id("open-anyway")).toHaveCount(0);
  await expect(wp.id("title-input")).toHaveValue(title);
});

test("switching to Chinese shows the report in Chinese, and the choice persists", async ({
  wp,
}) => {
  await wp.example("seed");
  await wp.toggleLang();
  await wp.sheet("report");
  for (const text of ["推理基准报告", "结论"])
    await expect(wp.id("report-text")).toContainText(text);
  await expect(wp.id("tab-teams")).toHaveText("团队分摊（FinOps）");
  await expect(wp.id("report-copy")).toHaveText("复制报告");
  // The seed's capacity is given, not checked against the SLOs: the download asks first and the
  // file says so at its top (docs/trust.md), then the report follows unchanged.
  await wp.id("report-download").click();
  await expect(wp.id("confirm-items")).toContainText("H100 TP4");
  await expect(wp.id("confirm-ok")).toHaveText("仍然导出");
  const md = await wp.download(wp.id("confirm-ok"));
  expect(md.text.startsWith("> **⚠ 警告：")).toBe(true);
  expect(md.text).toContain("\n\n## 推理基准报告");
  await wp.reload();
  await expect(wp.id("tab-report")).toHaveText("报告");
  await expect(wp.id("status-errors")).toContainText("1 项待检查");
});

test("a corrupt saved state starts the app with a message and the data offered for download", async ({
  wp,
  page,
}) => {
  const corrupt =
    '{"app":"capplan","schemaVersion":2,"plan":{"format":"capplan.plan/v1","skus":"oops"';
  await wp.setSaved(corrupt);
  await wp.reload();
  const banner = wp.id("restore-problem");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("not JSON");
  await expect(wp.id("status-recommendation")).toContainText("Recommended");
  const kept = await wp.download(wp.id("download-set-aside"));
  expect(kept.text).toBe(corrupt);
  // The autosave works again, and the set-aside data survives a reload until discarded.
  await page.reload();
  await expect(wp.id("restore-problem")).toBeVisible();
  await wp.id("discard-set-aside").click();
  await expect(wp.id("restore-problem")).toHaveCount(0);
});

test("a save of the older format (schema 1) migrates and opens", async ({ wp }) => {
  const workbook = seedPlan();
  await wp.setSaved(
    JSON.stringify({ schemaVersion: 1, savedAt: "2024-01-01T00:00:00Z", workbook }),
  );
  await wp.reload();
  await expect(wp.id("title-input")).toHaveValue(seedPlan().title!);
  await expect(wp.id("notices")).toContainText("older version");
  expect(await wp.savedPlan()).toEqual(seedPlan());
});

test("a plan too long for a link is saved as a file instead, with a clear message", async ({
  wp,
}) => {
  // 4,000 load levels of pseudo-random numbers do not compress below the 32,000-character bound.
  const plan = seedPlan();
  let x = 12345;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648) * 1000;
  plan.skus[0]!.sweep = {
    points: Array.from({ length: 4000 }, (_, i) => ({
      concurrency: i + 1,
      requestRate: null,
      rps: rnd(),
      outputTokensPerSec: rnd(),
      ttftMs: { p99: rnd() },
    })),
  };
  await wp.setSaved(JSON.stringify({ app: "capplan", schemaVersion: 2, savedAt: "", plan }));
  await wp.reload();
  const file = await wp.download(wp.id("btn-share"));
  await expect(wp.id("share-too-long")).toContainText("too long for a link");
  expect(file.name).toBe("seed-worked-example-70b-chat-service-tp-4.json");
  expect(JSON.parse(file.text).skus[0].sweep.points).toHaveLength(4000);
});

test("the report exports: plan JSON the CLI reads, comparison CSV and a chart as PNG", async ({
  wp,
}) => {
  await wp.example("seed", "report");
  const plan = await wp.download(wp.id("export-plan"));
  const v = validatePlan(JSON.parse(plan.text));
  expect(v.ok).toBe(true);
  expect(v.ok && compute(v.plan).skus[0]!.capacity?.replicas).toBe(15); // docs/capacity.md: 50 × 300 / 1500 × 1.44 = 14.4 → 15
  const csv = await wp.download(wp.id("export-comparison"));
  expect(csv.text.split("\n")[0]).toMatch(/^sku,feasible,basis,/);
  expect(csv.text).toContain("H100 TP4,true,given,");
  const png = await wp.download(wp.id("png-report-chart-per-month"));
  expect(png.name).toBe("seed-worked-example-70b-chat-service-tp-4-cost-per-month.png");
  // Read as UTF-8, the signature's first byte (0x89) is one replacement character, then "PNG".
  expect(png.text.slice(0, 4)).toBe("\ufffdPNG");
});
