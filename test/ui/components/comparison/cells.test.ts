/** The comparison's computed cells: metric text with ranges and colours, error bars, warnings. */
import { describe, expect, it } from "vitest";
import type { Problem } from "../../../../src/engine/base/problems";
import type { PlanResult, SkuResult } from "../../../../src/engine/plan/plan-result";
import { computePlan } from "../../../../src/engine/plan/plan";
import { resolvePlan } from "../../../../src/engine/plan/resolve-plan";
import { renderProblem } from "../../../../src/report/messages";
import {
  distinctProblems,
  errorBarsCell,
  showsValue,
  textRowCell,
  textRowClass,
  warningsCell,
} from "../../../../src/ui/components/comparison/cells";
import type { ComparisonContext } from "../../../../src/ui/components/comparison/row-table";
import { createComparisonRows } from "../../../../src/ui/state/comparison-rows";
import { WHATIF_WORDS } from "../../../../src/ui/state/uncertainty";
import { seed } from "../../state/bench-plan";

const seedResult = computePlan(resolvePlan(seed));
const sku0 = seedResult.skus[0]!;
type Pair = [number | null, number | null];
const interval = (replicas: Pair, perMillion: Pair = [null, null]) => ({
  outputTokensPerSec: [null, null] as Pair,
  replicas,
  costPerHour: [null, null] as Pair,
  costPerMillionOutputTokens: perMillion,
});
const ctxOf = (result: PlanResult): ComparisonContext => ({
  result,
  lang: "en",
  table: createComparisonRows()(result, "en"),
  input: () => ({ raw: "", value: null, error: null }),
});

describe("showsValue", () => {
  it.each([
    ["15", true],
    ["¥14.81", true],
    ["", false],
    ["—", false],
    [undefined, false],
  ])("%j → %s", (v, expected) => expect(showsValue(v)).toBe(expected));
});

describe("textRowClass", () => {
  it.each<[string, string, boolean | null | undefined, string]>([
    ["feasible", "yes", true, "good"],
    ["feasible", "no", false, "bad"],
    ["feasible", "unchecked", null, "warn"],
    ["reason", "TTFT p95 over by 20 %", false, "bad wrap"],
    ["reason", "", true, ""],
    ["op", "given, 1,500 tok/s", true, ""],
    ["op", "2 workloads: 1,500 tok/s, 900 tok/s", true, "wrap-narrow"],
    ["checked", "否（容量为给定或估算的值，未经基准测试检查）", true, "wrap-narrow"],
    ["perMillion", "¥1,234,567,890,123,456.00", true, ""],
  ])("%s %j (feasible %s) → %j", (key, text, feasible, cls) =>
    expect(textRowClass(key, text, feasible)).toBe(cls),
  );
});

describe("textRowCell", () => {
  it("shows the metric's text, read-only, without a range when the SKU has no repeats", () => {
    const ctx = ctxOf(seedResult);
    const cell = textRowCell(ctx, "replicas", 0);
    expect(cell).toEqual({ raw: "", display: "15", readOnly: true, class: "", note: undefined });
    expect(textRowCell(ctx, "feasible", 0)).toMatchObject({ display: "yes", class: "good" });
  });

  it("writes the repeats' range beside a value, with the range note", () => {
    const withRange: PlanResult = {
      ...seedResult,
      skus: [{ ...sku0, interval: interval([14, 16], [20.5, 23]) }],
    };
    const ctx = ctxOf(withRange);
    expect(textRowCell(ctx, "replicas", 0)).toMatchObject({
      display: "15  (14–16)",
      note: WHATIF_WORDS.en.rangeNote,
    });
    expect(textRowCell(ctx, "perMillion", 0).display).toBe("¥14.81  (¥20.50–¥23.00)");
  });

  it("a row the table does not show reads as empty", () => {
    expect(textRowCell(ctxOf(seedResult), "peakReplicas", 0).display).toBe("");
  });
});

describe("errorBarsCell", () => {
  it.each<[Pair, string]>([
    [[7, 8], "warn wrap"],
    [[7, 7], "wrap"],
  ])("replicas %j → class %s", (replicas, cls) => {
    const s: SkuResult = { ...sku0, interval: interval(replicas) };
    const v = errorBarsCell(s, "en");
    expect(v).toMatchObject({ class: cls, display: expect.stringContaining("7"), readOnly: true });
    expect(v.note).toBe(v.display);
  });

  it("the interval's own note, when there is one, is the cell's note", () => {
    const note: Problem = sku0.problems[0]!;
    const v = errorBarsCell({ ...sku0, interval: interval([7, 8]), intervalNote: note }, "zh");
    expect(v.note).toBe(renderProblem(note, "zh"));
  });
});

describe("distinctProblems / warningsCell", () => {
  it("counts each distinct message once, across warnings and errors", () => {
    const p = sku0.problems[0]!;
    const s: SkuResult = { ...sku0, problems: [p, p], errorProblems: [p] };
    expect(distinctProblems(s)).toEqual([p]);
    const note = renderProblem(p, "en");
    const w = warningsCell(s, "en");
    expect(w).toEqual({ raw: "", display: "⚠ 1", readOnly: true, note, class: "warn" });
  });

  it("is empty without problems", () => {
    const v = warningsCell({ ...sku0, problems: [], errorProblems: [] }, "en");
    expect(v).toMatchObject({ display: "", note: undefined, class: "" });
  });
});
