/** The fleet view's job on this thread (no worker in Node): arrivals, then the answer. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type FleetJob, runFleetJob } from "../../../src/ui/state/fleet-run";
import { fixed, job } from "./fleet-job";

const TRACE = readFileSync("fixtures/traces/AzureLLMInferenceTrace_conv.csv", "utf8");
/** Poisson arrivals of 500-token prompts and 100-token answers. */
const poisson = (rps: number, requests: number) =>
  job({ kind: "poisson", rps, requests, input: fixed(500), output: fixed(100) });
const trace = (name: string, file: string | Blob) =>
  job({ kind: "trace", name, file, rateScale: 1 });

describe("runFleetJob", () => {
  it("Poisson arrivals: the answer for the requests asked, simulated with progress", async () => {
    const stages = new Set<string>();
    const out = await runFleetJob(poisson(5, 500), (stage) => stages.add(stage));
    if (!out.ok) throw new Error("not ok");
    expect(out.answer.requests).toBe(500);
    expect(out.rows.length).toBeGreaterThan(0);
    expect([...stages]).toEqual(["simulate"]);
  });

  it("the same seed gives the same answer", async () => {
    const j = poisson(5, 300);
    expect(await runFleetJob(j)).toEqual(await runFleetJob(j));
  });

  it("a trace file is read in chunks with progress by bytes, to every request of the trace", async () => {
    const reads: [number, number][] = [];
    const out = await runFleetJob(
      trace("conv.csv", new Blob([TRACE])),
      (stage, done, total) => void (stage === "read" && reads.push([done, total])),
    );
    if (!out.ok) throw new Error("not ok");
    expect(out.answer.requests).toBe(19366);
    const bytes = new TextEncoder().encode(TRACE).length;
    expect(reads.at(-1)).toEqual([bytes, bytes]);
    expect(reads.every(([d], i) => i === 0 || d > reads[i - 1]![0])).toBe(true);
  });

  it("a Poisson rate of zero is a problem, not an exception", async () => {
    const zero = { kind: "poisson", rps: 0, requests: 10, input: fixed(1), output: fixed(1) };
    const out = await runFleetJob(job(zero as FleetJob["arrivals"]));
    expect(out.ok).toBe(false);
    expect(!out.ok && out.problem?.code).toBe("fleet.rateInvalid");
  });

  it("a trace with a header only gives the reader's issue", async () => {
    const header = "TIMESTAMP,ContextTokens,GeneratedTokens\n";
    const out = await runFleetJob(trace("e.csv", header));
    expect(out.ok).toBe(false);
    expect(!out.ok && out.issues?.map((i) => i.problem?.code)).toEqual(["traffic.headerOnly"]);
  });

  it("a file that is not a trace gives its import issues", async () => {
    const out = await runFleetJob(trace("x.csv", "a,b\n1,2\n"));
    expect(out.ok).toBe(false);
    expect(!out.ok && out.issues?.[0]?.problem?.code).toBe("traffic.notTraceColumns");
  });
});
