/**
 * Graph helpers for the formula sheet: strongly connected components (iterative Tarjan, so long
 * chains cannot overflow the stack), shortest cycle through a node, and transitive dependents.
 */

/**
 * Strongly connected components of the graph on `nodes` with edges `succ(n)` (successors outside
 * `nodes` must be filtered by the caller). Components come out successors-first: with edges
 * pointing from a formula to what it reads, every component follows the components it reads.
 */
export function stronglyConnected(
  nodes: Iterable<string>,
  succ: (node: string) => readonly string[],
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; i: number; succs: readonly string[] }[] = [];
    const visit = (n: string): void => {
      index.set(n, next);
      low.set(n, next);
      next++;
      stack.push(n);
      onStack.add(n);
      work.push({ node: n, i: 0, succs: succ(n) });
    };
    visit(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      if (top.i < top.succs.length) {
        const w = top.succs[top.i++]!;
        if (!index.has(w)) visit(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.node);
        out.push(component);
      }
    }
  }
  return out;
}

/**
 * Shortest cycle through `start` (breadth-first, ties broken by successor order), as the list of
 * nodes starting with `start` (the edge back to `start` is implied). Empty when there is none.
 */
export function shortestCycle(
  start: string,
  succ: (node: string) => readonly string[],
  within: ReadonlySet<string>,
): string[] {
  const parent = new Map<string, string | null>([[start, null]]);
  const queue: string[] = [start];
  // for…of over an array also visits what is pushed while iterating: a breadth-first queue.
  for (const node of queue) {
    for (const w of succ(node)) {
      if (w === start) {
        const path: string[] = [];
        for (let n: string | null = node; n !== null; n = parent.get(n) ?? null) path.push(n);
        return path.reverse();
      }
      if (!within.has(w) || parent.has(w)) continue;
      parent.set(w, node);
      queue.push(w);
    }
  }
  return [];
}

/** `starts` and everything that transitively depends on them (`dependents(n)`: who reads n). */
export function withDependents(
  starts: Iterable<string>,
  dependents: (node: string) => Iterable<string>,
): Set<string> {
  const seen = new Set<string>(starts);
  const queue = [...seen];
  for (const node of queue) {
    for (const d of dependents(node)) {
      if (seen.has(d)) continue;
      seen.add(d);
      queue.push(d);
    }
  }
  return seen;
}
