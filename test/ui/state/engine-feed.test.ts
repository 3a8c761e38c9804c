import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { setAtPath } from "../../../src/engine/plan/plan-path";
import { createEngineFeed, placeholder } from "../../../src/ui/state/engine-feed";
import { seed } from "./bench-plan";

/** The result of a fresh engine for `plan`: what every fed result must equal. */
const fresh = (plan: PlanFile) => createEngineFeed().compute(plan, undefined).result;

describe("placeholder", () => {
  it("is an empty plan evaluated: no SKU, no error", () => {
    const p = placeholder();
    expect([p.result.skus, p.resolved.errors, p.errorsByPath.size]).toEqual([[], [], 0]);
  });
});

describe("createEngineFeed", () => {
  it("a number edited reaches the engine as an edit and gives a fresh engine's result", () => {
    const feed = createEngineFeed();
    const plan = structuredClone(seed);
    const first = feed.compute(plan, undefined);
    setAtPath(plan as unknown as Record<string, unknown>, "skus[0].pricePerGpuHour", 7.5);
    feed.edited("skus[0].pricePerGpuHour", 7.5);
    const next = feed.compute(plan, first);
    expect(next.result.skus[0]!.pricePerGpuHour).toBe(7.5);
    expect(next.result).toEqual(fresh(plan));
    expect(next.result).not.toEqual(first.result);
  });

  it("a change that is not one number gives the engine the whole plan", () => {
    const feed = createEngineFeed();
    const plan = structuredClone(seed);
    const first = feed.compute(plan, undefined);
    plan.skus[0]!.name = "renamed";
    feed.edited("skus[0].pricePerGpuHour", plan.skus[0]!.pricePerGpuHour as number);
    feed.changed(); // wins over the edits before it
    const next = feed.compute(plan, first);
    expect(next.result.skus[0]!.name).toBe("renamed");
    expect(next.result).toEqual(fresh(plan));
  });

  it.each([
    [7.25, "an edit"],
    ["=1+2", "an edit"],
    ["text", "the whole plan"],
    [null, "the whole plan"],
  ])("an undo writing %j is %s, and the result is a fresh engine's", (v, _) => {
    const feed = createEngineFeed();
    const plan = structuredClone(seed);
    const first = feed.compute(plan, undefined);
    const path = "skus[0].pricePerGpuHour";
    setAtPath(plan as unknown as Record<string, unknown>, path, v);
    feed.patched(path, v);
    expect(feed.compute(plan, first).result).toEqual(fresh(plan));
  });

  it("errors by path are kept while the resolved plan is the same object", () => {
    const feed = createEngineFeed();
    const plan = structuredClone(seed);
    plan.cells = { ...plan.cells, bad: "=nosuch + 1" };
    const first = feed.compute(plan, undefined);
    expect([...first.errorsByPath.keys()]).toContain("cells.bad");
    const again = feed.compute(plan, first); // nothing changed
    expect(again.resolved).toBe(first.resolved);
    expect(again.errorsByPath).toBe(first.errorsByPath);
  });
});
