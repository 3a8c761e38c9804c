/**
 * The counting structures of the traffic accumulator (traffic.ts, docs/traffic.md): request counts
 * per time bin, growing at either end; exact token-length histograms (dense below 2²² tokens, a
 * map above), with their percentiles; and a min-heap of timestamps, the reorder window of the
 * interarrival gaps. Constant memory per bin and per distinct length, not per request.
 */
import type { LengthStats } from "../base/traffic-types";

/** Token counts below this are counted in a dense array; larger ones in a map. */
const DENSE_TOKENS = 1 << 22;

/** Counts per bin index, growing at either end. */
export class BinCounts {
  lo = 0;
  arr: Float64Array = new Float64Array(0);
  min = Infinity;
  max = -Infinity;
  /** Adds `n` at bin `i`; false when the span would exceed `limit` bins. */
  add(i: number, n: number, limit: number): boolean {
    const min = Math.min(this.min, i);
    const max = Math.max(this.max, i);
    const span = max - min + 1;
    // Checked on every bin, not only when the array grows: the array keeps headroom past the limit, and a bin
    // inside it may still stretch the span from the first to the last bin beyond `limit`.
    if (span > limit) return false;
    if (this.arr.length === 0) {
      this.lo = i - 16;
      this.arr = new Float64Array(64);
    } else if (i < this.lo || i >= this.lo + this.arr.length) {
      const cap = Math.min(Math.max(span * 2, 64), limit + 32);
      const grow = cap - span;
      const lo = i < this.lo ? min - Math.floor(grow / 2) : min - Math.floor(grow / 8);
      const next = new Float64Array(cap);
      next.set(this.arr.subarray(this.min - this.lo, this.max - this.lo + 1), this.min - lo);
      this.arr = next;
      this.lo = lo;
    }
    this.arr[i - this.lo]! += n;
    if (i < this.min) this.min = i;
    if (i > this.max) this.max = i;
    return true;
  }
}

/** Exact histogram of non-negative whole numbers. */
export class Histogram {
  dense: Uint32Array = new Uint32Array(1024);
  sparse: Map<number, number> | null = null;
  n = 0;
  max = -Infinity;
  add(v: number): void {
    this.n++;
    if (v > this.max) this.max = v;
    if (v < DENSE_TOKENS) {
      if (v >= this.dense.length) {
        let cap = this.dense.length;
        while (cap <= v) cap *= 2;
        const next = new Uint32Array(cap);
        next.set(this.dense);
        this.dense = next;
      }
      this.dense[v]!++;
    } else {
      this.sparse ??= new Map();
      this.sparse.set(v, (this.sparse.get(v) ?? 0) + 1);
      // The sorted copy of the map (made by the first percentile) is out of date now.
      this.sortedSparse = null;
    }
  }
  /** Value at 0-based rank r in ascending order. */
  private sortedSparse: [number, number][] | null = null;
  at(r: number): number {
    let acc = 0;
    const d = this.dense;
    for (let v = 0; v < d.length; v++) {
      acc += d[v]!;
      if (acc > r) return v;
    }
    this.sortedSparse ??= [...(this.sparse ?? new Map<number, number>()).entries()].sort(
      (a, b) => a[0] - b[0],
    );
    for (const [v, c] of this.sortedSparse) {
      acc += c;
      if (acc > r) return v;
    }
    return this.max;
  }
  /** numpy-linear percentile (src/engine/curve/stats.ts) over the counted values. */
  percentile(q: number): number {
    if (this.n === 1) return this.max;
    const h = ((this.n - 1) * q) / 100;
    const lo = Math.floor(h);
    const a = this.at(lo);
    // h ≤ n − 1 (q ≤ 100), so h > lo means lo + 1 ≤ n − 1.
    const b = h > lo ? this.at(lo + 1) : a;
    return a + (h - lo) * (b - a);
  }
}

/** Min-heap of numbers (the reorder window). */
export class MinHeap {
  a: Float64Array;
  n = 0;
  constructor(cap: number) {
    this.a = new Float64Array(cap);
  }
  push(v: number): void {
    const a = this.a;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]! <= v) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = v;
  }
  pop(): number {
    const a = this.a;
    const top = a[0]!;
    const last = a[--this.n]!;
    let i = 0;
    const n = this.n;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && a[c + 1]! < a[c]!) c++;
      if (a[c]! >= last) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = last;
    return top;
  }
}

/** The largest count of base bins `b` summed into bins of `k` base bins (a group's peak). */
export function peakCount(b: BinCounts, k: number): number {
  const sums = new Map<number, number>();
  for (let i = b.min; i <= b.max; i++) {
    const c = b.arr[i - b.lo]!;
    if (c) {
      const j = Math.floor(i / k);
      sums.set(j, (sums.get(j) ?? 0) + c);
    }
  }
  let m = 0;
  for (const c of sums.values()) if (c > m) m = c;
  return m;
}

/** Length statistics of a histogram; per-bin sums (aggregated) have the mean only. */
export function lengthStats(
  h: Histogram,
  sum: number,
  requests: number,
  aggregated: boolean,
): LengthStats {
  const mean = requests > 0 ? sum / requests : null;
  if (aggregated || h.n === 0)
    return { mean, p50: null, p90: null, p95: null, p99: null, max: null };
  return {
    mean,
    p50: h.percentile(50),
    p90: h.percentile(90),
    p95: h.percentile(95),
    p99: h.percentile(99),
    max: h.max,
  };
}
