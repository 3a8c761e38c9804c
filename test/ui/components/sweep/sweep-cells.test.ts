/** A sweep grid's cells: the zone column with the operating point, the measured numbers. */
import { describe, expect, it } from "vitest";
import type { SkuWorkloadResult } from "../../../../src/engine/plan/plan";
import {
  opRowOf,
  pointCell,
  sweepWords,
  zoneCell,
} from "../../../../src/ui/components/sweep/sweep-cells";
import { setLang, t } from "../../../../src/ui/state/i18n";
import type { CellState } from "../../../../src/ui/state/workbook";

const withDetail = (detail: object | null) => ({ detail }) as unknown as SkuWorkloadResult;

describe("opRowOf", () => {
  it.each<[SkuWorkloadResult | null, number | null]>([
    [withDetail({ feasible: true, basis: "measured", pointIndex: 3 }), 3],
    [withDetail({ feasible: true, basis: "interpolated", pointIndex: 3 }), null],
    [withDetail({ feasible: false, basis: "measured", pointIndex: 3 }), null],
    [withDetail(null), null],
    [null, null],
  ])("%# → %s", (r, row) => expect(opRowOf(r)).toBe(row));
});

describe("zoneCell", () => {
  it.each([
    ["linear", false, "zone zone-linear", false],
    ["saturated", true, "zone zone-saturated op", true],
    [null, false, "zone zone-none", false],
    [null, true, "zone zone-none op", true],
  ] as const)("zone %s, operating point %s → class %s", (zone, op, cls, note) => {
    setLang("en");
    const v = zoneCell(zone, op);
    expect(v).toMatchObject({ class: cls, readOnly: true });
    expect(v.display).toBe(`${zone ? t(`zone_${zone}`) : ""}${op ? " ◆" : ""}`);
    expect(v.note).toBe(note ? t("opRowNote") : undefined);
  });
});

describe("pointCell", () => {
  const state = (over: Partial<CellState>): CellState => ({
    raw: "",
    value: null,
    error: null,
    ...over,
  });
  it.each<[Partial<CellState>, number, string]>([
    [{ raw: "inf", value: Number.POSITIVE_INFINITY }, 1, "∞"],
    [{ raw: "1234.567", value: 1234.567 }, 1, "1,234.6"],
    [{ raw: "1.5k", value: 1500, typed: "1.5k" }, 0, "1.5k"],
    [{ raw: "=x+", value: null }, 2, "=x+"],
    [{ raw: "", value: null }, 2, ""],
  ])("%j at %i digits → %j", (over, digits, display) => {
    const v = pointCell(state(over), digits);
    expect(v).toMatchObject({ display, raw: over.raw });
  });
  it("carries the cell's error", () => {
    const error = { kind: "VALUE", message: "not a number" };
    expect(pointCell(state({ raw: "abc", error }), 0).error).toBe(error);
  });
});

describe("sweepWords", () => {
  it.each(["en", "zh"] as const)("names every column and statistic in %s", (lang) => {
    setLang(lang);
    const w = sweepWords();
    expect(Object.keys(w.columns)).toHaveLength(7);
    expect(w.columns.concurrency).toBe(t("colConcurrency"));
    expect(w.stats.std).toBe(t("statStd"));
    setLang("en");
  });
});
