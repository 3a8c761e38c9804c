import { describe, expect, it } from "vitest";
import { USAGE_FIELDS } from "../../../../src/ui/state/edits/tenants";
import { withWorkbook } from "./workbook-root";

describe("USAGE_FIELDS", () => {
  it("are the usage grid's columns in order", () => {
    expect(USAGE_FIELDS).toEqual("team pool inputTokens outputTokens reservedReplicas".split(" "));
  });
});

describe("tenantEdits", () => {
  it("addTenants starts an empty allocation by tokens; pools and shared lines get unique names", () =>
    withWorkbook((wb) => {
      wb.addTenants();
      expect(wb.plan.tenants).toEqual({ method: "tokens", idle: "proportional", usage: [] });
      wb.addPool();
      wb.addPool();
      expect(wb.plan.tenants!.pools!.map((p) => p.costPerDay)).toEqual([0, 0]);
      expect(new Set(wb.plan.tenants!.pools!.map((p) => p.name)).size).toBe(2);
      wb.addShared();
      expect(wb.plan.tenants!.shared).toMatchObject([{ costPerDay: 0, split: "weighted" }]);
      wb.removeShared(0);
      expect(wb.plan.tenants!.shared).toBeUndefined(); // the last one removes the list
      wb.removePool(0);
      wb.removePool(0);
      expect(wb.plan.tenants!.pools).toBeUndefined();
    }));

  it("setUsageRows replaces the rows as one step; removeUsage drops rows", () =>
    withWorkbook((wb) => {
      wb.setUsageRows([
        { team: "a", inputTokens: 1, outputTokens: 2 },
        { team: "b", pool: "p", inputTokens: 3, outputTokens: 4 },
        { team: "c", inputTokens: 5, outputTokens: 6 },
      ]);
      wb.removeUsage([0, 2]);
      expect(wb.plan.tenants!.usage).toEqual([
        { team: "b", pool: "p", inputTokens: 3, outputTokens: 4 },
      ]);
      wb.undo();
      expect(wb.plan.tenants!.usage).toHaveLength(3);
    }));

  it("setUsageBlock fills new rows in the first pool, reads numbers, and refuses an empty team", () =>
    withWorkbook((wb) => {
      wb.addPool();
      const pool = wb.plan.tenants!.pools![0]!.name;
      wb.setUsageBlock(0, 0, [
        ["search", "", "1,000", "20"], // an empty pool cell clears the pool
        ["  "],
      ]);
      const usage = wb.plan.tenants!.usage;
      expect(usage).toHaveLength(2);
      expect(usage[0]).toMatchObject({ team: "search", inputTokens: 1000, outputTokens: 20 });
      expect(usage.map((u) => u.pool)).toEqual([undefined, pool]);
      expect(wb.rejections().map((r) => r.path)).toEqual(["tenants.usage[1].team"]);
      wb.setUsageBlock(0, 4, [["2"]]);
      expect(wb.plan.tenants!.usage[0]!.reservedReplicas).toBe(2);
    }));
});
