/** The fleet run form as values: each wrong field's message, the arrivals of a good run, the marks. */
import { describe, expect, it } from "vitest";
import type { FleetSetup } from "../../../../src/engine/fleet/fleet-plan";
import {
  DEFAULT_REQUESTS,
  type FleetForm,
  fleetRun,
  MAX_REQUESTS,
  seriesMark,
} from "../../../../src/ui/components/fleet/fleet-run-form";

const setup: FleetSetup = {
  sku: "H100 TP4",
  levels: [],
  slots: 24,
  formulaReplicas: 15,
  sweepInputTokens: null,
  sweepOutputTokens: null,
  peakRps: 12.5,
  inputTokens: 799.6,
  outputTokens: 300.2,
  problems: [],
};
const form = (over: Partial<FleetForm> = {}): FleetForm => ({
  source: "poisson",
  rps: "",
  requests: String(DEFAULT_REQUESTS),
  seed: "1",
  rateScale: "1",
  traceFile: null,
  ...over,
});
const trace = { name: "trace.jsonl" } as File;
/** What every run of `setup` carries: its replicas, slots and (default) seed. */
const run = { replicas: 15, slots: 24, seed: 1 };
const fixed = (tokens: number) => ({ kind: "fixed", tokens });

describe("fleetRun", () => {
  it("runs Poisson arrivals at the plan's peak rate with its mean lengths, rounded", () => {
    const arrivals = { kind: "poisson", rps: 12.5, requests: 100_000 };
    expect(fleetRun(form(), setup)).toEqual({
      ...run,
      arrivals: { ...arrivals, input: fixed(800), output: fixed(300) },
    });
  });

  it("a typed rate replaces the peak; unknown lengths are one token", () => {
    const unknown = { ...setup, inputTokens: null, outputTokens: null };
    const r = fleetRun(form({ rps: " 3 ", seed: "42" }), unknown);
    const arrivals = { rps: 3, input: { tokens: 1 }, output: { tokens: 1 } };
    expect(r).toMatchObject({ seed: 42, arrivals });
  });

  it("replays a trace at its rate scale", () => {
    const arrivals = { kind: "trace", name: "trace.jsonl", file: trace, rateScale: 2 };
    const r = fleetRun(form({ source: "trace", traceFile: trace, rateScale: "2" }), setup);
    expect(r).toEqual({ ...run, arrivals });
  });

  it.each<[Partial<FleetForm>, Partial<FleetSetup>, string]>([
    [{}, { formulaReplicas: null }, "flNoReplicas"],
    [{}, { slots: null }, "flNoSlots"],
    [{ seed: "1.5" }, {}, "flBadSeed"],
    [{ seed: "x" }, {}, "flBadSeed"],
    [{ source: "trace" }, {}, "flNoTrace"],
    [{ source: "trace", traceFile: trace, rateScale: "0" }, {}, "flBadScale"],
    [{ rps: "-1" }, {}, "flBadRate"],
    [{}, { peakRps: null }, "flBadRate"],
    [{ requests: "0" }, {}, "flBadRequests"],
    [{ requests: "2.5" }, {}, "flBadRequests"],
    [{ requests: String(MAX_REQUESTS + 1) }, {}, "flBadRequests"],
  ])("%j on %j → %s", (f, st, error) =>
    expect(fleetRun(form(f), { ...setup, ...st })).toEqual({ error }),
  );

  it("allows the most requests", () =>
    expect(fleetRun(form({ requests: String(MAX_REQUESTS) }), setup)).not.toHaveProperty("error"));
});

describe("seriesMark", () => {
  const words = { formula: "F", slo: "S", simulated: "M" };
  it.each<[number, { simulated: number; formula: number | null; forSlo: number | null }, string]>([
    [15, { simulated: 15, formula: 15, forSlo: 17 }, "F"],
    [17, { simulated: 15, formula: 15, forSlo: 17 }, "S"],
    [16, { simulated: 15, formula: 15, forSlo: 17 }, ""],
    [15, { simulated: 15, formula: 15, forSlo: 15 }, "F · S"],
    [20, { simulated: 20, formula: 15, forSlo: 20 }, "S · M"],
    [20, { simulated: 20, formula: null, forSlo: null }, "M"],
  ])("%i with %j → %j", (r, marks, text) => expect(seriesMark(r, marks, words)).toBe(text));
});
