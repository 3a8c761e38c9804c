/**
 * Resource limits of the formula engine (docs/security.md): long and deeply nested formulas and
 * large reference cycles answer with plain messages in bounded time, never an internal error.
 */
import { describe, expect, it } from "vitest";
import {
  MAX_BRACKET_DEPTH,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  compileFormula,
} from "../../src/engine/formula/formula";
import { Sheet } from "../../src/engine/formula/sheet";

const INTERNAL = /RangeError|Maximum call stack|could not be checked|Invalid string length/;

function refused(expr: string) {
  const c = compileFormula(expr);
  expect(c.ok).toBe(false);
  if (c.ok) throw new Error("unreachable");
  expect(c.message).not.toMatch(INTERNAL);
  return c;
}

describe("formula size and depth", () => {
  it("refuses a 9,999-character 1+1+… with a plain depth message (it was FORBIDDEN … RangeError)", () => {
    const c = refused("1" + "+1".repeat(4999));
    expect(c.kind).toBe("PARSE");
    expect(c.message).toContain(`the limit is ${MAX_FORMULA_DEPTH}`);
  });
  it("refuses deeply nested parentheses and calls with a plain message (it was #PARSE Maximum call stack size exceeded)", () => {
    for (const e of [
      "(".repeat(3000) + "1" + ")".repeat(3000),
      "abs(".repeat(1000) + "1" + ")".repeat(1000),
      "abs(".repeat(300) + "1" + ")".repeat(300),
    ]) {
      expect(refused(e).message).toContain(`the limit is ${MAX_BRACKET_DEPTH}`);
    }
    expect(refused("-".repeat(5000) + "1").message).toContain("levels of operators");
  });
  it("refuses a formula over the length limit, saying how long it is", () => {
    expect(refused("1" + " ".repeat(MAX_FORMULA_LENGTH)).message).toContain(
      `is ${MAX_FORMULA_LENGTH + 1} characters long; the limit is ${MAX_FORMULA_LENGTH}`,
    );
  });
  it("still evaluates formulas just inside the limits", () => {
    const cases: [string, number][] = [
      ["1" + "+1".repeat(MAX_FORMULA_DEPTH - 2), MAX_FORMULA_DEPTH - 1],
      ["abs(".repeat(MAX_BRACKET_DEPTH) + "2" + ")".repeat(MAX_BRACKET_DEPTH), 2],
      ["(".repeat(MAX_BRACKET_DEPTH) + "1" + "+1".repeat(290) + ")".repeat(MAX_BRACKET_DEPTH), 291],
      [
        "abs(".repeat(MAX_BRACKET_DEPTH) + "1" + "?1:0".repeat(290) + ")".repeat(MAX_BRACKET_DEPTH),
        1,
      ],
    ];
    for (const [e, v] of cases) {
      const c = compileFormula(e);
      expect(c.ok, e.slice(0, 20)).toBe(true);
      if (c.ok) expect(c.evaluate(new Map())).toEqual({ ok: true, value: v });
    }
  });
});

function ring(n: number): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (let i = 0; i < n; i++) entries.push([`cells.c${i}`, `=c${(i + 1) % n}`]);
  return entries;
}

describe("large reference cycles", () => {
  it("reports a cycle of 10,000 cells once, members truncated with the count, in linear size (it was O(N²): 'Invalid string length')", () => {
    const s = new Sheet([...ring(10_000), ["cells.after", "=c5 + 1"], ["cells.free", 7]]);
    const errors = s.errors();
    const first = s.get("cells.c0").error!;
    expect(first.kind).toBe("CYCLE");
    expect(first.message).toMatch(
      /^circular reference: cells\.c0 → cells\.c1 → .* → … 9970 more → cells\.c0$/,
    );
    expect(first.message.length).toBeLessThan(1000);
    expect(s.get("cells.c9999").error!.message).toBe(
      "circular reference: part of the loop of 10000 entries reported at cells.c0",
    );
    expect(s.get("cells.after").error!.kind).toBe("CYCLE");
    expect(s.get("cells.after").error!.message.length).toBeLessThan(1200);
    expect(s.value("cells.free")).toBe(7);
    // Every member is still an error (each cell shows #CYCLE), and the whole text stays linear.
    expect(errors).toHaveLength(10_001);
    expect(errors.reduce((n, e) => n + e.message.length, 0)).toBeLessThan(10_001 * 120);
  });
  it("keeps each member's own shortest loop for small cycles", () => {
    const s = new Sheet(ring(3));
    expect(s.get("cells.c1").error!.message).toBe(
      "circular reference: cells.c1 → cells.c2 → cells.c0 → cells.c1",
    );
  });
  it("re-evaluates a broken large cycle after an edit", () => {
    const s = new Sheet(ring(5000));
    s.set("cells.c4999", 3);
    expect(s.value("cells.c0")).toBe(3);
    expect(s.errors()).toEqual([]);
  });
});
