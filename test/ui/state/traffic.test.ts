import { readFileSync } from "node:fs";
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { trafficOf as summarise } from "../../../src/engine/demand/traffic";
import { localizeIssue } from "../../../src/report/messages";
import { setLang } from "../../../src/ui/state/i18n";
import { emptyPlan } from "../../../src/ui/state/plan-edit";
import {
  burstSentence,
  createTrafficStore,
  DEFAULT_BIN_SEC,
  traceSourceOf,
  trafficOf,
} from "../../../src/ui/state/traffic";
import { createWorkbook } from "../../../src/ui/state/workbook";

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** A trace summary of one-token requests arriving at `times`, in bins of `bin` s. */
const req = (t: number) => ({ t, input: 1, output: 1 });
const trace = (times: number[], bin: number) => ok(summarise(times.map(req), bin));

const text = readFileSync("fixtures/traces/AzureLLMInferenceTrace_conv.csv", "utf8");

describe("createTrafficStore (no worker: the session runs here)", () => {
  it("imports a trace, then rebins it without reading again", async () => {
    const { traffic, importTrace, setTraceBin } = createTrafficStore();
    expect(traffic).toMatchObject({ status: "idle", view: null, binSec: DEFAULT_BIN_SEC });
    await importTrace({ name: "conv.csv", text });
    const view = { summary: { requests: 19366, binSec: 60 } };
    expect(traffic).toMatchObject({ status: "ok", file: "conv.csv", progress: null, view });
    const peak60 = traffic.view!.summary.peakRps;
    await setTraceBin(3600);
    expect(traffic).toMatchObject({ binSec: 3600, view: { summary: { binSec: 3600 } } });
    expect(traffic.view!.summary.peakRps).toBeLessThan(peak60);
  });

  it("a failed import keeps the trace already shown and says why", async () => {
    const { traffic, importTrace, clearTrace } = createTrafficStore();
    await importTrace({ name: "conv.csv", text });
    await importTrace({ name: "bad.csv", text: "a,b\n1,2\n" });
    expect(traffic).toMatchObject({ status: "ok", view: { name: "conv.csv" } });
    expect(traffic.errors[0]).toMatch(/^bad\.csv/);
    // The issue beside the English line renders in Chinese from its problem.
    expect(traffic.issues[0]?.problem?.code).toBe("traffic.notTraceColumns");
    expect(localizeIssue(traffic.issues[0]!, "zh")).toBe(
      "bad.csv:1: 不是请求轨迹：缺少 时间戳、输入 tokens、输出 tokens 列（实际列：a, b）；可识别的列名见 docs/traffic.md",
    );
    clearTrace();
    expect(traffic).toMatchObject({ issues: [], view: null });
  });

  it("a failed first import is an error state", async () => {
    const { traffic, importTrace } = createTrafficStore();
    await importTrace({ name: "bad.csv", text: "a,b\n1,2\n" });
    expect(traffic).toMatchObject({ status: "error", view: null, errors: [expect.any(String)] });
  });

  it("a trace cleared while it is read is not shown when the read ends", async () => {
    const { traffic, importTrace, clearTrace } = createTrafficStore();
    const reading = importTrace({ name: "conv.csv", text });
    expect(traffic).toMatchObject({ status: "reading", progress: { total: text.length } });
    clearTrace();
    await reading;
    expect(traffic).toMatchObject({ status: "idle", view: null });
  });

  it("a summary stored in the plan shows at its own bin only, without histograms", async () => {
    const { traffic, importTrace, setTraceBin, showStoredTrace } = createTrafficStore();
    showStoredTrace("conv.csv", trace([10, 10.5, 11.2, 14.9, 15], 2));
    const view = { summary: { series: [1.5, 0, 1] }, input: null, rows: 5 };
    expect(traffic).toMatchObject({ stored: true, binSec: 2, view });
    // No file behind it: another bin is not asked for (the select is disabled too).
    await setTraceBin(60);
    expect(traffic).toMatchObject({ binSec: 2, view: { summary: { binSec: 2 } } });
    // Importing a file replaces it, with every bin available again.
    await importTrace({ name: "conv.csv", text });
    // 2 s is not a bin the sheet offers: the file is summarised at the default 60 s.
    expect(traffic).toMatchObject({ stored: false, binSec: 60, view: { summary: { binSec: 60 } } });
  });

  it("two stores never share a trace or the schedule's workload", async () => {
    const a = createTrafficStore();
    const b = createTrafficStore();
    await a.importTrace({ name: "conv.csv", text });
    a.setScheduleWorkload(2);
    expect(a.traffic.view).not.toBeNull();
    expect([b.traffic.view, a.scheduleWorkload(), b.scheduleWorkload()]).toEqual([null, 2, 0]);
  });
});

describe("trafficOf", () => {
  it("is one store per workbook, the same each time it is asked for", () => {
    createRoot((dispose) => {
      const one = createWorkbook(emptyPlan("one"));
      const two = createWorkbook(emptyPlan("two"));
      expect(trafficOf(one)).toBe(trafficOf(one));
      expect(trafficOf(one)).not.toBe(trafficOf(two));
      dispose();
    });
  });
});

describe("traceSourceOf", () => {
  it("is the first file of a drop, or null for none", () => {
    const f = new File(["t,i,o\n"], "a.csv");
    expect(traceSourceOf([f, new File([""], "b.csv")])).toEqual({ name: "a.csv", file: f });
    expect(traceSourceOf([])).toBeNull();
  });
});

describe("burstSentence", () => {
  it("burstiness in one sentence, in English and Chinese", () => {
    const s = trace([0, 1, 2, 3, 10], 1);
    // Gaps 1, 1, 1, 7: mean 2.5, population sd √6.75 = 2.598 → CV 1.04 (close to random);
    // mean rate 5 ÷ 10 s = 0.5, busiest 1-s bin 1 req/s → peak ÷ mean 2.
    expect(s.interarrivalCv).toBeCloseTo(Math.sqrt(6.75) / 2.5, 12);
    setLang("en");
    expect(burstSentence(s)).toBe(
      "Arrivals are close to random: the gaps between requests vary with a coefficient of variation of 1.04 (1 for random Poisson arrivals, above 1 bursty), and the busiest 1-s bin carries 2 × the mean rate.",
    );
    setLang("zh");
    expect(burstSentence(s)).toContain("变异系数为 1.04");
    setLang("en");
  });
});
