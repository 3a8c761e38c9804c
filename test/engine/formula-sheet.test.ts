import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Sheet } from "../../src/engine/formula";
import type { FormulaError } from "../../src/engine/plan/resolved-plan-types";

/** Errors keyed by path, for comparisons that ignore entry order. */
function errorMap(s: Sheet): Record<string, FormulaError> {
  return Object.fromEntries(s.errors().map((e) => [e.path, e]));
}

describe("formula sheet", () => {
  it("evaluates formulas over cell names in dependency order, whatever the entry order", () => {
    // chat_peak = peak * 0.8 = 40 ; total = chat_peak + 10 = 50 (total comes before its inputs)
    const s = new Sheet([
      ["workloads[0].peakRps", "=chat_peak"],
      ["cells.total", "=chat_peak + 10"],
      ["cells.chat_peak", "=peak * 0.8"],
      ["cells.peak", 50],
      ["skus[0].pricePerGpuHour", "20"],
      ["tenants.usage[0].inputTokens", "1,500"],
    ]);
    expect(s.values()).toEqual({
      "workloads[0].peakRps": 40,
      "cells.total": 50,
      "cells.chat_peak": 40,
      "cells.peak": 50,
      "skus[0].pricePerGpuHour": 20,
      "tenants.usage[0].inputTokens": 1500,
    });
    expect(s.errors()).toEqual([]);
  });

  it("reports a cycle on each member with the loop, and on dependents with the cause", () => {
    const s = new Sheet([
      ["cells.a", "=b + 1"],
      ["cells.b", "=a"],
      ["cells.c", "=a * 2"],
      ["cells.d", 7],
    ]);
    expect(s.get("cells.a").error).toEqual({
      path: "cells.a",
      kind: "CYCLE",
      message: "circular reference: cells.a → cells.b → cells.a",
      cycle: ["cells.a", "cells.b"],
      problem: expect.objectContaining({ code: "formula.cycle", path: "cells.a" }),
    });
    expect(s.get("cells.b").error?.cycle).toEqual(["cells.b", "cells.a"]);
    expect(s.get("cells.c").error).toEqual({
      path: "cells.c",
      kind: "CYCLE",
      message:
        "depends on cells.a, which has an error: circular reference: cells.a → cells.b → cells.a",
      problem: expect.objectContaining({ code: "formula.dependsOn", path: "cells.c" }),
    });
    expect(s.value("cells.d")).toBe(7);
  });

  it("reports a self-reference as a cycle of one", () => {
    const s = new Sheet([["cells.x", "=x + 1"]]);
    expect(s.get("cells.x").error).toMatchObject({
      kind: "CYCLE",
      cycle: ["cells.x"],
      message: "circular reference: cells.x → cells.x",
    });
  });

  it("reports unknown names with the name and the formula's path, and names the root cause two steps away", () => {
    const s = new Sheet([
      ["skus[0].pricePerGpuHour", "=nosuch * 2"],
      ["cells.base", "=missing + 1"],
      ["cells.mid", "=base"],
      ["cells.top", "=mid * 2"],
      ["cells.ok", 3],
    ]);
    expect(s.get("skus[0].pricePerGpuHour").error).toEqual({
      path: "skus[0].pricePerGpuHour",
      kind: "NAME",
      message: "unknown name `nosuch` in skus[0].pricePerGpuHour (no cell cells.nosuch)",
      problem: expect.objectContaining({
        code: "formula.unknownNames",
        path: "skus[0].pricePerGpuHour",
      }),
    });
    expect(s.get("cells.top").error).toEqual({
      path: "cells.top",
      kind: "NAME",
      message:
        "depends on cells.base (via cells.mid), which has an error: unknown name `missing` in cells.base (no cell cells.missing)",
      problem: expect.objectContaining({
        code: "formula.dependsOn",
        params: expect.objectContaining({ root: "cells.base", via: "cells.mid" }),
      }),
    });
    expect(s.value("cells.ok")).toBe(3);
  });

  it("reports text that is not a number, and 1/0, as VALUE", () => {
    const s = new Sheet([
      ["skus[1].gpusPerReplica", "four"],
      ["cells.z", "=1/0"],
    ]);
    expect(s.get("skus[1].gpusPerReplica").error).toMatchObject({
      kind: "VALUE",
      message: '"four" is not a number (formulas start with =)',
    });
    expect(s.get("cells.z").error?.kind).toBe("VALUE");
  });

  it("recomputes only the edited cell and its dependents among 200 cells", () => {
    // c0 = 1, c_i = c_{i-1} + 1 (i = 1…99) → c99 = 100 ; c100 = 5, c101…c199 = c100 * 2 = 10
    const entries: [string, unknown][] = [["cells.c0", 1]];
    for (let i = 1; i < 100; i++) entries.push([`cells.c${i}`, `=c${i - 1} + 1`]);
    entries.push(["cells.c100", 5]);
    for (let i = 101; i < 200; i++) entries.push([`cells.c${i}`, "=c100 * 2"]);
    const s = new Sheet(entries);
    expect(s.value("cells.c99")).toBe(100);
    expect(s.value("cells.c150")).toBe(10);

    // c90 := 1000 → c90…c99 recomputed (10 cells); c99 = 1000 + 9 = 1009
    const r1 = s.set("cells.c90", 1000);
    expect(r1).toEqual(Array.from({ length: 10 }, (_, k) => `cells.c${90 + k}`));
    expect(s.value("cells.c99")).toBe(1009);
    expect(s.value("cells.c89")).toBe(90);

    // c100 := 7 → itself + its 99 readers = 100 cells; c150 = 14
    const r2 = s.set("cells.c100", "=7");
    expect(r2).toHaveLength(100);
    expect(r2[0]).toBe("cells.c100");
    expect(s.value("cells.c150")).toBe(14);

    // a leaf: only itself
    expect(s.set("cells.c199", 3)).toEqual(["cells.c199"]);
  });

  it("adding a missing cell fixes its readers, and removing a cell breaks them", () => {
    const s = new Sheet([["cells.y", "=x * 2"]]);
    expect(s.get("cells.y").error?.kind).toBe("NAME");
    expect(s.set("cells.x", 4)).toEqual(["cells.x", "cells.y"]);
    expect(s.value("cells.y")).toBe(8);
    expect(s.remove("cells.x")).toEqual(["cells.y"]);
    expect(s.get("cells.y").error?.kind).toBe("NAME");
    expect(s.has("cells.x")).toBe(false);
  });

  it("breaking a cycle by an edit makes every member compute again", () => {
    const s = new Sheet([
      ["cells.a", "=b + 1"],
      ["cells.b", "=a"],
    ]);
    s.set("cells.b", 2);
    expect(s.values()).toEqual({ "cells.a": 3, "cells.b": 2 });
    expect(s.errors()).toEqual([]);
  });
});

const N = 8;
const name = fc.integer({ min: 0, max: N - 1 }).map((i) => `c${i}`);
/** A random raw value: a number, a numeric string, a formula over c0…c7 (maybe unknown c9), or text. */
const raw = fc.oneof(
  fc.integer({ min: -50, max: 50 }),
  fc.integer({ min: 0, max: 9999 }).map((n) => n.toLocaleString("en-US")),
  fc
    .array(fc.oneof(name, name, fc.constant("c9")), { minLength: 1, maxLength: 3 })
    .map((ns) => `=${ns.join(" + ")} + 1`),
  fc.constant("n/a"),
);
const entriesArb = fc.uniqueArray(
  fc.tuple(
    name.map((n) => `cells.${n}`),
    raw,
  ),
  { selector: (e) => e[0], maxLength: N },
);

describe("formula sheet properties", () => {
  it("gives the same values and errors whatever the insertion order", () => {
    fc.assert(
      fc.property(entriesArb, fc.nat(), (entries, seed) => {
        // Fisher–Yates with a small LCG seeded by fast-check
        const shuffled = [...entries];
        let x = seed;
        for (let i = shuffled.length - 1; i > 0; i--) {
          x = (x * 1103515245 + 12345) % 2147483648;
          const j = x % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const s1 = new Sheet(entries);
        const s2 = new Sheet(shuffled);
        const s3 = new Sheet();
        for (const [p, r] of [...entries].reverse()) s3.set(p, r);
        expect(s2.values()).toEqual(s1.values());
        expect(s3.values()).toEqual(s1.values());
        expect(errorMap(s2)).toEqual(errorMap(s1));
        expect(errorMap(s3)).toEqual(errorMap(s1));
      }),
      { numRuns: 300 },
    );
  });

  it("after random edits equals a fresh sheet built from the final entries", () => {
    const edit = fc.oneof(
      fc.tuple(fc.constant("set" as const), name, raw),
      fc.tuple(fc.constant("remove" as const), name, fc.constant(0)),
    );
    fc.assert(
      fc.property(entriesArb, fc.array(edit, { maxLength: 20 }), (entries, edits) => {
        const s = new Sheet(entries);
        const final = new Map<string, unknown>(entries);
        for (const [op, n, r] of edits) {
          const path = `cells.${n}`;
          if (op === "set") {
            s.set(path, r);
            final.set(path, r);
          } else {
            s.remove(path);
            final.delete(path);
          }
        }
        const fresh = new Sheet([...final]);
        expect(s.values()).toEqual(fresh.values());
        expect(errorMap(s)).toEqual(errorMap(fresh));
      }),
      { numRuns: 300 },
    );
  });

  it("marks exactly the members of cycles (SCCs of size > 1 or self-loops) as cycle members", () => {
    const graph = fc.array(fc.uniqueArray(fc.integer({ min: 0, max: N - 1 }), { maxLength: 3 }), {
      minLength: N,
      maxLength: N,
    });
    fc.assert(
      fc.property(graph, (deps) => {
        // each cell: 1 + sum of its deps (or the number 1 when it has none)
        const s = new Sheet(
          deps.map((d, i) => [
            `cells.c${i}`,
            d.length ? `=${d.map((j) => `c${j}`).join(" + ")} + 1` : 1,
          ]),
        );
        // reach[i][j]: j reachable from i in ≥ 1 step (transitive closure, Floyd–Warshall style)
        const reach = deps.map((d) => Array.from({ length: N }, (_, j) => d.includes(j)));
        for (let k = 0; k < N; k++)
          for (let i = 0; i < N; i++)
            for (let j = 0; j < N; j++) if (reach[i]![k] && reach[k]![j]) reach[i]![j] = true;
        const member = (i: number): boolean => reach[i]![i]!;
        const expected = new Map<number, number>();
        const valueOf = (i: number): number => {
          if (!expected.has(i)) expected.set(i, 1 + deps[i]!.reduce((t, j) => t + valueOf(j), 0));
          return expected.get(i)!;
        };
        for (let i = 0; i < N; i++) {
          const r = s.get(`cells.c${i}`);
          const tainted = member(i) || deps.some((_, j) => reach[i]![j] && member(j));
          expect(r.error?.cycle !== undefined).toBe(member(i));
          expect(r.error?.kind === "CYCLE").toBe(tainted);
          if (member(i))
            expect(r.error!.cycle!.every((p) => reach[Number(p.slice(7))]![i])).toBe(true);
          if (!tainted) expect(r.value).toBe(valueOf(i));
        }
      }),
      { numRuns: 500 },
    );
  });
});
