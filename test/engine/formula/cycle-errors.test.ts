/**
 * src/engine/formula/cycle-errors.ts: each member of a small loop names its own shortest loop; a
 * loop of more than 32 entries is reported once, on its first member in document order, the
 * others pointing at it (the sheet's whole-cycle cases are in sheet.test.ts).
 */
import { describe, expect, it } from "vitest";
import { cycleErrors } from "../../../src/engine/formula/cycle-errors";

/** A ring a → b → … → a of `n` names `c0 … c(n−1)`, plus the extra edges given. */
function ring(n: number, extra: Record<string, string[]> = {}) {
  const names = Array.from({ length: n }, (_, i) => `c${i}`);
  const succ = (x: string) => [names[(names.indexOf(x) + 1) % n]!, ...(extra[x] ?? [])];
  return { names, succ };
}

describe("cycleErrors", () => {
  it("a small loop: every member its own shortest loop, and is its own root", () => {
    // c0 → c1 → c2 → c0, and c1 → c0 too: c0 and c1 are on a loop of 2, c2 only on the loop of 3.
    const { names, succ } = ring(3, { c1: ["c0"] });
    const out = cycleErrors(names, succ, (p) => names.indexOf(p));
    expect(out.map((m) => [m.path, m.error.cycle, m.root.path])).toEqual([
      ["c0", ["c0", "c1"], "c0"],
      ["c1", ["c1", "c0"], "c1"],
      ["c2", ["c2", "c0", "c1"], "c2"],
    ]);
    expect(out[0]!.error.message).toBe(
      "circular reference: c0 → c1 → c0 (part of a loop of 3 entries)",
    );
    expect(out.every((m) => m.error.kind === "CYCLE" && m.error.problem?.path === m.path)).toBe(
      true,
    );
  });

  it.each([
    [32, 32],
    [33, 1],
  ])("a loop of %i entries gives %i own reports", (n, own) => {
    const { names, succ } = ring(n);
    const out = cycleErrors(names, succ, (p) => names.indexOf(p));
    expect(out).toHaveLength(n);
    expect(out.filter((m) => m.root.path === m.path)).toHaveLength(own);
  });

  it("a large loop is reported on its first member in document order, the rest point at it", () => {
    const { names, succ } = ring(40);
    // Document order puts c7 first.
    const order = (p: string) => (p === "c7" ? -1 : names.indexOf(p));
    const out = cycleErrors(names, succ, order);
    const first = out.find((m) => m.path === "c7")!;
    expect(first.error.cycle).toHaveLength(40);
    expect(first.error.message).toMatch(/^circular reference: c7 → c8 → .* … 10 more → c7$/);
    const other = out.find((m) => m.path === "c0")!;
    expect([other.root.path, other.error.cycle]).toEqual(["c7", ["c7"]]);
    expect(other.error.message).toMatch(/40/);
    expect(other.error.message).toContain("c7");
  });
});
