/**
 * The workbook, part 2, in Chromium against the built app: team cost allocation (seed example,
 * pasted teams, FOCUS export), never losing work (autosave and reload, undo/redo of an import,
 * a corrupt save set aside, a broken plan file refused), share links in a fresh browser context,
 * and the Chinese report. Expected numbers come from the engine in Node (expected.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Papa from "papaparse";
import { validatePlan } from "../../src/engine/plan/plan-file";
import type { PlanFile } from "../../src/engine/base/types";
import { focusCsv, FOCUS_COLUMNS } from "../../src/report/focus";
import { fmtMoney } from "../../src/report/plan-output";
import { compute, ROOT } from "./expected";
import { WorkbookPage } from "./workbook-page";

const seedPlan = (): PlanFile => {
  const v = validatePlan(JSON.parse(readFileSync(join(ROOT, "models/examples/seed.json"), "utf8")));
  if (!v.ok) throw new Error("seed.json is not a valid plan");
  return v.plan;
};

test("the seed example allocates 443.08 a day to the team with 3e7 tokens, and the totals conserve", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  // Seed §4.5: cost_share(1920, 3e7, 1.3e8) = 1920 × 3/13 = 443.0769… → ¥443.08; support gets 1,476.92.
  await expect(wp.cell("alloc-0", "search", "day")).toHaveText("¥443.08");
  await expect(wp.cell("alloc-0", "search", "weightedTokens")).toHaveText("30,000,000");
  await expect(wp.cell("alloc-0", "search", "share")).toHaveText("23.08 %");
  await expect(wp.cell("alloc-0", "support", "day")).toHaveText("¥1,476.92");
  await expect(wp.cell("alloc-0", "__total", "day")).toHaveText("¥1,920.00");
  await expect(page.getByTestId("conservation-0")).toHaveAttribute("data-ok", "true");
  expect(await wp.painted("chart-allocation")).toBeGreaterThan(2000);
});

test("pasting 5 teams from a spreadsheet adds rows and the pool cost is conserved to the cent", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  const teams = [
    ["search", "70b", "12,345,678", "2345678"],
    ["support", "70b", "33333333", "1111111"],
    ["ads", "70b", "7777777", "999"],
    ["legal", "70b", "1", "2"],
    ["research", "70b", "55555555", "44444444"],
  ];
  await wp.cell("usage", "0", "team").click();
  await wp.paste(page.getByTestId("grid-usage"), teams.map((r) => r.join("\t")).join("\n") + "\n");
  await expect(wp.cell("usage", "4", "team")).toHaveText("research");
  await expect(wp.cell("usage", "0", "inputTokens")).toHaveText("12,345,678");
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
  await expect(page.getByTestId("conservation-0")).toHaveAttribute("data-ok", "true");
  await expect(page.getByTestId("conservation-0")).toContainText("¥1,920.00");
});

test("a pasted block with a header row is imported like a CSV: aliases, any order, rows of a team summed", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  await wp.cell("usage", "0", "team").click();
  await wp.paste(
    page.getByTestId("grid-usage"),
    "输出 token\t团队\t输入 token\n5\tA\t10\n7\tA\t20\n1\tB\t3\n",
  );
  await expect(page.getByTestId("usage-import-ok")).toBeVisible();
  await expect(wp.cell("usage", "0", "team")).toHaveText("A");
  await expect(wp.cell("usage", "0", "inputTokens")).toHaveText("30");
  await expect(wp.cell("usage", "0", "outputTokens")).toHaveText("12");
  await expect(wp.cell("usage", "1", "team")).toHaveText("B");
  await expect(page.locator('[data-testid^="usage:"][data-testid$=":team"]')).toHaveCount(3); // A, B and the "+" row
  // A (42 tokens) and B (4): 1920 × 42/46 = 1,753.04; 1920 × 4/46 = 166.96 (sum 1,920.00).
  await expect(wp.cell("alloc-0", "A", "day")).toHaveText("¥1,753.04");
  await expect(wp.cell("alloc-0", "B", "day")).toHaveText("¥166.96");
});

test("a usage CSV's notes and errors are shown in Chinese, rendered from their problems (docs/problems.md)", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await page.getByTestId("lang-toggle").click();
  await wp.sheet("teams");
  // Two dates and an unknown column: imported as daily averages, with two notes.
  const csv =
    "date,team,input tokens,output tokens,notes\n2025-06-01,A,10,4,x\n2025-06-02,A,30,8,y\n合计,,40,12,\n";
  await page
    .getByTestId("usage-input")
    .setInputFiles({ name: "usage.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const ok = page.getByTestId("usage-import-ok");
  await expect(ok).toContainText("usage.csv:1: 已忽略的列：notes");
  await expect(ok).toContainText("usage.csv: 跳过了 1 行合计行（Total/合计）");
  await expect(ok).toContainText(
    "usage.csv: 文件涵盖 2 个日期（2025-06-01 … 2025-06-02）：token 合计已除以 2，得到每日用量",
  );
  await expect(wp.cell("usage", "0", "inputTokens")).toHaveText("20");
  await page.screenshot({ path: "/tmp/imsg-usage-teams-zh.png", fullPage: false });
  // A bad file: each error with its line and column, in Chinese.
  await page.getByTestId("usage-input").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("team,input tokens,output tokens\nA,lots,1\n,1,1\n"),
  });
  const bad = page.getByTestId("usage-import-error");
  await expect(bad).toContainText('bad.csv:2 column "input tokens": "lots" 不是 token 数');
  await expect(bad).toContainText('bad.csv:3 column "team": 团队名为空');
  await page.screenshot({ path: "/tmp/imsg-usage-teams-zh-error.png", fullPage: false });
});

test("the FOCUS CSV download has the FOCUS header and the planned cost of each team", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("teams");
  await page.getByTestId("focus-start").fill("2025-06-01");
  await page.getByTestId("focus-days").fill("30");
  await page.getByTestId("focus-days").dispatchEvent("change");
  const { name, text } = await wp.download(page.getByTestId("export-focus"));
  expect(name).toBe("seed-worked-example-70b-chat-service-tp-4-focus-2025-06-01.csv");
  const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
  expect(text.split("\n")[0]).toBe(FOCUS_COLUMNS.join(","));
  // FOCUS 1.3 split allocation: one allocated charge per team and day; 443.08 a day, 30 days
  // from 2025-06-01 (billing period end, exclusive, 2025-07-01).
  const search = rows.filter((r) => r.x_Team === "search");
  expect(search).toHaveLength(30);
  expect(search[0]!.BilledCost).toBe("443.08");
  expect(search[0]!.BillingCurrency).toBe("CNY");
  expect(search[0]!.ChargePeriodStart).toBe("2025-06-01T00:00:00Z");
  expect(search[0]!.ChargePeriodEnd).toBe("2025-06-02T00:00:00Z");
  expect(search[29]!.ChargePeriodStart).toBe("2025-06-30T00:00:00Z");
  expect(search[0]!.BillingPeriodEnd).toBe("2025-07-01T00:00:00Z");
  expect(search[0]!.x_InputTokens).toBe(String(1e7));
  // The whole file equals the module's output for the engine's result.
  const plan = seedPlan();
  const expected = focusCsv(compute(plan), {
    period: { start: new Date("2025-06-01T00:00:00Z"), days: 30 },
    plan,
  });
  expect(expected.ok && expected.csv).toBe(text);
  // The allocation CSV has a BOM (Excel) and the totals line.
  const alloc = await wp.download(page.getByTestId("export-allocation"));
  expect(alloc.text.charCodeAt(0)).toBe(0xfeff);
  expect(alloc.text).toContain("70b,search,10000000,20000000,30000000,0.230769,443.08,");
});

test("a reload restores the plan exactly, including an imported sweep with its empty price", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.sheet("assumptions");
  await wp.type("cells", "h100_hour", "value", "=2.5 * 1.1");
  await wp.sheet("benchmarks");
  await page
    .getByTestId("file-input")
    .setInputFiles(join(ROOT, "fixtures/vllm/vllm-8qps-concurrency8-llama.json"));
  await expect(page.getByTestId("import-ok")).toBeVisible();
  await expect(page.getByTestId("sweep-card-3")).toBeVisible();
  const before = await wp.savedPlan();
  expect(JSON.stringify(before)).toContain('"pricePerGpuHour":""');
  await page.reload();
  await expect(page.getByTestId("app")).toHaveAttribute("data-loading", "false", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("restore-problem")).toHaveCount(0);
  await expect(page.getByTestId("sweep-card-3")).toBeVisible();
  await expect(wp.cell("sweep-3", "r0", "concurrency")).toHaveText("8");
  await wp.sheet("assumptions");
  await expect(wp.cell("cells", "h100_hour", "result")).toHaveText("2.75");
  expect(await wp.savedPlan()).toEqual(before);
});

test("undo and redo an import, with the buttons and the keyboard", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  const cards = page.locator('[data-testid^="sweep-card-"]');
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId("btn-undo")).toBeDisabled();
  await page
    .getByTestId("file-input")
    .setInputFiles(join(ROOT, "fixtures/vllm/vllm-8qps-concurrency8-llama.json"));
  await expect(cards).toHaveCount(3);
  await page.getByTestId("btn-undo").click();
  await expect(cards).toHaveCount(2);
  await page.getByTestId("btn-redo").click();
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
  page,
  browser,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  const evil = `<img src=x onerror="window.__pwned=1">"'&`;
  await page.getByTestId("title-input").fill(evil);
  await page.getByTestId("title-input").press("Enter");
  await page.getByTestId("title-input").blur();
  await wp.sheet("teams");
  await wp.type("usage", "0", "inputTokens", "20000000");
  await expect(wp.cell("alloc-0", "search", "day")).not.toHaveText("¥443.08");
  const day = (await wp.cell("alloc-0", "search", "day").textContent())!;
  await page.getByTestId("btn-share").click();
  const url = await page.getByTestId("share-url").inputValue();
  expect(url).toMatch(/#plan=[A-Za-z0-9_-]+$/);

  const fresh = await browser.newContext();
  try {
    const p2 = await fresh.newPage();
    const wp2 = new WorkbookPage(p2);
    await p2.goto(url);
    await expect(p2.getByTestId("app")).toHaveAttribute("data-loading", "false", {
      timeout: 20_000,
    });
    await expect(p2.getByTestId("title-input")).toHaveValue(evil);
    await wp2.sheet("teams");
    await expect(wp2.cell("alloc-0", "search", "day")).toHaveText(day);
    await wp2.sheet("report");
    await expect(p2.getByTestId("report-text")).toContainText(evil);
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
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  const title = await page.getByTestId("title-input").inputValue();
  const broken = structuredClone(seedPlan());
  broken.title = "Broken";
  broken.cells!.peak_rps = "=avg_rps * ";
  await page.getByTestId("plan-input").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  const box = page.getByTestId("file-problems");
  await expect(box).toBeVisible();
  await expect(box).toContainText("broken.json");
  await expect(box).toContainText("cells.peak_rps");
  await expect(box).toContainText("#PARSE");
  await expect(page.getByTestId("title-input")).toHaveValue(title);
  await wp.sheet("comparison");
  await expect(page.locator('[data-testid^="cmp:replicas:"]')).toHaveCount(3);
  // A file that is not a plan at all names the path of each problem.
  await page.getByTestId("plan-input").setInputFiles({
    name: "bad.json",
    mimeType: "application/json",
    buffer: Buffer.from(
      JSON.stringify({
        format: "capplan.plan/v1",
        workloads: [{ peakRps: "four", inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "x" }],
      }),
    ),
  });
  await expect(box).toContainText("workloads[0].peakRps");
  await expect(box).toContainText("skus[0].gpusPerReplica");
  await expect(page.getByTestId("open-anyway")).toHaveCount(0);
  await expect(page.getByTestId("title-input")).toHaveValue(title);
});

test("switching to Chinese shows the report in Chinese, and the choice persists", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await page.getByTestId("lang-toggle").click();
  await wp.sheet("report");
  await expect(page.getByTestId("report-text")).toContainText("推理基准报告");
  await expect(page.getByTestId("report-text")).toContainText("结论");
  await expect(page.getByTestId("tab-teams")).toHaveText("团队分摊（FinOps）");
  await expect(page.getByTestId("report-copy")).toHaveText("复制报告");
  // The seed's capacity is given, not checked against the SLOs: the download asks first and the
  // file says so at its top (docs/trust.md), then the report follows unchanged.
  await page.getByTestId("report-download").click();
  await expect(page.getByTestId("confirm-items")).toContainText("H100 TP4");
  await expect(page.getByTestId("confirm-ok")).toHaveText("仍然导出");
  const md = await wp.download(page.getByTestId("confirm-ok"));
  expect(md.text.startsWith("> **⚠ 警告：")).toBe(true);
  expect(md.text).toContain("\n\n## 推理基准报告");
  await page.reload();
  await expect(page.getByTestId("app")).toHaveAttribute("data-loading", "false", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("tab-report")).toHaveText("报告");
  await expect(page.getByTestId("status-errors")).toContainText("1 项待检查");
});

test("a corrupt saved state starts the app with a message and the data offered for download", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await page.evaluate(() =>
    localStorage.setItem(
      "capplan.autosave",
      '{"app":"capplan","schemaVersion":2,"plan":{"format":"capplan.plan/v1","skus":"oops"',
    ),
  );
  await page.reload();
  await expect(page.getByTestId("app")).toHaveAttribute("data-loading", "false", {
    timeout: 20_000,
  });
  const banner = page.getByTestId("restore-problem");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("not JSON");
  await expect(page.getByTestId("status-recommendation")).toContainText("Recommended");
  const kept = await wp.download(page.getByTestId("download-set-aside"));
  expect(kept.text).toBe(
    '{"app":"capplan","schemaVersion":2,"plan":{"format":"capplan.plan/v1","skus":"oops"',
  );
  // The autosave works again, and the set-aside data survives a reload until discarded.
  await page.reload();
  await expect(page.getByTestId("restore-problem")).toBeVisible();
  await page.getByTestId("discard-set-aside").click();
  await expect(page.getByTestId("restore-problem")).toHaveCount(0);
});

test("a save of the older format (schema 1) migrates and opens", async ({ page }) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  const v1 = JSON.stringify({
    schemaVersion: 1,
    savedAt: "2024-01-01T00:00:00Z",
    workbook: seedPlan(),
  });
  await page.evaluate((t) => localStorage.setItem("capplan.autosave", t), v1);
  await page.reload();
  await expect(page.getByTestId("app")).toHaveAttribute("data-loading", "false", {
    timeout: 20_000,
  });
  await expect(page.getByTestId("title-input")).toHaveValue(seedPlan().title!);
  await expect(page.getByTestId("notices")).toContainText("older version");
  expect(await wp.savedPlan()).toEqual(seedPlan());
});

test("a plan too long for a link is saved as a file instead, with a clear message", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
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
  await page.evaluate(
    (t) => localStorage.setItem("capplan.autosave", t),
    JSON.stringify({ app: "capplan", schemaVersion: 2, savedAt: "", plan }),
  );
  await page.reload();
  await expect(page.getByTestId("app")).toHaveAttribute("data-loading", "false", {
    timeout: 20_000,
  });
  const file = await wp.download(page.getByTestId("btn-share"));
  await expect(page.getByTestId("share-too-long")).toContainText("too long for a link");
  expect(file.name).toBe("seed-worked-example-70b-chat-service-tp-4.json");
  expect(JSON.parse(file.text).skus[0].sweep.points).toHaveLength(4000);
});

test("the report exports: plan JSON the CLI reads, comparison CSV and a chart as PNG", async ({
  page,
}) => {
  const wp = new WorkbookPage(page);
  await wp.open();
  await wp.example("seed");
  await wp.sheet("report");
  const plan = await wp.download(page.getByTestId("export-plan"));
  const v = validatePlan(JSON.parse(plan.text));
  expect(v.ok).toBe(true);
  expect(v.ok && compute(v.plan).skus[0]!.capacity?.replicas).toBe(15); // docs/capacity.md: 50 × 300 / 1500 × 1.44 = 14.4 → 15
  const csv = await wp.download(page.getByTestId("export-comparison"));
  expect(csv.text.split("\n")[0]).toMatch(/^sku,feasible,basis,/);
  expect(csv.text).toContain("H100 TP4,true,given,");
  const [dl] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("png-report-chart-per-month").click(),
  ]);
  expect(dl.suggestedFilename()).toBe(
    "seed-worked-example-70b-chat-service-tp-4-cost-per-month.png",
  );
  const stream = await dl.createReadStream();
  const head: Buffer[] = [];
  for await (const c of stream) head.push(c as Buffer);
  expect(Buffer.concat(head).subarray(1, 4).toString("latin1")).toBe("PNG");
});
