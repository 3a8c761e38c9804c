import { describe, expect, it } from "vitest";
import { run, runLine } from "../cli/helpers";
import { computePlan } from "../../src/engine/plan/plan";
import { resolvePlan } from "../../src/engine/plan/resolve-plan";
import { reportMarkdown } from "../../src/report/report";
import type { PlanFile } from "../../src/engine/base/types";

describe("reportMarkdown", () => {
  it.each([
    ["en", "- SLO targets: P99 TTFT ≤ 1,000 ms and P95 ITL ≤ 50 ms"],
    ["zh", "- SLO 目标：P99 TTFT ≤ 1,000 ms"],
  ])(
    "writes the SLO targets with ≤, the sign of the check and of the comparison table (%s)",
    async (lang, line) => {
      const r = await run("report", "models/examples/multi-sku.json", "--lang", lang);
      expect([r.code, r.out]).toEqual([0, expect.stringContaining(line)]);
      expect(r.out).not.toMatch(/(TTFT|ITL|E2E|TPOT) < /);
      // The comparison's binding row says the same limit with the same sign.
      const table = await runLine(`plan models/examples/multi-sku.json --markdown --lang ${lang}`);
      expect(table.out).toContain("P99 TTFT ≤ 1000 ms");
    },
  );

  it("places the Fleet section's lines after the results and before the conclusions; none without them", () => {
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 10, outputTokens: 10 }],
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { replicaOutputTokensPerSec: 100 },
        },
      ],
    } as PlanFile;
    const result = computePlan(resolvePlan(plan));
    const fleet = ["", "### Fleet", "", "- a line"];
    const md = reportMarkdown(result, "en", fleet);
    const at = md.indexOf("### Fleet");
    expect([at > 0, at < md.indexOf("### Conclusions")]).toEqual([true, true]);
    expect(md.replace("\n### Fleet\n\n- a line\n", "")).toBe(reportMarkdown(result, "en"));
    expect(reportMarkdown(result, "en")).not.toContain("### Fleet");
  });
});
