/**
 * The workbook in Chromium against the built app: example numbers equal the engine's, imports by
 * upload / folder / drop / paste, edits recompute, #CYCLE stays in its cells, failed imports change
 * nothing, keyboard navigation, and charts paint pixels.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fmtValue } from "../../src/engine/base/number-format";
import { fmtMoney } from "../../src/report/plan-output";
import { compute, examplePlan, ROOT } from "./expected";
import { expect, test, WorkbookPage } from "./workbook-page";

const fixture = (p: string) => join(ROOT, "fixtures", p);

test("the example opens with the engine's replica counts and costs for every SKU", async ({
  wp,
}) => {
  const r = compute(examplePlan());
  // Sanity: the plan has the three SKUs of models/examples/multi-sku.json and a recommendation.
  expect(r.skus.map((s) => s.name)).toEqual(["H100 SXM ×1", "L40S ×1", "H200 ×1 (estimate)"]);
  expect(r.cheapest).not.toBeNull();
  await wp.sheet("comparison");
  for (const [i, { capacity: c }] of r.skus.entries())
    await wp.expectCells("cmp", [
      ["replicas", `s${i}`, fmtValue(c?.replicas, 0)],
      ["perHour", `s${i}`, fmtMoney(c?.costPerHour, "USD")],
      ["perMonth", `s${i}`, fmtMoney(c?.costPerMonth, "USD")],
    ]);
  const rec = r.skus.findIndex((s) => s.name === r.cheapest);
  await expect(wp.cell("cmp", "replicas", `s${rec}`)).toHaveClass(/\brec\b/);
  await expect(wp.id("status-recommendation")).toContainText(r.cheapest!);
  // Not green (docs/trust.md): the H200 capacity is an estimate, never checked against the SLOs.
  await expect(wp.id("status-trust")).toHaveAttribute("data-level", "warn");
  await expect(wp.id("status-errors")).toContainText("H200 ×1 (estimate)");
  for (const chart of ["chart-per-million", "chart-per-month"])
    expect(await wp.painted(chart), chart).toBeGreaterThan(500);
});

test("the benchmark charts paint the example's curves, zones and SLO lines", async ({ wp }) => {
  for (const card of ["sweep-card-0", "sweep-card-1"]) await expect(wp.id(card)).toBeVisible();
  for (const chart of ["chart-throughput", "chart-latency"])
    expect(await wp.painted(chart), chart).toBeGreaterThan(2000);
  // H100 sweep (fixtures/vllm/concurrency-sweep-h100): 4 load levels, concurrency 64 saturated.
  await expect(wp.cell("sweep-0", "r3", "concurrency")).toHaveText("64");
  await expect(wp.cell("sweep-0", "r3", "zone")).toContainText("saturated");
});

test("a real vLLM file and a GenAI-Perf concurrency folder import by upload and show their curves", async ({
  wp,
  page,
}) => {
  // Real vLLM JSONL (nerdalert): two servers → two sweeps of 6 request rates.
  await wp
    .id("file-input")
    .setInputFiles(fixture("vllm/nerdalert_vllm_benchmark_serving_rate_sweep_llama3.1-8b.jsonl"));
  await expect(wp.id("import-ok").first()).toBeVisible();
  for (const card of ["sweep-card-3", "sweep-card-4"]) await expect(wp.id(card)).toBeVisible();
  await expect(page.locator('[data-testid^="sweep-3:r"][data-testid$=":zone"]')).toHaveCount(6);
  // GenAI-Perf folder with one sub-folder per concurrency (concurrency read from the path).
  await wp.id("folder-input").setInputFiles(fixture("genai-perf/sweep-l40s"));
  await expect(wp.id("sweep-card-5")).toBeVisible();
  await wp.expectCells("sweep-5", [
    ["r0", "concurrency", "1"],
    ["r3", "concurrency", "64"],
  ]);
  expect(await wp.painted("chart-throughput")).toBeGreaterThan(2000);
});

test("a synthetic drop of a file imports it", async ({ wp }) => {
  const text = readFileSync(fixture("vllm/vllm-8qps-concurrency8-llama.json"), "utf8");
  await wp.id("dropzone").evaluate((el, t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], "vllm-8qps-concurrency8-llama.json", { type: "application/json" }));
    el.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, text);
  await expect(wp.id("import-ok")).toBeVisible();
  await expect(wp.cell("sweep-3", "r0", "concurrency")).toHaveText("8");
});

test("pasting a TSV block fills sweep cells, and pasting a table on the sheet imports it", async ({
  wp,
}) => {
  await wp.cell("sweep-0", "r0", "rps").click();
  await wp.paste(wp.id("grid-sweep-0"), "0.8\t160\n2.9\t560\n");
  await wp.expectCells("sweep-0", [
    ["r0", "rps", "0.8"],
    ["r0", "outputTokensPerSec", "160"],
    ["r1", "outputTokensPerSec", "560"],
  ]);
  const table =
    "concurrency\trps\toutput tokens/s\tp99 ttft ms\n1\t1.1\t110\t50\n4\t3.9\t400\t80\n16\t9.5\t980\t400\n";
  await wp.paste(wp.id("sheet-benchmarks").locator(".legend-zones"), table);
  await expect(wp.id("import-ok")).toBeVisible();
  await expect(wp.cell("sweep-3", "r2", "outputTokensPerSec")).toHaveText("980");
});

test("editing a price cell updates the comparison and the recommendation", async ({ wp }) => {
  const plan = examplePlan();
  plan.skus[0]!.pricePerGpuHour = 0.5;
  const r = compute(plan);
  await wp.sheet("comparison");
  await wp.type("cmp", "pricePerGpuHour", "s0", "0.5");
  await expect(wp.cell("cmp", "perHour", "s0")).toHaveText(
    fmtMoney(r.skus[0]!.capacity?.costPerHour, "USD"),
  );
  expect(r.cheapest).toBe("H100 SXM ×1"); // 7 GPUs × $0.50 = $3.50/h beats every other SKU
  await expect(wp.id("rec-banner")).toContainText("H100 SXM ×1");
  await expect(wp.cell("cmp", "perHour", "s0")).toHaveClass(/\brec\b/);
});

test("a cyclic formula shows #CYCLE in its cells while other cells keep their values", async ({
  wp,
  page,
}) => {
  await wp.sheet("assumptions");
  await wp.type("cells", "peak_rps", "value", "=avg_rps * 2");
  await expect(wp.cell("cells", "peak_rps", "result")).toHaveText("28");
  await wp.type("cells", "avg_rps", "value", "=peak_rps / 2");
  await wp.expectCells("cells", [
    ["peak_rps", "value", "#CYCLE"],
    ["avg_rps", "value", "#CYCLE"],
    ["h100_hour", "result", "2.99"],
    ["input_tokens", "result", "1,000"],
  ]);
  await expect(wp.id("status-errors")).not.toHaveText("No errors");
  // The reason is readable, and the typed formula is kept.
  await wp.cell("cells", "avg_rps", "value").click();
  await expect(wp.id("detail-cells")).toContainText("circular reference");
  await page.keyboard.press("Enter");
  await expect(wp.id("cell-editor")).toHaveValue("=peak_rps / 2");
  await page.keyboard.press("Escape");
  // A rejected entry keeps what was typed and the previous value stays in the plan.
  await wp.type("cells", "h100_hour", "value", "abc");
  await expect(wp.cell("cells", "h100_hour", "value")).toHaveText("#VALUE");
  await wp.cell("cells", "h100_hour", "value").click();
  await page.keyboard.press("Enter");
  await expect(wp.id("cell-editor")).toHaveValue("abc");
});

test("a malformed file lists its error with file and line and leaves the workbook unchanged", async ({
  wp,
  page,
}) => {
  const before = await page.locator('[data-testid^="sweep-card-"]').count();
  await wp.id("file-input").setInputFiles(fixture("malformed/syntax-error.json"));
  const err = wp.id("import-error").first();
  await expect(err).toBeVisible();
  await expect(err).toContainText(/syntax-error\.json:\d+/);
  await expect(page.locator('[data-testid^="sweep-card-"]')).toHaveCount(before);
  await wp.sheet("comparison");
  await expect(page.locator('[data-testid^="cmp:replicas:"]')).toHaveCount(3);
});

test("keyboard: arrows move, typing edits, Enter commits and moves down, Esc cancels, Tab moves right", async ({
  wp,
  page,
}) => {
  await wp.sheet("assumptions");
  await wp.cell("cells", "peak_rps", "value").click();
  await page.keyboard.press("ArrowDown");
  await expect(wp.cell("cells", "avg_rps", "value")).toHaveClass(/\bcur\b/);
  await page.keyboard.type("20");
  await page.keyboard.press("Enter");
  await expect(wp.cell("cells", "avg_rps", "result")).toHaveText("20");
  await expect(wp.cell("cells", "input_tokens", "value")).toHaveClass(/\bcur\b/);
  await page.keyboard.type("999");
  await page.keyboard.press("Escape");
  await expect(wp.cell("cells", "input_tokens", "value")).toHaveText("1000");
  await page.keyboard.press("Tab");
  await expect(wp.cell("cells", "input_tokens", "result")).toHaveClass(/\bcur\b/);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowUp");
  await expect(wp.cell("cells", "avg_rps", "value")).toHaveClass(/\bcur\b/);
});
