import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { ChartCanvas, chartPng } from "../../../src/ui/components/ChartCanvas";
import { renderInWorkbook } from "../render-workbook";

const config = { type: "bar" as const, data: { labels: ["a"], datasets: [{ data: [1] }] } };

// Chart.js draws on a real canvas: the drawing itself is checked in the browser
// (test/e2e/workbook.spec.ts: "charts paint pixels"); here, what a reader and the page get without one.
describe("ChartCanvas", () => {
  it.each([
    ["en", "Download this chart as PNG"],
    ["zh", "下载此图表（PNG）"],
  ] as const)(
    "is an image named by its label, with a PNG button when it has a file name (%s)",
    (lang, title) => {
      const props = {
        config,
        testId: "c",
        label: "Cost per month",
        pngName: "cost.png",
        height: 200,
      };
      renderInWorkbook(() => <ChartCanvas {...props} />, { lang });
      const canvas = screen.getByTestId("c");
      const named = [canvas.getAttribute("role"), canvas.getAttribute("aria-label")];
      expect(named).toEqual(["img", "Cost per month"]);
      expect(screen.getByTestId("png-c").title).toBe(title);
      expect((canvas.parentElement as HTMLElement).style.height).toBe("200px");
    },
  );
  it("has no PNG button without a file name, and draws nothing (no throw) without a 2D context", () => {
    renderInWorkbook(() => <ChartCanvas config={config} testId="c" label="x" />);
    expect(screen.queryByTestId("png-c")).toBeNull();
  });
});

describe("chartPng", () => {
  it("is null where the page has no 2D canvas", async () => {
    expect(await chartPng(document.createElement("canvas"))).toBeNull();
  });
});
