import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Sheet } from "../../src/engine/formula";
import { loadOrder } from "../../src/engine/curve/load";
import { fmtNum } from "../../src/engine/base/number-format";
import { fromMinor, largestRemainder } from "../../src/engine/finops/money";
import {
  buildPlanSheet,
  createPlanSheet,
  planEntries,
  resolvePlan,
  sheetEntries,
} from "../../src/engine/plan/resolve-plan";
import type { PlanFile, SweepPoint } from "../../src/engine/base/types";

const intl = (x: number, max = 1, min = 0) =>
  new Intl.NumberFormat("en", { minimumFractionDigits: min, maximumFractionDigits: max }).format(x);

describe("number formatting without Intl for whole numbers", () => {
  it("writes integers and zero-digit roundings as Intl does", () => {
    expect(fmtNum(1234567)).toBe("1,234,567");
    expect(fmtNum(999, 2)).toBe("999");
    // Half away from zero on the exact binary value: 2.5 → 3, −2.5 → −3, 0.49999999999999994 → 0.
    expect(fmtNum(2.5, 0)).toBe("3");
    expect(fmtNum(-2.5, 0)).toBe("-3");
    expect(fmtNum(0.49999999999999994, 0)).toBe("0");
    expect(fmtNum(1234.5, 0)).toBe("1,235");
    // Intl writes a negative number that rounds to zero, and −0, with a sign.
    expect(fmtNum(-0.3, 0)).toBe("-0");
    expect(fmtNum(-0)).toBe("-0");
    expect(fmtNum(-0, 2, 2)).toBe("-0.00");
    expect(fmtNum(0, 2, 2)).toBe("0.00");
  });

  it("gives the same text as Intl.NumberFormat for any number and digits", () => {
    const x = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e16, max: 1e16 }),
      fc.integer().map((i) => i / 2),
      fc.integer().map((i) => i / 100),
    );
    fc.assert(
      fc.property(
        x,
        fc.constantFrom([0, 0], [1, 0], [2, 0], [3, 0], [1, 1], [2, 2]),
        (v, [max, min]) => {
          expect(fmtNum(v, max, min)).toBe(intl(v, max, min));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("money fast paths", () => {
  it("fromMinor divides integer minor units exactly like the toFixed round trip", () => {
    // 44308 cents → 443.08; 1 fils (3 digits) → 0.001; 0 stays +0.
    expect(fromMinor(44308, 2)).toBe(443.08);
    expect(fromMinor(1, 3)).toBe(0.001);
    expect(Object.is(fromMinor(-0, 2), 0)).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 40) + 1, max: 2 ** 40 - 1 }),
        fc.integer({ min: 0, max: 4 }),
        (m, d) => {
          expect(fromMinor(m, d)).toBe(Number((m / 10 ** d).toFixed(d)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("largest remainder still adds up to the total either way", () => {
    // 10.005 + 10.005 + 10.005 = 30.015 → 3002 cents: floors 1000, 1000, 1000 (fractions .5 each) → +2 to the first two.
    expect(largestRemainder([10.005, 10.005, 10.005], 3002, 2)).toEqual([1001, 1001, 1000]);
    // Too many units: 3 parts of 1.006 (floors 100 each, .6 each) with a total of 299 → −1 from the first.
    expect(largestRemainder([1.006, 1.006, 1.006], 299, 2)).toEqual([99, 100, 100]);
  });
});

describe("load order fast path", () => {
  const pt = (c: number | null): SweepPoint => ({ concurrency: c, requestRate: null });
  it("keeps sorted input (ties included) and still sorts unsorted input", () => {
    expect(loadOrder([pt(1), pt(4), pt(4), pt(8)])).toEqual([0, 1, 2, 3]);
    expect(loadOrder([pt(8), pt(1), pt(4)])).toEqual([1, 2, 0]);
    // A point without a load goes last (the axis is concurrency: the first field any point has).
    expect(loadOrder([pt(null), pt(2), pt(1)])).toEqual([2, 1, 0]);
  });
});

describe("formula sheet with shared compilations", () => {
  it("two sheets with the same formula text evaluate independently", () => {
    const a = new Sheet([
      ["cells.x", 2],
      ["cells.y", "=x * 10"],
    ]);
    const b = new Sheet([
      ["cells.x", 5],
      ["cells.y", "=x * 10"],
    ]);
    expect(a.value("cells.y")).toBe(20);
    expect(b.value("cells.y")).toBe(50);
    a.set("cells.x", 3);
    expect(a.value("cells.y")).toBe(30);
    expect(b.value("cells.y")).toBe(50);
  });
});

function plan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    cells: { peak: 50, k: 1000 },
    workloads: [{ name: "chat", peakRps: "=peak", inputTokens: 300, outputTokens: 300 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      {
        name: "a",
        gpusPerReplica: 1,
        pricePerGpuHour: 2,
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
    ],
    tenants: {
      method: "tokens",
      idle: "proportional",
      pools: [{ name: "main", costPerDay: 100 }],
      usage: [
        { team: "x", pool: "main", inputTokens: 1e6, outputTokens: "=k * 1000" },
        { team: "y", pool: "main", inputTokens: 3e6, outputTokens: 0 },
      ],
    },
  };
}

describe("sheet entries", () => {
  it("keep every cell and every non-number, but no plain number outside the cells", () => {
    expect(sheetEntries(plan()).map(([p]) => p)).toEqual([
      "cells.peak",
      "cells.k",
      "workloads[0].peakRps",
      "tenants.usage[0].outputTokens",
    ]);
    // planEntries still lists every number (document order, used to rank errors).
    expect(planEntries(plan())).toHaveLength(14);
    const sheet = buildPlanSheet(plan());
    expect(sheet.has("tenants.usage[0].inputTokens")).toBe(false);
    expect(sheet.value("tenants.usage[0].outputTokens")).toBe(1e6);
    const r = resolvePlan(plan(), sheet);
    expect(r.tenants!.usage.map((u) => [u.inputTokens, u.outputTokens])).toEqual([
      [1e6, 1e6],
      [3e6, 0],
    ]);
  });

  it("a non-finite number is still an entry, with its error", () => {
    const p = plan();
    p.skus![0]!.pricePerGpuHour = Infinity;
    const r = resolvePlan(p);
    expect(r.skus[0]!.pricePerGpuHour).toBeNull();
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([["skus[0].pricePerGpuHour", "VALUE"]]);
  });

  it("setting a plain number over a formula drops the entry; a formula over a number adds one", () => {
    const ps = createPlanSheet(plan());
    expect(ps.set("tenants.usage[0].outputTokens", 5e5)).toEqual(["tenants.usage[0].outputTokens"]);
    expect(ps.sheet.has("tenants.usage[0].outputTokens")).toBe(false);
    expect(ps.resolve().tenants!.usage[0]!.outputTokens).toBe(5e5);
    expect(ps.set("tenants.usage[1].inputTokens", "=k * 2")).toEqual([
      "tenants.usage[1].inputTokens",
    ]);
    expect(ps.resolve().tenants!.usage[1]!.inputTokens).toBe(2000);
    expect(ps.resolve()).toEqual(resolvePlan(structuredClone(ps.plan())));
  });
});
