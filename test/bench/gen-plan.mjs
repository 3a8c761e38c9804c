/**
 * Deterministic benchmark workbook (issue #6 "Fast at scale", recalculation case): 50 SKUs, each
 * with one measured sweep of 30 load levels (shared by all workloads), 20 workload classes,
 * 2,000 teams in 10 pools and exactly 200 formula cells. Same seed → same plan.
 *
 *   node test/bench/gen-plan.mjs /tmp/bench-plan.json
 *
 * Formula cells (200): 50 SKU prices (list price × discount × markup), 4 × 20 workload inputs
 * (peak, average, input and output tokens), 10 fleet sizes, 10 pool costs (from SKU prices) and
 * 50 price ratios. Number cells: 10 GPU list prices, SLO limits and global factors.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** mulberry32: small deterministic PRNG (same as scripts/gen-per-request.mjs). */
export function rng(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SIZES = { skus: 50, levels: 30, workloads: 20, teams: 2000, pools: 10, gpus: 10 };
const DEFAULT_SIZES = SIZES;
const GPUS = [
  "h100-sxm",
  "h200",
  "b200",
  "a100-sxm-80gb",
  "l40s",
  "l4",
  "mi300x",
  "h100-pcie",
  "a10g",
  "gh200",
];
const r2 = (v) => Math.round(v * 100) / 100;

/** The 30 concurrency levels: 1, 4, 8, …, 116. */
const LEVELS = Array.from({ length: SIZES.levels }, (_, k) => (k === 0 ? 1 : 4 * k));

function stats(rand, base, spread) {
  const mean = base * (1 + 0.05 * rand());
  return {
    mean: r2(mean),
    p50: r2(mean * 0.95),
    p90: r2(mean * (1 + 0.4 * spread)),
    p95: r2(mean * (1 + 0.6 * spread)),
    p99: r2(mean * (1 + spread)),
  };
}

/** One SKU's sweep: throughput saturates with concurrency, latencies rise past the knee. */
function sweepPoints(rand, i) {
  const cap = 800 + 200 * (i % 17) + 400 * rand(); // output tok/s ceiling of one replica
  const knee = 24 + 4 * (i % 13);
  return LEVELS.map((c) => {
    const inTok = r2(950 + 100 * rand());
    const outTok = r2(190 + 20 * rand());
    const otps = r2((cap * c) / (c + knee));
    const rps = r2(otps / outTok);
    const queue = Math.max(0, c - knee) / knee;
    const ttft = 40 + 2 * c + 900 * queue * queue;
    const itl = 8 + 0.35 * c + 10 * queue;
    return {
      concurrency: c,
      requestRate: null,
      rps,
      outputTokensPerSec: otps,
      totalTokensPerSec: r2(rps * (inTok + outTok)),
      meanInputTokens: inTok,
      meanOutputTokens: outTok,
      ttftMs: stats(rand, ttft, 1.2),
      itlMs: stats(rand, itl, 0.8),
      tpotMs: stats(rand, itl * 1.02, 0.3),
      e2eMs: stats(rand, ttft + itl * outTok, 0.5),
      completed: 500 + Math.floor(rand() * 100),
      failed: 0,
    };
  });
}

/**
 * The benchmark plan (a `capplan.plan/v1` object). `sizes` overrides SKUs and teams for the growth
 * rows (test/bench/cases/engine.mjs); the formula count is 200 only at the default sizes.
 */
export function generatePlan(seed = 6, sizes = {}) {
  const SIZES = { ...DEFAULT_SIZES, ...sizes };
  if (SIZES.skus < SIZES.pools)
    throw new Error(`a plan needs at least ${SIZES.pools} SKUs (pool costs read SKU prices)`);
  const rand = rng(seed);
  const cells = {};
  GPUS.forEach((g, k) => (cells[`price_g${k}`] = r2(0.8 + 4 * rand())));
  Object.assign(cells, {
    discount: 0.9,
    growth: 1.15,
    token_scale: 1,
    slo_ttft: 1500,
    slo_itl: 60,
    hours: 24,
    replicas_per_pool: 12,
  });
  let formulas = 0;
  const f = (name, expr) => {
    cells[name] = `=${expr}`;
    formulas++;
  };
  for (let i = 0; i < SIZES.skus; i++)
    f(`sku_price_${i}`, `price_g${i % SIZES.gpus} * discount * (1 + ${i % 5} / 100)`);
  for (let j = 0; j < SIZES.workloads; j++) {
    f(`wl_peak_${j}`, `${r2(5 + 40 * rand())} * growth`);
    f(`wl_avg_${j}`, `wl_peak_${j} * 0.35`);
    f(`wl_in_${j}`, `${200 + 100 * (j % 9)} * token_scale`);
    f(`wl_out_${j}`, `${100 + 25 * (j % 7)} * token_scale`);
  }
  for (let p = 0; p < SIZES.pools; p++) {
    f(`fleet_${p}`, `ceil(replicas_per_pool * (1 + ${p} / 10))`);
    f(`pool_cost_${p}`, `sku_price_${p} * 8 * hours * fleet_${p}`);
  }
  for (let i = 0; i < SIZES.skus; i++) f(`ratio_${i}`, `sku_price_${i} / price_g${i % SIZES.gpus}`);
  if (SIZES.skus === DEFAULT_SIZES.skus && formulas !== 200)
    throw new Error(`expected 200 formula cells, made ${formulas}`);

  const workloads = Array.from({ length: SIZES.workloads }, (_, j) => ({
    name: `class-${j}`,
    peakRps: `=wl_peak_${j}`,
    avgRps: `=wl_avg_${j}`,
    inputTokens: `=wl_in_${j}`,
    outputTokens: `=wl_out_${j}`,
  }));
  const skus = Array.from({ length: SIZES.skus }, (_, i) => ({
    name: `sku-${i} ${GPUS[i % SIZES.gpus]} TP${[1, 2, 4, 8][i % 4]}`,
    gpu: GPUS[i % SIZES.gpus],
    gpusPerReplica: [1, 2, 4, 8][i % 4],
    pricePerGpuHour: `=sku_price_${i}`,
    sweep: { label: `bench sweep ${i}`, points: sweepPoints(rand, i) },
  }));
  const pools = Array.from({ length: SIZES.pools }, (_, p) => ({
    name: `pool-${p}`,
    costPerDay: `=pool_cost_${p}`,
  }));
  const usage = Array.from({ length: SIZES.teams }, (_, t) => ({
    team: `team-${t}`,
    pool: `pool-${t % SIZES.pools}`,
    inputTokens: Math.round(1e6 + 5e8 * rand()),
    outputTokens: Math.round(2e5 + 1e8 * rand()),
  }));
  return {
    format: "capplan.plan/v1",
    title: `Benchmark workbook: ${SIZES.skus} SKUs × 30 load levels, 20 workloads, ${SIZES.teams.toLocaleString("en")} teams`,
    currency: "USD",
    cells,
    workloads,
    slo: [
      { metric: "ttft", stat: "p99", maxMs: "=slo_ttft" },
      { metric: "itl", stat: "p95", maxMs: "=slo_itl" },
    ],
    sloMode: "interpolated",
    factors: { elasticity: 1.2, redundancy: { spare: 1 } },
    skus,
    tenants: { method: "tokens", idle: "proportional", pools, usage },
  };
}

/** The three edits the benchmark times: a price cell, an SLO threshold, one team's tokens. */
export const EDITS = [
  { name: "price cell", path: "cells.price_g3", raw: 2.49 },
  { name: "SLO threshold", path: "cells.slo_ttft", raw: 1200 },
  { name: "team tokens", path: "tenants.usage[1234].inputTokens", raw: 123456789 },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write("usage: node test/bench/gen-plan.mjs <out.json>\n");
    process.exit(2);
  }
  writeFileSync(out, JSON.stringify(generatePlan(), null, 1));
}
