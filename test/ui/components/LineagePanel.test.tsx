import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { LineagePanel } from "../../../src/ui/components/LineagePanel";
import { lineagePath, setLineagePath } from "../../../src/ui/state/lineage";
import { renderInWorkbook } from "../render-workbook";

describe("LineagePanel", () => {
  it("shows nothing until a number is selected", () => {
    setLineagePath(null);
    renderInWorkbook(() => <LineagePanel />);
    expect(screen.queryByTestId("lineage")).toBeNull();
  });

  it("traces the seed's replicas down to the cells, with the numbers plugged in; × closes it", () => {
    setLineagePath("skus[0].replicas");
    renderInWorkbook(() => <LineagePanel />);
    const panel = screen.getByTestId("lineage");
    expect(panel.getAttribute("aria-label")).toBe("Where this number comes from");
    expect(panel.querySelector(".lp-path")!.textContent).toBe("skus[0].replicas");
    expect(panel.querySelector(".lp-value")!.textContent).toBe("15");
    expect(screen.getAllByTestId("lineage-step")[0]!.textContent).toContain("14.4");
    const kinds = [...panel.querySelectorAll<HTMLElement>(".lp-step")].map((e) => e.dataset.kind);
    expect(kinds).toContain("cell");
    fireEvent.click(screen.getByTestId("lineage-close"));
    expect([lineagePath(), screen.queryByTestId("lineage")]).toEqual([null, null]);
  });

  it.each([
    ["en", "This cell has no computed number to trace."],
    ["zh", "该单元格没有可追溯的计算结果。"],
  ] as const)("says so when the path has no number (%s)", (lang, text) => {
    setLineagePath("skus[9].replicas");
    renderInWorkbook(() => <LineagePanel />, { lang });
    expect(screen.getByTestId("lineage").textContent).toContain(text);
  });
});
