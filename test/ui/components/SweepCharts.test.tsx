import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { SweepCharts } from "../../../src/ui/components/SweepCharts";
import { renderInWorkbook } from "../render-workbook";

describe("SweepCharts", () => {
  it.each([
    ["en", "TTFT", "P99"],
    ["zh", "TTFT", "P99"],
  ] as const)(
    "starts the latency chart on the plan's first SLO, TTFT P99 (%s)",
    (lang, metric, stat) => {
      renderInWorkbook(() => <SweepCharts series={() => []} />, { lang });
      const pick = (id: string) =>
        (screen.getByTestId(id) as HTMLSelectElement).selectedOptions[0]!.textContent;
      expect([pick("latency-metric"), pick("latency-stat")]).toEqual([metric, stat]);
      expect(screen.getByTestId("chart-throughput")).toBeTruthy();
    },
  );
  it("switches the latency chart to another metric and to throughput on the x axis", () => {
    renderInWorkbook(() => <SweepCharts series={() => []} />);
    fireEvent.change(screen.getByTestId("latency-metric"), { target: { value: "itl" } });
    fireEvent.change(screen.getByTestId("latency-x"), { target: { value: "throughput" } });
    expect((screen.getByTestId("latency-metric") as HTMLSelectElement).value).toBe("itl");
    expect((screen.getByTestId("latency-x") as HTMLSelectElement).value).toBe("throughput");
  });
});
