/**
 * Request-length histograms for display (the app's Traffic sheet, docs/traffic.md "In the app"):
 * the exact per-token counts a {@link TrafficAccumulator} keeps, grouped into at most a few dozen
 * buckets of a round width (1, 2 or 5 × 10^k tokens). A long tail would squeeze every bar into the
 * first bucket, so when the longest request is more than three times the 99th percentile the
 * buckets stop at the 99th percentile and one last bucket holds everything longer.
 *
 * Pure arithmetic, no I/O.
 */

/** One bar: requests whose length is in [from, to) tokens; `to` null for the open last bucket. */
export interface LengthBucket {
  from: number;
  to: number | null;
  count: number;
}

/** A length histogram: buckets in ascending order, their width, and the total requests counted. */
export interface LengthHistogram {
  width: number;
  buckets: LengthBucket[];
  total: number;
}

/** Smallest 1, 2 or 5 × 10^k (k ≥ 0) that is at least `x`. */
export function roundWidth(x: number): number {
  if (!(x > 1)) return 1;
  let p = 10 ** Math.floor(Math.log10(x));
  for (;;) {
    for (const m of [1, 2, 5]) if (m * p >= x - 1e-9) return m * p;
    p *= 10;
  }
}

/**
 * Group exact counts into buckets. `counts(v)` is the number of requests of length v for
 * 0 ≤ v < `denseLength`; `sparse` holds any longer lengths. `p99` and `max` are the exact
 * percentile and maximum (null when nothing was counted, which gives no histogram).
 */
export function bucketLengths(
  dense: ArrayLike<number>,
  sparse: ReadonlyMap<number, number> | null,
  p99: number | null,
  max: number | null,
  maxBuckets = 40,
): LengthHistogram | null {
  if (max === null || p99 === null || !Number.isFinite(max)) return null;
  const capped = max > 3 * p99 && p99 > 0;
  const upper = capped ? p99 : max;
  const width = roundWidth((upper + 1) / maxBuckets);
  const n = Math.floor(upper / width) + 1;
  const counts = new Array<number>(n).fill(0);
  let over = 0;
  let total = 0;
  const put = (v: number, c: number) => {
    if (c === 0) return;
    total += c;
    const b = Math.floor(v / width);
    if (b < n) counts[b]! += c;
    else over += c;
  };
  for (let v = 0; v < dense.length; v++) put(v, dense[v]!);
  if (sparse) for (const [v, c] of sparse) put(v, c);
  const buckets: LengthBucket[] = counts.map((count, i) => ({
    from: i * width,
    to: (i + 1) * width,
    count,
  }));
  if (over > 0) buckets.push({ from: n * width, to: null, count: over });
  return { width, buckets, total };
}
