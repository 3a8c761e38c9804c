import { describe, expect, it } from "vitest";
import { trafficOf } from "../../../src/engine/demand/traffic";
import {
  downsampleMax,
  hourlyChart,
  lengthChart,
  rateChart,
  timeLabel,
  weekdayChart,
  type TrafficChartWords,
} from "../../../src/ui/charts/traffic-charts";

const words: TrafficChartWords = {
  rateTitle: "r",
  rate: "rate",
  peak: "peak",
  p99: "p99",
  hourTitle: "h",
  hourMean: "mean",
  hourPeak: "peak",
  lengthTitle: "len",
  requests: "n",
  atLeast: (v) => `≥ ${v}`,
};
const fmt = (v: number) => String(v);

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
/** The traffic summary of one-token requests arriving at `times` (s), in bins of `bin` s. */
const req = (t: number) => ({ t, input: 1, output: 1 });
const trace = (times: number[], bin: number) => ok(trafficOf(times.map(req), bin));

describe("traffic charts", () => {
  it("downsampling keeps each group's highest bin, so the peak survives", () => {
    expect(downsampleMax([1, 5, 2, 0, 3, 9, 4], 3)).toEqual({ step: 3, values: [5, 9, 4] });
    expect(downsampleMax([1, 2], 3)).toEqual({ step: 1, values: [1, 2] });
  });

  it("the rate chart draws every bin from the first bin's start, with the peak and p99 lines", () => {
    // Requests at 10.0, 10.5, 11.2, 14.9, 15.0 s in 2-s bins: rates 1.5, 0, 1 from t = 10.
    const s = trace([10, 10.5, 11.2, 14.9, 15], 2);
    const c = rateChart(s, words, fmt);
    const xy = (x: number, y: number) => ({ x, y });
    expect(c.data.datasets[0]!.data).toEqual([xy(10, 1.5), xy(12, 0), xy(14, 1)]);
    expect(c.options?.scales?.x?.max).toBe(16);
    expect((c.plugins![0] as unknown as { id: string }).id).toBe("capplanBands");
    expect(s.p99Rps).toBeCloseTo(1.49, 12);
  });

  it("a long series says that each point is the busiest of its group", () => {
    const s = trace([...Array(3001).keys()], 1);
    // 3,001 one-second bins → groups of ceil(3,001 / 1,500) = 3.
    const c = rateChart(s, { ...words, grouped: (n) => `(max of ${n})` }, fmt);
    expect(c.data.datasets[0]!.data).toHaveLength(1001);
    expect(c.options?.plugins?.title?.text).toBe("r (max of 3)");
    const short = rateChart(trace([0, 5], 1), { ...words, grouped: () => "x" }, fmt);
    expect(short.options?.plugins?.title?.text).toBe("r");
  });

  it("time labels: UTC clock time, with the date past a day, or hours from the start", () => {
    expect(timeLabel(1_700_000_000, false, false)).toBe("22:13");
    expect(timeLabel(1_700_000_000, false, true)).toBe("11-14 22:13");
    expect(timeLabel(5_430, true, false)).toBe("+1:30");
  });

  it("the hour profile leaves hours without bins empty", () => {
    const hourly = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      meanRps: hour,
      peakRps: 2 * hour,
      bins: hour === 3 ? 0 : 60,
    }));
    const c = hourlyChart(hourly, words, fmt);
    expect(c.data.labels?.[3]).toBe("03");
    expect(c.data.datasets[0]!.data[3]).toBeNull();
    expect(c.data.datasets[1]!.data[5]).toBe(10);
  });

  it("a trace over two days gets a weekday profile, Monday first (hand-counted)", () => {
    // 2024-05-13 was a Monday. Requests: Monday 00:00:00 and 00:00:30, Tuesday 12:00:00.
    const mon = Date.UTC(2024, 4, 13) / 1000;
    const s = trace([mon, mon + 30, mon + 86_400 + 43_200], 60);
    const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const c = weekdayChart(s.weekdays!, days, "days", words, fmt);
    expect(c.data.labels).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    // Monday: 2 requests in 1,440 one-minute bins; Tuesday: 1 in the 721 bins up to the last request.
    expect(c.data.datasets[0]!.data[0]).toBeCloseTo(2 / (1440 * 60), 12);
    expect(c.data.datasets[0]!.data[1]).toBeCloseTo(1 / (721 * 60), 12);
    expect(c.data.datasets[1]!.data[0]).toBeCloseTo(2 / 60, 12);
    expect(c.data.datasets[0]!.data[2]).toBeNull();
  });

  it("length bars are labelled by their token range", () => {
    const buckets = [
      { from: 0, to: 50, count: 4 },
      { from: 50, to: null, count: 1 },
    ];
    const h = { width: 50, total: 5, buckets };
    const c = lengthChart(h, "#000", words, fmt);
    expect(c.data.labels).toEqual(["0–49", "≥ 50"]);
    expect(c.data.datasets[0]!.data).toEqual([4, 1]);
  });
});
