import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { DerivedCells } from "../../../../src/ui/components/assumptions/DerivedCells";
import { lineagePath, setLineagePath } from "../../../../src/ui/state/lineage";
import { example, renderInWorkbook } from "../../render-workbook";

describe("DerivedCells", () => {
  it.each([
    ["en", "★ recommended"],
    ["zh", "★ 推荐"],
  ] as const)(
    "writes the seed's replicas out with the numbers, the SKU starred (%s)",
    (lang, badge) => {
      setLineagePath(null);
      renderInWorkbook(() => <DerivedCells />, { lang });
      expect(screen.getByText(badge, { exact: false }).textContent).toBe(badge);
      expect(screen.getByTestId("derived-0:replicas:formula").textContent).toBe(
        "ceil(50 × 300 ÷ 1,500 × 1.2 × 1.2) = ceil(14.4) = 15",
      );
      expect(screen.getByTestId("derived-0:replicas:value").textContent).toBe("15");
    },
  );

  it("selecting a derived cell opens its lineage", () => {
    setLineagePath(null);
    renderInWorkbook(() => <DerivedCells />);
    fireEvent.mouseDown(screen.getByTestId("derived-0:gpus:value"));
    fireEvent.mouseUp(screen.getByTestId("derived-0:gpus:value"));
    expect(lineagePath()).toBe("skus[0].gpus");
    expect(screen.getByTestId("lineage")).toBeTruthy();
  });

  it("says why a SKU has no result instead of a grid", () => {
    const p = example();
    p.skus[0]!.gpusPerReplica = "=no_such_cell";
    renderInWorkbook(() => <DerivedCells />, { plan: p });
    expect(screen.queryByTestId("derived-0:replicas:value")).toBeNull();
    expect(document.querySelector(".derived p")!.textContent).not.toBe("");
  });
});
