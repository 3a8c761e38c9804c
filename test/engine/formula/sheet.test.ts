import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Sheet } from "../../../src/engine/formula";
import type { FormulaError } from "../../../src/engine/plan/resolved-plan-types";
import { cellPath, isComputedRaw, type SheetOptions } from "../../../src/engine/formula/sheet";
import { formulaMessages } from "../../../src/engine/formula/messages";
import { textProblem } from "../../../src/engine/base/problems";

/** Errors keyed by path, for comparisons that ignore entry order. */
function errorMap(s: Sheet): Record<string, FormulaError> {
  return Object.fromEntries(s.errors().map((e) => [e.path, e]));
}
/** A sheet of the entries written as an object, in the object's key order. */
const sheet = (cells: Record<string, unknown>, options?: SheetOptions) =>
  new Sheet(Object.entries(cells), options);
const error = "error" as const;
/** A problem of severity error, as the sheet attaches it to an entry's error. */
const problem = (code: string, params: object, path: string) =>
  ({ code, severity: error, params, path }) as const;
/** Named cells: `cells.` before every key. */
const cells = (named: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(named).map(([k, v]) => [`cells.${k}`, v]));

describe("formula sheet", () => {
  it("evaluates formulas over cell names in dependency order, whatever the entry order", () => {
    // chat_peak = peak * 0.8 = 40 ; total = chat_peak + 10 = 50 (total comes before its inputs)
    const s = sheet({
      "workloads[0].peakRps": "=chat_peak",
      "cells.total": "=chat_peak + 10",
      "cells.chat_peak": "=peak * 0.8",
      "cells.peak": 50,
      "skus[0].pricePerGpuHour": "20",
      "tenants.usage[0].inputTokens": "1,500",
    });
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
    const s = sheet({ "cells.a": "=b + 1", "cells.b": "=a", "cells.c": "=a * 2", "cells.d": 7 });
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
    // A self-reference is a cycle of one.
    expect(sheet({ "cells.x": "=x + 1" }).get("cells.x").error).toMatchObject({
      kind: "CYCLE",
      cycle: ["cells.x"],
      message: "circular reference: cells.x → cells.x",
    });
  });

  it("reports unknown names with the name and the formula's path, and names the root cause two steps away", () => {
    const s = sheet({
      "skus[0].pricePerGpuHour": "=nosuch * 2",
      "cells.base": "=missing + 1",
      "cells.mid": "=base",
      "cells.top": "=mid * 2",
      "cells.ok": 3,
    });
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
    const s = sheet({ "skus[1].gpusPerReplica": "four", "cells.z": "=1/0" });
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
    expect([s.value("cells.c99"), s.value("cells.c150")]).toEqual([100, 10]);
    // c90 := 1000 → c90…c99 recomputed (10 cells); c99 = 1000 + 9 = 1009
    const r1 = s.set("cells.c90", 1000);
    expect(r1).toEqual(Array.from({ length: 10 }, (_, k) => `cells.c${90 + k}`));
    expect([s.value("cells.c99"), s.value("cells.c89")]).toEqual([1009, 90]);
    // c100 := 7 → itself + its 99 readers = 100 cells; c150 = 14
    const r2 = s.set("cells.c100", "=7");
    expect([r2.length, r2[0], s.value("cells.c150")]).toEqual([100, "cells.c100", 14]);
    // a leaf: only itself
    expect(s.set("cells.c199", 3)).toEqual(["cells.c199"]);
  });

  it("adding a missing cell fixes its readers, and removing a cell breaks them", () => {
    const s = sheet({ "cells.y": "=x * 2" });
    expect(s.get("cells.y").error?.kind).toBe("NAME");
    expect(s.set("cells.x", 4)).toEqual(["cells.x", "cells.y"]);
    expect(s.value("cells.y")).toBe(8);
    expect(s.remove("cells.x")).toEqual(["cells.y"]);
    expect(s.get("cells.y").error?.kind).toBe("NAME");
    expect(s.has("cells.x")).toBe(false);
  });

  it("breaking a cycle by an edit makes every member compute again", () => {
    const s = sheet({ "cells.a": "=b + 1", "cells.b": "=a" });
    s.set("cells.b", 2);
    expect(s.values()).toEqual({ "cells.a": 3, "cells.b": 2 });
    expect(s.errors()).toEqual([]);
  });

  it("two sheets with the same formula text (one shared compilation) evaluate independently", () => {
    const a = sheet({ "cells.x": 2, "cells.y": "=x * 10" });
    const b = sheet({ "cells.x": 5, "cells.y": "=x * 10" });
    expect([a.value("cells.y"), b.value("cells.y")]).toEqual([20, 50]);
    a.set("cells.x", 3);
    expect([a.value("cells.y"), b.value("cells.y")]).toEqual([30, 50]);
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
const cellName = name.map((n) => `cells.${n}`);
const entriesArb = fc.uniqueArray(fc.tuple(cellName, raw), { selector: (e) => e[0], maxLength: N });

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
        expect([s2.values(), s3.values()]).toEqual([s1.values(), s1.values()]);
        expect([errorMap(s2), errorMap(s3)]).toEqual([errorMap(s1), errorMap(s1)]);
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
        expect([s.values(), errorMap(s)]).toEqual([fresh.values(), errorMap(fresh)]);
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

describe("boundaries and edge cases", () => {
  /**
   * The formula sheet (src/engine/formula/sheet.ts): the evaluation order a set returns (worked by
   * hand through the Tarjan walk), what an edit recomputes, the loop-size limits of cycle reports
   * exactly at and just over (32 members each with its own loop, 30 members named), the first member
   * in document order, unknown names, computed entries, range checks and inherited errors, each with
   * its whole message (issue #15, docs/mutation-testing.md).
   */
  const c = (i: number) => `cells.c${i}`;
  /** c_i = c_{i+1}, the last reading c_0. */
  function ring(n: number): [string, unknown][] {
    return Array.from({ length: n }, (_, i) => [c(i), `=c${(i + 1) % n}`] as [string, unknown]);
  }
  const arrow = (paths: string[]) => paths.join(" → ");
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => c(from + k));
  const loop = (paths: string[], tail = "") => `circular reference: ${arrow(paths)}${tail}`;
  const reported = (n: number, at: string) =>
    `circular reference: part of the loop of ${n} entries reported at ${at}`;

  describe("evaluation order", () => {
    it("filling an empty sheet returns every path, each after what it reads", () => {
      const s = new Sheet();
      // total reads x and y, x reads y: y first, then x, then total.
      const entries = cells({ total: "=x + y", x: "=y * 2", y: 3 });
      expect(s.setMany(Object.entries(entries))).toEqual(["cells.y", "cells.x", "cells.total"]);
      expect(s.values()).toEqual({ "cells.total": 9, "cells.x": 6, "cells.y": 3 });
    });

    it("an edit returns itself and its readers, transitively, in dependency order", () => {
      const s = sheet(cells({ total: "=x + y", x: "=y * 2", y: 3, other: 1 }));
      expect(s.set("cells.y", 4)).toEqual(["cells.y", "cells.x", "cells.total"]);
      // x = 4 × 2 = 8, total = 8 + 4 = 12
      expect(s.values()).toEqual(cells({ total: 12, x: 8, y: 4, other: 1 }));
      expect(s.set("cells.x", 1)).toEqual(["cells.x", "cells.total"]);
      expect(s.value("cells.total")).toBe(5);
      expect(s.set("cells.other", 2)).toEqual(["cells.other"]);
    });

    it("a loop is returned in the order it was entered, then what reads it", () => {
      const s = new Sheet();
      const entries = cells({ a: "=b + 1", b: "=a", c: "=a * 2", d: 7 });
      const order = s.setMany(Object.entries(entries));
      expect(order).toEqual(["cells.a", "cells.b", "cells.c", "cells.d"]);
      expect(s.set("cells.b", 2)).toEqual(["cells.b", "cells.a", "cells.c"]);
      expect(s.values()).toEqual({ "cells.a": 3, "cells.b": 2, "cells.c": 6, "cells.d": 7 });
    });

    it("a formula that no longer reads a cell is not recomputed when that cell changes", () => {
      const s = sheet({ "cells.a": 1, "cells.b": "=a", "cells.c": "=a + 1" });
      expect(s.set("cells.b", 5)).toEqual(["cells.b"]);
      expect(s.set("cells.a", 2)).toEqual(["cells.a", "cells.c"]);
      expect(s.set("cells.c", "=b")).toEqual(["cells.c"]);
      expect(s.set("cells.a", 3)).toEqual(["cells.a"]);
      expect(s.set("cells.b", 6)).toEqual(["cells.b", "cells.c"]);
      expect(s.values()).toEqual({ "cells.a": 3, "cells.b": 6, "cells.c": 6 });
    });

    it("a removed formula is no longer a reader, also when its path comes back as a number", () => {
      const s = sheet({ "cells.a": 1, "cells.b": "=a" });
      s.remove("cells.b");
      s.set("cells.b", 5);
      expect(s.set("cells.a", 2)).toEqual(["cells.a"]);
      expect(s.values()).toEqual({ "cells.a": 2, "cells.b": 5 });
    });

    it("a cell whose readers were all replaced can be re-read by a new formula", () => {
      const s = sheet({ "cells.a": 1, "cells.b": "=a" });
      s.set("cells.b", 0);
      s.set("cells.e", "=a * 10");
      expect(s.set("cells.a", 2)).toEqual(["cells.a", "cells.e"]);
      expect(s.value("cells.e")).toBe(20);
    });
  });

  describe("entries", () => {
    it("absent paths read as nothing; paths, values and errors keep insertion order", () => {
      const s = sheet({ "cells.z": "=q", "cells.a": 1, "cells.m": "=z" });
      expect(s.get("cells.none")).toEqual({ value: null, error: null });
      expect([s.value("cells.none"), s.raw("cells.none")]).toEqual([null, undefined]);
      expect(s.raw("cells.z")).toBe("=q");
      expect([s.has("cells.a"), s.has("cells.none")]).toEqual([true, false]);
      expect(s.paths()).toEqual(["cells.z", "cells.a", "cells.m"]);
      expect(s.values()).toEqual({ "cells.z": null, "cells.a": 1, "cells.m": null });
      expect(s.errors().map((e) => e.path)).toEqual(["cells.z", "cells.m"]);
      expect(s.get("cells.a")).toEqual({ value: 1, error: null });
    });

    it("removing an entry recomputes its readers (now an unknown name); removing nothing recomputes nothing", () => {
      const s = sheet({ "cells.x": 4, "cells.y": "=x * 2", "cells.z": "=y + 1" });
      expect(s.value("cells.z")).toBe(9);
      expect(s.remove("cells.nosuch")).toEqual([]);
      expect(s.remove("cells.x", "cells.nosuch")).toEqual(["cells.y", "cells.z"]);
      expect(s.paths()).toEqual(["cells.y", "cells.z"]);
      const unknownX = "unknown name `x` in cells.y (no cell cells.x)";
      expect(s.get("cells.y").error?.message).toBe(unknownX);
      expect(s.get("cells.z").error?.message).toBe(
        `depends on cells.y, which has an error: ${unknownX}`,
      );
      // The removed entry no longer has readers: adding it back recomputes them.
      expect(s.set("cells.x", 1)).toEqual(["cells.x", "cells.y", "cells.z"]);
      expect(s.values()).toEqual({ "cells.y": 2, "cells.z": 3, "cells.x": 1 });
    });

    it("several unknown names are listed with their cell paths; a custom path of names is used", () => {
      const s = sheet({ "cells.x": "=a + b + c", "cells.a": 1 });
      expect(s.get("cells.x").error).toEqual({
        path: "cells.x",
        kind: "NAME",
        message: "unknown names `b`, `c` in cells.x (no cell cells.b, cells.c)",
        problem: problem(
          "formula.unknownNames",
          { names: ["b", "c"], at: "cells.x", paths: ["cells.b", "cells.c"] },
          "cells.x",
        ),
      });
      const t = sheet({ "v.p": 2, w: "=p * 3", u: "=q" }, { pathOfName: (n) => `v.${n}` });
      expect(t.value("w")).toBe(6);
      expect(t.get("u").error?.message).toBe("unknown name `q` in u (no cell v.q)");
      expect(cellPath("peak")).toBe("cells.peak");
    });

    it("values that are not numbers or formulas, and formulas that do not compile, keep their kind", () => {
      const s = sheet({
        "cells.inf": Number.POSITIVE_INFINITY,
        "cells.text": "abc",
        "cells.forbidden": "=a.b",
        "cells.parse": "=1 2",
        "cells.empty": "=",
        "cells.str": " 2,500 ",
        "cells.neg": -0.5,
      });
      expect(s.errors().map((e) => `${e.path} ${e.kind}: ${e.message}`)).toEqual([
        "cells.inf VALUE: Infinity is not a finite number",
        'cells.text VALUE: "abc" is not a number (formulas start with =)',
        "cells.forbidden FORBIDDEN: property or index access (`a.b`) is not allowed in formulas",
        'cells.parse PARSE: syntax error: Unexpected part "2" (char 3)',
        "cells.empty PARSE: empty formula after =",
      ]);
      expect(s.get("cells.text").error?.problem).toEqual(
        problem("formula.textValue", { text: '"abc"' }, "cells.text"),
      );
      expect([s.value("cells.str"), s.value("cells.neg")]).toEqual([2500, -0.5]);
    });

    it("an error inherited directly names no 'via'; the cause keeps no path of its own", () => {
      const s = sheet({ "cells.bad": "=1/0", "cells.r": "=bad + 1" });
      const value = "Infinity";
      const cause = { code: "formula.resultInfinite", severity: error, params: { value } };
      expect(s.get("cells.r").error).toEqual({
        path: "cells.r",
        kind: "VALUE",
        message:
          "depends on cells.bad, which has an error: result is Infinity (division by zero?), not a finite number",
        problem: problem("formula.dependsOn", { root: "cells.bad", via: null, cause }, "cells.r"),
      });
    });
  });

  describe("cycles", () => {
    it("a member whose shortest loop is smaller than its loop says how large the loop is", () => {
      const s = sheet({ "cells.a": "=b", "cells.b": "=a + c", "cells.c": "=b" });
      const of3 = " (part of a loop of 3 entries)";
      expect(s.errors().map((e) => [e.path, e.message, e.cycle])).toEqual([
        ["cells.a", loop(["cells.a", "cells.b", "cells.a"], of3), ["cells.a", "cells.b"]],
        ["cells.b", loop(["cells.b", "cells.a", "cells.b"], of3), ["cells.b", "cells.a"]],
        ["cells.c", loop(["cells.c", "cells.b", "cells.c"], of3), ["cells.c", "cells.b"]],
      ]);
      const params = { members: ["cells.a", "cells.b"], more: 0, close: "cells.a", loop: 3 };
      expect(s.get("cells.a").error?.problem).toEqual(problem("formula.cycle", params, "cells.a"));
    });

    it("a loop of 32 gives every member its own loop", () => {
      const s = new Sheet(ring(32));
      const c5 = [...range(5, 31), ...range(0, 4)];
      const params = { members: c5, more: 0, close: c(5), loop: null };
      expect(s.get(c(5)).error).toEqual({
        path: c(5),
        kind: "CYCLE",
        message: loop([...c5, c(5)]),
        cycle: c5,
        problem: problem("formula.cycle", params, c(5)),
      });
      expect(s.get(c(31)).error?.message).toBe(loop([c(31), ...range(0, 31)]));
    });

    it("a loop of 33 is reported once, on its first member, with 30 members named and 3 more; the others point at it", () => {
      const s = new Sheet(ring(33));
      const params = { members: range(0, 29), more: 3, close: c(0), loop: null };
      expect(s.get(c(0)).error).toEqual({
        path: c(0),
        kind: "CYCLE",
        message: loop([...range(0, 29), "… 3 more", c(0)]),
        cycle: range(0, 32),
        problem: problem("formula.cycle", params, c(0)),
      });
      expect(s.get(c(5)).error).toEqual({
        path: c(5),
        kind: "CYCLE",
        message: "circular reference: part of the loop of 33 entries reported at cells.c0",
        cycle: [c(0)],
        problem: problem("formula.cycleMember", { size: 33, at: c(0) }, c(5)),
      });
      expect(s.errors()).toHaveLength(33);
    });

    it("a large loop whose shortest way back is 30 long names all 30; 31 long names 30 and 1 more", () => {
      const of40 = " (part of a loop of 40 entries)";
      const at30 = new Sheet([...ring(40), [c(29), "=c30 + c0"]]);
      expect(at30.get(c(0)).error?.message).toBe(loop([...range(0, 29), c(0)], of40));
      const at31 = new Sheet([...ring(40), [c(30), "=c31 + c0"]]);
      expect(at31.get(c(0)).error?.message).toBe(loop([...range(0, 29), "… 1 more", c(0)], of40));
    });

    it("a large loop is reported on the member written first, wherever the walk entered it", () => {
      const s = new Sheet([...ring(33)].reverse());
      expect(s.get(c(32)).error?.message).toBe(loop([c(32), ...range(0, 28), "… 3 more", c(32)]));
      expect(s.get(c(0)).error?.message).toBe(reported(33, "cells.c32"));
    });

    it("after entries change, the first member is taken from the new document order", () => {
      const s = new Sheet([["cells.x", 1], ...ring(33)]);
      expect(s.get(c(0)).error?.cycle).toHaveLength(33);
      s.remove(c(0));
      // The loop is broken; closing it again with c0 written last puts c1 first in the document.
      s.set(c(0), "=c1");
      expect(s.get(c(1)).error?.message).toBe(loop([...range(1, 30), "… 3 more", c(1)]));
      expect(s.get(c(0)).error?.message).toBe(reported(33, "cells.c1"));
    });

    it("a single formula reading something else is evaluated, one reading itself is a loop", () => {
      const s = sheet({ "cells.a": "=b", "cells.b": 2, "cells.self": "=self" });
      expect(s.value("cells.a")).toBe(2);
      expect(s.get("cells.self").error?.message).toBe(loop(["cells.self", "cells.self"]));
    });
  });

  describe("range check", () => {
    it("applies to plain numbers and formula results, with a text or a problem as the reason, and empty text passes", () => {
      const tooBig = { code: "text", severity: error, params: { text: "too big" } };
      const over = "over 10";
      const check = (path: string, v: number) =>
        v > 10 ? (path.startsWith("p.") ? tooBig : "over 10") : v < 0 ? "" : null;
      const entries = { "cells.n": 20, "cells.f": "=n / 2", "p.g": "=11", "cells.h": "=f + 0.5" };
      const s = sheet({ ...entries, "cells.neg": -1 }, { check });
      expect(s.errors().map((e) => [e.path, e.kind, e.message, e.outOfRange])).toEqual([
        ["cells.n", "VALUE", "over 10", true],
        ["cells.f", "VALUE", "depends on cells.n, which has an error: over 10", undefined],
        ["p.g", "VALUE", "too big", true],
        // h reads f, whose error comes from n: the root is n, reached via f.
        [
          "cells.h",
          "VALUE",
          `depends on cells.n (via cells.f), which has an error: ${over}`,
          undefined,
        ],
      ]);
      expect(s.get("cells.n").error?.problem).toEqual(textProblem("over 10", "error", "cells.n"));
      expect(s.get("p.g").error?.problem).toEqual({ ...tooBig, path: "p.g" });
      expect(s.value("cells.neg")).toBe(-1);
      // Back in range: the number and its readers compute again.
      expect(s.set("cells.n", 8)).toEqual(["cells.n", "cells.f", "cells.h"]);
      expect(s.values()).toMatchObject({ "cells.n": 8, "cells.f": 4, "cells.h": 4.5 });
      expect(s.errors().map((e) => e.path)).toEqual(["p.g"]);
    });
  });

  describe("computed entries", () => {
    const pending = (deps: string[], extra: object = {}) => ({
      computed: true as const,
      deps,
      pending: "not yet",
      ...extra,
    });

    it.each([
      [pending([]), true],
      [{ computed: "true", deps: [] }, false],
      [{ computed: true }, false],
      [{ computed: true, deps: "a" }, false],
      [null, false],
      [undefined, false],
      ["x", false],
    ])("isComputedRaw(%j) is %s: only computed: true with a list of deps", (raw, want) => {
      expect(isComputedRaw(raw)).toBe(want);
    });

    it("is an error saying why until a value is set; then readers compute; an unchanged value recomputes nothing", () => {
      const s = sheet({ "cells.t": pending(["cells.u"]), "cells.u": 3, "cells.r": "=t * 2" });
      const problem = textProblem("not yet", "error", "cells.t");
      const error = { path: "cells.t", kind: "VALUE", message: "not yet", problem };
      expect(s.get("cells.t")).toEqual({ value: null, error });
      expect(s.get("cells.r").error?.message).toBe(
        "depends on cells.t, which has an error: not yet",
      );
      expect(s.setComputed("cells.t", 5)).toEqual(["cells.t", "cells.r"]);
      expect(s.values()).toEqual({ "cells.t": 5, "cells.u": 3, "cells.r": 10 });
      expect(s.setComputed("cells.t", 5)).toEqual([]);
      expect(s.setComputed("cells.t", 5, "other reason")).toEqual(["cells.t", "cells.r"]);
      expect(s.setComputed("cells.t", 0)).toEqual(["cells.t", "cells.r"]);
      expect(s.setComputed("cells.t", -0)).toEqual(["cells.t", "cells.r"]);
      expect(s.setComputed("cells.nosuch", 3)).toEqual([]);
    });

    it("no value: the reason given (text or problem), else the pending reason; NaN and Infinity count as no value", () => {
      const waiting = { pendingProblem: textProblem("waiting", "error") };
      const s = sheet({ "cells.t": pending(["cells.u"], waiting), "cells.u": 3 });
      const message = () => s.get("cells.t").error?.message;
      expect(message()).toBe("waiting");
      expect(s.setComputed("cells.t", null, "no point")).toEqual(["cells.t"]);
      expect(message()).toBe("no point");
      expect(s.setComputed("cells.t", null, "no point")).toEqual([]);
      expect(s.get("cells.t").error?.problem).toEqual(textProblem("no point", "error", "cells.t"));
      const why = formulaMessages.problem("noOperatingPointYet", { index: 2 });
      expect(s.setComputed("cells.t", null, why)).toEqual(["cells.t"]);
      expect(s.get("cells.t").error?.problem).toEqual(
        problem("formula.noOperatingPointYet", { index: 2 }, "cells.t"),
      );
      expect(message()).toBe("SKU 2 has no operating point yet");
      // A new problem object with the same English is no change.
      expect(s.setComputed("cells.t", null, { ...why })).toEqual([]);
      expect(s.setComputed("cells.t", Number.NaN, "not a number")).toEqual(["cells.t"]);
      expect(s.setComputed("cells.t", Number.NaN, "not a number")).toEqual([]);
      expect(message()).toBe("not a number");
      expect(s.setComputed("cells.t", Number.POSITIVE_INFINITY)).toEqual(["cells.t"]);
      expect(message()).toBe("waiting");
      const plain = sheet({ "cells.t": pending([]) });
      plain.setComputed("cells.t", null);
      expect(plain.get("cells.t").error?.problem).toEqual(
        textProblem("not yet", "error", "cells.t"),
      );
    });

    it("what it is computed from need not be an entry; replaced by a number it no longer reads its deps", () => {
      const s = sheet({ "cells.t": pending(["cells.missing", "cells.u"]), "cells.u": 1 });
      expect(s.setComputed("cells.t", 7)).toEqual(["cells.t"]);
      expect(s.value("cells.t")).toBe(7);
      expect(s.set("cells.t", 3)).toEqual(["cells.t"]);
      expect(s.set("cells.u", 2)).toEqual(["cells.u"]);
    });

    it("an error in what it is computed from is its error, and it takes part in loops", () => {
      const t = pending(["cells.u", "cells.v"]);
      const s = sheet({ "cells.t": t, "cells.u": 1, "cells.v": "=1/0" });
      s.setComputed("cells.t", 4);
      expect(s.get("cells.t").error?.message).toBe(
        "depends on cells.v, which has an error: result is Infinity (division by zero?), not a finite number",
      );
      expect(s.set("cells.v", 2)).toEqual(["cells.v", "cells.t"]);
      expect(s.value("cells.t")).toBe(4);
      const circle = sheet({ "cells.t": pending(["cells.w"]), "cells.w": "=t + 1" });
      expect(circle.get("cells.w").error?.message).toBe(
        "circular reference: cells.w → cells.t → cells.w",
      );
    });
  });
});
