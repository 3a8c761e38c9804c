/** Team totals and shared-cost lines: cells and the lineage path of each column. */
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import { computePlan } from "../../../../src/engine/plan/plan";
import { resolvePlan } from "../../../../src/engine/plan/resolve-plan";
import { moneyFormat } from "../../../../src/ui/components/allocation/alloc-lines";
import {
  sharedLineCell,
  sharedLineColumns,
  sharedLinePath,
  totalCell,
  totalColumns,
  totalPath,
} from "../../../../src/ui/components/allocation/team-totals";
import { setLang } from "../../../../src/ui/state/i18n";
import { teamTotalPath } from "../../../../src/ui/state/lineage";
import { seed } from "../../state/bench-plan";

const plan: PlanFile = {
  ...seed,
  tenants: { ...seed.tenants!, shared: [{ name: "gateway", costPerDay: 100, split: "even" }] },
};
const tr = computePlan(resolvePlan(plan)).tenants!;
const money = moneyFormat("CNY", 2, "en");

describe("totalColumns / totalCell", () => {
  it("shows own, shared and total cost and the per-1M costs of a team", () => {
    setLang("en");
    const keys = totalColumns().map((c) => c.key);
    expect(keys).toEqual(["own", "shared", "total", "perMIn", "perMOut"]);
    const x = tr.teams[0]!;
    expect(totalCell(tr, 0, 0, money).display).toBe(money.amount(x.costRounded));
    expect(totalCell(tr, 0, 1, money).display).toBe(money.amount(x.sharedCostRounded));
    // An even split of ¥100 over two teams.
    expect(x.sharedCostRounded).toBeCloseTo(50, 2);
    const total = totalCell(tr, 0, 2, money);
    expect(total).toMatchObject({ display: money.amount(x.totalRounded), class: "money" });
    expect(totalCell(tr, 0, 5, money).display).toBe(money.amount(null));
  });
});

describe("totalPath", () => {
  it.each([
    [0, 0, teamTotalPath(0)],
    [1, 1, "tenants.teams[1].sharedCost"],
    [1, 2, "tenants.teams[1].total"],
    [0, 3, "tenants.teams[0].costPerMillionInputTokens"],
    [0, 4, "tenants.teams[0].costPerMillionOutputTokens"],
    [0, 9, "tenants.teams[0].cost"],
  ])("team %i, column %i → %s", (r, c, path) => expect(totalPath(r, c)).toBe(path));
});

describe("sharedLineColumns / sharedLineCell / sharedLinePath", () => {
  it("shows the split, the cost and the unallocated part", () => {
    setLang("en");
    expect(sharedLineColumns().map((c) => c.key)).toEqual(["split", "cost", "unallocated"]);
    expect(sharedLineCell(tr, 0, 1, money).display).toBe("¥100.00");
    const unallocated = money.amount(tr.shared[0]!.unallocatedRounded);
    expect(sharedLineCell(tr, 0, 2, money).display).toBe(unallocated);
    expect(sharedLineCell(tr, 0, 0, money).display).not.toBe("");
    expect(sharedLineCell(tr, 0, 3, money).display).toBe("");
  });
  it.each([
    [0, "tenants.shared[0].cost"],
    [1, "tenants.shared[0].cost"],
    [2, "tenants.shared[0].unallocated"],
  ])("column %i → %s", (c, path) => expect(sharedLinePath(0, c)).toBe(path));
});
