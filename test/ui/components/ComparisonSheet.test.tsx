import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { ComparisonSheet } from "../../../src/ui/components/ComparisonSheet";
import { lineagePath, setLineagePath } from "../../../src/ui/state/lineage";
import { example, renderInWorkbook } from "../render-workbook";

describe("ComparisonSheet", () => {
  it("puts the SKUs in columns, the recommended one marked, with the banner and the what-if panel", () => {
    setLineagePath(null);
    renderInWorkbook(() => <ComparisonSheet />);
    expect(
      screen
        .getAllByRole("columnheader")
        .map((h) => h.textContent)
        .slice(1),
    ).toEqual(["H100 TP4"]);
    expect(screen.getByTestId("rec-banner")).toBeTruthy();
    expect(screen.getByTestId("whatif")).toBeTruthy();
    expect(screen.getByTestId("cmp:replicas:s0").textContent).toBe("15");
    expect(screen.getByTestId("cmp:replicas:s0").classList.contains("rec")).toBe(true);
  });

  it("selecting a computed number opens its lineage and lets goal seek start from it", () => {
    setLineagePath(null);
    renderInWorkbook(() => <ComparisonSheet />);
    fireEvent.mouseDown(screen.getByTestId("cmp:replicas:s0"));
    fireEvent.mouseUp(screen.getByTestId("cmp:replicas:s0"));
    expect(lineagePath()).toBe("skus[0].replicas");
    expect((screen.getByTestId("whatif-ask") as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ["en", "No SKUs yet"],
    ["zh", "还没有"],
  ] as const)("without SKUs says so (%s)", (lang, text) => {
    const p = example();
    p.skus = [];
    renderInWorkbook(() => <ComparisonSheet />, { plan: p, lang });
    expect(screen.getByTestId("sheet-comparison").textContent).toContain(text);
  });
});
