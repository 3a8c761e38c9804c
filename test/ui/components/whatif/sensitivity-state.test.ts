/** The tornado's state: which SKUs it can show, which one it shows, and its chart. */
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { PlanResult } from "../../../../src/engine/plan/plan-result";
import { computePlan } from "../../../../src/engine/plan/plan";
import { resolvePlan } from "../../../../src/engine/plan/resolve-plan";
import {
  createSensitivity,
  plannedSkus,
  tornadoSku,
} from "../../../../src/ui/components/whatif/sensitivity-state";
import { createWorkbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";

const base = computePlan(resolvePlan(seed));
const sku = base.skus[0]!;
/** Three SKUs: A and B planned, C without a capacity; B recommended. */
const r: PlanResult = {
  ...base,
  cheapest: "B",
  skus: [
    { ...sku, name: "A" },
    { ...sku, name: "B" },
    { ...sku, name: "C", capacity: null },
  ],
};

describe("plannedSkus / tornadoSku", () => {
  it("lists the SKUs with a capacity", () => expect(plannedSkus(r)).toEqual([0, 1]));
  it.each<[PlanResult, number | null, number | null]>([
    [r, null, 1],
    [r, 0, 0],
    [r, 2, 1],
    [r, 99, 1],
    [{ ...r, cheapest: null }, null, 0],
    [{ ...r, cheapest: null, skus: [r.skus[2]!] }, null, null],
  ])("%#: pick %s → SKU %s", (res, pick, shown) => expect(tornadoSku(res, pick)).toBe(shown));
});

describe("createSensitivity", () => {
  it("computes the tornado of the recommended SKU, and of another result when asked", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      const s = createSensitivity(wb);
      expect(s.waits()).toBe(false);
      expect(s.sens()?.sku.name).toBe("H100 TP4");
      expect(s.sens()?.of).toBe("costPerMonth");
      expect(s.chart()).not.toBeNull();
      s.setOf("replicas");
      expect(s.sens()?.of).toBe("replicas");
      dispose();
    }));
});
