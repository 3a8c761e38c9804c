/** Hand-built plans for the whole-explanation tests of src/engine/plan/lineage.ts (survivors-lineage-a tests). */
const pt = (
  c: number,
  rps: number,
  out: number,
  ttft: number,
  itl: number,
  sources: { file: string; line?: number }[],
) => ({
  concurrency: c,
  requestRate: null,
  rps,
  outputTokensPerSec: out,
  ttftMs: { p99: ttft },
  itlMs: { p95: itl },
  sources,
});
/** A level of an open-loop sweep (offered request rate) with no output tokens/s or sources of its own. */
const ratePt = (requestRate: number, rps: number, out: number, ttft: number, itl: number) => ({
  concurrency: null,
  requestRate,
  rps,
  outputTokensPerSec: out,
  ttftMs: { p99: ttft },
  itlMs: { p95: itl },
});
/** A level with achieved rps but no output tokens/s. */
const rpsPt = (concurrency: number, rps: number, ttft: number, itl: number) => ({
  concurrency,
  requestRate: null,
  rps,
  ttftMs: { p99: ttft },
  itlMs: { p95: itl },
});
const slo = [
  { metric: "ttft", stat: "p99", maxMs: 1000 },
  { metric: "itl", stat: "p95", maxMs: 50 },
];
/** A plan of the format in US dollars with `over` written into it. */
const plan = <T extends object>(over: T) => ({
  format: "capplan.plan/v1",
  currency: "USD",
  ...over,
});
/** Workload "chat": 100 input tokens a request. */
const chat = (peakRps: number, outputTokens: number) => ({
  name: "chat",
  peakRps,
  inputTokens: 100,
  outputTokens,
});
/** A SKU of 1 GPU a replica at 2/h on `sweep` (an `id` before the numbers when given). */
const sku = <S extends object>(name: string, sweep: S, id?: string) => ({
  name,
  ...(id === undefined ? {} : { id }),
  gpusPerReplica: 1,
  pricePerGpuHour: 2,
  sweep,
});
/** A SKU given `tok` output tokens/s a replica. */
const given = (name: string, tok: number | string, id?: string) =>
  sku(name, { replicaOutputTokensPerSec: tok }, id);
/** SKUs C and D whose capacities read each other (`=d_tok_s`, `=c_tok_s`). */
const CYCLE = [given("C", "=d_tok_s", "c"), given("D", "=c_tok_s", "d")];
/** Four concurrency levels; TTFT crosses 1000 ms between concurrency 8 and 16 (at 1/6 of the way), ITL crosses 50 ms halfway. */
const lab = {
  label: "lab",
  points: [
    pt(1, 1, 100, 200, 20, [{ file: "run.csv", line: 2 }]),
    pt(4, 3, 400, 500, 30, [{ file: "run.csv", line: 3 }]),
    pt(8, 4, 800, 900, 40, [{ file: "run.csv", line: 4 }]),
    pt(16, 5, 1000, 1500, 60, [{ file: "run.csv", line: 5 }]),
  ],
};
/** The same levels, read from a whole JSON file (no line) at 8 and from two CSV rows at 16. */
const files = {
  label: "files",
  points: [
    pt(1, 1, 100, 200, 20, []),
    pt(4, 3, 400, 500, 30, [{ file: "r4.json" }]),
    { ...pt(8, 4, 800, 900, 40, [{ file: "r8.json" }]), totalTokensPerSec: 1200 },
    pt(16, 5, 1000, 1500, 60, [
      { file: "x.csv", line: 5 },
      { file: "y.csv", line: 7 },
    ]),
  ],
};
/** Achieved rps at concurrency 2 and 4 (no output tokens/s). */
const po = [rpsPt(2, 2, 400, 20), rpsPt(4, 3.5, 800, 30)];

export const PLANS = {
  /** One workload on a given capacity (a formula over cells), factor redundancy, forecast from avgRps. */
  given: plan({
    cells: { peak: 40, out: 250, cap: "=peak * 50" },
    workloads: [
      { name: "chat", peakRps: "=peak", avgRps: 10, inputTokens: 750, outputTokens: "=out" },
    ],
    factors: { elasticity: 1.25, redundancy: 1.5 },
    skus: [
      {
        name: "G",
        gpu: "h100-sxm",
        gpusPerReplica: 2,
        pricePerGpuHour: 3,
        sweep: { replicaOutputTokensPerSec: "=cap" },
      },
    ],
  }),
  /** Three workloads on one measured sweep, spare redundancy; forecast rates from avgRps, dailyRequests and peakRps. */
  spare: plan({
    workloads: [
      { name: "chat", peakRps: 10, avgRps: 4, inputTokens: 100, outputTokens: 200 },
      { name: "docs", peakRps: 6, dailyRequests: 259200, inputTokens: 1000, outputTokens: 500 },
      { name: "batch", peakRps: 2, inputTokens: 50, outputTokens: 1250 },
    ],
    slo,
    sloMode: "measured",
    factors: { elasticity: 1.2, redundancy: { spare: 1 } },
    skus: [{ name: "S", gpusPerReplica: 2, pricePerGpuHour: 1.5, sweep: lab }],
  }),
  /** The legacy single `workload`, an interpolated operating point, no factors (defaults). */
  interp: plan({
    workload: chat(20, 200),
    slo,
    sloMode: "interpolated",
    skus: [sku("I", files)],
  }),
  /** An open-loop sweep (request rates) interpolated between 6 and 10 req/s. */
  rate: plan({
    workloads: [chat(20, 200)],
    slo,
    sloMode: "interpolated",
    skus: [
      sku("R", {
        label: "rr",
        points: [
          ratePt(2, 2, 300, 400, 20),
          ratePt(6, 5.5, 1100, 800, 30),
          ratePt(10, 7, 1400, 1200, 40),
        ],
      }),
    ],
  }),
  /** A sweep with achieved rps but no output tokens/s: capacity is rps × output tokens per request. */
  rpsonly: plan({
    workloads: [chat(20, 200)],
    slo,
    sloMode: "measured",
    skus: [sku("P", { label: "po", points: [...po, rpsPt(8, 5, 1200, 40)] })],
  }),
  /** Formulas whose text has function calls, member access and quoted words that name cells. */
  names: plan({
    cells: {
      peak: 40,
      out: 250,
      round: 3,
      a: "=round (peak / 7) + round",
      b: '=peak + "out"',
      c: "=peak.out + 1",
      d: "=max(peak, 2) - 'out'",
      e: "=  a*2  ",
      f: " =peak + nosuch",
      g: "1,500",
      cyc1: "=cyc2 + 1",
      cyc2: "=cyc1 * 2",
    },
    workloads: [{ name: "chat", peakRps: "=peak", inputTokens: "750", outputTokens: " =out" }],
    skus: [
      {
        name: "G",
        gpusPerReplica: 2,
        pricePerGpuHour: 3,
        sweep: { replicaOutputTokensPerSec: 1000 },
      },
    ],
  }),
  /** `<id>_tok_s` in formulas: a hop into SKU A's chain; C and D read each other (a cycle); E repeats A's id. */
  tok: plan({
    cells: {
      k: 2,
      x: "=a_tok_s * k",
      y: "=c_tok_s + 1",
      z: "=a_tok_s + x",
      w: "=a_bcdef + 1",
      v: "=zz_tok_s + k",
    },
    workloads: [chat(10, 300)],
    skus: [given("A", 1500, "a"), given("B", "=a_tok_s * k", "b"), ...CYCLE, given("E", 10, "a")],
  }),
  /** Per-workload given capacities (`sweeps`), one a formula; the price left to the GPU catalogue. */
  per: plan({
    cells: { cap: 900 },
    workloads: [chat(10, 300), { name: "docs", peakRps: 2, inputTokens: 1000, outputTokens: 600 }],
    skus: [
      {
        name: "A",
        gpu: "h100-sxm",
        gpusPerReplica: 1,
        sweeps: {
          chat: { replicaOutputTokensPerSec: "=cap" },
          docs: { replicaOutputTokensPerSec: 400 },
        },
      },
    ],
  }),

  /** Two SKUs given 500 and 700 tok/s (numbers), explained against `cycleText`, where each reads the other. */
  cycleNumbers: plan({
    workloads: [chat(10, 300)],
    skus: [given("C", 500, "c"), given("D", 700, "d")],
  }),
  cycleText: plan({ workloads: [chat(10, 300)], skus: CYCLE }),

  /** Team "a" with two usage rows in pool p; pool q has no usage. */
  teams: plan({
    workloads: [chat(10, 300)],
    skus: [given("G", 1000)],
    tenants: {
      method: "tokens",
      idle: "proportional",
      pools: [
        { name: "p", costPerDay: 100 },
        { name: "q", costPerDay: 50 },
      ],
      usage: [
        { team: "a", pool: "p", inputTokens: 1e6, outputTokens: 2e6 },
        { team: "a", pool: "p", inputTokens: 3e6, outputTokens: 4e6 },
        { team: "b", pool: "p", inputTokens: 5e6, outputTokens: 5e6 },
      ],
    },
  }),

  /** `cycleText` with two workloads and spare redundancy. */
  cycleSpare: plan({
    workloads: [chat(10, 300), { name: "docs", peakRps: 1, inputTokens: 1000, outputTokens: 500 }],
    factors: { elasticity: 1.2, redundancy: { spare: 2 } },
    skus: CYCLE,
  }),

  /** Every level of the sweep breaks the TTFT limit: no operating point. */
  infeasible: plan({
    workloads: [chat(20, 200)],
    slo,
    sloMode: "measured",
    skus: [
      sku("X", {
        label: "slow",
        points: [pt(1, 1, 100, 1200, 20, []), pt(2, 2, 200, 1500, 30, [])],
      }),
    ],
  }),
  /** A workload whose name is not a path key (`support-bot`) with its own given capacity, a formula. */
  dashed: plan({
    cells: { cap: 600 },
    workloads: [
      { name: "support-bot", peakRps: 3, inputTokens: 100, outputTokens: 400 },
      { name: "batch-job", peakRps: 1, inputTokens: 100, outputTokens: 200 },
    ],
    skus: [
      {
        name: "A",
        gpusPerReplica: 1,
        pricePerGpuHour: 2,
        sweeps: {
          "support-bot": { replicaOutputTokensPerSec: " =cap" },
          "batch-job": { replicaOutputTokensPerSec: 400 },
        },
      },
    ],
  }),

  /** No traffic at peak: utilisation and the peak cost per token divide by zero. */
  zero: plan({
    workloads: [{ name: "chat", peakRps: 0, avgRps: 0, inputTokens: 100, outputTokens: 200 }],
    skus: [given("Z", 1000)],
  }),
  /** The legacy single `workload` with a stray key named like a SKU field the SKU leaves to the catalogue. */
  stray: plan({
    workload: { name: "chat", peakRps: 2, inputTokens: 100, outputTokens: 200, pricePerGpuHour: 9 },
    skus: [
      { name: "A", gpu: "h100-sxm", gpusPerReplica: 1, sweep: { replicaOutputTokensPerSec: 1000 } },
    ],
  }),

  /** `rpsonly` without traffic: replicasBase 0, so the capacity (rps × output tokens per request) cannot be recovered from it. */
  rpszero: plan({
    workloads: [chat(0, 200)],
    slo,
    sloMode: "measured",
    skus: [sku("P", { label: "po", points: po })],
  }),
};
