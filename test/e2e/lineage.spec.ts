import { lineageNumber as N } from "../../src/engine/plan/lineage";
import { compute, examplePlan } from "./expected";
import { expect, test } from "./workbook-page";

// Selecting a computed number opens its lineage (docs/lineage.md): the same chain `capplan explain` prints.
test("selecting a comparison cell opens the lineage of that number, with the numbers plugged in, down to a benchmark point", async ({
  wp,
}) => {
  const r = compute(examplePlan());
  const s = r.skus[0]!;
  await wp.sheet("comparison");
  await expect(wp.id("lineage")).toHaveCount(0);
  await wp.cell("cmp", "replicas", "s0").click();
  const panel = wp.id("lineage");
  await expect(panel).toBeVisible();
  const first = panel.getByTestId("lineage-step").first();
  // ceil(replicasBase × elasticity) + spare = replicas, with the plan's numbers (the example's N+1)
  await expect(first).toHaveText(
    `ceil(${N(s.capacity?.replicasBase)} × 1.2) + 1 = ${N(s.capacity?.replicas)}`,
  );
  // the operating point's throughput comes from a point of the H100 vLLM sweep
  for (const text of ["vllm", "outputTokensPerSec"])
    await expect(panel.getByTestId("lineage-source").first()).toContainText(text);
  // another number: cost per 1M output tokens
  await wp.cell("cmp", "perMillion", "s0").click();
  await expect(panel.getByTestId("lineage-step").first()).toHaveText(/^.+ × 1,000,000 = .+$/);
  // 中文
  await wp.toggleLang();
  await expect(panel.locator("h4")).toHaveText("这个数字从何而来");
  // The constants of the chain have their Chinese words too (cost per 1M: seconds per hour, 1e6).
  for (const text of ["压测数据点", "每小时秒数"]) await expect(panel).toContainText(text);
  await expect(panel).not.toContainText("seconds per hour");
  await wp.id("lineage-close").click();
  await expect(wp.id("lineage")).toHaveCount(0);
});

test("a derived cell of the Assumptions sheet opens the same chain", async ({ wp }) => {
  const r = compute(examplePlan());
  await wp.sheet("assumptions");
  await wp.cell("derived-0", "costPerHour", "value").click();
  const panel = wp.id("lineage");
  await expect(panel.getByTestId("lineage-step").first()).toHaveText(
    `${N(r.skus[0]!.capacity?.gpus)} × 2.99 = ${N(r.skus[0]!.capacity?.costPerHour)}`,
  );
  await expect(panel).toContainText("cells.h100_hour");
});

test("numbers of the Teams sheet (team cost, per 1M, idle, pool total) open their lineage down to the pool cost and a benchmark point", async ({
  wp,
}) => {
  const r = compute(examplePlan());
  const pool = r.tenants!.pools[0]!;
  const team = pool.teams[0]!;
  await wp.sheet("teams");
  await wp.cell("alloc-0", team.name, "day").click();
  const panel = wp.id("lineage");
  await expect(panel).toBeVisible();
  await expect(panel.locator(".lp-path").first()).toHaveText(
    /^tenants\.pools\[0\]\.teams\[0\]\.costRounded$/,
  );
  await expect(panel).toContainText("tenants.pools[0].cost");
  await expect(panel.getByTestId("lineage-source").first()).toContainText("outputTokensPerSec");
  await wp.cell("alloc-0", team.name, "perM").click();
  await expect(panel.getByTestId("lineage-step").first()).toHaveText(
    `${N(team.cost)} ÷ ${N(team.tokens)} × 1,000,000 = ${N(team.costPerMillionTokens)}`,
  );
  await wp.cell("alloc-0", "__idle", "day").click();
  await expect(panel.locator(".lp-path").first()).toHaveText("tenants.pools[0].idleRounded");
  await wp.cell("alloc-0", "__total", "day").click();
  await expect(panel.locator(".lp-path").first()).toHaveText("tenants.pools[0].costRounded");
  await expect(panel.locator(".lp-value").first()).toHaveText(N(pool.costRounded));
});
