import { describe, expect, it } from "vitest";
import {
  createTraceCharts,
  traceChartWords,
} from "../../../../src/ui/components/traffic/trace-charts";
import type { TrafficState } from "../../../../src/ui/state/traffic";
import { renderInWorkbook } from "../../render-workbook";
import { renderWithTrace } from "./open-trace";

describe("traceChartWords", () => {
  it.each([
    [false, "en", "Arrival rate per 300-s bin (req/s)"],
    [true, "zh", "每 300 秒分箱的到达速率（请求/秒）"],
  ] as const)(
    "titles the rate chart with the bin (relative time %s, %s)",
    (relativeTime, lang, title) => {
      renderInWorkbook(() => null, { lang });
      const w = traceChartWords({
        view: { summary: { binSec: 300, relativeTime } },
      } as unknown as TrafficState);
      expect(w.rateTitle).toBe(title);
      expect(w.hourTitle).not.toBe(
        traceChartWords({
          view: { summary: { binSec: 1, relativeTime: !relativeTime } },
        } as unknown as TrafficState).hourTitle,
      );
      expect(w.grouped!(1234)).toMatch(/1,234/);
    },
  );
});

describe("createTraceCharts", () => {
  it("has no chart without a trace, and the rate and length charts with one", async () => {
    let charts!: ReturnType<typeof createTraceCharts>;
    renderInWorkbook(() => {
      charts = createTraceCharts();
      return null;
    });
    expect([charts.rate(), charts.input(), charts.hourly()]).toEqual([null, null, null]);
    await renderWithTrace(() => {
      charts = createTraceCharts();
      return null;
    });
    expect(charts.rate()!.data.datasets.length).toBeGreaterThan(0);
    expect(charts.input()).not.toBeNull();
    expect(charts.output()).not.toBeNull();
  });
});
