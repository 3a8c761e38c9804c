/** Arrivals (src/engine/fleet/arrivals.ts): length specs, seeded Poisson streams, traces sorted and scaled. */
import { describe, expect, it } from "vitest";
import {
  lengthSpecMean,
  lengthSpecText,
  parseLengthSpec,
  poissonArrivals,
  traceArrivals,
} from "../../../src/engine/fleet/arrivals";

describe("parseLengthSpec", () => {
  it.each([
    ["300", { kind: "fixed", tokens: 300 }],
    [" 0 ", { kind: "fixed", tokens: 0 }],
    ["exp:250", { kind: "exp", mean: 250 }],
    ["EXP:1", { kind: "exp", mean: 1 }],
    ["exp:0.5", null],
    ["exp:", null],
    ["-3", null],
    ["1e3", null],
    ["abc", null],
  ])("%j → %j", (text, spec) => {
    expect(parseLengthSpec(text)).toEqual(spec);
  });
  it("writes and averages specs", () => {
    expect(lengthSpecText({ kind: "exp", mean: 7 })).toBe("exp:7");
    expect(lengthSpecMean({ kind: "fixed", tokens: 9 })).toBe(9);
  });
});

describe("poissonArrivals", () => {
  const spec = {
    rps: 50,
    input: { kind: "fixed", tokens: 100 } as const,
    output: { kind: "exp", mean: 20 } as const,
    seed: 9,
  };
  it("gives exactly --requests arrivals, ascending, at the rate (mean gap 20 ms ± 5 σ)", () => {
    const r = poissonArrivals({ ...spec, requests: 100_000 });
    if (!r.ok) throw new Error("not ok");
    const t = r.arrivals.timeMs;
    expect(t.length).toBe(100_000);
    for (let i = 1; i < t.length; i++) expect(t[i]! >= t[i - 1]!).toBe(true);
    // The sum of n exponential gaps: mean n·20 ms, sd √n·20 ms.
    expect(Math.abs(t[t.length - 1]! / 100_000 - 20)).toBeLessThan((5 * 20) / Math.sqrt(100_000));
    expect(r.arrivals.inputTokens.every((x) => x === 100)).toBe(true);
    let s = 0;
    for (const o of r.arrivals.outputTokens) s += o;
    expect(Math.abs(s / 100_000 - 20)).toBeLessThan(5 * Math.sqrt((20 * 19) / 100_000));
  });
  it("with --duration: every arrival up to it, none after (count 50/s × 600 s ± 5 σ)", () => {
    const r = poissonArrivals({ ...spec, durationSec: 600 });
    if (!r.ok) throw new Error("not ok");
    const t = r.arrivals.timeMs;
    expect(t[t.length - 1]!).toBeLessThanOrEqual(600_000);
    expect(Math.abs(t.length - 30_000)).toBeLessThan(5 * Math.sqrt(30_000));
  });
  it("same seed, same stream; the prefix of a longer run is the shorter run", () => {
    const a = poissonArrivals({ ...spec, requests: 1000 });
    const b = poissonArrivals({ ...spec, requests: 3000 });
    if (!a.ok || !b.ok) throw new Error("not ok");
    expect(Array.from(b.arrivals.timeMs.subarray(0, 1000))).toEqual(Array.from(a.arrivals.timeMs));
  });
  it.each([[0], [-1], [Number.NaN], [Number.POSITIVE_INFINITY]])("rate %d is an error", (rps) => {
    const r = poissonArrivals({ ...spec, rps, requests: 5 });
    expect(!r.ok && r.problem.code).toBe("fleet.rateInvalid");
  });
  it("refuses a duration that would exceed the request limit", () => {
    const r = poissonArrivals({ ...spec, rps: 1e6, durationSec: 1e6 });
    expect(!r.ok && r.problem.code).toBe("fleet.tooManyRequests");
  });
});

describe("traceArrivals", () => {
  it("sorts by time (rows at one instant keep their order), starts at 0 ms and scales the gaps", () => {
    const a = traceArrivals([100.5, 100, 100.5, 101], [1, 2, 3, 4], [10, 20, 30, 40], {
      rateScale: 2,
    });
    expect(Array.from(a.timeMs)).toEqual([0, 250, 250, 500]);
    expect(Array.from(a.inputTokens)).toEqual([2, 1, 3, 4]);
    expect(Array.from(a.outputTokens)).toEqual([20, 10, 30, 40]);
  });
  it("replaces the trace's lengths when given", () => {
    const a = traceArrivals([0, 1], [5, 6], [7, 8], { output: { kind: "fixed", tokens: 3 } });
    expect(Array.from(a.outputTokens)).toEqual([3, 3]);
    expect(Array.from(a.inputTokens)).toEqual([5, 6]);
  });
});
