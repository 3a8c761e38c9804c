/**
 * The whitelist check of a parsed formula (src/engine/formula/check.ts): each refused construct with
 * its kind, code and whole English message, the 40-character cut of a quoted expression, every
 * allowed operator and comparison passing, and trees no parser makes (issue #15, docs/mutation-testing.md).
 */
import type { MathNode } from "mathjs";
import { describe, expect, it } from "vitest";
import { checkFormulaTree } from "../../../src/engine/formula/check";
import { compileFormula } from "../../../src/engine/formula/formula";
import { parseExpression } from "../../../src/engine/formula/math";
import { words } from "../../words";

const ALLOWED = "abs, ceil, exp, floor, log, log10, max, mean, min, mod, round, sqrt, sum";

/** "KIND code: message" of a refused formula, or the names it reads. */
function check(expr: string): string | string[] {
  const c = checkFormulaTree(parseExpression(expr));
  return c.ok ? c.names : `${c.kind} ${c.problem.code}: ${c.message}`;
}

describe("constructs that pass", () => {
  it("every allowed operator, comparison, and/or/not, parentheses and the conditional, with the names read once each in order", () => {
    expect(check("a + b - c * d / e ^ f mod g")).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    expect(check("-a + +b")).toEqual(["a", "b"]);
    expect(check("a == b and c != d or not (e < f)")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(check("a <= b ? c >= d : e > f")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(check("a < b < c")).toEqual(["a", "b", "c"]);
    expect(check("max(b, a, b) + true")).toEqual(["b", "a"]);
    expect(check("1 + 2.5")).toEqual([]);
  });

  it("the allowed functions are called, each is refused as a bare name", () => {
    for (const f of ALLOWED.split(", ")) {
      expect(check(`${f}(x)`)).toEqual(["x"]);
      expect(check(f)).toEqual(
        `FORBIDDEN formula.isFunction: \`${f}\` is a function: call it as ${f}(…)`,
      );
    }
  });
});

describe("refused constructs, with their whole message", () => {
  it("text and other constants that are not numbers are VALUE errors", () => {
    expect(check('"abc"')).toEqual('VALUE formula.textNotNumber: text ("abc") is not a number');
    expect(check("1 + 'x'")).toEqual('VALUE formula.textNotNumber: text ("x") is not a number');
    expect(check("null")).toEqual("VALUE formula.constantNotNumber: `null` is not a number");
    expect(check("undefined")).toEqual(
      "VALUE formula.constantNotNumber: `undefined` is not a number",
    );
  });

  it("code-reaching names, called or not, are refused with the list of allowed functions", () => {
    for (const name of words(
      "import evaluate parse compile simplify derivative resolve reviver createUnit typed config",
    )) {
      const want = `FORBIDDEN formula.functionNotAllowed: \`${name}\` is not allowed in formulas; allowed functions: ${ALLOWED}`;
      expect(check(`${name}(1)`)).toEqual(want);
    }
    expect(check("evaluate + 1")).toEqual(
      `FORBIDDEN formula.functionNotAllowed: \`evaluate\` is not allowed in formulas; allowed functions: ${ALLOWED}`,
    );
    expect(check("f(1)(2)")).toEqual(
      `FORBIDDEN formula.functionNotAllowed: \`f\` is not allowed in formulas; allowed functions: ${ALLOWED}`,
    );
  });

  it("operators outside the list name the operator and its function", () => {
    const op = (o: string, fn: string) =>
      `FORBIDDEN formula.operatorNotAllowed: operator \`${o}\` (${fn}) is not allowed in formulas; use + - * / ^ mod, comparisons and ? :`;
    expect(check("3!")).toEqual(op("!", "factorial"));
    expect(check("a & b")).toEqual(op("&", "bitAnd"));
    expect(check("a xor b")).toEqual(op("xor", "xor"));
    expect(check("a << 1")).toEqual(op("<<", "leftShift"));
    expect(check("x'")).toEqual(op("'", "ctranspose"));
    // An argument of an allowed operator is checked too.
    expect(check("1 + (2 & 3)")).toEqual(op("&", "bitAnd"));
    expect(check("-(a | b)")).toEqual(op("|", "bitOr"));
  });

  it("the parts of a conditional, a comparison chain and a call's arguments are checked", () => {
    const imp = `FORBIDDEN formula.functionNotAllowed: \`import\` is not allowed in formulas; allowed functions: ${ALLOWED}`;
    expect(check("import ? 1 : 2")).toEqual(imp);
    expect(check("1 ? import : 2")).toEqual(imp);
    expect(check("1 ? 2 : import")).toEqual(imp);
    expect(check("1 < 2 < import")).toEqual(imp);
    expect(check("max(1, import)")).toEqual(imp);
    expect(check("(import)")).toEqual(imp);
  });

  it("calling something that is not a name, access, assignment, definition, matrices, ranges, objects, several expressions", () => {
    expect(check("a[1](2)")).toEqual(
      `FORBIDDEN formula.callNotAllowed: calling \`a[1](2)\` is not allowed in formulas; allowed functions: ${ALLOWED}`,
    );
    expect(check("a.b")).toEqual(
      "FORBIDDEN formula.accessNotAllowed: property or index access (`a.b`) is not allowed in formulas",
    );
    expect(check("a[1]")).toEqual(
      "FORBIDDEN formula.accessNotAllowed: property or index access (`a[1]`) is not allowed in formulas",
    );
    expect(check("x = 1")).toEqual(
      "FORBIDDEN formula.assignmentNotAllowed: assignment (`x = 1`) is not allowed in formulas; edit the cell instead",
    );
    expect(check("f(x) = x")).toEqual(
      "FORBIDDEN formula.definitionNotAllowed: defining a function (`f(x) = x`) is not allowed in formulas",
    );
    expect(check("[1,2]")).toEqual(
      "FORBIDDEN formula.matrixNotAllowed: matrices and ranges (`[1, 2]`) are not allowed in formulas",
    );
    expect(check("1:3")).toEqual(
      "FORBIDDEN formula.matrixNotAllowed: matrices and ranges (`1:3`) are not allowed in formulas",
    );
    expect(check("{a: 1}")).toEqual(
      'FORBIDDEN formula.objectNotAllowed: objects (`{"a": 1}`) are not allowed in formulas',
    );
    expect(check("a; b")).toEqual(
      "FORBIDDEN formula.oneExpression: a formula is one expression: `;` and line breaks are not allowed",
    );
    expect(check("a\nb")).toEqual(
      "FORBIDDEN formula.oneExpression: a formula is one expression: `;` and line breaks are not allowed",
    );
  });

  it("a quoted expression of 40 characters is shown whole, one of 41 is cut to 37 and …", () => {
    const name37 = "abcdefghijklmnopqrstuvwxyzabcdefghijk";
    expect(`${name37}[1]`).toHaveLength(40);
    expect(check(`${name37}[1]`)).toEqual(
      `FORBIDDEN formula.accessNotAllowed: property or index access (\`${name37}[1]\`) is not allowed in formulas`,
    );
    expect(check(`${name37}x[1]`)).toEqual(
      `FORBIDDEN formula.accessNotAllowed: property or index access (\`${name37}…\`) is not allowed in formulas`,
    );
  });
});

describe("trees no parser makes (checkFormulaTree is exported)", () => {
  const node = (n: Record<string, unknown>) =>
    ({ toString: () => "?", ...n }) as unknown as MathNode;

  it("an unknown node type is refused by its type; a comparison outside the list by its name", () => {
    const r = checkFormulaTree(node({ type: "WeirdNode" }));
    expect(r).toEqual({
      ok: false,
      kind: "FORBIDDEN",
      message: "WeirdNode is not allowed in formulas",
      problem: expect.objectContaining({ code: "formula.nodeNotAllowed" }),
    });
    // An index outside an accessor (the parser only makes one inside) is refused like one inside.
    expect(checkFormulaTree(node({ type: "IndexNode", toString: () => "[1]" }))).toMatchObject({
      ok: false,
      kind: "FORBIDDEN",
      message: "property or index access (`[1]`) is not allowed in formulas",
    });
    const rel = checkFormulaTree(
      node({ type: "RelationalNode", conditionals: ["compare"], params: [] }),
    );
    expect(rel).toMatchObject({
      ok: false,
      kind: "FORBIDDEN",
      message: "comparison `compare` is not allowed",
    });
  });

  it("an operator without op is named by its function; nodes without children pass", () => {
    expect(checkFormulaTree(node({ type: "OperatorNode", fn: "bitNot" }))).toMatchObject({
      ok: false,
      message:
        "operator `bitNot` (bitNot) is not allowed in formulas; use + - * / ^ mod, comparisons and ? :",
    });
    expect(checkFormulaTree(node({ type: "OperatorNode", fn: "add" }))).toEqual({
      ok: true,
      names: [],
    });
    expect(checkFormulaTree(node({ type: "RelationalNode" }))).toEqual({ ok: true, names: [] });
    expect(checkFormulaTree(node({ type: "ParenthesisNode" }))).toEqual({ ok: true, names: [] });
    expect(checkFormulaTree(node({ type: "ConditionalNode" }))).toEqual({ ok: true, names: [] });
    expect(
      checkFormulaTree(node({ type: "FunctionNode", fn: { type: "SymbolNode", name: "abs" } })),
    ).toEqual({ ok: true, names: [] });
  });

  it("a call of nothing is refused as a call; an error inside the walk is a plain FORBIDDEN", () => {
    expect(checkFormulaTree(node({ type: "FunctionNode", toString: () => "g()" }))).toMatchObject({
      ok: false,
      kind: "FORBIDDEN",
      message: `calling \`g()\` is not allowed in formulas; allowed functions: ${ALLOWED}`,
    });
    const throwing = {
      type: "SymbolNode",
      toString: () => "?",
      get name(): string {
        throw new Error("boom");
      },
    } as unknown as MathNode;
    expect(checkFormulaTree(throwing)).toEqual({
      ok: false,
      kind: "FORBIDDEN",
      message: "formula could not be checked: Error: boom",
      problem: expect.objectContaining({ code: "formula.notChecked" }),
    });
  });
});

describe("through compileFormula", () => {
  it("a refusal keeps its kind and message", () => {
    expect(compileFormula('"abc"')).toMatchObject({
      ok: false,
      kind: "VALUE",
      message: 'text ("abc") is not a number',
    });
    expect(compileFormula("a.b")).toMatchObject({
      ok: false,
      kind: "FORBIDDEN",
      message: "property or index access (`a.b`) is not allowed in formulas",
    });
  });
});
