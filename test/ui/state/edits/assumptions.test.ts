import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import { planDefs } from "../../../../src/ui/state/edits/assumptions";
import { emptyPlan } from "../../../../src/ui/state/plan-edit";
import { withWorkbook } from "./workbook-root";

describe("planDefs", () => {
  it.each([
    [{ workload: { name: "one", peakRps: 1 } }, ["one"]],
    [{ workloads: [{ name: "a" }, { name: "b" }] }, ["a", "b"]],
    [{}, []],
  ])("%j → %j, and the single workload key is gone", (part, names) => {
    const p = { ...emptyPlan("t"), workloads: undefined, ...part } as unknown as PlanFile;
    expect(planDefs(p).map((d) => d.name)).toEqual(names);
    expect("workload" in p).toBe(false);
    expect(p.workloads).toBe(planDefs(p));
  });
});

describe("assumptionEdits", () => {
  it("adds workloads with unique names", () =>
    withWorkbook((wb) => {
      wb.addWorkload();
      wb.addWorkload();
      const names = wb.plan.workloads!.map((d) => d.name);
      expect(new Set(names).size).toBe(names.length);
      expect(wb.plan.workloads!.at(-1)).toMatchObject({
        peakRps: 1,
        inputTokens: 500,
        outputTokens: 200,
      });
    }));

  it("removing a workload drops every SKU's sweep for it", () => {
    const plan = emptyPlan("t");
    const workload = (name: string) => ({ name, peakRps: 1, inputTokens: 1, outputTokens: 1 });
    plan.workloads = [workload("chat"), workload("batch")];
    const rate = (r: number) => ({ replicaOutputTokensPerSec: r });
    const sweeps = { chat: rate(10), batch: rate(5) };
    plan.skus = [{ name: "x", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps }];
    withWorkbook((wb) => {
      wb.removeWorkload(1);
      expect(wb.plan.workloads!.map((d) => d.name)).toEqual(["chat"]);
      expect(Object.keys(wb.plan.skus[0]!.sweeps!)).toEqual(["chat"]);
    }, plan);
  });

  it("adds, changes and removes SLOs", () =>
    withWorkbook((wb) => {
      const before = wb.plan.slo?.length ?? 0;
      wb.addSlo();
      expect(wb.plan.slo!.at(-1)).toEqual({ metric: "itl", stat: "p95", maxMs: 100 });
      wb.setSloMetric(before, "ttft");
      expect(wb.plan.slo![before]!.metric).toBe("ttft");
      wb.setSloMetric(99, "ttft"); // no such SLO: nothing changes
      wb.removeSlo(before);
      expect(wb.plan.slo?.length ?? 0).toBe(before);
    }));

  it.each([
    [undefined, "spare", { spare: 1 }],
    [1.5, "spare", { spare: 1 }],
    [{ spare: 2 }, "spare", { spare: 2 }],
    [{ spare: 2 }, "factor", 1.2],
    [1.5, "factor", 1.5],
  ] as const)("redundancy %j switched to %s → %j", (from, mode, to) => {
    const plan = emptyPlan("t");
    if (from !== undefined) plan.factors = { ...plan.factors, redundancy: from };
    withWorkbook((wb) => {
      wb.setRedundancyMode(mode);
      expect(wb.plan.factors!.redundancy).toEqual(to);
    }, plan);
  });
});
