import { describe, expect, it } from "vitest";
import { allocationCsv, allocationLines, minorCell } from "../../src/report/allocation-csv";
import { compute, seedPlan, separatePlan } from "./alloc-helpers";

describe("allocation CSV", () => {
  it("splits the seed pool as 443.08 + 1476.92 = 1920.00 per day, with month and per-1M columns", () => {
    const csv = allocationCsv(compute(seedPlan()), "en");
    // share 3e7/1.3e8 = 0.2307692… → 0.230769; month = day × 730/24: 1920 × 30.41667 = 58400 exactly,
    // search 443.0769 × 30.41667 = 13476.923 → 13476.92, support 44923.077 → 44923.08 (sum 58400.00);
    // per 1M tokens 1920 / 130 = 14.769230… → 14.7692 (CNY: 2 decimals + 2)
    expect(csv).toBe(
      [
        "Pool,Team,Input tokens / day,Output tokens / day,Weighted tokens / day,Share,Cost / day (CNY),Cost / month (CNY),Cost / 1M weighted tokens (CNY)",
        "70b,search,10000000,20000000,30000000,0.230769,443.08,13476.92,14.7692",
        "70b,support,60000000,40000000,100000000,0.769231,1476.92,44923.08,14.7692",
        "70b,Total,70000000,60000000,130000000,1,1920.00,58400.00,14.7692",
        "",
      ].join("\n"),
    );
  });

  it("writes Chinese headers and the Chinese totals label", () => {
    const lines = allocationCsv(compute(seedPlan()), "zh").split("\n");
    expect(lines[0]).toBe(
      "资源池,团队,每日输入 token,每日输出 token,每日加权 token,占比,每日成本 (CNY),每月成本 (CNY),每百万加权 token 成本 (CNY)",
    );
    expect(lines[3]).toBe("70b,合计,70000000,60000000,130000000,1,1920.00,58400.00,14.7692");
  });

  it("neutralises team names that are spreadsheet formulas and keeps the idle line", () => {
    const csv = allocationCsv(compute(separatePlan()), "en");
    // price 1000 / 2e8 per token: 3e7 → 150.00, 1e8 → 500.00, idle 350.00, spare capacity 2e8 − 1.3e8 = 7e7.
    // month: 1000 × 730/24 = 30416.666… → 30416.67; parts 4562.50, 15208.333…, 10645.833…: floors
    // 456250 + 1520833 + 1064583 = 3041666 cents, 1 cent left → the first of the two .333 remainders (support) → 15208.34.
    expect(csv.split("\n")).toEqual([
      "Pool,Team,Input tokens / day,Output tokens / day,Weighted tokens / day,Share,Cost / day (USD),Cost / month (USD),Cost / 1M weighted tokens (USD)",
      '70b,"\'=HYPERLINK(""x"")",10000000,20000000,30000000,0.230769,150.00,4562.50,5',
      "70b,'-2+3,60000000,40000000,100000000,0.769231,500.00,15208.34,5",
      "70b,(idle capacity),,,70000000,,350.00,10645.83,",
      "70b,Total,70000000,60000000,130000000,1,1000.00,30416.67,7.6923",
      "",
    ]);
    // No data cell starts with a formula character once the CSV quoting is undone.
    for (const line of csv.trim().split("\n").slice(1))
      expect(line).not.toMatch(/(^|,)"?[=+@\t\r-]/);
  });

  it("rows of a pool add up to the pool total in the day and month columns (minor units)", () => {
    const lines = allocationLines(compute(separatePlan()));
    const parts = lines.filter((l) => l.kind !== "total");
    const total = lines.find((l) => l.kind === "total")!;
    expect(parts.reduce((s, l) => s + l.costPerDayMinor, 0)).toBe(total.costPerDayMinor); // 15000 + 50000 + 35000 = 100000
    expect(parts.reduce((s, l) => s + l.costPerMonthMinor, 0)).toBe(total.costPerMonthMinor); // 3041667
  });

  it("writes only the header when the plan has no allocation, and fixed decimals for money", () => {
    const plan = seedPlan();
    delete plan.tenants;
    expect(allocationCsv(compute(plan)).split("\n").length).toBe(2);
    expect(minorCell(192000, 2)).toBe("1920.00");
    expect(minorCell(5, 2)).toBe("0.05");
    expect(minorCell(1234, 0)).toBe("1234");
    expect(minorCell(1, 3)).toBe("0.001");
  });
});
