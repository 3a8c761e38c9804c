/** src/import/formats/locust-common.ts: what Locust's stats and history CSVs share. */
import { describe, expect, it } from "vitest";
import {
  cellNum,
  chooseEntries,
  type Entry,
  Header,
  metricOfName,
  percentileStat,
  percentilesOf,
} from "../../../src/import/formats/locust-common";

describe("Header, cellNum, percentileStat and percentilesOf", () => {
  it("finds columns by any of their names and reads the percentile columns below 100 %", () => {
    const h = new Header(["Type", "Name", "Request Count", "50%", "99.9%", "100%"]);
    expect([h.col("name"), h.col("# requests", "request count"), h.col("x")]).toEqual([1, 2, -1]);
    const row = ["GET", "/", "12", "40", "n/a", "90"];
    const cells = [cellNum(row, 2), cellNum(row, 4), cellNum(row, -1)];
    expect(cells).toEqual([12, undefined, undefined]);
    expect(percentilesOf(h, row)).toEqual({ p50: 40 });
    const stats = [99.9, 99.99999, 100].map(percentileStat);
    expect(stats).toEqual(["p99.9", "p100", null]);
  });
});

describe("metricOfName", () => {
  it.each([
    ["TTFT", "ttftMs"],
    ["time_to_first_token", "ttftMs"],
    ["time per output token", "tpotMs"],
    ["inter-token latency", "itlMs"],
    ["end_to_end", "e2eMs"],
    ["/v1/chat/completions", null],
  ])("%s → %j", (name, field) => expect(metricOfName(name)).toBe(field));
});

describe("chooseEntries", () => {
  const e = (type: string, name: string, requests = 1): Entry => ({ type, name, requests });
  const codes = (r: ReturnType<typeof chooseEntries>) => r.notes.map((p) => p.code);

  it("takes the metric rows by name and the busiest POST as end to end, with a note", () => {
    const r = chooseEntries([e("", "ttft"), e("POST", "/a", 3), e("POST", "/b", 9), e("GET", "/")]);
    const names = [r.byMetric.get("ttftMs")?.name, r.rateEntry?.name];
    expect([names, codes(r)]).toEqual([["ttft", "/b"], ["locust.e2eFromRow"]]);
  });

  it("falls back to the Aggregated row, and says when it mixes TTFT rows in", () => {
    const r = chooseEntries([e("", "Aggregated"), e("GET", "/a"), e("GET", "/b"), e("", "ttft")]);
    expect(r.rateEntry?.name).toBe("Aggregated");
    expect(codes(r)).toEqual(["locust.e2eFromAggregated", "locust.aggregatedMixes"]);
    expect(chooseEntries([e("GET", "/a"), e("GET", "/b")]).rateEntry).toBeNull();
  });
});
