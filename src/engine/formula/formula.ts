/**
 * One formula: parse with the restricted instance, check against the whitelist, compile, and
 * evaluate to a finite number (docs/plan-file.md). Errors are values, never exceptions.
 */
import { formulaMessages as F } from "./messages";
import type { Problem } from "../base/problems";

/** A formula problem, in the cell that causes it (docs/plan-file.md). */
export interface FormulaError {
  /** Path of the field or cell, e.g. `skus[1].pricePerGpuHour` or `cells.peak`. */
  path: string;
  /** `CYCLE` (cyclic reference), `NAME` (unknown name), `VALUE` (not a finite number), `PARSE` (syntax), `FORBIDDEN` (function not allowed). */
  kind: "CYCLE" | "NAME" | "VALUE" | "PARSE" | "FORBIDDEN";
  message: string;
  /** Members of the cycle, for `CYCLE`. */
  cycle?: string[];
  /** The value is outside the field's range (plan-fields.ts), for `VALUE`: a formula yielding a negative peak RPS. */
  outOfRange?: true;
  /** The error as a value (code `formula.*`, docs/problems.md); `message` is its English. */
  problem?: Problem;
}
import type { MathNode } from "mathjs";
import { checkFormulaTree } from "./check";
import { formulaEngineLoaded, parseExpression } from "./math";

/** Error kind, message and the problem it is the English of (code `formula.*`), without the path (the sheet adds it). */
export type FormulaProblem = { kind: FormulaError["kind"]; message: string; problem: Problem };

/** A {@link FormulaProblem} of `kind` from a problem. */
export function formulaProblem(kind: FormulaError["kind"], problem: Problem): FormulaProblem {
  return { kind, message: F.en(problem), problem };
}

/** Outcome of an evaluation: a finite number, or a problem. */
export type EvalResult = { ok: true; value: number } | ({ ok: false } & FormulaProblem);

/** A checked, compiled formula: the names it reads and an evaluator over their values. */
export interface CompiledFormula {
  ok: true;
  /** The expression without the leading `=`. */
  expression: string;
  /** Cell names the formula reads, in order of first use. */
  names: string[];
  evaluate(scope: ReadonlyMap<string, number>): EvalResult;
  /**
   * The expression as the parser reads it, with each name it reads written as `text(name, inCall)`
   * gives it (a name for which `text` gives undefined stays): `peak * 0.8` → `50 * 0.8`.
   * `inCall` is true inside the arguments of a function call, where a "," is the arguments' separator
   * (write `max(1500, 2)`, not `max(1,500, 2)`). See {@link writtenWith}.
   */
  written(text: (name: string, inCall: boolean) => string | undefined): string;
}

/** Longest formula accepted, in characters (docs/security.md). */
export const MAX_FORMULA_LENGTH = 10_000;

/**
 * Deepest formula accepted: levels of the parsed expression (`1+1+…+1` with 600 terms is 600
 * levels). The parser, the whitelist check and the compiled evaluator recurse once per level;
 * past this a formula is refused with a plain message instead of exhausting the stack
 * (docs/security.md).
 */
export const MAX_FORMULA_DEPTH = 400;

/** Deepest nesting of brackets and function calls accepted (a call costs the parser most). */
export const MAX_BRACKET_DEPTH = 100;

/** Deepest bracket nesting of `text` (round, square and curly brackets), in one linear scan. */
export function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (const c of text) {
    if (c === "(" || c === "[" || c === "{") max = Math.max(max, ++depth);
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
  }
  return max;
}

/** Longest run of prefix operators (`- - - 1`, `not not x`): each is one level of the parser. */
function unaryRun(text: string): number {
  let max = 0;
  let run = 0;
  for (const c of text) {
    if (c === "-" || c === "+") run++;
    else if (c !== " " && c !== "\t") run = 0;
    max = Math.max(max, run);
  }
  return max;
}

interface TreeNode {
  args?: TreeNode[];
  content?: TreeNode;
  condition?: TreeNode;
  trueExpr?: TreeNode;
  falseExpr?: TreeNode;
  params?: TreeNode[];
  fn?: unknown;
  object?: TreeNode;
  index?: TreeNode;
  value?: unknown;
  expr?: TreeNode;
  items?: TreeNode[];
  blocks?: { node: TreeNode }[];
  properties?: Record<string, TreeNode>;
  dimensions?: TreeNode[];
  start?: TreeNode;
  end?: TreeNode;
  step?: TreeNode;
}

/** Depth of a parsed tree, without recursion (an explicit stack). Stops counting past `limit`. */
export function treeDepth(root: unknown, limit: number): number {
  let max = 0;
  const stack: [TreeNode, number][] = [[root as TreeNode, 1]];
  while (stack.length > 0) {
    const [n, d] = stack.pop()!;
    if (!n || typeof n !== "object") continue;
    max = Math.max(max, d);
    if (max > limit) return max;
    // Every possible child is pushed; what is not a node (absent, a function name) is skipped when popped.
    const kids: unknown[] = [
      n.content,
      n.condition,
      n.trueExpr,
      n.falseExpr,
      n.object,
      n.index,
      n.expr,
      n.start,
      n.end,
      n.step,
      n.fn,
    ];
    for (const a of [n.args, n.params, n.items, n.dimensions])
      if (Array.isArray(a)) kids.push(...a);
    if (Array.isArray(n.blocks)) for (const b of n.blocks) kids.push(b?.node);
    if (n.properties) kids.push(...Object.values(n.properties));
    for (const kid of kids) stack.push([kid as TreeNode, d + 1]);
  }
  return max;
}

/** The message of a formula over the depth limit. */
function tooDeep(depth: number): FormulaProblem {
  const more = depth > MAX_FORMULA_DEPTH * 10;
  return formulaProblem(
    "PARSE",
    F.problem("tooDeep", {
      levels: more ? MAX_FORMULA_DEPTH * 10 : depth,
      more,
      limit: MAX_FORMULA_DEPTH,
      what: "operators",
    }),
  );
}

/** A stack overflow or out-of-memory inside mathjs, as a plain message. */
function resourceProblem(e: unknown): Problem | null {
  if (e instanceof RangeError) return F.problem("tooComplex", {});
  return null;
}

/** An error thrown while evaluating: a disabled function, else mathjs's own words. */
function evaluationProblem(e: unknown): Problem {
  const text = e instanceof Error ? e.message : String(e);
  const disabled = /^(\w+) is disabled in formulas$/.exec(text);
  if (!disabled) return F.problem("evaluation", { detail: text });
  return F.problem("disabled", { name: disabled[1]! });
}

interface Evaluable {
  evaluate(scope: Map<string, number>): unknown;
}

/** Check that an evaluation result is a finite number (docs/plan-file.md: non-numeric results are errors). */
export function numericResult(value: unknown): EvalResult {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return { ok: true, value };
    return {
      ok: false,
      ...formulaProblem(
        "VALUE",
        Number.isNaN(value)
          ? F.problem("resultNaN", {})
          : F.problem("resultInfinite", { value: String(value) }),
      ),
    };
  }
  if (typeof value === "boolean")
    return { ok: false, ...formulaProblem("VALUE", F.problem("resultBoolean", { value })) };
  return { ok: false, ...formulaProblem("VALUE", F.problem("resultType", { type: typeof value })) };
}

/** Compile a formula expression (without the leading `=`). */
export function compileFormula(
  expression: string,
): CompiledFormula | ({ ok: false } & FormulaProblem) {
  if (expression.trim() === "")
    return { ok: false, ...formulaProblem("PARSE", F.problem("empty", {})) };
  if (expression.length > MAX_FORMULA_LENGTH) {
    return {
      ok: false,
      ...formulaProblem(
        "PARSE",
        F.problem("tooLong", { length: expression.length, limit: MAX_FORMULA_LENGTH }),
      ),
    };
  }
  const brackets = bracketDepth(expression);
  if (brackets > MAX_BRACKET_DEPTH) {
    return {
      ok: false,
      ...formulaProblem(
        "PARSE",
        F.problem("tooDeep", {
          levels: brackets,
          more: false,
          limit: MAX_BRACKET_DEPTH,
          what: "brackets",
        }),
      ),
    };
  }
  const unary = unaryRun(expression);
  if (unary > MAX_FORMULA_DEPTH) return { ok: false, ...tooDeep(unary) };
  // Only in the app, before its lazy mathjs chunk arrived (src/engine/formula/math.ts).
  if (!formulaEngineLoaded())
    return { ok: false, ...formulaProblem("PARSE", F.problem("engineNotLoaded", {})) };
  let tree;
  try {
    tree = parseExpression(expression);
  } catch (e) {
    return {
      ok: false,
      ...formulaProblem(
        "PARSE",
        resourceProblem(e) ??
          F.problem("syntax", { detail: e instanceof Error ? e.message : String(e) }),
      ),
    };
  }
  const depth = treeDepth(tree, MAX_FORMULA_DEPTH);
  if (depth > MAX_FORMULA_DEPTH) return { ok: false, ...tooDeep(depth) };
  const checked = checkFormulaTree(tree);
  if (!checked.ok)
    return { ok: false, kind: checked.kind, message: checked.message, problem: checked.problem };
  let code: Evaluable;
  try {
    code = tree.compile() as Evaluable;
  } catch (e) {
    return {
      ok: false,
      ...formulaProblem(
        "PARSE",
        resourceProblem(e) ??
          F.problem("compile", { detail: e instanceof Error ? e.message : String(e) }),
      ),
    };
  }
  return {
    ok: true,
    expression,
    names: checked.names,
    evaluate(scope) {
      const vars = new Map<string, number>();
      for (const name of checked.names) {
        const v = scope.get(name);
        if (v === undefined)
          return { ok: false, ...formulaProblem("NAME", F.problem("unknownName", { name })) };
        vars.set(name, v);
      }
      try {
        return numericResult(code.evaluate(vars));
      } catch (e) {
        return {
          ok: false,
          ...formulaProblem("VALUE", resourceProblem(e) ?? evaluationProblem(e)),
        };
      }
    },
    written: (text) => writtenWith(tree, text),
  };
}

/**
 * A checked tree written out with each name it reads as `text(name)` gives it. Names are read
 * from the tree, not the text: a called function (`max(a, 2)`), a name inside a string, and the
 * implicit multiplication of `2a` (written `2 * a`) follow the parser's rules. A value written
 * with a minus inside an operation is bracketed, so `a ^ 2` with a = -3 reads `(-3) ^ 2`.
 */
function writtenWith(
  tree: MathNode,
  text: (name: string, inCall: boolean) => string | undefined,
): string {
  // Every node inside a function call's arguments (`a` of `max(a + 1, 2)`).
  const called = new Set<MathNode>();
  tree.traverse((node) => {
    if (node.type === "FunctionNode")
      for (const arg of (node as MathNode & { args: MathNode[] }).args)
        arg.traverse((n) => called.add(n));
  });
  const names = new Map<MathNode, string>();
  tree.traverse((node, path, parent) => {
    // A function's own name (`max` of `max(a, 2)`) is the node's `fn`: not a value.
    if (node.type !== "SymbolNode" || path === "fn") return;
    const t = text((node as MathNode & { name: string }).name, called.has(node));
    if (t === undefined) return;
    const operand = parent !== null && OPERATIONS.has(parent.type);
    names.set(node, operand && t.startsWith("-") ? `(${t})` : t);
  });
  return tree.toString({ implicit: "show", handler: (node: MathNode) => names.get(node) });
}

/** Nodes whose operands a leading minus could be read into. */
const OPERATIONS = new Set(["OperatorNode", "RelationalNode", "ConditionalNode"]);

/** Compiled formulas by expression text (a pure function of the text; bounded). */
const COMPILED = new Map<string, ReturnType<typeof compileFormula>>();
const COMPILED_MAX = 20_000;

/**
 * {@link compileFormula}, cached by the expression's text: how the sheet reads a formula and the
 * names it depends on, and how lineage (src/engine/plan/lineage.ts) finds the cells a formula
 * reads. Before the formula engine is loaded the answer (a problem) is not kept.
 */
export function compiledFormula(expression: string): ReturnType<typeof compileFormula> {
  if (!formulaEngineLoaded()) return compileFormula(expression);
  let c = COMPILED.get(expression);
  if (c === undefined) {
    if (COMPILED.size >= COMPILED_MAX) COMPILED.clear();
    c = compileFormula(expression);
    COMPILED.set(expression, c);
  }
  return c;
}

/** How a raw plan value reads: a number, a formula (text after `=`), or not a number. */
export type RawReading =
  | { kind: "number"; value: number }
  | { kind: "formula"; expression: string }
  | { kind: "invalid"; message: string; problem: Problem };

const NUMERIC = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Read a numeric string such as "20", "1,500", "1e7" or "-0.5"; null when it is not one. */
export function readNumericString(text: string): number | null {
  const t = text.trim();
  // "" matches the pattern (every part is optional) but is no number; "+" and "-" alone give NaN below.
  if (t === "" || !NUMERIC.test(t)) return null;
  const v = Number(t.replace(/,/g, ""));
  return Number.isFinite(v) ? v : null;
}

/** Classify a raw plan value (docs/plan-file.md: a number, or a formula string starting with `=`). */
export function readRaw(raw: unknown): RawReading {
  if (typeof raw === "number") {
    return Number.isFinite(raw)
      ? { kind: "number", value: raw }
      : invalid(F.problem("notFinite", { value: String(raw) }));
  }
  if (typeof raw === "string") {
    const t = raw.trim();
    if (t.startsWith("=")) return { kind: "formula", expression: t.slice(1) };
    const v = readNumericString(t);
    if (v !== null) return { kind: "number", value: v };
    return invalid(F.problem("textValue", { text: JSON.stringify(raw) }));
  }
  const got = raw === null ? "null" : Array.isArray(raw) ? "an array" : typeof raw;
  return invalid(F.problem("notNumberOrFormula", { got }));
}

function invalid(problem: Problem): RawReading {
  return { kind: "invalid", message: F.en(problem), problem };
}
