import { describe, expect, it } from "vitest";
import { checkPlanFile } from "../../src/ui/state/open-plan";
import { noticeText } from "../../src/ui/state/plan-opener";

describe("notices of an opened plan file", () => {
  it("render the plan's validation warnings from their problems, in the app's language", () => {
    const c = checkPlanFile(
      JSON.stringify({
        format: "capplan.plan/v1",
        title: "t",
        workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        slo: [],
        skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps: {} }],
      }),
    );
    if (!c.ok) return expect(c.ok).toBe(true);
    expect(c.warningProblems.map((p) => noticeText(p, "zh"))).toEqual([
      'SKU "A" 没有负载 "chat" 的扫描数据，无法计算规模',
    ]);
    expect(c.warningProblems.map((p) => noticeText(p, "en"))).toEqual(c.warnings);
    expect(noticeText("already in the app's words", "zh")).toBe("already in the app's words");
  });
});
