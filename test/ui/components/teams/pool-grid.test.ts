/** The pools grid: columns by key, cells (typed, greyed from the SKU, computed) and commits. */
import { beforeEach, describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import {
  POOL_KEYS,
  poolCell,
  poolColumns,
  poolCommit,
} from "../../../../src/ui/components/teams/pool-grid";
import { setLang } from "../../../../src/ui/state/i18n";
import type { Workbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

beforeEach(() => setLang("en"));
const inRoot = (plan: PlanFile, body: (wb: Workbook) => void) => withWorkbook(body, plan);
const skuPool = (): PlanFile => ({
  ...seed,
  tenants: { ...seed.tenants!, pools: [{ name: "70b", sku: "H100 TP4" }] },
});

describe("poolColumns", () => {
  it("are the pool keys, in order, with the numbers right-aligned", () => {
    setLang("en");
    expect(poolColumns().map((c) => c.key)).toEqual([...POOL_KEYS]);
    expect(
      poolColumns()
        .filter((c) => c.numeric)
        .map((c) => c.key),
    ).toEqual(["costPerDay", "capacityTokensPerDay", "replicas", "cost"]);
  });
});

describe("poolCell", () => {
  it("shows a typed cost and its computed pool cost", () =>
    inRoot(seed, (wb) => {
      const cost = wb.computed().result.tenants!.pools[0]!.costRounded;
      expect(poolCell(wb, 0, 0)).toEqual({ raw: "70b", display: "70b" });
      expect(poolCell(wb, 0, 1)).toMatchObject({ raw: "", display: "—", error: null });
      expect(poolCell(wb, 0, 2).raw).toBe("=pool_cost_day");
      expect(poolCell(wb, 0, 5)).toMatchObject({ readOnly: true, error: null });
      const shown = poolCell(wb, 0, 5).display;
      expect(shown).toMatch(/^¥[\d,]+\.\d\d$/);
      expect(Number(shown.replace(/[¥,]/g, ""))).toBeCloseTo(cost, 2);
    }));

  it("greys capacity and replicas taken from the pool's SKU", () =>
    inRoot(skuPool(), (wb) => {
      const rp = wb.computed().result.tenants!.pools[0]!;
      expect(poolCell(wb, 0, 3)).toMatchObject({ raw: "", class: "muted" });
      expect(poolCell(wb, 0, 3).display).toBe(rp.capacityTokens!.toLocaleString("en"));
      expect(poolCell(wb, 0, 4)).toMatchObject({ raw: "", class: "muted" });
      expect(poolCell(wb, 0, 4).display).toBe(String(rp.replicas));
    }));

  it("a row past the pools is blank", () =>
    inRoot(seed, (wb) => expect(poolCell(wb, 3, 0)).toEqual({ raw: "", display: "" })));
});

describe("poolCommit", () => {
  it("renaming a pool renames the usage rows that name it", () =>
    inRoot(seed, (wb) => {
      poolCommit(wb, 0, 0, " big ");
      expect(wb.plan.tenants!.pools![0]!.name).toBe("big");
      expect(wb.plan.tenants!.usage!.map((u) => u.pool)).toEqual(["big", "big"]);
    }));

  it("rejects an empty name and a SKU the plan does not have", () =>
    inRoot(seed, (wb) => {
      poolCommit(wb, 0, 0, " ");
      expect(wb.cell("tenants.pools[0].name").error).not.toBeNull();
      poolCommit(wb, 0, 1, "B200");
      expect(wb.cell("tenants.pools[0].sku").error?.message).toContain("H100 TP4");
      expect(wb.plan.tenants!.pools![0]!.name).toBe("70b");
    }));

  it("a SKU clears the given cost, and a given cost clears the SKU", () =>
    inRoot(seed, (wb) => {
      poolCommit(wb, 0, 1, "H100 TP4");
      expect(wb.plan.tenants!.pools![0]).toMatchObject({ sku: "H100 TP4" });
      expect(wb.cell("tenants.pools[0].costPerDay").raw).toBe("");
      poolCommit(wb, 0, 2, "5000");
      expect(wb.cell("tenants.pools[0].sku").raw).toBe("");
      expect(wb.cell("tenants.pools[0].costPerDay").value).toBe(5000);
      poolCommit(wb, 0, 3, "2e9");
      poolCommit(wb, 0, 4, "3");
      expect(wb.cell("tenants.pools[0].capacityTokensPerDay").value).toBe(2e9);
      expect(wb.cell("tenants.pools[0].replicas").value).toBe(3);
      expect(poolCell(wb, 0, 4).display).toBe("3");
    }));
});
