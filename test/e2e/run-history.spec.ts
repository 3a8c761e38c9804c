/**
 * The run history on the Benchmarks sheet (src/ui/components/RunHistory.tsx): an archive folder
 * of `capplan sweep --archive` runs, read one sweep per file, each deployment's metric over its
 * runs at the load level they share, and the latest run marked when it regressed, as
 * `capplan history` decides (src/report/history.ts).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./workbook-page";

/** One archived run: TTFT p99 and rps at concurrency 1 and 8 (the shared, highest level). */
function runFile(gpu: string, date: string, ttftP99At8: number, rpsAt8: number): string {
  const point = (c: number, ttft: number, rps: number) => ({
    concurrency: c,
    requestRate: null,
    rps,
    completed: 100,
    ttftMs: { p50: ttft / 2, p99: ttft },
  });
  return JSON.stringify({
    capplan: "sweep/1",
    sweeps: [
      {
        label: `capplan sweep · test/model`,
        source: { files: [], format: "capplan-sweep" },
        meta: {
          model: "test/model",
          engine: "vllm",
          gpu,
          gpuCount: 1,
          date,
          tool: "capplan sweep",
        },
        points: [point(1, 20, 10), point(8, ttftP99At8, rpsAt8)],
        levels: [
          { concurrency: 1, requestRate: null },
          { concurrency: 8, requestRate: null },
        ],
      },
    ],
  });
}

test("an archive folder: each deployment's runs, the latest regression marked, as capplan history", async ({
  wp,
}) => {
  const dir = join(mkdtempSync(join(tmpdir(), "capplan-e2e-history-")), "runs");
  mkdirSync(dir);
  // [file, GPU, date, TTFT p99 and rps at concurrency 8]
  // H100: TTFT p99 100 → 103 (+3 %) → 130 (+26.2 %: a regression at 5 %); rps 50 → 50 → 40.
  // (Values are shown without trailing zeros: +3 %, not +3.0 %.) A100: 200 → 190 (−5 %: better).
  const runs: [string, string, string, number, number][] = [
    ["2026-01-01-a", "H100", "2026-01-01T10:00:00.000Z", 100, 50],
    ["2026-01-02-a", "H100", "2026-01-02T10:00:00.000Z", 103, 50],
    ["2026-01-03-a", "H100", "2026-01-03T10:00:00.000Z", 130, 40],
    ["2026-01-01-b", "A100", "2026-01-01T12:00:00.000Z", 200, 30],
    ["2026-01-03-b", "A100", "2026-01-03T12:00:00.000Z", 190, 31],
  ];
  for (const [file, ...run] of runs) writeFileSync(join(dir, `${file}.json`), runFile(...run));

  await wp.newPlan();
  const card = wp.id("run-history");
  const verdict = card.getByTestId("history-verdict");
  await card.getByTestId("history-folder-input").setInputFiles(dir);
  await expect(verdict).toHaveText("1 deployment(s) regressed in the latest run (threshold 5 %).");
  await expect(card.getByTestId("history-chart")).toBeVisible();
  const tables = card.getByTestId("history-table");
  await expect(tables).toHaveCount(2);
  const h100 = tables.filter({ hasText: "H100" });
  await expect(h100.locator("caption")).toHaveText(
    "test/model · vllm · H100 × 1 · ttft.p99 at concurrency 8",
  );
  const rows = h100.locator("tbody tr");
  const change = (row: number) => rows.nth(row).locator("td").nth(3);
  await expect(rows).toHaveCount(3);
  await expect(change(1)).toHaveText("+3 %");
  await expect(change(2)).toHaveText("+26.2 % ▲ regression");
  await expect(rows.nth(2)).toHaveClass(/regression/);
  await expect(tables.filter({ hasText: "A100" }).locator("tbody tr").nth(1)).toHaveText(/[-−]5 %/);
  // A higher threshold: no regression.
  await card.getByTestId("history-threshold").fill("30");
  await expect(verdict).toHaveText("No regression in the latest runs (threshold 30 %).");
  // A throughput regresses when it falls: rps 50 → 40 is −20 %.
  await card.getByTestId("history-threshold").fill("5");
  await card.getByTestId("history-metric").selectOption("rps");
  await expect(change(2)).toHaveText(/^[-−]20 % ▲ regression$/);
  await expect(tables.filter({ hasText: "A100" }).locator("tbody tr.regression")).toHaveCount(0);
  // In Chinese.
  await wp.toggleLang();
  await expect(verdict).toHaveText("1 个部署在最近一次运行中退化（阈值 5 %）。");
  await expect(change(2)).toHaveText(/^[-−]20 % ▲ 退化$/);
  await expect(h100.locator("caption")).toHaveText("test/model · vllm · H100 × 1 · rps （并发 8）");
});
