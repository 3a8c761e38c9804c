import { describe, expect, it } from "vitest";
import {
  createTraceCharts,
  traceChartWords,
} from "../../../../src/ui/components/traffic/trace-charts";
import type { TrafficState } from "../../../../src/ui/state/traffic";
import { renderInWorkbook } from "../../render-workbook";
import { renderWithTrace } from "./open-trace";

/** The chart words of a trace summarised in bins of `binSec`. */
const wordsOf = (binSec: number, relativeTime: boolean) =>
  traceChartWords({ view: { summary: { binSec, relativeTime } } } as unknown as TrafficState);

describe("traceChartWords", () => {
  it.each([
    [false, "en", "Arrival rate per 300-s bin (req/s)"],
    [true, "zh", "每 300 秒分箱的到达速率（请求/秒）"],
  ] as const)(
    "titles the rate chart with the bin (relative time %s, %s)",
    (relativeTime, lang, title) => {
      renderInWorkbook(() => null, { lang });
      const w = wordsOf(300, relativeTime);
      expect(w.rateTitle).toBe(title);
      expect(w.hourTitle).not.toBe(wordsOf(1, !relativeTime).hourTitle);
      expect(w.grouped!(1234)).toMatch(/1,234/);
    },
  );
});

describe("createTraceCharts", () => {
  it("has no chart without a trace, and the rate and length charts with one", async () => {
    let charts!: ReturnType<typeof createTraceCharts>;
    const Charts = () => {
      charts = createTraceCharts();
      return null;
    };
    renderInWorkbook(Charts);
    expect([charts.rate(), charts.input(), charts.hourly()]).toEqual([null, null, null]);
    await renderWithTrace(Charts);
    expect(charts.rate()!.data.datasets.length).toBeGreaterThan(0);
    expect(charts.input()).not.toBeNull();
    expect(charts.output()).not.toBeNull();
  });
});
