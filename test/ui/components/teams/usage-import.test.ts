/** The usage import: known and default pools, the pool-mapping step, the outcome message. */
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import {
  choiceMap,
  createUsageImport,
  defaultPool,
  knownPools,
} from "../../../../src/ui/components/teams/usage-import";
import { setLang } from "../../../../src/ui/state/i18n";
import { createWorkbook, type Workbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";

const noPools = (): PlanFile => ({ ...seed, tenants: { ...seed.tenants!, pools: [] } });
const file = (text: string, name = "usage.csv") => ({ name, text: async () => text }) as File;
const inRoot = (plan: PlanFile, body: (wb: Workbook) => Promise<void> | void) =>
  createRoot(async (dispose) => {
    setLang("en");
    await body(createWorkbook(plan));
    dispose();
  });

describe("knownPools / defaultPool", () => {
  it("a plan with pools names them and has no default pool", () =>
    inRoot(seed, (wb) => {
      expect(knownPools(wb)).toEqual(["70b"]);
      expect(defaultPool(wb)).toBeNull();
    }));
  it("a plan without pools has only the default pool", () =>
    inRoot(noPools(), (wb) => {
      expect(knownPools(wb)).toEqual([]);
      expect(defaultPool(wb)).toBe(wb.computed().result.tenants?.pools[0]?.name ?? "—");
    }));
});

describe("choiceMap", () => {
  it("maps each name to its chosen pool, the empty choice to the default pool (null)", () => {
    const m = choiceMap(["a", "b"], new Map(Object.entries({ a: "70b", b: "" })));
    // Name, pool, name, pool: in the names' order.
    expect([...m].flat()).toEqual(["a", "70b", "b", null]);
  });
});

describe("createUsageImport", () => {
  it("imports a CSV whose pools are known and says how many rows", () =>
    inRoot(seed, async (wb) => {
      const imp = createUsageImport(wb);
      await imp.importFile(file("team,pool,input_tokens,output_tokens\nads,70b,100,200\n"));
      expect(imp.poolStep()).toBeNull();
      expect(imp.message()).toMatchObject({ ok: true });
      expect(imp.message()!.head).toContain("usage.csv");
      expect(wb.plan.tenants!.usage!.map((u) => u.team)).toEqual(["ads"]);
      imp.dismiss();
      expect(imp.message()).toBeNull();
    }));

  it("rows naming unknown pools wait for a mapping, then import mapped", () =>
    inRoot(seed, async (wb) => {
      const imp = createUsageImport(wb);
      await imp.importFile(file("team,pool,input_tokens,output_tokens\nads,llama-70b,100,200\n"));
      expect(imp.poolStep()?.names).toEqual(["llama-70b"]);
      expect(imp.message()).toBeNull();
      imp.choose("llama-70b", "70b");
      imp.applyStep();
      expect(imp.poolStep()).toBeNull();
      expect(wb.plan.tenants!.usage!.map((u) => [u.team, u.pool])).toEqual([["ads", "70b"]]);
      expect(imp.message()).toMatchObject({ ok: true });
    }));

  it("a cancelled mapping leaves the usage unchanged", () =>
    inRoot(seed, async (wb) => {
      const imp = createUsageImport(wb);
      await imp.importFile(file("team,pool,input_tokens,output_tokens\nads,x,1,2\n"));
      imp.cancelStep();
      imp.applyStep();
      expect(wb.plan.tenants!.usage!.map((u) => u.team)).toEqual(["search", "support"]);
    }));

  it("a file that does not parse is an error message and changes nothing", () =>
    inRoot(seed, async (wb) => {
      const imp = createUsageImport(wb);
      await imp.importFile(file("nothing,here\n1,2\n"));
      expect(imp.message()).toMatchObject({ ok: false });
      expect(imp.message()!.issues.length).toBeGreaterThan(0);
      expect(wb.plan.tenants!.usage).toHaveLength(2);
    }));

  it("a pasted block with a header imports; without one it fills cells from (r, c)", () =>
    inRoot(seed, (wb) => {
      const imp = createUsageImport(wb);
      imp.pasteBlock(1, 2, [["7", "8", "9", "10"]]);
      const tokens = ["input", "output"].map((k) => wb.cell(`tenants.usage[1].${k}Tokens`).value);
      expect(tokens).toEqual([7, 8]);
      imp.pasteBlock(0, 0, [
        ["team", "pool", "input tokens", "output tokens"],
        ["ml", "70b", "5", "6"],
      ]);
      expect(wb.plan.tenants!.usage!.map((u) => u.team)).toEqual(["ml"]);
      expect(imp.message()).toMatchObject({ ok: true });
    }));
});
