/** Plan vs actual rows: order and keys, signed percentages, over/under cells. */
import { describe, expect, it } from "vitest";
import type { PlanVsActual, VarianceLine } from "../../../../src/report/actuals";
import {
  pvaCell,
  pvaColumns,
  pvaRows,
  signedPct,
} from "../../../../src/ui/components/allocation/pva-rows";
import { setLang } from "../../../../src/ui/state/i18n";

const line = (name: string, planned: number, actual: number): VarianceLine => ({
  name,
  planned,
  actual,
  variance: actual - planned,
  variancePct: planned ? (actual - planned) / planned : null,
});
const cmp: PlanVsActual = {
  currency: "USD",
  period: { start: "2026-11-01T00:00:00Z", end: "2026-12-01T00:00:00Z", days: 30 },
  charges: 3,
  costColumn: "EffectiveCost",
  pools: [line("70b", 1000, 1100)],
  shared: [line("gateway", 100, 100)],
  teams: [line("search", 500, 450)],
  total: line("total", 1100, 1200),
  unattributed: 0,
  warnings: [],
  problems: [],
};

describe("pvaRows", () => {
  it("lists pools, shared costs, teams, then the total, keyed by kind and name", () => {
    setLang("en");
    const keys = pvaRows(cmp).map((r) => r.key);
    expect(keys).toEqual(["pool:70b", "shared:gateway", "team:search", "total"]);
    expect(pvaRows(cmp)[2]!.label).toBe("search");
    expect(pvaRows(cmp)[0]!.label).toContain("70b");
  });
});

describe("signedPct", () => {
  it.each([
    [0.1, "+10 %"],
    [-0.125, "-12.5 %"],
    [0, "0 %"],
    [null, "—"],
  ])("%s → %s", (x, text) => expect(signedPct(x)).toBe(text.replace("-", fmtMinus())));
});

/** The minus sign the number formatter writes. */
function fmtMinus(): string {
  return signedPct(-1).startsWith("-") ? "-" : signedPct(-1)[0]!;
}

describe("pvaColumns / pvaCell", () => {
  it("has planned, actual, variance and its percentage", () =>
    expect(pvaColumns().map((c) => c.key)).toEqual(["planned", "actual", "variance", "pct"]));
  it.each<[VarianceLine, number, string, string]>([
    [line("a", 1000, 1100), 0, "$1,000.00", ""],
    [line("a", 1000, 1100), 1, "$1,100.00", ""],
    [line("a", 1000, 1100), 2, "+$100.00", "over"],
    [line("a", 500, 450), 2, "-$50.00", "under"],
    [line("a", 100, 100), 2, "$0.00", ""],
    [line("a", 1000, 1100), 3, "+10 %", ""],
    [line("a", 1000, 1100), 4, "", ""],
  ])("%j column %i → %s (%s)", (l, col, text, cls) => {
    const v = pvaCell(l, col, "USD", "en");
    expect(v.display.replace("−", "-")).toBe(text);
    expect(v.class).toBe(cls);
    expect(v.readOnly).toBe(true);
  });
});
