/**
 * Plan builders shared by the plan-computation tests (survivors-plan*.test.ts): one SKU "A" with
 * one measured point and one workload "chat", each overridable.
 */
/** One point: concurrency 8, 2 req/s, 500 output tok/s, P99 TTFT 700 ms. */
export const point = (over: Record<string, unknown> = {}) => ({
  concurrency: 8,
  rps: 2,
  outputTokensPerSec: 500,
  ttftMs: { p99: 700 },
  ...over,
});
export const skuA = (over: Record<string, unknown> = {}) => ({
  name: "A",
  gpusPerReplica: 2,
  pricePerGpuHour: 3,
  sweep: { points: [point()] },
  ...over,
});
/** chat: 10 req/s × 250 output tokens = 2,500 tok/s; one SKU A of 2 GPUs at 3 an hour, P99 TTFT ≤ 1,000 ms. */
export const base = (over: Record<string, unknown> = {}) => ({
  format: "capplan.plan/v1",
  currency: "USD",
  workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 250 }],
  slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
  factors: { elasticity: 1, redundancy: 1 },
  skus: [skuA()],
  ...over,
});
