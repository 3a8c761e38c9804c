/**
 * One formula (src/engine/formula/formula.ts): the size limits exactly at and just over (length,
 * operator depth, bracket depth, prefix-operator runs), the depth of each kind of parsed node against
 * an independent recursive count, non-numeric results, numeric strings and raw plan values, each
 * with its whole message (issue #15, docs/mutation-testing.md).
 */
import type { MathNode } from "mathjs";
import { describe, expect, it } from "vitest";
import {
  MAX_BRACKET_DEPTH,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  bracketDepth,
  compileFormula,
  numericResult,
  readNumericString,
  readRaw,
  treeDepth,
} from "../../src/engine/formula/formula";
import { parseExpression } from "../../src/engine/formula/math";

/** The value, or [kind, code, message] of the problem. */
function run(expr: string, scope: Record<string, number> = {}): number | [string, string, string] {
  const c = compileFormula(expr);
  if (!c.ok) return [c.kind, c.problem.code, c.message];
  const r = c.evaluate(new Map(Object.entries(scope)));
  return r.ok ? r.value : [r.kind, r.problem.code, r.message];
}

const SPLIT = "(split it over several cells)";
const deep = (levels: number | string, what: string, limit: number) => [
  "PARSE",
  "formula.tooDeep",
  `formula nests ${levels} levels of ${what}; the limit is ${limit} ${SPLIT}`,
];

describe("limits, exactly at and just over", () => {
  it("the limits are 10,000 characters, 400 levels of operators and 100 of brackets", () => {
    expect([MAX_FORMULA_LENGTH, MAX_FORMULA_DEPTH, MAX_BRACKET_DEPTH]).toEqual([10_000, 400, 100]);
  });

  it("length: 10,000 characters evaluate, 10,001 are refused with the length", () => {
    expect(run(`1${" ".repeat(9999)}`)).toBe(1);
    expect(run(`1${" ".repeat(10_000)}`)).toEqual([
      "PARSE",
      "formula.tooLong",
      `formula is 10001 characters long; the limit is 10000 ${SPLIT}`,
    ]);
  });

  it("operators: 1+1+…+1 with 400 terms (400 levels) evaluates to 400, 401 terms are refused", () => {
    expect(run(`1${"+1".repeat(399)}`)).toBe(400);
    expect(run(`1${"+1".repeat(400)}`)).toEqual(deep(401, "operators", 400));
  });

  it("brackets: 100 nested evaluate, 101 are refused; ( [ { all count, closing below zero does not", () => {
    expect(run(`${"(".repeat(100)}1${")".repeat(100)}`)).toBe(1);
    expect(run(`${"(".repeat(101)}1${")".repeat(101)}`)).toEqual(deep(101, "brackets", 100));
    expect(run("[".repeat(101))).toEqual(deep(101, "brackets", 100));
    expect(run("{".repeat(101))).toEqual(deep(101, "brackets", 100));
    expect(run(`)))${"(".repeat(101)}1${")".repeat(101)}`)).toEqual(deep(101, "brackets", 100));
  });

  it("brackets: ) ] } each close one level (150 bracketed terms in a row are one level deep)", () => {
    expect(run(`${"(1)+".repeat(150)}1`)).toBe(151);
    expect(run(`${"[1]+".repeat(150)}1`)).toEqual([
      "FORBIDDEN",
      "formula.matrixNotAllowed",
      "matrices and ranges (`[1]`) are not allowed in formulas",
    ]);
    expect(run(`${"{a:1}+".repeat(150)}1`)).toEqual([
      "FORBIDDEN",
      "formula.objectNotAllowed",
      'objects (`{"a": 1}`) are not allowed in formulas',
    ]);
    expect(bracketDepth("(a[b{c}]) (((x)))")).toBe(3);
    expect(bracketDepth("a]]]((b))")).toBe(2);
    expect(bracketDepth("")).toBe(0);
  });

  it("prefix operators: a run of 399 minus signs evaluates (400 levels); a run of 400 is refused before parsing", () => {
    expect(run(`${"-".repeat(399)}1`)).toBe(-1);
    // The run itself (400) is not over the limit: the parsed tree (400 minus + the 1) is.
    expect(run(`${"-".repeat(400)}1`)).toEqual(deep(401, "operators", 400));
    expect(run(`${"-".repeat(401)}1`)).toEqual(deep(401, "operators", 400));
  });

  it("prefix operators: a run of exactly 4,000 says 4000, more says 'more than 4000'", () => {
    expect(run(`${"-".repeat(4000)}1`)).toEqual(deep(4000, "operators", 400));
    expect(run(`${"-".repeat(4001)}1`)).toEqual(deep("more than 4000", "operators", 400));
    expect(run(`${"+".repeat(4001)}1`)).toEqual(deep("more than 4000", "operators", 400));
  });

  it("prefix operators: spaces and tabs inside the run do not end it, anything else does", () => {
    expect(run(`${Array(4001).fill("-").join(" ")}1`)).toEqual(
      deep("more than 4000", "operators", 400),
    );
    expect(run(`${Array(4001).fill("-").join("\t")}1`)).toEqual(
      deep("more than 4000", "operators", 400),
    );
    // 200 terms "1 - - 1": runs of two, 200 levels: evaluates (1 + 1 per term).
    expect(run(`1${" - - 1".repeat(199)}`)).toBe(200);
  });
});

/** Depth of a parsed tree by recursion over mathjs's own list of children (an independent count). */
function recursiveDepth(n: MathNode): number {
  let m = 0;
  n.forEach((c) => {
    m = Math.max(m, recursiveDepth(c));
  });
  return 1 + m;
}

describe("treeDepth", () => {
  it("counts every kind of child: parentheses, the parts of a conditional, accessors, ranges, arrays, objects, blocks, calls and definitions", () => {
    const exprs: [string, number][] = [
      ["1", 1],
      ["1+2", 2],
      ["(1)", 2],
      ["(a) ? b : c", 3],
      ["a ? (b) : c", 3],
      ["a ? b : (c)", 3],
      ["a.b", 3],
      ["((a)).b", 4],
      ["a[(1)]", 4],
      ["f(x) = (x)", 3],
      ["[1, (2)]", 3],
      ["(1):2:3", 3],
      ["1:(2):3", 3],
      ["1:2:(3)", 3],
      ["{a: (1)}", 3],
      ["a; (b)", 3],
      ["abs(1)", 2],
      ["max(1, (2))", 3],
      ["(1) < 2 < 3", 3],
      ["-(1)", 3],
    ];
    for (const [e, d] of exprs) {
      const tree = parseExpression(e);
      expect([e, treeDepth(tree, 400)]).toEqual([e, d]);
      expect([e, recursiveDepth(tree)]).toEqual([e, d]);
    }
  });

  it("stops counting just past the limit", () => {
    const tree = parseExpression(`1${"+1".repeat(9)}`);
    expect(treeDepth(tree, 400)).toBe(10);
    expect(treeDepth(tree, 10)).toBe(10);
    expect(treeDepth(tree, 9)).toBe(10);
    expect(treeDepth(tree, 3)).toBe(4);
  });

  it("skips missing block entries and values that are not nodes", () => {
    expect(treeDepth({ blocks: [{ node: { args: [{}] } }, undefined] }, 10)).toBe(3);
    expect(treeDepth({ properties: { a: {}, b: { content: {} } } }, 10)).toBe(3);
    expect(treeDepth(null, 10)).toBe(0);
    expect(treeDepth({ fn: "add", args: [{}] }, 10)).toBe(2);
  });
});

describe("results that are not a finite number", () => {
  it("Infinity, -Infinity and NaN say which, with the value", () => {
    expect(run("1/0")).toEqual([
      "VALUE",
      "formula.resultInfinite",
      "result is Infinity (division by zero?), not a finite number",
    ]);
    expect(run("-1/0")).toEqual([
      "VALUE",
      "formula.resultInfinite",
      "result is -Infinity (division by zero?), not a finite number",
    ]);
    expect(run("0/0")).toEqual([
      "VALUE",
      "formula.resultNaN",
      "result is NaN (e.g. 0/0 or sqrt of a negative number), not a finite number",
    ]);
  });

  it("true and false ask for c ? a : b; other types name the type", () => {
    expect(run("1 < 2")).toEqual([
      "VALUE",
      "formula.resultBoolean",
      "result is true, not a number (use c ? a : b)",
    ]);
    expect(run("1 > 2")).toEqual([
      "VALUE",
      "formula.resultBoolean",
      "result is false, not a number (use c ? a : b)",
    ]);
    expect(numericResult("x")).toMatchObject({
      ok: false,
      kind: "VALUE",
      message: "result is not a number (string)",
    });
    expect(numericResult(undefined)).toMatchObject({
      ok: false,
      kind: "VALUE",
      message: "result is not a number (undefined)",
    });
    expect(numericResult(-0.5)).toEqual({ ok: true, value: -0.5 });
    expect(numericResult(0)).toEqual({ ok: true, value: 0 });
  });

  it("an error mathjs throws while evaluating is a VALUE error in mathjs's words", () => {
    expect(run("max()")).toEqual([
      "VALUE",
      "formula.evaluation",
      "Too few arguments in function max (expected: any, index: 0)",
    ]);
  });
});

describe("parse errors and names", () => {
  it("empty and blank formulas, and syntax errors with the parser's detail", () => {
    expect(run("")).toEqual(["PARSE", "formula.empty", "empty formula after ="]);
    expect(run(" \t ")).toEqual(["PARSE", "formula.empty", "empty formula after ="]);
    expect(run("1 2")).toEqual([
      "PARSE",
      "formula.syntax",
      'syntax error: Unexpected part "2" (char 3)',
    ]);
  });

  it("the first name without a value is the NAME error; with every value the formula evaluates", () => {
    expect(run("a + b * c", { a: 1, c: 3 })).toEqual([
      "NAME",
      "formula.unknownName",
      "unknown name `b`",
    ]);
    expect(run("a + b * c", { a: 1, b: 2, c: 3 })).toBe(7);
    expect(run("a - a", { a: 0 })).toBe(0);
  });

  it("keeps the expression and the names in order of first use", () => {
    const c = compileFormula("b * a + b");
    expect(c.ok && [c.expression, c.names]).toEqual(["b * a + b", ["b", "a"]]);
  });
});

describe("numeric strings", () => {
  it("reads digits with thousands groups, a fraction, an exponent and a sign, trimmed", () => {
    const cases: [string, number | null][] = [
      ["20", 20],
      [" 7 ", 7],
      ["1,500", 1500],
      ["12,345,678.5", 12_345_678.5],
      ["999,999", 999_999],
      [".5", 0.5],
      ["+5", 5],
      ["-0.25", -0.25],
      ["1e3", 1000],
      ["1E+3", 1000],
      ["2.5e-1", 0.25],
      ["-1,000", -1000],
    ];
    for (const [t, v] of cases) expect([t, readNumericString(t)]).toEqual([t, v]);
  });

  it("refuses wrong groups, bare signs and dots, words, an exponent alone, and overflow", () => {
    for (const t of [
      "",
      " ",
      "1,50",
      "1234,567",
      "1,5000",
      ",500",
      "5.",
      ".",
      "-",
      "+",
      "e5",
      "1e",
      "1e999",
      "12abc",
      "abc1",
      "1 000",
      "1.2.3",
      "0x10",
    ]) {
      expect([t, readNumericString(t)]).toEqual([t, null]);
    }
  });
});

describe("raw plan values", () => {
  it("numbers, numeric strings and formulas (trimmed, the text after =)", () => {
    expect(readRaw(-3.5)).toEqual({ kind: "number", value: -3.5 });
    expect(readRaw(" 1,500 ")).toEqual({ kind: "number", value: 1500 });
    expect(readRaw("  =a + 1  ")).toEqual({ kind: "formula", expression: "a + 1" });
    expect(readRaw("= a")).toEqual({ kind: "formula", expression: " a" });
    expect(readRaw("=")).toEqual({ kind: "formula", expression: "" });
  });

  it("non-finite numbers, text and other types, with their whole messages", () => {
    const msg = (raw: unknown) => {
      const r = readRaw(raw);
      return r.kind === "invalid" ? [r.problem.code, r.message] : r;
    };
    expect(msg(Number.POSITIVE_INFINITY)).toEqual([
      "formula.notFinite",
      "Infinity is not a finite number",
    ]);
    expect(msg(Number.NaN)).toEqual(["formula.notFinite", "NaN is not a finite number"]);
    expect(msg(" four ")).toEqual([
      "formula.textValue",
      '" four " is not a number (formulas start with =)',
    ]);
    expect(msg(null)).toEqual([
      "formula.notNumberOrFormula",
      "expected a number or a formula string starting with =, got null",
    ]);
    expect(msg([1])).toEqual([
      "formula.notNumberOrFormula",
      "expected a number or a formula string starting with =, got an array",
    ]);
    expect(msg(true)).toEqual([
      "formula.notNumberOrFormula",
      "expected a number or a formula string starting with =, got boolean",
    ]);
    expect(msg({})).toEqual([
      "formula.notNumberOrFormula",
      "expected a number or a formula string starting with =, got object",
    ]);
    expect(msg(undefined)).toEqual([
      "formula.notNumberOrFormula",
      "expected a number or a formula string starting with =, got undefined",
    ]);
  });
});
