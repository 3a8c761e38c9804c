/** A baseline and a candidate sweep for the compare tests: one level only in each, a rate level in both. */
import { pt, sweepOf } from "./helpers";

export const base = sweepOf(
  [
    pt(1, {
      rps: 1.2,
      outputTokensPerSec: 120,
      ttftMs: { p50: 50, p99: 80 },
      itlMs: { p95: 10, p99: 12 },
    }),
    pt(8, {
      rps: 12.3,
      outputTokensPerSec: 1000,
      ttftMs: { p50: 100, p95: 150, p99: 200 },
      itlMs: { p95: 20, p99: 30 },
    }),
    { concurrency: null, requestRate: 10, rps: 9.5, ttftMs: { p99: 300 } },
  ],
  "base",
);
export const cand = sweepOf(
  [
    pt(8, {
      rps: 11.0,
      outputTokensPerSec: 1020,
      ttftMs: { p50: 104, p99: 230 },
      itlMs: { p95: 20, p99: 31.5 },
    }),
    pt(64, { rps: 20 }),
    { concurrency: null, requestRate: 10, rps: 9.6, ttftMs: { p99: 270 } },
  ],
  "cand",
);
