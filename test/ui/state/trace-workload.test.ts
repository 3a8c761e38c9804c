import { readFileSync } from "node:fs";
import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { readTraceText } from "../../../src/import/trace";
import {
  MAX_INLINE_BINS,
  traceStem,
  traceUsageRows,
  traceWorkloadDef,
} from "../../../src/ui/state/trace-workload";
import { createWorkbook } from "../../../src/ui/state/workbook";
import { seed } from "./bench-plan";

const azureText = readFileSync("fixtures/traces/AzureLLMInferenceTrace_conv.csv", "utf8");

function summaryOf(name: string, text: string, binSec: number) {
  const r = readTraceText(name, text);
  if (!r.ok) throw new Error("trace not read");
  const s = r.acc.summary(binSec);
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

/** Output tokens per request of the Azure fixture, counted here from its rows. */
function azureMeanOut(): number {
  const rows = azureText.trim().split("\n").slice(1);
  return rows.reduce((a, r) => a + Number(r.split(",")[2]), 0) / rows.length;
}

describe("a workload from a trace", () => {
  test("named after the file, not taken; the summary stored inline at the sheet's bin", () => {
    expect(traceStem("traces/AzureLLMInferenceTrace_conv.csv")).toBe("AzureLLMInferenceTrace_conv");
    const s = summaryOf("conv.csv", azureText, 60);
    const r = traceWorkloadDef("conv.csv", s, "p99", ["chat", "conv"]);
    if (!r.ok) throw new Error("refused");
    expect(r.def.name).toBe("conv (2)");
    expect(r.def.trace).toMatchObject({ name: "conv.csv", binSec: 60, peak: "p99" });
    expect(r.def.trace?.traffic?.peakRps).toBe(s.peakRps);
    expect(r.def.trace?.traffic).not.toBe(s); // a copy: the sheet's later bins do not change the plan
  });

  test("the sheet's summary (a store proxy) is stored as a plain copy", async () => {
    const { createTrafficStore } = await import("../../../src/ui/state/traffic");
    const { importTrace, traffic } = createTrafficStore();
    await importTrace({ name: "conv.csv", text: azureText });
    const r = traceWorkloadDef("conv.csv", traffic.view!.summary, "max", []);
    if (!r.ok) throw new Error("refused");
    expect(r.def.trace?.traffic?.requests).toBe(19366);
    expect(structuredClone(r.def)).toEqual(r.def);
  });

  test("a summary with more bins than a plan keeps is refused with the numbers", () => {
    const s = summaryOf("conv.csv", azureText, 60);
    const big = { ...s, series: new Array<number>(MAX_INLINE_BINS + 1).fill(0) };
    expect(traceWorkloadDef("conv.csv", big, "max", [])).toEqual({
      ok: false,
      key: "trTooManyBins",
      bins: MAX_INLINE_BINS + 1,
      max: MAX_INLINE_BINS,
    });
  });

  test("the plan computes replicas from the trace's numbers, and a reopened plan gives the same", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      const s = summaryOf("conv.csv", azureText, 60);
      const r = traceWorkloadDef("conv.csv", s, "max", ["chat"]);
      if (!r.ok) throw new Error("refused");
      expect(wb.addTraceWorkload(r.def)).toBe(1);
      const res = wb.computed().result;
      const w = res.workloads[1]!;
      // Peak: 502 requests in the busiest minute ÷ 60 s; lengths: the rows' means.
      expect(w.peakRps).toBeCloseTo(502 / 60, 12);
      expect(w.outputTokens).toBeCloseTo(azureMeanOut(), 9);
      // chat 50 × 300 + trace 8.3667 × 211.07 output tokens/s over 1,500 per replica, × 1.44, ceiling.
      const base = (50 * 300 + (502 / 60) * azureMeanOut()) / 1500;
      expect(res.skus[0]!.capacity?.replicas).toBe(Math.ceil(base * 1.44 - 1e-9));
      expect(res.skus[0]!.capacity?.replicas).toBe(17);
      const again = createWorkbook(JSON.parse(JSON.stringify(wb.snapshot())) as PlanFile);
      expect(again.computed().result).toEqual(res);
      wb.undo();
      expect(wb.computed().result.workloads).toHaveLength(1);
      dispose();
    }));
});

describe("team usage from the trace's team column", () => {
  test("tokens per day = each team's tokens ÷ the trace's days, in the plan's first pool", () =>
    createRoot((dispose) => {
      const wb = createWorkbook(seed);
      const s = summaryOf("teams.jsonl", readFileSync("fixtures/traces/teams.jsonl", "utf8"), 1);
      // Successful rows: search 800 + 1,200 + 640 in, 120 + 80 + 200 out; support 300 + 256 in,
      // 400 + 256 out; from 09:00:00.000 to 09:01:03 UTC: 63 s = 63 / 86,400 days.
      const perDay = 86_400 / 63;
      const rows = traceUsageRows(s, wb.view())!;
      expect(rows.map((r) => r.team).sort()).toEqual(["search", "support"]);
      const search = rows.find((r) => r.team === "search")!;
      const support = rows.find((r) => r.team === "support")!;
      expect(search.pool).toBe("70b");
      expect(search.inputTokens).toBeCloseTo(2640 * perDay, 6);
      expect(search.outputTokens).toBeCloseTo(400 * perDay, 6);
      expect(support.inputTokens).toBeCloseTo(556 * perDay, 6);
      expect(support.outputTokens).toBeCloseTo(656 * perDay, 6);
      wb.setUsageRows(rows);
      expect(wb.plan.tenants!.usage).toHaveLength(2);
      wb.undo();
      expect(wb.plan.tenants!.usage.map((u) => u.team)).toEqual(["search", "support"]);
      expect(wb.plan.tenants!.usage[0]!.inputTokens).toBe(1e7);
      dispose();
    }));

  test("no team column, no rows", () => {
    const s = summaryOf("conv.csv", azureText, 60);
    expect(traceUsageRows(s, seed)).toBeNull();
  });
});
