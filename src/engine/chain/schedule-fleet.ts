/**
 * The two searches over a schedule's replicas (docs/schedules.md): the replicas the autoscaler
 * keeps up, the wrapped maximum over its lead (`leadMax`), and the reserved count whose blended
 * cost is least (`bestReserved`). Both in linear time over the period's intervals.
 */
/**
 * scheduled_i = max(values_i … values_{i+lead}), indices wrapping around the period. A lead of a
 * whole period or more makes every interval the period's maximum. A sliding-window maximum with
 * a monotone deque over the period walked twice: O(n) whatever the lead.
 */
export function leadMax(values: readonly number[], lead: number): number[] {
  const n = values.length;
  if (n === 0) return [];
  if (lead <= 0) return values.slice();
  if (lead >= n - 1) {
    let m = -Infinity;
    for (const v of values) if (v > m) m = v;
    return new Array<number>(n).fill(m);
  }
  const out = new Array<number>(n);
  // Sliding-window maximum over i … i + lead (mod n), walking backwards over 2n indices.
  const dq = new Int32Array(2 * n);
  let head = 0;
  let tail = 0;
  for (let j = 2 * n - 1; j >= 0; j--) {
    const v = values[j % n]!;
    while (tail > head && values[dq[tail - 1]! % n]! <= v) tail--;
    dq[tail++] = j;
    while (dq[head]! > j + lead) head++;
    if (j < n) out[j] = values[dq[head]! % n]!;
  }
  return out;
}

/**
 * The R in 0…staticReplicas with the least blended(R), ties → the smaller R. blended is convex in
 * R: going from R to R + 1 costs reservedPrice in every interval and saves the on-demand price in
 * the intervals that run more than R replicas. So the best R is the first one from which one more
 * reserved replica does not save: price × #{i : scheduled_i ≥ R + 1} ≤ reservedPrice × n (equal:
 * a tie, keep the smaller R). Both sides are compared as computed, so a higher reserved price
 * never gives a larger R.
 */
export function bestReserved(
  scheduled: readonly number[],
  staticReplicas: number,
  price: number,
  reservedPrice: number,
): number {
  const n = scheduled.length;
  if (n === 0) return 0;
  const cost = reservedPrice * n;
  const counted = bestReservedCounted(scheduled, staticReplicas, price, cost);
  if (counted !== null) return counted;
  // #{i : scheduled_i ≥ R + 1} changes only where R reaches a scheduled value: try R = 0, then
  // each distinct scheduled value in increasing order.
  const sorted = Float64Array.from(scheduled).sort();
  let j = 0; // #{i : scheduled_i ≤ R}
  while (j < n && sorted[j]! <= 0) j++;
  if (price * (n - j) <= cost) return 0;
  while (j < n) {
    const R = sorted[j]!;
    while (j < n && sorted[j]! <= R) j++;
    if (price * (n - j) <= cost) return Math.min(R, staticReplicas);
  }
  return staticReplicas;
}

/** Largest replica count {@link bestReservedCounted} counts instead of sorting. */
const COUNT_LIMIT = 1 << 20;

/**
 * {@link bestReserved} for replica counts (whole numbers from 0 to {@link COUNT_LIMIT}): the same
 * walk over the distinct values in increasing order, from a count per value instead of a sorted
 * copy, so the same R; null when a value is not such a count (then the sort is used).
 */
function bestReservedCounted(
  scheduled: readonly number[],
  staticReplicas: number,
  price: number,
  cost: number,
): number | null {
  const n = scheduled.length;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const v = scheduled[i]!;
    if (!(v >= 0 && v <= COUNT_LIMIT) || !Number.isInteger(v)) return null;
    if (v > max) max = v;
  }
  const counts = new Int32Array(max + 1);
  for (let i = 0; i < n; i++) counts[scheduled[i]!]!++;
  let j = counts[0]!; // #{i : scheduled_i ≤ 0}
  if (price * (n - j) <= cost) return 0;
  for (let R = 1; R <= max; R++) {
    const c = counts[R]!;
    if (c === 0) continue;
    j += c;
    if (price * (n - j) <= cost) return Math.min(R, staticReplicas);
  }
  return staticReplicas;
}
