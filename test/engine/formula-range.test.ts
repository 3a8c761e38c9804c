/**
 * Formula results are range-checked by the sheet itself (resolve-plan.ts `rangeCheck`), so the CLI and
 * the app (which evaluates through the incremental engine) give the same error on the field
 * (docs/security.md). Before, only the CLI checked results, after resolution.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Sheet } from "../../src/engine/formula/sheet";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";

const SEED: PlanFile = JSON.parse(readFileSync("models/examples/seed.json", "utf8"));

type Loose = {
  cells: Record<string, unknown>;
  workloads: Record<string, unknown>[];
  tenants: { pools: Record<string, unknown>[] };
};

function seedWith(edit: (p: Loose) => void): PlanFile {
  const p = structuredClone(SEED);
  edit(p as unknown as Loose);
  return p;
}

describe("range check of formula results", () => {
  it("makes a formula yielding a negative peak RPS an out-of-range error on that field, and the field null", () => {
    const r = resolvePlan(seedWith((p) => (p.cells.peak_rps = -50)));
    expect(r.workloads[0]!.peakRps).toBeNull();
    expect(r.errors).toEqual([
      {
        path: "workloads[0].peakRps",
        kind: "VALUE",
        message: "expected from 0 up to 1e9 (requests per second), got -50",
        outOfRange: true,
        problem: expect.objectContaining({
          code: "planFile.range",
          path: "workloads[0].peakRps",
          params: {
            exclusive: false,
            min: "0",
            max: "1e9",
            unit: "requests per second",
            got: "-50",
          },
        }),
      },
    ]);
  });

  it("checks prices with the plan's currency and numeric strings too", () => {
    const r = resolvePlan(
      seedWith((p) => {
        p.cells.gpu_hour = "=0 - 2.5";
        p.tenants.pools[0]!.costPerDay = "-3";
      }),
    );
    expect(r.errors.map((e) => [e.path, e.message, e.outOfRange])).toEqual([
      ["skus[0].pricePerGpuHour", "expected from 0 up to 1e7 (CNY per GPU-hour), got -2.5", true],
      ["tenants.pools[0].costPerDay", "expected from 0 up to 1e10 (CNY per day), got -3", true],
    ]);
    expect(r.skus[0]!.pricePerGpuHour).toBeNull();
  });

  it("leaves cells unchecked (a cell has no range) and values in range alone", () => {
    const r = resolvePlan(
      seedWith((p) => {
        p.cells.peak_rps = -50;
        p.workloads[0]!.peakRps = "=peak_rps + 60";
      }),
    );
    expect(r.errors).toEqual([]);
    expect(r.cells.peak_rps).toBe(-50);
    expect(r.workloads[0]!.peakRps).toBe(10);
  });

  it("gives the same error through the incremental engine the app uses, and clears it when fixed", () => {
    const engine = createPlanEngine(SEED);
    expect(engine.result().errors).toEqual([]);
    const bad = engine.edit("cells.peak_rps", -50);
    expect(bad.errors.map((e) => [e.path, e.message])).toEqual([
      ["workloads[0].peakRps", "expected from 0 up to 1e9 (requests per second), got -50"],
    ]);
    expect(engine.sheet.sheet.get("workloads[0].peakRps").error?.kind).toBe("VALUE");
    const fixed = engine.edit("cells.peak_rps", 50);
    expect(fixed.errors).toEqual([]);
    // Seed: 50 RPS × 300 output tokens / 1,500 tok/s per replica = 10 base replicas.
    expect(fixed.skus[0]!.workloads[0]!.replicasBase).toBe(10);
  });

  it("a Sheet without a check keeps any value", () => {
    const s = new Sheet([["x.y", "=0-5"]]);
    expect(s.value("x.y")).toBe(-5);
    const checked = new Sheet([["x.y", "=0-5"]], { check: (_p, v) => (v < 0 ? "negative" : null) });
    expect(checked.get("x.y")).toEqual({
      value: null,
      error: {
        path: "x.y",
        kind: "VALUE",
        message: "negative",
        outOfRange: true,
        problem: expect.objectContaining({ path: "x.y" }),
      },
    });
  });
});
