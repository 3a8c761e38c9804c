/**
 * The two structures of the fleet simulation's event loop (simulate.ts, docs/simulate.md): the
 * completions to come, a binary heap ordered by (time, replica), and the replica with the fewest
 * requests in service, a tournament tree over the replicas (ties: the lowest index). Typed
 * arrays sized once: the loop allocates nothing per request.
 */

/** Completions (time, replica), the earliest first; on a tie the lower replica first. */
export class CompletionHeap {
  private readonly t: Float64Array;
  private readonly r: Int32Array;
  /** Entries in the heap. */
  n = 0;
  constructor(capacity: number) {
    this.t = new Float64Array(capacity);
    this.r = new Int32Array(capacity);
  }

  /** The earliest completion's time (the heap is not empty). */
  topTime(): number {
    return this.t[0]!;
  }

  /** The earliest completion's replica (the heap is not empty). */
  topReplica(): number {
    return this.r[0]!;
  }

  push(done: number, replica: number): void {
    const ht = this.t;
    const hr = this.r;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = ht[p]!;
      if (pt < done || (pt === done && hr[p]! < replica)) break;
      ht[i] = pt;
      hr[i] = hr[p]!;
      i = p;
    }
    ht[i] = done;
    hr[i] = replica;
  }

  /** Remove the earliest completion: the last entry moves down from the root. */
  pop(): void {
    const ht = this.t;
    const hr = this.r;
    const hn = --this.n;
    if (hn === 0) return;
    const lt = ht[hn]!;
    const lr = hr[hn]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= hn) break;
      const c2 = c + 1;
      if (c2 < hn && (ht[c2]! < ht[c]! || (ht[c2]! === ht[c]! && hr[c2]! < hr[c]!))) c = c2;
      if (lt < ht[c]! || (lt === ht[c]! && lr < hr[c]!)) break;
      ht[i] = ht[c]!;
      hr[i] = hr[c]!;
      i = c;
    }
    ht[i] = lt;
    hr[i] = lr;
  }
}

/**
 * Requests in service per replica, with the least busy replica at hand: each node of the tree
 * holds the replica with the fewest in service among its leaves (ties: the lowest index, always
 * on the left); padding leaves hold −1.
 */
export class LeastBusy {
  /** Requests in service on each replica. */
  readonly busy: Int32Array;
  private readonly tree: Int32Array;
  private readonly leaves: number;
  constructor(replicas: number) {
    this.busy = new Int32Array(replicas);
    let p = 1;
    while (p < replicas) p <<= 1;
    this.leaves = p;
    this.tree = new Int32Array(2 * p).fill(-1);
    for (let r = 0; r < replicas; r++) this.tree[p + r] = r;
    for (let i = p - 1; i >= 1; i--)
      this.tree[i] = this.better(this.tree[2 * i]!, this.tree[2 * i + 1]!);
  }

  /** The replica with the fewest in service (−1 when there is none). */
  least(): number {
    return this.tree[1]!;
  }

  /** One more request in service on replica r; returns how many it serves now. */
  add(r: number): number {
    const k = ++this.busy[r]!;
    this.update(r);
    return k;
  }

  /** One request fewer in service on replica r (the tree is updated by {@link update}). */
  remove(r: number): void {
    this.busy[r]!--;
  }

  /** Re-seat replica r in the tree after its count changed. */
  update(r: number): void {
    const tree = this.tree;
    for (let i = (this.leaves + r) >> 1; i >= 1; i >>= 1)
      tree[i] = this.better(tree[2 * i]!, tree[2 * i + 1]!);
  }

  private better(a: number, b: number): number {
    if (a < 0) return b;
    if (b < 0) return a;
    return this.busy[b]! < this.busy[a]! ? b : a;
  }
}
