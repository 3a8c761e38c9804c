/** The before/after view's values: the plan's sweeps to choose from, the compare text split. */
import { describe, expect, it } from "vitest";
import { computePlan } from "../../../../src/engine/plan/plan";
import { resolvePlan } from "../../../../src/engine/plan/resolve-plan";
import { REGRESSION_MARK } from "../../../../src/report/compare-table";
import { splitCompareText, sweepChoices } from "../../../../src/ui/components/report/compare-view";
import { seed } from "../../state/bench-plan";

const seedResult = () => computePlan(resolvePlan(seed));

describe("sweepChoices", () => {
  it("is empty when no SKU has a sweep (the seed's capacity is given)", () =>
    expect(sweepChoices(seedResult())).toEqual([]));

  it("labels SKU · workload when the plan has several workloads, and keeps the GPU", () => {
    const r = seedResult();
    const sku = r.skus[0]!;
    const sweep = { points: [], meta: { gpu: "l40s" } } as unknown as NonNullable<
      (typeof sku.workloads)[number]["sweep"]
    >;
    const two = {
      ...r,
      workloads: [...r.workloads, { ...r.workloads[0]!, name: "batch" }],
      skus: [
        {
          ...sku,
          gpu: null,
          workloads: [
            { ...sku.workloads[0]!, workload: "chat", sweep },
            { ...sku.workloads[0]!, workload: "batch", sweep: null },
          ],
        },
      ],
    } as unknown as typeof r;
    expect(sweepChoices(two)).toEqual([{ label: `${sku.name} · chat`, sweep, gpu: "l40s" }]);
  });
});

describe("splitCompareText", () => {
  it("drops the summary line and folds the regressions under their heading", () => {
    const text = [
      "| a | b |",
      "|---|---|",
      "Regressions:",
      `- ${REGRESSION_MARK} TTFT +20 %`,
      `- ${REGRESSION_MARK} TPS -10 %`,
      "Summary: 2 regressions",
      "",
    ].join("\n");
    expect(splitCompareText(text)).toEqual({
      md: "| a | b |\n|---|---|",
      list: {
        title: "Regressions",
        md: `- ${REGRESSION_MARK} TTFT +20 %\n- ${REGRESSION_MARK} TPS -10 %`,
      },
    });
  });

  it.each([
    ["| a |\nsummary\n", "| a |"],
    [`- ${REGRESSION_MARK} first line\nsummary`, `- ${REGRESSION_MARK} first line`],
  ])("without a headed list, the text is the table (%#)", (text, md) =>
    expect(splitCompareText(text)).toEqual({ md, list: null }),
  );

  it("a full-width colon ends a Chinese heading", () =>
    expect(splitCompareText(`表\n回归：\n- ${REGRESSION_MARK} x\n总结`).list?.title).toBe("回归"));
});
