/**
 * The lineage of a plan's numbers, src/engine/plan/lineage.ts lines 1–450 (issue #15, third round):
 * interpolation between the points the operating point was really interpolated between (a sweep
 * written out of load order, a sweep whose load axis is not every point's concurrency), names of
 * Object.prototype in cell formulas, per-workload capacities written as text, the count of a
 * sweep's points, the shape of a sweep source, and results edited by hand (explainPath says "no
 * number" or falls back to a plain step; it never throws). Expected trees are hand-computed.
 */
import { describe, expect, it } from "vitest";
import { explainPath, type LineageContext } from "../../../src/engine/plan/lineage";
import { PLANS } from "./lineage-plans-a";
import { contextOf, explainLines } from "./lineage-print";

const NO = (path: string) => [`error: ${path}: no number with a lineage at this path`];
/** The context of `plan` with its file and result deep-copied and then edited (a result no engine run gives). */
function edited(plan: unknown, edit: (c: LineageContext) => void): LineageContext {
  const ctx = contextOf(plan);
  const c: LineageContext = {
    plan: structuredClone(ctx.plan),
    resolved: ctx.resolved,
    result: structuredClone(ctx.result),
  };
  edit(c);
  return c;
}
describe("names of Object.prototype in a cell's formula are no cells and have no Chinese", () => {
  const ctx = contextOf({
    format: "capplan.plan/v1",
    currency: "USD",
    cells: { a: 2, x: "=constructor", y: "=toString + a" },
    workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
    skus: [],
  });
  it("`=constructor` is an unknown name: no input, written as is, no formulaZh", () => {
    expect(explainLines(ctx, "cells.x")).toEqual([
      "cells.x [cell] = null | f: constructor | p: constructor = n/a | raw: =constructor",
    ]);
    expect(explainLines(ctx, "cells.y")).toEqual([
      "cells.y [cell] = null | f: toString + a | p: toString + 2 = n/a | raw: =toString + a",
      "  cells.a [cell] = 2 | raw: 2",
    ]);
  });

  it("`cells.constructor`, `cells.toString`, `workloads[0].constructor` name no number (they read Object.prototype before)", () => {
    for (const path of [
      "cells.constructor",
      "cells.toString",
      "cells.hasOwnProperty",
      "workloads[0].constructor",
      "tenants.constructor",
      "constructor",
    ]) {
      const a = explainPath(ctx, path);
      expect(a.ok, path).toBe(false);
    }
    // a real cell still explains
    expect(explainLines(ctx, "cells.a")).toEqual(["cells.a [cell] = 2 | raw: 2"]);
  });
});

describe("plan fields as written", () => {
  it("a per-workload capacity under a name that is no path key, written as text ('600'), is its raw value and no formula", () => {
    const plan = structuredClone(PLANS.dashed) as unknown as {
      skus: { sweeps: Record<string, { replicaOutputTokensPerSec: unknown }> }[];
    };
    plan.skus[0]!.sweeps["support-bot"]!.replicaOutputTokensPerSec = "600";
    expect(
      explainLines(contextOf(plan), "skus[0].workloads[0].operatingPoint.outputTokensPerSec"),
    ).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 600 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 600 = 600 | re: 600",
      "  skus[0].sweeps.support-bot.replicaOutputTokensPerSec [field] = 600 | raw: 600",
    ]);
  });

  it("a plan file without cells (an edited plan whose resolved cells remain) shows the cell without a raw value", () => {
    const ctx = edited(PLANS.given, (c) => {
      delete (c.plan as { cells?: unknown }).cells;
    });
    expect(explainLines(ctx, "cells.cap")).toEqual(["cells.cap [cell] = 2000"]);
  });

  it("a given capacity the file no longer writes (no skus, no SKU, no sweep, no entry for the workload) is the resolved value without a raw one", () => {
    const path = "skus[0].workloads[0].operatingPoint.outputTokensPerSec";
    const root =
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 2000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 2,000 = 2,000 | re: 2000";
    const field = "  skus[0].sweep.replicaOutputTokensPerSec [field] = 2000";
    const noSkus = edited(PLANS.given, (c) => {
      delete (c.plan as { skus?: unknown }).skus;
    });
    expect(explainLines(noSkus, path)).toEqual([root, field]);
    expect(
      explainLines(
        edited(PLANS.given, (c) => void (c.plan.skus = [])),
        path,
      ),
    ).toEqual([root, field]);
    const noSweep = edited(PLANS.given, (c) => {
      delete (c.plan.skus[0] as { sweep?: unknown }).sweep;
    });
    expect(explainLines(noSweep, path)).toEqual([root, field]);
    // `per`: chat's 900 tok/s (=cap) and docs' 400; the file keeps only docs' entry.
    const noEntry = edited(PLANS.per, (c) => {
      const s = c.plan.skus[0] as { sweeps?: Record<string, unknown> };
      s.sweeps = { docs: s.sweeps!.docs };
    });
    expect(explainLines(noEntry, path)).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 900 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 900 = 900 | re: 900",
      "  skus[0].sweep.replicaOutputTokensPerSec [field] = 900",
    ]);
  });

  it("a given capacity of a workload the result does not list (edited) is read under no workload name", () => {
    const ctx = edited(PLANS.given, (c) => void (c.result.workloads = []));
    expect(explainLines(ctx, "skus[0].workloads[0].operatingPoint.outputTokensPerSec")).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 2000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 2,000 = 2,000 | re: 2000",
      "  skus[0].sweep.replicaOutputTokensPerSec [field] = 2000 | f: cap | p: 2,000 = 2,000 | raw: =cap",
      "    cells.cap [cell] = 2000 | f: peak * 50 | p: 40 * 50 = 2,000 | raw: =peak * 50",
      "      cells.peak [cell] = 40 | raw: 40",
    ]);
    expect(explainLines(ctx, "skus[0].replicaOutputTokensPerSec")).toEqual(
      NO("skus[0].replicaOutputTokensPerSec"),
    );
  });
});
