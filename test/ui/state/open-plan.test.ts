/** The plan-file check before a plan replaces the workbook. */
import { describe, expect, test } from "vitest";
import { checkPlanFile } from "../../../src/ui/state/open-plan";
import { seed } from "./bench-plan";

describe("checkPlanFile", () => {
  test("a broken formula is refused with its path, and the plan can still be opened on request", () => {
    const plan = structuredClone(seed);
    plan.cells!.peak_rps = "=avg_rps *";
    const r = checkPlanFile(JSON.stringify(plan));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.path)).toContain("cells.peak_rps");
    expect(r.problems.find((p) => p.path === "cells.peak_rps")!.message).toMatch(/^#PARSE/);
    expect(r.openable?.title).toBe(seed.title);
  });
  test("shape errors name each path and cannot be opened; JSON errors give line and column", () => {
    const r = checkPlanFile(
      JSON.stringify({
        format: "capplan.plan/v1",
        workloads: [{ peakRps: "four", inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "x" }],
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.path)).toEqual([
      "workloads[0].peakRps",
      "skus[0].gpusPerReplica",
      "skus[0].pricePerGpuHour",
    ]);
    expect(r.openable).toBeNull();
    const j = checkPlanFile('{\n  "format": "capplan.plan/v1",\n  oops\n}');
    expect(!j.ok && j.problems[0]!.message).toContain("line 3");
  });
  test("a valid plan passes", () => {
    expect(checkPlanFile(JSON.stringify(seed))).toMatchObject({ ok: true });
  });
});
