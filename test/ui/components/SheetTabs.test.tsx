import { fireEvent, render } from "@solidjs/testing-library";
import { createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import { SheetTabs, tabKeyTarget } from "../../../src/ui/components/SheetTabs";

describe("tabKeyTarget", () => {
  it.each([
    ["ArrowRight", 0, 1],
    ["ArrowRight", 5, 0],
    ["ArrowLeft", 0, 5],
    ["ArrowLeft", 3, 2],
    ["Home", 4, 0],
    ["End", 1, 5],
    ["ArrowDown", 1, null],
    ["Enter", 1, null],
  ])("%s from tab %i of 6 goes to %s", (key, from, to) => {
    expect(tabKeyTarget(key, from, 6)).toBe(to);
  });
});

describe("SheetTabs", () => {
  it("keeps only the current tab in the Tab order and moves with the arrow keys", () => {
    const [cur, setCur] = createSignal<"benchmarks" | "assumptions" | "report">("benchmarks");
    const { getAllByRole } = render(() => (
      <SheetTabs
        sheets={[
          { id: "benchmarks", key: "sheetBenchmarks" },
          { id: "assumptions", key: "sheetAssumptions" },
          { id: "report", key: "sheetReport" },
        ]}
        current={cur()}
        onSelect={setCur}
      />
    ));
    const tabs = () => getAllByRole("tab");
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.keyDown(tabs()[0]!, { key: "ArrowRight" });
    expect(cur()).toBe("assumptions");
    expect(tabs().map((t) => t.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
    expect(document.activeElement).toBe(tabs()[1]);
    fireEvent.keyDown(tabs()[1]!, { key: "End" });
    expect(cur()).toBe("report");
    fireEvent.keyDown(tabs()[2]!, { key: "ArrowRight" });
    expect(cur()).toBe("benchmarks");
    expect(tabs()[0]!.getAttribute("aria-controls")).toBe("sheet-panel");
  });
});
