/** The comparison's row table: rows addressed by key, their order in one place, input cells. */
import { describe, expect, it } from "vitest";
import type { PlanResult } from "../../../../src/engine/plan/plan-result";
import { computePlan } from "../../../../src/engine/plan/plan";
import { resolvePlan } from "../../../../src/engine/plan/resolve-plan";
import { COMPARISON_KEYS } from "../../../../src/report/plan-output";
import {
  type ComparisonContext,
  comparisonRowDefs,
  gridRows,
  ROW_ORDER,
} from "../../../../src/ui/components/comparison/row-table";
import { createComparisonRows } from "../../../../src/ui/state/comparison-rows";
import { setLang } from "../../../../src/ui/state/i18n";
import type { CellState } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";

const seedResult = computePlan(resolvePlan(seed));

/** A context over a result, with input cells from a table of paths (blank when absent). */
function context(result: PlanResult, inputs: Record<string, Partial<CellState>> = {}) {
  const ctx: ComparisonContext = {
    result,
    lang: "en",
    table: createComparisonRows()(result, "en"),
    input: (path) => ({ raw: "", value: null, error: null, ...inputs[path] }),
  };
  return ctx;
}
const keys = (ctx: ComparisonContext) => comparisonRowDefs(ctx).map((d) => d.key);
const row = (ctx: ComparisonContext, key: string) => {
  const d = comparisonRowDefs(ctx).find((x) => x.key === key);
  if (!d) throw new Error(`no row ${key}`);
  return d;
};

describe("ROW_ORDER", () => {
  it("has the GPU and the two input rows first and warnings last", () => {
    const fixed = ROW_ORDER.filter((s) => typeof s !== "function").map((s) =>
      typeof s === "function" ? "" : s.key,
    );
    expect(fixed).toEqual(["gpu", "gpusPerReplica", "pricePerGpuHour", "warnings"]);
    // Two groups between them: the metric rows and the error bars.
    expect(ROW_ORDER).toHaveLength(6);
  });
});

describe("comparisonRowDefs", () => {
  it("lists the rows in the table's order: GPU, inputs, the metric rows shown, warnings", () => {
    const ctx = context(seedResult);
    const metric = ctx.table.map((r) => r.key);
    expect(keys(ctx)).toEqual(["gpu", "gpusPerReplica", "pricePerGpuHour", ...metric, "warnings"]);
    // The metric rows keep the report's order.
    expect(metric).toEqual(COMPARISON_KEYS.filter((k) => metric.includes(k)));
    expect(new Set(keys(ctx)).size).toBe(keys(ctx).length);
  });

  it("adds the error-bar row before warnings only when a SKU has repeats", () => {
    const sku = seedResult.skus[0]!;
    const withRepeats: PlanResult = {
      ...seedResult,
      skus: [{ ...sku, interval: { ...emptyInterval(), replicas: [7, 8] } }],
    };
    expect(keys(context(seedResult))).not.toContain("errorBars");
    expect(keys(context(withRepeats)).slice(-2)).toEqual(["errorBars", "warnings"]);
  });

  it.each([
    ["gpusPerReplica", "gpusPerReplica"],
    ["pricePerGpuHour", "pricePerGpuHour"],
    ["gpu", undefined],
    ["replicas", undefined],
    ["warnings", undefined],
  ])("row %s edits field %s", (key, field) => {
    expect(row(context(seedResult), key).field).toBe(field);
  });

  it("labels the price row with the plan's currency", () => {
    setLang("en");
    expect(row(context(seedResult), "pricePerGpuHour").label(context(seedResult))).toBe(
      "Price / GPU-hour (CNY)",
    );
  });

  it("shows the GPU of each SKU, read-only", () => {
    const ctx = context(seedResult);
    expect(row(ctx, "gpu").cell(ctx, 0)).toEqual({
      raw: "",
      display: "h100-sxm",
      readOnly: true,
    });
  });
});

describe("input rows", () => {
  it.each<[string, Partial<CellState>, string]>([
    ["pricePerGpuHour", { raw: "2.5", value: 2.5 }, "¥2.50"],
    ["pricePerGpuHour", { raw: "$2.99", value: 2.99, typed: "$2.99" }, "$2.99"],
    ["pricePerGpuHour", { raw: "=gpu_hour", value: 5 }, "¥5.00"],
    ["pricePerGpuHour", { raw: "abc", value: null }, "abc"],
    ["gpusPerReplica", { raw: "4", value: 4 }, "4"],
    ["gpusPerReplica", { raw: "2.125", value: 2.125 }, "2.13"],
  ])("%s with %j shows %s", (key, state, display) => {
    const ctx = context(seedResult, { [`skus[0].${key}`]: state });
    const v = row(ctx, key).cell(ctx, 0);
    expect(v.display).toBe(display);
    expect(v.raw).toBe(state.raw);
  });

  it("a missing price asks for one instead of showing an error", () => {
    setLang("en");
    const ctx = context(seedResult, { "skus[0].pricePerGpuHour": { raw: "  " } });
    const v = row(ctx, "pricePerGpuHour").cell(ctx, 0);
    expect(v).toMatchObject({ raw: "", class: "needs" });
    expect(v.display).not.toBe("");
    expect(v.note).toBeTruthy();
  });

  it("carries the cell's formula error", () => {
    const error = { kind: "ref", message: "unknown name x" };
    const ctx = context(seedResult, { "skus[0].gpusPerReplica": { raw: "=x", error } });
    expect(row(ctx, "gpusPerReplica").cell(ctx, 0).error).toEqual(error);
  });
});

describe("gridRows", () => {
  it("gives the grid each row's key, label and class", () => {
    setLang("en");
    const ctx = context(seedResult);
    const rows = gridRows(comparisonRowDefs(ctx), ctx);
    expect(rows[0]).toEqual({ key: "gpu", label: "GPU" });
    expect(rows[1]).toMatchObject({ key: "gpusPerReplica", class: "editable" });
    expect(rows.find((r) => r.key === "replicas")).toEqual({
      key: "replicas",
      label: ctx.table.find((r) => r.key === "replicas")!.label,
      class: "",
    });
    expect(rows.at(-1)).toEqual({ key: "warnings", label: expect.any(String) });
  });
});

function emptyInterval() {
  return {
    outputTokensPerSec: [null, null] as [null, null],
    replicas: [null, null] as [null, null],
    costPerHour: [null, null] as [null, null],
    costPerMillionOutputTokens: [null, null] as [null, null],
  };
}
