import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { CostBars } from "../../../../src/ui/components/comparison/CostBars";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";

const Bars = (p: { prefix?: string }) => (
  <CostBars
    result={useWorkbook().computed().result}
    {...(p.prefix ? { testIdPrefix: p.prefix } : {})}
  />
);

describe("CostBars", () => {
  it.each([
    ["en", "Cost per 1M output tokens"],
    ["zh", "每百万输出 token 成本"],
  ] as const)(
    "labels both charts with what they show and how the plan recommends (%s)",
    (lang, perM) => {
      renderInWorkbook(() => <Bars />, { lang });
      const label = screen.getByTestId("chart-per-million").getAttribute("aria-label")!;
      expect(label.startsWith(`${perM}. `)).toBe(true);
      expect(screen.getByTestId("chart-per-month")).toBeTruthy();
    },
  );
  it("tells the copies on different sheets apart by their test ids", () => {
    renderInWorkbook(() => <Bars prefix="report-" />);
    expect(screen.getByTestId("report-chart-per-million")).toBeTruthy();
  });
});
