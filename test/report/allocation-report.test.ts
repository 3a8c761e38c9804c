/** The report's allocation section (docs/allocation.md): the method in words, tables and the conservation check, EN and ZH. */
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../src/engine/base/types";
import { allocationReportMarkdown } from "../../src/report/allocation-report";
import { reportMarkdown } from "../../src/report/report";
import { compute, seedPlan } from "./alloc-helpers";

const plan = (tenants: Record<string, unknown>): PlanFile => ({
  format: "capplan.plan/v1",
  title: "FinOps",
  currency: "USD",
  workload: { peakRps: 1, inputTokens: 100, outputTokens: 100 },
  skus: [],
  tenants: {
    pools: [{ name: "gpu", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 }],
    usage: [
      { team: "a", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
      { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
    ],
    ...tenants,
  } as PlanFile["tenants"] & object,
});

/** The allocation section of the plan with `tenants`, in `lang`. */
const section = (tenants: Record<string, unknown>, lang: "en" | "zh") =>
  allocationReportMarkdown(compute(plan(tenants)), lang);

describe("report: allocation section", () => {
  it("states the reservation method, idle line and shared splits in English, with the worked example's numbers", () => {
    const shared = [
      { name: "platform", costPerDay: 40 },
      { name: "monitoring", costPerDay: 5, split: "none" },
    ];
    const md = section({ basis: "reservation", idle: "separate", shared }, "en");
    // a 90 + 40 × 90/120 = 30 → 120; b 30 + 10 → 40; idle 120; monitoring 5 unallocated: 285 = 240 + 45.
    for (const line of [
      "Basis **reservation**: each team pays for max(reserved, used) replicas of a pool",
      "Idle capacity (replicas nobody is billed for) is kept as its own line.",
      "Shared costs are distributed after the pools, to teams only: platform (in proportion to each team's pool cost); monitoring (not distributed: an unallocated line).",
      "| a | $90.00 | $30.00 | $120.00 | $90.00 | $90.00 |",
      "| b | $30.00 | $10.00 | $40.00 | $30.00 | $30.00 |",
      "| gpu | reservation | $240.00 | $120.00 | $120.00 | $120.00 |",
      "| monitoring | none | $5.00 | $5.00 |",
      "✓ Check: teams + idle + unallocated = $285.00 = pools + shared costs $285.00 per day.",
    ])
      expect(md).toContain(line);
  });

  it("says it in Chinese, and the whole report carries the section", () => {
    const shared = [{ name: "platform", costPerDay: 40, split: "even" }];
    const zh = section({ basis: "usage", idle: "separate", shared }, "zh");
    expect(zh).toContain("分摊基准 **用量**：每个团队按所用的输入 + 输出 token付费。");
    expect(zh).toContain(
      "各团队按容量单价（资源池成本 ÷ 每日容量）支付所用 token，未用容量单列为闲置项。",
    );
    expect(zh).toContain("共享成本在资源池之后只分摊给团队：platform（平均分摊）。");
    expect(zh).toContain("| a | $30.00 | $20.00 | $50.00 |");
    const full = reportMarkdown(compute(seedPlan()), "en");
    expect(full).toContain("### Team cost allocation");
    expect(full).toContain("| search | ¥443.08 | ¥0.00 | ¥443.08 | ¥14.77 | ¥14.77 |");
  });

  it("is empty without an allocation", () => {
    const p = seedPlan();
    delete p.tenants;
    expect(allocationReportMarkdown(compute(p))).toBe("");
  });
});
