/** Goal seek as state: the starting goal, the answer in words, applying it to the plan. */
import { describe, expect, it } from "vitest";
import type { SolveResult } from "../../../../src/engine/whatif/solve";
import {
  answerText,
  canApply,
  createGoalSeek,
  startGoal,
} from "../../../../src/ui/components/whatif/goal-seek";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

const answer = (over: Partial<SolveResult>): SolveResult => ({
  found: true,
  vary: "skus[0].pricePerGpuHour",
  value: 4,
  target: 100,
  achieved: 100,
  base: 5,
  ...over,
});

describe("startGoal", () => {
  it.each<[number | null, string]>([
    [876000, "876000"],
    [14.814814814, "14.8148"],
    [0.000012345678, "0.0000123457"],
    [null, ""],
  ])("%s → %j", (now, text) => expect(startGoal(now)).toBe(text));
});

describe("canApply", () => {
  it.each<[SolveResult | null, boolean]>([
    [answer({}), true],
    [answer({ found: false }), false],
    [answer({ vary: "skus[2].replicaOutputTokensPerSec" }), false],
    [answer({ vary: "assumptions.gpu_hour" }), true],
    [null, false],
  ])("%# → %s", (a, ok) => expect(canApply(a)).toBe(ok));
});

describe("answerText", () => {
  it("says the value found, what it gives, and the value now", () => {
    const en = "skus[0].pricePerGpuHour = 4 gives Cost / month = 100. Now 5.";
    expect(answerText(answer({}), "Cost / month", "en")).toBe(en);
    const zh = "skus[0].pricePerGpuHour = 4 时结果为 月成本 = 100。 当前为 5。";
    expect(answerText(answer({}), "月成本", "zh")).toBe(zh);
  });
  it("without an answer: its problem, or a dash", () => {
    expect(answerText(answer({ found: false }), "x", "en")).toBe("—");
  });
});

describe("createGoalSeek", () => {
  it("opens on a cell with its value, solves for a price and applies it", () =>
    withWorkbook((wb) => {
      const gs = createGoalSeek(wb);
      const perMonth = wb.computed().result.skus[0]!.capacity!.costPerMonth;
      gs.ask({ path: "skus[0].costPerMonth", label: "Cost / month", sku: 0 });
      expect(Number(gs.goal())).toBeCloseTo(perMonth, 0);
      expect(gs.inputs()).toContain(gs.vary());
      gs.setVary("skus[0].pricePerGpuHour");
      gs.setGoal(String(perMonth / 2));
      gs.run();
      const a = gs.answer()!;
      expect(a.found).toBe(true);
      // Cost per month is linear in the price: half the cost at half the price.
      expect(a.value! / a.base!).toBeCloseTo(0.5, 6);
      gs.apply();
      expect(gs.open()).toBeNull();
      expect(wb.computed().result.skus[0]!.capacity!.costPerMonth).toBeCloseTo(perMonth / 2, 0);
    }, seed));

  it("a goal that is not a number does not run", () =>
    withWorkbook((wb) => {
      const gs = createGoalSeek(wb);
      gs.ask({ path: "skus[0].costPerMonth", label: "x", sku: 0 });
      gs.setGoal("lots");
      gs.run();
      expect(gs.answer()).toBeNull();
      gs.close();
      expect(gs.inputs()).toEqual([]);
    }, seed));
});
