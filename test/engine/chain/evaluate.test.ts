/**
 * Evaluation of the declared chain (src/engine/chain/evaluate.ts): which declarations run for a
 * SKU (factor or N+k redundancy, one or several workloads, with or without peak traffic, forecast
 * and power), their values against hand-worked numbers, the trace, and the texts rendered from it.
 */
import { describe, expect, it } from "vitest";
import {
  costPerMillionAt,
  evaluateSku,
  expandedText,
  formulaText,
  pluggedText,
  recompute,
  replicasOf,
  run,
  type SkuLeaves,
  type Step,
  type WorkloadLeaves,
} from "../../../src/engine/chain/evaluate";
import { QUANTITIES } from "../../../src/engine/chain/quantities";
import { words } from "../../words";

function near(got: number | null | undefined, want: number): void {
  expect(typeof got).toBe("number");
  expect(Math.abs(got! - want)).toBeLessThanOrEqual(1e-12 * Math.abs(want));
}

/** Checks `values` has exactly the keys of `want`, each value within 1e-12 (null: null). */
function expectValues(values: Record<string, number | null>, want: Record<string, number | null>) {
  expect(Object.keys(values).sort()).toEqual(Object.keys(want).sort());
  for (const [k, w] of Object.entries(want)) {
    if (w === null) expect([k, values[k]]).toEqual([k, null]);
    else near(values[k], w);
  }
}

const fmt = (x: number | null): string =>
  x === null ? "–" : x.toLocaleString("en-US", { maximumFractionDigits: 6 });
const fmtId = (_id: string, x: number | null): string => fmt(x);

const workload = (input: number, output: number, peakRps: number, cap: number): WorkloadLeaves => ({
  inputTokens: input,
  outputTokens: output,
  peakRps,
  forecastRps: null,
  workloadCapacity: cap,
});
// 10 req/s of 700 + 300 tokens at 1,500 output tokens/s per replica: 3,000 ÷ 1,500 = 2 replicas.
const W0 = workload(700, 300, 10, 1500);
// 20 req/s of 100 + 100 tokens at 1,000 tokens/s: 2,000 ÷ 1,000 = 2 replicas.
const W1 = workload(100, 100, 20, 1000);
/** One workload, 4 GPUs at $5, elasticity 1.2 and redundancy factor 1.2. */
const A: SkuLeaves = {
  gpusPerReplica: 4,
  pricePerGpuHour: 5,
  elasticity: 1.2,
  redundancy: { factor: 1.2 },
  workloads: [W0],
};
/** Two workloads with forecast rates 5 and 8 req/s, N+1, power $0.5 per GPU-hour. */
const B: SkuLeaves = {
  ...A,
  powerCostPerGpuHour: 0.5,
  redundancy: { spare: 1 },
  workloads: [
    { ...W0, forecastRps: 5 },
    { ...W1, forecastRps: 8 },
  ],
};

/** Both workloads without peak traffic. */
const NO_PEAK: SkuLeaves = { ...A, workloads: [W0, W1].map((w) => ({ ...w, peakRps: 0 })) };
// Traces are made inside the tests, so that an evaluation that throws fails a test.
const traceOf = (sku: SkuLeaves): Step[] => evaluateSku(sku, { trace: true }).trace!;

const WORKLOAD_STEPS = words(
  "tokensPerRequest tokensPerSec workloadReplicasBase workloadPeakOutput workloadSecondsPerRequest",
);
/** SKU steps whose declaration id is their key, as `stepsOf` writes them. */
const same = (ids: string): string[] => words(ids).map((id) => `${id} ${id}`);
/** The cost steps every SKU runs after its replicas, in order. */
const COST_STEPS = same(`gpus costPerHour costPerDay costPerMonth costPerOutputToken
  costPerMillionOutputTokens meanOutputTokens costPerRequest utilizationAtPeak
  peakCostPerOutputToken peakCostPerMillionOutputTokens`);

/** A trace as `id key@workload` strings (a SKU step has no `workload` property at all). */
const stepsOf = (trace: readonly Step[]) =>
  trace.map((s) => `${s.id} ${s.key}${"workload" in s ? `@${s.workload}` : ""}`);

describe("evaluateSku", () => {
  it("one workload, factor redundancy: the seed's arithmetic; the trace runs the one-workload capacity", () => {
    const e = evaluateSku(A);
    expect("trace" in e).toBe(false);
    const perToken = 20 / (1500 * 3600);
    expectValues(e.values, {
      replicasBase: 2,
      peakOutputTokensPerSec: 3000,
      replicaOutputTokensPerSec: 1500, // the workload's own capacity
      replicasRaw: 2.88, // 2 × 1.2 × 1.2
      replicas: 3,
      gpus: 12,
      costPerHour: 60,
      costPerDay: 1440,
      costPerMonth: 43_800,
      costPerOutputToken: perToken,
      costPerMillionOutputTokens: perToken * 1e6,
      meanOutputTokens: 300,
      costPerRequest: perToken * 300,
      utilizationAtPeak: 3000 / 4500,
      peakCostPerOutputToken: 60 / (3000 * 3600),
      peakCostPerMillionOutputTokens: (60 / (3000 * 3600)) * 1e6,
    });
    expectValues(e.perWorkload[0]!, {
      ...W0,
      forecastRps: null,
      tokensPerRequest: 1000,
      tokensPerSec: 10_000,
      workloadReplicasBase: 2,
      workloadPeakOutput: 3000,
      workloadSecondsPerRequest: 0.2,
    });
    // The trace: the one-workload capacity and the peak-weighted mean.
    const { trace, values } = evaluateSku(A, { trace: true });
    expect(stepsOf(trace!)).toEqual([
      ...WORKLOAD_STEPS.map((id) => `${id} ${id}@0`),
      ...same("replicasBase peakOutputTokensPerSec"),
      "replicaOutputTokensPerSecOne replicaOutputTokensPerSec",
      ...same("replicasRaw replicas"),
      ...COST_STEPS,
    ]);
    const raw = trace!.find((s) => s.key === "replicasRaw")!;
    expect(raw.inputs.map((i) => i.id)).toEqual(["replicasBase", "elasticity", "redundancy"]);
    expect(raw.inputs.map((i) => i.value)).toEqual([2, 1.2, 1.2]);
    expect(raw.lists).toEqual([]);
    expect(raw.value).toBe(values.replicasRaw);
    const one = trace!.find((s) => s.key === "replicaOutputTokensPerSec")!;
    expect(one.lists).toEqual([{ id: "workloadCapacity", values: [1500] }]);
  });

  it("two workloads, N+1, forecast and power: the blended capacity and the spare variants", () => {
    const { trace, values, perWorkload } = evaluateSku(B, { trace: true });
    const perToken = 20 / (1250 * 3600);
    expectValues(values, {
      replicasBase: 4,
      peakOutputTokensPerSec: 5000,
      replicaOutputTokensPerSec: 1250, // 5,000 ÷ 4
      replicasRaw: 5.8, // 4 × 1.2 + 1
      replicas: 6, // ceil(4.8) + 1
      gpus: 24,
      costPerHour: 120,
      costPerDay: 2880,
      costPerMonth: 87_600,
      costPerOutputToken: perToken,
      costPerMillionOutputTokens: perToken * 1e6,
      meanOutputTokens: 5000 / 30,
      costPerRequest: (perToken * 5000) / 30,
      utilizationAtPeak: 5000 / 7500,
      peakCostPerOutputToken: 120 / (5000 * 3600),
      peakCostPerMillionOutputTokens: (120 / (5000 * 3600)) * 1e6,
      forecastOutputTokensPerSec: 2300, // 5 × 300 + 8 × 100
      forecastCostPerOutputToken: 120 / (2300 * 3600),
      forecastCostPerMillionOutputTokens: (120 / (2300 * 3600)) * 1e6,
      forecastUtilization: 2300 / 7500,
      powerCostPerHour: 12, // 24 GPUs × $0.5
    });
    expect(perWorkload.map((w) => w.workloadForecastOutput)).toEqual([1500, 800]);
    expect(stepsOf(trace!)).toEqual([
      ...[...WORKLOAD_STEPS, "workloadForecastOutput"].map((id) => `${id} ${id}@0`),
      ...[...WORKLOAD_STEPS, "workloadForecastOutput"].map((id) => `${id} ${id}@1`),
      ...same("replicasBase peakOutputTokensPerSec replicaOutputTokensPerSec"),
      "replicasRawSpare replicasRaw",
      "replicasSpare replicas",
      ...COST_STEPS,
      ...same(`forecastOutputTokensPerSec forecastCostPerOutputToken
        forecastCostPerMillionOutputTokens forecastUtilization powerCostPerHour`),
    ]);
    const base = trace!.find((s) => s.key === "replicasBase")!;
    expect(base.lists).toEqual([{ id: "workloadReplicasBase", values: [2, 2] }]);
    expect(trace!.filter((s) => s.workload === 1).map((s) => s.value)).toEqual([
      200, 4000, 2, 2000, 0.1, 800,
    ]);
  });

  it.each([
    // [workloads, the capacity's declaration, its value, the mean's declaration, its value]
    // No peak traffic on two workloads: 400 output tokens in 0.2 + 0.1 s; the plain mean of 300, 100.
    [[W0, W1], "replicaOutputTokensPerSecByLength", 400 / 0.3, "meanOutputTokensPlain", 200],
    [[W0], "replicaOutputTokensPerSecOne", 1500, "meanOutputTokensPlain", 300],
  ] as [WorkloadLeaves[], string, number, string, number][])(
    "no peak traffic: %# runs %s and %s",
    (ws, capacityId, capacity, meanId, mean) => {
      const sku = { ...A, workloads: ws.map((w) => ({ ...w, peakRps: 0 })) };
      const { values, trace } = evaluateSku(sku, { trace: true });
      const ids = new Map(trace!.map((s) => [s.key, s.id]));
      const keys = ["replicaOutputTokensPerSec", "meanOutputTokens"];
      expect(keys.map((k) => ids.get(k))).toEqual([capacityId, meanId]);
      near(values.replicaOutputTokensPerSec, capacity);
      near(values.meanOutputTokens, mean);
      // Nothing served at peak: no peak cost per token (0 ÷ 0), null and not NaN.
      expect(values).toMatchObject({ replicas: 0, utilizationAtPeak: 0 });
      const peak = [values.peakCostPerOutputToken, values.peakCostPerMillionOutputTokens];
      expect(peak).toStrictEqual([null, null]);
      near(values.costPerOutputToken, 20 / (capacity * 3600));
    },
  );

  it("a workload without a forecast rate beside one with: no forecast output, so null forecasts", () => {
    const e = evaluateSku({ ...B, workloads: [W0, { ...W1, forecastRps: 8 }] });
    expect(Object.hasOwn(e.perWorkload[0]!, "workloadForecastOutput")).toBe(false);
    expect(e.perWorkload[1]!.workloadForecastOutput).toBe(800);
    for (const k of words(`forecastOutputTokensPerSec forecastCostPerOutputToken
      forecastCostPerMillionOutputTokens forecastUtilization`))
      expect([k, Object.hasOwn(e.values, k), e.values[k]]).toEqual([k, true, null]);
  });

  it.each([
    [null, false, undefined],
    [undefined, false, undefined],
    [0, true, 0],
    [0.5, true, 6], // 12 GPUs × $0.5
  ])("power cost per GPU-hour %s: powerCostPerHour present %s, %s", (power, present, want) => {
    // undefined: the field left out.
    const e = evaluateSku(power === undefined ? A : { ...A, powerCostPerGpuHour: power });
    const { powerCostPerHour, costPerHour } = e.values;
    expect([
      Object.hasOwn(e.values, "powerCostPerHour"),
      powerCostPerHour,
      costPerHour,
    ]).toStrictEqual([present, want, 60]);
  });

  it("no workload: nothing to serve, so no replica and undefined ratios", () => {
    const e = evaluateSku({ ...A, workloads: [] });
    expect(e.perWorkload).toEqual([]);
    expect(e.values).toMatchObject({ replicasBase: 0, replicas: 0, costPerHour: 0 });
    expect(e.values.meanOutputTokens).toBe(0); // the plain mean of no workload
    expect(e.values.replicaOutputTokensPerSec).toBeNull(); // 0 tokens in 0 s
  });
});

describe("replicasOf", () => {
  it.each([
    // [replicasBase, elasticity, redundancy, replicas]
    [2, 1.2, { factor: 1.2 }, 3], // ceil(2.88)
    [12, 1.2, { factor: 1 }, 15], // ceil(14.4)
    [10, 1.2, { factor: 1.25 }, 15], // 15.000000000000002 within the tolerance
    [12, 1.2, { spare: 2 }, 17], // ceil(14.4) + 2
    [0, 1.2, { spare: 1 }, 1],
    [0, 1.2, { factor: 1.2 }, 0],
  ] as [number, number, SkuLeaves["redundancy"], number][])(
    "%d × %d with %j → %d",
    (base, elasticity, redundancy, want) => {
      expect(replicasOf(base, { elasticity, redundancy })).toBe(want);
    },
  );
});

describe("run", () => {
  const none = () => [];
  const rec =
    (calls: unknown[][]) =>
    (...a: unknown[]) => {
      calls.push(a);
    };
  const q = QUANTITIES.replicasRaw;
  const values: Record<string, number | null> = { replicasBase: 2, elasticity: 1.5, redundancy: 2 };
  const get = (id: string) => values[id] ?? null;
  const COST_LEAVES = { gpusPerReplica: 1, pricePerGpuHour: 2, secondsPerHour: 3600 };

  it("computes from its inputs and records them in the declaration's order", () => {
    const calls: unknown[][] = [];
    expect(run(q, get, none, rec(calls))).toBe(6);
    // `values` is written in the declaration's order: replicasBase, elasticity, redundancy.
    const inputs = Object.entries(values).map(([id, value]) => ({ id, value }));
    expect(inputs.map((i) => i.id)).toEqual(words("replicasBase elasticity redundancy"));
    expect(calls).toEqual([[inputs, [], 6]]);
  });

  it("is null when an input is null, and records the null", () => {
    const calls: unknown[][] = [];
    const g = (id: string) => (id === "elasticity" ? null : get(id));
    expect(run(q, g, none, rec(calls))).toBeNull();
    expect(calls[0]![0]).toContainEqual({ id: "elasticity", value: null });
    expect(calls[0]![2]).toBeNull();
    // Even where the arithmetic would give a number: utilizationAtPeak is 0 when replicas is
    // not > 0; an absent replicas is no such case.
    const g2 = (id: string) => (id === "replicas" ? null : 1);
    expect(run(QUANTITIES.utilizationAtPeak, g2, none)).toBeNull();
  });

  it.each([
    [[1, 2, 3], 6],
    [[1, null, 3], null], // one null term: the sum is absent
    [[null, null], null],
    [[], 0],
  ])("Σ %j → %s", (xs, want) => {
    expect(run(QUANTITIES.replicasBase, get, () => xs)).toBe(want);
  });

  it.each([
    ["costPerOutputToken", { replicaOutputTokensPerSec: 0 }], // NaN
    ["replicasRaw", { replicasBase: Number.POSITIVE_INFINITY }],
    ["replicasRaw", { replicasBase: Number.NEGATIVE_INFINITY }],
    ["replicasRaw", { replicasBase: Number.NaN }],
  ] as const)("%s over %j is not finite: null", (id, v) => {
    const all: Record<string, number | null> = { ...COST_LEAVES, ...values, ...v };
    expect(run(QUANTITIES[id], (i) => all[i] ?? null, none)).toBeNull();
  });

  it("records a copy of each list", () => {
    const xs = [1, 2];
    const calls: unknown[][] = [];
    run(QUANTITIES.replicasBase, get, () => xs, rec(calls));
    xs.push(3);
    expect(calls[0]![1]).toEqual([{ id: "workloadReplicasBase", values: [1, 2] }]);
  });
});

describe("formulaText", () => {
  it.each([
    ["replicas", "en", {}, "ceil(replicasRaw)"],
    ["peakCostPerOutputToken", "zh", {}, "costPerHour ÷ (峰值输出 tokens/s × 3600)"],
    ["peakCostPerOutputToken", "en", {}, "costPerHour ÷ (peak output tokens/s × 3600)"],
    ["replicasBase", "zh", {}, "Σ 各负载的 replicasBase"],
    // Renamed inputs, a list among them; the others keep their names.
    ["replicasBase", "en", { workloadReplicasBase: "r_w" }, "Σ r_w"],
    ["costPerDay", "en", { costPerHour: "C" }, "C × 24"],
    ["meanOutputTokens", "en", { peakRps: "λ" }, "peak output tokens/s ÷ Σ λ"],
  ] as const)("%s in %s renamed %j: %j", (id, lang, rename, want) => {
    expect(formulaText(id, lang, rename)).toBe(want);
  });
});

describe("pluggedText", () => {
  const step = (key: string) => traceOf(B).find((s) => s.key === key && !("workload" in s))!;

  it.each([
    ["costPerDay", {}, "120 × 24 = 2,880"],
    ["replicas", {}, "ceil(4 × 1.2) + 1 = 6"],
    ["replicasBase", {}, "Σ (2 + 2) = 4"],
    ["meanOutputTokens", {}, "5,000 ÷ Σ (10 + 20) = 166.666667"],
    // Constants as in the formula (3600), measured numbers through fmt (1,250).
    ["costPerOutputToken", {}, "4 × 5 ÷ (1,250 × 3600) = 0.000004"],
    // Overridden inputs, a scalar and a list.
    ["replicas", { replicasBase: "(2 + 2)" }, "ceil((2 + 2) × 1.2) + 1 = 6"],
    ["replicasBase", { workloadReplicasBase: "R" }, "Σ R = 4"],
  ] as [string, Record<string, string>, string][])("%s with %j: %j", (key, inputs, want) => {
    expect(pluggedText(step(key), fmt, inputs)).toBe(want);
  });

  it("writes one list term without parentheses, and a null value through fmt", () => {
    const a = evaluateSku(A, { trace: true }).trace!;
    expect(pluggedText(a.find((s) => s.key === "replicasBase")!, fmt)).toBe("Σ 2 = 2");
    const nullStep: Step = { ...step("costPerDay"), value: null };
    expect(pluggedText(nullStep, fmt)).toBe("120 × 24 = –");
  });
});

describe("recompute", () => {
  it("gives every traced step's value back from its recorded inputs", () => {
    for (const sku of [A, B]) {
      const trace = evaluateSku(sku, { trace: true }).trace!;
      for (const s of trace) expect([s.key, recompute(s)]).toEqual([s.key, s.value]);
    }
  });

  it("reads each input by its id, whatever the order recorded", () => {
    const lists = [
      { id: "workloadSecondsPerRequest", values: [0.5, 0.25] },
      { id: "outputTokens", values: [200, 100] },
    ];
    expect(recompute({ id: "replicaOutputTokensPerSecByLength", inputs: [], lists })).toBe(400);
    const inputs = Object.entries({ redundancy: 2, replicasBase: 3, elasticity: 1.5 });
    const r = { id: "replicasRaw" as const, lists: [] };
    expect(recompute({ ...r, inputs: inputs.map(([id, value]) => ({ id, value })) })).toBe(9);
  });

  it("is null for a missing input; a missing list is empty", () => {
    expect(recompute({ id: "replicas", inputs: [], lists: [] })).toBeNull();
    expect(recompute({ id: "replicasBase", inputs: [], lists: [] })).toBe(0);
  });
});

describe("expandedText", () => {
  const BY_LENGTH =
    "Σ (300 + 100) ÷ Σ (0.2 + 0.1) (no peak traffic: blended by output tokens per request)";
  const [a, b, c] = [A, B, NO_PEAK];
  it.each([
    [a, "replicas", [], "ceil(2.88)"],
    [a, "replicas", ["replicasRaw"], "ceil(2 × 1.2 × 1.2)"],
    [a, "replicas", ["replicasRaw", "replicasBase"], "ceil(10 × 300 ÷ 1,500 × 1.2 × 1.2)"],
    [b, "replicas", ["replicasBase"], "ceil((10 × 300 ÷ 1,500 + 20 × 100 ÷ 1,000) × 1.2) + 1"],
    // Constants as in the formula (24), not through fmt.
    [a, "costPerDay", ["costPerHour", "gpus"], "3 × 4 × 5 × 24"],
    [a, "costPerOutputToken", [], "4 × 5 ÷ (1,500 × 3600)"],
    [b, "meanOutputTokens", [], "5,000 ÷ Σ (10 + 20)"],
    [b, "meanOutputTokens", ["peakOutputTokensPerSec"], "(10 × 300 + 20 × 100) ÷ Σ (10 + 20)"],
    [a, "replicaOutputTokensPerSec", [], "1,500 of the one workload"],
    [c, "replicaOutputTokensPerSec", [], BY_LENGTH],
    [a, "nope", ["replicasRaw"], ""],
    [a, "tokensPerRequest", [], ""], // a per-workload key is not a SKU result
  ] as [SkuLeaves, string, string[], string][])("%#: %s expanding %j: %j", (sku, key, ex, want) => {
    expect(expandedText(traceOf(sku), key, new Set(ex), fmtId)).toBe(want);
  });

  it("expands only a pure sum: a list beside a scalar or another list stays numbers", () => {
    // Per-workload steps under the ids these steps read as lists (peakRps, outputTokens).
    const fake = (key: string, t: readonly Step[]): Step[] =>
      [0, 1].map((w) => ({ ...t.find((s) => s.workload === w)!, key, workload: w }));
    const bb = [...traceOf(B), ...fake("peakRps", traceOf(B))];
    expect(expandedText(bb, "meanOutputTokens", new Set(), fmtId)).toBe("5,000 ÷ Σ (10 + 20)");
    const cc = [...traceOf(NO_PEAK), ...fake("outputTokens", traceOf(NO_PEAK))];
    expect(expandedText(cc, "replicaOutputTokensPerSec", new Set(), fmtId)).toBe(BY_LENGTH);
  });

  it("hands fmt each number with its input's id", () => {
    const seen: string[] = [];
    expandedText(traceOf(A), "replicas", new Set(["replicasRaw", "replicasBase"]), (id, x) => {
      seen.push(`${id}=${x}`);
      return String(x);
    });
    expect(seen).toEqual(
      words("peakRps=10 outputTokens=300 workloadCapacity=1500 elasticity=1.2 redundancy=1.2"),
    );
  });
});

describe("costPerMillionAt", () => {
  it.each([
    // [GPUs per replica, price per GPU-hour, output tok/s, cost per 1M output tokens]
    // The multi-SKU example's H100: $2.99 ÷ (1,662.0614 tok/s × 3,600 s) × 1e6 (its plan --json).
    [1, 2.99, 1662.061371616147, 0.4997141319444445],
    // The seed: 4 × $5 ÷ (1,500 × 3,600) × 1e6 = 3.7037…
    [4, 5, 1500, (20 / (1500 * 3600)) * 1e6],
    [1, 0, 100, 0],
    [1, 2, 0, null], // no throughput: undefined, not Infinity
  ])("%d GPU × %d/h at %d tok/s → %s per 1M", (g, p, t, want) => {
    const got = costPerMillionAt(g, p, t);
    if (want === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(want, 12);
  });
});
