import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { ReportSheet } from "../../../src/ui/components/ReportSheet";
import { renderInWorkbook } from "../render-workbook";

describe("ReportSheet", () => {
  it.each([
    ["en", "Charts"],
    ["zh", "图表"],
  ] as const)(
    "shows the plan's report, its cost charts and the before/after view (%s)",
    (lang, charts) => {
      renderInWorkbook(() => <ReportSheet />, { lang });
      const text = screen.getByTestId("report-text");
      expect(text.querySelector("h2")!.textContent).toContain("Seed worked example");
      expect(text.textContent).toContain("H100 TP4");
      expect(screen.getByText(charts).tagName).toBe("H3");
      expect(screen.getByTestId("report-chart-per-million")).toBeTruthy();
      expect(screen.getByTestId("before-after")).toBeTruthy();
    },
  );
});
