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

const text = readFileSync("fixtures/traces/AzureLLMInferenceTrace_conv.csv", "utf8");

describe("createTrafficStore (no worker: the session runs here)", () => {
  it("imports a trace, then rebins it without reading again", async () => {
    const { traffic, importTrace, setTraceBin } = createTrafficStore();
    expect(traffic).toMatchObject({ status: "idle", view: null, binSec: DEFAULT_BIN_SEC });
    await importTrace({ name: "conv.csv", text });
    expect(traffic.status).toBe("ok");
    expect(traffic.file).toBe("conv.csv");
    expect(traffic.progress).toBeNull();
    expect(traffic.view?.summary.requests).toBe(19366);
    expect(traffic.view?.summary.binSec).toBe(60);
    const peak60 = traffic.view!.summary.peakRps;
    await setTraceBin(3600);
    expect(traffic.binSec).toBe(3600);
    expect(traffic.view?.summary.binSec).toBe(3600);
    expect(traffic.view!.summary.peakRps).toBeLessThan(peak60);
  });

  it("a failed import keeps the trace already shown and says why", async () => {
    const { traffic, importTrace, clearTrace } = createTrafficStore();
    await importTrace({ name: "conv.csv", text });
    await importTrace({ name: "bad.csv", text: "a,b\n1,2\n" });
    expect(traffic.status).toBe("ok");
    expect(traffic.view?.name).toBe("conv.csv");
    expect(traffic.errors[0]).toMatch(/^bad\.csv/);
    // The issue beside the English line renders in Chinese from its problem.
    expect(traffic.issues[0]?.problem?.code).toBe("traffic.notTraceColumns");
    expect(localizeIssue(traffic.issues[0]!, "zh")).toBe(
      "bad.csv:1: 不是请求轨迹：缺少 时间戳、输入 tokens、输出 tokens 列（实际列：a, b）；可识别的列名见 docs/traffic.md",
    );
    clearTrace();
    expect(traffic.issues).toEqual([]);
    expect(traffic.view).toBeNull();
  });

  it("a failed first import is an error state", async () => {
    const { traffic, importTrace } = createTrafficStore();
    await importTrace({ name: "bad.csv", text: "a,b\n1,2\n" });
    expect(traffic.status).toBe("error");
    expect(traffic.view).toBeNull();
    expect(traffic.errors).toHaveLength(1);
  });

  it("a trace cleared while it is read is not shown when the read ends", async () => {
    const { traffic, importTrace, clearTrace } = createTrafficStore();
    const reading = importTrace({ name: "conv.csv", text });
    expect(traffic.status).toBe("reading");
    expect(traffic.progress?.total).toBe(text.length);
    clearTrace();
    await reading;
    expect(traffic.status).toBe("idle");
    expect(traffic.view).toBeNull();
  });

  it("a summary stored in the plan shows at its own bin only, without histograms", async () => {
    const { traffic, importTrace, setTraceBin, showStoredTrace } = createTrafficStore();
    const s = ok(
      summarise(
        [10, 10.5, 11.2, 14.9, 15].map((t) => ({ t, input: 1, output: 1 })),
        2,
      ),
    );
    showStoredTrace("conv.csv", s);
    expect(traffic.stored).toBe(true);
    expect(traffic.binSec).toBe(2);
    expect(traffic.view?.summary.series).toEqual([1.5, 0, 1]);
    expect(traffic.view?.input).toBeNull();
    expect(traffic.view?.rows).toBe(5);
    // No file behind it: another bin is not asked for (the select is disabled too).
    await setTraceBin(60);
    expect(traffic.binSec).toBe(2);
    expect(traffic.view?.summary.binSec).toBe(2);
    // Importing a file replaces it, with every bin available again.
    await importTrace({ name: "conv.csv", text });
    expect(traffic.stored).toBe(false);
    // 2 s is not a bin the sheet offers: the file is summarised at the default 60 s.
    expect(traffic.binSec).toBe(60);
    expect(traffic.view?.summary.binSec).toBe(60);
  });

  it("two stores never share a trace or the schedule's workload", async () => {
    const a = createTrafficStore();
    const b = createTrafficStore();
    await a.importTrace({ name: "conv.csv", text });
    a.setScheduleWorkload(2);
    expect(a.traffic.view).not.toBeNull();
    expect(b.traffic.view).toBeNull();
    expect(a.scheduleWorkload()).toBe(2);
    expect(b.scheduleWorkload()).toBe(0);
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
    const s = ok(
      summarise(
        [0, 1, 2, 3, 10].map((t) => ({ t, input: 1, output: 1 })),
        1,
      ),
    );
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
