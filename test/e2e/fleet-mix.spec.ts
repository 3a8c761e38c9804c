/**
 * The fleet-mix view beside the comparison (docs/optimize.md) and the KV line in the comparison
 * (docs/memory.md): the solver loads only when the comparison shows it, the mix and its savings
 * are the hand-computed ones (as in test/cli/commands/optimize.test.ts), in English and Chinese.
 * Screenshots at 1440 and 420 wide go to $FLEET_SHOTS (default /tmp/shots-opt).
 */
import { expect, test, WorkbookPage } from "./workbook-page";

const SHOTS = process.env.FLEET_SHOTS ?? "/tmp/shots-opt";

const PLAN = {
  format: "capplan.plan/v1",
  title: "Chat on L4, documents on H100",
  model: "llama-3.1-8b",
  workloads: [
    { name: "chat", peakRps: 20, inputTokens: 300, outputTokens: 300 },
    { name: "docs", peakRps: 5, inputTokens: 3000, outputTokens: 500 },
  ],
  factors: { elasticity: 1.2, redundancy: { spare: 1 } },
  skus: [
    {
      name: "H100",
      gpu: "h100-sxm",
      gpusPerReplica: 1,
      pricePerGpuHour: 3.5,
      maxReplicas: 3,
      sweeps: {
        chat: { replicaOutputTokensPerSec: 3000 },
        docs: { replicaOutputTokensPerSec: 1500 },
      },
    },
    {
      name: "L4",
      gpu: "l4",
      gpusPerReplica: 1,
      pricePerGpuHour: 0.8,
      sweeps: {
        chat: { replicaOutputTokensPerSec: 900 },
        docs: { replicaOutputTokensPerSec: 150 },
      },
    },
  ],
};

test("fleet mix: the cheapest mix, why each workload went where, the KV line; en and zh", async ({
  page,
}) => {
  const solverRequests: string[] = [];
  page.on("request", (r) => {
    if (/highs/.test(r.url())) solverRequests.push(r.url());
  });
  const wp = new WorkbookPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await wp.open();
  await wp.openPlan("mix.json", PLAN);
  await expect(wp.id("title-input")).toHaveValue(PLAN.title);
  // Nothing of the solver is fetched before the comparison shows the mix.
  expect(solverRequests).toEqual([]);
  await wp.sheet("comparison");
  const mix = wp.id("fleet-mix");
  const headline = wp.id("fleet-headline");
  await expect(headline).toContainText("Mix: $17.70/hour", { timeout: 20_000 });
  await expect(headline).toContainText("23.7 % cheaper than the best single SKU (L4, $23.20/hour)");
  expect(solverRequests.some((u) => u.endsWith(".wasm"))).toBe(true);
  await expect(wp.id("fleet-skus")).toContainText("H100");
  const rows = wp.id("fleet-assignment").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // chat: 0.8 ÷ (900 × 3600) × 1e6 = $0.25 per 1M on L4; 3.5 ÷ (3000 × 3600) × 1e6 = $0.32 on H100.
  await expect(rows.nth(0)).toContainText("chat");
  await expect(rows.nth(0)).toContainText("$0.247 per 1M output tokens on L4; $0.324 on H100");
  await expect(rows.nth(1)).toContainText("docs");
  await expect(rows.nth(1)).toContainText("H100");
  // The KV line: Llama-3.1-8B on one H100 holds 51.37 GiB of KV cache.
  await expect(wp.cell("cmp", "kv", "s0")).toContainText("51.37 GiB");
  await mix.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/fleet-1440-en.png`, fullPage: true });

  // Both SKUs' capacities are given, not measured: the mix says so beside it.
  await expect(wp.id("fleet-warnings")).toContainText(
    "its capacity was never checked against the SLOs",
  );
  await wp.id("fleet-split").check();
  await expect(headline).toContainText("Mix: $", { timeout: 20_000 });

  await wp.toggleLang();
  await expect(headline).toContainText("组合：", { timeout: 20_000 });
  // The savings follow the language too (they once kept the English they were first written in).
  await expect(headline).toContainText("比最佳单一 SKU");
  await expect(headline).not.toContainText("cheaper");
  await expect(mix).toContainText("最低成本的 GPU 组合");
  await page.screenshot({ path: `${SHOTS}/fleet-1440-zh.png`, fullPage: true });
  await page.setViewportSize({ width: 420, height: 900 });
  await mix.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/fleet-420-zh.png`, fullPage: false });
  await wp.toggleLang();
  await expect(headline).toContainText("Mix:");
  await mix.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/fleet-420-en.png`, fullPage: false });
});

test("fleet mix: no feasible mix says why, per workload", async ({ wp }) => {
  const plan = structuredClone(PLAN);
  // docs needs 3 H100 replicas (capped at 1) or millions of L4 replicas (capped at 10).
  plan.skus[0]!.maxReplicas = 1;
  (plan.skus[1] as { maxReplicas?: number }).maxReplicas = 10;
  plan.skus[1]!.sweeps.docs.replicaOutputTokensPerSec = 0.0001;
  await wp.openPlan("none.json", plan);
  await wp.sheet("comparison");
  await expect(wp.id("fleet-infeasible")).toContainText("docs alone needs more", {
    timeout: 20_000,
  });
});
