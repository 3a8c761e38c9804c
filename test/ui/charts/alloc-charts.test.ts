/** The Teams sheet's allocation charts: the rounded daily cost per team, idle in grey, the rest grouped. */
import { describe, expect, test } from "vitest";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { allocationLines } from "../../../src/report/allocation-csv";
import {
  allocationBarChart,
  allocationDoughnut,
  IDLE_COLOR,
  MAX_CHART_TEAMS,
  OTHERS_COLOR,
} from "../../../src/ui/charts/alloc-charts";
import { seed } from "../state/bench-plan";

const plan = structuredClone(seed);
plan.tenants!.idle = "separate";
plan.tenants!.pools = [{ name: "70b", costPerDay: 1920, capacityTokensPerDay: 2.6e8 }];
// Capacity price 1920 / 2.6e8 per token: search 3e7 → 221.54, support 1e8 → 738.46, idle 960.00.
const lines = allocationLines(computePlan(resolvePlan(plan)));
// 30 teams in one pool costing 1..30 (minor units ×100): the 9 largest are 22..30.
const many = Array.from({ length: 30 }, (_, i) => ({
  kind: "team",
  pool: "p",
  team: `t${i + 1}`,
  costPerDayMinor: (i + 1) * 100,
})) as unknown as Parameters<typeof allocationBarChart>[0];

describe("allocationBarChart", () => {
  test("a bar per pool with each team's rounded daily cost, and idle", () => {
    const bar = allocationBarChart(lines, 2, { title: "t", idle: "idle" }, String);
    expect(bar.data.labels).toEqual(["70b"]);
    const costs = bar.data.datasets.flatMap((d) => [d.label, d.data[0]]);
    expect(costs).toEqual(["search", 221.54, "support", 738.46, "idle", 960]);
  });
  test("draws the 9 largest teams and groups the rest", () => {
    const words = { title: "t", idle: "idle", others: (n: number) => `${n} others` };
    const b = allocationBarChart(many, 2, words, String);
    expect(b.data.datasets).toHaveLength(MAX_CHART_TEAMS + 1);
    expect(b.data.datasets.slice(0, 9).map((d) => d.label)).toEqual(
      [22, 23, 24, 25, 26, 27, 28, 29, 30].map((i) => `t${i}`),
    );
    const others = b.data.datasets[9]!;
    expect([others.label, others.backgroundColor]).toEqual(["21 others", OTHERS_COLOR]);
    expect(others.data).toEqual([(21 * 22) / 2]); // 1 + … + 21 major units
  });
});

describe("allocationDoughnut", () => {
  test("a slice per team and idle in grey", () => {
    const d = allocationDoughnut(lines, 2, { title: "t", idle: "idle" }, String);
    expect(d.data.labels).toEqual(["search", "support", "idle"]);
    expect(d.data.datasets[0]!.backgroundColor).toContain(IDLE_COLOR);
  });
  test("groups the rest of many teams and still adds up to every team's cost", () => {
    const d = allocationDoughnut(many, 2, { title: "t", idle: "idle" }, String);
    const sum = (d.data.datasets[0]!.data as number[]).reduce((a, x) => a + x, 0);
    expect(sum).toBe((30 * 31) / 2);
    expect(d.data.labels!.at(-1)).toBe("21 other teams");
  });
});
