/** The Teams sheet helpers: usage headers, conservation, FOCUS period, allocation charts, file names. */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { PlanFile } from "../../src/engine/base/types";
import { allocationLines } from "../../src/report/allocation-csv";
import {
  allocationBarChart,
  allocationDoughnut,
  IDLE_COLOR,
} from "../../src/ui/charts/alloc-charts";
import { fileStem } from "../../src/ui/state/persist";
import { conservation, looksLikeUsageHeader, monthPeriod } from "../../src/ui/state/usage-edit";
import { parseUsageTsv, usageHeader } from "../../src/import/usage";
import { UI } from "../../src/ui/i18n";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";

const seed = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;
const result = (p: PlanFile) => computePlan(resolvePlan(p));

describe("Teams sheet helpers", () => {
  test("a usage header needs a team column and a token column (English or Chinese)", () => {
    expect(looksLikeUsageHeader(["团队", "输入 token", "输出 token"])).toBe(true);
    expect(looksLikeUsageHeader(["Output tokens", "Business Unit"])).toBe(true);
    expect(looksLikeUsageHeader(["search", "70b", "1000", "2000"])).toBe(false);
    expect(looksLikeUsageHeader(["team", "date"])).toBe(false);
  });
  // What the grid shows is what a paste reads: its own column labels, copied with the rows, are a header.
  test.each(["en", "zh"] as const)(
    "the Teams grid's own %s column labels are a usage header",
    (lang) => {
      const L = UI[lang];
      const labels = [L.team, L.pool, L.inputTokensDay, L.outputTokensDay, L.reservedReplicas];
      expect(looksLikeUsageHeader(labels)).toBe(true);
      expect(labels.map((h) => usageHeader(h)?.field)).toEqual([
        "team",
        "pool",
        "input",
        "output",
        "reserved",
      ]);
      const tsv = `${labels.join("\t")}\nsearch\t70b\t400000000\t80000000\t2\n`;
      const r = parseUsageTsv(tsv);
      expect(r.ok && r.rows).toEqual([
        { team: "search", pool: "70b", inputTokens: 4e8, outputTokens: 8e7, reservedReplicas: 2 },
      ]);
    },
  );
  test("the seed allocation conserves 1,920.00 a day and 58,400.00 a month", () => {
    // 1920 × 730/24 = 58,400.00; teams 443.08 + 1,476.92 = 1,920.00 (docs/allocation.md).
    const [c] = conservation(allocationLines(result(seed)));
    expect(c).toEqual({
      pool: "70b",
      partsMinor: 192000,
      totalMinor: 192000,
      partsMonthMinor: 5840000,
      totalMonthMinor: 5840000,
      ok: true,
    });
  });
  test("the FOCUS period defaults to the calendar month of today", () => {
    expect(monthPeriod(new Date("2024-02-15T12:00:00Z"))).toEqual({
      start: "2024-02-01",
      days: 29,
    });
    expect(monthPeriod(new Date("2025-12-31T23:59:59Z"))).toEqual({
      start: "2025-12-01",
      days: 31,
    });
  });
  test("the charts show the rounded daily cost per team, and idle in grey", () => {
    const plan = structuredClone(seed);
    plan.tenants!.idle = "separate";
    plan.tenants!.pools = [{ name: "70b", costPerDay: 1920, capacityTokensPerDay: 2.6e8 }];
    // Capacity price 1920 / 2.6e8 per token: search 3e7 → 221.54, support 1e8 → 738.46, idle 960.00.
    const lines = allocationLines(result(plan));
    const bar = allocationBarChart(lines, 2, { title: "t", idle: "idle" }, String);
    expect(bar.data.labels).toEqual(["70b"]);
    expect(bar.data.datasets.map((d) => [d.label, d.data[0]])).toEqual([
      ["search", 221.54],
      ["support", 738.46],
      ["idle", 960],
    ]);
    const d = allocationDoughnut(lines, 2, { title: "t", idle: "idle" }, String);
    expect(d.data.labels).toEqual(["search", "support", "idle"]);
    expect(d.data.datasets[0]!.backgroundColor).toContain(IDLE_COLOR);
  });
  test("file names come from the plan title", () => {
    expect(fileStem("Seed worked example: 70B chat service, TP=4")).toBe(
      "seed-worked-example-70b-chat-service-tp-4",
    );
    expect(fileStem("")).toBe("plan");
    expect(fileStem("中文 计划")).toBe("中文-计划");
  });
});

describe("allocation charts with many teams", () => {
  test("draw the 9 largest teams and group the rest, keeping the total", async () => {
    const {
      allocationBarChart: bar,
      allocationDoughnut: dough,
      MAX_CHART_TEAMS,
      OTHERS_COLOR,
    } = await import("../../src/ui/charts/alloc-charts");
    // 30 teams in one pool costing 1..30 (minor units ×100): the 9 largest are 22..30
    const lines = Array.from({ length: 30 }, (_, i) => ({
      kind: "team",
      pool: "p",
      team: `t${i + 1}`,
      costPerDayMinor: (i + 1) * 100,
    })) as unknown as Parameters<typeof bar>[0];
    const b = bar(lines, 2, { title: "t", idle: "idle", others: (n) => `${n} others` }, String);
    expect(b.data.datasets).toHaveLength(MAX_CHART_TEAMS + 1);
    expect(b.data.datasets.slice(0, 9).map((d) => d.label)).toEqual([
      "t22",
      "t23",
      "t24",
      "t25",
      "t26",
      "t27",
      "t28",
      "t29",
      "t30",
    ]);
    const others = b.data.datasets[9]!;
    expect(others.label).toBe("21 others");
    expect(others.backgroundColor).toBe(OTHERS_COLOR);
    expect(others.data).toEqual([(21 * 22) / 2]); // 1 + … + 21 major units
    const d = dough(lines, 2, { title: "t", idle: "idle" }, String);
    const sum = (d.data.datasets[0]!.data as number[]).reduce((a, x) => a + x, 0);
    expect(sum).toBe((30 * 31) / 2); // the doughnut still adds up to every team's cost
    expect(d.data.labels!.at(-1)).toBe("21 other teams");
  });
});
