/**
 * The simulator against hand calculation and closed forms (docs/simulate.md):
 * - a hand-built 10-request trace pins every tie rule;
 * - a flat curve under Poisson arrivals with geometric (≈ exponential) lengths is M/M/c with
 *   c = replicas × slots, so Erlang C gives the waiting share, the mean wait and P(W > t).
 */
import { describe, expect, it } from "vitest";
import { poissonArrivals } from "../../../src/engine/fleet/arrivals";
import { curveTables } from "../../../src/engine/fleet/service-curve";
import { runFleet, type Arrivals } from "../../../src/engine/fleet/simulate";

/** Two replicas × two slots; ttft/tpot 10/1 ms at k = 1 and 30/3 at k = 3, so 20/2 at k = 2 (interpolated). */
const TIE_FLEET = (() => {
  const t = curveTables(
    [
      { concurrency: 1, ttftMs: 10, tpotMs: 1 },
      { concurrency: 3, ttftMs: 30, tpotMs: 3 },
    ],
    2,
  );
  return { replicas: 2, slots: 2, ttftMs: t.ttft, tpotMs: t.tpot };
})();

const arrivals = (rows: readonly (readonly [number, number])[]): Arrivals => ({
  timeMs: Float64Array.from(rows.map((r) => r[0])),
  inputTokens: new Float64Array(rows.length).fill(100),
  outputTokens: Float64Array.from(rows.map((r) => r[1])),
});

describe("runFleet", () => {
  // [arrival ms, output tokens] → [replica, k, wait, ttft, e2e]; the rule each row pins is beside it.
  const TRACE: [number, number, number, number, number, number, number, string][] = [
    [0, 11, 0, 1, 0, 10, 20, "empty fleet: lowest index"],
    [0, 1, 1, 1, 0, 10, 10, "same-instant arrivals in the given order; fewest in service"],
    [0, 1, 0, 2, 0, 20, 20, "tie at 1 and 1: lowest index"],
    [0, 6, 1, 2, 0, 20, 30, "k = 2 interpolated: 20 + 5 × 2"],
    [0, 1, 1, 2, 10, 30, 30, "all slots full: queued; takes replica 1's slot freed at 10"],
    [20, 1, 0, 1, 0, 10, 10, "two completions on replica 0 at 20 come before this arrival: k = 1"],
    [25, 1, 0, 2, 0, 20, 20, "fewest in service (1 against 2)"],
    [
      26,
      1,
      0,
      2,
      4,
      24,
      24,
      "queued first; at 30 replica 0's completion comes first (index order)",
    ],
    [27, 1, 1, 2, 3, 23, 23, "queued second (first come, first served): replica 1's slot"],
    [30, 0, 1, 2, 0, 20, 20, "completions at 30 before this arrival; 0 output tokens count as 1"],
  ];
  const run = runFleet(arrivals(TRACE.map((r) => [r[0], r[1]])), TIE_FLEET);
  it.each(TRACE.map((r, i) => [i, ...r] as const))(
    "request %i (arrives %d ms, %d tokens) → replica %d, k %d, wait %d, ttft %d, e2e %d: %s",
    (i, _t, _o, replica, k, wait, ttft, e2e) => {
      expect(run.replica[i]).toBe(replica);
      expect(run.inService[i]).toBe(k);
      expect(run.waitMs[i]).toBe(wait);
      expect(run.ttftMs[i]).toBe(ttft);
      expect(run.e2eMs[i]).toBe(e2e);
    },
  );
  it("totals: 3 queued, 190 ms busy slot-time over 0 … 50 ms", () => {
    expect(run).toMatchObject({ queued: 3, busyMs: 190 });
    expect([run.startMs, run.endMs]).toEqual([0, 50]);
  });
  it("arrivals before completions at the same instant would change request 5 (the rule is observable)", () => {
    // Shift request 5 by a hair before the completions at 20: it finds both of replica 0's slots busy.
    const early = TRACE.map((r) => [r[0], r[1]] as [number, number]);
    early[5] = [20 - 1e-9, 1];
    const r = runFleet(arrivals(early), TIE_FLEET);
    expect([r.replica[5], r.waitMs[5]! > 0]).toEqual([0, true]);
  });
  it("is deterministic and leaves its input unchanged", () => {
    const a = arrivals(TRACE.map((r) => [r[0], r[1]]));
    const copy = Float64Array.from(a.timeMs);
    const r2 = runFleet(a, TIE_FLEET);
    expect(Array.from(r2.e2eMs)).toEqual(Array.from(run.e2eMs));
    expect(a.timeMs).toEqual(copy);
  });
  it.each([
    [0, 2],
    [2, 0],
    [Number.NaN, 2],
  ])(
    "a fleet of %d replicas × %d slots serves nothing: every request waits for ever",
    (replicas, slots) => {
      const r = runFleet(
        arrivals([
          [0, 1],
          [5, 1],
        ]),
        { ...TIE_FLEET, replicas, slots },
      );
      expect(Array.from(r.waitMs)).toEqual([Infinity, Infinity]);
      expect(Array.from(r.replica)).toEqual([-1, -1]);
      expect(r.busyMs).toBe(0);
    },
  );
  it("no arrivals: an empty run", () => {
    const r = runFleet(arrivals([]), TIE_FLEET);
    expect([r.waitMs.length, r.queued, r.busyMs]).toEqual([0, 0, 0]);
  });
});

/** Erlang C: the probability an arrival waits in M/M/c with offered load a = λ/μ (< c), via Erlang B's recursion. */
function erlangC(c: number, a: number): number {
  let b = 1;
  for (let k = 1; k <= c; k++) b = (a * b) / (k + a * b);
  const rho = a / c;
  return b / (1 - rho * (1 - b));
}

describe("runFleet against M/M/c (Erlang C)", () => {
  // 4 replicas × 5 slots = 20 servers. Service: ttft = tpot = 5 ms and geometric output lengths
  // of mean 200, so service = 5 ms × length: mean 1 s, squared CV 1 − 1/200 (an exponential
  // has 1; the M/G/c correction to the mean wait is about (1 + cv²)/2 − 1 = −0.25 %, far inside
  // the tolerance). λ = 17/s: load a = 17, utilization 0.85.
  const C = 20;
  const LAMBDA = 17;
  const MU = 1; // per second
  const N = 400_000;
  const BATCHES = 20;
  const arr = poissonArrivals({
    rps: LAMBDA,
    requests: N,
    input: { kind: "fixed", tokens: 100 },
    output: { kind: "exp", mean: 200 },
    seed: 20261205,
  });
  if (!arr.ok) throw new Error("arrivals");
  const t = curveTables([{ concurrency: 1, ttftMs: 5, tpotMs: 5 }], 5);
  const run = runFleet(arr.arrivals, { replicas: 4, slots: 5, ttftMs: t.ttft, tpotMs: t.tpot });
  const pc = erlangC(C, LAMBDA / MU);
  const decay = C * MU - LAMBDA; // per second

  /**
   * The estimate over all requests, and its standard error by batch means: 20 consecutive
   * batches of 20,000 requests (each batch spans ~20 minutes of simulated time, hundreds of
   * times the queue's relaxation time of a few seconds, so batch means are close to
   * independent). The tolerance is 4 standard errors: a correct simulator fails it with
   * probability below 1e-4; the standard error itself is asserted to be small, so the check
   * has teeth.
   */
  const batchMeans = (f: (i: number) => number) => {
    const size = N / BATCHES;
    const means: number[] = [];
    for (let b = 0; b < BATCHES; b++) {
      let s = 0;
      for (let i = b * size; i < (b + 1) * size; i++) s += f(i);
      means.push(s / size);
    }
    const mean = means.reduce((x, y) => x + y, 0) / BATCHES;
    const v = means.reduce((x, y) => x + (y - mean) ** 2, 0) / (BATCHES - 1);
    return { mean, se: Math.sqrt(v / BATCHES) };
  };

  it("Erlang C of the case is 0.4 (a sanity check of the formula: c = 20, a = 17)", () => {
    expect(pc).toBeGreaterThan(0.38);
    expect(pc).toBeLessThan(0.42);
    // c = 1 reduces to M/M/1: C = ρ.
    expect(erlangC(1, 0.7)).toBeCloseTo(0.7, 12);
  });
  it("share of requests that wait = C(c, a) within 4 standard errors", () => {
    const { mean, se } = batchMeans((i) => (run.waitMs[i]! > 0 ? 1 : 0));
    expect(se).toBeLessThan(0.01);
    expect(Math.abs(mean - pc)).toBeLessThan(4 * se);
    expect(run.queued / N).toBeCloseTo(mean, 12);
  });
  it("mean wait = C ÷ (cμ − λ) within 4 standard errors (about 3 % of it)", () => {
    const { mean, se } = batchMeans((i) => run.waitMs[i]! / 1000);
    const expected = pc / decay;
    expect(se / expected).toBeLessThan(0.05);
    expect(Math.abs(mean - expected)).toBeLessThan(4 * se);
  });
  it.each([[0.1], [0.25], [0.5], [1]])(
    "P(W > %d s) = C·e^{−(cμ−λ)t} within 4 standard errors",
    (tSec) => {
      const { mean, se } = batchMeans((i) => (run.waitMs[i]! > tSec * 1000 ? 1 : 0));
      const expected = pc * Math.exp(-decay * tSec);
      expect(se).toBeLessThan(0.01);
      expect(Math.abs(mean - expected)).toBeLessThan(4 * se);
    },
  );
  it("utilization = λ ÷ (cμ) within 1 %", () => {
    const util = run.busyMs / (C * (run.endMs - run.startMs));
    expect(Math.abs(util / (LAMBDA / (C * MU)) - 1)).toBeLessThan(0.01);
  });
  it("a wrong model is caught: 19 servers' Erlang C lies outside the tolerance", () => {
    const { mean, se } = batchMeans((i) => (run.waitMs[i]! > 0 ? 1 : 0));
    expect(Math.abs(mean - erlangC(19, LAMBDA / MU))).toBeGreaterThan(4 * se);
  });
});
