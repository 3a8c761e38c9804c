/**
 * The plan's sheet keeps only the entries that need it (cells and formulas, not every plain
 * number), so that building and editing a large plan stays fast; what it resolves is unchanged.
 */
import { describe, expect, it } from "vitest";
import {
  buildPlanSheet,
  createPlanSheet,
  planEntries,
  resolvePlan,
  sheetEntries,
} from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";

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
