/**
 * Exact order statistics. Percentiles use linear interpolation between closest ranks, the
 * default method of numpy.percentile (`method="linear"`): for sorted x of length n and
 * percentile q, h = (n − 1)·q/100, result = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 * This is what vLLM, SGLang, GenAI-Perf, AIPerf and LLMPerf report, so our p99 equals the
 * tool's p99 on the same records.
 */
import type { Stats } from "./types";

/** Percentile q (0…100) of an ascending-sorted array, numpy "linear" method. NaN when empty. */
export function percentileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (n === 1) return sorted[0]!;
  const h = ((n - 1) * q) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (h - lo) * (b - a);
}

/** Stat key for a percentile: 50 → "p50", 99.9 → "p99.9". */
export function percentileKey(q: number): string {
  return `p${Number(q.toFixed(3))}`;
}

/** Percentile number of a stat key: "p99.9" → 99.9, "median" → 50; null for non-percentiles. */
export function percentileOfKey(stat: string): number | null {
  if (stat === "median") return 50;
  const m = /^p(\d+(?:\.\d+)?)$/.exec(stat);
  return m ? Number(m[1]) : null;
}

export const DEFAULT_PERCENTILES: readonly number[] = [50, 90, 95, 99, 99.9];

/**
 * Summary statistics (mean, min, max, std and the given percentiles) of the values. `std` is the
 * sample standard deviation (n − 1), as LLMPerf's and pandas' summaries compute it; it is left out
 * for a single value (undefined, as pandas gives NaN). Sorts a copy; the input is not modified. Empty input → {}.
 */
export function summarize(values: ArrayLike<number>, percentiles: readonly number[] = DEFAULT_PERCENTILES): Stats {
  const n = values.length;
  if (n === 0) return {};
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = sorted[i]! - mean;
    ss += d * d;
  }
  const out: Stats = { mean, min: sorted[0]!, max: sorted[n - 1]! };
  if (n > 1) out.std = Math.sqrt(ss / (n - 1));
  for (const q of percentiles) out[percentileKey(q)] = percentileSorted(sorted, q);
  return out;
}
