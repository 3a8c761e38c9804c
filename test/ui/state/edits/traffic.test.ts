import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { seed } from "../bench-plan";
import { withWorkbook } from "./workbook-root";

describe("schedule edits", () => {
  test("the worked example of docs/schedules.md through the workbook, undone in one step", () =>
    withWorkbook((wb) => {
      wb.setNumber("skus[0].reservedPricePerGpuHour", "10", false);
      const sch = { intervalSec: 3600, rps: [50, 25, 5, 0], minReplicas: 1, leadIntervals: 1 };
      wb.setSchedule(0, sch);
      const s = wb.computed().result.skus[0]!.schedule!;
      expect(s).toMatchObject({ replicas: [15, 8, 2, 15], staticReplicas: 15, staticCost: 4800 });
      expect(s).toMatchObject({ autoscaledCost: 3200, reservedReplicas: 8, blendedCost: 2400 });
      wb.undo();
      expect(wb.plan.workloads![0]!.schedule).toBeUndefined();
      expect(wb.computed().result.skus[0]!.schedule ?? null).toBeNull();
      wb.redo();
      wb.setSchedule(0, null);
      expect(wb.plan.workloads![0]!.schedule).toBeUndefined();
    }, seed));
});

describe("a schedule from the workload's trace", () => {
  test("each hour takes its busiest 60-s bin of the Azure trace (counted here from the rows)", async () => {
    const { readTraceText } = await import("../../../../src/import/trace");
    const { traceWorkloadDef } = await import("../../../../src/ui/state/trace-workload");
    const text = readFileSync("fixtures/traces/AzureLLMInferenceTrace_conv.csv", "utf8");
    const r = readTraceText("conv.csv", text);
    if (!r.ok) throw new Error("not read");
    const s = r.acc.summary(60);
    if (!s.ok) throw new Error(s.error);
    // Busiest minute of each UTC hour, from the raw timestamps.
    const perMinute = new Map<number, number>();
    for (const row of text.trim().split("\n").slice(1)) {
      const ts = row.split(",")[0]!;
      const m = Math.floor(Date.parse(`${ts.slice(0, 23).replace(" ", "T")}Z`) / 60_000);
      perMinute.set(m, (perMinute.get(m) ?? 0) + 1);
    }
    const hours = new Map<number, number>();
    for (const [m, n] of perMinute)
      hours.set(Math.floor(m / 60), Math.max(hours.get(Math.floor(m / 60)) ?? 0, n));
    const want = [...hours.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n / 60);
    expect(want).toHaveLength(2); // 18:15 … 19:14 UTC

    withWorkbook((wb) => {
      const def = traceWorkloadDef("conv.csv", s.value, "max", ["chat"]);
      if (!def.ok) throw new Error("refused");
      const i = wb.addTraceWorkload(def.def);
      wb.setSchedule(i, { intervalSec: 3600, fromTrace: true, minReplicas: 1, leadIntervals: 0 });
      const sch = wb.computed().result.skus[0]!.schedule!;
      // Demand: the chat's constant 50 req/s plus the trace hour's busiest minute.
      expect(sch.demandRps.map((d) => d - 50)).toEqual(want.map((w) => expect.closeTo(w, 12)));
    }, seed);
  });
});
