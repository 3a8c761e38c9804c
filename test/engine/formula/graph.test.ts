/**
 * Graph helpers of the formula sheet (src/engine/formula/graph.ts): strongly connected components
 * against a brute-force reachability oracle and in successors-first order, the shortest cycle
 * through a node (breadth-first, ties by successor order, limited to a set), and transitive
 * dependents, with hand-worked examples (issue #15, docs/mutation-testing.md).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  shortestCycle,
  stronglyConnected,
  withDependents,
} from "../../../src/engine/formula/graph";

const graph =
  (edges: Record<string, string[]>) =>
  (n: string): readonly string[] =>
    edges[n] ?? [];

describe("stronglyConnected", () => {
  it("a three-loop reaching a two-loop, a lone node and a node reading the loop: worked by hand", () => {
    // Tarjan from a: a(0) b(1) c(2); c reads a (on the stack) and d(3) → e(4) → d: {d, e} closes first
    // (popped e then d), then {a, b, c} (popped c, b, a); f and g are components of their own.
    const succ = graph({ a: ["b"], b: ["c"], c: ["a", "d"], d: ["e"], e: ["d"], g: ["a"] });
    expect(stronglyConnected(["a", "b", "c", "d", "e", "f", "g"], succ)).toEqual([
      ["e", "d"],
      ["c", "b", "a"],
      ["f"],
      ["g"],
    ]);
  });

  it("a self-loop and a chain: each node alone, successors first", () => {
    expect(stronglyConnected(["x", "y", "z"], graph({ x: ["y"], y: ["z"], z: ["z"] }))).toEqual([
      ["z"],
      ["y"],
      ["x"],
    ]);
    expect(stronglyConnected([], graph({}))).toEqual([]);
  });

  it("a low link taken from a node on the stack, not from one in a finished component", () => {
    // a → b → a is one loop; c → a reads a finished component: c stays alone.
    expect(stronglyConnected(["a", "c"], graph({ a: ["b"], b: ["a"], c: ["a", "b"] }))).toEqual([
      ["b", "a"],
      ["c"],
    ]);
    // b reads finished {c}, whose index is lower than b's own low link would suggest if it counted.
    expect(stronglyConnected(["c", "a"], graph({ a: ["b"], b: ["a", "c"], c: [] }))).toEqual([
      ["c"],
      ["b", "a"],
    ]);
  });

  it("equals mutual reachability and comes out successors first, on random graphs", () => {
    const N = 7;
    const arb = fc.array(fc.uniqueArray(fc.integer({ min: 0, max: N - 1 }), { maxLength: 3 }), {
      minLength: N,
      maxLength: N,
    });
    fc.assert(
      fc.property(arb, (deps) => {
        const name = (i: number) => `n${i}`;
        const succ = (n: string) => deps[Number(n.slice(1))]!.map(name);
        const reach = deps.map((d, i) =>
          Array.from({ length: N }, (_, j) => i === j || d.includes(j)),
        );
        for (let k = 0; k < N; k++)
          for (let i = 0; i < N; i++)
            for (let j = 0; j < N; j++) if (reach[i]![k] && reach[k]![j]) reach[i]![j] = true;
        const comps = stronglyConnected(
          Array.from({ length: N }, (_, i) => name(i)),
          succ,
        );
        const compOf = new Map<string, number>();
        comps.forEach((c, k) => c.forEach((n) => compOf.set(n, k)));
        expect(compOf.size).toBe(N);
        expect(comps.reduce((s, c) => s + c.length, 0)).toBe(N);
        for (let i = 0; i < N; i++) {
          for (let j = 0; j < N; j++) {
            const same = compOf.get(name(i)) === compOf.get(name(j));
            expect(same).toBe(reach[i]![j]! && reach[j]![i]!);
            // An edge i → j into another component: j's component comes first.
            if (deps[i]!.includes(j) && !same)
              expect(compOf.get(name(j))!).toBeLessThan(compOf.get(name(i))!);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("shortestCycle", () => {
  const all = (...n: string[]) => new Set(n);

  it("finds the shortest way back, not the first found depth-first", () => {
    const succ = graph({ s: ["a", "b"], a: ["c"], b: ["s"], c: ["s"] });
    expect(shortestCycle("s", succ, all("s", "a", "b", "c"))).toEqual(["s", "b"]);
  });

  it("breaks ties by successor order; a self-loop is the node alone; a long loop is listed in order", () => {
    expect(
      shortestCycle("s", graph({ s: ["a", "b"], a: ["s"], b: ["s"] }), all("s", "a", "b")),
    ).toEqual(["s", "a"]);
    expect(shortestCycle("s", graph({ s: ["s"] }), all("s"))).toEqual(["s"]);
    expect(
      shortestCycle(
        "s",
        graph({ s: ["a"], a: ["b"], b: ["c"], c: ["s"] }),
        all("s", "a", "b", "c"),
      ),
    ).toEqual(["s", "a", "b", "c"]);
  });

  it("keeps the first parent of a node reached twice", () => {
    // b is reached from s first (one step); a → b later must not re-parent it.
    const succ = graph({ s: ["a", "b"], a: ["b"], b: ["c"], c: ["s"] });
    expect(shortestCycle("s", succ, all("s", "a", "b", "c"))).toEqual(["s", "b", "c"]);
  });

  it("walks only inside the given set, and finds nothing without a loop", () => {
    const succ = graph({ s: ["a", "x"], a: ["s"], x: ["s"] });
    expect(shortestCycle("s", succ, all("s", "x"))).toEqual(["s", "x"]);
    expect(shortestCycle("s", succ, all("s"))).toEqual([]);
    expect(shortestCycle("s", graph({ s: ["a"], a: ["b"] }), all("s", "a", "b"))).toEqual([]);
  });
});

describe("withDependents", () => {
  it("the starts and everyone reading them, transitively, each once, in breadth-first order", () => {
    const readers: Record<string, string[]> = {
      x: ["y", "z"],
      y: ["w"],
      z: ["w", "x"],
      w: ["v"],
      u: ["x"],
    };
    expect([...withDependents(["x"], (n) => readers[n] ?? [])]).toEqual(["x", "y", "z", "w", "v"]);
    expect([...withDependents(["w", "y"], (n) => readers[n] ?? [])]).toEqual(["w", "y", "v"]);
    expect([...withDependents([], (n) => readers[n] ?? [])]).toEqual([]);
  });
});
