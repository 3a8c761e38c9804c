import { fireEvent, screen } from "@solidjs/testing-library";
import { createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import { type SelectedCell, WhatIfPanel } from "../../../src/ui/components/WhatIfPanel";
import { renderInWorkbook } from "../render-workbook";

describe("WhatIfPanel", () => {
  it.each([
    ["en", "What if", "What would make this …?"],
    ["zh", "假设分析", "怎样才能让它 …？"],
  ] as const)(
    "draws the seed SKU's tornado; goal seek waits for a selected cell (%s)",
    (lang, title, ask) => {
      renderInWorkbook(() => <WhatIfPanel selected={() => null} />, { lang });
      expect(screen.getByRole("heading").textContent).toBe(title);
      const button = screen.getByTestId("whatif-ask") as HTMLButtonElement;
      expect([button.textContent, button.disabled]).toEqual([ask, true]);
      expect(screen.getByTestId("chart-tornado")).toBeTruthy();
      expect((screen.getByTestId("whatif-sku") as HTMLSelectElement).options[0]!.textContent).toBe(
        "H100 TP4",
      );
    },
  );

  it("opens goal seek on the selected computed cell", () => {
    const [sel] = createSignal<SelectedCell | null>({
      path: "skus[0].gpus",
      label: "GPUs",
      sku: 0,
    });
    renderInWorkbook(() => <WhatIfPanel selected={sel} />);
    fireEvent.click(screen.getByTestId("whatif-ask"));
    expect((screen.getByTestId("solve-value") as HTMLInputElement).value).toBe("60");
  });
});
