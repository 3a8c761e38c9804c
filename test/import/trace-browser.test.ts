/** src/import/trace-browser.ts: the app's entry to the trace worker (here, without a worker). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTraceInWorker, rebinTrace } from "../../src/import/trace-browser";
import { TraceSession } from "../../src/import/trace-session";

const AZURE = join(__dirname, "../../fixtures/traces/AzureLLMInferenceTrace_conv.csv");

describe("readTraceInWorker and rebinTrace", () => {
  it("without a worker run the session here (unit tests): read, then summarise another bin", async () => {
    const text = readFileSync(AZURE, "utf8");
    const r = await readTraceInWorker({ name: "conv.csv", text }, 60);
    expect(r.ok && r.view.summary.binSec).toBe(60);
    const h = await rebinTrace(3600);
    const here = new TraceSession();
    await here.read({ name: "conv.csv", text }, 60);
    const hourly = here.summarise(3600);
    const peak = h.ok ? h.view.summary.peakRps : Number.NaN;
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBe(hourly.ok ? hourly.view.summary.peakRps : Number.NaN);
  });
});
